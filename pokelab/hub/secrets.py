"""The class service's own key, and the join codes, teacher keys and seat tokens it derives from it for hub users.

Under a hub nobody types a join code, a teacher key or a seat token: the hub
says who a request comes from (``pokelab.hub.identity``) and the class service
(the only holder of the class database) answers for them with secrets it
derives from its key (HMAC-SHA-256), so the kit's own checks of codes, keys and
tokens run unchanged. The key is a file only the service reads
(``deploy/jupyterhub/jupyterhub_config.py`` makes it beside the hub's cookie
secret); a new key gives every hub class new secrets, so keep it with the class
database's backups.

>>> keys = ClassSecrets(b"k" * 32)
>>> keys.join_code("7b"), keys.join_code("7b") == ClassSecrets(b"k" * 32).join_code("7b")
('...', True)
>>> len(keys.join_code("7b")), keys.teacher_key("7b").count("-"), len(keys.seat_token("ABCDEF", "mei"))
(6, 3, 6)
>>> keys.seat_token("ABCDEF", "mei") != keys.seat_token("ABCDEF", "ash")
True
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from pathlib import Path

from pokelab.classroom import JOIN_ALPHABET
from pokelab.classroom.rounds import ClassroomError
from pokelab.words import _

__all__ = ["KEY_BYTES", "ClassSecrets", "load_key", "make_key_file"]

#: The length of the service's key (random bytes).
KEY_BYTES = 32


class ClassSecrets:
    """The secrets the class service derives from ``key`` for hub classes and hub users."""

    def __init__(self, key: bytes) -> None:
        if not isinstance(key, bytes) or len(key) < 16:
            raise ValueError("the class service's key is at least 16 bytes")  # a programming error
        self._key = key

    def _letters(self, purpose: str, subject: str, count: int) -> str:
        mac = hmac.new(self._key, f"{purpose}\0{subject}".encode(), hashlib.sha256).digest()
        number = int.from_bytes(mac, "big")
        letters = []
        for _i in range(count):  # 256 bits, 5 per letter of a 32-letter alphabet: up to 51 letters
            number, index = divmod(number, len(JOIN_ALPHABET))
            letters.append(JOIN_ALPHABET[index])
        return "".join(letters)

    def join_code(self, class_name: str) -> str:
        """The join code of the hub class ``class_name`` (6 letters, as a drawn one)."""
        return self._letters("join", class_name, 6)

    def teacher_key(self, class_name: str) -> str:
        """The teacher key of the hub class ``class_name`` (XXXX-XXXX-XXXX-XXXX)."""
        letters = self._letters("teacher", class_name, 16)
        return "-".join(letters[i:i + 4] for i in range(0, 16, 4))

    def seat_token(self, table_code: str, user: str) -> str:
        """The seat token of hub user ``user`` at table ``table_code`` (one per user and table)."""
        return self._letters("seat", f"{table_code.upper()}\0{user}", 6)

    def entry_token(self, league_code: str, user: str, name_key: str) -> str:
        """The entry token of hub user ``user``'s league bot ``name_key`` in league ``league_code`` (10 letters).

        Only the class service can make it, so on a hub a bot is its author's by login alone.

        >>> s = ClassSecrets(b"k" * 32)
        >>> s.entry_token("ABCDEF", "mei", "dodo") == s.entry_token("abcdef", "mei", "dodo") != s.entry_token("ABCDEF", "ash", "dodo")
        True
        """
        return self._letters("league entry", f"{league_code.upper()}\0{user}\0{name_key}", 10)


def load_key(path: str | os.PathLike[str]) -> bytes:
    """The key in the file at ``path`` (hex, as ``make_key_file`` writes it); a ``ClassroomError`` if it is not one.

    >>> load_key("/nonexistent/pokelab-class-key")
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: the class service's key file /nonexistent/pokelab-class-key cannot be read (...): the hub's configuration makes it
    """
    try:
        text = Path(path).read_text(encoding="ascii").strip()
        key = bytes.fromhex(text)
    except (OSError, ValueError) as err:
        raise ClassroomError(
            _("the class service's key file {path} cannot be read ({why}): the hub's configuration makes it",
              path=str(path), why=type(err).__name__),
        ) from None
    if len(key) < 16:
        raise ClassroomError(
            _("the class service's key file {path} cannot be read ({why}): the hub's configuration makes it",
              path=str(path), why=_("shorter than 16 bytes")),
        )
    return key


def make_key_file(path: str | os.PathLike[str]) -> Path:
    """Write a new random key to ``path`` (readable by its owner only) unless a file is there; the path."""
    target = Path(path)
    if not target.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w", encoding="ascii") as out:
            out.write(secrets.token_hex(KEY_BYTES) + "\n")
    return target
