"""The whole-class "draw from the bag" experiment: tallies against the exact odds, and the class database.

- ``ClassTally`` (``tally``): every round a class recorded or simulated, a
  frozen value compared with the exact chances from ``pokelab.odds``.
- ``ClassStore`` (``store``): the class database many devices write at once —
  SQLite by default, PostgreSQL on a JupyterHub — with a join code for the
  groups, a group token per group that joined and a teacher key; ``limits``
  (``Limits``) slows and locks out guessing and caps rounds per minute;
  ``faults`` turns a vanished, replaced, damaged or read-only database into a
  ``ClassStoreFault`` (a ``ClassroomError``); ``schema`` holds its tables and migrations.
- Pupils' answers (``answers``): pupils join with a pupil token and record
  each exercise answer (``pokelab.teaching.join_class`` does it for a
  notebook); only the teacher key reads them (``ClassStore.answers``,
  ``misconceptions``, ``export_answers``, ``delete_pupil``) and sets the
  class's reveal policy (``set_reveal``).

The shared game tables keep their rows in the same database but are a package
of their own, above this one (``pokelab.tables``): they reach the store only
through its public doors (``read``, ``write``, ``throttle``, ``class_of``,
``teacher_class_of``, ``check_class_teacher``, ``refuse``).

The engine stays importable without the database libraries: without
SQLAlchemy (the ``lab`` extra) everything here but opening a store works
(``db``).

>>> from pokelab.classroom import ClassStore, ClassTally
>>> ClassTally.new(seed=1).simulate(5).n
5
"""

from pokelab.classroom.access import DEFAULT_URL_ENV, check_name, default_url
from pokelab.classroom.errors import (
    ClassAccessError,
    ClassroomError,
    ClassStoreBusy,
    ClassStoreFault,
    why,
)
from pokelab.classroom.limits import Limits
from pokelab.classroom.rounds import (
    DEFAULT_EVENTS,
    MAX_SIMULATED,
    SIMULATED,
    Event,
    check_round,
    parse_event,
)
from pokelab.classroom.store import ClassStore
from pokelab.classroom.tally import ClassTally
from pokelab.herecomes.bag import draw_round

__all__ = [
    "DEFAULT_EVENTS",
    "DEFAULT_URL_ENV",
    "MAX_SIMULATED",
    "SIMULATED",
    "ClassAccessError",
    "ClassStore",
    "ClassStoreBusy",
    "ClassStoreFault",
    "ClassTally",
    "ClassroomError",
    "Event",
    "Limits",
    "check_name",
    "check_round",
    "default_url",
    "draw_round",
    "parse_event",
    "why",
]
