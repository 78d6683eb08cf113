"""The engine contract (``pokelab.core.contract``), checked for every registered game and the toy game.

The checks are the importable ``pokelab.core.contract`` a new game's author runs
(``check_game(game)``); here each one is its own test per game and player count,
plus what only this repository can check: every rule ID a refusal names is in
``docs/rules``. What a game hides (``hidden_twin``), how it saves and reads its
actions, and its rule prefix all come from the game itself (``GameInfo``).

The tests that render refusals take the pseudo-language installed once (``pseudo``,
tests/conftest.py) instead of letting ``check_game`` extract every text again; the
module's doctest runs ``check_game`` the way an author does, with nothing installed.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest

from pokelab import herecomes, splendor
from pokelab.core import Game, available_games, check_game, get_game
from pokelab.core import contract as c
from pokelab.errors import IllegalAction
from pokelab.herecomes.game import HereComesGame
from pokelab.toy import Choose, Roll, ToyGame

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Case:
    """One game under test at one player count."""

    game: Game
    players: int

    @property
    def id(self) -> str:
        return f"{self.game.name}-{self.players}p"


def _games() -> list[Game]:
    names = [n for n in available_games() if not n.endswith("-doc") and n != "toy"]
    return [get_game(n) for n in names] + [ToyGame()]


GAMES = _games()
CASES = [Case(g, n) for g in GAMES for n in c.player_counts(g)]


@cache
def _playthrough(index: int) -> c.Playthrough:
    case = CASES[index]
    return c.playthrough(case.game, case.players, 11)


@pytest.fixture(params=range(len(CASES)), ids=[case.id for case in CASES])
def play(request: pytest.FixtureRequest) -> c.Playthrough:
    return _playthrough(request.param)


def test_every_registered_game_is_checked():
    """The engine games are in the registry, and each one has a case here (and the toy game)."""
    names = {g.name for g in GAMES}
    assert {"splendor", "herecomes", "toy"} <= names
    assert names - {"toy"} == {n for n in available_games() if not n.endswith("-doc") and n != "toy"}


def test_a_random_game_ends(play):
    c.check_ends(play)


def test_once_over_no_seat_has_a_legal_action(play):
    c.check_over_is_final(play)
    final = play.states[-1]
    assert c.legal_now(play.game, final) == []
    for action in dict.fromkeys(play.actions):  # nothing seen during the game applies any more
        with pytest.raises(IllegalAction):
            play.game.apply(final, action)


def test_points_and_scores_stay_within_the_bounds(play):
    low, high = c.check_score_bounds(play)
    assert low == 0 and max(play.game.scores(play.states[-1])) <= high


#: Each game's highest score, worked out from its rules: Splendor's last turn starts below 18
#: (SP-G1) and adds one card (6 at most) and one evolution (2 at most); Here Comes' last round
#: starts below the winning score and adds one card (9 at most); the toy's 4 rounds add 6 at most.
HIGHEST = {("splendor", ()): 25, ("herecomes", ()): 18, ("herecomes", (("win_points", 3),)): 11, ("toy", ()): 24}


@pytest.mark.parametrize(("name", "options"), list(HIGHEST), ids=lambda x: str(x))
def test_the_bounds_are_the_rules_own(name, options):
    game = ToyGame() if name == "toy" else get_game(name)
    state = game.new_game(game.min_players, 0, {"variant": dict(options)} if options else {})
    assert game.score_bounds(state) == (0, HIGHEST[name, options])


@pytest.mark.parametrize("seed", range(6))
def test_many_random_games_keep_the_bounds(seed):
    """Beyond the one walk per case: more seeds and the largest table, and a small winning score."""
    for game in (*GAMES, _ShortHereComes()):
        c.check_score_bounds(c.playthrough(game, game.max_players, seed))


class _ShortHereComes(HereComesGame):
    """Here Comes Pokémon! played to 3 points (HC-G2), where the last round's card counts most."""

    def new_game(self, players, seed, options):
        return super().new_game(players, seed, {"variant": {"win_points": 3}})


def test_chance_outcomes_sum_to_one_exactly(play):
    nodes = c.check_chance(play)
    if play.game.info.chance != "explicit":
        assert nodes == 0
        pytest.skip(f"{play.game.name}'s chance is {play.game.info.chance}: no chance node")
    assert nodes > 0
    for state in play.states:
        if play.game.is_chance(state):
            chances = [p for _, p in play.game.chance_outcomes(state)]
            assert all(type(p) is Fraction for p in chances) and sum(chances) == 1


def test_the_seed_fixes_the_game(play):
    c.check_seeded(play)
    assert play.game.new_game(play.players, 11, {}) == play.states[0]


def test_apply_is_pure(play):
    c.check_pure(play)


def test_every_legal_move_applies(play):
    c.check_legal_applies(play)


def test_every_refusal_names_a_rule_in_both_languages(play, pseudo):
    errors = c.check_refusals(play)
    if play.game.name == "toy":
        return  # the toy's rules are in its docstring, not in docs/rules
    rulebook = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "docs" / "rules").glob("*.md"))
    for err in errors:
        assert err.rule in rulebook, f"{err.rule} is not in docs/rules"


