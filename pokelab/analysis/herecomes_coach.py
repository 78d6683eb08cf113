"""The Here Comes Pokémon! coach in plain words: the best discard with its reason, and a review of a round's discards.

``explain_discard`` (a hand and the tokens shown) and ``coach_discard`` (a seat of a
game, from that seat's view only) give the advisor's best discard
(``pokelab.odds.advise_discard``, exact expectimax) with a reason worded from the
exact odds: whether the discarded card can still come true, on how many of the
tokens left in the bag the kept card comes true once one token is left (or its
chance before that), the expected points and what any other discard loses. Each
clause carries a ``Claim`` that ``herecomes_checks.holds`` answers by enumerating
the rest of the round with the rules' own conditions (HC-C2, HC-R5).

``review_discards`` reviews a seat's discards (from a game record or a board's
moves): for each, the exact expected points lost against the best discard at
that moment, in one sentence. Exact, so noise-free: a discard is flagged only
when it lost something.

Rulebook words (docs/glossary.csv): 弃牌 (discard), 达成 (come true), 布袋 (bag),
代币 (token), 期望分 (expected points), 波 (wave), 轮 (round), 复盘 (review).

>>> from pokelab.herecomes import TARGETS
>>> hand = [TARGETS[c] for c in ("G01", "G05", "P05")]
>>> coach = explain_discard(hand, ("red",) * 3 + ("blue",) * 3 + ("green",) * 2 + ("yellow",))
>>> print(coach.describe("en"))
Discard G05 Squirtle: it comes true on 2 of the 11 tokens left in the bag. You keep P05 Snorlax, which comes true on 9 of the 11 tokens left in the bag. Expected points this round: 0.868; any other discard loses at least 0.0165.
>>> coach.false_claims()
[]
>>> explain_discard(hand, ("red",) * 5)
Traceback (most recent call last):
...
pokelab.errors.InputError: a discard follows a wave: shown must hold 4, 7 or 9 tokens, got 5
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from pokelab.analysis.herecomes_checks import Spot, false_claims
from pokelab.analysis.reason_checks import Claim
from pokelab.errors import InputError
from pokelab.herecomes.actions import Discard
from pokelab.herecomes.bag import DEFAULT_BAG
from pokelab.herecomes.cards import TARGETS
from pokelab.odds.advice import advise_discard, discard_inputs
from pokelab.odds.advice_result import Advice, card_label
from pokelab.odds.exact import any_probability, probability
from pokelab.odds.inputs import LEGEND_VALUE, card_condition, card_value
from pokelab.words import Text, _, _p, check_lang

__all__ = ["DiscardCoach", "DiscardReview", "RoundReview", "coach_discard", "explain_discard",
           "points_text", "review_discards"]


def points_text(x: Fraction) -> str:
    """Expected points as the coach writes them: three significant digits, trailing zeros kept (like the tables).

    >>> points_text(Fraction(1, 3)), points_text(Fraction(12)), points_text(Fraction(1001, 1000)), points_text(Fraction(0))
    ('0.333', '12.0', '1.00', '0.00')
    """
    return f"{float(x):#.3g}".rstrip(".")


def _chance_text(p: Fraction) -> str:
    """A chance in percent; a possible event is never "0%", an uncertain one never "100%" (like the boards)."""
    if 0 < p < Fraction(1, 200):
        return "<1%"
    if Fraction(199, 200) <= p < 1:
        return ">99%"
    return f"{int(p * 100 + Fraction(1, 2))}%"


def _sentences(parts: Sequence[Text]) -> Text:
    joined = parts[0]
    for part in parts[1:]:
        joined = _p("sentences", "{first} {second}", first=joined, second=part)
    return joined


@dataclass(frozen=True)
class DiscardCoach:
    """The advisor's best discard at one spot, with its reason and the claims the reason makes."""

    spot: Spot
    advice: Advice
    reason: Text
    claims: tuple[Claim, ...]

    @property
    def discard(self) -> Any:
        """The card to discard (the first best in hand order)."""
        return self.advice.discard

    def describe(self, lang: str = "en") -> str:
        """The reason in ``lang``."""
        return self.reason.render(check_lang(lang))

    def false_claims(self) -> list[Claim]:
        """The claims the rules do not confirm: ``[]`` for a true reason."""
        return false_claims(self.spot, self.claims)


