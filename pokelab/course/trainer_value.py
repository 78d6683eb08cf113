"""What a redraw and a trainer are worth in one round, exactly: expected points and the chance to finish.

Lesson 41's mathematics. Each function compares a round *with* a tool and
*without* it, for a player who plays it well (only when it helps):

- ``redraw_worth(hand, shown=, need=)`` — the redraw vote (HC-R4) or Brock's personal
  redraw (HC-T2), which is the same move without the table's consent: expected points
  with a redraw the player can always get, minus with none. With ``need`` it is the
  chance of scoring at least ``need`` points (finishing the game) instead;
- ``finish_hand(hand, need)`` — the hand rewritten so that a card is worth 1 when it
  finishes (its points reach ``need``, or it is a Mew/Mewtwo card, HC-G1) and 0 if not:
  the expected points of that hand *are* the chance to finish;
- ``swap_worth(hand, bag=)`` — Erika (HC-T4): swap the last token with a different colour
  on order card 3, exact over every round for a hand kept the whole round;
- ``misty_worth(hand, dead, shown=)`` — Misty (HC-T1): set a dead card aside and draw a
  fresh one before the normal discard, the fresh card averaged over the unseen cards.

The token put back by a redraw **has appeared** (HC-C2): a redraw never rescues a purple
card, it can only break one. Erika's swap draws nothing, so purple and orange cards do
not change; only the last token does.

>>> redraw_worth([("last:red", 3)])        # vote yes whenever the last token is not red
Fraction(126, 209)
>>> redraw_worth([("never:purple", 2)])   # a redraw can only hurt a purple card: never asked for
Fraction(0, 1)
>>> swap_worth([("last:red", 1)])         # red among the last 3 tokens: 1 - C(14,3)/C(20,3)
(Fraction(3, 10), Fraction(194, 285))
>>> finish_hand([("last:red", 1)], need=0)
Traceback (most recent call last):
...
ValueError: need is a whole number of points from 1 to 10, got 0
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import comb
from typing import Any

from pokelab.course._build import choice, explain, number
from pokelab.course.registry import Idea, Option
from pokelab.herecomes import TARGETS
from pokelab.herecomes.bag import DEFAULT_BAG, DRAWS_PER_ROUND, validate_bag
from pokelab.herecomes.pieces import COLOURS
from pokelab.odds.advice import SHOWN_9, advise_discard, expected_points, redraw_gain
from pokelab.odds.inputs import LEGEND_VALUE, card_condition, card_value
from pokelab.words import Text, _, _p

__all__ = ["finish_hand", "misty_worth", "redraw_worth", "swap_worth"]

def _is_legend(card: Any) -> bool:
    return getattr(card, "kind", None) == "legend"


def finish_hand(hand: Sequence[Any], need: int) -> list[tuple[Any, int]]:
    """The hand with each card worth 1 if it finishes the game this round (points >= ``need``, or a Mew/Mewtwo) else 0.

    >>> finish_hand([("last:red", 1), ("last:purple", 3)], need=2)
    [(LastIs('red'), 0), (LastIs('purple'), 1)]
    >>> finish_hand([("last:red", 1)], need=11)
    Traceback (most recent call last):
    ...
    ValueError: need is a whole number of points from 1 to 10, got 11
    """
    if isinstance(need, bool) or not isinstance(need, int) or not 1 <= need <= 10:
        raise ValueError(f"need is a whole number of points from 1 to 10, got {need!r}")
    if isinstance(hand, (str, bytes)) or not isinstance(hand, Sequence) or not hand:
        raise ValueError(f"a hand is a non-empty list of cards, got {hand!r}")
    return [(card_condition(card), int(_is_legend(card) or card_value(card, LEGEND_VALUE) >= need)) for card in hand]


def redraw_worth(
    hand: Sequence[Any], *, shown: Sequence[str] = (), bag: Mapping[str, int] | None = DEFAULT_BAG,
    need: int | None = None,
) -> Fraction:
    """What a redraw the player can always get is worth this round: expected points (or, with ``need``, chance to finish).

    The player asks for it only when the last token is bad for them (HC-R4); it is the
    value of a table that always agrees (or of Brock, HC-T2) over a table that never does.

    >>> redraw_worth([("last:red", 1)], shown=("blue",) * 4 + ("red",) * 5 + ("green",))
    Fraction(1, 11)
    >>> redraw_worth([("last:red", 1)], need="one")
    Traceback (most recent call last):
    ...
    ValueError: need is a whole number of points from 1 to 10, got 'one'
    """
    cards = list(hand) if need is None else finish_hand(hand, need)
    always = expected_points(cards, shown=shown, bag=bag, redraw_agree=1)
    never = expected_points(cards, shown=shown, bag=bag, redraw_agree=0)
    return always - never


def _ways(counts: Sequence[int], taken: Sequence[int]) -> int:
    """The number of ways to draw exactly ``taken`` of each colour from ``counts``, order ignored."""
    ways = 1
    for k, n in zip(counts, taken, strict=True):
        ways *= comb(k, n)
    return ways


def _multisets(counts: Sequence[int], size: int) -> list[tuple[int, ...]]:
    found = set()
    for pick in combinations_with_replacement(range(len(counts)), size):
        taken = tuple(pick.count(i) for i in range(len(counts)))
        if all(t <= k for t, k in zip(taken, counts, strict=True)):
            found.add(taken)
    return sorted(found)


@cache
def _rounds(counts: tuple[int, ...]) -> tuple[list[tuple[tuple[str, ...], tuple[tuple[str, ...], ...], int]], int]:
    """Every round as (its tokens, the tokens after each swap Erika may make, weight), and the weights' total.

    Order inside a wave is ignored; a round's chance is its weight over the total
    (C(N, 7) · C(N − 7, 2) · (N − 9) for a bag of N tokens), so the sums stay whole numbers.
    """
    out = []
    for first in _multisets(counts, DRAWS_PER_ROUND - 3):
        left = tuple(k - t for k, t in zip(counts, first, strict=True))
        w_first = _ways(counts, first)
        for third in _multisets(left, 2):
            rest = tuple(k - t for k, t in zip(left, third, strict=True))
            w_third = w_first * _ways(left, third)
            body = tuple(c for i, c in enumerate(COLOURS) for _i in range(first[i] + third[i]))
            for last, n in enumerate(rest):
                if not n:
                    continue
                swaps = []
                for colour in sorted({i for i, m in enumerate(third) if m and i != last}):
                    # the swap moves a wave-3 token of another colour to order card 4 and the last token into the body
                    moved = list(body)
                    moved.remove(COLOURS[colour])
                    swaps.append((*moved, COLOURS[last], COLOURS[colour]))
                out.append(((*body, COLOURS[last]), tuple(swaps), w_third * n))
    total = sum(counts)
    return out, comb(total, DRAWS_PER_ROUND - 3) * comb(total - DRAWS_PER_ROUND + 3, 2) * (total - DRAWS_PER_ROUND + 1)


def _points(cards: Sequence[tuple[Any, Fraction]], tokens: Sequence[str], bag: Mapping[str, int]) -> Fraction:
    return max((value for condition, value in cards if condition.holds(tokens, bag)), default=Fraction(0))


def swap_worth(
    hand: Sequence[Any], *, bag: Mapping[str, int] | None = DEFAULT_BAG, legend_value: Fraction | int = LEGEND_VALUE
) -> tuple[Fraction, Fraction]:
    """Expected points of a hand kept the whole round, without and with Erika's swap (HC-T4), exact; no redraw.

    With the swap the player swaps the last token with a token of another colour on
    order card 3 whenever that scores more; the tokens drawn stay the same.

    >>> swap_worth([("never:purple", 2)])   # the swap changes only the last token
    (Fraction(9, 19), Fraction(9, 19))
    >>> swap_worth([])
    Traceback (most recent call last):
    ...
    ValueError: a hand is a non-empty list of cards, got []
    """
    if isinstance(hand, (str, bytes)) or not isinstance(hand, Sequence) or not hand:
        raise ValueError(f"a hand is a non-empty list of cards, got {hand!r}")
    composition = validate_bag(DEFAULT_BAG if bag is None else bag)
    cards = [(card_condition(card), Fraction(card_value(card, legend_value))) for card in hand]
    counts = tuple(composition.get(c, 0) for c in COLOURS)
    rounds, total = _rounds(counts)
    without: dict[Fraction, int] = {}
    with_swap: dict[Fraction, int] = {}
    for tokens, swaps, weight in rounds:
        now = _points(cards, tokens, composition)
        best = max([now, *(_points(cards, swapped, composition) for swapped in swaps)])
        without[now] = without.get(now, 0) + weight
        with_swap[best] = with_swap.get(best, 0) + weight
    mean = lambda spread: sum((value * Fraction(w, total) for value, w in spread.items()), Fraction(0))  # noqa: E731
    return mean(without), mean(with_swap)


def misty_worth(
    hand: Sequence[Any], dead: Any, *, shown: Sequence[str], unseen: Sequence[Any] | None = None,
    redraw_agree: Fraction | int = 0,
) -> tuple[Fraction, Fraction]:
    """Expected points of the round without and with Misty (HC-T1) at this discard step, exact given the unseen cards.

    Without: the normal best discard (``advise_discard``). With: ``dead`` is set aside, a
    fresh card comes from the deck — each of ``unseen`` equally likely (default: every
    target card not in ``hand``) — and then the normal best discard is made.

    >>> hand = [TARGETS[c] for c in ("G01", "G05", "P01", "O01")]
    >>> no, yes = misty_worth(hand, "P01", shown=("red", "blue", "purple", "green", "red", "blue", "red"))
    >>> yes > no
    True
    >>> misty_worth(hand, "G20", shown=())
    Traceback (most recent call last):
    ...
    ValueError: the card set aside must be in the hand, got 'G20'
    """
    ids = [getattr(card, "id", card) for card in hand]
    key = getattr(dead, "id", dead)
    if key not in ids:
        raise ValueError(f"the card set aside must be in the hand, got {key!r}")
    pool = [TARGETS[c] for c in TARGETS if c not in ids] if unseen is None else list(unseen)
    if not pool:
        raise ValueError("Misty needs at least one unseen card to draw")
    kept = [card for card, i in zip(hand, ids, strict=True) if i != key]
    without = advise_discard(list(hand), shown, redraw_agree=redraw_agree).value
    total = sum((advise_discard([*kept, fresh], shown, redraw_agree=redraw_agree).value for fresh in pool), Fraction(0))
    return without, total / len(pool)


L41 = "probability/41-what-a-redraw-and-a-trainer-are-worth.ipynb"

# -- 41 what a redraw and a trainer are worth ------------------------------------------------------

#: Lesson 41's round: the nine tokens ``SHOWN_9`` and then a blue token on order card 4.
FINAL_41 = (*SHOWN_9, "blue")
#: The two hands of lesson 41's first section: Charmander + Gastly, Charmander + Clefairy.
HAND_A_41, HAND_B_41 = ("G01", "G17"), ("G01", "P01")
#: The gray cards a pupil's pair is drawn from in exercise 41-2.
GRAY_41 = ("G01", "G05", "G09", "G13", "G17")


def _name(card_id: str) -> str:
    """A target card's English name: a question shows it through the catalogue (``pokelab.course.fields``)."""
    return TARGETS[card_id].name_en


