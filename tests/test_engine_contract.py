"""The engine contract (``pokelab.core.contract``), checked for every registered game and the toy game.

The checks are the importable ``pokelab.core.contract`` a new game's author runs
(``check_game(game)``); here each one is its own test per game and player count,
plus what only this repository can check: every rule ID a refusal names is in
``docs/rules``. What a game hides (``hidden_twin``), how it saves and reads its
actions, and its rule prefix all come from the game itself (``GameInfo``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from pokelab import herecomes, splendor
from pokelab.core import Game, available_games, check_game, get_game
from pokelab.core import contract as c
from pokelab.toy import ToyGame

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


def test_the_seed_fixes_the_game(play):
    c.check_seeded(play)
    assert play.game.new_game(play.players, 11, {}) == play.states[0]


def test_apply_is_pure(play):
    c.check_pure(play)


def test_every_legal_move_applies(play):
    c.check_legal_applies(play)


def test_every_refusal_names_a_rule_in_both_languages(play):
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


def test_check_game_passes_every_game_and_names_a_broken_rule():
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


def test_the_engines_share_one_name_for_the_player_count():
    """Both engine states count their players as ``n_players``."""
    assert splendor.new_game(3).n_players == 3
    assert herecomes.new_game(3).n_players == 3
