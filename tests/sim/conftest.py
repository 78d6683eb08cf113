import pytest

from pokelab.bots import register_bot
from pokelab.bots.random_bot import RandomBot
from pokelab.core.registry import register_game
from pokelab.toy import ToyGame

from .toygame import AlwaysRisk

register_game("toy", ToyGame)
register_bot("toy", "random", RandomBot)
register_bot("toy", "risk", AlwaysRisk)


@pytest.fixture
def toy():
    return ToyGame()