choice("41-1", L41, _("The round's tokens are out and the last one is blue. You hold Charmander (the last token is red) and "
       "Clefairy (no purple token is drawn). Do you vote for the redraw?"), (
           Option("a", _("Yes: a redraw is a free second chance."),
                  why=_("a redraw is not free: it can take away what you already have "
                        "(the misconception: a redraw is a free chance)")),
           Option("b", _("No: Clefairy already scores, and a purple token from the redraw would break it."), correct=True,
                  why=_("a red token would only swap one 1-point card for another; a purple one (2 of the 11) loses the point")),
           Option("c", _("It does not matter: the blue token goes back and no longer counts for anything."),
                  why=_("the token put back still counts as appeared for purple cards (HC-C2), and the new token counts too "
                      "(the misconception: the token put back is forgotten)")),
       ), hints=(_("List the 11 tokens a redraw can bring and what each does to your two cards."),))


def _left_41() -> dict[str, int]:
    """The 11 tokens in the bag after lesson 41's nine: the tokens a redraw (or the last draw) can bring."""
    return {c: n - SHOWN_9.count(c) for c, n in DEFAULT_BAG.items() if n - SHOWN_9.count(c)}


def _yes_chance(p: Any) -> Fraction:
    """The chance, before the last token is drawn, that it is one you would vote to redraw (expected points).

    >>> _yes_chance({"a": "G09", "b": "G13"})
    Fraction(6, 11)
    """
    cards = [TARGETS[p["a"]], TARGETS[p["b"]]]
    left = _left_41()
    yes = sum(n for colour, n in left.items() if redraw_gain(cards, (*SHOWN_9, colour)) > 0)
    return Fraction(yes, sum(left.values()))


