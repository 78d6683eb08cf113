"""A class database's shared tables: ``Tables(store)`` creates, opens and lists them.

The tables keep their rows in the class database but reach the store only
through its public doors (``pokelab.tables``); ``Tables(store)`` attaches
their tables to the store first (``ClassStore.extend``, ``schema.TABLES``). ``Tables``
answers ``create_table`` and ``table`` as the table server's client does
(``client.RemoteTables``), so a board takes either (``tables_at``).

>>> from pokelab.classroom import ClassStore
>>> from pokelab.tables import Tables
>>> store = ClassStore.connect("sqlite://")
>>> tables = Tables(store)
>>> join_code, key = store.create_class("7B")
>>> tables = Tables(store)
>>> code = tables.create_table(join_code, "splendor", seed=1)
>>> tables.table(code).players, tables.listing(join_code, key)["table"].tolist() == [code]
(2, True)
>>> Tables("sqlite://")
Traceback (most recent call last):
...
TypeError: Tables takes a pokelab.classroom.ClassStore, not 'sqlite://'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pokelab.classroom import ClassStore
from pokelab.tables.listing import create_table, list_tables, unknown_table_codes
from pokelab.tables.schema import TABLES
from pokelab.tables.table import Table

__all__ = ["Tables", "tables_at"]


class Tables:
    """The shared tables of the class database ``store`` (a ``ClassStore``)."""

    def __init__(self, store: ClassStore) -> None:
        if not isinstance(store, ClassStore):
            raise TypeError(f"Tables takes a pokelab.classroom.ClassStore, not {store!r}")  # a programming error
        store.extend(TABLES)  # the tables' rows in the class database (once per store)
        self.store = store

    def create_table(
        self, join_code: str, game: str, players: int = 2, bots: Mapping[int, str] | None = None, **options: Any
    ) -> str:
        """Create a table in the class (``seed``, ``variant``, ``idle_seconds``, ``name``); its code (``listing.create_table``)."""
        return create_table(self.store, join_code, game, players, bots, **options)

    def table(self, table_code: str) -> Table:
        """The table with ``table_code`` (``ClassroomError`` for an unknown code, logged and throttled)."""
        return Table(self.store, table_code)

    def listing(self, join_code: str, teacher_key: str) -> Any:
        """The class's tables for the dashboard, newest first, as a DataFrame (teacher key needed; ``listing.list_tables``)."""
        return list_tables(self.store, join_code, teacher_key)

    def unknown_codes(self, join_code: str, teacher_key: str, *, since: float = 0.0) -> int:
        """How many unknown table codes were tried on this database since ``since`` (``listing.unknown_table_codes``)."""
        return unknown_table_codes(self.store, join_code, teacher_key, since=since)

    def __repr__(self) -> str:
        return f"Tables({self.store.url!r})"


def tables_at(where: Any) -> Any:
    """The tables at ``where``: a ``ClassStore`` gives its ``Tables``; ``Tables`` or ``RemoteTables`` stay as they are.

    >>> tables_at(ClassStore.connect("sqlite://"))
    Tables('sqlite://')
    >>> tables_at(None)
    Traceback (most recent call last):
    ...
    TypeError: Tables takes a pokelab.classroom.ClassStore, not None
    """
    if isinstance(where, ClassStore) or not hasattr(where, "table"):
        return Tables(where)
    return where
