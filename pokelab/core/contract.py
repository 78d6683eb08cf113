"""The engine contract as a function a game's author runs: ``check_game(game)`` plays seeded random games and checks the house rules.

Modelled on OpenSpiel's ``random_sim_test`` and pgx's ``api_test``. For each
player count (the smallest, the next and the largest), random games are played
through the ``Game`` protocol and checked:

- a random game ends, with one score per seat and winners among the seats, and
  once it is over nobody acts, nothing is drawn and no seat has a legal action;
- every seat's points and the final scores stay within the game's ``score_bounds``;
- at every chance node the outcomes are distinct, each has a probability above 0,
  and the probabilities sum to 1 (exactly when they are exact: ``Fraction`` or
  ``int``); the drawn outcome is one of them; a game whose chance is not
  ``"explicit"`` has no chance node, and one whose chance is meets one;
- a seed fixes the game; ``apply`` is pure (the input state is unchanged);
- every legal move applies, at every state of the game;
- every refusal is an ``IllegalAction`` with a rule ID (``PREFIX-ID``, the game's
  ``rule_prefix``) and a reason that renders in every language of the word catalogue
  (translated, and in the pseudo-language with no word written around the catalogue:
  ``pokelab.words``), while something that is
  not an action at all is a plain ``ValueError`` (``docs/errors.md``);
- ``observe`` is JSON-safe once its texts are rendered (``pokelab.words.rendered``, in every
  language) and shows a player nothing they may not know
  (``hidden_twin``); a save round-trips (games that save); ``parse_action`` reads
  back every action's text (games that read text).

A broken rule is a ``ContractError`` (an ``AssertionError``) naming the game, the
player count and what went wrong.

>>> from pokelab.toy import ToyGame
>>> check_game(ToyGame())
>>> class Endless(ToyGame):
...     def apply(self, state, action):
...         return state if not isinstance(action, str) else super().apply(state, action)
>>> check_game(Endless(), max_steps=50)
Traceback (most recent call last):
...
pokelab.core.contract.ContractError: toy with 1 player(s): a random game did not end in 50 steps
"""

from __future__ import annotations

import dataclasses
import json
import math
import numbers
import random
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pokelab.core.game import Game
from pokelab.core.registry import get_game
from pokelab.errors import IllegalAction
from pokelab.words import SOURCE_LANG, Text, languages, rendered
from pokelab.words.pseudo import PSEUDO, install_pseudo, leaks, uninstall_pseudo

__all__ = ["ContractError", "Playthrough", "check_game", "legal_now", "player_counts", "playthrough"]

RULE_ID = re.compile(r"^[A-Z]+-[A-Z0-9]+$")
#: What ``check_game`` applies where an action belongs: none of it is an action.
NON_ACTIONS: tuple[Any, ...] = ("garbage", None, 3, ("Draw", "red"))


class ContractError(AssertionError):
    """A game broke the engine contract (the message names the game, the player count and the rule)."""


