"""The teacher's side of the pupils' answers: reading, ranking, exporting and deleting them, and the reveal policy.

Every method here needs the class's teacher key (``ClassAccessError``
otherwise, logged and throttled like every teacher request): ``answers`` (a
DataFrame of every answer), ``misconceptions`` (per exercise and
misconception: pupils, their share of those who answered, the texts in every
language), ``pupils``, ``export_answers`` (a spreadsheet-safe CSV),
``delete_pupil`` (one pupil and every answer they gave) and ``set_reveal``.

>>> from pokelab.classroom import ClassStore
>>> store = ClassStore.connect("sqlite://")
>>> code, key = store.create_class("7B")
>>> store.pupils(code, key), len(store.answers(code, key))
([], 0)
>>> store.pupils(code, "")
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassAccessError: no teacher key given
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pokelab.classroom.access import check_name
from pokelab.classroom.answers import ANSWER_COLUMNS, REVEAL_POLICIES
from pokelab.classroom.db import sa, schema
from pokelab.classroom.doors import Doors
from pokelab.classroom.errors import ClassroomError
from pokelab.classroom.reads import write_csv_safely
from pokelab.classroom.transactions import StoreCore
from pokelab.words import _, languages

__all__ = ["AnswerReads"]


class AnswerReads:
    """The teacher's reads and changes of the pupils' answers (a part ``ClassStore`` owns).

    They use the store's ``core`` (transactions) and ``doors``; ``forget_pupils``
    is called when a pupil is deleted (``answers.Answers.forget_pupils``).

    >>> from pokelab.classroom.transactions import open_engine
    >>> core = StoreCore(open_engine("sqlite://")); core.upgrade()
    >>> reads = AnswerReads(core, Doors(core), forget_pupils=lambda: None)
    >>> reads.pupils("WRONG1", "AAAA-AAAA-AAAA-AAAA")
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassAccessError: wrong join code: no class has the code 'WRONG1'
    """

    def __init__(self, core: StoreCore, doors: Doors, *, forget_pupils: Callable[[], None]) -> None:
        self._core = core
        self._doors = doors
        self._forget_pupils = forget_pupils

    def check_teacher(self, join_code: str, teacher_key: str) -> str:
        """The class's name when ``teacher_key`` is its teacher key (``ClassAccessError`` otherwise)."""
        def read(conn: Any) -> str:
            class_id = self._doors.teacher_class_of(conn, join_code, teacher_key, "class settings")
            c = schema.classes.c
            return str(conn.execute(sa.select(c.name).where(c.id == class_id)).scalar())

        return self._core.read(read)

    def set_reveal(self, join_code: str, teacher_key: str, policy: str) -> str:
        """Set when the class's pupils may see an answer (teacher key needed); return the policy.

        >>> from pokelab.classroom import ClassStore
        >>> store = ClassStore.connect("sqlite://")
        >>> code, key = store.create_class("7B")
        >>> store.reveal_policy(code), store.set_reveal(code, key, "never"), store.reveal_policy(code)
        ('pupil', 'never', 'never')
        >>> store.set_reveal(code, key, "sometimes")
        Traceback (most recent call last):
        ...
        pokelab.classroom.errors.ClassroomError: the reveal policy is one of pupil, after-tries, never, not 'sometimes'
        """
        if policy not in REVEAL_POLICIES:
            raise ClassroomError(_("the reveal policy is one of {policies}, not {policy}",
                                   policies=", ".join(REVEAL_POLICIES), policy=repr(policy)))

        def work(conn: Any) -> str:
            class_id = self._doors.teacher_class_of(conn, join_code, teacher_key, "class settings")
            s = schema.settings.c
            conn.execute(sa.delete(schema.settings).where(s.class_id == class_id, s.key == "reveal"))
            conn.execute(sa.insert(schema.settings).values(class_id=class_id, key="reveal", value=policy))
            return policy

        return self._core.write(work)

    def pupils(self, join_code: str, teacher_key: str) -> list[str]:
        """The names of the pupils who joined the class, in the order they joined (teacher key needed)."""
        def read(conn: Any) -> list[str]:
            class_id = self._doors.teacher_class_of(conn, join_code, teacher_key, "read answers")
            p = schema.pupils.c
            return [str(n) for n in conn.execute(
                sa.select(p.name).where(p.class_id == class_id).order_by(p.id)).scalars()]

        return self._core.read(read)

    def answers(self, join_code: str, teacher_key: str, *, lesson: str | None = None) -> Any:
        """Every recorded answer of the class (or of one ``lesson``), oldest first, as a DataFrame (teacher key needed).

        Columns: ``ANSWER_COLUMNS`` and ``misconception_<lang>`` for every language of the kit.
        """
        import pandas as pd  # lazy: pandas is slow to import; only a table needs it
        def read(conn: Any) -> list[Any]:
            class_id = self._doors.teacher_class_of(conn, join_code, teacher_key, "read answers")
            a, p = schema.answers.c, schema.pupils.c
            query = (
                sa.select(p.name, a.exercise, a.lesson, a.answer, a.outcome, a.correct, a.misconception,
                          a.try_number, a.at, a.misconception_text)
                .join(schema.pupils, p.id == a.pupil_id)
                .where(a.class_id == class_id)
                .order_by(a.id)
            )
            if lesson is not None:
                query = query.where(a.lesson == lesson)
            return list(conn.execute(query))

        langs = languages()
        rows = []
        for row in self._core.read(read):
            texts = json.loads(row.misconception_text) if row.misconception_text else {}
            rows.append([row.name, row.exercise, row.lesson, row.answer, row.outcome,
                         None if row.correct is None else bool(row.correct), row.misconception,
                         int(row.try_number), row.at, *(texts.get(lang) for lang in langs)])
        table = pd.DataFrame(rows, columns=[*ANSWER_COLUMNS, *(f"misconception_{lang}" for lang in langs)])
        table["time"] = pd.to_datetime(table["time"].astype(float), unit="s", utc=True)
        return table

    def misconceptions(self, join_code: str, teacher_key: str, *, lesson: str | None = None) -> Any:
        """Per exercise and misconception: how many pupils chose it, their share of those who answered, its texts.

        A pupil counts once per misconception however often they chose it.
        Ranked by exercise, then by pupils (most first). Teacher key needed.

        >>> from pokelab.classroom import ClassStore
        >>> store = ClassStore.connect("sqlite://")
        >>> code, key = store.create_class("7B")
        >>> for name, pick, ok in [("A", "b", False), ("B", "b", False), ("C", "c", True)]:
        ...     t = store.join_pupil(code, name)
        ...     _ = store.record_answer(code, name, t, "32-3", lesson="l", answer=pick, outcome="wrong",
        ...                             correct=ok, misconception=None if ok else pick,
        ...                             misconception_text={"en": "more is better", "zh": "越多越好"}, submission=name)
        >>> store.misconceptions(code, key)[["exercise", "misconception", "pupils", "share", "text_zh"]].values.tolist()
        [['32-3', 'b', 2, 0.6666666666666666, '越多越好']]
        """
        import pandas as pd  # lazy: pandas is slow to import; only a table needs it

        langs = languages()
        columns = ["exercise", "misconception", "pupils", "answered", "share", *(f"text_{lang}" for lang in langs)]
        table = self.answers(join_code, teacher_key, lesson=lesson)
        if table.empty:
            return pd.DataFrame(columns=columns)
        answered = table.groupby("exercise")["pupil"].nunique()
        named = table.dropna(subset=["misconception"])
        rows = []
        for (exercise, misconception), group in named.groupby(["exercise", "misconception"], sort=False):
            last = group.iloc[-1]
            count = int(group["pupil"].nunique())
            rows.append([exercise, misconception, count, int(answered[exercise]), count / int(answered[exercise]),
                         *(last[f"misconception_{lang}"] for lang in langs)])
        found = pd.DataFrame(rows, columns=columns)
        return found.sort_values(["exercise", "pupils"], ascending=[True, False], kind="stable").reset_index(drop=True)

    def export_answers(self, join_code: str, teacher_key: str, path: str | Path, *, overwrite: bool = False) -> Path:
        """Write every answer as a spreadsheet-safe CSV at ``path`` (teacher key needed; an existing file is kept)."""
        return write_csv_safely(self.answers(join_code, teacher_key), path, overwrite=overwrite)

    def delete_pupil(self, join_code: str, teacher_key: str, pupil: str) -> int:
        """Delete one pupil and every answer they gave (teacher key needed); return how many answers were deleted.

        >>> from pokelab.classroom import ClassStore
        >>> store = ClassStore.connect("sqlite://")
        >>> code, key = store.create_class("7B")
        >>> store.delete_pupil(code, key, "Nobody")
        Traceback (most recent call last):
        ...
        pokelab.classroom.errors.ClassroomError: no pupil 'Nobody' joined this class
        """
        name = check_name(pupil, what="pupil")

        def work(conn: Any) -> int:
            class_id = self._doors.teacher_class_of(conn, join_code, teacher_key, "delete answers")
            p = schema.pupils.c
            pupil_id = conn.execute(sa.select(p.id).where(p.class_id == class_id, p.name == name)).scalar()
            if pupil_id is None:
                raise ClassroomError(_("no pupil {name} joined this class", name=repr(name)))
            self._forget_pupils()
            gone = conn.execute(sa.delete(schema.answers).where(schema.answers.c.pupil_id == pupil_id))
            conn.execute(sa.delete(schema.pupils).where(p.id == pupil_id))
            return int(gone.rowcount)

        return self._core.write(work)
