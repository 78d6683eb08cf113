"""Lesson 35, is the scoring fair?: its exercises."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pandas as pd

from pokelab.course._build import choice, explain, number, value
from pokelab.course.registry import Idea, Option
from pokelab.herecomes import DEFAULT_BAG
from pokelab.odds import card_table
from pokelab.words import Text, _, _p

L35 = "probability/35-is-the-scoring-fair.ipynb"

# -- 35 is the scoring fair? ---------------------------------------------------------------------


def plain_cards() -> pd.DataFrame:
    """The card table without the legend cards (they win outright and are valued apart)."""
    table = card_table()
    return table[table.kind != "legend"].copy()


def designed_points(target: float, cards: pd.DataFrame | None = None) -> pd.Series:
    """Points by the designer's rule ``round(target ÷ p)``, at least 1, for every non-legend card."""
    cards = plain_cards() if cards is None else cards
    return (target / cards["p"]).round().clip(lower=1).astype(int)


def unfairness(expected_points: pd.Series) -> float:
    """Coefficient of variation of the cards' expected points (standard deviation ÷ mean): 0 is perfectly fair."""
    values = expected_points.astype(float)
    return round(float(values.std(ddof=0) / values.mean()), 3)


TARGETS_35 = (0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5)
#: The targets of exercise 35-3: none of them in the lesson's table, and the fairest is not the largest (no guessing).
MORE_TARGETS_35 = (0.6, 0.65, 0.7, 0.75, 0.8)


#: Exercise 35-1's bag: a teacher swaps one red token for a purple one (the lesson's tables are for the game's bag).
BAG_35_1 = {**DEFAULT_BAG, "red": DEFAULT_BAG["red"] - 1, "purple": DEFAULT_BAG["purple"] + 1}


def plain_cards_with(bag: Mapping[str, int]) -> pd.DataFrame:
    """The card table for ``bag``, without the legend cards: the printed points, the chances of that bag."""
    table = card_table(bag)
    return table[table.kind != "legend"].copy()


def _best_deals(params: Any) -> set[str]:
    cards = plain_cards_with(params["bag"])
    return set(cards.loc[cards["expected_points"] == cards["expected_points"].max(), "id"])


def _best_deal_slips(params: Any) -> list[tuple[str, Text]]:
    """The lesson's own best deals (a red last token) and the card the new purple seems to help ("no purple")."""
    return [("G01", _("that card was a best deal with the game's bag; with one red fewer its chance falls to 5/20.")),
            ("P01", _("a third purple makes \"no purple is drawn\" rarer, not likelier."))]


value("35-1", L35, _("A teacher's bag swaps one red token for a purple one: {bag}. The cards keep their printed points. "
                     "Which card id is now the best deal (highest expected points for the round as drawn), among the "
                     "cards other than Mew and Mewtwo? (If several tie, any of them counts.)"), _best_deals,
      [_("Which chances change when a red becomes a purple? Start with the gray cards: their chance is the colour's "
         "share of the bag."),
       _("Expected points = p × points: a card whose colour grows and that pays many points gains most. Check with "
         "{code}.", code="card_table(bag)")],
      member=True, defaults={"bag": BAG_35_1}, mistakes=_best_deal_slips)


def _designed(p: Any) -> int:
    cards = plain_cards()
    return int(designed_points(p["target"], cards)[cards["id"] == p["card"]].iloc[0])


number("35-2", L35, _("With the rule points = round({target} ÷ p), at least 1, how many points would card {card} be worth?"), _designed,
       [_("Find the card's p in the table, then target ÷ p."), _("Round to the nearest whole number.")],
       defaults={"target": 0.25, "card": "P01"},
       personal=lambda rng: {"target": rng.choice(TARGETS_35), "card": rng.choice(sorted(plain_cards()["id"]))})


def _fairest(_params: Any) -> set[float]:
    scores = {t: unfairness(designed_points(t) * plain_cards()["p"]) for t in MORE_TARGETS_35}
    best = min(scores.values())
    return {t for t, s in scores.items() if s == best}


value("35-3", L35, _("Which target among {targets} gives the fairest points by the coefficient of variation?"), _fairest,
      [_("Compute unfairness(designed_points(t) * cards['p']) for each t."), _("Pick the t where it is smallest.")], member=True,
      defaults={"targets": MORE_TARGETS_35})
choice("35-4", L35, _("Why is best ÷ worst a crude measure of fairness?"), (
    Option("a", _("It looks at two cards only; one odd card moves it, whatever the other 54 do."), correct=True,
           why=_("The coefficient of variation uses every card.")),
    Option("b", _("Ratios cannot be used for probabilities."),
           why=_("ratios of expected points are fine; the trouble is which numbers go into this one")),
    Option("c", _("The most likely card should always be the best deal."),
           why=_("a fair deck makes probability × points equal, not the likeliest card the best "
                 "(the misconception: the likeliest card is the best deal)")),
))
explain("35-5", L35, _("Why can a small target make the scoring less fair?"),
        _("With a small target, target ÷ p is below 1.5 for many cards, so they all round to the minimum of 1 point; "
        "likely cards then earn far more per round than rarer ones, and the expected points spread out."),
        [Idea(_("rounding to whole points"), _p("words a pupil may write", "round|whole")),
         Idea(_("the minimum of 1 point"), _p("words a pupil may write", "1 point|one point|minimum|at least 1")),
         Idea(_("likely cards earn more"), _p("words a pupil may write", "likely|common|more per round"))],
        misconceptions=[Idea(_("points = target ÷ p make every card's expected points exactly equal, whatever the target"),
                             _p("words a pupil may write", "exactly equal|all equal|always equal|whatever the target"))])
