"""What ``advise_discard`` answers: ``Advice`` (the best discard, its value, every ``Option``) as a sentence or a table.

``pokelab.odds.advice`` computes the values; this module names the cards and
words the answer (both names are importable from ``pokelab.odds`` too).

>>> from fractions import Fraction
>>> a = Advice(("last:red", 3), Fraction(3, 2), (Option(("last:red", 3), Fraction(3, 2), Fraction(0)),))
>>> a.describe()
'Discard "the last token is red" (3 pts): 1.5 expected points this round.'
>>> a.describe("fr")
Traceback (most recent call last):
...
ValueError: unknown language 'fr': choose 'en' or 'zh'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pokelab.odds.inputs import card_condition
from pokelab.words import Text, _, _n, _p, check_lang

__all__ = ["Advice", "Option", "card_label"]


def card_label(card: Any) -> Text:
    """A short name for a card: a TargetCard's id and name, else its condition and points.

    A condition is quoted in English, so it reads as the card's name inside a sentence; the
    Chinese sentences set a card off with 「」 themselves.

    >>> card_label(("last:red", 3)).render("en")
    '"the last token is red" (3 pts)'
    >>> card_label(("last:red", 3)).render("zh")
    '最后一枚是红色（3 分）'
    """
    pokemon = getattr(card, "pokemon", None)
    if isinstance(pokemon, Text):
        return _("{id} {name}", id=str(getattr(card, "id", "")), name=pokemon)
    name = getattr(card, "name", None)
    if callable(name):  # a card of the lesson's own making: its name as it gives it
        return _("{id} {name}", id=str(getattr(card, "id", "")), name=str(name("en")))
    points = card[1] if isinstance(card, tuple) else getattr(card, "points", None)
    text = card_condition(card).text()
    if isinstance(points, bool) or not isinstance(points, int):
        return text
    return _n('"{condition}" ({count} pt)', '"{condition}" ({count} pts)', points, condition=text)


#: The columns of ``Advice.to_frame`` (English: the names code reads).
_ADVICE_COLUMNS = (
    _p("advice table", "discard"),
    _p("advice table", "expected_points"),
    _p("advice table", "points"),
    _p("advice table", "cost"),
)


@dataclass(frozen=True, slots=True)
class Option:
    """One discard choice: the card let go, the expected points after it, and its cost versus the best."""

    card: Any
    value: Fraction
    cost: Fraction


@dataclass(frozen=True, slots=True)
class Advice:
    """The best discard and the exact value of every option (expected points this round).

    ``discard`` is the recommended card (the first best in hand order);
    ``value`` its expected points; ``options`` every choice in hand order.
    """

    discard: Any
    value: Fraction
    options: tuple[Option, ...]

    def to_frame(self, lang: str = "en") -> Any:
        """A pandas DataFrame with one row per discard: card, exact value, float value, cost.

        >>> from pokelab.odds.advice import SHOWN_9, advise_discard
        >>> a = advise_discard([("last:red", 3), ("last:blue", 3), ("never:purple", 1)], shown=SHOWN_9)
        >>> a.to_frame()[["discard", "points", "cost"]].round(3).values.tolist()  # doctest: +NORMALIZE_WHITESPACE
        [['"the last token is red" (3 pts)', 1.397, 0.388],
         ['"the last token is blue" (3 pts)', 1.397, 0.388],
         ['"no purple token is drawn" (1 pt)', 1.785, 0.0]]
        """
        import pandas as pd  # lazy: pandas is slow to import; only a table needs it

        check_lang(lang)
        names = [column.render(lang) for column in _ADVICE_COLUMNS]
        return pd.DataFrame(
            {
                names[0]: [card_label(o.card).render(lang) for o in self.options],
                names[1]: [o.value for o in self.options],
                names[2]: [float(o.value) for o in self.options],
                names[3]: [float(o.cost) for o in self.options],
            }
        )

    def describe(self, lang: str = "en") -> str:
        """One sentence for a lesson, in English or Chinese.

        >>> from pokelab.odds.advice import SHOWN_9, advise_discard
        >>> a = advise_discard([("last:red", 3), ("last:blue", 3), ("never:purple", 1)], shown=SHOWN_9)
        >>> a.describe("zh")
        '弃掉「没有抽出紫色（1 分）」：本轮期望 1.79 分；其他选择最少损失 0.388 分。'
        >>> a.describe()
        'Discard "no purple token is drawn" (1 pt): 1.79 expected points this round; any other choice loses at least 0.388.'

        When discards tie, it names the equally good ones instead of a loss of 0:

        >>> advise_discard([("last:red", 3), ("last:blue", 1), ("last:blue", 1)], shown=SHOWN_9).describe()
        'Discard "the last token is blue" (1 pt): 1.19 expected points this round; discarding "the last token is blue" (1 pt) is just as good.'
        """
        return self.text().render(check_lang(lang))

    def text(self) -> Text:
        """The sentence of ``describe`` as a catalogue text."""
        chosen = next(i for i, o in enumerate(self.options) if o.card is self.discard)
        others = [o for i, o in enumerate(self.options) if i != chosen]
        costs = [o.cost for o in others]
        ties = [card_label(o.card) for o in others if o.cost == 0]
        name, value = card_label(self.discard), f"{float(self.value):.3g}"
        if ties:
            tied = ties[0]
            for more in ties[1:]:
                tied = _p("discard ties", "{items} or {item}", items=tied, item=more)
            return _(
                "Discard {name}: {value} expected points this round; discarding {ties} is just as good.",
                name=name,
                value=value,
                ties=tied,
            )
        if costs:
            loss = f"{float(min(costs)):.3g}"
            return _(
                "Discard {name}: {value} expected points this round; any other choice loses at least {loss}.",
                name=name,
                value=value,
                loss=loss,
            )
        return _("Discard {name}: {value} expected points this round.", name=name, value=value)
