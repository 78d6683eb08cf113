"""Issue 14, runner and command line: bad bots, counts, seeds, options and executors are a SimError (a ValueError)."""

from __future__ import annotations

import pytest

from pokelab import cli, sim
from pokelab.errors import SimError
from pokelab.sim.runner import MAX_GAMES


@pytest.mark.parametrize(
    "call",
    [
        lambda: sim.simulate("splendor", None, games=1, progress=False),
        lambda: sim.simulate("splendor", "random", games=1, progress=False),
        lambda: sim.simulate("splendor", ["random", "random"], games=MAX_GAMES + 1, progress=False),
        lambda: sim.simulate("splendor", ["random", "random"], games=10**12, progress=False),
        lambda: sim.simulate("splendor", ["random", "random"], games=1, progress=False, names=5),
        lambda: sim.simulate("splendor", ["random", "random"], games=1, progress=False, names=[1, 2]),
        lambda: sim.simulate("splendor", ["random", "random"], games=1, progress=False, executor=5),
        lambda: sim.simulate("herecomes", ["random", "random"], games=1, progress=False, options=5),
        lambda: sim.play("herecomes", None),
        lambda: sim.play("herecomes", ["random", "random"], seed="x"),
        lambda: sim.tournament("splendor", None, 2, progress=False),
        lambda: sim.tournament("splendor", ["random", "greedy"], 10**12, progress=False),
    ],
)
def test_sp_c3_runner_inputs_are_checked_before_any_game_is_played(call) -> None:
    """SP-C3, HC-C5: a lineup that is not a list, 10**12 games, a non-executor: SimError, not TypeError/MemoryError."""
    with pytest.raises(SimError):
        call()


@pytest.mark.parametrize(
    "argv",
    [
        ["odds", "--bag", "red=99999999999999999999999"],
        ["odds", "--bag", "red=²"],
        ["odds", "--bag", "red=5000"],
        ["simulate", "splendor", "--bots", "random,random", "--games", "100000000000000000000", "--quiet"],
        ["simulate", "splendor", "--bots", "random,random", "--games", "1", "--workers", "1000000000"],
        ["tournament", "splendor", "--bots", "random,greedy", "--games-per-pair", "1", "--workers", "999"],
    ],
)
def test_hc_c1_the_command_line_answers_bad_numbers_with_exit_status_2(argv, capsys) -> None:
    """HC-C1, SP-C3: huge or odd counts print a bilingual error and exit 2 instead of a traceback."""
    assert cli.main(argv) == 2
    assert "error" in capsys.readouterr().err