@dataclass(frozen=True)
class Playthrough:
    """One seeded random game: every state, and the action that led from each to the next."""

    game: Game
    players: int
    states: tuple[Any, ...]
    actions: tuple[Any, ...]

    def fail(self, why: str) -> ContractError:
        """A ``ContractError`` about this game."""
        return ContractError(f"{self.game.name} with {self.players} player(s): {why}")

    def sampled(self, most: int = 60) -> tuple[Any, ...]:
        """About ``most`` states spread over the game, the first and the last included."""
        step = max(1, len(self.states) // most)
        return (*self.states[::step], self.states[-1])


def player_counts(game: Game) -> tuple[int, ...]:
    """The player counts ``check_game`` tries: the smallest, the next and the largest.

    >>> from pokelab.toy import ToyGame
    >>> player_counts(ToyGame())
    (1, 2, 3)
    """
    low, high = game.min_players, game.max_players
    return tuple(sorted({low, min(low + 1, high), high}))


def legal_now(game: Game, state: Any) -> list[Any]:
    """Everything that may be played now: the chance outcomes, or every acting seat's legal actions.

    >>> from pokelab.toy import ToyGame
    >>> [str(a) for a in legal_now(ToyGame(), ToyGame().new_game(1, 0, {}))]
    ['Roll(1)', 'Roll(2)', 'Roll(3)']
    """
    if game.is_over(state):
        return []
    if game.is_chance(state):
        return [a for a, _ in game.chance_outcomes(state)]
    return [a for seat in game.actors(state) for a in game.legal_actions(state, seat)]


def playthrough(game: Game | str, players: int, seed: int = 11, *, max_steps: int = 20_000) -> Playthrough:
    """A random game of ``players`` seats, every choice drawn from ``random.Random(seed)``; ``ContractError`` if it does not end.

    >>> play = playthrough("splendor", 2, seed=1)
    >>> play.game.is_over(play.states[-1]), len(play.states) == len(play.actions) + 1
    (True, True)
    >>> playthrough("chess", 2)
    Traceback (most recent call last):
    ...
    pokelab.errors.SimError: unknown game 'chess': choose ...
    """
    game = get_game(game)
    rng = random.Random(seed)
    state = game.new_game(players, seed, {})
    states, actions = [state], []
    for _step_number in range(max_steps):
        if game.is_over(state):
            return Playthrough(game, players, tuple(states), tuple(actions))
        if game.is_chance(state):
            action = game.sample_chance(state, rng)
        else:
            actors = game.actors(state)
            if not actors:
                raise ContractError(f"{game.name} with {players} player(s): nobody acts in a state that is not over")
            legal = game.legal_actions(state, actors[0])
            action = legal[rng.randrange(len(legal))]
        state = game.apply(state, action)
        states.append(state)
        actions.append(action)
    raise ContractError(f"{game.name} with {players} player(s): a random game did not end in {max_steps} steps")


def _contents(value: Any) -> Any:
    """Everything inside a state as nested tuples of plain values, to compare before and after ``apply``."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__, *(_contents(getattr(value, f.name)) for f in dataclasses.fields(value)))
    if isinstance(value, Mapping):
        return ("mapping", *sorted(((repr(k), _contents(v)) for k, v in value.items()), key=repr))
    if isinstance(value, tuple | list | frozenset | set):
        items = sorted(value, key=repr) if isinstance(value, set | frozenset) else value
        return (type(value).__name__, *map(_contents, items))
    return value


def check_ends(play: Playthrough) -> None:
    """The last state is over, with one score per seat and winners among the seats."""
    game, final = play.game, play.states[-1]
    if not game.is_over(final):
        raise play.fail("the last state is not over")
    if len(game.scores(final)) != play.players:
        raise play.fail(f"scores {game.scores(final)} are not one per seat")
    if not set(game.winners(final)) <= set(range(play.players)):
        raise play.fail(f"winners {game.winners(final)} are not seats")


def check_over_is_final(play: Playthrough) -> None:
    """Once the game is over nobody acts, chance draws nothing and no seat has a legal action."""
    game, final = play.game, play.states[-1]
    if game.is_chance(final) or game.actors(final):
        raise play.fail(f"the game is over, but {'chance' if game.is_chance(final) else 'a seat'} is still to act")
    for seat in range(play.players):
        if game.legal_actions(final, seat):
            raise play.fail(f"the game is over, but seat {seat} still has legal actions")


def check_score_bounds(play: Playthrough) -> tuple[int, int]:
    """Every seat's points, at every state, and the final scores lie within ``score_bounds``; returns the bounds."""
    game = play.game
    try:
        low, high = game.score_bounds(play.states[0])
    except NotImplementedError:
        raise play.fail("it declares no score_bounds") from None
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in (low, high)) or low > high:
        raise play.fail(f"score_bounds ({low!r}, {high!r}) are not whole numbers, lowest first")
    for state in play.states:
        if game.score_bounds(state) != (low, high):
            raise play.fail(f"score_bounds changed during the game: {game.score_bounds(state)} after {(low, high)}")
        points = game.points(state)
        if len(points) != play.players or not all(low <= x <= high for x in points):
            raise play.fail(f"points {points} are not one per seat within {low}..{high}")
    final = game.scores(play.states[-1])
    if not all(low <= x <= high for x in final):
        raise play.fail(f"scores {final} are not within {low}..{high}")
    return low, high


