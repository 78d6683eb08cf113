"""Shared game tables: one game in the class database, played from several devices (issue 19).

A package above the class experiment (``pokelab.classroom``): the tables keep
their rows in the class database, import only what ``pokelab.classroom``
exports and reach the store only through its public doors (their tables
attached with ``ClassStore.extend``, ``read`` / ``write``, ``throttle``,
``class_of``, ``teacher_class_of``, ``check_class_teacher``, ``refuse``,
``unnamed_refusals``, ``class_name_of``, ``keep_class``).

- ``Tables`` (``local``): a class database's tables — ``create_table``,
  ``table``, ``listing`` for the teacher's dashboard, ``unknown_codes``;
  its rows and their steps of the class database's schema (versions 3 and 6)
  are ``schema``.
- ``Table`` (``table``): one table — seats and seat tokens (``seats``), moves
  as one read-and-write transaction (``writes``), undo by consent (``undo``),
  per-seat views (``record``) and ``StaleRevision`` (``errors``) for a move made on an old
  view; the games through the one ``Stepper`` (``games``), rows (``rows``).
- ``RemoteTables`` (``client``): the same doors through the table server
  (``python -m pokelab.class_service``, ``docs/security.md``: a request is read
  by ``request`` and answered by ``service.TableService``); its wire format
  is ``wire``. ``table_store()`` is where a page's tables are. Under a
  JupyterHub (``server --hub``) every request carries the kernel's hub token
  and the service acts for that hub user (``hub_doors``).

>>> from pokelab.classroom import ClassStore
>>> from pokelab.tables import Tables
>>> tables = Tables(ClassStore.connect("sqlite://"))
>>> t = tables.table(tables.create_table(tables.store.create_class("7B")[0], "herecomes", seed=2))
>>> t.game, t.players
('herecomes', 2)
"""

from pokelab.tables.client import TABLES_URL_ENV, RemoteTable, RemoteTables, table_store
from pokelab.tables.errors import StaleRevision
from pokelab.tables.local import Tables, tables_at
from pokelab.tables.rows import TABLE_CODE_LENGTH
from pokelab.tables.table import Table

__all__ = [
    "TABLES_URL_ENV",
    "TABLE_CODE_LENGTH",
    "RemoteTable",
    "RemoteTables",
    "StaleRevision",
    "Table",
    "Tables",
    "table_store",
    "tables_at",
]
