"""The one runner: ``play`` one game into a GameRecord, ``simulate`` many into a DataFrame."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import Executor, as_completed
from typing import Any

import pandas as pd
from tqdm.auto import tqdm

from pokelab import bots as bot_registry
from pokelab.core.game import Game
from pokelab.core.registry import get_game
from pokelab.core.seeds import game_seed
from pokelab.core.stepper import MAX_STEPS, BotError, Seeding, Stepper
from pokelab.core.texts import reason_text, seat_column, seat_number
from pokelab.errors import SimError
from pokelab.sim.record import GameRecord
from pokelab.words import _

__all__ = ["check_count", "lineup", "play", "simulate"]

#: Most games one call plays (a million games is hours of CPU; the job list alone of 10**12 games
#: filled memory): larger runs are several calls with different seeds.
MAX_GAMES = 1_000_000


def check_count(value: Any, what: str, *, minimum: int = 1, maximum: int | None = None) -> int:
    """``value`` as a whole number >= ``minimum``, or a clear ``SimError``.

    >>> check_count(10, "games")
    10
    >>> check_count(0, "games")
    Traceback (most recent call last):
    ...
    pokelab.errors.SimError: games must be a whole number >= 1, got 0
    """
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise SimError(
            _("{what} must be a whole number >= {minimum}, got {value}", what=what, minimum=minimum, value=repr(value)),
        )
    if maximum is not None and value > maximum:
        raise SimError(
            _("{what} is at most {maximum}, got {value}", what=what, maximum=maximum, value=value),
        )
    return value


def _check_bots(bots: Any) -> Sequence[Any]:
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise SimError(
            _("bots is a list of bot names or bots, got {value}", value=repr(bots)),
        )
    return bots


def _check_names(names: Any, bots: Sequence[Any]) -> None:
    if names is None:
        return
    if isinstance(names, str) or not isinstance(names, Sequence) or not all(isinstance(x, str) for x in names):
        raise SimError(
            _("names is a list of strings (one per bot), got {value}", value=repr(names)),
        )
    if len(names) != len(bots):
        raise SimError(
            _("got {names} names for {bots} bots", names=len(names), bots=len(bots)),
        )


def _check_options(options: Any) -> dict[str, Any]:
    if options is not None and not isinstance(options, Mapping):
        raise SimError(
            _("options is a mapping of game options (such as bag), got {value}", value=repr(options)),
        )
    return dict(options or {})


def _check_players(rules: Game, n: int) -> None:
    if not rules.min_players <= n <= rules.max_players:
        raise SimError(
            _(
                "{game} takes {least} to {most} players, got {count} bots",
                game=rules.name,
                least=rules.min_players,
                most=rules.max_players,
                count=n,
            ),
        )


def _check_seed(seed: Any) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SimError(_("a seed is a whole number, got {value}", value=repr(seed)))
    return seed


def lineup(bots: Sequence[Any], index: int, *, rotate: bool = True) -> list[Any]:
    """The seat order of game ``index``: the lineup rotated by ``index`` places.

    With two bots this swaps seats every game, so neither keeps the first seat.

    >>> lineup(["a", "b", "c"], 0), lineup(["a", "b", "c"], 1), lineup(["a", "b"], 3)
    (['a', 'b', 'c'], ['b', 'c', 'a'], ['b', 'a'])
    >>> lineup([], 0)
    Traceback (most recent call last):
    ...
    ValueError: a lineup needs at least one bot
    """
    if not bots:
        raise ValueError("a lineup needs at least one bot")
    r = index % len(bots) if rotate else 0
    return list(bots[r:]) + list(bots[:r])


def play(
    game: str | Game,
    bots: Sequence[Any],
    seed: int = 0,
    *,
    options: Mapping[str, Any] | None = None,
    names: Sequence[str] | None = None,
) -> GameRecord:
    """Play one game with ``bots`` in seat order and return its full record.

    The game is stepped by ``pokelab.core.Stepper`` with ``Seeding.runner(seed)``.
    Bots are instances or registered names; each gets its view as a read-only
    mapping built on first access (``dict(view)`` for a plain dict). Each seat draws from its own seeded
    RNG and chance from another, so the same seed and bots give the same game.
    At a simultaneous step every acting bot sees the state before anyone's
    choice is applied; the choices are applied in seat order, and one that an
    earlier choice made moot (the step changed under it) is asked for again.

    >>> record = play("herecomes", ["random", "heuristic"], seed=1)   # doctest: +SKIP
    >>> record.replay() == record.final_state                          # doctest: +SKIP
    True
    >>> play("splendor", ["random"], seed=1)
    Traceback (most recent call last):
    ...
    pokelab.errors.SimError: splendor takes 2 to 4 players, got 1 bots
    """
    rules = get_game(game)
    _check_seed(seed)
    _check_players(rules, len(_check_bots(bots)))
    _check_names(names, bots)
    players = [bot_registry.make_bot(rules.name, b) for b in bots]
    labels = tuple(names) if names is not None else tuple(bot_registry.bot_name(b) for b in players)
    opts = _check_options(options)
    state = initial = rules.new_game(len(players), seed, opts)
    stepper = Stepper(rules, dict(enumerate(players)), Seeding.runner(seed))
    log: list[tuple[int | None, Any]] = []
    try:
        for step in stepper.run(state, together=True, max_steps=MAX_STEPS):
            log.append((step.seat, step.action))
            state = step.after
    except BotError as err:
        seat, action, cause = err.seat, err.action, err.cause
        raise SimError(
            _(
                "bot {bot} in seat {seat} chose an illegal action {action}: {why}",
                bot=repr(labels[seat]),
                seat=seat,
                action=str(action),
                why=reason_text(cause),
            ),
        ) from cause
    return GameRecord(
        game=rules.name,
        seed=seed,
        bots=labels,
        actions=tuple(log),
        scores=tuple(rules.scores(state)),
        winners=tuple(rules.winners(state)),
        rounds=rules.rounds(state),
        options=opts,
        final_state=state,
        initial_state=initial,
    )


def _row(rules: Game, record: GameRecord, game_id: int, rotation: int) -> dict[str, Any]:
    seats = range(record.players)
    row: dict[str, Any] = {"game_id": game_id, "seed": record.seed, "rotation": rotation}
    row.update({seat_column(seat, "bot"): record.bots[seat] for seat in seats})
    row.update({seat_column(seat, "score"): record.scores[seat] for seat in seats})
    winners = record.winners
    row["winners"] = ",".join(record.bots[s] for s in winners)
    row["winner_seats"] = ",".join(str(seat_number(s)) for s in winners)
    row.update({seat_column(seat, "won"): (1.0 / len(winners)) if seat in winners else 0.0 for seat in seats})
    row["rounds"] = record.rounds
    row.update(rules.features(record.final_state, record.actions, record.initial_state))
    return row


def _play_chunk(
    game: str | Game,
    bots: Sequence[Any],
    names: Sequence[str],
    options: Mapping[str, Any],
    jobs: Sequence[tuple[int, int]],
    rotate: bool,
) -> list[dict[str, Any]]:
    """Play the games ``jobs`` = [(game_id, seed), ...]; runs in a worker, so it is top-level."""
    rules = get_game(game)
    # Named bots are built once per chunk (bots are stateless between games).
    made = [bot_registry.make_bot(rules.name, b) for b in bots]
    rows = []
    for game_id, seed in jobs:
        order = lineup(list(range(len(made))), game_id, rotate=rotate)
        record = play(
            rules,
            [made[i] for i in order],
            seed,
            options=options,
            names=[names[i] for i in order],
        )
        rows.append(_row(rules, record, game_id, order[0]))
    return rows


def _chunks(jobs: list[tuple[int, int]], size: int) -> Iterable[list[tuple[int, int]]]:
    for start in range(0, len(jobs), size):
        yield jobs[start : start + size]


def simulate(
    game: str | Game,
    bots: Sequence[Any],
    games: int = 1000,
    seed: int = 0,
    executor: Executor | None = None,
    progress: bool = True,
    *,
    options: Mapping[str, Any] | None = None,
    rotate: bool = True,
    names: Sequence[str] | None = None,
    chunk_size: int | None = None,
) -> pd.DataFrame:
    """Play ``games`` games and return one row per game, in game order.

    Columns, the seats numbered from 1 as the boards' "Player 1" (``pokelab.core.texts.seat_column``):
    ``game_id``, ``seed``, ``rotation`` (the index in ``bots`` of the bot in seat 1), ``seat_<N>_bot``
    (the lineup rotated one place per game so no bot keeps the first-player advantage),
    ``seat_<N>_score``, ``winners`` (names) and ``winner_seats`` (their seat numbers, "1,2"),
    ``seat_<N>_won`` (1, a share of a shared win, or 0), ``rounds``, then the game's own
    features (``first_player``: the seat number that opened; Splendor's ``seat_<N>_cards``, …).
    Game ``i`` is seeded by ``game_seed(seed, i)`` alone, so the table is the same
    whether games run here, in a process pool or on a Dask cluster (any
    ``concurrent.futures.Executor``; its workers must be able to import pokelab
    and unpickle the bots — registered names always can).

    >>> df = simulate("splendor", ["random", "greedy"], games=4, progress=False)  # doctest: +SKIP
    >>> list(df["seat_1_bot"])                                                    # doctest: +SKIP
    ['random', 'greedy', 'random', 'greedy']
    >>> simulate("splendor", ["random", "greedy"], games=-5)
    Traceback (most recent call last):
    ...
    pokelab.errors.SimError: games must be a whole number >= 1, got -5
    """
    rules = get_game(game)
    check_count(games, "games", maximum=MAX_GAMES)
    _check_seed(seed)
    _check_players(rules, len(_check_bots(bots)))
    _check_names(names, bots)
    if executor is not None and not isinstance(executor, Executor):
        raise SimError(
            _("executor is a concurrent.futures.Executor or None, got {value}", value=repr(executor)),
        )
    _check_options(options)
    # Resolve names now so an unknown bot fails here, not in a worker.
    made = [bot_registry.make_bot(rules.name, b) for b in bots]
    labels = list(names) if names is not None else [bot_registry.bot_name(b) for b in made]
    if len(labels) != len(bots):
        raise SimError(
            _("got {names} names for {bots} bots", names=len(labels), bots=len(bots)),
        )
    specs = [b if isinstance(b, str) else m for b, m in zip(bots, made, strict=True)]
    game_ref: str | Game = game if isinstance(game, str) else rules
    opts = dict(options or {})
    jobs = [(i, game_seed(seed, i)) for i in range(games)]
    rows: list[dict[str, Any]] = []
    desc = f"{rules.name}: {' vs '.join(labels)}"
    with tqdm(total=games, desc=desc, disable=not progress, unit="game") as bar:
        if executor is None:
            for job in jobs:
                rows.extend(_play_chunk(game_ref, specs, labels, opts, [job], rotate))
                bar.update(1)
        else:
            size = chunk_size or max(1, min(25, math.ceil(games / 32)))
            check_count(size, "chunk_size")
            futures = [
                executor.submit(_play_chunk, game_ref, specs, labels, opts, chunk, rotate)
                for chunk in _chunks(jobs, size)
            ]
            for future in as_completed(futures):
                done = future.result()
                rows.extend(done)
                bar.update(len(done))
    rows.sort(key=lambda r: r["game_id"])
    df = pd.DataFrame(rows)
    df.attrs.update({"game": rules.name, "seed": seed, "bots": labels})
    return df
