"""The engine contract, checked the same way for every registered game and the toy game of ``tests/sim``.

Modelled on OpenSpiel's ``random_sim_test`` and pgx's ``api_test``: random games
are played through the runner's ``GameAdapter`` protocol (the only thing the
runner and the boards know about a game), and every game must keep the house
conventions (``pokelab.errors``, ``DESIGN.md``):

- ``apply`` is pure (the input state is unchanged) and a seed fixes the game;
- every legal move applies, at every state of the game;
- every refusal is an ``IllegalAction`` with a rule ID and a reason in English
  and Chinese (an engine game's ID is one of its rulebook's), while something
  that is not an action at all is a plain ``ValueError``;
- ``observe`` is JSON-safe and shows a player nothing they may not know;
- ``to_json`` / ``from_json`` round-trip every state (games that save);
- a random game ends.

A game registered with ``pokelab.sim.register_game`` is picked up here by itself;
``_HIDDEN`` and ``_SAVES`` say what a game hides and how it saves, where it does.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import random
import re
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from pokelab import herecomes, splendor
from pokelab.errors import IllegalAction
from pokelab.sim import GameAdapter, available_games, get_game

ROOT = Path(__file__).resolve().parent.parent
MAX_STEPS = 20_000
RULE_ID = re.compile(r"^[A-Z]+-[A-Z0-9]+$")
CJK = re.compile(r"[\u4e00-\u9fff]")


def _load_toy() -> type[GameAdapter]:
    """The toy game of ``tests/sim`` (loaded by path: ``tests`` is not a package)."""
    spec = importlib.util.spec_from_file_location("contract_toygame", ROOT / "tests" / "sim" / "toygame.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module.ToyAdapter


# ---------------------------------------------------------------- what each game hides and how it saves
def _splendor_twin(state: splendor.State, player: int) -> splendor.State | None:
    """The same position with the face-down deck in another order (nobody may see it)."""
    if len(set(state.deck)) < 2:
        return None
    return dataclasses.replace(state, deck=state.deck[::-1])


def _herecomes_twin(state: herecomes.State, player: int) -> herecomes.State | None:
    """The same position with the deck reordered and every other seat's first card swapped with a deck card."""
    if len(state.deck) < 2:
        return None
    deck = list(state.deck[::-1])
    hands = list(state.hands)
    for seat, hand in enumerate(hands):
        if seat != player and hand and deck:
            deck[0], hands[seat] = hand[0], (deck[0], *hand[1:])
    return state._replace(deck=tuple(deck), hands=tuple(hands))


def _toy_twin(state: Any, player: int) -> Any:
    """The same position with every other seat's secret choice flipped."""
    flipped = {None: None, "bank": "risk", "risk": "bank"}
    pending = tuple(m if p == player else flipped[m] for p, m in enumerate(state.pending))
    return None if pending == state.pending else dataclasses.replace(state, pending=pending)


_HIDDEN: dict[str, Callable[[Any, int], Any]] = {
    "splendor": _splendor_twin,
    "herecomes": _herecomes_twin,
    "toy": _toy_twin,
}
_SAVES: dict[str, tuple[Callable[[Any], str], Callable[[str], Any]]] = {
    "splendor": (splendor.to_json, splendor.from_json),
    "herecomes": (herecomes.to_json, herecomes.from_json),
}
_RULE_PREFIX = {"splendor": "SP", "herecomes": "HC"}


@dataclass(frozen=True)
class Game:
    """One game under test: its adapter and the player counts tried."""

    name: str
    adapter: GameAdapter
    counts: tuple[int, ...]


def _games() -> list[Game]:
    games = []
    for name in available_games():
        if name.endswith("-doc") or name == "toy":  # doctest registrations; the toy is added below
            continue
        adapter = get_game(name)
        counts = sorted({adapter.min_players, adapter.max_players, min(adapter.min_players + 1, adapter.max_players)})
        games.append(Game(name, adapter, tuple(counts)))
    toy = _load_toy()()
    games.append(Game("toy", toy, (toy.min_players, toy.max_players)))
    return games


GAMES = _games()
CASES = [(g, n) for g in GAMES for n in g.counts]
IDS = [f"{g.name}-{n}p" for g, n in CASES]


# ---------------------------------------------------------------- one seeded random game through the adapter
@dataclass(frozen=True)
class Playthrough:
    states: tuple[Any, ...]  # every state, the first to the last
    actions: tuple[Any, ...]  # actions[i] took states[i] to states[i + 1]


def _legal_now(adapter: GameAdapter, state: Any) -> list[Any]:
    """Everything that may be played now: the chance outcomes, or every acting seat's legal actions."""
    if adapter.is_over(state):
        return []
    if adapter.is_chance(state):
        return [a for a, _ in adapter.chance_outcomes(state)]
    return [a for seat in adapter.actors(state) for a in adapter.legal_actions(state, seat)]


def _play(adapter: GameAdapter, players: int, seed: int) -> Playthrough:
    rng = random.Random(seed)
    state = adapter.new_game(players, seed, {})
    states, actions = [state], []
    for _ in range(MAX_STEPS):
        if adapter.is_over(state):
            break
        if adapter.is_chance(state):
            action = adapter.sample_chance(state, rng)
        else:
            seat = adapter.actors(state)[0]
            legal = adapter.legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
        state = adapter.apply(state, action)
        states.append(state)
        actions.append(action)
    return Playthrough(tuple(states), tuple(actions))


@cache
def _playthrough(case: int, seed: int = 11) -> Playthrough:
    game, players = CASES[case]
    return _play(game.adapter, players, seed)


