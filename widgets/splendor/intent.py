"""The Splendor page's intents (what a click asks for) as engine actions, or a ``BadIntent`` that says why not.

>>> parse_intent({"kind": "pass"})
Pass()
>>> parse_intent({"kind": "fly"})
Traceback (most recent call last):
...
widgets.board.errors.BadIntent: unknown intent kind 'fly'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pokelab import splendor as sp
from pokelab.splendor.cards import TOKEN_COLOURS
from pokelab.words import _
from widgets._words import reason_of
from widgets.board.errors import BadIntent, _short

__all__ = ["parse_intent"]


def _card(payload: Mapping[str, Any], key: str) -> int:
    value = payload.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadIntent(
            _('{key} must be a card id (a whole number), not {value}', key=repr(key), value=repr(value)),
        )
    if value not in sp.CARDS:
        raise BadIntent(_('no card has id {value}', value=value))
    return value


def _colour_counts(value: Any, what: str) -> dict[str, int]:
    if not isinstance(value, Mapping):
        raise BadIntent(
            _('{what} must map colours to counts, not {value}', what=what, value=repr(value)),
        )
    out: dict[str, int] = {}
    for colour, count in value.items():
        if colour not in TOKEN_COLOURS:
            raise BadIntent(_('unknown colour {colour}', colour=repr(colour)))
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 40:
            raise BadIntent(
                _('the count of {colour} must be a whole number 0–40, not {count}', colour=colour, count=repr(count)),
            )
        if count:
            out[colour] = count
    return out


def parse_intent(payload: Any) -> Any:
    """Turn the front end's intent payload into an engine action, or raise ``BadIntent``.

    Kinds: ``take`` (``colours``: 1–3 picked tokens; the same colour twice means
    take two), ``catch`` (``card``, optional ``payment``), ``reserve`` (``card``),
    ``evolve`` (``base``, ``into``), ``return`` (``tokens``: colour → count),
    ``pass``, ``end_turn``, and ``text`` (an action in ``parse_action`` form).

    >>> parse_intent({"kind": "take", "colours": ["red", "red"]})
    TakeSame(red)
    >>> parse_intent({"kind": "take", "colours": ["blue", "red", "black"]})
    TakeDifferent(red, blue, black)
    >>> parse_intent({"kind": "catch", "card": 1, "payment": {"blue": 1, "master": 2}})
    Catch(1, blue=1, master=2)
    >>> parse_intent({"kind": "return", "tokens": {"red": 1, "blue": 0}})
    ReturnTokens(red)
    >>> parse_intent({"kind": "take", "colours": ["pink"]})
    Traceback (most recent call last):
    ...
    widgets.board.errors.BadIntent: unknown colour 'pink'
    """
    if not isinstance(payload, Mapping):
        raise BadIntent(
            _("an intent needs an 'action' object, not {payload}", payload=repr(payload)),
        )
    kind = payload.get("kind")
    if kind == "take":
        colours = payload.get("colours")
        if not isinstance(colours, list) or not colours:
            raise BadIntent(
                _('pick 1 to 3 tokens from the supply first'),
            )
        if len(colours) > 3:
            raise BadIntent(_('pick at most 3 tokens'))
        for colour in colours:
            if colour not in TOKEN_COLOURS:
                raise BadIntent(_('unknown colour {colour}', colour=repr(colour)))
        if len(colours) == 2 and colours[0] == colours[1]:
            return sp.TakeSame(colours[0])
        return sp.TakeDifferent(tuple(colours))
    if kind == "catch":
        payment = payload.get("payment")
        if payment is not None:
            payment = _colour_counts(payment, "payment")
        return sp.Catch(_card(payload, "card"), payment)
    if kind == "reserve":
        return sp.Reserve(_card(payload, "card"))
    if kind == "evolve":
        return sp.Evolve(_card(payload, "base"), _card(payload, "into"))
    if kind == "return":
        tokens = _colour_counts(payload.get("tokens"), "tokens")
        if not tokens:
            raise BadIntent(_('choose the tokens to return first'))
        return sp.ReturnTokens(tokens)
    if kind == "pass":
        return sp.Pass()
    if kind == "end_turn":
        return sp.EndTurn()
    if kind == "text":
        text = payload.get("text")
        try:
            return sp.parse_action(text)  # type: ignore[arg-type]
        except ValueError as err:
            raise BadIntent(_("cannot read the move {action}: {reason}", action=_short(text), reason=reason_of(err))) from None
    raise BadIntent(_('unknown intent kind {kind}', kind=repr(kind)))
