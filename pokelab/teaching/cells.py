"""``task`` in an answer cell is that cell's own exercise, whatever ran before it (after Run All too).

A lesson hands out an exercise with ``task = exercise("30-1")`` and the pupil's answer reads the
numbers from it (``DEFAULT_BAG[task.colour]``) in the cell that calls ``check("30-1", …)``. After
Run All Cells, ``task`` names the *last* exercise of the notebook, so an answer written later in
an earlier exercise's cell would read another exercise's numbers and be marked against its own.
In a notebook (an IPython kernel) a hook runs before every cell: when the cell names exactly one
exercise (``check``, ``choice``, ``predict``, ``explain``, ``board_task`` or ``exercise`` with a
literal id) and the notebook's ``task`` is a :class:`~pokelab.teaching.task.Task` of another
exercise, ``task`` becomes that cell's exercise (for the same student) before the cell runs.
A ``task`` the pupil bound to something else is left alone. Outside a notebook nothing happens.

>>> exercise_named('answer_1 = Fraction(6, 20)\\ncheck("30-1", answer_1)')
'30-1'
>>> exercise_named('check("30-1", a)\\ncheck("30-2", b)') is None
True
>>> exercise_named(3)
Traceback (most recent call last):
...
TypeError: a cell's source is a text, got 3
"""

from __future__ import annotations

import builtins
import re
from collections.abc import Callable, MutableMapping
from typing import Any

from pokelab.teaching.task import Task

__all__ = ["exercise_named", "follow_cells", "retarget_task"]

#: A call that names an exercise by a literal id: ``check("30-1", …)``, ``exercise('41-3')`` …
_NAMED = re.compile(r"\b(?:check|choice|predict|explain|board_task|exercise)\(\s*[\"'](\d{2}-\d+)[\"']")
_HOOKED: set[int] = set()


def exercise_named(source: str) -> str | None:
    """The one exercise id a cell's code names in a call, or None (none, or several)."""
    if not isinstance(source, str):
        raise TypeError(f"a cell's source is a text, got {source!r}")
    ids = set(_NAMED.findall(source))
    return ids.pop() if len(ids) == 1 else None


def retarget_task(namespace: MutableMapping[str, Any], source: str, make_task: Callable[[str], Task]) -> bool:
    """Rebind ``namespace["task"]`` to the exercise ``source`` names (``make_task(id)``); True when it changed.

    >>> from pokelab.course.registry import get
    >>> ns = {"task": Task(get("30-3"), None)}
    >>> retarget_task(ns, 'check("30-1", answer_1)', lambda i: Task(get(i), None)), ns["task"].definition.id
    (True, '30-1')
    >>> ns = {"task": "my own"}; retarget_task(ns, 'check("30-1", 1)', lambda i: Task(get(i), None)), ns["task"]
    (False, 'my own')
    """
    exercise_id = exercise_named(source)
    current = namespace.get("task")
    if exercise_id is None or not isinstance(current, Task) or current.definition.id == exercise_id:
        return False
    namespace["task"] = make_task(exercise_id)
    return True


def follow_cells(make_task: Callable[[str], Task]) -> bool:
    """In a notebook, keep ``task`` on each answer cell's own exercise (registered once per kernel); False outside one.

    >>> follow_cells(lambda exercise_id: None)
    False
    """
    get_ipython = getattr(builtins, "get_ipython", None)  # defined by IPython in a kernel; pokelab never imports it
    shell = get_ipython() if callable(get_ipython) else None
    if shell is None:
        return False
    if id(shell) not in _HOOKED:
        def before(info: Any) -> None:
            retarget_task(shell.user_ns, getattr(info, "raw_cell", "") or "", make_task)

        shell.events.register("pre_run_cell", before)
        _HOOKED.add(id(shell))
    return True
