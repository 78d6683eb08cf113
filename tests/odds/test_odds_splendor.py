"""Splendor odds: refill chances against every deck order and against the engine's own refills (SP-T4)."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import permutations

import pytest

from pokelab.odds import (
    splendor_appears_within,
    splendor_catchable,
    splendor_evolution_within,
    splendor_position_distribution,
    splendor_refill_catchable,
    splendor_unseen,
)
from pokelab.splendor import CARDS, EndTurn, Reserve, apply, observe, scenario
from pokelab.splendor.state import Variant
from pokelab.stats import wilson_interval

DISPLAY = ["Charmander", "Squirtle", "Cyndaquil", "Torchic"]
DECK = ["Charmeleon", "Wartortle", "Quilava", "Vulpix", "Growlithe", "Totodile"]


def _state(**kw):
    return scenario(display=DISPLAY, deck=DECK, **kw)


def _ids(names):
    from pokelab.splendor import card_by_name

    return [card_by_name(n).id for n in names]


@pytest.mark.parametrize("group", [["Charmeleon"], ["Charmeleon", "Vulpix"], ["Quilava", "Vulpix", "Totodile"]])
def test_sp_t4_appears_within_matches_every_deck_order(group):
    """SP-T4: a refill takes the next deck card; every order of the hidden deck is equally likely."""
    s = _state()
    deck = _ids(DECK)
    marked = set(_ids(group))
    orders = list(permutations(deck))
    for refills in range(len(deck) + 2):
        hits = sum(1 for o in orders if marked & set(o[:refills]))
        assert splendor_appears_within(s, group, refills) == Fraction(hits, len(orders))
    dist = splendor_position_distribution(s, group)
    for j in range(1, len(deck) + 1):
        hits = sum(1 for o in orders if min(o.index(c) for c in marked) == j - 1)
        assert dist[j] == Fraction(hits, len(orders))
    assert sum(dist.values()) == 1


def test_sp_t4_engine_refills_agree_with_the_exact_chance():
    """SP-A3 reserve, SP-T4 refill: two reserves by the engine on shuffled decks; 99.9 % Wilson interval."""
    target = _ids(["Vulpix"])[0]
    rng = random.Random(0)
    n, hits = 3000, 0
    for _ in range(n):
        deck = list(DECK)
        rng.shuffle(deck)
        s = scenario(display=DISPLAY, deck=deck)
        s = apply(s, Reserve(_ids(["Charmander"])[0]))
        s = apply(s, EndTurn()) if s.phase == "after_main" else s
        s = apply(s, Reserve(_ids(["Squirtle"])[0]))
        hits += target in s.display
    low, high = wilson_interval(hits, n, 0.999)
    exact = splendor_appears_within(_state(), "Vulpix", 2)
    assert exact == Fraction(2, 6)
    assert low <= exact <= high


def test_the_view_gives_the_same_answers_as_the_state():
    """Only public information is used: the per-player view (SP hidden deck order) gives the same numbers."""
    s = _state(captured={1: ["Bulbasaur"]}, reserved={0: ["Pikachu"]})
    for viewer in (0, 1):
        v = observe(s, viewer)
        assert splendor_unseen(v) == splendor_unseen(s) == frozenset(_ids(DECK))
        assert splendor_appears_within(v, ["Charmeleon", "Totodile"], 3) == splendor_appears_within(
            s, ["Charmeleon", "Totodile"], 3
        )


def test_sp_a4_sp_a5_refill_catchable_counts_cards_the_player_can_pay_for():
    """SP-A4 discounts and SP-A5 master balls decide which revealed cards a player could catch at once."""
    s = _state(tokens={1: {"blue": 2, "green": 1, "master": 1}}, captured={1: ["Bulbasaur"]})
    deck = _ids(DECK)
    catchable = [c for c in deck if splendor_catchable(s, 1, c)]
    for c in deck:  # brute force from the card data: shortfall after discounts covered by master balls
        card = CARDS[c]
        p = s.players[1]
        short = sum(max(0, need - p.dsc[i] - p.tok[i]) for i, need in enumerate(card.cost))
        special = card.tier != "normal"
        ok = short <= p.tok[5] and (not special or p.tok[5] >= max(1, short))
        assert (c in catchable) == ok, card.name_en
    orders = list(permutations(deck))
    for refills in (1, 2, 3):
        hits = sum(1 for o in orders if set(catchable) & set(o[:refills]))
        assert splendor_refill_catchable(s, 1, refills) == Fraction(hits, len(orders))


def test_sp_a5_rare_card_needs_a_master_ball():
    """SP-A5: exactly the printed cost in regular tokens is not enough for a rare card; one master ball is."""
    magmar = CARDS[16]
    assert magmar.tier == "rare" and magmar.cost == (0, 3, 3, 2, 0)
    exact_cost = {"blue": 3, "green": 3, "yellow": 2}
    s = scenario(tokens={0: exact_cost}, display=DISPLAY, deck=DECK)
    assert not splendor_catchable(s, 0, magmar)
    s = scenario(tokens={0: {**exact_cost, "master": 1}}, display=DISPLAY, deck=DECK)
    assert splendor_catchable(s, 0, magmar)


def test_sp_e1_evolution_within():
    """SP-E1: the chance an evolution of a caught Pokémon shows up in the display."""
    s = _state(captured={0: ["Bulbasaur"]})
    assert splendor_evolution_within(s, 0, 6) == 0  # no Ivysaur in this deck
    s = scenario(display=DISPLAY, deck=DECK, captured={0: ["Mudkip"]}, variant=Variant())
    assert splendor_evolution_within(s, 0, 6) == 0
    s = scenario(display=["Squirtle", "Cyndaquil", "Torchic", "Mudkip"], deck=DECK, captured={0: ["Charmander"]})
    deck = _ids(DECK)
    evo = [c for c in deck if CARDS[c].evolves_from in s.players[0].captured]
    assert len(evo) == 1
    for refills in range(4):
        assert splendor_evolution_within(s, 0, refills) == Fraction(min(refills, 6), 6)


@pytest.mark.parametrize(
    ("card", "refills", "message"),
    [
        ("Squirtle", 1, "face up in the display"),
        ("Mewtwo!", 1, "no Splendor card named"),
        (999, 1, "unknown Splendor card 999"),
        ("Charmeleon", -2, "refills must be a whole number"),
        ([], 1, "name at least one card"),
    ],
)
def test_splendor_bad_input(card, refills, message):
    with pytest.raises(ValueError, match=message):
        splendor_appears_within(_state(), card, refills)


def test_splendor_card_elsewhere_says_where():
    s = _state(captured={1: ["Bulbasaur"]}, reserved={0: ["Pikachu"]})
    with pytest.raises(ValueError, match="player 1 has caught it"):
        splendor_appears_within(s, "Bulbasaur", 1)
    with pytest.raises(ValueError, match="player 0 has reserved it"):
        splendor_position_distribution(s, "Pikachu")
    with pytest.raises(ValueError, match=r"player must be 0\.\.1"):
        splendor_refill_catchable(s, 3)
