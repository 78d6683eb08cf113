"""The table server's gate for seat tokens: wrong tokens space out every later try at that seat and table, from anywhere.

A seat token is 6 letters (about 30 bits). A lockout per client address does not
hold at the table server: behind a proxy or on a one-machine hub every pupil may
share one address (one guesser would lock the whole class out of a seat), and a
guesser with many addresses would escape it. So the gate counts wrong tokens per
**seat** and per **table**, whoever sends them, and once a key has had
``free`` wrong tokens every later try at it — right or wrong, from any address —
waits its turn: one try per ``spacing`` seconds, the spacing doubling with each
further wrong token up to ``MOST_SPACING``. A right token always gets in once its
turn comes (the wait is bounded), and a guesser gets at most one try per
``MOST_SPACING`` per seat, however many addresses or connections it uses. A try
whose turn is further off than ``MOST_WAIT`` is refused at once (the board says
to try again), so no request waits long. A key with no wrong token for
``forget_seconds`` starts afresh; the gate keeps at most ``MOST_KEYS`` keys.

>>> clock = [0.0]
>>> gate = SeatGate(free=1, forget_seconds=60, clock=lambda: clock[0])
>>> keys = [("seat", "ABCDEF", 0)]
>>> gate.admit(keys), gate.failed(keys), gate.failed(keys)
(0.0, None, None)
>>> gate.admit(keys), gate.admit(keys)  # two tries: the second waits its turn
(0.0, 0.25)
>>> gate.failed(keys); gate.admit(keys)
0.5
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

from pokelab.classroom import ClassAccessError
from pokelab.words import _

log = logging.getLogger("pokelab.classroom")  # the class store's log, where its refusals are

__all__ = ["MOST_SPACING", "MOST_WAIT", "SeatGate"]

#: The first spacing between tries once a key's free wrong tokens are used up (seconds) ...
FIRST_SPACING = 0.25
#: ... doubled with each further wrong token up to this: at most one guess per 2 s per seat and per table.
MOST_SPACING = 2.0
#: A try whose turn is further off than this is refused at once instead of waiting (seconds).
MOST_WAIT = 6.0
#: The most keys (seats and tables) the gate remembers; the one unused longest is forgotten first.
MOST_KEYS = 20_000


@dataclass(slots=True)
class _Key:
    wrong: int = 0
    last_wrong: float = 0.0
    next_turn: float = 0.0


class SeatGate:
    """Wrong seat tokens counted per seat and per table, whoever sends them; a try at a key past its free ones waits its turn.

    ``free``: wrong tokens a key may have before its tries are spaced
    (``Limits.free_failures``); ``forget_seconds``: how long after its last
    wrong token a key starts afresh (``Limits.max_lockout_seconds``). Thread-safe.

    >>> gate = SeatGate(free=0, forget_seconds=60, clock=lambda: 0.0)
    >>> for _ in range(20):
    ...     gate.failed([("table", "ABCDEF")])
    >>> [gate.admit([("table", "ABCDEF")]) for _ in range(4)]
    [0.0, 2.0, 4.0, 6.0]
    >>> gate.admit([("table", "ABCDEF")])
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassAccessError: too many wrong seat tokens were tried at this table just now: try again in 8 s
    """

    def __init__(self, *, free: int, forget_seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.free = free
        self.forget_seconds = forget_seconds
        self.clock = clock
        self._keys: OrderedDict[Hashable, _Key] = OrderedDict()
        self._lock = threading.Lock()

    def _spacing(self, key: _Key, now: float) -> float:
        if now - key.last_wrong > self.forget_seconds:
            key.wrong = 0
        over = key.wrong - self.free
        return 0.0 if over <= 0 else min(FIRST_SPACING * 2 ** min(over - 1, 20), MOST_SPACING)

    def admit(self, keys: Sequence[Hashable]) -> float:
        """Take the next turn at every key of one try; the seconds it must wait (``ClassAccessError`` when too long)."""
        with self._lock:
            now = self.clock()
            known = [(self._keys[k], k) for k in keys if k in self._keys]
            spacings = [self._spacing(state, now) for state, _k in known]
            if not any(spacings):
                return 0.0
            turn = max([now, *(state.next_turn for state, _k in known)])
            if turn - now > MOST_WAIT:
                seconds = math.ceil(turn - now)
                log.warning("table server refused a seat token try: its turn is %.0f s off", turn - now)
                raise ClassAccessError(
                    _("too many wrong seat tokens were tried at this table just now: try again in {seconds} s",
                      seconds=seconds),
                )
            for (state, k), spacing in zip(known, spacings, strict=True):
                state.next_turn = turn + spacing
                self._keys.move_to_end(k)
            return turn - now

    def failed(self, keys: Sequence[Hashable]) -> None:
        """Count one wrong seat token against every key of the try."""
        with self._lock:
            now = self.clock()
            for k in keys:
                state = self._keys.get(k)
                if state is None:
                    state = self._keys[k] = _Key()
                    while len(self._keys) > MOST_KEYS:
                        self._keys.popitem(last=False)
                self._spacing(state, now)  # an old count is forgotten first
                state.wrong += 1
                state.last_wrong = now
                self._keys.move_to_end(k)
        if any(self._keys[k].wrong == self.free + 1 for k in keys if k in self._keys):
            log.warning("table server spaces the tries at a seat or table after %d wrong seat tokens", self.free + 1)
