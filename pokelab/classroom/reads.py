"""Reading a class: its rounds, tally and fingerprint, and the teacher's reads (groups, refusals, CSV export).

Every stored round is checked as it is read (10 bag colours, a group name the
kit writes): a damaged row is a ``ClassroomError`` naming the round, never a
``KeyError`` from deep inside the tally. CSV files the classroom writes are
spreadsheet-safe (``safe_cell``) and never overwrite a file unless asked.

>>> safe_cell("=HYPERLINK(1)"), safe_cell("Team A"), safe_cell(3)
("'=HYPERLINK(1)", 'Team A', 3)
>>> write_csv_safely(None, "")
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassroomError: give a file name to export to
"""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

from pokelab.classroom.access import TOKEN_COLUMNS, check_name
from pokelab.classroom.db import sa, schema
from pokelab.classroom.doors import Doors
from pokelab.classroom.errors import ClassroomError
from pokelab.classroom.rounds import SIMULATED
from pokelab.classroom.tally import ClassTally
from pokelab.classroom.transactions import StoreCore
from pokelab.herecomes.bag import DEFAULT_BAG
from pokelab.herecomes.pieces import COLOURS
from pokelab.words import _

__all__ = ["CSV_LINE_END", "FORMULA_STARTS", "ClassReads", "check_new_file", "groups_of", "safe_cell", "tally_of",
           "write_csv_safely"]

#: The line end of every CSV file the kit writes. With ``\r\n`` the csv writer quotes any cell holding a bare
#: ``\r`` or ``\n``, so an answer such as ``"ok\r=SUM(A1:A9)"`` stays one quoted cell: with ``\n`` alone a bare
#: ``\r`` went out unquoted and a spreadsheet read it as a new row starting with a formula.
CSV_LINE_END = "\r\n"
#: What a spreadsheet reads as a formula at the start of a cell (OWASP CSV injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n", "\uff1d", "\uff0b", "\uff0d", "\uff20")


def safe_cell(value: Any) -> Any:
    """``value`` for a CSV cell: text a spreadsheet would run as a formula gets a leading ``'``.

    >>> safe_cell("-1+2"), safe_cell("\\t=1"), safe_cell(-1)
    ("'-1+2", "'\\t=1", -1)
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def check_new_file(path: str | Path, *, overwrite: bool = False) -> Path:
    """``path`` as a file to write: ``ClassroomError`` when it exists and ``overwrite`` is not set.

    >>> check_new_file(__file__)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: the file ... exists already: nothing was written (choose another name, or overwrite=True / --force)
    """
    target = Path(path)
    if target.exists() and not overwrite:
        raise ClassroomError(_file_exists(target))
    return target


def _file_exists(target: Path) -> Any:
    return _("the file {path} exists already: nothing was written "
             "(choose another name, or overwrite=True / --force)", path=str(target))


def tally_of(table: Any) -> ClassTally:
    """The rounds of ``table`` (as ``ClassReads.rounds`` gives them) as a ``ClassTally``; the computer's as ``SIMULATED``."""
    tokens = tuple(tuple(row) for row in table[list(TOKEN_COLUMNS)].itertuples(index=False))
    names = tuple(
        SIMULATED if sim and not name else name
        for name, sim in zip(table["group"], table["simulated"], strict=True)
    )
    return ClassTally(dict(DEFAULT_BAG), tokens, names, 0)


def groups_of(table: Any) -> Any:
    """Each group's number of rounds and time of its last one, from a class's rounds (``ClassStore.rounds``).

    >>> import pandas as pd
    >>> rounds = pd.DataFrame({"id": [1, 2, 3], "group": ["B", "A", "B"], "time": [1.0, 2.0, 3.0]})
    >>> groups_of(rounds).values.tolist()
    [['A', 1, 2.0], ['B', 2, 3.0]]
    >>> groups_of(pd.DataFrame({"id": []}))
    Traceback (most recent call last):
    ...
    KeyError: 'group'
    """
    summary = table.groupby("group", sort=True).agg(rounds=("id", "size"), last=("time", "max"))
    return summary.reset_index()


def write_csv_safely(table: Any, path: str | Path, *, overwrite: bool = False) -> Path:
    """Write a DataFrame as a spreadsheet-safe CSV at ``path``; an existing file is kept unless ``overwrite``.

    >>> import tempfile, pandas as pd, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "x.csv"
    >>> write_csv_safely(pd.DataFrame({"a": ["=1"]}), p).read_text()
    "a\\n'=1\\n"
    >>> write_csv_safely(pd.DataFrame({"a": ["ok\\r=SUM(A1)"]}), p, overwrite=True).read_bytes()
    b'a\\r\\n"ok\\r=SUM(A1)"\\r\\n'
    >>> write_csv_safely(pd.DataFrame({"a": [1]}), p)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: the file ... exists already: nothing was written (choose another name, or overwrite=True / --force)
    """
    if path is None or str(path).strip() == "":
        raise ClassroomError(_("give a file name to export to"))
    target = Path(path)
    try:
        with open(target, "w" if overwrite else "x", encoding="utf-8", newline="") as handle:
            writer = csv.writer(handle, lineterminator=CSV_LINE_END)
            writer.writerow([safe_cell(str(c)) for c in table.columns])
            for row in table.itertuples(index=False):
                writer.writerow([safe_cell(v) for v in row])
    except FileExistsError:
        raise ClassroomError(_file_exists(target)) from None
    return target


