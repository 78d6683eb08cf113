"""What a shared game table needs from each game: saves, action texts, scores, and the moves nobody clicks.

A table stores a game as its seed plus the accepted moves. This module is the
database-free half: ``kit(game)`` names a game's save format and action
parser; ``advance`` plays the moves that need no human — chance (Here Comes'
token draws, sampled from the table's seed keyed by the move's number, so a
replay after an undo draws the same tokens) and the bots' turns; ``replay``
recomputes a game from its seed and moves and checks every stored draw.

Splendor has no chance nodes: its shuffled deck is part of the seeded state
(SP-S1), so the same seed always deals the same cards.

>>> k = kit("herecomes")
>>> state, moves = advance(k, new_state(k, 2, seed=7), {1: "random"}, seed=7, number=1)
>>> [kind for _, kind, _ in moves][:4], state.phase
(['chance', 'chance', 'chance', 'chance'], 'discard')
>>> k.adapter.actors(state)   # the bot in seat 1 has chosen face down; seat 0 still chooses
(0,)
>>> replay(k, 2, 7, None, moves) == state
True
>>> kit("chess")
Traceback (most recent call last):
...
pokelab.classroom.ClassroomError: a table plays splendor or herecomes, not 'chess'
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from pokelab import bots as bot_registry
from pokelab.classroom.rounds import ClassroomError
from pokelab.errors import IllegalAction
from pokelab.seeds import stream
from pokelab.sim.adapters import get_game
from pokelab.sim.view import LazyView

if TYPE_CHECKING:  # pokelab.sim (and pandas with it) is imported only once a table is played
    from pokelab.sim.adapters import GameAdapter

__all__ = [
    "GAMES",
    "MAX_AUTOMATIC_MOVES",
    "GameKit",
    "advance",
    "chance_move",
    "check_bot",
    "kit",
    "new_state",
    "parse_move",
    "play_move",
    "points",
    "replay",
    "variant_dict",
]

#: The games a table can hold.
GAMES: tuple[str, ...] = ("splendor", "herecomes")
#: Most moves one ``advance`` plays without a human (a whole bots-only game is far fewer).
MAX_AUTOMATIC_MOVES = 20_000


@dataclass(frozen=True)
class GameKit:
    """One game's parts a table uses: its adapter, engine module, save format and turn rule."""

    name: str
    adapter: GameAdapter
    engine: Any
    to_json: Callable[[Any], str]
    from_json: Callable[[str], Any]
    turn_rule: str  # the rule a move out of turn breaks


def kit(game: Any) -> GameKit:
    """The parts of ``game`` (``"splendor"`` or ``"herecomes"``) a table needs.

    >>> kit("splendor").turn_rule
    'SP-T1'
    >>> kit(3)
    Traceback (most recent call last):
    ...
    pokelab.classroom.ClassroomError: a table plays splendor or herecomes, not 3
    """
    if not isinstance(game, str) or game.strip().lower() not in GAMES:
        raise ClassroomError(
            f"a table plays splendor or herecomes, not {game!r}",
            f"一张游戏桌只能玩 splendor 或 herecomes，而不是 {game!r}",
        )

    name = game.strip().lower()
    engine = importlib.import_module(f"pokelab.{name}")
    return GameKit(
        name=name,
        adapter=get_game(name),
        engine=engine,
        to_json=engine.to_json,
        from_json=engine.from_json,
        turn_rule="SP-T1" if name == "splendor" else "HC-R2",
    )


def _variant(k: GameKit, variant: Any) -> Any:
    """The engine's ``Variant`` from ``None``, a ``Variant`` or a mapping of its fields."""
    if variant is None:
        return None
    kind = k.engine.Variant
    if isinstance(variant, kind):
        return variant
    if not isinstance(variant, Mapping):
        raise ClassroomError(
            f"a {k.name} variant is a mapping of its options, got {variant!r}",
            f"{k.name} 的变体应是选项的映射，收到 {variant!r}",
        )
    fields = {f.name for f in dataclasses.fields(kind)}
    unknown = sorted(str(key) for key in variant if key not in fields)
    if unknown:
        raise ClassroomError(
            f"unknown {k.name} variant option(s) {', '.join(unknown)}: options are {', '.join(sorted(fields))}",
            f"{k.name} 没有变体选项 {', '.join(unknown)}：可用选项为 {', '.join(sorted(fields))}",
        )
    try:
        return kind(**dict(variant))
    except (TypeError, ValueError) as err:
        raise ClassroomError(f"bad {k.name} variant: {err}", f"{k.name} 变体有误：{err}") from None


