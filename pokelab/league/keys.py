"""Who holds a league bot's keys: its author's kernel (drawn entry tokens) or, on a hub, the class service (by login).

A league proves a bot is its author's with its **entry token** (only its hash is
stored) and sits the bot at a league table with a **seat token** made from it.
Off a hub (``DrawnKeys``) the entry token is drawn when the bot is entered and
lives in its author's kernel; the seat tokens are derived from it there
(``seats.seat_token``), and a seat bears the bot's name. On a hub
(``HubKeys``) the author is the hub login: the class service derives the entry
token from its key for that login (``ClassSecrets.entry_token``), and the bot
sits as its author's login with the hub's own seat token for that login and
table (``ClassSecrets.seat_token``), so the hub's doors let the login — and only
it — play that seat (``pokelab.tables.hub_doors``).

>>> DrawnKeys().seat_name("Dodo"), len(DrawnKeys().new_entry_token("dodo"))
('Dodo', 10)
>>> from pokelab.hub.secrets import ClassSecrets
>>> keys = HubKeys(ClassSecrets(b"k" * 32), "mei", "ABCDEF")
>>> keys.seat_name("Dodo"), keys.new_entry_token("dodo") == keys.entry_token("dodo")
('mei', True)
>>> HubKeys(ClassSecrets(b"k" * 32), "", "ABCDEF")
Traceback (most recent call last):
...
ValueError: a hub login is needed for a hub's league keys
"""

from __future__ import annotations

import secrets
from typing import Any

from pokelab.classroom import JOIN_ALPHABET, digest

__all__ = ["ENTRY_ALPHABET", "ENTRY_TOKEN_LENGTH", "SEAT_TOKEN_LENGTH", "DrawnKeys", "HubKeys"]

ENTRY_TOKEN_LENGTH = 10
ENTRY_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
#: Letters of a league seat's token derived from the entry token (``DrawnKeys.seat_token``).
SEAT_TOKEN_LENGTH = 12


class DrawnKeys:
    """Off a hub: entry tokens drawn at random, seat tokens derived from them, seats named by the bots."""

    def new_entry_token(self, name_key: str) -> str:
        """A new entry's token, drawn (its author's kernel keeps it; the league keeps its hash)."""
        return "".join(secrets.choice(ENTRY_ALPHABET) for _ in range(ENTRY_TOKEN_LENGTH))

    def entry_token(self, name_key: str) -> str | None:
        """The entry token these keys know without being told: none (the author's kernel passes it)."""
        return None

    def seat_token(self, league_code: str, game_id: int, seat: int, table_code: str, entry_token: str) -> str:
        """The seat token of an entry at seat ``seat`` of league game ``game_id``, derived from its entry token."""
        number = int(digest("league seat token", f"{league_code}:{int(game_id)}:{int(seat)}:{entry_token}"), 16)
        letters = []
        for _letter in range(SEAT_TOKEN_LENGTH):
            number, pick = divmod(number, len(JOIN_ALPHABET))
            letters.append(JOIN_ALPHABET[pick])
        return "".join(letters)

    def seat_name(self, bot_name: str) -> str:
        """The name the bot's seat bears at its league tables: the bot's."""
        return bot_name


class HubKeys:
    """On a hub, for the login ``user``: the class service's derived entry tokens, the hub's seat tokens, the login's name."""

    def __init__(self, class_secrets: Any, user: str, league_code: str) -> None:
        if not user:
            raise ValueError("a hub login is needed for a hub's league keys")  # a programming error
        self._secrets, self.user, self.league_code = class_secrets, user, league_code

    def new_entry_token(self, name_key: str) -> str:
        """The login's entry token for the bot ``name_key`` (the same every time: the service derives it)."""
        return self._secrets.entry_token(self.league_code, self.user, name_key)

    def entry_token(self, name_key: str) -> str:
        """The login's entry token for ``name_key``: a bot another login entered does not open with it."""
        return self.new_entry_token(name_key)

    def seat_token(self, league_code: str, game_id: int, seat: int, table_code: str, entry_token: str) -> str:
        """The hub's seat token of this login at ``table_code`` (what the hub's doors check)."""
        return self._secrets.seat_token(table_code, self.user)

    def seat_name(self, bot_name: str) -> str:
        """The name the bot's seat bears: its author's login (the hub's doors know a seat by its login)."""
        return self.user
