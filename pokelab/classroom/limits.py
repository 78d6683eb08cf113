"""Guessing and flooding: wrong codes and keys are slowed then locked out per source, rounds are capped per group.

A **source** is one ``ClassStore`` object (one kernel: a Voilà page, a pupil's
notebook, the teacher's dashboard) together with what it tries to open:

- join codes: the store as a whole (a guesser changes the code, not the store);
- a teacher key: the store and the class it names;
- a group token: the store, the class and the group;
- a seat token: the store, the table and the seat (``pokelab.tables.seats.seat_source``;
  a wrong ``rejoin`` token counts against every seated human seat of the table).

Each source may fail ``free_failures`` times; every further failure locks it
for ``lockout_seconds``, doubled with each failure up to ``max_lockout_seconds``.
While locked, a request is refused at once, before the database is asked, so a
loop of guesses learns nothing. A right code or key clears the source's count;
a lockout ends by itself, so a class is never blocked for longer than the
cool-down. The clock is injected (``clock=``), so tests never sleep.

``Limits.rounds_per_minute`` caps how many rounds one group adds in any 60
seconds (counted in the database, so every kernel of the group shares it).

>>> t = Throttle(Limits(free_failures=1, lockout_seconds=10), clock=lambda: 0.0)
>>> t.check(("join",)); t.failed(("join",)), t.failed(("join",))
(0.0, 10.0)
>>> t.check(("join",))
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassAccessError: too many wrong tries from here: wait 10 s before trying again
>>> Limits(free_failures=-1)
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassroomError: the limit free_failures is a whole number from 0 to 1000000, not -1
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, fields

from pokelab.classroom.access import log
from pokelab.classroom.errors import ClassAccessError, ClassroomError
from pokelab.words import Text, _

__all__ = ["Limits", "Throttle"]

_MOST = 1_000_000


@dataclass(frozen=True, slots=True)
class Limits:
    """The store's throttles and caps (the defaults are the teacher's guide's).

    - ``free_failures``: wrong codes, keys or tokens a source may send before it is locked out (5);
    - ``lockout_seconds``: the first lockout (30 s), doubled with each further failure …
    - ``max_lockout_seconds``: … up to this (900 s = 15 minutes);
    - ``rounds_per_minute``: most rounds one group adds in any 60 s (30);
    - ``tables_per_pupil``: most unfinished shared tables one pupil (by name) sits at or creates in a class (10).

    >>> Limits().rounds_per_minute
    30
    >>> Limits(rounds_per_minute=0.5)
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: the limit rounds_per_minute is a whole number from 1 to 1000000, not 0.5
    """

    free_failures: int = 5
    lockout_seconds: float = 30.0
    max_lockout_seconds: float = 900.0
    rounds_per_minute: int = 30
    tables_per_pupil: int = 10

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            least = 1 if field.name in ("rounds_per_minute", "tables_per_pupil") else 0
            whole = field.name in ("free_failures", "rounds_per_minute", "tables_per_pupil")
            ok = isinstance(value, int | float) and not isinstance(value, bool)
            ok = ok and math.isfinite(value) and least <= value <= _MOST
            if not ok or (whole and not isinstance(value, int)):
                kind = _("a whole number") if whole else _("a number")
                raise ClassroomError(
                    _("the limit {limit} is {kind} from {least} to {most}, not {value}",
                      limit=field.name, kind=kind, least=least, most=_MOST, value=repr(value)),
                )
        if self.max_lockout_seconds < self.lockout_seconds:
            raise ClassroomError(
                _("the limit max_lockout_seconds ({most}) is below lockout_seconds ({least})",
                  most=self.max_lockout_seconds, least=self.lockout_seconds),
            )


class Throttle:
    """Failure counts and lockouts per source, in memory (one store's; thread-safe).

    >>> t = Throttle(Limits(free_failures=0, lockout_seconds=5), clock=lambda: 100.0)
    >>> t.failed("s"), t.failed("s"), t.locked_for("s")
    (5.0, 10.0, 10.0)
    >>> t.succeeded("s"); t.locked_for("s")
    0.0
    """

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.clock = clock
        self._failures: dict[Hashable, int] = {}
        self._until: dict[Hashable, float] = {}
        self._lock = threading.Lock()

    def locked_for(self, source: Hashable) -> float:
        """Seconds ``source`` still has to wait (0 when it may try)."""
        with self._lock:
            return max(0.0, self._until.get(source, 0.0) - self.clock())

    def check(self, source: Hashable, refusal: Callable[[int], Text] | None = None) -> None:
        """Refuse (``ClassAccessError``) while ``source`` is locked out; nothing otherwise.

        ``refusal(seconds)`` says it for one kind of source (the seats' own words);
        by default "too many wrong tries from here".
        """
        wait = self.locked_for(source)
        if wait > 0:
            log.warning("class store throttled a locked-out source (%s, %.0f s left)", _kind(source), wait)
            seconds = math.ceil(wait)
            raise ClassAccessError(
                refusal(seconds) if refusal is not None
                else _("too many wrong tries from here: wait {seconds} s before trying again", seconds=seconds),
            )

    def failed(self, source: Hashable) -> float:
        """Count a failure of ``source``; return the lockout it now has (0 while failures are free)."""
        with self._lock:
            count = self._failures.get(source, 0) + 1
            self._failures[source] = count
            over = count - self.limits.free_failures
            if over <= 0:
                return 0.0
            wait = min(self.limits.lockout_seconds * 2 ** min(over - 1, 40), self.limits.max_lockout_seconds)
            self._until[source] = self.clock() + wait
            if len(self._failures) > 10_000:  # a store is one kernel: forget the oldest sources
                oldest = next(iter(self._failures))
                self._failures.pop(oldest, None)
                self._until.pop(oldest, None)
        log.warning("class store locked out a source after %d wrong tries (%s, %.0f s)", count, _kind(source), wait)
        return float(wait)

    def succeeded(self, source: Hashable) -> None:
        """A right code or key: ``source`` starts afresh."""
        with self._lock:
            self._failures.pop(source, None)
            self._until.pop(source, None)


def _kind(source: Hashable) -> str:
    """What a source tries (never the secret itself): its first part."""
    return str(source[0]) if isinstance(source, tuple) and source else str(source)
