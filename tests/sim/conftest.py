import pytest

from pokelab.bots import register_bot
from pokelab.bots.random_bot import RandomBot
from pokelab.sim import register_game

from .toygame import AlwaysRisk, ToyAdapter

register_game("toy", ToyAdapter)
register_bot("toy", "random", RandomBot)
register_bot("toy", "risk", AlwaysRisk)


@pytest.fixture
def toy():
    return ToyAdapter()
