"""The column that ties another package's rows to a class, for the tables of its ``SchemaPart``.

A row of ``pokelab.tables`` belongs to a class: its ``class_id`` points at the class and goes with it.
SQLAlchemy is the ``lab`` extra; without it the column cannot be made (and no database opens).

>>> column = class_column(index=True)
>>> column.name, column.nullable, [(fk.target_fullname, fk.ondelete) for fk in column.foreign_keys]
('class_id', False, [('pokelab_classes.id', 'CASCADE')])
"""

from __future__ import annotations

from typing import Any

from pokelab.classroom import db
from pokelab.classroom.errors import ClassroomError
from pokelab.words import _

__all__ = ["class_column"]


def class_column(**options: Any) -> Any:
    """A ``class_id`` column that makes a row belong to a class: it goes when the class is deleted (SQLAlchemy).

    ``options`` are the column's own (``index=True``); ``ClassroomError`` without SQLAlchemy.

    >>> class_column(primary_key=True).primary_key
    True
    """
    if db.sa is None:
        raise ClassroomError(_("the class database needs SQLAlchemy, which this installation lacks: "
                               "install pokelab with its lab extra (pip install 'pokelab[lab]')"))
    sa = db.sa
    return sa.Column("class_id", sa.Integer, sa.ForeignKey(db.schema.classes.c.id, ondelete="CASCADE"), nullable=False, **options)
