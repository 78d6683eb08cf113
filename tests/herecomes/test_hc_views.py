"""Views (HC-G3), JSON save/load, and the actions' string forms."""

from __future__ import annotations

import json

import pytest

from pokelab.herecomes import (
    Discard,
    Draw,
    Keep,
    UseTrainer,
    VoteRedraw,
    from_json,
    legal_actions,
    new_game,
    observe,
    parse_action,
    to_json,
)
from pokelab.words import Text, rendered

from .helpers import random_game

VIEW_KEYS = {
    "game", "viewer", "round", "wave", "phase", "is_chance", "is_over", "leader", "variant",
    "order_cards", "tokens", "returned", "appeared", "bag", "bag_total", "composition",
    "deck_size", "discard_size", "waiting_for", "must_act", "players", "hand", "my_choice",
    "keep_options", "seen_discards", "events", "legal", "last_round", "result",
}
TEACHER_KEYS = {"hands", "pending", "deck", "peeks"}


def test_hc_g3_player_view_shows_own_hand_only():
    """HC-G3: a player's view holds their own hand with full card data, and no other hand."""
    s = new_game(3, seed=9)
    for p in range(3):
        v = observe(s, p)
        assert set(v) == VIEW_KEYS
        assert [c["id"] for c in v["hand"]] == list(s.hands[p])
        assert set(v["hand"][0]) >= {"id", "kind", "kind_text", "condition", "condition_text", "points", "name"}
        assert all(isinstance(v["hand"][0][key], Text) for key in ("kind_text", "condition_text", "name"))
        text = json.dumps(rendered(v, "en"))
        for q in range(3):
            if q != p:
                assert not any(f'"{c}"' in text for c in s.hands[q]), "another hand leaked"
        assert [pl["hand_size"] for pl in v["players"]] == [5, 5, 5]


def test_hc_g3_teacher_view_reveals_all():
    """HC-G3: the teacher's view (player=None) shows every hand, pending choice and the deck."""
    s = new_game(3, seed=9)
    v = observe(s, None)
    assert set(v) == VIEW_KEYS | TEACHER_KEYS
    assert [[c["id"] for c in h] for h in v["hands"]] == [list(h) for h in s.hands]
    assert v["deck"] == list(s.deck)


def test_hc_g3_views_are_json_safe_through_whole_games():
    """HC-G3: every view of every state of a random game is JSON-safe and shows only own secrets."""
    for k, (_before, _action, s) in enumerate(random_game(1, 4)):
        if k % 3 == 0 or s.is_over:
            for p in (None, *range(4)):
                v = observe(s, p)
                shown = rendered(v, "zh")
                assert json.loads(json.dumps(shown)) == shown
                if p is not None:
                    assert v["legal"] == [str(a) for a in legal_actions(s, p)]
                    assert v["must_act"] == (p in s.to_move)


def test_hc_r5_round_summary_explains_achievements():
    """HC-R5: after checking, the view says which of my cards were achieved and why (en + zh)."""
    for _before, _action, s in random_game(3, 2):
        if s.summary is not None:
            break
    v = observe(s, 0)
    seats = v["last_round"]["seats"]
    assert len(seats[0]["checked"]) == 2 and "checked" not in seats[1]
    for entry in seats[0]["checked"]:
        assert isinstance(entry["achieved"], bool) and entry["why"].render("en") and entry["why"].render("zh")


def test_json_round_trip_through_random_games():
    """to_json / from_json give back an equal state at every step, with trainers and variants."""
    for seed, players in ((4, 4), (5, 1), (6, 3)):
        for k, (_b, _a, s) in enumerate(random_game(seed, players)):
            if k % 5 == 0:
                assert from_json(to_json(s)) == s


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.pop("hands"), "missing field 'hands'"),
        (lambda d: d.__setitem__("phase", "nap"), "field 'phase'"),
        (lambda d: d["hands"][0].append("G99"), "unknown card id"),
        (lambda d: d["deck"].append(d["hands"][0][0]), "exactly one place"),
        (lambda d: d["bag_left"].__setitem__(0, 1), "field 'bag_left'"),
        (lambda d: d.__setitem__("leader", 7), "field 'leader'"),
        (lambda d: d.__setitem__("format", "other/9"), "format"),
        (lambda d: d["setup"].__setitem__("bag", {"red": 2}), "field 'setup'"),
        (lambda d: d.__setitem__("trainers", ["gary", None, None]), "field 'trainers'"),
    ],
)
def test_from_json_rejects_malformed_input_clearly(mutate, message):
    """from_json names the bad field."""
    doc = json.loads(to_json(new_game(3, seed=1)))
    mutate(doc)
    with pytest.raises(ValueError, match=message):
        from_json(json.dumps(doc))


def test_actions_round_trip_through_their_string_form_and_their_repr():
    """parse_action(str(a)) == parse_action(repr(a)) == a for every action played in random games."""
    seen = set()
    for seed in range(4):
        for _b, action, _a in random_game(seed, 4):
            assert parse_action(str(action)) == parse_action(repr(action)) == action
            seen.add(type(action).__name__)
    assert {"Draw", "Discard", "VoteRedraw", "UseTrainer"} <= seen
    assert parse_action("Keep(1, G05)") == Keep(1, "G05")
    for action in (UseTrainer(0, "redraw"), UseTrainer(2, "peek", 1), VoteRedraw(1, False)):
        assert parse_action(repr(action)) == action


def test_actions_describe_in_both_languages():
    """Every action says itself in English and Chinese; hidden=True keeps secrets out of logs."""
    names = ["Ash", "Misty"]
    assert Discard(1, "G13").describe("en", names) == "Misty discards Pikachu (G13)"
    assert "G13" not in Discard(1, "G13").describe("zh", names, hidden=True)
    assert VoteRedraw(0, True).describe("zh") == "玩家 1 同意重抽"  # a digit and Chinese: spaced
    assert VoteRedraw(0, True).describe("zh", ["你", "Ann"]) == "你同意重抽"  # two Chinese words: not spaced
    assert VoteRedraw(1, False).describe("zh", ["你", "Ann"]) == "Ann 不同意重抽"
    assert Draw("purple").describe("zh") == "抽出一枚紫色代币"
    assert Keep(0, "L01").describe("en") == "Player 1 keeps Mew (L01) to score"
    for action in (UseTrainer(0, "extra_discard", "G01"), UseTrainer(0, "redraw"), UseTrainer(0, "peek", 1),
                   UseTrainer(0, "swap", 0)):
        en, zh = action.describe("en"), action.describe("zh")
        assert en and zh and en != zh
    assert "G01" not in UseTrainer(0, "extra_discard", "G01").describe("en", hidden=True)
    with pytest.raises(ValueError):
        Draw("red").describe("de")


@pytest.mark.parametrize("text", ["Draw(pink)", "Discard(0)", "VoteRedraw(0, maybe)", "UseTrainer(0, fly)", "Pass()"])
def test_parse_action_rejects_bad_text(text):
    """parse_action says what is wrong."""
    with pytest.raises(ValueError, match="action"):
        parse_action(text)