def check_chance(play: Playthrough) -> int:
    """Chance outcomes are distinct, above 0 and sum to 1 (exactly, when exact), and each draw is one of them; returns the chance nodes checked."""
    game, nodes = play.game, 0
    explicit = game.info.chance == "explicit"
    for state, action in zip(play.states, play.actions, strict=False):
        if not game.is_chance(state):
            continue
        if not explicit:
            raise play.fail(f"its chance is {game.info.chance!r}, but it has a chance node")
        nodes += 1
        outcomes = list(game.chance_outcomes(state))
        actions = [a for a, _ in outcomes]
        if not outcomes or len(set(actions)) != len(actions):
            raise play.fail(f"the chance outcomes {actions} are empty or repeat an outcome")
        chances = [p for _, p in outcomes]
        if not all(isinstance(p, numbers.Real) and not isinstance(p, bool) and p > 0 for p in chances):
            raise play.fail(f"chance probabilities {chances} are not all numbers above 0")
        total = sum(chances)
        exact = all(isinstance(p, numbers.Rational) for p in chances)
        if (total != 1) if exact else not math.isclose(total, 1, abs_tol=1e-9):
            raise play.fail(f"chance probabilities {chances} sum to {total}, not 1")
        if action not in actions:
            raise play.fail(f"chance drew {action}, which is not one of its outcomes {actions}")
    if explicit and not nodes:
        raise play.fail("its chance is 'explicit', but a random game met no chance node")
    return nodes


def check_seeded(play: Playthrough, seed: int = 11) -> None:
    """The same seed gives the same game."""
    again = playthrough(play.game, play.players, seed)
    if again.states != play.states or again.actions != play.actions:
        raise play.fail(f"seed {seed} gave two different games")


def check_pure(play: Playthrough) -> None:
    """``apply`` leaves its input as it was and gives the same state again."""
    for before, action, after in zip(play.states, play.actions, play.states[1:], strict=False):
        kept = _contents(before)
        if play.game.apply(before, action) != after:
            raise play.fail(f"applying {action} twice gave two different states")
        if _contents(before) != kept:
            raise play.fail(f"applying {action} changed the state it was applied to")


def check_legal_applies(play: Playthrough) -> None:
    """Every listed move applies at every state."""
    for state in play.states:
        for action in legal_now(play.game, state):
            try:
                play.game.apply(state, action)
            except ValueError as err:
                raise play.fail(f"the legal move {action} was refused: {err}") from err


def check_refusals(play: Playthrough) -> list[IllegalAction]:
    """Moves seen in the game, applied where they are not legal, are ``IllegalAction``s with a rule ID and a reason in every language."""
    game, errors = play.game, []
    pool = list(dict.fromkeys(play.actions))
    for state in play.sampled(40):
        legal = set(legal_now(game, state))
        for action in pool:
            if action in legal:
                continue
            try:
                game.apply(state, action)
            except IllegalAction as err:
                errors.append(err)
                continue
            raise play.fail(f"{action} was applied where it is not legal")
    if not errors:
        raise play.fail("no action of the game was ever refused")
    for err in errors:
        if not RULE_ID.match(err.rule) or (game.rule_prefix and not err.rule.startswith(game.rule_prefix + "-")):
            raise play.fail(f"rule ID {err.rule!r} is not {game.rule_prefix or 'PREFIX'}-ID")
        check_reason_languages(play, err)
    _check_pseudo(play, errors, pool)
    return errors


def check_reason_languages(play: Playthrough, err: IllegalAction) -> None:
    """The reason of ``err`` is a catalogue text, rendered in every language the kit speaks (each a translation)."""
    if not isinstance(err.reason, Text):
        raise play.fail(f"refusal {err.rule}: its reason is not a catalogue text (pokelab.words._)")
    texts = {lang: err.message(lang) for lang in languages()}
    english = texts[SOURCE_LANG]
    for lang, text in texts.items():
        if not text or (lang != SOURCE_LANG and text == english):
            raise play.fail(f"refusal {err.rule} has no reason in {lang!r}: {text!r} (English: {english!r})")
    if any(err.to_dict(lang) != {"rule": err.rule, "text": text} for lang, text in texts.items()):
        raise play.fail(f"refusal {err.rule}: to_dict(lang) is not the rule and the reason in that language")


