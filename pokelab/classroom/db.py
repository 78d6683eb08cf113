"""SQLAlchemy and the class database's tables, imported once for the store's modules.

The engine (the games, the odds, the ``pokelab`` command, the lessons'
exercises) installs without the class database's library (the ``lab``
extra). Then ``sa`` and ``schema`` are ``None``, everything but the store
imports as before, and ``ClassStore.connect`` says what to install
(``tests/classroom/test_store.py`` imports the kit with SQLAlchemy hidden).

>>> from pokelab.classroom.db import sa, schema
>>> sa.select(schema.answers.c.id).where(schema.answers.c.class_id == 1).compile().params
{'class_id_1': 1}
"""

from __future__ import annotations

from typing import Any

__all__ = ["postgresql_insert", "sa", "schema", "sqlite_insert"]

sa: Any
schema: Any
sqlite_insert: Any  # the dialects' INSERT … ON CONFLICT
postgresql_insert: Any
try:
    import sqlalchemy as sa
    from sqlalchemy.dialects.postgresql import insert as postgresql_insert
    from sqlalchemy.dialects.sqlite import insert as sqlite_insert

    from pokelab.classroom import schema
except ModuleNotFoundError as missing:  # the engine alone, without the `lab` extra
    if missing.name != "sqlalchemy":
        raise
    sa = schema = sqlite_insert = postgresql_insert = None
