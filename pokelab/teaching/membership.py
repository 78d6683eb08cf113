"""The class a pupil joined on this computer, kept in owner-only files so the next kernel rejoins by itself.

``pokelab.teaching.classlink`` writes these files when a pupil joins (``join_class``)
and reads them when a later kernel notes its first answer: the class database's
URL, the join code and the pupil's name in ``class.json``, and the pupil's token
in a file of its own per class (never a teacher key). Both live in
``$XDG_DATA_HOME/pokelab/pupils`` (default ``~/.local/share/pokelab/pupils``) and
are created readable by their owner only.

>>> import os, tempfile
>>> before = os.environ.get("XDG_DATA_HOME"); os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp()
>>> remember(Membership("sqlite:///class.db", "K7Q2", "Mei")); remembered()
Membership(url='sqlite:///class.db', code='K7Q2', name='Mei')
>>> oct(membership_file().stat().st_mode & 0o777)
'0o600'
>>> forget(); remembered() is None
True
>>> token_file("sqlite:///class.db", "K7Q2", "\\ud800")
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassroomError: pupil's name: a text holds a lone surrogate (\\ud800-\\udfff), which is no character
>>> os.environ.pop("XDG_DATA_HOME") if before is None else os.environ.update(XDG_DATA_HOME=before)  # doctest: +ELLIPSIS
'...'
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

from pokelab.classroom.access import refuse_surrogates
from pokelab.words import _

__all__ = ["Membership", "forget", "membership_file", "remember", "remembered", "token_file", "write_private"]


@dataclass(frozen=True)
class Membership:
    """The class this computer's pupil joined: enough for a new kernel to rejoin (no teacher secret)."""

    url: str
    code: str
    name: str


def _pupils_dir() -> Path:
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "pokelab" / "pupils"


def token_file(url: str, code: str, name: str) -> Path:
    """Where this computer keeps the pupil's token for this class (so a restarted kernel rejoins).

    A lone surrogate in the code or name is a ``ClassroomError`` (checked before hashing).
    """
    refuse_surrogates(code, _("join code"))
    refuse_surrogates(name, _("pupil's name"))
    digest = hashlib.sha256(f"{url}|{code.upper()}|{name}".encode()).hexdigest()[:24]
    return _pupils_dir() / f"{digest}.token"


def membership_file() -> Path:
    """The file that names the class this computer's pupil joined last (``remember``, ``remembered``)."""
    return _pupils_dir() / "class.json"


def write_private(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` readable by its owner only (created so from the start, not chmod-ed after)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(text)
    path.chmod(0o600)  # an older file keeps its mode through O_CREAT


def remember(membership: Membership) -> None:
    """Keep ``membership`` for the next kernel on this computer (replacing the one kept before)."""
    fields = {"url": membership.url, "code": membership.code, "name": membership.name}
    write_private(membership_file(), json.dumps(fields))


def remembered() -> Membership | None:
    """The class this computer remembers from ``join_class`` (None: none, or the file is unreadable)."""
    try:
        data = json.loads(membership_file().read_text(encoding="utf-8"))
        return Membership(str(data["url"]), str(data["code"]), str(data["name"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def forget() -> None:
    """Forget the class this computer remembers (nothing to forget is not an error)."""
    membership_file().unlink(missing_ok=True)
