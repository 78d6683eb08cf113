"""The exact game tree of one player's round: chance over token counts, discards, the redraw.

Internal engine of ``expected_points`` and ``best_discard``. Only the counts of
tokens matter until the last token (HC-C2: gray cards look at the last one
only), so a chance node enumerates the multisets a wave can bring, weighted
by the multivariate hypergeometric law, and the last token is drawn alone.
Colours no card in the hand mentions are lumped into one group.

All values are integers over a denominator shared by every node of the same
depth (the product of ``C(pool, wave)`` of the chance nodes above it), so a
decision node compares plain integers and the result is an exact fraction.

The redraw (HC-R4) after the last token: the player asks for it when the
expected value of a fresh last token beats the current one; it happens with
chance ``agree`` (1: the player decides, as the leader does in the
``redraw="leader"`` variant or when the table always agrees; 0: never). The
fresh token is drawn from the bag minus the first ``draws - 1`` tokens — the
same law as the original last token. The token put back has appeared (HC-C2):
after a redraw every purple card of its colour is broken (``killed_by``), so
a redraw can rescue a gray card but never a purple one.

>>> from fractions import Fraction
>>> solver = Solver([(Fraction(3), [("last", 0)])], (6, 5, 4, 3, 2), 10, Fraction(0))
>>> solver.expected(1, (0, 0), (10,))  # a gray "last red" card worth 3: 3 × 6/20
Fraction(9, 10)
>>> purple = Solver([(Fraction(2), [("never", 4)])], (6, 5, 4, 3, 2), 10, Fraction(1))
>>> purple.known_last(1, (0, 9), 0)  # groups (purple, other); the last token is purple: the card is lost, redraw or not
Fraction(0, 1)

Inputs are not checked here: the public callers (``expected_points``,
``advise_discard``) check them and raise ``ValueError`` first.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb, lcm
from operator import add

from pokelab.odds.inputs import Part

__all__ = ["Solver"]

# A compiled card: (value, groups that must be empty, groups that must be complete, last group).
# last group: None = no constraint, -1 = impossible (two different last colours).
_Compiled = tuple[int, tuple[int, ...], tuple[int, ...], int | None]


def _multisets(left: tuple[int, ...], size: int) -> list[tuple[tuple[int, ...], int]]:
    """Every way to draw ``size`` tokens from groups holding ``left``: (counts, number of ways)."""
    out: list[tuple[tuple[int, ...], int]] = []
    n = len(left)

    def rec(i: int, remaining: int, acc: list[int], ways: int) -> None:
        if i == n - 1:
            if remaining <= left[i]:
                out.append(((*acc, remaining), ways * comb(left[i], remaining)))
            return
        for k in range(min(remaining, left[i]) + 1):
            acc.append(k)
            rec(i + 1, remaining - k, acc, ways * comb(left[i], k))
            acc.pop()

    rec(0, size, [], 1)
    return out


class Solver:
    """Expectimax over one player's rest of the round, for a fixed hand and bag.

    ``cards`` are (value, parts) with parts as (kind, colour index);
    ``counts`` is the bag per colour; ``agree`` the chance a requested redraw happens.
    """

    def __init__(
        self,
        cards: Sequence[tuple[Fraction, Sequence[Part]]],
        counts: Sequence[int],
        draws: int,
        agree: Fraction,
    ) -> None:
        colours = sorted({c for _, parts in cards for _, c in parts})
        group_of = {c: g for g, c in enumerate(colours)}
        other = sum(counts[c] for c in range(len(counts)) if c not in group_of)
        self.sizes: tuple[int, ...] = tuple(counts[c] for c in colours) + ((other,) if other else ())
        self.group_of = group_of
        self.other = len(colours) if other else None
        self.draws = draws
        self.total = sum(counts)
        self.agree = Fraction(agree)
        self.scale = lcm(*(Fraction(v).denominator for v, _ in cards)) if cards else 1
        self.cards: list[_Compiled] = [self._compile(v, parts) for v, parts in cards]
        # Per group: the cards a token of that group breaks once it has appeared (HC-C2).
        self.killed_by: tuple[int, ...] = tuple(
            sum(1 << i for i, card in enumerate(self.cards) if g in card[1])
            for g in range(len(self.sizes))
        )
        self.memo: dict[tuple, int] = {}
        self._ms_memo: dict[tuple, list[tuple[tuple[int, ...], int]]] = {}
        self._alive_memo: dict[tuple[int, ...], int] = {}
        self._ach_memo: dict[tuple[int, ...], tuple[int, ...]] = {}
        self._best_memo: dict[int, int] = {}
        self._next_memo: dict[tuple, list[tuple[tuple[int, ...], int]]] = {}

    # --- inputs ---------------------------------------------------------------------------

    def _compile(self, value: Fraction, parts: Sequence[Part]) -> _Compiled:
        empty, full = set(), set()
        last: int | None = None
        for kind, colour in parts:
            g = self.group_of[colour]
            if kind == "never":
                empty.add(g)
            elif kind == "all":
                full.add(g)
            elif last is None or last == g:
                last = g
            else:
                last = -1
        return (int(value * self.scale), tuple(sorted(empty)), tuple(sorted(full)), last)

    def group_counts(self, colour_counts: Sequence[int]) -> tuple[int, ...]:
        """Per-colour counts lumped into this solver's groups."""
        out = [colour_counts[c] for c in sorted(self.group_of)]
        if self.other is not None:
            out.append(sum(n for c, n in enumerate(colour_counts) if c not in self.group_of))
        return tuple(out)

    def group_of_colour(self, colour: int) -> int:
        g = self.group_of.get(colour)
        return self.other if g is None else g  # type: ignore[return-value]

    # --- scoring --------------------------------------------------------------------------

    def achieved(self, before_last: tuple[int, ...]) -> tuple[int, ...]:
        """For each group of the last token: the bit mask of cards achieved (HC-R5)."""
        got = self._ach_memo.get(before_last)
        if got is not None:
            return got
        sizes = self.sizes
        out = []
        for last in range(len(sizes)):
            bits = 0
            for i, (_value, empty, full, need_last) in enumerate(self.cards):
                if need_last is not None and need_last != last:
                    continue
                if any(before_last[g] + (g == last) for g in empty):
                    continue
                if any(before_last[g] + (g == last) != sizes[g] for g in full):
                    continue
                bits |= 1 << i
            out.append(bits)
        got = self._ach_memo[before_last] = tuple(out)
        return got

    def best_of(self, bits: int) -> int:
        """Scaled value of the best card among ``bits``: at most one card scores (HC-R6)."""
        got = self._best_memo.get(bits)
        if got is None:
            got = max((v for i, (v, *_r) in enumerate(self.cards) if bits >> i & 1), default=0)
            self._best_memo[bits] = got
        return got

    def score(self, mask: int, before_last: tuple[int, ...], last: int) -> int:
        """Scaled points of the hand ``mask`` when the first tokens are ``before_last`` and the last is ``last``."""
        return self.best_of(self.achieved(before_last)[last] & mask)

    def _multisets(self, left: tuple[int, ...], size: int) -> list[tuple[tuple[int, ...], int]]:
        key = (left, size)
        got = self._ms_memo.get(key)
        if got is None:
            got = self._ms_memo[key] = _multisets(left, size)
        return got

    def _nexts(self, drawn: tuple[int, ...], size: int) -> list[tuple[tuple[int, ...], int]]:
        """Every count vector after drawing ``size`` more tokens, with its number of ways."""
        key = (drawn, size)
        got = self._next_memo.get(key)
        if got is None:
            left = tuple(s - d for s, d in zip(self.sizes, drawn, strict=True))
            got = [(tuple(map(add, drawn, k)), ways) for k, ways in self._multisets(left, size)]
            self._next_memo[key] = got
        return got

    # --- nodes (numerators; see the module docstring for the shared denominators) ---------

    def redraw_mean(self, mask: int, before_last: tuple[int, ...], returned: int) -> int:
        """Expected scaled score × pool after the last token (group ``returned``) is put back and redrawn.

        The returned token has appeared: the cards it breaks (``killed_by``) cannot score (HC-C2).
        """
        left = [s - d for s, d in zip(self.sizes, before_last, strict=True)]
        still = mask & ~self.killed_by[returned]
        best_of = self.best_of
        return sum(
            n * best_of(bits & still)
            for n, bits in zip(left, self.achieved(before_last), strict=True)
            if n
        )

    def last_node(self, mask: int, before_last: tuple[int, ...]) -> int:
        """Value of drawing the last token then deciding the redraw; denominator ``b·P²``."""
        key = ("L", mask, before_last)  # mask: the live cards (dead ones never score)
        got = self.memo.get(key)
        if got is not None:
            return got
        left = [s - d for s, d in zip(self.sizes, before_last, strict=True)]
        pool = sum(left)
        best_of = self.best_of
        achieved = self.achieved(before_last)
        scores = [best_of(bits & mask) for bits in achieved]
        mean = sum(n * s for n, s in zip(left, scores, strict=True))  # redraw keeping every card
        a, b = self.agree.numerator, self.agree.denominator
        killed_by = self.killed_by
        value = 0
        for g, (n, s) in enumerate(zip(left, scores, strict=True)):
            if not n:
                continue
            after = mean if not mask & killed_by[g] else self.redraw_mean(mask, before_last, g)
            value += n * (b * pool * s + a * max(0, after - pool * s))
        self.memo[key] = value
        return value

    def known_last(self, mask: int, before_last: tuple[int, ...], last: int) -> Fraction:
        """Expected points once every token is shown: keep, or ask for the redraw (HC-R4)."""
        pool = self.total - sum(before_last)
        kept = self.score(mask, before_last, last)
        mean = self.redraw_mean(mask, before_last, last)
        a, b = self.agree.numerator, self.agree.denominator
        return Fraction(b * pool * kept + a * max(0, mean - pool * kept), b * pool * self.scale)

    def redraw_gain(self, mask: int, before_last: tuple[int, ...], last: int) -> Fraction:
        """Expected points of a redraw minus the points kept without it."""
        pool = self.total - sum(before_last)
        kept = self.score(mask, before_last, last)
        mean = self.redraw_mean(mask, before_last, last)
        return Fraction(mean - pool * kept, pool * self.scale)

    def alive(self, drawn: tuple[int, ...]) -> int:
        """Bit mask of the cards that can still score after the tokens ``drawn`` (per group).

        A dead card (no points, impossible condition, a "never" colour already
        drawn, an "all" colour with too few draws left, a "last" colour used up)
        is the card to discard: keeping it can never beat keeping any other.
        """
        got = self._alive_memo.get(drawn)
        if got is not None:
            return got
        sizes = self.sizes
        rem = self.draws - sum(drawn)
        mask = 0
        for i, (value, empty, full, need_last) in enumerate(self.cards):
            if value <= 0 or need_last == -1:
                continue
            if any(drawn[g] for g in empty):
                continue
            if any(sizes[g] - drawn[g] > rem for g in full):
                continue
            if need_last is not None and rem > 0 and (
                sizes[need_last] == drawn[need_last] or need_last in empty
            ):
                continue
            mask |= 1 << i
        self._alive_memo[drawn] = mask
        return mask

    def canonical(self, mask: int, drawn: tuple[int, ...]) -> tuple[int, int]:
        """(live cards, number of dead cards) of the hand ``mask``: all that its value depends on."""
        live = mask & self.alive(drawn)
        return live, mask.bit_count() - live.bit_count()

    def chance(self, live: int, dead: int, drawn: tuple[int, ...], waves: tuple[int, ...]) -> int:
        """Value of drawing ``waves[0]`` next, then the rest (discarding 1 after each but the last).

        The hand is ``live`` (bit mask) plus ``dead`` cards that can no longer score.
        """
        key = (live, dead, drawn, waves)
        got = self.memo.get(key)
        if got is not None:
            return got
        wave = waves[0]
        total = 0
        if waves == (1,):
            total = self.last_node(live, drawn)
        elif len(waves) == 1:
            for nxt, ways in self._nexts(drawn, wave - 1):
                total += ways * self.last_node(live, nxt)
        else:
            rest = waves[1:]
            decide = self.decide
            for nxt, ways in self._nexts(drawn, wave):
                total += ways * decide(live, dead, nxt, rest)
        self.memo[key] = total
        return total

    def decide(self, live: int, dead: int, drawn: tuple[int, ...], waves: tuple[int, ...]) -> int:
        """Best value of discarding one card now, with ``waves`` still to draw."""
        still = live & self.alive(drawn)
        dead += live.bit_count() - still.bit_count()
        if dead:
            return self.chance(still, dead - 1, drawn, waves)
        key = ("D", still, drawn, waves)
        got = self.memo.get(key)
        if got is not None:
            return got
        if waves == (1,):  # the last discard: the last token comes next
            last_node = self.last_node
            best = max(last_node(still & ~(1 << i), drawn) for i in range(len(self.cards)) if still >> i & 1)
            self.memo[key] = best
            return best
        best = max(
            self.chance(still & ~(1 << i), 0, drawn, waves)
            for i in range(len(self.cards))
            if still >> i & 1
        )
        self.memo[key] = best
        return best

    def denominator(self, drawn_n: int, waves: tuple[int, ...]) -> int:
        """The shared denominator of ``chance`` numerators after ``drawn_n`` tokens with ``waves`` to come."""
        den = self.scale * self.agree.denominator
        pool = self.total - drawn_n
        for wave in waves[:-1]:
            den *= comb(pool, wave)
            pool -= wave
        den *= comb(pool, waves[-1] - 1)
        pool -= waves[-1] - 1
        return den * pool * pool

    def expected(self, mask: int, drawn: tuple[int, ...], waves: tuple[int, ...]) -> Fraction:
        """Expected points of holding ``mask`` with ``waves`` to draw, as an exact fraction."""
        live, dead = self.canonical(mask, drawn)
        return Fraction(self.chance(live, dead, drawn, waves), self.denominator(sum(drawn), waves))

