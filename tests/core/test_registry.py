"""The games are found through the ``pokelab.games`` entry points of the installed packages (``pokelab.core.registry``)."""

from __future__ import annotations

import tomllib
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from pokelab.core import Game, available_games, get_game, is_game, register_game, registry
from pokelab.errors import SimError
from pokelab.herecomes.game import HereComesGame
from pokelab.splendor.game import SplendorGame
from pokelab.toy import ToyGame

ROOT = Path(__file__).resolve().parents[2]


def test_the_installed_metadata_is_the_pyproject_table():
    """A stale install (pyproject.toml changed, ``make install`` not run) would hide or misname a game."""
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    table = declared["project"]["entry-points"][registry.GROUP]
    installed = {name: point.value for name, point in registry.installed_games().items()}
    assert installed == table, "the installed metadata is stale: run `make install`"
    assert set(table) == {"splendor", "herecomes"}


def test_every_game_package_of_the_kit_is_an_entry_point():
    """Each ``pokelab/<game>/game.py`` with a ``Game`` is declared, and an entry point loads its class."""
    packages = {p.parent.name for p in (ROOT / "pokelab").glob("*/game.py")} - {"core"}  # core's is the protocol
    assert packages == {"splendor", "herecomes"}  # the toy game is registered at run time (pokelab.toy.register)
    assert {point.value.split(".")[1] for point in registry.installed_games().values()} == packages
    assert type(get_game("splendor")) is SplendorGame and type(get_game("herecomes")) is HereComesGame
    assert is_game("herecomes") and not is_game("Splendor")


@pytest.fixture
def installed(monkeypatch):
    """Replace the installed entry points by the given ones, with a registry of its own."""

    def use(*points: EntryPoint) -> None:
        monkeypatch.setattr(registry, "entry_points", lambda group: [p for p in points if p.group == group])
        registry.installed_games.cache_clear()

    monkeypatch.setattr(registry, "_GAMES", {})
    yield use
    registry.installed_games.cache_clear()


def _point(name: str, value: str, group: str = registry.GROUP) -> EntryPoint:
    return EntryPoint(name, value, group)


def test_a_game_is_imported_only_when_asked_for(installed):
    installed(_point("toy", "pokelab.toy:ToyGame"), _point("broken", "pokelab.no_such_engine:Game"),
              _point("chess", "pokelab.toy:ToyGame", group="other.plugins"))
    assert available_games() == ["broken", "toy"] and is_game("broken") and not is_game("chess")
    assert isinstance(get_game("toy"), ToyGame)
    assert list(registry._GAMES.items()) == [("toy", ToyGame)]  # loaded once; "broken" was never imported


def test_an_unknown_name_lists_the_games_in_both_languages(installed):
    installed(_point("toy", "pokelab.toy:ToyGame"))
    for bad in ("chess", 3, None):
        with pytest.raises(SimError) as caught:
            get_game(bad)
        assert caught.value.message("en") == f"unknown game {bad!r}: choose toy"
        assert caught.value.message("zh") == f"未知的游戏 {bad!r}：请选择 toy"


def test_a_kit_that_is_not_installed_says_so(installed):
    """Run from a folder without its metadata (never installed, or pyproject.toml newer than the install)."""
    installed()
    with pytest.raises(SimError) as caught:
        get_game("splendor")
    assert caught.value.message("en") == (
        "unknown game 'splendor': no package declares a game (pokelab.games entry points); "
        "install the kit (make install, or pip install -e .)")
    assert caught.value.message("zh") == (
        "未知的游戏 'splendor'：没有任何包声明游戏（pokelab.games 入口点）；请安装本套件（make install 或 pip install -e .）")
    register_game("toy", ToyGame)
    assert type(get_game("toy")) is ToyGame  # a game registered at run time still plays


@pytest.mark.parametrize(
    ("value", "english", "chinese"),
    [
        ("pokelab.no_such_engine:Game",
         "the game 'nim' (pokelab.no_such_engine:Game, entry point of pokelab.games) does not load: "
         "ModuleNotFoundError: No module named 'pokelab.no_such_engine'",
         "游戏 'nim'（pokelab.no_such_engine:Game，pokelab.games 的入口点）无法加载：ModuleNotFoundError"),
        ("pokelab.toy:NoSuchClass",
         "the game 'nim' (pokelab.toy:NoSuchClass, entry point of pokelab.games) does not load: AttributeError",
         "无法加载：AttributeError"),
        ("pokelab.core.game:GameInfo",
         "the game 'nim' (pokelab.core.game:GameInfo, entry point of pokelab.games) is not a Game class",
         "游戏 'nim'（pokelab.core.game:GameInfo，pokelab.games 的入口点）不是 Game 类"),
        ("pokelab.core.registry:GROUP",
         "the game 'nim' (pokelab.core.registry:GROUP, entry point of pokelab.games) is not a Game class",
         "不是 Game 类"),
        ("pokelab.toy:ToyGame",
         "the game 'nim' (pokelab.toy:ToyGame, entry point of pokelab.games) calls itself 'toy'",
         "游戏 'nim'（pokelab.toy:ToyGame，pokelab.games 的入口点）自称 'toy'"),
    ],
)
def test_an_entry_point_that_is_not_a_game_is_named_in_both_languages(installed, value, english, chinese):
    installed(_point("nim", value))
    assert is_game("nim")
    with pytest.raises(SimError) as caught:
        get_game("nim")
    assert caught.value.message("en").startswith(english)
    assert chinese in caught.value.message("zh")
    assert "nim" not in registry._GAMES  # nothing half-loaded is kept


def test_two_packages_naming_one_game_differently_is_an_error(installed):
    installed(_point("toy", "pokelab.toy:ToyGame"), _point("toy", "pokelab.toy:ToyGame"))
    assert available_games() == ["toy"]  # the same entry point twice (a package on the path twice) is one game
    installed(_point("toy", "pokelab.toy:ToyGame"), _point("toy", "other_kit.toy:ToyGame"))
    with pytest.raises(SimError) as caught:
        available_games()
    assert caught.value.message("en") == (
        "two installed packages name the game 'toy': pokelab.toy:ToyGame and other_kit.toy:ToyGame")
    assert caught.value.message("zh") == "两个已安装的包都声明了游戏 'toy'：pokelab.toy:ToyGame 和 other_kit.toy:ToyGame"


def test_a_game_registered_at_run_time_comes_after_the_installed_ones_and_wins_their_name(installed):
    installed(_point("toy", "pokelab.toy:ToyGame"), _point("herecomes", "pokelab.herecomes.game:HereComesGame"))

    class Nim(Game):
        name = "nim"

    class OtherToy(ToyGame):
        pass

    register_game("nim", Nim)
    register_game("toy", OtherToy)
    assert available_games(sort=False) == ["toy", "herecomes", "nim"]
    assert available_games() == ["herecomes", "nim", "toy"]
    assert type(get_game("toy")) is OtherToy and get_game("nim").name == "nim"
    game = get_game("herecomes")
    assert get_game(game) is game  # a Game passes through
