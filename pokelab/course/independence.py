"""AND, OR, conditional chance and independence of two Here Comes targets, exact.

Built on ``joint_outcomes`` (HC-R5, HC-R6): ``P(A and B)`` is the chance of the
joined condition, ``P(A or B) = P(A) + P(B) − P(A and B)`` (inclusion–exclusion),
``P(A | B) = P(A and B) / P(B)``, and A, B are **independent** when
``P(A and B) = P(A) × P(B)`` — equivalently, when knowing B leaves P(A) unchanged.

>>> d = dependence("last:red", "never:purple")
>>> d.both, d.product, d.independent
(Fraction(3, 38), Fraction(27, 380), False)
>>> d.either == d.p_a + d.p_b - d.both
True
>>> conditional_probability("last:red", given="never:purple")
Fraction(1, 3)
>>> conditional_probability("last:red", given="never:pink")
Traceback (most recent call last):
...
pokelab.errors.InputError: unknown token colour 'pink'...
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from pokelab.course._build import choice, explain, number, predict
from pokelab.course.registry import Idea, Option
from pokelab.herecomes import COLOURS, DEFAULT_BAG, TARGETS
from pokelab.herecomes.bag import DRAWS_PER_ROUND
from pokelab.herecomes.names import colour_name
from pokelab.odds import probability
from pokelab.odds.exact import joint_outcomes
from pokelab.words import Text, _, _p

__all__ = ["Dependence", "conditional_probability", "dependence"]

@dataclass(frozen=True)
class Dependence:
    """The exact chances of two targets A and B: each, both (AND), either (OR), and how far from independent.

    >>> Dependence(Fraction(1, 2), Fraction(1, 2), Fraction(1, 4)).independent
    True
    """

    p_a: Fraction
    p_b: Fraction
    both: Fraction

    @property
    def either(self) -> Fraction:
        """P(A or B) by inclusion–exclusion: P(A) + P(B) − P(A and B)."""
        return self.p_a + self.p_b - self.both

    @property
    def product(self) -> Fraction:
        """P(A) × P(B): what P(A and B) would be if A and B were independent."""
        return self.p_a * self.p_b

    @property
    def independent(self) -> bool:
        """True when P(A and B) = P(A) × P(B) exactly."""
        return self.both == self.product

    @property
    def disjoint(self) -> bool:
        """True when A and B never hold together (P(A and B) = 0)."""
        return self.both == 0

    @property
    def lift(self) -> Fraction | None:
        """P(A and B) ÷ (P(A) × P(B)): above 1, B makes A likelier; below 1, less likely; ``None`` if a chance is 0."""
        return self.both / self.product if self.product else None


def dependence(
    card_a: Any, card_b: Any, *, bag: Mapping[str, int] | None = DEFAULT_BAG, shown: tuple[str, ...] = (),
    draws: int = DRAWS_PER_ROUND,
) -> Dependence:
    """P(A), P(B) and P(A and B) for two target cards or conditions (``"last:red"``, ``AllOf(...)`` …), exact.

    ``bag``, ``shown`` and ``draws`` as in ``probability``.

    >>> dependence("never:purple", "all:purple").disjoint
    True
    >>> dependence("last:red", "never:purple", bag={"red": 2, "blue": 1, "purple": 1}, draws=2).both
    Fraction(1, 3)
    >>> dependence("last:red", 3)
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: expected a target card or a condition (LastIs, NeverDrawn, AllDrawn, AllOf), got 3
    """
    joint = joint_outcomes(card_a, card_b, bag=bag, shown=shown, draws=draws)
    return Dependence(p_a=joint.only_a + joint.both, p_b=joint.only_b + joint.both, both=joint.both)


def conditional_probability(
    card_a: Any, *, given: Any, bag: Mapping[str, int] | None = DEFAULT_BAG, shown: tuple[str, ...] = (),
    draws: int = DRAWS_PER_ROUND,
) -> Fraction:
    """P(A | B) = P(A and B) ÷ P(B): the chance of A among the rounds where B holds.

    >>> conditional_probability("never:purple", given="last:red")
    Fraction(5, 19)
    >>> conditional_probability("last:red", given="last:blue")
    Fraction(0, 1)
    >>> conditional_probability("last:red", given="never:red", bag={"red": 10, "blue": 1})
    Traceback (most recent call last):
    ...
    ValueError: the condition given has chance 0, so nothing can be known given it
    """
    d = dependence(card_a, given, bag=bag, shown=shown, draws=draws)
    if d.p_b == 0:
        raise ValueError("the condition given has chance 0, so nothing can be known given it")
    return d.both / d.p_b


L38 = "probability/38-and-or-and-independence.ipynb"

# -- 38 AND, OR and independence ----------------------------------------------------------------

_KIND_TEXT = {
    "last": _("the last token is {c}"),
    "never": _("no {c} appears"),
    "all": _("every {c} token is drawn"),
}


def condition_text(code: str) -> Text:
    """A one-colour condition code in words, as a catalogue text.

    >>> condition_text("never:purple").render("zh")
    '没有抽出紫色'
    >>> condition_text("some:red")
    Traceback (most recent call last):
    ...
    ValueError: a condition code is last:, never: or all: and a colour, got 'some:red'
    """
    kind, _sep, colour = code.partition(":")
    if kind not in _KIND_TEXT or colour not in COLOURS:
        raise ValueError(f"a condition code is last:, never: or all: and a colour, got {code!r}")
    return _KIND_TEXT[kind].with_fields(c=colour_name(colour))


def card_codes() -> list[str]:
    """The one-colour conditions of the game's non-Mew/Mewtwo cards, as codes (``"last:red"`` …)."""
    kinds = {"gray": "last", "purple": "never", "orange": "all"}
    return sorted({f"{kinds[c.kind]}:{c.condition.colour}" for c in TARGETS.values() if not c.is_legend})