def explain_discard(
    hand: Sequence[Any],
    shown: Sequence[str],
    *,
    bag: Mapping[str, int] | None = DEFAULT_BAG,
    redraw_agree: Fraction | int = 1,
) -> DiscardCoach:
    """The best discard (``advise_discard``, HC-R2, HC-R3) with a true reason in plain words.

    ``hand`` holds target cards or ``(condition, points)`` pairs; ``shown`` the
    tokens after wave 1, 2 or 3; ``redraw_agree`` the chance the table grants a
    redraw the player asks for (HC-R4). Errors are ``advise_discard``'s.

    >>> coach = explain_discard([("last:red", 3), ("never:purple", 1), ("last:purple", 1), ("last:blue", 2)],
    ...                         ("purple", "red", "red", "red", "blue", "green", "yellow"))
    >>> print(coach.describe("zh"))
    弃掉「没有抽出紫色（1 分）」：它已经不可能达成了。你留下「最后一枚是红色（3 分）」：它达成的概率是 23%。之后每次都弃得最好的话，本轮期望分：1.90；弃掉「最后一枚是紫色（1 分）」也一样好。
    """
    bag_items = tuple(sorted(dict(DEFAULT_BAG if bag is None else bag).items()))
    try:
        return _explained(tuple(hand), tuple(shown), bag_items, redraw_agree)
    except TypeError:  # a card that cannot be a cache key: word it afresh
        return _explained.__wrapped__(tuple(hand), tuple(shown), bag_items, redraw_agree)


@lru_cache(maxsize=512)
def _explained(hand: tuple[Any, ...], shown: tuple[str, ...], bag_items: tuple[tuple[str, int], ...],
               redraw_agree: Fraction | int) -> DiscardCoach:
    """``explain_discard`` on hashable inputs, kept: a board words the same spot again on every redraw."""
    bag = dict(bag_items)
    advice = advise_discard(list(hand), shown, bag=bag, redraw_agree=redraw_agree)
    spot = Spot(hand, shown, bag, redraw_agree)
    d = next(i for i, o in enumerate(advice.options) if o.card is advice.discard)
    kept = [i for i in range(len(hand)) if i != d]
    chance = [probability(card_condition(c), bag=bag, shown=shown) for c in hand]
    m, last_wave = spot.tokens_left, spot.draws_left == 1
    claims: list[Claim] = []

    def on_tokens(cards: Sequence[int]) -> int:
        p = any_probability([card_condition(hand[i]) for i in cards], bag=bag, shown=shown)
        n = p * m
        claims.append(Claim("tokens", tuple(cards), (int(n), m)))
        return int(n)

    label = card_label(hand[d])
    if chance[d] == 0:
        claims.append(Claim("dead", d))
        first = _("Discard {card}: it can no longer come true.", card=label)
    elif last_wave:
        first = _("Discard {card}: it comes true on {count} of the {total} tokens left in the bag.",
                  card=label, count=on_tokens([d]), total=m)
    else:
        claims.append(Claim("chance", d, chance[d]))
        first = _("Discard {card}: it comes true with chance {chance}.", card=label, chance=_chance_text(chance[d]))
    top = max(kept, key=lambda i: (chance[i] * card_value(hand[i], LEGEND_VALUE), chance[i]))
    parts = [first]
    if chance[top] == 0:
        claims += [Claim("dead", i) for i in kept]
        parts.append(_("None of the cards you keep can come true any more."))
    elif last_wave:
        n = on_tokens([top])
        other = [i for i in kept if i != top]
        both = n if not other else int(any_probability([card_condition(hand[i]) for i in kept], bag=bag, shown=shown) * m)
        if both > n:
            on_tokens(kept)
            parts.append(_("You keep {card}, which comes true on {count} of the {total} tokens left in the bag; "
                           "with {other}, one of your cards comes true on {both} of them.",
                           card=card_label(hand[top]), count=n, total=m, other=card_label(hand[other[0]]), both=both))
        else:
            parts.append(_("You keep {card}, which comes true on {count} of the {total} tokens left in the bag.",
                           card=card_label(hand[top]), count=n, total=m))
    else:
        claims.append(Claim("chance", top, chance[top]))
        parts.append(_("You keep {card}, which comes true with chance {chance}.",
                       card=card_label(hand[top]), chance=_chance_text(chance[top])))
    parts.append(_value_sentence(advice, d, last_wave, claims))
    return DiscardCoach(spot, advice, _sentences(parts), tuple(claims))


