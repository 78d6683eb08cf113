"""House rule ``Variant(frozen_display="sweep")``: a frozen display is swept under the deck.

Frozen display: every display card rare or legendary and no player holding a
master ball — nobody can catch (SP-A5) or reserve (SP-A3) from it, so under the
written rules (default ``"wait"``) it never changes and the game runs to the
round cap (SP-G4). See ``docs/house-rules.md``.
"""

from __future__ import annotations

import json
import random

import pytest

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

from .splendor_helpers import CJK
from .test_splendor_properties import check_invariants

SWEEP = Variant(frozen_display="sweep")
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


def test_sp_g4_default_waits_frozen_display_never_changes():
    """Written rules (SP-A3, SP-A5, SP-G4): a frozen display stays frozen, turn after turn."""
    s = about_to_freeze(Variant(), [SPECIAL[3]])
    assert not is_display_frozen(s)
    s = apply(s, Catch(PIKACHU))
    frozen = s.display
    assert sorted(frozen) == SPECIAL[:4] and is_display_frozen(s) and not display_swept(s, s)
    for _ in range(6):
        legal = legal_actions(s)
        assert not any(isinstance(a, Catch | Reserve) and a.card in frozen for a in legal)
        before = s
        s = apply(s, next(a for a in legal if isinstance(a, TakeDifferent)))
        assert s.display == frozen and is_display_frozen(s) and not display_swept(before, s)


def test_sweep_unfreezes_the_display_at_the_next_turn():
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


def test_sweep_repeats_while_still_frozen():
    """Four more special cards on top of the deck: the first sweep reveals them, a second sweep follows."""
    s = about_to_freeze(SWEEP, SPECIAL[3:8])
    after = apply(s, Catch(PIKACHU))
    first = (SPECIAL[3], SPECIAL[0], SPECIAL[1], SPECIAL[2])
    second = tuple(SPECIAL[4:8])
    assert after.deck[-8:] == first + second
    assert not is_display_frozen(after) and all(c in NORMAL for c in after.display)
    check_invariants(after, SWEEP.supply_counts(2))


def test_sweep_waits_when_the_deck_cannot_help():
    """No normal card left in the deck: the display stays as it is (the sweep could never end)."""
    display = [PIKACHU, *SPECIAL[:3]]
    deck = SPECIAL[3:8]
    s = scenario(display=display, deck=deck, tokens={0: _pikachu_tokens()}, variant=SWEEP)
    after = apply(s, Catch(PIKACHU))
    assert is_display_frozen(after) and not display_swept(s, after)
    assert after.deck == tuple(SPECIAL[4:8])


def test_sweep_not_while_someone_holds_a_master_ball():
    """A master ball anywhere at the table (SP-A5 can be met) means the display is not frozen."""
    display = [PIKACHU, *SPECIAL[:3]]
    rest = [c for c in sorted(CARDS) if c not in display and c != SPECIAL[3]]
    s = scenario(display=display, deck=[SPECIAL[3], *rest], tokens={0: _pikachu_tokens(), 1: ["master"]},
                 variant=SWEEP)
    after = apply(s, Catch(PIKACHU))
    assert sorted(after.display) == SPECIAL[:4] and not is_display_frozen(after) and not display_swept(s, after)
    assert observe(after, 1)["display_frozen"] is False


def test_scenario_with_sweep_sweeps_at_once_and_wait_keeps_it():
    """scenario(..., variant=...) builds the start of a turn, where the house rule acts."""
    display = SPECIAL[:4]
    waiting = scenario(display=display, variant=Variant())
    assert list(waiting.display) == display and is_display_frozen(waiting)
    swept = scenario(display=display, variant=SWEEP)
    assert not is_display_frozen(swept) and swept.deck[-4:] == tuple(display)
    check_invariants(swept, SWEEP.supply_counts(2))


def test_new_game_sweeps_a_frozen_opening_display():
    """Set-up (SP-S1) counts as a turn start: a frozen opening display is swept; the default keeps it."""
    seed = next(g for g in range(100_000) if is_display_frozen(new_game(2, seed=g)))
    waiting = new_game(2, seed=seed)
    swept = new_game(2, seed=seed, variant=SWEEP)
    assert not is_display_frozen(swept)
    assert swept.deck[-4:] == waiting.display
    first_normal = next(c for c in waiting.deck if c in NORMAL)
    assert first_normal in swept.display
    check_invariants(swept, SWEEP.supply_counts(2))


def test_sweep_round_trips_through_json_and_observe():
    """to_json/from_json keep the variant; observe exposes it; old saves without it load as 'wait'."""
    s = apply(about_to_freeze(SWEEP, [SPECIAL[3]]), Catch(PIKACHU))
    assert from_json(to_json(s)) == s and from_json(to_json(s)).variant.frozen_display == "sweep"
    view = observe(s, 0)
    assert view["variant"]["frozen_display"] == "sweep" and view["display_frozen"] is False
    old = json.loads(to_json(new_game(2, seed=1)))
    del old["variant"]["frozen_display"]
    assert from_json(json.dumps(old)) == new_game(2, seed=1)
    bad = json.loads(to_json(s))
    bad["variant"]["frozen_display"] = "shuffle"
    with pytest.raises(ValueError, match="frozen_display must be 'wait' or 'sweep'"):
        from_json(json.dumps(bad))
    bad["variant"]["frozen_display"] = "sweep"
    bad["variant"]["colour"] = "red"
    with pytest.raises(ValueError, match="unknown field"):
        from_json(json.dumps(bad))


def test_variant_frozen_display_is_checked():
    assert Variant().frozen_display == "wait"
    for value in ("Sweep", "", None, 1):
        with pytest.raises(ValueError, match="frozen_display"):
            Variant(frozen_display=value)


def _catch_first(s, rng):
    legal = legal_actions(s)
    best = [a for a in legal if isinstance(a, Catch | Evolve)]
    return rng.choice(best or legal)


@pytest.mark.parametrize("seed", range(12))
def test_sweep_keeps_invariants_and_no_turn_starts_frozen(seed):
    """Whole catch-first games under the sweep: SP invariants hold; a turn never starts on a
    frozen display the deck could help; the same game under 'wait' is identical until the first sweep."""
    players = 2 + seed % 3
    total = SWEEP.supply_counts(players)
    s = new_game(players, seed=seed, variant=SWEEP)
    w = new_game(players, seed=seed)
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


def test_describe_sweep_gives_a_log_line_in_both_languages():
    """A sweep is not an action; boards log it with describe_sweep when display_swept(before, after)."""
    en, zh = describe_sweep("en"), describe_sweep("zh")
    assert "frozen" in en and "deck" in en and not CJK.search(en)
    assert "冻结" in zh and "牌堆" in zh
    with pytest.raises(ValueError, match="unknown language"):
        describe_sweep("de")
