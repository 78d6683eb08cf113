"""The exact chance of a card's parts from colour counts: the fast core under ``pokelab.odds.exact``.

A card's condition is a list of parts ``(kind, colour index)`` (``"last"``,
``"never"``, ``"all"``; see ``pokelab.odds.inputs.parts_of``); these functions
take the bag, the shown tokens and the tokens put back as counts per colour,
already checked. ``pokelab.odds.exact`` explains the maths and checks the input;
every name here is importable from there.

>>> probability_of_parts([("last", 0), ("never", 4)], (6, 5, 4, 3, 2), (0,) * 5, None, 10)
Fraction(3, 38)
>>> returned_counts("purple", (6, 5, 4, 3, 2), 10)
Traceback (most recent call last):
...
pokelab.errors.InputError: returned must be a sequence of colours, not the string 'purple'
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb

from pokelab.errors import InputError
from pokelab.herecomes.bag import DRAWS_PER_ROUND
from pokelab.odds.inputs import COLOUR_INDEX, Part
from pokelab.words import _

__all__ = ["chance_of_parts", "probability_of_parts", "returned_counts"]


def probability_of_parts(
    parts: Sequence[Part],
    counts: Sequence[int],
    seen: Sequence[int],
    last_shown: int | None,
    draws: int,
) -> Fraction:
    """The chance that every part holds, from checked counts (the fast core of ``probability``).

    ``counts`` is the bag per colour, ``seen`` the shown tokens per colour,
    ``last_shown`` the colour index of the last shown token (used only when
    every token is shown). Parts are ``(kind, colour index)``.

    >>> probability_of_parts([("never", 4)], (6, 5, 4, 3, 2), (0,) * 5, None, 10)
    Fraction(9, 38)
    """
    shown_n = sum(seen)
    r = draws - shown_n  # tokens still to draw
    left = [counts[i] - seen[i] for i in range(len(counts))]
    pool = sum(left)
    fixed: dict[int, int] = {}  # colour -> how many of it the rest of the round must hold
    last: int | None = None
    for kind, colour in parts:
        if kind == "last":
            if last is not None and last != colour:
                return Fraction(0)
            last = colour
            continue
        if kind == "never":
            if seen[colour] > 0:
                return Fraction(0)
            need = 0
        else:  # "all": every token of the colour still in the bag must come out
            need = left[colour]
        if fixed.get(colour, need) != need:
            return Fraction(0)
        fixed[colour] = need
    k_fixed = sum(fixed.values())
    free_pool = pool - sum(left[c] for c in fixed)
    free_draws = r - k_fixed
    if free_draws < 0 or free_draws > free_pool:
        return Fraction(0)
    num = comb(free_pool, free_draws)  # each fixed colour contributes C(left, need) = 1
    den = comb(pool, r)
    if last is not None:
        if r == 0:
            if last_shown != last:
                return Fraction(0)
        elif last in fixed:
            num *= fixed[last]
            den *= r
        else:
            if free_pool == 0:
                return Fraction(0)
            # E[k_last | fixed colours hold their counts] = free_draws * left / free_pool
            num *= free_draws * left[last]
            den *= r * free_pool
    return Fraction(num, den)


def returned_counts(
    returned: Sequence[str], counts: Sequence[int], shown_n: int, draws: int = DRAWS_PER_ROUND
) -> tuple[int, ...]:
    """Count the tokens put back by a redraw this round per colour, checking they could have been drawn.

    A token is put back only after the round's last token is out (HC-R4,
    HC-T2), so ``returned`` needs at least ``draws - 1`` shown tokens (9: the
    redraw's token is being drawn; 10: it is out).

    >>> returned_counts(("purple",), (6, 5, 4, 3, 2), 10)
    (0, 0, 0, 0, 1)
    >>> returned_counts(("purple",), (6, 5, 4, 3, 2), 4)
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: a token is put back only after the round's last token (HC-R4): returned needs at least 9 shown tokens, got 4
    """
    if isinstance(returned, str):
        raise InputError(_('returned must be a sequence of colours, not the string {returned}', returned=repr(returned)))
    back = [0] * len(counts)
    for n, token in enumerate(returned, start=1):
        if token not in COLOUR_INDEX:
            raise InputError(_('unknown token colour {token} among the returned tokens (position {count}); colours are {choices}', token=repr(token), count=n, choices=', '.join(COLOUR_INDEX)))
        back[COLOUR_INDEX[token]] += 1
    if any(back) and shown_n < draws - 1:
        raise InputError(_("a token is put back only after the round's last token (HC-R4): returned needs at least {need} shown tokens, got {shown_n}", need=draws - 1, shown_n=shown_n))
    for i, colour in enumerate(COLOUR_INDEX):
        if back[i] > counts[i]:
            raise InputError(_('the returned tokens hold {count} {colour} but the bag has only {total}', count=back[i], colour=colour, total=counts[i]))
    return tuple(back)


def chance_of_parts(
    parts: Sequence[Part],
    counts: Sequence[int],
    seen: Sequence[int],
    last_shown: int | None,
    draws: int,
    *,
    back: Sequence[int] = (),
    redraw: bool = False,
) -> Fraction:
    """``probability_of_parts`` with the tokens put back (``back``, per colour) and an optional redraw.

    A "never" part fails when its colour is among the returned tokens (HC-C2).
    With ``redraw`` the last token is put back and one drawn in its place
    (HC-R4): when the last token is shown it is forgotten for "last" and "all"
    parts but still breaks a "never" part; before it is shown the chance is an
    ordinary round's times the chance that the returned token avoids every
    "never" colour (see ``pokelab.odds.exact``).

    >>> chance_of_parts([("never", 4)], (6, 5, 4, 3, 2), (0,) * 5, None, 10, redraw=True)
    Fraction(81, 418)
    >>> chance_of_parts([("never", 4)], (6, 5, 4, 3, 2), (5, 2, 1, 1, 0), 0, 10, back=(0, 0, 0, 0, 1))
    Fraction(0, 1)
    """
    never = {colour for kind, colour in parts if kind == "never"}
    if any(back[c] for c in never if c < len(back)):
        return Fraction(0)
    if not redraw:
        return probability_of_parts(parts, counts, seen, last_shown, draws)
    if sum(seen) == draws:  # the token to put back is known
        if last_shown in never:
            return Fraction(0)
        before = list(seen)
        before[last_shown] -= 1  # type: ignore[index]
        return probability_of_parts(parts, counts, before, None, draws)
    p = probability_of_parts(parts, counts, seen, last_shown, draws)
    if not never or not p:
        return p
    pool = sum(counts) - (draws - 1)
    return p * Fraction(pool - sum(counts[c] for c in never), pool)
