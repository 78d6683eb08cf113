"""The pupils' answers in the class store: joining as a pupil, recording answers, the teacher's reads.

A pupil **joins** a class with its join code and a name and gets a pupil token
(shown to the pupil's kernel only, stored hashed); ``record_answer`` needs the
token, so nobody records answers under another pupil's name. Every answer is
one row: the exercise, the answer as given, its outcome (right or not), the
misconception it matched (an id such as ``b`` for a choice option or
``slip-1`` for an anticipated slip, with its text in every language), its try
number (counted here, per pupil and exercise) and the time. A **submission
id** makes a resent answer count once.

Only the teacher key reads answers and deletes a pupil's (``answer_reads``):
a pupil can write their own answers, never read anyone's. The class's
**reveal** policy (``set_reveal``, there too) is the teacher's; a joined
pupil's kernel reads it with the join code (``reveal_policy``).

>>> from pokelab.classroom import ClassStore
>>> store = ClassStore.connect("sqlite://")
>>> code, key = store.create_class("7B")
>>> token = store.join_pupil(code, "Mei")
>>> store.record_answer(code, "Mei", token, "32-3", lesson="probability/32.ipynb", answer="b",
...                     outcome="wrong", correct=False, misconception="b", submission="s1")
1
>>> store.answers(code, key)[["pupil", "exercise", "answer", "try"]].values.tolist()
[['Mei', '32-3', 'b', 1]]
>>> store.answers(code, "not-the-key")
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassAccessError: wrong teacher key for this class: read answers needs the class's teacher key
"""

from __future__ import annotations

import functools
import hmac
import json
from collections.abc import Mapping
from typing import Any

from pokelab.classroom.access import (
    ANSWER_LENGTH,
    check_name,
    clean_secret,
    digest,
    refuse_surrogates,
    refused,
)
from pokelab.classroom.db import postgresql_insert, sa, schema, sqlite_insert
from pokelab.classroom.doors import Doors, member_hash
from pokelab.classroom.errors import ClassAccessError, ClassroomError
from pokelab.classroom.groups import check_submission
from pokelab.classroom.transactions import StoreCore
from pokelab.words import _

__all__ = ["ANSWER_COLUMNS", "OUTCOMES", "PUPIL_TOKEN_LENGTH", "REVEAL_POLICIES", "Answers"]

PUPIL_TOKEN_LENGTH = 10  # 50 random bits
#: What an answer's feedback was (``pokelab.teaching.feedback.MARKS``' statuses a pupil's answer can get).
OUTCOMES = ("correct", "wrong", "revealed", "recorded", "compared")
#: When a joined pupil may see an exercise's answer: ``pupil`` (whenever they ask, and after the
#: exercise's tries: the kit's behaviour without a class), ``after-tries`` (only after the tries),
#: ``never`` (not in this lesson: hints only).
REVEAL_POLICIES = ("pupil", "after-tries", "never")
#: The columns of ``answers``, in order.
ANSWER_COLUMNS = ["pupil", "exercise", "lesson", "answer", "outcome", "correct", "misconception", "try", "time"]
_MISCONCEPTION_ID = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-_")


@functools.cache
def _answer_statements(dialect: str) -> tuple[Any, Any]:
    """The statements of a recorded answer on ``dialect`` (``sqlite`` or ``postgresql``), built once with bound parameters.

    The insert counts its own try number (that pupil's earlier answers to that
    exercise, plus one) and does nothing for a submission id already stored,
    so a new answer holds the write lock for this one statement; only a
    resend reads the stored answer (the second statement).
    """
    a = schema.answers.c
    same = sa.select(a.try_number, a.pupil_id).where(
        a.class_id == sa.bindparam("class_id"), a.submission == sa.bindparam("submission")
    )
    earlier = sa.select(sa.func.count() + 1).where(
        a.pupil_id == sa.bindparam("same_pupil"), a.exercise == sa.bindparam("same_exercise")
    )
    insert = sqlite_insert if dialect == "sqlite" else postgresql_insert
    add = (
        insert(schema.answers)
        .values(try_number=earlier.scalar_subquery())
        .on_conflict_do_nothing(index_elements=[a.class_id, a.submission])
        .returning(a.try_number)
    )
    return add, same


