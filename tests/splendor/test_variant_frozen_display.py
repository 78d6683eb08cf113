"""SP-T5: a frozen display is swept under the deck — the default ``Variant()``; ``"wait"`` keeps the written rule.

Frozen display: every display card rare or legendary and no player holding a
master ball — nobody can catch (SP-A5) or reserve (SP-A3) from it, so under the
literal text (``Variant(frozen_display="wait")``) it never changes and the game
runs to the round cap (SP-G4). The kit's default, ``frozen_display="sweep"``,
sends it under the deck. See ``docs/house-rules.md``.
"""

from __future__ import annotations

import json
import random

import pytest

from pokelab.sim import play
from pokelab.splendor import (
    CARDS,
    Catch,
    Evolve,
    Reserve,
    TakeDifferent,
    Variant,
    apply,
    describe_sweep,
    display_swept,
    from_json,
    is_display_frozen,
    legal_actions,
    new_game,
    observe,
    scenario,
    to_json,
)
from pokelab.splendor.state import FROZEN_DISPLAY

from .splendor_helpers import CJK
from .test_splendor_properties import check_invariants

SWEEP = Variant(frozen_display="sweep")
WAIT = Variant(frozen_display="wait")
SPECIAL = sorted(c.id for c in CARDS.values() if c.tier != "normal")  # 10 rare + 5 legendary
NORMAL = sorted(c.id for c in CARDS.values() if c.tier == "normal")
PIKACHU = next(c.id for c in CARDS.values() if c.name_en == "Pikachu")


def _pikachu_tokens() -> dict[str, int]:
    """Exactly the tokens Pikachu costs (it is normal: no master ball needed)."""
    return {col: n for col, n in zip(("red", "blue", "green", "yellow", "black"), CARDS[PIKACHU].cost, strict=True) if n}


def about_to_freeze(variant: Variant, deck_top: list[int]):
    """Player 0 can catch the display's only normal card (Pikachu); the deck then reveals ``deck_top``.

    Display: Pikachu + 3 special cards; nobody holds a master ball. Every other
    card follows ``deck_top`` in id order, so the deck holds normal cards.
    """
    display = [PIKACHU, *SPECIAL[:3]]
    rest = [c for c in sorted(CARDS) if c not in display and c not in deck_top]
    return scenario(display=display, deck=[*deck_top, *rest], tokens={0: _pikachu_tokens()}, variant=variant)


def test_sp_t5_sweep_is_the_default():
    """Variant(), new_game, scenario and the simulator all play the sweep unless told otherwise."""
    assert Variant() == SWEEP and Variant().frozen_display == "sweep"
    assert new_game(2).variant == SWEEP and scenario().variant == SWEEP
    seed = next(g for g in range(100_000) if is_display_frozen(new_game(2, seed=g, variant=WAIT)))
    assert not is_display_frozen(new_game(2, seed=seed))  # set-up swept the frozen opening display
    assert not is_display_frozen(scenario(display=SPECIAL[:4]))
    assert not is_display_frozen(apply(about_to_freeze(Variant(), [SPECIAL[3]]), Catch(PIKACHU)))
    assert observe(new_game(2), 0)["variant"]["frozen_display"] == "sweep"
    assert play("splendor", ["random", "random"], seed=seed).initial_state == new_game(2, seed=seed)


def test_sp_t5_wait_variant_keeps_the_written_rule():
    """Variant(frozen_display="wait") (SP-A3, SP-A5, SP-G4 as written): a frozen display stays frozen."""
    s = about_to_freeze(WAIT, [SPECIAL[3]])
    assert not is_display_frozen(s)
    s = apply(s, Catch(PIKACHU))
    frozen = s.display
    assert sorted(frozen) == SPECIAL[:4] and is_display_frozen(s) and not display_swept(s, s)
    assert observe(s, 1)["display_frozen"] is True and observe(s, 1)["variant"]["frozen_display"] == "wait"
    for _ in range(6):
        legal = legal_actions(s)
        assert not any(isinstance(a, Catch | Reserve) and a.card in frozen for a in legal)
        before = s
        s = apply(s, next(a for a in legal if isinstance(a, TakeDifferent)))
        assert s.display == frozen and is_display_frozen(s) and not display_swept(before, s)


