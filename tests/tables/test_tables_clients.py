"""Whole games of both games played by 2 and 4 client processes through one class database.

Each client is its own process with its own connection, as a pupil's kernel
is: it polls the table's revision, fetches its seat's view when it changed and
plays when its seat is to act — sometimes first on a deliberately stale
revision, which must be refused. In Here Comes' discard steps (HC-R2) several
clients move at the same moment and the later ones are refused as stale too.
Afterwards every view a client received is checked against the game replayed
from the table's seed and accepted moves, up to that view's revision: it equals
the engine's ``observe`` for that seat, and holds none of the other seats'
hidden cards (hands and face-down choices, HC-G3; the deck order, SP-S1).

Marked ``classroom_load`` (many processes): they run in the ``classroom`` stage
(``scripts/run_tests.py --only classroom``), on SQLite and on a real PostgreSQL server.
"""

from __future__ import annotations

import multiprocessing
import random
import time

import pytest

from pokelab.classroom import ClassStore
from pokelab.tables import StaleRevision, Tables, games
from pokelab.tables.rows import _simultaneous_revision

pytestmark = pytest.mark.classroom_load

_FORK = multiprocessing.get_context("fork")
STALE_SHARE = 0.2  # how often a client first tries its move on the previous revision
GAME_SECONDS = 600


def _choose(game: str, view: dict, rng: random.Random) -> str:
    legal = view["observation"]["legal"]
    if game == "splendor":  # greedy play keeps a Splendor game to a few dozen rounds
        from pokelab.bots import make_bot
        from pokelab.splendor import parse_action

        actions = [parse_action(a) for a in legal]
        return str(make_bot("splendor", "greedy").choose(view["observation"], actions, rng))
    return rng.choice(legal)


def _client(url: str, code: str, seat: int, token: str, results) -> None:
    """One pupil's device: poll, look, play; report every view received and every refusal."""
    store = ClassStore.connect(url, timeout=30)
    table = Tables(store).table(code)
    assert table.rejoin(token) == seat
    rng = random.Random(seat)
    views, played, stale_refused, raced = [], 0, 0, 0
    seen = -1
    deadline = time.monotonic() + GAME_SECONDS
    while time.monotonic() < deadline:
        if table.revision() == seen:
            time.sleep(0.005)
            continue
        view = table.view(seat)
        views.append(view)
        seen = view["revision"]
        if view["finished"]:
            break
        if seat not in view["to_move"]:
            continue
        action = _choose(table.game, view, rng)
        if rng.random() < STALE_SHARE:
            old = view["revision"] - 1
            # Only classmates' face-down choices since ``old``: the move still stands (HC-R3).
            tolerated = table._store.read(
                lambda conn, old=old: _simultaneous_revision(conn, table._load(conn), seat, old)) != old
            try:
                table.play(seat, action, old)
            except StaleRevision:  # also when a draw came in between after ``tolerated`` was read
                stale_refused += 1
            else:
                assert tolerated, "a move on a stale revision was accepted"
                played += 1
                continue
        try:
            table.play(seat, action, view["revision"])
            played += 1
        except StaleRevision:  # another client moved first: look again
            raced += 1
    store.close()
    results.put((seat, views, played, stale_refused, raced))


def _states_by_revision(t, k, row, key) -> dict[int, object]:
    """The replayed game after each revision (from the seed and the accepted moves)."""
    state = games.new_state(k, row.players, seed=row.seed, variant=row.variant)
    by_revision = {}
    for number, move in enumerate(t.moves(teacher_key=key), start=1):
        if move["kind"] == "chance":
            action = games.chance_move(k, state, row.seed, number)
            assert str(action) == move["action"]
        else:
            action = games.parse_move(k, move["action"])
        state = k.game.apply(state, action)
        by_revision[move["revision"]] = state
    return by_revision


def _state_at(by_revision: dict, revision: int, first):
    known = [r for r in by_revision if r <= revision]
    return by_revision[max(known)] if known else first


