"""Exercises of the start page (00) and the Here Comes Pokémon! lessons (20, 21)."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from pokelab.analysis.herecomes_coach import explain_discard, review_discards
from pokelab.course._build import board, choice, number, value
from pokelab.course.registry import Option
from pokelab.herecomes import COLOURS, DEFAULT_BAG, TARGETS, WAVES, LastIs, result
from pokelab.odds import probability
from pokelab.sim import play
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

number("20-1", L20, _("How many tokens does one round draw in all (before any redraw)?"),
       lambda p: sum(WAVES), [_("Add the tokens of the four waves.")])


def _wave_1(rng: random.Random) -> dict[str, Any]:
    return {"shown": draw_tokens(rng, 4), "card": rng.choice(["G01", "G05", "G09", "G13", "G17"])}


# The default question (no student set) is not the lesson's own wave 1 and G01, whose chance the
# lesson prints just above the exercise.
number("20-2", L20, _("Wave 1 showed {shown}. What is the exact chance now that {card} comes true?"),
       lambda p: probability(TARGETS[p["card"]].condition, shown=p["shown"]),
       [_("Which colour does the card want last? How many of that colour are still in the bag?"),
        _("Tokens of that colour left ÷ tokens left in the bag.")],
       defaults={"shown": ("blue", "red", "red", "green"), "card": "G05"}, personal=_wave_1,
       mistakes=lambda p: [(probability(TARGETS[p["card"]].condition),
                            _("that is the chance before anything was drawn; take the 4 shown tokens out of the bag first."))], chance=True)

HAND_20 = ("G01", "G13", "P01", "O01", "L01")


def _dead_discard(state: Any, p: Any) -> list[Text]:
    discards = state.round_discards[0] if state.round_discards else ()
    if not discards:
        return [_("seat 0 has not discarded after wave 1 yet")]
    first = discards[0]
    if probability(TARGETS[first].condition, shown=state.tokens[:4]) > 0:
        return [_("{card} could still come true after wave 1; discard a card whose chance is 0", card=first)]
    return []


board("20-3", L20, _("On the board, after wave 1, discard a card that can no longer come true."), _dead_discard,
      [_("Read the P column of your hand: which cards show 0?")])

# -- 21 a full game ------------------------------------------------------------------------------


@cache
def _bot_game(seed: int) -> Any:
    return play("herecomes", ["expected-points", "heuristic", "random"], seed=seed)


def _final(seed: int) -> Any:
    return result(list(_bot_game(seed).states())[-1])


number("21-1", L21, _("How many rounds did the bots' game (seed 5) last?"),
       lambda p: _bot_game(5).rounds, ["record.rounds", _("or the last round in the plot")])
value("21-2", L21, _("Which seats won the bots' game? Give a tuple of seat numbers, like (0,) or (0, 1) for a shared win."),
      lambda p: tuple(_final(5).winners), ["result(states[-1]).winners"])
choice("21-3", L21, _("Suppose one game ends level between the expected-points and the Heuristic bot. What does that tell you?"), (
           Option("a", _("The Heuristic bot is the better player."),
                  why=_("one game is far too small a sample: luck decides many single games (small samples)")),
           Option("b", _("Nothing much: only many games, like the shipped ladder, can compare two bots."), correct=True,
                  why=_("The ladder's interval, not one score, is the evidence.")),
           Option("c", _("Here Comes is pure luck, so no bot can be better than another."),
                  why=_("chance in each round does not mean choices do not matter: better discards win more over many games")),
       ))



# -- 21 the advisor in plain words ----------------------------------------------------------------

_PLAIN = sorted(t for t, card in TARGETS.items() if card.kind != "legend")
NINE_21 = ("red",) * 3 + ("blue",) * 3 + ("green",) * 2 + ("yellow",)


def _last_discard(rng: random.Random) -> dict[str, Any]:
    return {"hand": tuple(sorted(rng.sample(_PLAIN, 3))), "shown": draw_tokens(rng, 9)}


def _advisors_discards(p: Any) -> set[str]:
    advice = explain_discard([TARGETS[c] for c in p["hand"]], p["shown"]).advice
    return {o.card.id for o in advice.options if o.value == advice.value}


value("21-4", L21, _("You hold {hand}; the first nine tokens were {shown}, and one token is left to draw. Which card "
                     "will the advisor tell you to discard? Predict it before you ask. (an id like 'G05')"),
      _advisors_discards,
      [_("Count, for each card, the tokens left in the bag on which it comes true: you keep two cards, and only one scores."),
       _("explain_discard([TARGETS[c] for c in task.hand], task.shown) gives the advisor's answer and its reason.")],
      member=True, defaults={"hand": ("G01", "G05", "P05"), "shown": NINE_21}, personal=_last_discard)
number("21-5", L21, _("In the bots' game (seed 5), how many expected points did the Heuristic bot's discards (seat 1) "
                      "lose in all, against the advisor's best discards?"),
       lambda p: review_discards(_bot_game(5), 1).cost,
       [_("review_discards(record, 1) reviews every discard of seat 1; its .cost adds up what they cost.")])