def _sampled(states: tuple[Any, ...], most: int = 60) -> tuple[Any, ...]:
    """About ``most`` states spread over the game, the first and the last included."""
    step = max(1, len(states) // most)
    return (*states[::step], states[-1])


@pytest.fixture(params=range(len(CASES)), ids=IDS)
def case(request: pytest.FixtureRequest) -> tuple[Game, int, Playthrough]:
    game, players = CASES[request.param]
    return game, players, _playthrough(request.param)


# ---------------------------------------------------------------- the contract
def test_every_registered_game_is_checked():
    """The engine games are in the registry, and each one has a case here."""
    names = {g.name for g in GAMES}
    assert {"splendor", "herecomes", "toy"} <= names
    assert names - {"toy"} == {n for n in available_games() if not n.endswith("-doc") and n != "toy"}


def test_a_random_game_ends(case):
    game, players, play = case
    final = play.states[-1]
    assert game.adapter.is_over(final), f"{game.name} with {players} players did not end in {MAX_STEPS} steps"
    scores = game.adapter.scores(final)
    assert len(scores) == players
    assert set(game.adapter.winners(final)) <= set(range(players))


def test_the_seed_fixes_the_game(case):
    game, players, play = case
    again = _play(game.adapter, players, 11)
    assert again.states == play.states and again.actions == play.actions
    assert game.adapter.new_game(players, 11, {}) == play.states[0]


def _contents(value: Any) -> Any:
    """Everything inside a state as nested tuples of plain values, to compare before and after ``apply``."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = (getattr(value, f.name) for f in dataclasses.fields(value))
        return (type(value).__name__, *map(_contents, fields))
    if isinstance(value, Mapping):
        return ("mapping", *sorted(((repr(k), _contents(v)) for k, v in value.items()), key=repr))
    if isinstance(value, (tuple, list, frozenset, set)):
        items = sorted(value, key=repr) if isinstance(value, (set, frozenset)) else value
        return (type(value).__name__, *map(_contents, items))
    return value


def test_apply_is_pure(case):
    """Applying leaves everything inside the input state as it was, and applying again gives the same state."""
    game, _, play = case
    for before, action, after in zip(play.states, play.actions, play.states[1:], strict=False):
        kept = _contents(before)
        assert game.adapter.apply(before, action) == after
        assert _contents(before) == kept


def test_every_legal_move_applies(case):
    game, _, play = case
    for state in play.states:
        for action in _legal_now(game.adapter, state):
            game.adapter.apply(state, action)  # raises if a listed move is refused


def _refusals(game: Game, play: Playthrough) -> list[IllegalAction]:
    """Apply, at states over the game, every action seen in it that is not legal there; collect the refusals."""
    pool = list(dict.fromkeys(play.actions))
    errors = []
    for state in _sampled(play.states, 40):
        legal = set(_legal_now(game.adapter, state))
        for action in pool:
            if action in legal:
                continue
            with pytest.raises(IllegalAction) as err:
                game.adapter.apply(state, action)
            errors.append(err.value)
    return errors


def test_every_refusal_names_a_rule_in_both_languages(case):
    game, _, play = case
    errors = _refusals(game, play)
    assert errors, "no action of the game was ever refused"
    rulebook = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "docs" / "rules").glob("*.md"))
    for err in errors:
        assert RULE_ID.match(err.rule), err.rule
        assert err.message("en") and err.message("zh") and err.message("en") != err.message("zh")
        assert CJK.search(err.message("zh")), err.message("zh")
        assert err.to_dict() == {"rule": err.rule, "en": err.message("en"), "zh": err.message("zh")}
        if game.name in _RULE_PREFIX:
            assert err.rule.startswith(_RULE_PREFIX[game.name] + "-"), err.rule
            assert err.rule in rulebook, f"{err.rule} is not in docs/rules"


@pytest.mark.parametrize("junk", ["garbage", None, 3, ("Draw", "red")])
def test_a_non_action_is_a_plain_value_error(case, junk):
    """Not an action at all is bad input, not a rule: the same ValueError in every game (pokelab.errors)."""
    game, _, play = case
    for state in (play.states[0], play.states[len(play.states) // 2]):
        with pytest.raises(ValueError) as err:
            game.adapter.apply(state, junk)
        assert type(err.value) is ValueError, type(err.value)


def test_observe_is_json_safe(case):
    game, players, play = case
    for state in _sampled(play.states):
        for seat in range(players):
            view = game.adapter.observe(state, seat)
            assert json.loads(json.dumps(view, allow_nan=False)) == view


def test_observe_hides_what_a_player_may_not_know(case):
    """A position that differs only in what a seat may not see gives that seat the very same view."""
    game, players, play = case
    twin_of = _HIDDEN.get(game.name)
    if twin_of is None:
        pytest.skip(f"{game.name} does not say what it hides (add it to _HIDDEN)")
    compared = 0
    for state in _sampled(play.states):
        for seat in range(players):
            twin = twin_of(state, seat)
            if twin is None:
                continue
            assert twin != state
            assert game.adapter.observe(twin, seat) == game.adapter.observe(state, seat)
            compared += 1
    if not compared:
        pytest.skip(f"{game.name} hides nothing from a seat with {players} player(s)")


def test_a_save_round_trips(case):
    game, _, play = case
    if game.name not in _SAVES:
        pytest.skip(f"{game.name} has no save format")
    to_json, from_json = _SAVES[game.name]
    for state in _sampled(play.states):
        text = to_json(state)
        assert from_json(text) == state
        assert to_json(from_json(text)) == text


def test_the_engines_share_one_name_for_the_player_count():
    """Both engine states count their players as ``n_players``."""
    assert splendor.new_game(3).n_players == 3
    assert herecomes.new_game(3).n_players == 3