def _check_pseudo(play: Playthrough, errors: list[IllegalAction], pool: list[Any]) -> None:
    """Every refusal rendered in the pseudo-language shows no word that bypassed the catalogue.

    Allowed: the rule IDs and the words of the actions' own texts (card ids, colour codes).
    """
    installed = PSEUDO in languages()
    if not installed:
        install_pseudo()
    try:
        allowed = {word for action in pool for word in re.findall(r"[A-Za-z_]+", play.game.action_text(action))}
        for err in errors:
            leaked = leaks(err.message(PSEUDO), allowed)
            if leaked:
                raise play.fail(f"refusal {err.rule} has words outside the catalogue: {leaked} in {err.message(PSEUDO)!r}")
    finally:
        if not installed:
            uninstall_pseudo()


def check_non_actions(play: Playthrough) -> None:
    """Something that is not an action at all is a plain ``ValueError`` (not a rule, not a ``TypeError``)."""
    for state in (play.states[0], play.states[len(play.states) // 2]):
        for junk in NON_ACTIONS:
            try:
                play.game.apply(state, junk)
            except ValueError as err:
                if type(err) is not ValueError:
                    raise play.fail(f"applying {junk!r} raised {type(err).__name__}, not ValueError") from err
            except Exception as err:
                raise play.fail(f"applying {junk!r} raised {type(err).__name__}, not ValueError") from err
            else:
                raise play.fail(f"applying {junk!r} was accepted")


def check_observe(play: Playthrough) -> int:
    """``observe`` is JSON-safe once rendered, and a position differing only in what a seat may not see looks the same to it; returns the pairs compared."""
    game, compared = play.game, 0
    for state in play.sampled():
        for seat in range(play.players):
            view = game.observe(state, seat)
            try:
                same = all(
                    json.loads(json.dumps(shown, allow_nan=False)) == shown
                    for shown in (rendered(view, lang) for lang in languages())
                )
            except (TypeError, ValueError):
                same = False
            if not same:
                raise play.fail(f"observe(state, {seat}) is not JSON-safe")
            twin = game.hidden_twin(state, seat)
            if twin is None:
                continue
            if twin == state:
                raise play.fail("hidden_twin returned the same state")
            if game.observe(twin, seat) != view:
                raise play.fail(f"seat {seat} sees something it may not know")
            compared += 1
    return compared


def check_saves(play: Playthrough) -> None:
    """``to_json`` / ``from_json`` round-trip every state (games that save), and every action's text reads back."""
    game = play.game
    if game.can_save():
        for state in play.sampled():
            text = game.to_json(state)
            if game.from_json(text) != state or game.to_json(game.from_json(text)) != text:
                raise play.fail("a save does not round-trip")
    if type(game).parse_action is Game.parse_action:
        return
    for action in dict.fromkeys(play.actions):
        if game.parse_action(game.action_text(action)) != action:
            raise play.fail(f"parse_action does not read back {game.action_text(action)!r}")


def check_game(game: Game | str, *, seed: int = 11, max_steps: int = 20_000) -> None:
    """Run every check of the contract on ``game`` for each of its ``player_counts``; ``ContractError`` on the first broken rule."""
    game = get_game(game)
    info = game.info  # a bad seat range or chance mode is a ValueError here
    if info.chance == "explicit" and type(game).is_chance is Game.is_chance:
        raise ContractError(f"{game.name}: its chance is explicit, but it never says is_chance")
    for players in player_counts(game):
        play = playthrough(game, players, seed, max_steps=max_steps)
        check_ends(play)
        check_over_is_final(play)
        check_score_bounds(play)
        check_chance(play)
        check_seeded(play, seed)
        check_pure(play)
        check_legal_applies(play)
        check_refusals(play)
        check_non_actions(play)
        check_observe(play)
        check_saves(play)
