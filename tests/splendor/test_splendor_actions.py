"""Actions: readable str, parse_action round trip, bilingual describe, and an illegal attempt of every type."""

from __future__ import annotations

import pytest

from pokelab.errors import IllegalAction
from pokelab.splendor import (
    ACTION_TYPES,
    Catch,
    EndTurn,
    Evolve,
    Pass,
    Reserve,
    ReturnTokens,
    TakeDifferent,
    TakeSame,
    apply,
    legal_actions,
    new_game,
    parse_action,
    scenario,
)

from .splendor_helpers import CJK, by_name, expect_illegal

SAMPLES = [
    TakeDifferent(["red", "blue", "green"]),
    TakeDifferent(["black"]),
    TakeSame("yellow"),
    Reserve(12),
    Catch(3),
    Catch(3, {"red": 2, "master": 1}),
    Catch(3, {}),
    Evolve(1, 2),
    ReturnTokens(["master", "red", "red"]),
    Pass(),
    EndTurn(),
]


def test_every_action_type_has_a_sample():
    assert {type(a) for a in SAMPLES} == set(ACTION_TYPES)


@pytest.mark.parametrize("action", SAMPLES, ids=str)
def test_str_parses_back_and_describes_in_both_languages(action):
    assert parse_action(str(action)) == action
    assert repr(action) == str(action)
    en, zh = action.describe("en"), action.describe("zh")
    assert en and not CJK.search(en)
    assert CJK.search(zh)
    with pytest.raises(ValueError, match="unknown language"):
        action.describe("fr")


def test_readable_strings():
    assert str(TakeDifferent(["green", "blue", "red"])) == "TakeDifferent(red, blue, green)"
    assert str(ReturnTokens({"blue": 1, "red": 2})) == "ReturnTokens(red, red, blue)"
    assert str(Catch(3, {"master": 1, "red": 2})) == "Catch(3, red=2, master=1)"
    assert Catch(3).describe("en") == "catch Charizard (#3)"


def test_parse_accepts_card_names():
    assert parse_action("Evolve(Charmander, 火恐龙)") == Evolve(1, 2)
    assert parse_action("Reserve(#12)") == Reserve(12)


@pytest.mark.parametrize(
    ("text", "msg"),
    [
        ("TakeSame()", "exactly one colour"),
        ("Catch(Missingno)", "no card"),
        ("Catch(3, red=two)", "colour=count"),
        ("Evolve(1)", "two cards"),
        ("Pass(1)", "no arguments"),
        ("Reserve 3", "Name\\(arguments\\)"),
        ("TakeDifferent(pink)", "unknown colour"),
        ("ReturnTokens()", "at least one"),
        ("Reserve(91)", "no card has id 91"),
    ],
)
def test_parse_errors_are_clear(text, msg):
    with pytest.raises(ValueError, match=msg):
        parse_action(text)


def test_legal_actions_strings_all_parse_back():
    s = new_game(4, seed=8)
    for a in legal_actions(s):
        assert parse_action(str(a)) == a


def test_apply_rejects_non_actions():
    """A non-action is bad input, not a rule: a plain ValueError, as in Here Comes (see pokelab.errors)."""
    with pytest.raises(ValueError, match="parse_action") as err:
        apply(new_game(2), "TakeSame(red)")
    assert type(err.value) is ValueError


# ---- an illegal attempt of every action type: rule ID, English and Chinese reason, state untouched
def _position():
    charmander = by_name("Charmander")
    return scenario(captured={0: [charmander]}, display=[by_name("Charizard"), 30, 40, 50])


ILLEGAL = [
    (TakeDifferent(["red", "blue"]), "SP-A1"),
    (TakeSame("master"), "SP-A2"),
    (Reserve(60), "SP-A3"),
    (Catch(by_name("Charizard")), "SP-A4"),
    (Catch(by_name("Charizard"), {"red": 9}), "SP-A6"),
    (Evolve(by_name("Charmander"), by_name("Charizard")), "SP-E1"),
    (ReturnTokens(["red"]), "SP-T3"),
    (Pass(), "SP-T2"),
    (EndTurn(), "SP-T1"),
]


@pytest.mark.parametrize(("action", "rule"), ILLEGAL, ids=lambda x: str(x))
def test_illegal_attempt_of_every_action_type(action, rule):
    err = expect_illegal(_position(), action, rule)
    assert isinstance(err, IllegalAction) and str(err).startswith(f"[{rule}]")


def test_illegal_list_covers_every_action_type():
    assert {type(a) for a, _ in ILLEGAL} == set(ACTION_TYPES)