def _check_text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise ClassroomError(_("the {what} is text, not {type}", what=what, type=type(value).__name__))
    return refuse_surrogates(value, _("the {what}", what=what))


def _check_misconception(value: Any) -> str | None:
    if value is None:
        return None
    text = _check_text(value, "misconception id")
    if not 1 <= len(text) <= 24 or not set(text) <= _MISCONCEPTION_ID:
        raise ClassroomError(_("a misconception id has 1 to 24 letters, digits and - _, not {value}",
                               value=repr(text[:30])))
    return text


class Answers:
    """The pupils' side of the store (a part ``ClassStore`` owns): join, record an answer, rejoin, read the reveal policy.

    They use the store's ``core`` (transactions, throttle, clock) and its
    ``doors``. The class and pupil a token proves are remembered per store
    (``forget_pupils`` when a pupil is deleted).

    >>> from pokelab.classroom.transactions import open_engine
    >>> core = StoreCore(open_engine("sqlite://")); core.upgrade()
    >>> answers = Answers(core, Doors(core))
    >>> answers.reveal_policy("WRONG1")
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassAccessError: wrong join code: no class has the code 'WRONG1'
    """

    def __init__(self, core: StoreCore, doors: Doors) -> None:
        self._core = core
        self._doors = doors
        self._known_pupils: dict[tuple[str, str, str], tuple[int, int]] = {}  # (join hash, pupil, token hash) -> ids

    def forget_pupils(self) -> None:
        """Forget the classes and pupils proved so far (a pupil was deleted): the next answer checks its token again.

        >>> from pokelab.classroom.transactions import open_engine
        >>> core = StoreCore(open_engine("sqlite://")); core.upgrade()
        >>> Answers(core, Doors(core)).forget_pupils()
        """
        self._known_pupils.clear()

    # ------------------------------------------------------------------ the pupils' side
    def join_pupil(self, join_code: str, name: str, *, teacher_key: str | None = None) -> str:
        """Join the class as the pupil ``name``; return the pupil token (recording answers needs it).

        A name another pupil joined is refused — unless the teacher key is
        given, which issues a new token (the old one stops working).

        >>> from pokelab.classroom import ClassStore
        >>> store = ClassStore.connect("sqlite://")
        >>> code, key = store.create_class("7B")
        >>> len(store.join_pupil(code, "Mei"))
        10
        >>> store.join_pupil(code, "Mei")
        Traceback (most recent call last):
        ...
        pokelab.classroom.errors.ClassroomError: the pupil name 'Mei' is taken in this class: choose another name, or ask the teacher for a new pupil token
        """
        clean = check_name(name, what="pupil")
        taken = _("the pupil name {name} is taken in this class: choose another name, "
                  "or ask the teacher for a new pupil token", name=repr(clean))
        return self._doors.issue_member_token("pupil", join_code, clean, length=PUPIL_TOKEN_LENGTH,
                                              teacher_key=teacher_key, taken=taken)

    def _pupil_id(self, conn: Any, class_id: int, name: str, token: Any) -> int:
        p = schema.pupils.c
        found = conn.execute(
            sa.select(p.id, p.token_hash).where(p.class_id == class_id, p.name == name)
        ).first()
        source = ("pupil token", class_id)
        self._core.throttle.check(source)
        given = clean_secret(token, _("pupil token"))
        if found is None or not hmac.compare_digest(str(found.token_hash), member_hash("pupil", class_id, name, given)):
            self._core.throttle.failed(source)
            raise refused(class_id, "record answer", "wrong pupil token",
                           ClassAccessError(_("wrong pupil token for the pupil {name}", name=repr(name))))
        self._core.throttle.succeeded(source)
        return int(found.id)

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
        """Record one answer of ``pupil`` (their token needed); return its try number for that exercise.

        The same ``submission`` again is the same answer: it is not stored twice.

        >>> from pokelab.classroom import ClassStore
        >>> store = ClassStore.connect("sqlite://")
        >>> code, key = store.create_class("7B"); token = store.join_pupil(code, "Mei")
        >>> [store.record_answer(code, "Mei", token, "30-1", lesson="l", answer=a, outcome="wrong",
        ...                      correct=False, submission=s) for a, s in [("1/2", "a"), ("1/3", "b"), ("1/3", "b")]]
        [1, 2, 2]
        >>> store.record_answer(code, "Mei", token, "30-1", lesson="l", answer="1", outcome="great",
        ...                     correct=True, submission="c")
        Traceback (most recent call last):
        ...
        pokelab.classroom.errors.ClassroomError: an answer's outcome is one of correct, wrong, revealed, recorded, compared, not 'great'
        """
        name = check_name(pupil, what="pupil")
        sub = check_submission(submission)
        if outcome not in OUTCOMES:
            raise ClassroomError(_("an answer's outcome is one of {outcomes}, not {outcome}",
                                   outcomes=", ".join(OUTCOMES), outcome=repr(outcome)))
        exercise_id = _check_text(exercise, "exercise id")[:16]
        text = refuse_surrogates(str(answer), _("answer"))
        text = text if len(text) <= ANSWER_LENGTH else text[: ANSWER_LENGTH - 1] + "…"
        row = {
            "exercise": exercise_id,
            "lesson": _check_text(lesson, "lesson")[:120],
            "answer": text,
            "outcome": outcome,
            "correct": None if correct is None else bool(correct),
            "misconception": _check_misconception(misconception),
            "misconception_text": None if misconception_text is None else json.dumps(dict(misconception_text)),
            "submission": sub,
        }
        class_id, pupil_id = self._pupil_ids(join_code, name, token)
        add_answer, same_answer = _answer_statements(self._core.engine.dialect.name)
        row |= {"class_id": class_id, "pupil_id": pupil_id, "same_pupil": pupil_id, "same_exercise": exercise_id}

        def work(conn: Any) -> int:
            number = conn.execute(add_answer, {**row, "at": self._core.clock()}).scalar()
            if number is not None:
                return int(number)
            same = conn.execute(same_answer, row).one()  # this submission was stored before (a resend)
            if same.pupil_id != pupil_id:
                raise ClassroomError(_("that submission id belongs to another answer: nothing was saved"))
            return int(same.try_number)

        try:
            return self._core.write(work)
        except sa.exc.IntegrityError:  # the pupil was deleted since their token was checked
            self._known_pupils.clear()
            raise refused(class_id, "record answer", "deleted pupil",
                           ClassAccessError(_("wrong pupil token for the pupil {name}", name=repr(name)))) from None

    def _pupil_ids(self, join_code: str, name: str, token: Any) -> tuple[int, int]:
        """The class and pupil ids a join code, name and token prove (checked once per store, then remembered).

        Remembering is safe: a deleted pupil's or class's rows are gone, so an
        answer recorded under remembered ids fails on its foreign keys.
        """
        remembered = (digest("join", str(join_code).upper()), name, digest("pupil", str(token)))
        known = self._known_pupils.get(remembered)
        if known is None:
            def read(conn: Any) -> tuple[int, int]:
                class_id = self._doors.class_of(conn, join_code, "record answer")
                return class_id, self._pupil_id(conn, class_id, name, token)

            known = self._known_pupils[remembered] = self._core.read(read)
        return known

    def check_pupil(self, join_code: str, pupil: str, token: str) -> bool:
        """True when ``token`` is the pupil token of ``pupil`` in the class (a kernel rejoining after a restart)."""
        name = check_name(pupil, what="pupil")

        def read(conn: Any) -> bool:
            class_id = self._doors.class_of(conn, join_code, "join class")
            try:
                self._pupil_id(conn, class_id, name, token)
            except ClassAccessError:
                return False
            return True

        return self._core.read(read)

    def reveal_policy(self, join_code: str) -> str:
        """The class's reveal policy (one of ``REVEAL_POLICIES``; ``pupil`` until the teacher sets one)."""
        def read(conn: Any) -> str:
            class_id = self._doors.class_of(conn, join_code, "class settings")
            s = schema.settings.c
            value = conn.execute(sa.select(s.value).where(s.class_id == class_id, s.key == "reveal")).scalar()
            return value if value in REVEAL_POLICIES else "pupil"

        return self._core.read(read)