def test_sp_t5_sweep_unfreezes_the_display_at_the_next_turn():
    """The catch leaves 4 special cards; at the next turn's start they go under the deck and 4 are revealed."""
    s = about_to_freeze(SWEEP, [SPECIAL[3]])
    deck_before = s.deck
    after = apply(s, Catch(PIKACHU))
    frozen = (SPECIAL[3], SPECIAL[0], SPECIAL[1], SPECIAL[2])  # the refill took Pikachu's slot (SP-T4)
    assert after.current_player == 1 and after.phase == "main"
    assert display_swept(s, after) and not is_display_frozen(after)
    # the frozen cards went under the deck in display order; the next 4 deck cards were revealed
    assert after.deck[-4:] == frozen
    assert after.display == deck_before[1:5]
    assert after.deck == (*deck_before[5:], *frozen)
    assert any(isinstance(a, Reserve) for a in legal_actions(after))
    check_invariants(after, SWEEP.supply_counts(2))


def test_sp_t5_sweep_repeats_while_still_frozen():
    """Four more special cards on top of the deck: the first sweep reveals them, a second sweep follows."""
    s = about_to_freeze(SWEEP, SPECIAL[3:8])
    after = apply(s, Catch(PIKACHU))
    first = (SPECIAL[3], SPECIAL[0], SPECIAL[1], SPECIAL[2])
    second = tuple(SPECIAL[4:8])
    assert after.deck[-8:] == first + second
    assert not is_display_frozen(after) and all(c in NORMAL for c in after.display)
    check_invariants(after, SWEEP.supply_counts(2))


def test_sp_t5_sweep_waits_when_the_deck_cannot_help():
    """No normal card left in the deck: the display stays as it is (the sweep could never end)."""
    display = [PIKACHU, *SPECIAL[:3]]
    deck = SPECIAL[3:8]
    s = scenario(display=display, deck=deck, tokens={0: _pikachu_tokens()}, variant=SWEEP)
    after = apply(s, Catch(PIKACHU))
    assert is_display_frozen(after) and not display_swept(s, after)
    assert after.deck == tuple(SPECIAL[4:8])


def test_sp_t5_no_sweep_while_someone_holds_a_master_ball():
    """A master ball anywhere at the table (SP-A5 can be met) means the display is not frozen."""
    display = [PIKACHU, *SPECIAL[:3]]
    rest = [c for c in sorted(CARDS) if c not in display and c != SPECIAL[3]]
    s = scenario(display=display, deck=[SPECIAL[3], *rest], tokens={0: _pikachu_tokens(), 1: ["master"]},
                 variant=SWEEP)
    after = apply(s, Catch(PIKACHU))
    assert sorted(after.display) == SPECIAL[:4] and not is_display_frozen(after) and not display_swept(s, after)
    assert observe(after, 1)["display_frozen"] is False


def test_sp_t5_scenario_with_sweep_sweeps_at_once_and_wait_keeps_it():
    """scenario(..., variant=...) builds the start of a turn, where SP-T5 acts."""
    display = SPECIAL[:4]
    waiting = scenario(display=display, variant=WAIT)
    assert list(waiting.display) == display and is_display_frozen(waiting)
    swept = scenario(display=display, variant=SWEEP)
    assert not is_display_frozen(swept) and swept.deck[-4:] == tuple(display)
    check_invariants(swept, SWEEP.supply_counts(2))


def test_sp_t5_new_game_sweeps_a_frozen_opening_display():
    """Set-up (SP-S1) counts as a turn start: a frozen opening display is swept; "wait" keeps it."""
    seed = next(g for g in range(100_000) if is_display_frozen(new_game(2, seed=g, variant=WAIT)))
    waiting = new_game(2, seed=seed, variant=WAIT)
    swept = new_game(2, seed=seed, variant=SWEEP)
    assert not is_display_frozen(swept)
    assert swept.deck[-4:] == waiting.display
    first_normal = next(c for c in waiting.deck if c in NORMAL)
    assert first_normal in swept.display
    check_invariants(swept, SWEEP.supply_counts(2))


