"""Here Comes Pokémon! (来啦！宝可梦): the engine.

One round in a few lines — a seeded game played by random choices:

>>> import random
>>> from pokelab.herecomes import new_game, apply, legal_actions, sample, result
>>> rng = random.Random(0)
>>> s = new_game(3, seed=0)
>>> while not s.is_over:
...     if s.is_chance:
...         s = apply(s, sample(s, rng))
...     else:
...         p = s.to_move[0]
...         s = apply(s, rng.choice(legal_actions(s, p)))
>>> r = result(s)
>>> len(r.scores), all(r.scores[w] == max(r.scores) for w in r.winners) or r.by_legend
(3, True)

A move the rules forbid raises ``IllegalAction`` (the same class as
``pokelab.splendor.IllegalAction``) with the rule's ID and a reason in English
and Chinese:

>>> try:
...     apply(new_game(2, seed=0), Discard(0, "G01"))
... except IllegalAction as err:
...     print(err.rule, err.message("zh"))
HC-R2 请等待：领队正在抽代币，现在不能弃牌。
"""

from pokelab.errors import IllegalAction
from pokelab.herecomes.actions import (
    Action,
    Discard,
    Draw,
    Keep,
    UseTrainer,
    VoteRedraw,
    parse_action,
)
from pokelab.herecomes.bag import DEFAULT_BAG, WAVES, validate_bag
from pokelab.herecomes.cards import TARGETS, TargetCard, load_targets
from pokelab.herecomes.conditions import (
    AllDrawn,
    AllOf,
    Condition,
    LastIs,
    NeverDrawn,
    parse_condition,
)
from pokelab.herecomes.engine import apply, result
from pokelab.herecomes.legal import chance_outcomes, keep_options, legal_actions, sample
from pokelab.herecomes.pieces import COLOURS, KINDS
from pokelab.herecomes.scenario import scenario
from pokelab.herecomes.serialize import from_json, to_json
from pokelab.herecomes.setup import HAND_SIZE, new_game
from pokelab.herecomes.state import Player, Result, State, Variant
from pokelab.herecomes.trainers import TRAINERS, Trainer
from pokelab.herecomes.view import explain, observe
from pokelab.herecomes.view_moves import observe_action, read_observed

__all__ = [
    "COLOURS",
    "DEFAULT_BAG",
    "HAND_SIZE",
    "KINDS",
    "TARGETS",
    "TRAINERS",
    "WAVES",
    "Action",
    "AllDrawn",
    "AllOf",
    "Condition",
    "Discard",
    "Draw",
    "IllegalAction",
    "Keep",
    "LastIs",
    "NeverDrawn",
    "Player",
    "Result",
    "State",
    "TargetCard",
    "Trainer",
    "UseTrainer",
    "Variant",
    "VoteRedraw",
    "apply",
    "chance_outcomes",
    "explain",
    "from_json",
    "keep_options",
    "legal_actions",
    "load_targets",
    "new_game",
    "observe",
    "observe_action",
    "parse_action",
    "parse_condition",
    "read_observed",
    "result",
    "sample",
    "scenario",
    "to_json",
    "validate_bag",
]
