"""Here Comes Pokémon! bots: a heuristic bot and an expected-points bot built on ``pokelab.odds``.

Both read only their view: the hand, the tokens shown so far, the bag's
composition. They differ in how they judge a card:

- ``HeuristicBot`` keeps the cards most likely to come true: it discards the
  card whose exact probability (``odds.probability``, given the tokens shown) is
  lowest, votes for the redraw only when none of its cards holds, keeps the
  card with the most points, and never plays its trainer.
- ``ExpectedPointsBot`` maximises expected points: it discards what
  ``odds.best_discard`` says (expectimax over the rest of the round, points
  and the redraw included), votes with ``odds.should_redraw`` (the expected
  value of a fresh last token; the token put back still breaks a purple card,
  HC-C2), and plays its trainer when that gains points:
  Brock's redraw instead of a vote the table may refuse, Erika's swap when it
  makes a better card come true, Misty's extra discard for a card that can no
  longer come true.

>>> import random
>>> from pokelab.herecomes import new_game, apply, Draw, observe, legal_actions
>>> s = new_game(2, seed=1, trainers=False)
>>> for colour in ("red", "blue", "purple", "red"):
...     s = apply(s, Draw(colour))
>>> [type(b().choose(observe(s, 0), legal_actions(s, 0), random.Random(0))).__name__
...  for b in (HeuristicBot, ExpectedPointsBot)]
['Discard', 'Discard']
>>> HeuristicBot().choose(observe(s, 0), [], random.Random(0))
Traceback (most recent call last):
...
ValueError: HeuristicBot was given no legal action to choose from
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from pokelab.herecomes import TARGETS, Discard, Keep, UseTrainer, VoteRedraw
from pokelab.odds import best_discard, probability, should_redraw

__all__ = ["ExpectedPointsBot", "HeuristicBot"]


def _hand(view: Mapping[str, Any]) -> list[Any]:
    """The viewer's target cards still in play this step (a card set aside by Misty is gone)."""
    extra = (view.get("my_choice") or {}).get("extra_discard")
    return [TARGETS[c["id"]] for c in view["hand"] if c["id"] != extra]


def _worth(card: Any) -> int:
    return 10 if card.kind == "legend" else card.points


def _holding(view: Mapping[str, Any], tokens: Sequence[str]) -> int:
    """Points the viewer scores if the round ended on ``tokens`` (HC-R6: the best achieved card).

    Purple cards are checked against every token that appeared: ``tokens`` and
    the ones a redraw already put back this round (HC-C2).
    """
    bag = view["composition"]
    appeared = (*tokens, *view.get("returned", ()))
    return max(
        (_worth(c) for c in _hand(view) if c.condition.holds(tokens, bag, appeared)), default=0
    )


def _of(legal: Sequence[Any], kind: type) -> list[Any]:
    return [a for a in legal if isinstance(a, kind)]


def _keep(legal: Sequence[Any]) -> Any:
    return max(_of(legal, Keep), key=lambda a: _worth(TARGETS[a.card]))


class HeuristicBot:
    """Discards its least likely card, votes to redraw only when nothing holds, keeps the best card."""

    name = "heuristic"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        """One action for the viewer: discard, vote or keep (trainers are never played)."""
        if not legal:
            raise ValueError("HeuristicBot was given no legal action to choose from")
        discards = _of(legal, Discard)
        if discards:
            bag, shown = view["composition"], tuple(view["tokens"])
            chance = {a: probability(TARGETS[a.card].condition, bag=bag, shown=shown)
                      for a in discards}
            low = min(chance.values())
            worst = [a for a in discards if chance[a] == low]
            return min(worst, key=lambda a: _worth(TARGETS[a.card]))
        votes = _of(legal, VoteRedraw)
        if votes:
            want = _holding(view, view["tokens"]) == 0
            return next(a for a in votes if a.agree == want)
        if _of(legal, Keep):
            return _keep(legal)
        return legal[0]

    def __repr__(self) -> str:
        return "HeuristicBot()"


class ExpectedPointsBot:
    """Maximises expected points this round with ``odds.best_discard`` and ``odds.should_redraw``."""

    name = "expected-points"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        """One action for the viewer; trainers are played when they gain expected points."""
        if not legal:
            raise ValueError("ExpectedPointsBot was given no legal action to choose from")
        if _of(legal, Keep):
            return _keep(legal)
        bag, tokens = view["composition"], tuple(view["tokens"])
        hand = _hand(view)
        trainer = {a.power: a for a in _of(legal, UseTrainer)} if _of(legal, UseTrainer) else {}
        discards = _of(legal, Discard)
        if discards:
            chances = [probability(c.condition, bag=bag, shown=tokens) for c in hand]
            if "extra_discard" in trainer and len(hand) > 2 and min(chances) == 0:
                dead = hand[chances.index(0)].id
                for a in _of(legal, UseTrainer):
                    if a.power == "extra_discard" and a.target == dead:
                        return a
            advice = best_discard(view)
            return next(a for a in discards if a.card == advice.discard.id)
        votes = _of(legal, VoteRedraw)
        if votes:
            now = _holding(view, tokens)
            swaps = [a for a in _of(legal, UseTrainer) if a.power == "swap"]
            for a in swaps:
                i = 7 + int(a.target)
                swapped = list(tokens)
                swapped[i], swapped[-1] = swapped[-1], swapped[i]
                if _holding(view, swapped) > now:
                    return a
            returned = tuple(view.get("returned", ()))
            want = len(tokens) == 10 and should_redraw(hand, tokens, bag, returned=returned)
            if want and "redraw" in trainer:
                return trainer["redraw"]
            return next(a for a in votes if a.agree == want)
        if _of(legal, Keep):
            return _keep(legal)
        return legal[0]

    def __repr__(self) -> str:
        return "ExpectedPointsBot()"
