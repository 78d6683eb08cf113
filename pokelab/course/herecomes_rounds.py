"""Exercises of the start page (00) and the Here Comes Pokémon! lessons (20, 21)."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from pokelab.analysis.herecomes_coach import explain_discard
from pokelab.course._build import board, choice, number, value
from pokelab.course.registry import Option
from pokelab.course.risk import HAND_40
from pokelab.herecomes import COLOURS, DEFAULT_BAG, TARGETS, LastIs, Variant
from pokelab.odds import probability
from pokelab.odds.advice import SHOWN_9
from pokelab.words import Text, _

L00 = "00-start-here.ipynb"
L20 = "herecomes/20-a-round-step-by-step.ipynb"
L21 = "herecomes/21-full-game-with-odds.ipynb"


def draw_tokens(rng: random.Random, n: int, bag: Any = DEFAULT_BAG) -> tuple[str, ...]:
    """``n`` tokens drawn from ``bag`` without putting back (a student's own wave)."""
    tokens = [c for c, k in bag.items() for _i in range(k)]
    return tuple(rng.sample(tokens, n))


def _colour(rng: random.Random) -> dict[str, Any]:
    return {"colour": rng.choice(COLOURS)}


number("00-1", L00, _("What is the chance that the last token drawn is {colour}?"),
       lambda p: probability(LastIs(p["colour"])),
       [_("Count the tokens of that colour."),
        _("Divide by the number of tokens in the bag: every token is equally likely to be last.")],
       defaults={"colour": "red"}, personal=_colour, chance=True)

# -- 20 a round step by step ---------------------------------------------------------------------

def _two_achieved(rng: random.Random) -> dict[str, Any]:
    low, high = sorted(rng.sample(sorted({c.points for c in TARGETS.values() if c.kind != "legend"}), 2))
    return {"low": low, "high": high}


# 20-1 asks for a rule the lesson's round shows with two 1-point cards, on cards worth different points: the
# misconception it targets is "every card that comes true scores" (HC-R6: one card per player per round).
number("20-1", L20, _("Both cards you kept come true: one is worth {low} points, the other {high}. How many points can "
                      "you score this round at most?"),
       lambda p: max(p["low"], p["high"]),
       [_("How many cards can score for one player in one round (HC-R6)?"),
        _("You choose which of the two you keep; the other is discarded.")],
       defaults={"low": 2, "high": 3}, personal=_two_achieved,
       mistakes=lambda p: [(p["low"] + p["high"], _("at most one card scores per player per round (HC-R6): you keep one "
                                                    "of the two and discard the other."))])


def _wave_1(rng: random.Random) -> dict[str, Any]:
    return {"shown": draw_tokens(rng, 4), "card": rng.choice(["G01", "G05", "G09", "G13", "G17"])}


# The default question (no student set) is not the lesson's own wave 1 and G01, whose chance the
# lesson prints just above the exercise, and its answer (3/16) is no expected points the hand tables print (G05, 1/4, was G13 after wave 1).
number("20-2", L20, _("Wave 1 showed {shown}. What is the exact chance now that {card} comes true?"),
       lambda p: probability(TARGETS[p["card"]].condition, shown=p["shown"]),
       [_("Which colour does the card want last? How many of that colour are still in the bag?"),
        _("Tokens of that colour left ÷ tokens left in the bag.")],
       defaults={"shown": ("blue", "red", "red", "green"), "card": "G09"}, personal=_wave_1,
       mistakes=lambda p: [(probability(TARGETS[p["card"]].condition),
                            _("that is the chance before anything was drawn; take the 4 shown tokens out of the bag first."))], chance=True)

HAND_20 = ("G01", "G13", "P01", "O01", "L01")


def _dead_discard(state: Any, p: Any) -> list[Text]:
    discards = state.round_discards[0] if state.round_discards else ()
    if not discards:
        return [_("Player 1 has not discarded after wave 1 yet")]
    first = discards[0]
    if probability(TARGETS[first].condition, shown=state.tokens[:4]) > 0:
        return [_("{card} could still come true after wave 1; discard a card whose chance is 0", card=first)]
    return []


board("20-3", L20, _("On the board, after wave 1, discard a card that can no longer come true."), _dead_discard,
      [_("Read the P column of your hand: which cards show 0?")])

# -- 21 a full game ------------------------------------------------------------------------------


def _most_points() -> int:
    """The most points one card other than a Mew/Mewtwo card scores (HC-R6: one card per player per round)."""
    return max(card.points for card in TARGETS.values() if card.kind != "legend")


def _start_points(rng: random.Random) -> dict[str, Any]:
    return {"points": rng.randrange(0, 10)}


# 21-1 asks for a rule, not a number printed above: the bots' game is shown, this situation is not.
number("21-1", L21, _("You have {points} points at the start of a round, and nobody makes a Mew or Mewtwo card come "
                      "true. In the fewest rounds, this one included, after how many rounds can you have 10 points?"),
       lambda p: -(-(Variant().win_points - p["points"]) // _most_points()),
       [_("At most one of your cards scores in a round (HC-R6). Which card, apart from Mew and Mewtwo, is worth the most?"),
        "max(card.points for card in TARGETS.values() if card.kind != 'legend')"],
       defaults={"points": 3}, personal=_start_points)


def _round_end(rng: random.Random) -> dict[str, Any]:
    before = tuple(rng.randrange(4, 10) for _seat in range(3))
    return {"before": before, "gained": tuple(rng.choice((0, 1, 1, 2, 3, 5)) for _seat in range(3))}


def _winners_at_round_end(p: Any) -> tuple[int, ...]:
    """The seats (from 0) that win when a round ends with these scores and no Mew/Mewtwo card (HC-G2); () while the game goes on."""
    scores = [b + g for b, g in zip(p["before"], p["gained"], strict=True)]
    if max(scores) < Variant().win_points:
        return ()
    return tuple(seat for seat, points in enumerate(scores) if points == max(scores))


def _winning_players(p: Any) -> tuple[int, ...]:
    """21-2's answer: the winners as a pupil numbers them, players from 1 (issue 42: one numbering)."""
    return tuple(seat + 1 for seat in _winners_at_round_end(p))


# The default: Player 1 reaches 10 first in seat order, yet Player 2 ends the round higher (HC-G2: the highest score wins).
value("21-2", L21, _("Players 1, 2 and 3 start a round with {before} points and score {gained} in it; nobody makes a "
                     "Mew or Mewtwo card come true. Which players win? Give a tuple of player numbers, like (1,) or "
                     "(1, 2) for a shared win, or () if the game goes on."),
      _winning_players,
      [_("The game ends at the end of a round in which someone has 10 points or more (HC-G2). Who has the most then?"),
       _("Add each player's points; the highest total wins, and equal highest totals share the win.")],
      defaults={"before": (9, 8, 6), "gained": (1, 3, 2)}, personal=_round_end,
      mistakes=lambda p: [((1,), _("Player 1 reached 10 first in seat order, but the game is not a race: at the end "
                                   "of the round the highest score wins (HC-G2)"))] if _winning_players(p) != (1,) else [])
choice("21-3", L21, _("Suppose one game ends level between the expected-points and the Heuristic bot. What does that tell you?"), (
           Option("a", _("The Heuristic bot is the better player."),
                  why=_("one game is far too small a sample: luck decides many single games "
                        "(the misconception: one game shows which bot is better)")),
           Option("b", _("Nothing much: only many games, like the shipped ladder, can compare two bots."), correct=True,
                  why=_("The ladder's interval, not one score, is the evidence.")),
           Option("c", _("Here Comes is pure luck, so no bot can be better than another."),
                  why=_("chance in each round does not mean choices do not matter: better discards win more over many games")),
       ))


# -- 21 the advisor in plain words ----------------------------------------------------------------

_PLAIN = sorted(t for t, card in TARGETS.items() if card.kind != "legend")
NINE_21 = ("red",) * 3 + ("blue",) * 3 + ("green",) * 2 + ("yellow",)


def tokens_on_which(kept: Any, shown: Any) -> int:
    """How many of the tokens left in the bag, drawn last, make one of the ``kept`` cards come true.

    >>> tokens_on_which(("G09", "G13"), ("red",) * 4 + ("blue",) * 3 + ("green", "yellow"))
    5
    >>> tokens_on_which(("X99",), ())
    Traceback (most recent call last):
    ...
    KeyError: 'X99'
    """
    left = dict(DEFAULT_BAG)
    for colour in shown:
        left[colour] -= 1
    cards = [TARGETS[c] for c in kept]
    return sum(k for colour, k in left.items()
               if k and any(card.condition.holds((*shown, colour)) for card in cards))


def _last_discard(rng: random.Random) -> dict[str, Any]:
    return {"hand": tuple(sorted(rng.sample(_PLAIN, 3))), "shown": draw_tokens(rng, 9)}


def _advisors_discards(p: Any) -> set[tuple[str, int]]:
    """Each best discard with the count of tokens left on which a card kept beside it comes true."""
    advice = explain_discard([TARGETS[c] for c in p["hand"]], p["shown"]).advice
    return {(o.card.id, tokens_on_which([c for c in p["hand"] if c != o.card.id], p["shown"]))
            for o in advice.options if o.value == advice.value}


# 21-4 asks for the discard *and* a count: three tries on three cards no longer find the answer by elimination.
value("21-4", L21, _("You hold {hand}; the first nine tokens were {shown}, and one token is left to draw. Predict, before "
                     "you ask the advisor: which card will it tell you to discard, and on how many of the 11 tokens left "
                     "does one of the two cards you keep come true? Answer like ('G05', 4)."),
      _advisors_discards,
      [_("For each card, count the tokens left in the bag on which it comes true, and weigh them by its points: you keep "
         "two cards, and only one scores (HC-R6)."),
       _("Two gray cards want different last colours, so their counts add up; a purple card whose colour has not "
         "appeared comes true on every token that is not its colour.")],
      member=True, defaults={"hand": ("G01", "G05", "P05"), "shown": NINE_21}, personal=_last_discard)

# Lesson 40's position at 9 points (wave 3 over, ``SHOWN_9``): Bulbasaur (last green, 1), Pikachu (last yellow, 2),
# Gastly (last purple, 3), ``HAND_40``.


def _scoring_chance(kept: Any, *, redraw: bool) -> Fraction:
    """The chance that one of the ``kept`` cards comes true in lesson 40's position, with or without the redraw.

    With the redraw (HC-R4) a last token on which no kept card comes true goes back into the bag and one more
    is drawn from the same tokens, so the round misses only if both draws miss.

    >>> _scoring_chance(("G09", "G17"), redraw=False), _scoring_chance(("G09", "G17"), redraw=True)
    (Fraction(5, 11), Fraction(85, 121))
    """
    left = sum(DEFAULT_BAG.values()) - len(SHOWN_9)
    miss = 1 - Fraction(tokens_on_which(kept, SHOWN_9), left)
    return 1 - miss ** 2 if redraw else 1 - miss


def _pairs(discard: str) -> tuple[list[str], list[str]]:
    """The advisor's pair and the pair kept beside ``discard``'s discard, in lesson 40's position."""
    advice = explain_discard([TARGETS[c] for c in HAND_40], SHOWN_9).advice
    return [c for c in HAND_40 if c != advice.discard.id], [c for c in HAND_40 if c != discard]


def _finish_gain(p: Any) -> Fraction:
    """How much keeping Bulbasaur beside a card raises the chance of scoring this round, against the advisor's pair.

    The redraw counts, as it does in the advisor's expected points and in the review's cost.
    """
    best, chosen = _pairs(p["discard"])
    return _scoring_chance(chosen, redraw=True) - _scoring_chance(best, redraw=True)


def _finish_gain_without_redraw(p: Any) -> Fraction:
    """The same gain if the round had no redraw (lesson 40's count): a pupil who forgot HC-R4 gives this."""
    best, chosen = _pairs(p["discard"])
    return _scoring_chance(chosen, redraw=False) - _scoring_chance(best, redraw=False)


def _review_cost(discard: str) -> Fraction:
    """The expected points the review says discarding ``discard`` costs in lesson 40's position."""
    advice = explain_discard([TARGETS[c] for c in HAND_40], SHOWN_9).advice
    return advice.value - next(o.value for o in advice.options if o.card.id == discard)


# 21-5 is a new situation (lesson 40's hand), not a copy of the review cell above it.
number("21-5", L21, _("Lesson 40's hand at 9 points: Bulbasaur (last token green, 1 point), Pikachu (yellow, 2) and "
                      "Gastly (purple, 3), after nine tokens: four red, three blue, one green, one yellow. The review flags discarding {discard}. By how "
                      "much does that discard raise your chance of scoring at least 1 point this round, against the "
                      "advisor's discard? Count the redraw, as the review does: playing solo, when the last token makes "
                      "neither card you keep come true, you put it back and draw once more (HC-R4)."),
       _finish_gain,
       [_("Count the tokens left on which one of the two kept cards comes true, for the advisor's pair and for yours."),
        _("A pair misses only if the last token and the redraw both miss: 1 − (misses/11)². Work out both chances, then subtract.")],
       defaults={"discard": "G13"},
       mistakes=lambda p: [(_review_cost(p["discard"]), _("that is the expected points the review says the discard costs; the "
                                                 "question asks for the chance of scoring at all")),
                           (_finish_gain_without_redraw(p), _("that counts the last token only: if it misses, the redraw "
                                                              "(HC-R4) gives a second chance"))])
