"""The class bot league (issue 46): pupils enter bots from their notebooks, the league plays them, the class reads the standings.

A package above the shared tables (``pokelab.tables``): a league's games are
shared tables, its own rows (leagues, entries and their versions, games,
marks) are tables of the class database created through the store's public
doors (``schema.attach``).

- ``League`` (``league``): ``League.create`` (join code + teacher key),
  ``enter`` (a pupil's bot under a name: ``names``), ``add_house``.
- ``Entry`` / ``Runner`` (``runner``): the bot in its author's kernel; a
  thread that plays its moves within the time limit (``moves``) and tells its
  author — only its author — why a default move was played (``marks``).
- ``seats``: a game's seat tokens, derived from the entry token in its
  author's kernel (only their hashes are stored), claimed and listed there.
- ``play_round`` (``schedule``): the teacher's kernel opens the pairings as
  tables, seats swapped, and forfeits a bot whose kernel is away.
- ``standings`` / ``head_to_head`` / ``games`` / ``replay`` / ``record``
  (``reads``, ``standings``): DataFrames with Wilson intervals and a
  Bradley–Terry rating with its uncertainty; a replay is the reader's own
  seat's view, a finished game's record replays on a board.

>>> from pokelab.classroom import ClassStore
>>> store = ClassStore.connect("sqlite://")
>>> join_code, key = store.create_class("7B")
>>> League.create(store, join_code, key, "herecomes").game
'herecomes'
>>> League(store, "zz zzzz")
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassroomError: no league has the code 'zz zzzz': check the code your teacher gave
"""

from pokelab.league.league import League
from pokelab.league.runner import Entry, Runner
from pokelab.league.schedule import RoundReport, play_round

__all__ = ["Entry", "League", "RoundReport", "Runner", "play_round"]
