"""The fitted correction of a two-player win share from the seated bots' playouts (issue 30).

The seated playouts (``win_probabilities(..., bots=(a, b))``) play greedy and
random as themselves, but each mcts bot by a stand-in that is weaker than its
real search (``pokelab.analysis.playouts``), so they under-rate a seat the real
mcts bot plays. The correction, for the mover's share of ``n`` playouts won::

    share  = (wins + 1/2) / (n + 1)                       # never exactly 0 or 1
    chance = sigmoid(slope * logit(share) + shift[mover's bot] - shift[opponent's bot])

``shift`` is how many logits the real bot is stronger than its stand-in
(greedy and random, played by themselves: 0); ``slope`` (near 1) corrects how
sure the shares are. The figures are in ``pokelab/data/calibration/splendor_win.csv``,
fitted by ``scripts/fit_win_calibration.py`` on its own bot games (seeds from
10,000 on, disjoint from the benchmark's); the benchmark
``benchmarks/bench_win_calibration.py`` scores it on other games.

It applies only to two seats whose bots are all in the table (greedy, random
and the fitted mcts bots): ``Correction.applies`` answers False otherwise (three or
four seats, the stated model of a person ``"human"``, any other bot), and the
caller keeps the plain shrink toward the even share (``splendor_win.calibrated``).

>>> c = CORRECTION
>>> c.applies(("greedy", "mcts-hard")), c.applies(("human", "mcts-hard")), c.applies(("greedy",) * 3)
(True, False, False)
>>> round(c.chance(0.5, 100, "greedy", "greedy"), 3)
0.5
>>> c.chance(0.5, 100, "mcts-hard", "greedy") > 0.5 > c.chance(0.5, 100, "greedy", "mcts-hard")
True
>>> c.chance(0.5, 100, "human", "greedy")
Traceback (most recent call last):
...
ValueError: no fitted shift for 'human': the correction applies to greedy, mcts-easy, mcts-hard, mcts-medium, random
"""

from __future__ import annotations

import csv
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from pokelab.errors import InputError
from pokelab.words import _

__all__ = ["CORRECTION", "EXACT", "FITTED", "SHIPPED", "Correction", "load_correction"]

#: The bots whose playouts are stand-ins for their own search: each has a fitted shift.
FITTED = ("mcts-easy", "mcts-medium", "mcts-hard")
#: The bots the playouts play as themselves: shift 0, the reference.
EXACT = ("greedy", "random")
#: The shipped table (``scripts/fit_win_calibration.py --force`` writes it).
SHIPPED: Path = Path(__file__).resolve().parent.parent / "data" / "calibration" / "splendor_win.csv"
#: The columns of the table: ``slope`` (policy empty) once, ``shift`` once per ``FITTED`` bot.
FIELDS = ("parameter", "policy", "value")
#: The largest slope and shift a table may hold (a fit outside these has gone wrong).
MOST_SLOPE = 5.0
MOST_SHIFT = 5.0


@dataclass(frozen=True)
class Correction:
    """A fitted slope and per-bot logit shifts (``shifts`` holds every bot it applies to, ``EXACT`` ones at 0).

    >>> Correction(1.0, {"greedy": 0.0}).chance(0.25, 100, "greedy", "greedy") == (25.5 / 101)
    True
    """

    slope: float
    shifts: Mapping[str, float]

    def applies(self, bots: Sequence[str] | None) -> bool:
        """Whether the correction fits these seated bots: two seats, each bot in the table."""
        return bots is not None and len(bots) == 2 and all(b in self.shifts for b in bots)

    def chance(self, share: float, playouts: int, mover: str, other: str) -> float:
        """The mover's calibrated chance for a share of ``playouts`` won (``share`` from 0 to 1)."""
        for bot in (mover, other):
            if bot not in self.shifts:
                raise ValueError(f"no fitted shift for {bot!r}: the correction applies to "
                                 f"{', '.join(sorted(self.shifts))}")
        q = (share * playouts + 0.5) / (playouts + 1)
        z = self.slope * math.log(q / (1 - q)) + self.shifts[mover] - self.shifts[other]
        return 1 / (1 + math.exp(-z))


def _read_rows(path: Path) -> list[list[str]]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(_("cannot read the calibration table {path}: {error}", path=str(path),
                           error=exc.strerror or str(exc))) from None
    rows = list(csv.reader(text.splitlines()))
    header = tuple(cell.strip() for cell in rows[0]) if rows else ()
    if header != FIELDS:
        raise InputError(_("{path}: row 1: the header must be {expected}, got {got}", path=str(path),
                           expected=",".join(FIELDS), got=",".join(header)))
    return rows


def load_correction(path: str | Path = SHIPPED) -> Correction:
    """Read and check a calibration table; every bad row is refused naming its row (the header is row 1).

    >>> load_correction().shifts["greedy"]
    0.0
    >>> import tempfile, os
    >>> with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False, encoding="utf-8") as f:
    ...     _ = f.write("parameter,policy,value\\nslope,,1.0\\nshift,chess,0.5\\n")
    >>> load_correction(f.name)
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: ...: row 3: a shift is for one of mcts-easy, mcts-medium, mcts-hard, got 'chess'
    >>> os.unlink(f.name)
    """
    path = Path(path)
    slope: float | None = None
    shifts: dict[str, float] = dict.fromkeys(EXACT, 0.0)
    fitted: set[str] = set()
    for number, row in enumerate(_read_rows(path)[1:], start=2):
        if not row or all(not cell.strip() for cell in row):
            continue
        if len(row) != len(FIELDS):
            raise InputError(_("{path}: row {row}: expected {n} fields, got {got}", path=str(path),
                               row=number, n=len(FIELDS), got=len(row)))
        parameter, policy, text = (cell.strip() for cell in row)
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not math.isfinite(value):
            raise InputError(_("{path}: row {row}: the value must be a number, got {got!r}", path=str(path),
                               row=number, got=text))
        if parameter == "slope" and slope is None and not policy:
            if not 0 < value <= MOST_SLOPE:
                raise InputError(_("{path}: row {row}: the slope must be above 0 and at most {most}, got {got}",
                                   path=str(path), row=number, most=MOST_SLOPE, got=value))
            slope = value
        elif parameter == "shift" and policy in FITTED and policy not in fitted:
            if not abs(value) <= MOST_SHIFT:
                raise InputError(_("{path}: row {row}: a shift must be from -{most} to {most}, got {got}",
                                   path=str(path), row=number, most=MOST_SHIFT, got=value))
            shifts[policy] = value
            fitted.add(policy)
        elif parameter == "shift":
            raise InputError(_("{path}: row {row}: a shift is for one of {names}, got {got!r}", path=str(path),
                               row=number, names=", ".join(FITTED), got=policy)
                             if policy not in FITTED else
                             _("{path}: row {row}: a second shift for {name}", path=str(path), row=number,
                               name=policy))
        else:
            raise InputError(_("{path}: row {row}: expected one slope row (policy empty) and shift rows, "
                               "got {got!r}", path=str(path), row=number, got=",".join((parameter, policy))))
    missing = [b for b in FITTED if b not in fitted]
    if slope is None or missing:
        raise InputError(_("{path}: the table needs a slope row and a shift for each of {names}",
                           path=str(path), names=", ".join(FITTED)))
    return Correction(slope, MappingProxyType(shifts))


#: The shipped correction (``SHIPPED``).
CORRECTION: Correction = load_correction()
