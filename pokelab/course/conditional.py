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
_TWO_RED = ("red", "red", "blue", "green", "yellow")
_ONE_RED = ("red", "blue", "green", "yellow", "blue")
choice("32-3", L32, _("Five tokens have been shown: two red and three of other colours. Compared with before the round, "
                      "the last token is now…"), (
           Option("a", _("more likely to be red: red keeps coming."),
                  why=_("a run does not make a colour hot; the tokens are not put back "
                        "(the misconception: the hot-hand idea, a colour that keeps coming stays hot)")),
           Option("b", _("equally likely: the bag has no memory."),
                  why=_("that holds when tokens are put back; here the tokens drawn have left the bag "
                        "(the misconception: ignoring the condition, as if the tokens drawn did not change the chance)")),
           Option("c", _("less likely to be red."),
                  correct=probability(LastIs("red"), shown=_TWO_RED) < probability(LastIs("red")),
                  why=_("4 reds are left among 15 tokens: 4/15 is less than 6/20.")),
       ))
choice("32-5", L32, _("Five tokens have been shown: one red and four of other colours. Compared with before the round, "
                      "the last token is now…"), (
           Option("a", _("more likely to be red."),
                  correct=probability(LastIs("red"), shown=_ONE_RED) > probability(LastIs("red")),
                  why=_("5 reds are left among 15 tokens: 5/15 = 1/3 is more than 6/20. Four other tokens left the bag "
                        "and only one red did.")),
           Option("b", _("equally likely: one red is not a streak."),
                  why=_("every token drawn changes what is left in the bag, streak or not "
                        "(the misconception: only a streak changes the chance)")),
           Option("c", _("less likely to be red: a red has been drawn."),
                  why=_("a red drawn leaves fewer reds, but the other tokens drawn leave fewer tokens of all: compare "
                        "the share of red left with 6/20 "
                        "(the misconception: every red drawn makes red rarer, whatever else is drawn)")),
       ))
predict("32-4", L32, _("Before you look at the table: after three red tokens have been shown, what is the chance the last token is red?"),
        lambda p: probability(LastIs("red"), shown=("red",) * 3),
        [_("Reds left ÷ tokens left: 3 of the 6 reds and 3 of the 20 tokens are gone.")], tolerance=0.03)