def _value_sentence(advice: Advice, d: int, last_wave: bool, claims: list[Claim]) -> Text:
    claims += [Claim("best", d), Claim("value", d, advice.value)]
    value = points_text(advice.value)
    others = [(i, o) for i, o in enumerate(advice.options) if i != d]
    ties = [(i, o) for i, o in others if o.cost == 0]
    if last_wave:
        said = _("Expected points this round: {value}", value=value)
    else:
        said = _("Expected points this round, with your best discards to come: {value}", value=value)
    if ties:
        claims.append(Claim("value", ties[0][0], advice.value))
        return _("{said}; discarding {card} is just as good.", said=said, card=card_label(ties[0][1].card))
    if others:
        loss = min(o.cost for _i, o in others)
        claims.append(Claim("margin", None, loss))
        return _("{said}; any other discard loses at least {loss}.", said=said, loss=points_text(loss))
    return _("{said}.", said=said)


def coach_discard(state: Any, player: int | None = None) -> DiscardCoach:
    """``explain_discard`` for a seat of a game, from that seat's view only (``discard_inputs``; HC-G3).

    >>> from pokelab.herecomes import Draw, apply, scenario
    >>> s = scenario(2, hands={0: ["G01", "G13", "P01", "O01", "L01"]}, trainers=False)
    >>> for colour in ("red", "blue", "green", "red"):
    ...     s = apply(s, Draw(colour))
    >>> coach_discard(s, 0).discard.id
    'O01'
    >>> coach_discard(s, 2)
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: there is no seat 2: seats are 0 to 1
    """
    hand, tokens, bag, agree = discard_inputs(state, player)
    return explain_discard(hand, tokens, bag=bag, redraw_agree=agree)


@dataclass(frozen=True)
class DiscardReview:
    """One discard a seat made, against the advisor's best at that moment (exact expected points this round)."""

    round: int
    wave: int
    chosen: int  #: index in ``coach.spot.hand``
    coach: DiscardCoach

    @property
    def chosen_value(self) -> Fraction:
        return self.coach.advice.options[self.chosen].value

    @property
    def cost(self) -> Fraction:
        """Expected points lost against the best discard (0 for a best one)."""
        return self.coach.advice.value - self.chosen_value

    @property
    def claims(self) -> tuple[Claim, ...]:
        """What the review's sentence states: the value of the discard made, and of the best one."""
        best = next(i for i, o in enumerate(self.coach.advice.options) if o.card is self.coach.discard)
        return (Claim("value", self.chosen, self.chosen_value), Claim("value", best, self.coach.advice.value),
                Claim("best", best))

    def text(self) -> Text:
        """The review of this discard in one sentence."""
        card = card_label(self.coach.spot.hand[self.chosen])
        value = points_text(self.coach.advice.value)
        if self.cost:
            return _("Wave {wave}: you discarded {card}; discarding {best} was better. This discard cost you {cost} "
                     "expected points ({chosen} instead of {value}).", wave=self.wave, card=card,
                     best=card_label(self.coach.discard), cost=points_text(self.cost),
                     chosen=points_text(self.chosen_value), value=value)
        if self.coach.spot.hand[self.chosen] is self.coach.discard:
            return _("Wave {wave}: you discarded {card}, the best discard ({value} expected points this round).",
                     wave=self.wave, card=card, value=value)
        return _("Wave {wave}: you discarded {card}, as good as the best ({value} expected points this round).",
                 wave=self.wave, card=card, value=value)

    def false_claims(self) -> list[Claim]:
        """The claims the rules do not confirm: ``[]`` for a true review."""
        return false_claims(self.coach.spot, self.claims)


