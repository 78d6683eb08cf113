"""Tables another package keeps in the class database: its schema part, attached with ``ClassStore.extend``.

The class database has one schema version, counted by the store
(``schema.SCHEMA_VERSION``); a package above the store that keeps rows in the
same database (``pokelab.tables``) declares its tables as a ``SchemaPart``:
its ``SchemaStep`` s, each numbered with the version that brought it (the
store's own steps take the other numbers), and attaches it to an open store
with ``ClassStore.extend(part)``. The store runs the part's steps in order,
under its write lock, once per store object.

A store opened without the part still brings the database to the newest
version (its own steps do not need the part's tables), so the version record
cannot say whether a part's step ran: each step says itself what is missing
(``missing(conn)``: a table, a column), and attaching the part reads that
first and takes the write lock only when something is.

>>> step = SchemaStep(3, lambda conn: None, creates=("pokelab_tables",), missing=lambda conn: False)
>>> SchemaPart("tables", (step,)).versions
(3,)
>>> SchemaPart("tables", (step, step))
Traceback (most recent call last):
...
ValueError: the steps of schema part 'tables' go up one version at a time, not (3, 3)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["SchemaPart", "SchemaStep"]


@dataclass(frozen=True, slots=True)
class SchemaStep:
    """One migration: the schema ``version`` it belongs to and ``run(conn)``, its work in the upgrade's transaction.

    ``creates``: the tables it makes (a database whose version record is older
    but already holds one of them has a damaged record). ``missing(conn)``:
    True while the database lacks the step's change — every step of a
    ``SchemaPart`` says it (the store's own steps go by the version record).
    """

    version: int
    run: Callable[[Any], None]
    creates: tuple[str, ...] = ()
    missing: Callable[[Any], bool] | None = None


@dataclass(frozen=True, slots=True)
class SchemaPart:
    """The tables of one package in the class database: its ``name`` and its ``steps``, oldest first."""

    name: str
    steps: tuple[SchemaStep, ...]

    def __post_init__(self) -> None:
        numbers = self.versions
        if list(numbers) != sorted(set(numbers)) or not all(isinstance(n, int) and n > 0 for n in numbers):
            raise ValueError(  # a programming error
                f"the steps of schema part {self.name!r} go up one version at a time, not {numbers}"
            )
        if any(step.missing is None for step in self.steps):
            raise ValueError(f"every step of schema part {self.name!r} says what it adds (missing=)")

    @property
    def versions(self) -> tuple[int, ...]:
        """The schema versions of the part's steps, oldest first."""
        return tuple(step.version for step in self.steps)

    def missing(self, conn: Any) -> list[SchemaStep]:
        """The part's steps whose change the database behind ``conn`` lacks, oldest first."""
        return [step for step in self.steps if step.missing is not None and step.missing(conn)]
