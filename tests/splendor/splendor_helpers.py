"""Shared helpers for the Splendor tests: pick cards by property so tests survive balance tweaks."""

from __future__ import annotations

import json
import re

from pokelab.errors import IllegalAction
from pokelab.splendor import CARDS, COLOURS, State, apply, to_json

CJK = re.compile(r"[\u4e00-\u9fff]")


def normal_with_discount(colour: str, n: int, *, exclude: set[int] = frozenset()) -> list[int]:
    """``n`` normal basic cards whose discount is ``colour`` (no evolution links among them)."""
    out = [
        c.id
        for c in CARDS.values()
        if c.tier == "normal" and c.stage == 0 and c.discount == colour and c.id not in exclude
    ]
    # stage-0 cards only: add stage-1/2 ones if a test needs more
    if len(out) < n:
        out += [
            c.id
            for c in CARDS.values()
            if c.tier == "normal" and c.stage > 0 and c.discount == colour and c.id not in exclude
        ]
    assert len(out) >= n, f"not enough {colour} cards"
    return out[:n]


def discounts_covering(card_id: int) -> list[int]:
    """Captured cards whose discounts cover ``card_id``'s whole cost."""
    out: list[int] = []
    for colour, n in zip(COLOURS, CARDS[card_id].cost, strict=True):
        if n:
            out += normal_with_discount(colour, n, exclude={card_id, *out})
    return out


def expect_illegal(state: State, action, rule: str) -> IllegalAction:
    """Apply an illegal action: check its rule ID, both messages, and that the state is untouched."""
    before = to_json(state)
    try:
        apply(state, action)
    except IllegalAction as err:
        assert err.rule == rule, f"{action}: expected {rule}, got {err.rule}: {err.message('en')}"
        assert err.message("en") and not CJK.search(err.message("en")), err.message("en")
        assert CJK.search(err.message("zh")), err.message("zh")
        assert to_json(state) == before
        assert json.loads(json.dumps(err.to_dict()))["rule"] == rule
        return err
    raise AssertionError(f"{action} should be illegal ({rule})")


def by_name(name: str) -> int:
    """Card id by English name."""
    for c in CARDS.values():
        if c.name_en == name:
            return c.id
    raise KeyError(name)
