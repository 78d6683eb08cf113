"""How many tokens of one colour a round draws: the exact hypergeometric law, its mean, and a seeded simulation.

Draw ``draws`` tokens without replacement from a bag of ``N`` tokens, ``K`` of
them ``colour``. The number ``X`` of that colour drawn follows the
hypergeometric law ``P(X = k) = C(K, k) C(N - K, draws - k) / C(N, draws)``;
its mean needs no distribution at all (linearity of expectation: each drawn
token is ``colour`` with chance ``K / N``), ``E[X] = draws × K / N``.

>>> count_distribution(None, 10, "purple")  # the game's bag: 2 purple among 20 tokens
(Fraction(9, 38), Fraction(10, 19), Fraction(9, 38))
>>> count_mean(None, 10, "purple")
Fraction(1, 1)
>>> counts = simulate_counts(None, 10, "purple", 5, seed=3)
>>> len(counts), all(0 <= k <= 2 for k in counts)
(5, True)
>>> count_distribution(None, 10, "pink")
Traceback (most recent call last):
...
ValueError: unknown token colour 'pink'; colours are red, blue, green, yellow, purple

How many marked cards the next refills of a Splendor deck bring: the hypergeometric law outside the bag.

The same question as "how many purple tokens does a round draw" (``count_distribution`` above),
asked of a shuffled deck: ``population`` cards, ``marked`` of them wanted, the top
``draws`` cards turned up. ``P(X = k) = C(marked, k) C(population − marked, draws − k) / C(population, draws)``,
and by linearity of expectation ``E[X] = draws × marked / population``.

>>> [str(p) for p in hypergeometric(20, 2, 10)]
['9/38', '10/19', '9/38']
>>> hypergeometric_mean(20, 2, 10)
Fraction(1, 1)
>>> hypergeometric(5, 6, 2)
Traceback (most recent call last):
...
ValueError: marked must be a whole number from 0 to 5 (the population), got 6
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from math import comb
from typing import Any

import numpy as np

from pokelab.course._build import choice, explain, number, predict
from pokelab.course.deck_odds import legendary_in_deck, lesson36_state
from pokelab.course.registry import Idea, Option
from pokelab.herecomes.pieces import COLOURS
from pokelab.odds import splendor_appears_within
from pokelab.odds.inputs import bag_counts, check_seed
from pokelab.odds.splendor import check_refills, marked_in_deck
from pokelab.words import _, _p

__all__ = [
    "MAX_SIMULATED",
    "count_distribution",
    "count_mean",
    "hypergeometric",
    "hypergeometric_mean",
    "simulate_counts",
    "splendor_count_distribution",
    "splendor_count_mean",
]

#: Most rounds one call of ``simulate_counts`` simulates.
MAX_SIMULATED = 1_000_000


def _colour_and_counts(bag: Mapping[str, int] | None, draws: int, colour: Any) -> tuple[int, int]:
    """(tokens of ``colour``, all tokens) of a checked bag."""
    if colour not in COLOURS:
        raise ValueError(f"unknown token colour {colour!r}; colours are {', '.join(COLOURS)}")
    counts = bag_counts(bag, draws)
    return counts[COLOURS.index(colour)], sum(counts)


def count_distribution(bag: Mapping[str, int] | None, draws: int, colour: str) -> tuple[Fraction, ...]:
    """``P(X = k)`` for k = 0 … min(draws, K): the exact chance of drawing k tokens of ``colour``.

    >>> [str(p) for p in count_distribution({"red": 3, "blue": 2}, 2, "red")]
    ['1/10', '3/5', '3/10']
    >>> count_distribution({"red": 3}, 4, "red")
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: the bag holds 3 tokens but a round draws 4: add at least 1 more
    """
    good, total = _colour_and_counts(bag, draws, colour)
    den = comb(total, draws)
    return tuple(
        Fraction(comb(good, k) * comb(total - good, draws - k), den) for k in range(min(draws, good) + 1)
    )


def count_mean(bag: Mapping[str, int] | None, draws: int, colour: str) -> Fraction:
    """``E[X] = draws × K / N`` by linearity of expectation (no distribution needed).

    >>> count_mean({"red": 3, "blue": 2}, 2, "red")
    Fraction(6, 5)
    >>> count_mean({"red": 3, "blue": 2}, 0, "red")
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: draws must be a whole number of at least 1, got 0
    """
    good, total = _colour_and_counts(bag, draws, colour)
    return Fraction(draws * good, total)


def simulate_counts(
    bag: Mapping[str, int] | None,
    draws: int,
    colour: str,
    n: int,
    *,
    seed: int | None = None,
    rng: np.random.Generator | None = None,
) -> np.ndarray:
    """Simulate ``n`` rounds and return how many tokens of ``colour`` each drew (NumPy, seeded).

    Give ``seed`` for a fresh generator or ``rng`` to continue one (a widget
    that adds rounds keeps its generator, so the same presses give the same counts).

    >>> simulate_counts({"red": 3, "blue": 2}, 5, "red", 3, seed=0).tolist()  # every token is drawn
    [3, 3, 3]
    >>> simulate_counts(None, 10, "red", 0)
    Traceback (most recent call last):
    ...
    ValueError: n must be a whole number of rounds from 1 to 1000000, got 0
    """
    good, total = _colour_and_counts(bag, draws, colour)
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_SIMULATED:
        raise ValueError(f"n must be a whole number of rounds from 1 to {MAX_SIMULATED}, got {n!r}")
    if rng is None:
        rng = np.random.default_rng(check_seed(seed))
    elif not isinstance(rng, np.random.Generator):
        raise ValueError(f"rng must be a numpy.random.Generator, got {rng!r}")
    if good == 0:
        return np.zeros(n, dtype=np.int64)
    if good == total:
        return np.full(n, draws, dtype=np.int64)
    return rng.hypergeometric(good, total - good, draws, size=n).astype(np.int64)


def _whole(name: str, value: Any, top: int | None = None, what: str = "") -> int:
    """``value`` checked as a whole number from 0 to ``top``."""
    bad = isinstance(value, bool) or not isinstance(value, int) or value < 0 or (top is not None and value > top)
    if bad:
        limit = f" from 0 to {top} ({what})" if top is not None else " >= 0"
        raise ValueError(f"{name} must be a whole number{limit}, got {value!r}")
    return value


def hypergeometric(population: int, marked: int, draws: int) -> tuple[Fraction, ...]:
    """``P(X = k)`` for k = 0 … min(draws, marked): k marked items among ``draws`` taken without putting back.

    >>> [str(p) for p in hypergeometric(4, 2, 2)]
    ['1/6', '2/3', '1/6']
    >>> hypergeometric(4, 2, 5)
    Traceback (most recent call last):
    ...
    ValueError: draws must be a whole number from 0 to 4 (the population), got 5
    """
    population = _whole("population", population)
    marked = _whole("marked", marked, population, "the population")
    draws = _whole("draws", draws, population, "the population")
    den = comb(population, draws)
    return tuple(
        Fraction(comb(marked, k) * comb(population - marked, draws - k), den) for k in range(min(draws, marked) + 1)
    )


def hypergeometric_mean(population: int, marked: int, draws: int) -> Fraction:
    """``E[X] = draws × marked / population`` (linearity of expectation: each item taken is marked with chance marked/population).

    >>> hypergeometric_mean(42, 3, 10)
    Fraction(5, 7)
    >>> hypergeometric_mean(0, 0, 0)
    Traceback (most recent call last):
    ...
    ValueError: population must hold at least one item, got 0
    """
    population = _whole("population", population)
    if population == 0:
        raise ValueError("population must hold at least one item, got 0")
    marked = _whole("marked", marked, population, "the population")
    draws = _whole("draws", draws, population, "the population")
    return Fraction(draws * marked, population)


def _deck_and_marked(state: Any, cards: Any, refills: Any) -> tuple[int, int, int]:
    """(deck size, marked cards in the deck, refills capped at the deck size), checked."""
    deck, marked = marked_in_deck(state, cards)
    return deck, marked, min(check_refills(refills), deck)


def splendor_count_distribution(state: Any, cards: Any, refills: int) -> tuple[Fraction, ...]:
    """``P(k of cards reach the display)`` in the next ``refills`` refills (SP-T4): the deck's hypergeometric law.

    ``cards``: a card, an id, a name or a collection of them, every one still in the
    face-down deck (public information only, as ``splendor_appears_within``).

    >>> from pokelab.splendor import scenario
    >>> s = scenario(display=[1, 4, 7, 10], deck=[2, 5, 8, 11])
    >>> [str(p) for p in splendor_count_distribution(s, [2, 5], 2)]
    ['1/6', '2/3', '1/6']
    >>> splendor_count_distribution(s, [2, 5], -1)
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: refills must be a whole number >= 0, got -1
    """
    deck, marked, refills = _deck_and_marked(state, cards, refills)
    return hypergeometric(deck, marked, refills)


def splendor_count_mean(state: Any, cards: Any, refills: int) -> Fraction:
    """The expected number of ``cards`` reaching the display in the next ``refills`` refills: refills × k / deck.

    >>> from pokelab.splendor import scenario
    >>> s = scenario(display=[1, 4, 7, 10], deck=[2, 5, 8, 11])
    >>> splendor_count_mean(s, [2, 5], 2)
    Fraction(1, 1)
    >>> splendor_count_mean(s, [1], 2)
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: ...is not in the deck: ...
    """
    deck, marked, refills = _deck_and_marked(state, cards, refills)
    return hypergeometric_mean(deck, marked, refills)


L37 = "probability/37-the-hypergeometric-distribution.ipynb"

# -- 37 the hypergeometric distribution ---------------------------------------------------------


def _exactly_k_bag(rng: random.Random) -> dict[str, Any]:
    colour, other = rng.sample(COLOURS, 2)
    bag = {colour: rng.randint(3, 8), other: rng.randint(6, 14)}
    draws = rng.randint(4, min(10, sum(bag.values()) - 1))
    k = rng.randint(1, min(draws, bag[colour]) - 1) if min(draws, bag[colour]) > 1 else 1
    return {"bag": bag, "draws": draws, "colour": colour, "k": k}


def _binomial(p: Any) -> Fraction:
    """The with-replacement (binomial) answer: the slip of putting every token back."""
    share = Fraction(p["bag"][p["colour"]], sum(p["bag"].values()))
    return comb(p["draws"], p["k"]) * share ** p["k"] * (1 - share) ** (p["draws"] - p["k"])


#: The bag of exercises 37-1 and 37-2: not the default bag, whose every count section 3's table prints.
_BAG_37 = {"red": 7, "blue": 6, "purple": 5}
number("37-1", L37, _("A bag holds {bag} and a round draws {draws} tokens without putting any back. What is the chance that "
       "exactly {k} {colour} tokens are drawn?"),
       lambda p: count_distribution(p["bag"], p["draws"], p["colour"])[p["k"]],
       [_("Choose which k of the colour's tokens are drawn, and which of the other tokens fill the rest."),
        _("comb(K, k) × comb(N − K, draws − k) ÷ comb(N, draws).")],
       defaults={"bag": dict(_BAG_37), "draws": 8, "colour": "purple", "k": 2},
       personal=_exactly_k_bag,
       mistakes=lambda p: [(_binomial(p), _("that is the binomial answer, as if every token were put back before the next "
                            "draw; in a round the tokens stay out, so count with combinations."))], chance=True)


def _mean_bag(rng: random.Random) -> dict[str, Any]:
    bag = {c: rng.randint(2, 8) for c in rng.sample(COLOURS, 3)}
    colour = rng.choice(sorted(bag))
    return {"bag": bag, "draws": rng.randint(3, sum(bag.values()) - 1), "colour": colour}


number("37-2", L37, _("A bag holds {bag} and a round draws {draws} tokens. How many {colour} tokens are drawn on average "
       "(the expected number)? Use linearity, not the distribution."),
       lambda p: count_mean(p["bag"], p["draws"], p["colour"]),
       [_("Each token drawn is that colour with chance K ÷ N."), _("Add that chance once for every token drawn: draws × K ÷ N.")],
       defaults={"bag": dict(_BAG_37), "draws": 8, "colour": "blue"},
       personal=_mean_bag,
       mistakes=lambda p: [(p["bag"][p["colour"]], _("that is how many are in the bag; only part of the bag is drawn."))])

PREDICT_ROUNDS_37 = 2_000
PREDICT_DRAWS_37 = 15


@cache
def both_purple_share(rounds: int = PREDICT_ROUNDS_37, draws: int = PREDICT_DRAWS_37, seed: int = 37) -> float:
    """The share of ``rounds`` simulated rounds of ``draws`` tokens (game bag, seeded) that draw both purple tokens."""
    counts = simulate_counts(None, draws, "purple", rounds, seed=seed)
    return round(sum(1 for k in counts if k == 2) / rounds, 3)


predict("37-3", L37, _("A round now draws {draws} of the 20 tokens, so the mean is 1.5 purple. Before the "
          "simulation: in what share of {rounds} such rounds are both purple tokens drawn?",
          draws=PREDICT_DRAWS_37, rounds=format(PREDICT_ROUNDS_37, ",")),
        lambda p: both_purple_share(),
        [_("A mean of 1.5 does not make 1 and 2 equally likely: with 15 of 20 drawn, each purple is left in the bag "
         "only 1 time in 4.")],
        tolerance=0.05)
#: Exercise 37-4's bag: 6 yellow among 20, a round of 5 draws: the mean is 1.5 yellow again, as with the game's bag.
BAG_37_4, DRAWS_37_4 = {"red": 4, "blue": 4, "green": 4, "yellow": 6, "purple": 2}, 5


def yellow_law_37_4() -> tuple[Fraction, ...]:
    """P(k yellow) for exercise 37-4's bag and draws: the same mean as the game's bag, another likeliest count.

    >>> law = yellow_law_37_4()
    >>> count_mean(BAG_37_4, DRAWS_37_4, "yellow"), law[1] > law[2], round(float(law[0]), 3)
    (Fraction(3, 2), True, 0.129)
    """
    return count_distribution(BAG_37_4, DRAWS_37_4, "yellow")


choice("37-4", L37, _("A class bag holds 6 yellow tokens among 20 (4 red, 4 blue, 4 green, 2 purple) and a round draws 5, "
                      "so the mean is again 1.5 yellow (5 × 6/20), as with the game's bag. Predict, then check: which "
                      "statement is true?"), (
           Option("a", _("1 yellow is likelier than 2; over many rounds the yellow drawn still average about 1.5 a round, "
                         "though no round draws 1.5."), correct=True,
                  why=_("An expected value is a long-run average: the same mean 1.5 sits beside different likeliest "
                        "counts (1 here, a tie of 1 and 2 with the game's bag, 2 for purple with 15 draws).")),
           Option("b", _("The likeliest count is 2, because 1.5 rounds up to 2."),
                  why=_("the mean is not the likeliest value, and rounding it does not make one: here 1 yellow is likelier "
                        "than 2 (the misconception: mean = mode)")),
           Option("c", _("1 and 2 are exactly as likely, as with the game's bag, because 1.5 lies halfway between them."),
                  why=_("the tie with the game's bag came from that bag, not from its mean: here P(1 yellow) is about "
                        "0.39 and P(2 yellow) about 0.35 "
                        "(the misconception: a mean halfway between two counts makes them equally likely)")),
           Option("d", _("Every round draws 1 or 2 yellow tokens."),
                  why=_("with this bag about 13 rounds in 100 draw no yellow, and about 13 draw 3 or more; the mean says "
                        "nothing about every single round (the misconception: every round draws close to the mean)")),
       ))


def lesson37_state() -> Any:
    """The lesson's Splendor position (lesson 36's): seat 0 has caught Charmander and Squirtle (seed 5)."""
    return lesson36_state()


def legendary_in_deck_37() -> list[int]:
    """The legendary cards (传说) still in the face-down deck of the lesson's position."""
    return legendary_in_deck(lesson37_state())