def test_sp_t5_save_with_sweep_round_trips_through_json_and_observe():
    """to_json/from_json keep "sweep"; observe exposes it; a bad or extra variant field is refused."""
    s = apply(about_to_freeze(SWEEP, [SPECIAL[3]]), Catch(PIKACHU))
    assert json.loads(to_json(s))["variant"]["frozen_display"] == "sweep"
    assert from_json(to_json(s)) == s and from_json(to_json(s)).variant.frozen_display == "sweep"
    view = observe(s, 0)
    assert view["variant"]["frozen_display"] == "sweep" and view["display_frozen"] is False
    bad = json.loads(to_json(s))
    bad["variant"]["frozen_display"] = "shuffle"
    with pytest.raises(ValueError, match="frozen_display must be 'wait' or 'sweep'"):
        from_json(json.dumps(bad))
    bad["variant"]["frozen_display"] = "sweep"
    bad["variant"]["colour"] = "red"
    with pytest.raises(ValueError, match="unknown field"):
        from_json(json.dumps(bad))


def test_sp_t5_save_with_wait_loads_as_wait():
    """A save that names "wait" keeps it, although the default is now "sweep"."""
    s = about_to_freeze(WAIT, [SPECIAL[3]])
    loaded = from_json(to_json(s))
    assert loaded == s and loaded.variant.frozen_display == "wait"


def test_sp_t5_old_save_without_the_field_loads_as_wait_and_plays_on_identically():
    """Saves from before SP-T5 have no frozen_display; they were made under the written rules and load as "wait"."""
    s = about_to_freeze(WAIT, [SPECIAL[3]])
    old = json.loads(to_json(s))
    del old["variant"]["frozen_display"]
    loaded = from_json(json.dumps(old))
    assert loaded == s and loaded.variant == WAIT
    # the same moves give the same game as under "wait": the catch freezes the display and it stays
    rng, original, frozen_turns = random.Random(5), s, 0
    action = Catch(PIKACHU)
    for _ in range(40):
        loaded, original = apply(loaded, action), apply(original, action)
        assert loaded == original and not display_swept(original, loaded)
        frozen_turns += is_display_frozen(loaded)
        if loaded.is_over:
            break
        action = rng.choice(legal_actions(loaded))
    assert frozen_turns >= 2  # the position a "sweep" load would have swept
    swept = apply(about_to_freeze(SWEEP, [SPECIAL[3]]), Catch(PIKACHU))
    assert apply(s, Catch(PIKACHU)).display != swept.display


def test_sp_t5_variant_frozen_display_is_checked():
    """Only "sweep" and "wait" are options; anything else says what was wrong."""
    assert FROZEN_DISPLAY == ("wait", "sweep")
    for value in ("Sweep", "", None, 1):
        with pytest.raises(ValueError, match="frozen_display"):
            Variant(frozen_display=value)


def _catch_first(s, rng):
    legal = legal_actions(s)
    best = [a for a in legal if isinstance(a, Catch | Evolve)]
    return rng.choice(best or legal)


@pytest.mark.parametrize("seed", range(12))
def test_sp_t5_sweep_keeps_invariants_and_no_turn_starts_frozen(seed):
    """Whole catch-first games under the sweep: SP invariants hold; a turn never starts on a
    frozen display the deck could help; the same game under 'wait' is identical until the first sweep."""
    players = 2 + seed % 3
    total = SWEEP.supply_counts(players)
    s = new_game(players, seed=seed, variant=SWEEP)
    w = new_game(players, seed=seed, variant=WAIT)
    rng = random.Random(seed)
    diverged = s.display != w.display
    while not s.is_over:
        check_invariants(s, total)
        if s.phase == "main" and not s.evolved and is_display_frozen(s):
            assert set(s.deck).isdisjoint(NORMAL)
        action = _catch_first(s, rng)
        before = s
        s = apply(s, action)
        if not diverged:
            w = apply(w, action)
            if display_swept(before, s):
                diverged = True
            else:
                assert to_json(w).replace('"wait"', '"sweep"') == to_json(s)
    check_invariants(s, total)


def test_sp_t5_describe_sweep_gives_a_log_line_in_both_languages():
    """A sweep is not an action; boards log it with describe_sweep when display_swept(before, after)."""
    en, zh = describe_sweep("en"), describe_sweep("zh")
    assert "frozen" in en and "deck" in en and not CJK.search(en)
    assert "冻结" in zh and "牌堆" in zh
    with pytest.raises(ValueError, match="unknown language"):
        describe_sweep("de")