def _card_ids(value) -> set:
    """Every Splendor card id shown in a view (card dicts carry an ``id``)."""
    if isinstance(value, dict):
        found = {value["id"]} if isinstance(value.get("id"), int) else set()
        return found.union(*(_card_ids(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_card_ids(v) for v in value)) if value else set()
    return set()


def _strings(value) -> set:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set(value).union(*(_strings(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_strings(v) for v in value)) if value else set()
    return set()


def _paths(value, wanted: set, here: str = "") -> list[str]:
    """Where in a view the ``wanted`` strings are (for a failure message)."""
    if isinstance(value, str):
        return [here] if value in wanted else []
    items = (
        value.items()
        if isinstance(value, dict)
        else enumerate(value)
        if isinstance(value, list)
        else []
    )
    return [p for key, v in items for p in _paths(v, wanted, f"{here}/{key}")]


def _known_by_revision(by_revision: dict, first, seat: int) -> dict[int, set]:
    """Here Comes cards ``seat`` has legitimately seen by each revision: its own hands, every public pile.

    A card once in one's own hand (or revealed) may later sit in another hand
    after the discard pile is reshuffled; only cards never seen count as secret.
    """
    known: set = set()
    out = {}
    for revision, state in sorted({0: first, **by_revision}.items()):
        known |= set(state.hands[seat]) | set(state.discards)
        known |= {c for scored in state.scored for c in scored}
        known |= {c for revealed in state.round_discards for c in revealed}
        out[revision] = set(known)
    return out


def _hidden_from(state, game: str, seat: int) -> set:
    """What ``seat`` must never see in ``state``: the others' hands and face-down choices, or the deck."""
    if game == "splendor":
        return set(state.deck)
    secret = set()
    for other, hand in enumerate(state.hands):
        if other != seat:
            secret |= set(hand)
            if state.phase == "discard" and isinstance(state.pending[other], str):
                secret.add(state.pending[other])
            if state.extra[other] is not None:
                secret.add(state.extra[other])
    return secret


def _play_whole_game(url: str, game: str, players: int) -> None:
    store = ClassStore.connect(url)
    join_code, key = store.create_class("tables")
    code = Tables(store).create_table(join_code, game, players=players, seed=1000 + players)
    table = Tables(store).table(code)
    tokens = [table.sit(seat, f"pupil {seat}", join_code=join_code) for seat in range(players)]
    store.close()
    results = _FORK.Queue()
    procs = [
        _FORK.Process(target=_client, args=(url, code, seat, tokens[seat], results))
        for seat in range(players)
    ]
    began = time.perf_counter()
    for p in procs:
        p.start()
    reports = [results.get(timeout=GAME_SECONDS + 60) for _ in procs]
    for p in procs:
        p.join(timeout=60)
        assert p.exitcode == 0
    wall = time.perf_counter() - began

    store = ClassStore.connect(url)
    table = Tables(store).table(code)
    row = table._row()
    k = row.kit
    stored = row.state()
    assert row.finished and k.game.is_over(stored)
    assert table.replay(teacher_key=key) == stored  # the stored game is a replay of its accepted moves
    moves = table.moves(teacher_key=key)
    assert [m["number"] for m in moves] == list(range(1, len(moves) + 1))
    revisions = [m["revision"] for m in moves]
    assert revisions == sorted(revisions)
    human = [m for m in moves if m["kind"] == "human"]
    assert len(human) == sum(r[2] for r in reports)  # every accepted play is stored once
    assert sum(r[3] for r in reports) > 0  # deliberate stale moves were made, and refused
    by_revision = _states_by_revision(table, k, row, key)
    first = games.new_state(k, row.players, seed=row.seed, variant=row.variant)
    checked = 0
    for seat, views, *_ in reports:
        assert views[-1]["finished"]
        known = _known_by_revision(by_revision, first, seat) if game == "herecomes" else {}
        for view in views:
            state = _state_at(by_revision, view["revision"], first)
            assert view["observation"] == k.game.observe(state, seat)
            hidden = _hidden_from(state, game, seat) - _state_at(known, view["revision"], set())
            shown = _card_ids(view) if game == "splendor" else _strings(view)
            assert not hidden & shown, (
                f"seat {seat} saw hidden cards {hidden & shown} at {_paths(view, hidden & shown)}"
            )
            checked += 1
    listing = Tables(store).listing(join_code, key)
    assert listing.iloc[0]["finished"] and listing.iloc[0]["scores"] == games.points(k, stored)
    print(
        f"\n{url.split(':')[0]} {game} x{players}: {len(moves)} moves ({len(human)} by clients) in "
        f"{wall:.1f} s; {checked} views checked; stale moves refused: "
        f"{sum(r[3] for r in reports)} deliberate, {sum(r[4] for r in reports)} raced"
    )


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("game", ["splendor", "herecomes"])
def test_clients_in_separate_processes_play_a_whole_game_on_sqlite(sqlite_url, game, players):
    _play_whole_game(sqlite_url, game, players)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("game", ["splendor", "herecomes"])
def test_clients_in_separate_processes_play_a_whole_game_on_postgresql(pg_url, game, players):
    _play_whole_game(pg_url, game, players)
