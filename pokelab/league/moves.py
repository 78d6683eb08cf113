"""One move of a pupil's bot, computed in its author's kernel with a time limit, or a default move and the reason.

``timed_choose`` runs the bot's ``choose(view, legal, rng)`` in a worker
thread and waits at most ``seconds`` for it. The bot is given copies: its
seat's view (a deep copy of ``Table.view(seat)["observation"]``, never another
seat's hidden cards), the legal actions and a seeded ``random.Random`` — nothing
that leads to the table, the store or another seat. A bot that raises, runs
out of time, returns something that is not one of the legal actions, or is
still busy with an earlier move (a thread cannot be stopped: the runner never
starts a second one for the same bot) gets ``Outcome.action = None`` and a
``problem``: a catalogue text for its author, in their language.

>>> import random
>>> class First:
...     def choose(self, view, legal, rng):
...         return legal[0]
>>> timed_choose(First(), {}, ["a", "b"], random.Random(0), 1.0).action
'a'
>>> out = timed_choose(lambda *a: None, {}, ["a"], random.Random(0), 1.0)
Traceback (most recent call last):
...
TypeError: a bot has choose(view, legal, rng), not <function <lambda> at ...>
"""

from __future__ import annotations

import copy
import random
import threading
import time
import traceback
from dataclasses import dataclass
from typing import Any

from pokelab.bots import RandomBot
from pokelab.words import Text, _

__all__ = ["Outcome", "Worker", "default_move", "timed_choose"]

#: Characters of a bot's traceback kept for its author.
TRACEBACK_CHARS = 2000


@dataclass(frozen=True)
class Outcome:
    """What a bot's ``choose`` came to: ``action`` (one of the legal actions) or ``None`` with ``kind`` and ``problem``."""

    action: Any
    kind: str | None = None  # timeout, error, memory, illegal
    problem: Text | None = None
    seconds: float = 0.0


class Worker:
    """The one thread a bot may be thinking in (one per entry); a bot still thinking blocks no one but gets no new move."""

    def __init__(self) -> None:
        self.thread: threading.Thread | None = None

    def busy(self) -> bool:
        return self.thread is not None and self.thread.is_alive()


def timed_choose(
    bot: Any, view: Any, legal: list[Any], rng: random.Random, seconds: float, worker: Worker | None = None
) -> Outcome:
    """``bot.choose`` on copies of ``view`` and ``legal`` in a worker thread, waited for at most ``seconds``.

    >>> import time
    >>> class Sleepy:
    ...     def choose(self, view, legal, rng):
    ...         time.sleep(0.3)
    >>> out = timed_choose(Sleepy(), {}, ["a"], random.Random(0), 0.05)
    >>> out.action, out.kind
    (None, 'timeout')
    """
    if not callable(getattr(bot, "choose", None)):
        raise TypeError(f"a bot has choose(view, legal, rng), not {bot!r}")
    worker = Worker() if worker is None else worker
    if worker.busy():
        return Outcome(None, "timeout", _(
            "your bot is still working on an earlier move (it ran out of time then): a default move was played"
        ))
    done = threading.Event()
    answer: dict[str, Any] = {}
    given_view, given_legal = copy.deepcopy(view), list(legal)

    def think() -> None:
        try:
            answer["action"] = bot.choose(given_view, given_legal, rng)
        except MemoryError:  # the kernel's own limit (a hub's per-server memory): what it held is freed by now
            answer["memory"] = True
        except BaseException:
            answer["error"] = traceback.format_exc()[-TRACEBACK_CHARS:]
        finally:
            done.set()

    start = time.perf_counter()
    worker.thread = threading.Thread(target=think, name="league-bot", daemon=True)
    worker.thread.start()
    finished = done.wait(seconds)
    spent = time.perf_counter() - start
    if not finished:
        return Outcome(None, "timeout", _(
            "your bot took longer than {seconds} s to choose a move: a default move was played", seconds=seconds,
        ), spent)
    if "memory" in answer:
        return Outcome(None, "memory", _(
            "your bot asked for more memory than its kernel may have, so a default move was played "
            "(keep what it stores between moves small)"
        ), spent)
    if "error" in answer:
        return Outcome(None, "error", _(
            "your bot raised an error, so a default move was played:\n{traceback}", traceback=answer["error"],
        ), spent)
    action = answer.get("action")
    if not any(_same(action, one) for one in legal):
        return Outcome(action, "illegal", None, spent)  # the caller asks the table why (the rule ID)
    return Outcome(action, None, None, spent)


def _same(a: Any, b: Any) -> bool:
    try:
        return bool(type(a) is type(b) and a == b)
    except Exception:
        return False


def default_move(view: Any, legal: list[Any], seed: str) -> Any:
    """The legal move played for a bot that gave none: the kit's random bot, seeded by the game and move.

    >>> default_move({}, ["a", "b", "c"], "K7M2QX:3") == default_move({}, ["a", "b", "c"], "K7M2QX:3")
    True
    >>> default_move({}, [], "x")
    Traceback (most recent call last):
    ...
    ValueError: no legal move to play
    """
    if not legal:
        raise ValueError("no legal move to play")
    return RandomBot().choose(view, list(legal), random.Random(seed))