def _yes_slips(p: Any) -> list[tuple[Any, Text]]:
    cards = [TARGETS[p["a"]], TARGETS[p["b"]]]
    left = _left_41()
    scoring = Fraction(sum(left.get(c.condition.colour, 0) for c in cards), sum(left.values()))
    slips = [(scoring, _("that is the chance that a card comes true: you vote yes when the last token gives you nothing.")),
             (Fraction(1), _("not every time: when a card already scores, is a redraw worth more than its points?"))]
    return [slip for slip in slips if slip[0] != _yes_chance(p)]


def _personal_pair_41(rng: Any) -> dict[str, str]:
    a, b = rng.sample(GRAY_41, 2)
    return {"a": a, "b": b, "a_name": _name(a), "b_name": _name(b)}


number("41-2", L41, _("The nine tokens above are out and the last token is not drawn yet. You hold {a_name} ({a}) and {b_name} "
       "({b}). What is the chance that the last token will be one you vote to redraw, counting expected points? "
       "(An exact fraction.)"),
       _yes_chance, [_("The redraw draws from the same 11 tokens whatever the last token was: the expected points after "
                       "it are one number for your hand."),
                     _("For each possible last token compare what you score now with that number; count the tokens "
                       "where the redraw gains.")],
       mistakes=_yes_slips, personal=_personal_pair_41, chance=True,
       defaults={"a": "G09", "b": "G13", "a_name": "Bulbasaur", "b_name": "Pikachu"})


