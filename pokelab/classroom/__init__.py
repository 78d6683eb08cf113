"""The whole-class "draw from the bag" experiment: tallies against the exact odds, and the class database.

- ``ClassTally`` (``tally``): every round a class recorded or simulated, a
  frozen value compared with the exact chances from ``pokelab.odds``.
- ``ClassStore`` (``store``): the class database many devices write at once —
  SQLite by default, PostgreSQL on a JupyterHub — with a join code for the
  groups, a group token per group that joined and a teacher key; ``limits``
  (``Limits``) slows and locks out guessing and caps rounds per minute;
  ``faults`` turns a vanished, replaced, damaged or read-only database into a
  ``ClassStoreFault`` (a ``ClassroomError``); ``schema`` holds its tables and migrations
  (``extension``: the parts other packages attach).
- Pupils' answers (``answers``): pupils join with a pupil token and record
  each exercise answer (``pokelab.teaching.join_class`` does it for a
  notebook); only the teacher key reads them (``ClassStore.answers``,
  ``misconceptions``, ``export_answers``, ``delete_pupil``) and sets the
  class's reveal policy (``set_reveal``).

The shared game tables keep their rows in the same database but are a package
of their own, above this one (``pokelab.tables``): they import only the names
this package exports, and reach the store only through its public doors —
their tables attached as a schema part (``ClassStore.extend`` with a
``SchemaPart`` of ``SchemaStep`` s, rows tied to a class by ``class_column``),
transactions (``read``, ``write``), the ``throttle`` (a ``Throttle``), the
checks of codes and keys (``class_of``, ``teacher_class_of``,
``check_class_teacher``), the refusal log (``refuse``, ``refused``,
``unnamed_refusals``), ``class_name_of``, and the helpers of secrets and names
(``digest``, ``clean_secret``, ``JOIN_ALPHABET``, ``check_name``,
``GROUP_LENGTH``, ``action_name``). The errors are ``errors``'.

The engine stays importable without the database libraries: without
SQLAlchemy (the ``lab`` extra) everything here but opening a store works
(``db``).

>>> from pokelab.classroom import ClassStore, ClassTally
>>> ClassTally.new(seed=1).simulate(5).n
5
"""

from pokelab.classroom.access import (
    DEFAULT_URL_ENV,
    GROUP_LENGTH,
    JOIN_ALPHABET,
    action_name,
    check_name,
    clean_secret,
    default_url,
    digest,
    refused,
)
from pokelab.classroom.columns import class_column
from pokelab.classroom.errors import (
    ClassAccessError,
    ClassroomError,
    ClassStoreBusy,
    ClassStoreFault,
    why,
)
from pokelab.classroom.extension import SchemaPart, SchemaStep
from pokelab.classroom.limits import Limits, Throttle
from pokelab.classroom.reads import groups_of, tally_of, write_csv_safely
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
    "GROUP_LENGTH",
    "JOIN_ALPHABET",
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
    "SchemaPart",
    "SchemaStep",
    "Throttle",
    "action_name",
    "check_name",
    "check_round",
    "class_column",
    "clean_secret",
    "default_url",
    "digest",
    "draw_round",
    "groups_of",
    "parse_event",
    "refused",
    "tally_of",
    "why",
    "write_csv_safely",
]