@cache
def overlapping_pairs() -> list[tuple[str, str]]:
    """Pairs of card conditions that can come true together (so OR is not a plain sum): the exercise's hands."""
    codes = card_codes()
    return [(a, b) for i, a in enumerate(codes) for b in codes[i + 1:] if dependence(a, b).both > 0]


#: The pair the lesson works through in its Venn diagram: exercise 38-1 asks about any other.
LESSON_PAIR_38 = ("last:red", "never:purple")


def _pair_params(a: str, b: str) -> dict[str, Any]:
    return {"a": a, "b": b, "a_text": condition_text(a), "b_text": condition_text(b)}


def _hand(rng: random.Random) -> dict[str, Any]:
    return _pair_params(*rng.choice([pair for pair in overlapping_pairs() if pair != LESSON_PAIR_38]))


number("38-1", L38, _("You keep two cards: A = \"{a_text}\" ({a}) and B = \"{b_text}\" ({b}). What is the chance that at least "
       "one of them comes true (A or B)?"),
       lambda p: dependence(p["a"], p["b"]).either,
       [_("P(A or B) = P(A) + P(B) − P(A and B)."), _("Find P(A and B) with joint_outcomes(a, b).both.")],
       defaults=_pair_params("last:blue", "never:yellow"), personal=_hand,
       mistakes=lambda p: _hand_slips(dependence(p["a"], p["b"])), chance=True)


def _hand_slips(d: Any) -> list[tuple[Fraction, Text]]:
    """The tempting wrong answers to P(A or B): the plain sum, and the formula for independent events."""
    slips = [
        (d.p_a + d.p_b,
         _("you added P(A) and P(B): the rounds where both come true are counted twice; subtract P(A and B) once.")),
        (1 - (1 - d.p_a) * (1 - d.p_b),
         _("that formula assumes A and B are independent; in one round they are not, so use P(A and B) itself.")),
    ]
    return [slip for slip in slips if slip[0] != d.either]