def _checked_rows(rows: list[Any]) -> list[Any]:
    """The stored rounds as read, each checked: a damaged one is a ``ClassroomError`` naming its id."""
    for row in rows:
        tokens = tuple(row[4:])
        if (not isinstance(row[1], str) or not row[1] or len(row[1]) > 128
                or any(t not in COLOURS for t in tokens) or not isinstance(row[2], int | float)):
            raise ClassroomError(
                _("the stored round {id} is damaged (its group, time or tokens are not what the kit writes): "
                  "ask the teacher to remove it or restore the database from a copy", id=row[0]),
            )
    return rows


class ClassReads:
    """The reads of a class's rounds (a part ``ClassStore`` owns): rounds, tally, fingerprint, the teacher's reads.

    They use the store's ``core`` (its read transaction) and its ``doors``.

    >>> from pokelab.classroom.transactions import open_engine
    >>> core = StoreCore(open_engine("sqlite://")); core.upgrade()
    >>> reads = ClassReads(core, Doors(core))
    >>> reads.revision("WRONG1")
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassAccessError: wrong join code: no class has the code 'WRONG1'
    """

    def __init__(self, core: StoreCore, doors: Doors) -> None:
        self._core = core
        self._doors = doors

    def rounds(self, join_code: str, teacher_key: str | None = None, *, group: str | None = None) -> Any:
        """Every round of the class, oldest first, as a DataFrame: id, group, time, simulated, token_1 … token_10.

        With the teacher key every group is named; with the join code alone
        only ``group``'s own rounds are (the others' names are blank), so the
        group list stays the teacher's.
        """
        import pandas as pd  # lazy: pandas is slow to import; only a table needs it
        own = None if group is None else check_name(group)

        def read(conn: Any) -> Any:
            if teacher_key is None:
                class_id = self._doors.class_of(conn, join_code, "read rounds")
            else:
                class_id = self._doors.teacher_class_of(conn, join_code, teacher_key, "read rounds")
            r = schema.rounds.c
            columns = [r.id, r.group_name, r.created, r.simulated]
            columns += [r[name] for name in TOKEN_COLUMNS]
            query = sa.select(*columns).where(r.class_id == class_id).order_by(r.id)
            return conn.execute(query).all()

        rows = _checked_rows(self._core.read(read))
        table = pd.DataFrame(rows, columns=["id", "group", "time", "simulated", *TOKEN_COLUMNS])
        table["time"] = pd.to_datetime(table["time"], unit="s", utc=True)
        table["simulated"] = table["simulated"].astype(bool)
        if teacher_key is None:
            table["group"] = [g if g == own else "" for g in table["group"]]
        return table

    def tally(self, join_code: str, teacher_key: str | None = None, *, group: str | None = None) -> ClassTally:
        """The class's rounds as a ``ClassTally`` (groups named as in ``rounds``; the computer's as ``SIMULATED``)."""
        return tally_of(self.rounds(join_code, teacher_key, group=group))

    def revision(self, join_code: str) -> tuple[int, int, int]:
        """A cheap fingerprint of the class's rounds (count, largest id, sum of ids): it changes with every write.

        Ids are never reused, so an add, an undo or a reset always gives a new
        fingerprint; a dashboard polls it and redraws only when it changed.
        """
        def read(conn: Any) -> tuple[int, int, int]:
            class_id = self._doors.class_of(conn, join_code, "read rounds")
            r = schema.rounds.c
            count, top, total = conn.execute(
                sa.select(
                    sa.func.count(r.id),
                    sa.func.coalesce(sa.func.max(r.id), 0),
                    sa.func.coalesce(sa.func.sum(r.id), 0),
                ).where(r.class_id == class_id)
            ).one()
            return int(count), int(top), int(total)

        return self._core.read(read)

    def export_csv(self, join_code: str, teacher_key: str, path: str | Path, *, overwrite: bool = False) -> Path:
        """Write every round (group, time, tokens) to a spreadsheet-safe CSV file (teacher key needed).

        An existing file is kept (``ClassroomError``) unless ``overwrite=True``.
        """
        table = self.rounds(join_code, _key(teacher_key))
        return write_csv_safely(table, path, overwrite=overwrite)

    def groups(self, join_code: str, teacher_key: str) -> Any:
        """Each group's number of rounds and time of its last one, as a DataFrame (teacher key needed)."""
        return groups_of(self.rounds(join_code, _key(teacher_key)))

    def refusal_log(self, join_code: str, teacher_key: str) -> Any:
        """The refused requests that named this class (wrong teacher keys…), oldest first (teacher key needed)."""
        import pandas as pd  # lazy: pandas is slow to import; only a table needs it
        def read(conn: Any) -> Any:
            class_id = self._doors.teacher_class_of(conn, join_code, _key(teacher_key), "refusal log")
            r = schema.refusals.c
            rows = conn.execute(
                sa.select(r.at, r.action, r.reason).where(r.class_id == class_id).order_by(r.id)
            ).all()
            return pd.DataFrame(rows, columns=["time", "action", "reason"])

        return self._core.read(read)


def _key(teacher_key: Any) -> Any:
    """A teacher-only read's key: ``None`` is a missing key here (never the join code's pooled view)."""
    return "" if teacher_key is None else teacher_key