def variant_dict(k: GameKit, variant: Any) -> dict[str, Any] | None:
    """``variant`` checked and written as plain data (``None`` for the game's defaults).

    >>> variant_dict(kit("herecomes"), {"redraw": "leader"})
    {'redraw': 'leader', 'win_points': 10}
    >>> variant_dict(kit("herecomes"), {"redraw": "nobody"})
    Traceback (most recent call last):
    ...
    pokelab.classroom.ClassroomError: bad herecomes variant: Variant.redraw must be 'all' or 'leader', got 'nobody'
    """
    made = _variant(k, variant)
    return None if made is None else dataclasses.asdict(made)


def new_state(k: GameKit, players: int, *, seed: int, variant: Any = None) -> Any:
    """The first state of a table's game (``players`` seats, seeded).

    >>> new_state(kit("splendor"), 2, seed=1).phase
    'main'
    >>> new_state(kit("splendor"), 5, seed=1)
    Traceback (most recent call last):
    ...
    pokelab.classroom.ClassroomError: splendor is played by 2 to 4 players, not 5
    """
    low = max(2, k.adapter.min_players)  # a table is for playing together: two seats at least
    if (
        isinstance(players, bool)
        or not isinstance(players, int)
        or not low <= players <= k.adapter.max_players
    ):
        raise ClassroomError(
            f"{k.name} is played by {low} to {k.adapter.max_players} players, not {players!r}",
            f"{k.name} 需要 {low} 到 {k.adapter.max_players} 名玩家，而不是 {players!r}",
        )
    return k.engine.new_game(players, seed=seed, variant=_variant(k, variant))


def check_bot(k: GameKit, name: Any) -> str:
    """A registered bot name of the game (``pokelab.bots``), or a ``ClassroomError`` naming the choices.

    >>> check_bot(kit("herecomes"), " heuristic ")
    'heuristic'
    >>> check_bot(kit("herecomes"), "greedy")
    Traceback (most recent call last):
    ...
    pokelab.classroom.ClassroomError: unknown bot 'greedy' for herecomes: choose heuristic, optimal, random
    """
    names = bot_registry.available_bots(k.name)
    clean = name.strip() if isinstance(name, str) else name
    if clean not in names:
        raise ClassroomError(
            f"unknown bot {name!r} for {k.name}: choose {', '.join(names)}",
            f"{k.name} 没有名为 {name!r} 的电脑玩家：可选 {', '.join(names)}",
        )
    return clean


def parse_move(k: GameKit, action: Any) -> Any:
    """An action given as the engine's text form (``"TakeSame(red)"``, ``"Discard(0, G13)"``) or object.

    >>> parse_move(kit("splendor"), "TakeSame(red)")
    TakeSame(red)
    >>> parse_move(kit("splendor"), "Fly(away)")
    Traceback (most recent call last):
    ...
    pokelab.classroom.ClassroomError: cannot read that splendor action: unknown action 'Fly': choose one of TakeDifferent, TakeSame, Reserve, Catch, Evolve, ReturnTokens, Pass, EndTurn
    """
    if type(action).__module__ == f"pokelab.{k.name}.actions":
        return action
    try:
        return k.engine.parse_action(action)
    except (TypeError, ValueError) as err:
        raise ClassroomError(
            f"cannot read that {k.name} action: {err}",
            f"无法读取这个 {k.name} 动作：{err}",
        ) from None


def play_move(k: GameKit, state: Any, seat: int, action: Any) -> Any:
    """The state after ``seat`` plays ``action``: it must be that seat's turn and the engine must accept it.

    >>> s = new_state(kit("splendor"), 2, seed=1)
    >>> other = 1 - s.current_player
    >>> play_move(kit("splendor"), s, other, parse_move(kit("splendor"), "TakeSame(red)"))
    Traceback (most recent call last):
    ...
    pokelab.errors.IllegalAction: [SP-T1] It is seat ... turn, not seat ...
    """
    adapter = k.adapter
    if adapter.is_over(state):
        raise IllegalAction(
            k.turn_rule, "The game is over: no more moves.", "游戏已经结束，不能再走了。"
        )
    named = adapter.actor_of(action)
    if named is not None and named != seat:
        raise ClassroomError(
            f"that action is seat {named + 1}'s, and you sit in seat {seat + 1}",
            f"这个动作属于第 {named + 1} 座，而你坐在第 {seat + 1} 座",
        )
    if adapter.is_chance(state) or type(action).__name__ == "Draw":
        raise ClassroomError(
            "on a table the bag draws come from the table's seed: nobody plays Draw",
            "在游戏桌上，布袋抽取由游戏桌的种子决定：玩家不能出 Draw",
        )
    actors = adapter.actors(state)
    if seat not in actors:
        who = ", ".join(f"seat {a + 1}" for a in actors)
        who_zh = "、".join(f"第 {a + 1} 座" for a in actors)
        raise IllegalAction(
            k.turn_rule,
            f"It is {who}'s turn, not seat {seat + 1}'s.",
            f"现在轮到{who_zh}，不是第 {seat + 1} 座。",
        )
    return adapter.apply(state, action)


