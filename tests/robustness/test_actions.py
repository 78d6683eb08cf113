"""Issue 14, actions: text and values a user types become a ValueError/IllegalAction, bounded before anything is built."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokelab import herecomes as hc
from pokelab import splendor as sp
from pokelab.errors import IllegalAction
from pokelab.herecomes.actions import MAX_ACTION_TEXT as HC_MAX_TEXT
from pokelab.splendor.action_input import MAX_ACTION_TEXT as SP_MAX_TEXT
from pokelab.splendor.action_input import MOST_TOKENS


# ---------------------------------------------------------------- Splendor
@pytest.mark.parametrize(
    "text",
    [
        "Catch(1, red=10000000)",  # used to build a list of ten million colours
        "Catch(1, red=99999999999999999999)",  # used to raise OverflowError
        f"Catch(1, red={MOST_TOKENS + 1})",
        "Catch(1, red=²)",
        "Reserve(²)",
        "TakeDifferent(" + "red, " * 1000 + "red)",
    ],
)
def test_sp_a6_counts_in_text_are_bounded_by_the_tokens_of_a_game(text) -> None:
    """SP-A6: a count above the game's 40 tokens, a huge or odd number: ValueError before any list is built."""
    with pytest.raises(ValueError):
        sp.parse_action(text)


@pytest.mark.parametrize(
    "build",
    [
        lambda: sp.TakeSame(["red"]),
        lambda: sp.ReturnTokens([{"red": 1}]),
        lambda: sp.TakeDifferent([["red"], "blue"]),
        lambda: sp.Catch(1, {"red": 10**30}),
        lambda: sp.Catch(1, [["red", 1, 2]]),
        lambda: sp.Reserve([1]),
        lambda: sp.TakeDifferent(iter(lambda: "red", None)),  # an endless iterator is cut at 41
        lambda: sp.new_game(2, variant={"supply": "full"}),
    ],
)
def test_sp_a1_actions_built_from_lists_or_dicts_say_what_is_wrong(build) -> None:
    """SP-A1, SP-A2, SP-T3: odd values give a ValueError naming the action, never TypeError."""
    with pytest.raises(ValueError):
        build()


# ---------------------------------------------------------------- Here Comes
@pytest.mark.parametrize(
    "build",
    [
        lambda: hc.Draw(["red"]),
        lambda: hc.Discard(0.5, "G01"),
        lambda: hc.Discard(0, ["G01"]),
        lambda: hc.Keep(True, "G01"),
        lambda: hc.VoteRedraw(0, "yes"),
        lambda: hc.UseTrainer(0, "swap", 0.0),
        lambda: hc.UseTrainer(0, ["swap"]),
        lambda: hc.new_game(2, variant={"redraw": "all", "cheat": 1}),
        lambda: hc.new_game(2, variant={"redraw": ["all"]}),
    ],
)
def test_hc_c4_actions_built_from_odd_values_say_what_is_wrong(build) -> None:
    """HC-C4, HC-R2, HC-R4: odd values give a ValueError, never TypeError or IndexError in apply."""
    with pytest.raises(ValueError):
        build()


def test_hc_t4_a_float_swap_target_no_longer_reaches_the_engine() -> None:
    """HC-T4: UseTrainer(0, "swap", 0.0) used to index the tokens with a float in apply."""
    with pytest.raises(ValueError, match="whole number"):
        hc.UseTrainer(0, "swap", 0.0)
    assert hc.UseTrainer(0, "swap", 1).target == 1


@pytest.mark.parametrize(
    "text",
    [
        "Discard(99999999999999999999999, G01)",
        "UseTrainer(0, peek, " + "9" * 5000 + ")",
        "Draw(" + "x" * 10_000 + ")",
        5,
        None,
    ],
)
def test_hc_r2_huge_numbers_and_long_text_are_refused(text) -> None:
    """HC-R2: a seat of 23 digits, a 5000-digit target or 10 kB of text is a ValueError."""
    with pytest.raises(ValueError):
        hc.parse_action(text)


# ---------------------------------------------------------------- fuzz: parse_action never raises anything else
_WORDS = st.sampled_from(
    [
        "Catch", "Reserve", "Evolve", "TakeSame", "TakeDifferent", "ReturnTokens", "Pass", "EndTurn",
        "Draw", "Discard", "VoteRedraw", "Keep", "UseTrainer", "red", "blue", "master", "purple",
        "free", "yes", "no", "None", "peek", "swap", "redraw", "extra_discard", "G13", "L01",
        "Charmander", "小火龙", "player=", "card=", "colour=", "target=", "red=", "'", '"', "(",
        ")", ",", " ", "=", "#", "-", "[", "]", "{", "}", "\x00", "²", "٣", "9" * 25, "1e9", "0.0",
    ]
)
_NUMBERS = st.integers(min_value=-(10**30), max_value=10**30).map(str)
_ACTION_TEXT = st.one_of(
    st.text(max_size=60),
    st.lists(st.one_of(_WORDS, _NUMBERS, st.text(max_size=3)), max_size=25).map("".join),
    st.builds(
        lambda name, args: f"{name}({', '.join(args)})",
        _WORDS,
        st.lists(st.one_of(_WORDS, _NUMBERS, st.builds(lambda c, n: f"{c}={n}", _WORDS, _NUMBERS)), max_size=6),
    ),
    st.builds(lambda depth, inner: "(" * depth + inner + ")" * depth, st.integers(0, 300), _WORDS),
)


@settings(max_examples=300, deadline=None)
@given(_ACTION_TEXT)
def test_sp_any_text_parses_or_is_a_value_error(text: str) -> None:
    """SP-A1..SP-T3: random, nested, unicode and huge-number text never raises anything but ValueError."""
    try:
        action = sp.parse_action(text)
    except ValueError:
        return
    assert sp.parse_action(str(action)) == action
    assert len(text) <= SP_MAX_TEXT


@settings(max_examples=300, deadline=None)
@given(_ACTION_TEXT)
def test_hc_any_text_parses_or_is_a_value_error(text: str) -> None:
    """HC-R2..HC-T4: random, nested, unicode and huge-number text never raises anything but ValueError."""
    try:
        action = hc.parse_action(text)
    except ValueError:
        return
    assert len(text) <= HC_MAX_TEXT
    with contextlib.suppress(IllegalAction):  # whatever parses is judged by the rules, never crashes
        hc.apply(hc.new_game(2, seed=1), action)