def test_a_non_action_is_a_plain_value_error(play):
    """Not an action at all is bad input, not a rule: the same ValueError in every game (pokelab.errors)."""
    c.check_non_actions(play)


def test_observe_is_json_safe_and_hides_what_a_player_may_not_know(play):
    compared = c.check_observe(play)
    if not compared:
        pytest.skip(f"{play.game.name} hides nothing from a seat with {play.players} player(s)")


def test_a_save_and_an_action_text_round_trip(play):
    if not play.game.can_save():
        pytest.skip(f"{play.game.name} has no save format")
    c.check_saves(play)


def test_the_metadata_describes_the_game():
    """What callers used to keep in per-game tables, each game now says itself."""
    info = {g.name: g.info for g in GAMES}
    assert (info["splendor"].chance, info["splendor"].simultaneous, info["splendor"].rule_prefix) == ("seeded", False, "SP")
    assert (info["herecomes"].chance, info["herecomes"].simultaneous, info["herecomes"].rule_prefix) == ("explicit", True, "HC")
    assert info["herecomes"].seats == (1, 4) and info["splendor"].seats == (2, 4)
    assert all(i.hidden_information for i in info.values())


def test_check_game_passes_every_game_and_names_a_broken_rule(pseudo):
    for game in GAMES:
        if game.name == "toy":
            check_game(game)

    class Leaky(ToyGame):
        def observe(self, state, player):
            return {**super().observe(state, player), "pending": list(state.pending)}

    with pytest.raises(c.ContractError, match=r"toy with 2 player\(s\): seat \d sees something it may not know"):
        check_game(Leaky())

    class Impure(ToyGame):
        def apply(self, state, action):
            if isinstance(action, str | int | tuple) or action is None:
                raise TypeError("not an action")
            return super().apply(state, action)

    with pytest.raises(c.ContractError, match="raised TypeError, not ValueError"):
        check_game(Impure())


class _Broken(ToyGame):
    """The toy game with one rule of the contract broken (``broken``), to see the contract name it."""

    def __init__(self, broken: str) -> None:
        self.broken = broken

    def chance_outcomes(self, state):
        outcomes = super().chance_outcomes(state)
        if self.broken == "sum":  # 1/3 + 1/3 + 1/3 + 1/1000: a float would hide it, a Fraction does not
            return [(a, p + Fraction(1, 3000)) for a, p in outcomes]
        if self.broken == "zero":
            return [*outcomes[:2], (outcomes[2][0], Fraction(0))]
        if self.broken == "repeat":
            return [*outcomes, outcomes[0]]
        return outcomes

    def sample_chance(self, state, rng):
        return Roll(4) if self.broken == "draw" else super().sample_chance(state, rng)

    def apply(self, state, action):
        if self.broken == "draw" and action == Roll(4):
            action = Roll(3)
        return super().apply(state, action)

    def legal_actions(self, state, player):
        if self.broken == "moves-when-over" and state.is_over:
            return [Choose(player, "bank")]
        return super().legal_actions(state, player)

    def points(self, state):
        return [t + 30 for t in state.totals] if self.broken == "points" else super().points(state)

    def score_bounds(self, state):
        if self.broken == "no-bounds":
            return Game.score_bounds(self, state)
        return (6, 0) if self.broken == "bounds" else super().score_bounds(state)


@pytest.mark.parametrize(
    ("broken", "message"),
    [
        ("sum", r"chance probabilities \[Fraction\(1001, 3000\), .*\] sum to 1001/1000, not 1"),
        ("zero", r"are not all numbers above 0"),
        ("repeat", r"repeat an outcome"),
        ("draw", r"chance drew Roll\(4\), which is not one of its outcomes"),
        ("moves-when-over", r"the game is over, but seat 0 still has legal actions"),
        ("points", r"points \[3\d\] are not one per seat within 0\.\.24"),
        ("bounds", r"score_bounds \(6, 0\) are not whole numbers, lowest first"),
        ("no-bounds", r"it declares no score_bounds"),
    ],
)
def test_check_game_names_a_broken_chance_bound_or_end(broken, message, pseudo):
    with pytest.raises(c.ContractError, match=r"toy with 1 player\(s\): .*" + message):
        check_game(_Broken(broken))


def test_a_chance_node_needs_explicit_chance_and_explicit_chance_needs_one():
    class Hidden(ToyGame):
        chance_mode = "seeded"

    with pytest.raises(c.ContractError, match=r"its chance is 'seeded', but it has a chance node"):
        c.check_chance(c.playthrough(Hidden(), 2))

    class NeverRolls(ToyGame):
        def new_game(self, players, seed, options):
            return dataclasses.replace(super().new_game(players, seed, options), round=4)

    with pytest.raises(c.ContractError, match=r"its chance is 'explicit', but a random game met no chance node"):
        c.check_chance(c.playthrough(NeverRolls(), 2))


def test_the_engines_share_one_name_for_the_player_count():
    """Both engine states count their players as ``n_players``."""
    assert splendor.new_game(3).n_players == 3
    assert herecomes.new_game(3).n_players == 3
