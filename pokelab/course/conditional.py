"""Lesson 32, conditional probability over the waves: its exercises."""

from __future__ import annotations

from pokelab.course._build import choice, number, predict
from pokelab.course.herecomes_rounds import draw_tokens
from pokelab.course.registry import Option
from pokelab.herecomes import COLOURS, AllDrawn, LastIs
from pokelab.odds import probability
from pokelab.words import _

L32 = "probability/32-conditional-probability-waves.ipynb"

# -- 32 conditional probability ------------------------------------------------------------------

_WAVE_2 = ("green", "red", "red", "yellow", "blue", "red", "green")
number("32-1", L32, _("After wave 2 the seven tokens shown are {shown}. What is the chance the last token is {colour}?"),
       lambda p: probability(LastIs(p["colour"]), shown=p["shown"]),
       [_("Take the 7 shown tokens out of the bag."), _("Tokens of that colour left ÷ tokens left.")],
       defaults={"shown": _WAVE_2, "colour": "blue"},
       personal=lambda rng: {"shown": draw_tokens(rng, 7), "colour": rng.choice(COLOURS)}, chance=True)
number("32-2", L32, _("After wave 2 the seven tokens shown are {shown}. Give the ratio P(all purple | shown) ÷ P(all purple)."),
       lambda p: probability(AllDrawn("purple"), shown=p["shown"]) / probability(AllDrawn("purple")),
       [_("Use probability(AllDrawn('purple'), shown=...) and probability(AllDrawn('purple'))."), _("Divide the first by the second.")],
       defaults={"shown": _WAVE_2}, personal=lambda rng: {"shown": draw_tokens(rng, 7)})
_five_red = probability(LastIs("red"), shown=("red",) * 5) < probability(LastIs("red"))
choice("32-3", L32, _("Five red tokens have been shown. Compared with before the round, the last token is now…"), (
           Option("a", _("more likely to be red: red is on a streak."),
                  why=_("a streak does not make a colour hot; the tokens are not put back (the hot-hand idea)")),
           Option("b", _("equally likely: the bag has no memory."),
                  why=_("that holds when tokens are put back; here each red drawn leaves fewer reds in the bag (ignoring the condition)")),
           Option("c", _("less likely to be red."), correct=_five_red,
                  why=_("Each red drawn leaves fewer reds in the bag.")),
       ))
predict("32-4", L32, _("Before you look at the table: after three red tokens have been shown, what is the chance the last token is red?"),
        lambda p: probability(LastIs("red"), shown=("red",) * 3),
        [_("Reds left ÷ tokens left: 3 of the 6 reds and 3 of the 20 tokens are gone.")], tolerance=0.03)