def _bot_move(k: GameKit, state: Any, seat: int, bot: str, seed: int, number: int) -> Any:
    player = bot_registry.make_bot(k.name, bot)
    view = LazyView(partial(k.adapter.observe, state, seat))
    legal = k.adapter.legal_actions(state, seat)
    return player.choose(view, legal, stream(seed, f"table-bot{seat}:{number}"))


def chance_move(k: GameKit, state: Any, seed: int, number: int) -> Any:
    """The chance outcome of move ``number`` (sampled from the table's seed and that number alone).

    >>> k = kit("herecomes")
    >>> s = new_state(k, 2, seed=3)
    >>> chance_move(k, s, 3, 1) == chance_move(k, s, 3, 1)
    True
    >>> chance_move(kit("splendor"), new_state(kit("splendor"), 2, seed=3), 3, 1)
    Traceback (most recent call last):
    ...
    ValueError: splendor: chance does not move now (move 1)
    """
    if not k.adapter.is_chance(state):
        raise ValueError(f"{k.name}: chance does not move now (move {number})")

    return k.adapter.sample_chance(state, stream(seed, f"table-chance:{number}"))


def advance(
    k: GameKit, state: Any, bots: Mapping[int, str], *, seed: int, number: int
) -> tuple[Any, list[tuple[int | None, str, str]]]:
    """Play the chance draws and bot moves due now; return the new state and the moves ``(seat, kind, action)``.

    ``number`` is the number the first new move gets. It stops when the game is
    over or only human seats are to act; at a simultaneous step each bot seat
    chooses from its own view (``observe``), one after the other.

    >>> k = kit("splendor")
    >>> s = new_state(k, 2, seed=1)
    >>> after, moves = advance(k, s, {s.current_player: "greedy"}, seed=1, number=1)
    >>> moves[0][:2] == (s.current_player, "bot"), after.current_player != s.current_player
    (True, True)
    >>> advance(k, s, {}, seed=1, number=0)
    Traceback (most recent call last):
    ...
    ValueError: move numbers start at 1, got 0
    """
    if number < 1:
        raise ValueError(f"move numbers start at 1, got {number}")
    adapter = k.adapter
    moves: list[tuple[int | None, str, str]] = []
    for _ in range(MAX_AUTOMATIC_MOVES):
        if adapter.is_over(state):
            break
        if adapter.is_chance(state):
            action = chance_move(k, state, seed, number + len(moves))
            state = adapter.apply(state, action)
            moves.append((None, "chance", str(action)))
            continue
        due = [seat for seat in adapter.actors(state) if seat in bots]
        if not due:
            break
        seat = due[0]
        action = _bot_move(k, state, seat, bots[seat], seed, number + len(moves))
        state = adapter.apply(state, action)
        moves.append((seat, "bot", str(action)))
    else:  # pragma: no cover - a bot that never ends the game
        raise RuntimeError(f"{k.name}: no human turn after {MAX_AUTOMATIC_MOVES} automatic moves")
    return state, moves


def replay(
    k: GameKit,
    players: int,
    seed: int,
    variant: Any,
    moves: Sequence[tuple[int | None, str, str]],
) -> Any:
    """The game recomputed from its seed and moves ``(seat, kind, action)``; every stored draw is checked.

    >>> k = kit("herecomes")
    >>> replay(k, 2, 7, None, [(None, "chance", "Draw(purple)")])
    Traceback (most recent call last):
    ...
    pokelab.classroom.ClassroomError: move 1 of this table is Draw(purple), but the table's seed draws Draw(...)
    """
    state = new_state(k, players, seed=seed, variant=variant)
    for number, (seat, kind, text) in enumerate(moves, start=1):
        if kind == "chance":
            expected = chance_move(k, state, seed, number)
            if str(expected) != text:
                raise ClassroomError(
                    f"move {number} of this table is {text}, but the table's seed draws {expected}",
                    f"这张游戏桌的第 {number} 步是 {text}，但按种子应抽出 {expected}",
                )
            state = k.adapter.apply(state, expected)
        elif seat is None:
            raise ClassroomError(
                f"move {number} of this table ({text}) names no seat",
                f"这张游戏桌的第 {number} 步（{text}）没有座位",
            )
        else:
            state = play_move(k, state, seat, parse_move(k, text))
    return state


def points(k: GameKit, state: Any) -> list[int]:
    """Each seat's points now (the final scores once the game is over).

    >>> points(kit("herecomes"), new_state(kit("herecomes"), 3, seed=1))
    [0, 0, 0]
    """
    if k.adapter.is_over(state):
        return [int(x) for x in k.adapter.scores(state)]
    if k.name == "splendor":
        return [int(p.points) for p in state.players]
    return [int(x) for x in state.points]
