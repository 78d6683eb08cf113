"""Splendor: Pokémon (璀璨宝石：宝可梦): the rules engine.

Play a game with the public API: ``new_game`` → ``legal_actions`` → ``apply`` … → ``result``.

- ``new_game(players=2, *, seed=0, variant=None)``; ``Variant(supply, evolution_cost, round_cap, frozen_display)``
  (``frozen_display="sweep"``, the default, sweeps a frozen display under the deck, SP-T5;
  ``"wait"`` keeps the written rules; see ``docs/house-rules.md``. ``is_display_frozen(state)``,
  ``display_swept(before, after)`` tell when it matters; ``describe_sweep(lang)`` is its log line).
- ``legal_actions(state)`` (fixed order) and pure ``apply(state, action)``; an illegal
  move raises ``IllegalAction`` with ``.rule`` (``"SP-A2"``…) and ``.message("en"|"zh")``.
- Actions: ``TakeDifferent(colours)``, ``TakeSame(colour)``, ``Reserve(card)``,
  ``Catch(card, payment=None)``, ``Evolve(base, into)``, ``ReturnTokens(tokens)``,
  ``Pass()``, ``EndTurn()``; ``parse_action(str(action)) == action``; ``action.describe(lang)``.
- The turn structure (main → optional evolution → returning tokens) is described
  in ``pokelab.splendor.engine``; the ``observe`` view schema in ``pokelab.splendor.view``.
  Beside it: ``setup`` (``new_game``), ``legal`` (``legal_actions``), ``payment``
  (``cheapest_payment``), ``sweep`` (SP-T5), ``scoring`` (``result``, ``scores``).
- ``scenario(...)`` builds positions; ``to_json``/``from_json`` save and load them;
  ``cheapest_payment(state, card)`` shows what ``Catch(card)`` would spend.
- ``CARDS`` / ``load_cards(path)``: the 90 cards (see ``CARDS.md`` beside ``cards.csv``).

>>> import random
>>> from pokelab.splendor import new_game, legal_actions, apply, result, observe
>>> s, rng = new_game(["Ash", "Misty"], seed=11), random.Random(11)
>>> while not s.is_over:
...     s = apply(s, rng.choice(legal_actions(s)))
>>> r = result(s)
>>> len(r.scores), observe(s, 0)["is_over"]
(2, True)
"""

from pokelab.errors import IllegalAction
from pokelab.splendor.actions import (
    ACTION_TYPES,
    Action,
    Catch,
    EndTurn,
    Evolve,
    Pass,
    Reserve,
    ReturnTokens,
    TakeDifferent,
    TakeSame,
    parse_action,
)
from pokelab.splendor.cards import (
    CARDS,
    COLOURS,
    MASTER,
    TOKEN_COLOURS,
    Card,
    card_by_name,
    load_cards,
)
from pokelab.splendor.engine import apply
from pokelab.splendor.legal import legal_actions
from pokelab.splendor.payment import cheapest_payment
from pokelab.splendor.scenario import scenario
from pokelab.splendor.scoring import result, scores
from pokelab.splendor.serialize import from_json, to_json
from pokelab.splendor.setup import new_game
from pokelab.splendor.state import PHASES, PlayerState, Result, State, Variant
from pokelab.splendor.sweep import describe_sweep, display_swept, is_display_frozen
from pokelab.splendor.view import VIEW_VERSION, card_view, observe

__all__ = [
    "ACTION_TYPES",
    "CARDS",
    "COLOURS",
    "MASTER",
    "PHASES",
    "TOKEN_COLOURS",
    "VIEW_VERSION",
    "Action",
    "Card",
    "Catch",
    "EndTurn",
    "Evolve",
    "IllegalAction",
    "Pass",
    "PlayerState",
    "Reserve",
    "Result",
    "ReturnTokens",
    "State",
    "TakeDifferent",
    "TakeSame",
    "Variant",
    "apply",
    "card_by_name",
    "card_view",
    "cheapest_payment",
    "describe_sweep",
    "display_swept",
    "from_json",
    "is_display_frozen",
    "legal_actions",
    "load_cards",
    "new_game",
    "observe",
    "parse_action",
    "result",
    "scenario",
    "scores",
    "to_json",
]