def _finish_worth(p: Any) -> Fraction:
    return redraw_worth([TARGETS[p["a"]], TARGETS[p["b"]]], need=10 - p["score"])


def _personal_finish(rng: Any) -> dict[str, Any]:
    def draw() -> dict[str, str]:
        pair = _personal_pair_41(rng)
        rng.choice(["blue", "green", "yellow"])  # keeps every name's numbers as they were when 41-2 drew a last token
        return pair

    pair = draw()
    while {pair["a"], pair["b"]} == set(HAND_A_41):  # lesson 41 works this very pair out in its table
        pair = draw()
    return {**pair, "score": rng.choice([7, 8, 9])}


number("41-3", L41, _("You have {score} points and keep {a_name} ({a}) and {b_name} ({b}) for the whole round; the table agrees "
       "to every redraw you ask for. By how much does the redraw raise your chance of reaching 10 points this round?"),
       _finish_worth, [_("Only the cards worth at least 10 − score points count now: which are they?"),
                       _("Give each of them 1 point and the others 0: the redraw's expected gain is then a gain in chance.")],
       mistakes=lambda p: [slip for slip in [(redraw_worth([TARGETS[p["a"]], TARGETS[p["b"]]]),
                                              _("that is the gain in expected points, which also counts points you do not need."))] if slip[0] != _finish_worth(p)],
       defaults={"a": "G05", "b": "G13", "score": 8, "a_name": "Squirtle", "b_name": "Pikachu"},
       personal=_personal_finish, chance=True)

choice("41-4", L41, _("For Charmander + Gastly kept a whole round, Erika's swap adds more expected points than a redraw. "
       "Over a whole game, which statement is right?"), (
           Option("a", _("Erika is always the better trainer: her round is worth more."),
                  why=_("Erika swaps once per game, Brock redraws once per round: multiply by how often you can use it "
                      "(the misconception: one round's value is the whole value)")),
           Option("b", _("Brock can be worth more: his smaller gain comes every round, Erika's only once per game."), correct=True,
                  why=_("three rounds of Brock's gain already add up to more than one swap")),
           Option("c", _("They are worth the same: both only change the last token."),
                  why=_("the swap picks among tokens you can see, the redraw draws blind, and they can be used a different "
                      "number of times (the misconception: the same kind of move has the same value)")),
       ), hints=(_("Read the trainer rules: how often may each power be used?"),))

explain("41-5", L41, _("Hand B again (Charmander: the last token is red; Clefairy: no purple token is drawn) and the same nine "
        "tokens, but the last token is purple. Do you vote for the redraw? Explain what it can and cannot do for each card."),
        _("Yes. Clefairy is broken and stays broken: the purple token has appeared, and a token put back still counts as "
        "appeared (HC-C2), so no redraw can bring it back. Charmander scores nothing now, and the redraw brings a red token "
        "with chance 2/11, so the gain is 2/11 of a point and there is nothing to lose."),
        [Idea(_("Clefairy stays broken: the purple token has appeared"),
              _p("words a pupil may write", "appeared|still counts|already|stays broken|cannot be saved|can't be saved")),
         Idea(_("Charmander can still score: a red token, nothing to lose"),
              _p("words a pupil may write", "red|2/11|nothing to lose|cannot lose|can't lose|zero now|0 now")),
         Idea(_("vote yes"), _p("words a pupil may write", "yes|vote for|agree"))],
        [_("Read HC-C2's note on the redraw."), _("What does each card score now, and what can a new last token bring?")],
        [Idea(_("the token put back no longer counts, so the redraw rescues Clefairy"),
              _p("words a pupil may write", "rescue|save clefairy|saves clefairy|no longer counts|doesn't count|fixes"))])