@dataclass(frozen=True)
class RoundReview:
    """A seat's reviewed discards (one round, or several) in play order."""

    seat: int
    rows: tuple[DiscardReview, ...]

    @property
    def cost(self) -> Fraction:
        """Expected points the discards lost in all."""
        return sum((r.cost for r in self.rows), Fraction(0))

    def lines(self) -> list[Text]:
        """The review line by line: each round's summary, then a sentence per discard."""
        lines: list[Text] = []
        for rnd in sorted({r.round for r in self.rows}):
            rows = [r for r in self.rows if r.round == rnd]
            cost = sum((r.cost for r in rows), Fraction(0))
            lines.append(_("Round {round}: your discards cost you {cost} expected points in all.", round=rnd,
                           cost=points_text(cost)) if cost else
                         _("Round {round}: every discard you made was a best one.", round=rnd))
            lines += [r.text() for r in rows]
        return lines

    def text(self) -> Text | None:
        """The review as one text, a line each (see ``lines``); ``None`` without discards."""
        lines = self.lines()
        if not lines:
            return None
        joined = lines[0]
        for line in lines[1:]:
            joined = _p("lines", "{first}\n{second}", first=joined, second=line)
        return joined

    def describe(self, lang: str = "en") -> str:
        """The review in ``lang`` (an empty string when there is nothing to review)."""
        text = self.text()
        return "" if text is None else text.render(check_lang(lang))

    def to_frame(self, lang: str = "en") -> Any:
        """One row per discard: round, wave, the card discarded, the best discard, the exact cost."""
        import pandas as pd  # lazy: pandas is slow to import; only a table needs it

        check_lang(lang)
        columns = [c.render(lang) for c in _REVIEW_COLUMNS]
        return pd.DataFrame([(r.round, r.wave, card_label(r.coach.spot.hand[r.chosen]).render(lang),
                              card_label(r.coach.discard).render(lang), r.cost) for r in self.rows], columns=columns)


#: The columns of ``RoundReview.to_frame``.
_REVIEW_COLUMNS = (_p("review table", "round"), _p("review table", "wave"), _p("review table", "discarded"),
                   _p("review table", "best"), _p("review table", "cost"))


def review_discards(moves: Any, seat: int, round: int | None = None) -> RoundReview:
    """Review ``seat``'s discards: each against the best discard at that moment, from the seat's view only.

    ``moves`` is a game record (``pokelab.sim.play``: its states and actions) or
    an iterable of ``(state before, action)`` pairs; only ``Discard`` actions of
    ``seat`` count, in ``round`` if given.

    >>> from pokelab.sim import play
    >>> review = review_discards(play("herecomes", ["random", "expected-points"], seed=2), 0, round=1)
    >>> [(r.wave, r.cost > 0) for r in review.rows]
    [(1, False), (2, True), (3, False)]
    >>> review_discards([], 0).describe()
    ''
    >>> review_discards("moves", 0)
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: review_discards needs a game record or (state, action) pairs, got str
    """
    pairs: Iterable[Any]
    if hasattr(moves, "states") and hasattr(moves, "actions"):
        pairs = zip(moves.states(), (action for _actor, action in moves.actions), strict=False)
    elif isinstance(moves, str | bytes) or not isinstance(moves, Iterable):
        raise InputError(_("review_discards needs a game record or (state, action) pairs, got {kind}",
                           kind=type(moves).__name__))
    else:
        pairs = moves
    rows = []
    for state, action in pairs:
        if not isinstance(action, Discard) or action.player != seat or (round is not None and state.round != round):
            continue
        coach = coach_discard(state, seat)
        chosen = next(i for i, c in enumerate(coach.spot.hand) if c is TARGETS[action.card])
        rows.append(DiscardReview(state.round, state.wave, chosen, coach))
    return RoundReview(seat, tuple(rows))
