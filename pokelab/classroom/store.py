"""The class database: every group's rounds in one place, from many devices at once (SQLite or PostgreSQL).

A teacher creates a class and gets a short **join code** for the students and
a separate **teacher key**. With the join code a group joins and gets its
**group token** (``groups``), which adds its rounds and takes back its own
last one; reset, delete, export, the group names and the refusal log need the
teacher key. All are random and stored only as SHA-256 hashes; a wrong code,
key or token raises ``ClassAccessError`` (a ``PermissionError``, English and
Chinese), is logged, and after a few tries locks its source out for a while
(``limits``); nothing of one class is visible from another. A database file
that vanished, was replaced, is damaged or read-only is a ``ClassroomError``
(``faults``), never a silent loss.

A round is one row written in one transaction (all or nothing). SQLite runs in
WAL mode, writers take the lock up front (``BEGIN IMMEDIATE``) in the order
they came (``sqlite.writer_queue``) and a busy database is retried until
``timeout``; PostgreSQL uses ordinary transactions
and the same retries when the server is briefly away. Every round carries a
submission id, unique in its class, so a retried submit is never stored twice.

>>> store = ClassStore.connect("sqlite://")  # in memory; a file: sqlite:///class.db
>>> join_code, teacher_key = store.create_class("7B")
>>> token = store.join_group(join_code, "Team Pikachu")
>>> store.add_round(join_code, "Team Pikachu", ["red"] * 4 + ["blue"] * 4 + ["green"] * 2, token=token)
1
>>> store.rounds(join_code)[["group", "token_1", "token_10"]].values.tolist()
[['', 'red', 'green']]
>>> store.reset(join_code, "not-the-key")
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassAccessError: wrong teacher key for this class: reset needs the class's teacher key
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from pokelab.classroom.answer_reads import AnswerReads
from pokelab.classroom.answers import Answers
from pokelab.classroom.classes import Classes
from pokelab.classroom.doors import Doors
from pokelab.classroom.errors import ClassAccessError
from pokelab.classroom.extension import SchemaPart
from pokelab.classroom.faults import explain
from pokelab.classroom.groups import Groups
from pokelab.classroom.limits import Limits, Throttle
from pokelab.classroom.reads import ClassReads
from pokelab.classroom.tally import ClassTally
from pokelab.classroom.transactions import StoreCore, open_engine
from pokelab.words import Text

__all__ = ["ClassStore"]

_T = TypeVar("_T")


class ClassStore:
    """One class database (``connect`` it with a URL); every method checks the code, key or token it is given.

    ``timeout``: how long a write keeps retrying a locked or unreachable
    database before ``ClassStoreBusy``. The join code is enough to join as a
    group and to read the pooled rounds (other groups' names blanked); a
    group's token adds and undoes its own rounds; the teacher key is needed
    for everything else. Pupils join and record their answers with a pupil
    token, and only the teacher key reads them (``answers``). ``limits``: the throttles and caps (``Limits``);
    ``clock``: the time in seconds (injected by tests; default ``time.time``).

    The store is its parts, each given only what it uses: the transactions
    (``transactions.StoreCore``), the doors (``doors.Doors``), the classes
    (``classes``), the groups' rounds (``groups``), the reads (``reads``), the
    pupils' answers (``answers``) and the teacher's reads of them
    (``answer_reads``). Each method here hands its request to the part that
    does it, where its full description is.
    """

    def __init__(
        self,
        engine: Any,
        *,
        timeout: float = 10.0,
        limits: Limits | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._core = StoreCore(engine, timeout=timeout, limits=limits, clock=clock)
        self._engine = engine
        self._doors = doors = Doors(self._core)
        self._classes = Classes(self._core, doors)
        self._groups = Groups(self._core, doors)
        self._reads = ClassReads(self._core, doors)
        self._answers = Answers(self._core, doors)
        self._answer_reads = AnswerReads(self._core, doors, forget_pupils=self._answers.forget_pupils)

    # ------------------------------------------------------------------ opening
    @classmethod
    def connect(
        cls,
        url: str | None = None,
        *,
        timeout: float = 10.0,
        limits: Limits | None = None,
        clock: Callable[[], float] = time.time,
    ) -> ClassStore:
        """Open (and create or upgrade) the class database at ``url``: ``sqlite:///path.db`` or ``postgresql://…``.

        A file that is not a readable class database is a ``ClassroomError``.

        >>> ClassStore.connect("mysql://somewhere/db")
        Traceback (most recent call last):
        ...
        pokelab.classroom.errors.ClassroomError: a class database URL starts with sqlite:/// or postgresql://, not 'mysql://somewhere/db'
        """
        store = cls(open_engine(url), timeout=timeout, limits=limits, clock=clock)
        try:
            store._core.upgrade()
        except Exception as err:
            store.close()
            known = explain(err)
            if known is None:
                raise
            raise known from None
        store._core.watch.remember()
        return store

    @property
    def url(self) -> str:
        """The database URL with any password hidden."""
        return self._core.url

    @property
    def engine(self) -> Any:
        """The SQLAlchemy ``Engine`` underneath (its URL with the password, or its statements for a benchmark).

        >>> store = ClassStore.connect("sqlite://")
        >>> store.engine.url.render_as_string(hide_password=False)
        'sqlite://'
        >>> store.close()
        """
        return self._engine

    @property
    def timeout(self) -> float:
        """How long a write keeps retrying a busy database before ``ClassStoreBusy`` (seconds)."""
        return self._core.timeout

    @timeout.setter
    def timeout(self, seconds: float) -> None:
        self._core.timeout = float(seconds)

    @property
    def limits(self) -> Limits:
        """The store's throttles and caps (``Limits``)."""
        return self._core.limits

    def close(self) -> None:
        """Close every pooled connection."""
        self._core.close()

    # ------------------------------------------------------------------ the public doors
    # For a package that keeps its rows in this database (``pokelab.tables``): its tables
    # (``extend``), its transactions, the throttle, the join code and teacher key checks,
    # the refusal log and the name of a class.
    def read(self, work: Callable[[Any], _T]) -> _T:
        """Run ``work(conn)`` on one connection (``StoreCore.read``)."""
        return self._core.read(work)

    def write(self, work: Callable[[Any], _T]) -> _T:
        """Run ``work(conn)`` in one write transaction, retrying a busy database (``StoreCore.write``)."""
        return self._core.write(work)

    @property
    def throttle(self) -> Throttle:
        """The store's one throttle (``limits.Throttle``): ``check``, ``failed`` and ``succeeded`` per source.

        >>> store = ClassStore.connect("sqlite://", limits=Limits(free_failures=0))
        >>> store.throttle.failed(("table code",))
        30.0
        >>> store.throttle.check(("table code",))
        Traceback (most recent call last):
        ...
        pokelab.classroom.errors.ClassAccessError: too many wrong tries from here: wait 30 s before trying again
        """
        return self._core.throttle

    def class_of(self, conn: Any, join_code: Any, action: str) -> int:
        """The id of the class with ``join_code``, read on ``conn`` (``Doors.class_of``)."""
        return self._doors.class_of(conn, join_code, action)

    def teacher_class_of(self, conn: Any, join_code: Any, teacher_key: Any, action: str) -> int:
        """The id of the class with ``join_code`` once ``teacher_key`` is its key (``Doors.teacher_class_of``)."""
        return self._doors.teacher_class_of(conn, join_code, teacher_key, action)

    def check_class_teacher(
        self, conn: Any, class_id: int, teacher_key: Any, action: str, *, wrong: Text | None = None
    ) -> None:
        """Check that ``teacher_key`` is the key of class ``class_id`` (``Doors.check_class_teacher``)."""
        self._doors.check_class_teacher(conn, class_id, teacher_key, action, wrong=wrong)

    def refuse(self, err: ClassAccessError) -> None:
        """Log a refused request once its transaction is over (``StoreCore.refuse``)."""
        self._core.refuse(err)

    def class_name_of(self, conn: Any, class_id: int) -> str:
        """The name of class ``class_id``, read on ``conn`` (``Doors.class_name_of``)."""
        return self._doors.class_name_of(conn, class_id)

    def unnamed_refusals(self, conn: Any, action: str, reason: str, *, since: float = 0.0) -> int:
        """How many refusals of ``action`` for ``reason`` that named no class were logged (``Doors.unnamed_refusals``)."""
        return self._doors.unnamed_refusals(conn, action, reason, since=since)

    def extend(self, part: SchemaPart) -> None:
        """Attach ``part``, another package's tables in this database: its steps run once per store (``extension``).

        >>> from pokelab.classroom import SchemaPart, SchemaStep
        >>> store = ClassStore.connect("sqlite://")
        >>> made = []
        >>> part = SchemaPart("notes", (SchemaStep(3, lambda conn: made.append(3), missing=lambda conn: not made),))
        >>> store.extend(part); store.extend(part); made
        [3]
        >>> store.extend(SchemaPart("clash", (SchemaStep(4, lambda conn: None, missing=lambda conn: True),)))
        Traceback (most recent call last):
        ...
        ValueError: schema part 'clash' numbers a step 4: the store's own steps are [1, 2, 4, 5] and this kit knows versions up to 8
        """
        self._core.extend(part)

    # ------------------------------------------------------------------ the classes (``classes``)
    def create_class(self, name: str) -> tuple[str, str]:
        """Create a class called ``name``; return its ``(join_code, teacher_key)`` (``Classes.create_class``)."""
        return self._classes.create_class(name)

    def keep_class(self, name: str, join_code: str, teacher_key: str) -> int:
        """The id of the class with ``join_code``, made as ``name`` with these secrets if new (``Classes.keep_class``)."""
        return self._classes.keep_class(name, join_code, teacher_key)

    def class_name(self, join_code: str) -> str:
        """The name of the class with ``join_code`` (``Classes.class_name``)."""
        return self._classes.class_name(join_code)

    def reset(self, join_code: str, teacher_key: str) -> int:
        """Delete every round of the class; return how many (``Classes.reset``)."""
        return self._classes.reset(join_code, teacher_key)

    def delete_class(self, join_code: str, teacher_key: str) -> None:
        """Delete the class and everything in it (``Classes.delete_class``)."""
        self._classes.delete_class(join_code, teacher_key)

    # ------------------------------------------------------------------ the groups (``groups``)
    def join_group(self, join_code: str, group: str, *, teacher_key: str | None = None) -> str:
        """Join the class as ``group``; return its group token (``Groups.join_group``)."""
        return self._groups.join_group(join_code, group, teacher_key=teacher_key)

    def add_round(
        self,
        join_code: str,
        group: str,
        tokens: Sequence[str],
        *,
        simulated: bool = False,
        submission: str | None = None,
        token: str | None = None,
    ) -> int:
        """Store one round of 10 tokens for ``group``; return its id (``Groups.add_round``)."""
        return self._groups.add_round(join_code, group, tokens, simulated=simulated, submission=submission, token=token)

    def undo_round(self, join_code: str, group: str, token: str | None = None) -> int:
        """Delete ``group``'s own last round; return its id (``Groups.undo_round``)."""
        return self._groups.undo_round(join_code, group, token)

    # ------------------------------------------------------------------ the reads (``reads``)
    def rounds(self, join_code: str, teacher_key: str | None = None, *, group: str | None = None) -> Any:
        """Every round of the class, oldest first, as a DataFrame (``ClassReads.rounds``)."""
        return self._reads.rounds(join_code, teacher_key, group=group)

    def tally(self, join_code: str, teacher_key: str | None = None, *, group: str | None = None) -> ClassTally:
        """The class's rounds as a ``ClassTally`` (``ClassReads.tally``)."""
        return self._reads.tally(join_code, teacher_key, group=group)

    def revision(self, join_code: str) -> tuple[int, int, int]:
        """A cheap fingerprint of the class's rounds that changes with every write (``ClassReads.revision``)."""
        return self._reads.revision(join_code)

    def export_csv(self, join_code: str, teacher_key: str, path: str | Path, *, overwrite: bool = False) -> Path:
        """Write every round to a spreadsheet-safe CSV file (``ClassReads.export_csv``)."""
        return self._reads.export_csv(join_code, teacher_key, path, overwrite=overwrite)

    def groups(self, join_code: str, teacher_key: str) -> Any:
        """Each group's number of rounds and time of its last one (``ClassReads.groups``)."""
        return self._reads.groups(join_code, teacher_key)

    def refusal_log(self, join_code: str, teacher_key: str) -> Any:
        """The refused requests that named this class, oldest first (``ClassReads.refusal_log``)."""
        return self._reads.refusal_log(join_code, teacher_key)

    # ------------------------------------------------------------------ the pupils' answers (``answers``)
    def join_pupil(self, join_code: str, name: str, *, teacher_key: str | None = None) -> str:
        """Join the class as the pupil ``name``; return the pupil token (``Answers.join_pupil``)."""
        return self._answers.join_pupil(join_code, name, teacher_key=teacher_key)

    def record_answer(
        self,
        join_code: str,
        pupil: str,
        token: str,
        exercise: str,
        *,
        lesson: str,
        answer: Any,
        outcome: str,
        correct: bool | None,
        misconception: str | None = None,
        misconception_text: Mapping[str, str] | None = None,
        submission: str,
    ) -> int:
        """Record one answer of ``pupil``; return its try number (``Answers.record_answer``)."""
        return self._answers.record_answer(
            join_code, pupil, token, exercise, lesson=lesson, answer=answer, outcome=outcome, correct=correct,
            misconception=misconception, misconception_text=misconception_text, submission=submission,
        )

    def check_pupil(self, join_code: str, pupil: str, token: str) -> bool:
        """True when ``token`` is the pupil token of ``pupil`` in the class (``Answers.check_pupil``)."""
        return self._answers.check_pupil(join_code, pupil, token)

    def reveal_policy(self, join_code: str) -> str:
        """The class's reveal policy (``Answers.reveal_policy``)."""
        return self._answers.reveal_policy(join_code)

    # ------------------------------------------------------------------ the teacher's reads of answers (``answer_reads``)
    def check_teacher(self, join_code: str, teacher_key: str) -> str:
        """The class's name when ``teacher_key`` is its teacher key (``AnswerReads.check_teacher``)."""
        return self._answer_reads.check_teacher(join_code, teacher_key)

    def set_reveal(self, join_code: str, teacher_key: str, policy: str) -> str:
        """Set when the class's pupils may see an answer; return the policy (``AnswerReads.set_reveal``)."""
        return self._answer_reads.set_reveal(join_code, teacher_key, policy)

    def pupils(self, join_code: str, teacher_key: str) -> list[str]:
        """The names of the pupils who joined the class (``AnswerReads.pupils``)."""
        return self._answer_reads.pupils(join_code, teacher_key)

    def answers(self, join_code: str, teacher_key: str, *, lesson: str | None = None) -> Any:
        """Every recorded answer of the class, oldest first, as a DataFrame (``AnswerReads.answers``)."""
        return self._answer_reads.answers(join_code, teacher_key, lesson=lesson)

    def misconceptions(self, join_code: str, teacher_key: str, *, lesson: str | None = None) -> Any:
        """Per exercise and misconception: pupils, share and texts (``AnswerReads.misconceptions``)."""
        return self._answer_reads.misconceptions(join_code, teacher_key, lesson=lesson)

    def export_answers(self, join_code: str, teacher_key: str, path: str | Path, *, overwrite: bool = False) -> Path:
        """Write every answer as a spreadsheet-safe CSV (``AnswerReads.export_answers``)."""
        return self._answer_reads.export_answers(join_code, teacher_key, path, overwrite=overwrite)

    def delete_pupil(self, join_code: str, teacher_key: str, pupil: str) -> int:
        """Delete one pupil and their answers; return how many answers (``AnswerReads.delete_pupil``)."""
        return self._answer_reads.delete_pupil(join_code, teacher_key, pupil)

    def __repr__(self) -> str:
        return f"ClassStore({self.url!r})"
