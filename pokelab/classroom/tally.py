"""The whole-class "draw from the bag" experiment: tallies of real or simulated rounds against the exact odds.

Each group draws a round of 10 tokens (waves of 4, 3, 2, 1: HC-C3) from the
bag (HC-C1) and records it; a button may also draw rounds with a seeded RNG.
A ``ClassTally`` keeps every round (a frozen value: recording returns a new
tally) and compares how often each *event* happened with its exact chance
from ``pokelab.odds``. As the rounds pile up the gap between the two shrinks,
roughly like ``sqrt(p (1 - p) / n)``.

Events are the target-card conditions (``last:red``, ``never:purple``,
``all:purple``, joined by ``&``) plus ``any:COLOUR`` — "at least one token of
that colour is drawn" — so a class can see that "at least one purple" is far
likelier than "every purple".

>>> tally = ClassTally.new(seed=3).simulate(2000)
>>> row = tally.table(["last:red"]).iloc[0]
>>> row["exact"], int(row["rounds"]), bool(row["inside"])
('3/10', 2000, True)
>>> tally.record(["red"] * 9)
Traceback (most recent call last):
...
pokelab.errors.IllegalAction: [HC-C3] a round has 10 tokens (waves of 4, 3, 2 and 1), but 9 were entered
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pokelab.classroom.errors import ClassroomError
from pokelab.classroom.rounds import (
    DEFAULT_EVENTS,
    MAX_SIMULATED,
    SIMULATED,
    Event,
    _events,
    check_round,
    parse_event,
)
from pokelab.herecomes.bag import draw_round, validate_bag
from pokelab.herecomes.pieces import COLOURS
from pokelab.stats import wilson_interval
from pokelab.words import _, _p, check_lang

__all__ = ["ClassTally"]

#: The columns of ``ClassTally.table`` (rendered in the reader's language).
_TABLE_COLUMNS = (
    _p("class table column", "event"),
    _p("class table column", "meaning"),
    _p("class table column", "rounds"),
    _p("class table column", "happened"),
    _p("class table column", "observed"),
    _p("class table column", "exact"),
    _p("class table column", "p"),
    _p("class table column", "gap"),
    _p("class table column", "low"),
    _p("class table column", "high"),
    _p("class table column", "inside"),
)
#: The columns of ``ClassTally.by_group``.
_GROUP_COLUMNS = (
    _p("class table column", "group"),
    _TABLE_COLUMNS[2],
    _TABLE_COLUMNS[3],
    _TABLE_COLUMNS[4],
    _TABLE_COLUMNS[5],
)


@dataclass(frozen=True, slots=True)
class ClassTally:
    """Every round the class recorded or simulated, oldest first; recording returns a new tally.

    ``bag`` is the composition (colour -> count), ``rounds`` the final tokens of
    each round in draw order, ``groups`` who recorded each round (``SIMULATED``
    for the computer), ``seed`` the seed of simulated rounds: round number
    ``i`` drawn by the computer always comes out the same, however the rounds
    were batched.

    >>> t = ClassTally.new().record(["red"] * 6 + ["blue"] * 4, group="Team A")
    >>> t.n, t.groups, t.last_counts()["blue"]
    (1, ('Team A',), 1)
    """

    bag: Mapping[str, int]
    rounds: tuple[tuple[str, ...], ...] = ()
    groups: tuple[str, ...] = ()
    seed: int = 0

    @classmethod
    def new(cls, bag: Mapping[str, int] | None = None, *, seed: int = 0) -> ClassTally:
        """An empty tally for ``bag`` (default: ``DEFAULT_BAG``).

        >>> ClassTally.new({"red": 5}).n
        Traceback (most recent call last):
        ...
        pokelab.errors.InputError: the bag holds 5 tokens but a round draws 10: add at least 5 more
        """
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise ValueError(f"seed must be a whole number ≥ 0, got {seed!r}")
        return cls(validate_bag(bag), (), (), seed)

    @property
    def n(self) -> int:
        """How many rounds are tallied."""
        return len(self.rounds)

    def record(self, tokens: Sequence[Any], group: str = "") -> ClassTally:
        """Add one round entered by ``group`` (checked by ``check_round``; raises ``IllegalAction``)."""
        colours = check_round(tokens, self.bag)
        return ClassTally(self.bag, (*self.rounds, colours), (*self.groups, str(group)), self.seed)

    def simulate(self, n: int, group: str = SIMULATED) -> ClassTally:
        """Add ``n`` rounds drawn by the computer (round ``i`` uses ``random.Random(f"{seed}:{i}")``).

        >>> ClassTally.new().simulate(0)
        Traceback (most recent call last):
        ...
        pokelab.classroom.errors.ClassroomError: simulate between 1 and 100000 rounds at a time, not 0
        """
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_SIMULATED:
            raise ClassroomError(
                _("simulate between 1 and {most} rounds at a time, not {n}", most=MAX_SIMULATED, n=repr(n)),
            )
        start = self.n
        drawn = tuple(
            draw_round(self.bag, random.Random(f"{self.seed}:{i}")) for i in range(start, start + n)
        )
        return ClassTally(self.bag, self.rounds + drawn, self.groups + (str(group),) * n, self.seed)

    def undo(self) -> ClassTally:
        """The tally without its last round (a mistyped entry); raises ``ValueError`` when empty."""
        if not self.rounds:
            raise ClassroomError(_("there is no round to take back"))
        return ClassTally(self.bag, self.rounds[:-1], self.groups[:-1], self.seed)

    def colour_counts(self) -> dict[str, int]:
        """How many tokens of each colour were drawn over all rounds."""
        totals = dict.fromkeys(COLOURS, 0)
        for tokens in self.rounds:
            for t in tokens:
                totals[t] += 1
        return totals

    def last_counts(self) -> dict[str, int]:
        """How often each colour was the last token (on order card 4)."""
        totals = dict.fromkeys(COLOURS, 0)
        for tokens in self.rounds:
            totals[tokens[-1]] += 1
        return totals

    def hits(self, event: str | Event) -> list[bool]:
        """Whether ``event`` happened in each round, oldest first."""
        e = parse_event(event)
        return [e._holds(tokens, self.bag) for tokens in self.rounds]

    def table(
        self,
        events: Iterable[str | Event] = DEFAULT_EVENTS,
        *,
        lang: str = "en",
        confidence: float = 0.95,
    ) -> Any:
        """Observed frequency against the exact chance for each event, as a pandas DataFrame.

        Columns (``lang="en"``): event, meaning, rounds, happened, observed
        (frequency, NaN before any round), exact (text fraction), p (float),
        gap (observed − p), low/high (Wilson interval at ``confidence``) and
        inside (whether p lies in it). Another ``lang`` translates columns and meanings.

        >>> ClassTally.new().table(["never:purple"], lang="zh").iloc[0]["精确概率"]
        '9/38'
        """
        import pandas as pd  # lazy: pandas is slow to import; only a table needs it

        check_lang(lang)
        rows = []
        for e in _events(events):
            p = e.exact(self.bag)
            happened = sum(self.hits(e))
            if self.n:
                observed = happened / self.n
                low, high = wilson_interval(happened, self.n, confidence)
                gap, inside = observed - float(p), bool(low <= p <= high)
            else:
                observed = gap = low = high = math.nan
                inside = False
            rows.append(
                (
                    e.code,
                    e.describe(lang),
                    self.n,
                    happened,
                    observed,
                    str(p),
                    float(p),
                    gap,
                    low,
                    high,
                    inside,
                )
            )
        return pd.DataFrame(rows, columns=[c.render(lang) for c in _TABLE_COLUMNS])

    def history(self, events: Iterable[str | Event] = DEFAULT_EVENTS, *, points: int = 200) -> Any:
        """The running frequency of each event after 1, 2, … n rounds: data for the "gap shrinks" chart.

        A long DataFrame with columns event, rounds, observed, p, gap
        (|observed − p|) and typical_gap (``sqrt(p (1 − p) / rounds)``, the
        size of gap chance alone gives). At most about ``points`` rows per
        event, spread evenly over the rounds (the last round always included).

        >>> h = ClassTally.new(seed=1).simulate(400).history(["last:red"], points=4)
        >>> h["rounds"].tolist(), round(float(h["typical_gap"].iloc[-1]), 4)
        ([100, 200, 300, 400], 0.0229)
        """
        import pandas as pd  # lazy: pandas is slow to import; only a table needs it

        if isinstance(points, bool) or not isinstance(points, int) or points < 1:
            raise ValueError(f"points must be a whole number ≥ 1, got {points!r}")
        step = max(1, math.ceil(self.n / points))
        marks = set(range(step, self.n + 1, step)) | ({self.n} if self.n else set())
        rows = []
        for e in _events(events):
            p = float(e.exact(self.bag))
            running = 0
            for i, hit in enumerate(self.hits(e), start=1):
                running += hit
                if i in marks:
                    observed = running / i
                    rows.append(
                        (e.code, i, observed, p, abs(observed - p), math.sqrt(p * (1 - p) / i))
                    )
        return pd.DataFrame(
            rows, columns=["event", "rounds", "observed", "p", "gap", "typical_gap"]
        )

    def by_group(self, event: str | Event, *, lang: str = "en") -> Any:
        """Each group's own frequency of ``event`` beside the whole class's: small samples scatter.

        Columns (``lang="en"``): group, rounds, happened, observed, exact;
        the last row is the whole class (``"whole class"``, in ``lang``).

        >>> t = ClassTally.new().record(["purple"] * 2 + ["red"] * 6 + ["blue"] * 2, "A").record(["red"] * 6 + ["blue"] * 4, "B")
        >>> t.by_group("any:purple")["observed"].tolist()
        [1.0, 0.0, 0.5]
        """
        import pandas as pd  # lazy: pandas is slow to import; only a table needs it

        check_lang(lang)
        e = parse_event(event)
        hits = self.hits(e)
        exact = str(e.exact(self.bag))
        order: dict[str, list[bool]] = {}
        for group, hit in zip(self.groups, hits, strict=True):
            order.setdefault(group, []).append(hit)
        whole = _("whole class").render(lang)
        rows = [(g, len(h), sum(h), sum(h) / len(h), exact) for g, h in order.items()]
        rows.append((whole, self.n, sum(hits), sum(hits) / self.n if self.n else math.nan, exact))
        return pd.DataFrame(rows, columns=[c.render(lang) for c in _GROUP_COLUMNS])

    def after_streak(self, event: str | Event, length: int = 2) -> dict[str, Any]:
        """How often ``event`` happened right after it had happened ``length`` rounds in a row.

        The gambler's fallacy says a streak makes the event "due" to stop (the
        hot-hand fallacy: "hot", to go on); the rounds are independent, so the frequency after a streak
        stays near the exact chance ``p``. Returns ``{"event", "length",
        "after_streak", "happened", "observed", "p"}`` (observed is NaN when no
        streak occurred).

        >>> t = ClassTally.new()
        >>> rounds = [["red"] * 6 + ["blue"] * 4] * 3 + [["blue"] * 5 + ["red"] * 5]
        >>> for r in rounds:
        ...     t = t.record(r)
        >>> s = t.after_streak("last:blue", length=2)
        >>> s["after_streak"], s["happened"]
        (2, 1)
        >>> t.after_streak("last:blue", length=0)
        Traceback (most recent call last):
        ...
        ValueError: a streak is at least 1 round long, got 0
        """
        if isinstance(length, bool) or not isinstance(length, int) or length < 1:
            raise ValueError(f"a streak is at least 1 round long, got {length!r}")
        e = parse_event(event)
        hits = self.hits(e)
        after = happened = 0
        run = 0
        for hit in hits:
            if run >= length:
                after += 1
                happened += hit
            run = run + 1 if hit else 0
        return {
            "event": e.code,
            "length": length,
            "after_streak": after,
            "happened": happened,
            "observed": happened / after if after else math.nan,
            "p": float(e.exact(self.bag)),
        }