choice("38-2", L38, _("A house rule, not the game's: the tokens drawn in round 1 stay out of the bag, and round 2 draws "
                       "the 10 tokens that are left. Are \"no purple appears in round 1\" and \"every purple token is "
                       "drawn in round 2\" independent now?"), (
           Option("a", _("Yes: they are about two different rounds, and different rounds are independent."),
                  why=_("rounds are independent only because every token goes back into the bag (HC-R7); under this "
                        "house rule round 2 draws what round 1 left "
                        "(the misconception: different rounds are always independent)")),
           Option("b", _("No: in one round these two can never happen together, so here they never happen together "
                         "either."),
                  why=_("here they always happen together: a round 1 without purple leaves both purples among the 10 "
                        "tokens round 2 draws "
                        "(the misconception: what never happens together in one round never happens together in two)")),
           Option("c", _("No: round 2 draws exactly the tokens round 1 left, so each event happens exactly when the "
                         "other does; P(both) = P(no purple), not its square."), correct=True,
                  why=_("Independence between rounds comes from refilling the bag (HC-R7): without it, knowing round 1 "
                        "tells you round 2 for certain.")),
       ))
#: Exercise 38-3's condition: two "every … is drawn" targets at once, a pair section 4's table of pairs does not show.
GIVEN_38_3 = "all:purple&all:yellow"
predict("38-3", L38, _("Before you compute it: among the rounds where every purple token and every yellow token are drawn, "
        "what share has a red last token? (In all rounds it is 3/10.)"),
        lambda p: conditional_probability("last:red", given=GIVEN_38_3),
        [_("If both purples and all three yellows are among the 10 tokens drawn, how many of the 10 are left for the "
           "other 15 tokens, 6 of them red? The last token is any one of the 10 drawn, each as likely.")], tolerance=0.01)


#: The colours a teacher's bag of exercise 38-4 may change, and by how much (the lesson's table has the default bag).
_BAG_STEPS = tuple((colour, step) for colour in COLOURS for step in (-1, 1, 2))


def _legend_params(card_id: str, bag: Mapping[str, int]) -> dict[str, Any]:
    return {"card": card_id, "name": TARGETS[card_id].name_en, "bag": dict(bag)}


def _legend(rng: random.Random) -> dict[str, Any]:
    card = rng.choice(sorted(c.id for c in TARGETS.values() if c.is_legend))
    colour, step = rng.choice([(c, s) for c, s in _BAG_STEPS if DEFAULT_BAG[c] + s >= 1])
    return _legend_params(card, {**DEFAULT_BAG, colour: DEFAULT_BAG[colour] + step})


def _product_of_parts(p: Any) -> Fraction:
    result = Fraction(1)
    for part in TARGETS[p["card"]].condition.conditions:
        result *= probability(part, bag=p["bag"])
    return result


number("38-4", L38, _("A teacher's bag holds {bag}. Card {card} ({name}) needs all three of its conditions at once. What is "
       "its exact chance in a round with this bag?"),
       lambda p: probability(TARGETS[p["card"]].condition, bag=p["bag"]),
       [_("The three conditions are joined with AND: use probability(TARGETS[card].condition, bag=...)."),
        _("Check: the answer is at most the smallest of the three parts' chances.")],
       defaults=_legend_params("L03", {**DEFAULT_BAG, "purple": 1}), personal=_legend,
       mistakes=lambda p: [(_product_of_parts(p), _("you multiplied the three parts' chances, which is right only for "
                            "independent events; in one round they depend on each other."))], chance=True)
explain("38-5", L38, _("\"No red appears\" and \"no blue appears\" never both happen in a round of 10 draws. Why not, "
                       "and why does that make them dependent, although each alone can happen?"),
        _("Only 9 tokens are neither red nor blue (4 green, 3 yellow, 2 purple), and a round draws 10, so at least one "
        "red or blue always comes out. P(both) = 0, but P(no red) and P(no blue) are each above 0, so their product is "
        "not 0: knowing there was no red tells you there was a blue."),
        [Idea(_("only 9 tokens are neither red nor blue"), _p("words a pupil may write", "9|nine|4 green|only")),
         Idea(_("P(both) = 0 but the product is not 0"), _p("words a pupil may write", "product|multipl|zero|= 0|is 0")),
         Idea(_("knowing one changes the other"), _p("words a pupil may write", "knowing|given|must|then|tells"))],
        misconceptions=[Idea(_("events that cannot happen together are independent"),
                             _p("words a pupil may write", "are independent|nothing to do with|unrelated"))])