def _legendary_within(p: Any) -> Fraction:
    return splendor_appears_within(lesson37_state(), legendary_in_deck_37(), p["refills"])


#: The refills of exercise 37-5: not the lesson's own 10, whose mean section 5 prints.
_REFILLS_37 = tuple(r for r in range(4, 26) if r != 10)
number("37-5", L37, _("In the Splendor position of the lesson, how many legendary cards do you expect among the next {refills} "
       "refills?"),
       lambda p: splendor_count_mean(lesson37_state(), legendary_in_deck_37(), p["refills"]),
       [_("Each refill turns up a legendary card with chance (legendary cards in the deck) ÷ (deck size)."),
        _("refills × k ÷ D.")],
       defaults={"refills": 15}, personal=lambda rng: {"refills": rng.choice(_REFILLS_37)},
       mistakes=lambda p: [(_legendary_within(p), _("that is the chance of at least one legendary card, not how many to "
                            "expect."))])
explain("37-6", L37, _("In the lesson's Splendor position, why do the next 10 refills bring 10 × k ÷ D legendary cards on "
        "average (k legendary cards among the D deck cards), although what one refill turns up changes the chances of the "
        "next?"),
        _("Look at the 10 refills one at a time: before anything is turned up, each of the top 10 deck cards is legendary "
        "with chance k ÷ D, because every position of a shuffled deck is alike. The expected number is the sum of these "
        "chances (linearity of expectation holds even though the refills depend on each other): 10 × k ÷ D."),
        [Idea(_("each refill on its own"), _p("words a pupil may write", "each|every refill|every card|one at a time|position")),
         Idea(_("the chance k ÷ D for each"), _p("words a pupil may write", "k/D|k ÷ D|4/84|1/21|4 ÷ 84")),
         Idea(_("add them up (linearity)"), _p("words a pupil may write", "add|sum|linear|10 ×|10 x"))],
        misconceptions=[Idea(_("the refills depend on each other, so their chances cannot be added"),
                             _p("words a pupil may write", "cannot add|can't add|cannot be added|only if independent|"
                                "must be independent"))])
