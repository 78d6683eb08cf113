"""Issue 46: a league played by bots whose moves are computed in their authors' own kernels (separate processes).

The teacher's process runs the rounds; each pupil's kernel is a real subprocess that enters its bots and
runs their runners. Nothing of a pupil's bot runs in the teacher's process or the other pupil's, and no
kernel ever holds another seat's hidden hand.
"""

from __future__ import annotations

import math

import pytest

from pokelab.classroom import ClassroomError, ClassStore
from pokelab.classroom.db import sa
from pokelab.league import League, schema
from pokelab.league import seats as league_seats
from pokelab.tables import Tables, games
from tests.league.conftest import every_text, new_league
from tests.league.kernels import Kernel
from widgets import HereComesBoard

pytestmark = pytest.mark.league  # waits on pupils' kernels: run in the light classroom stage, beside unit


def _hand_at(store, key, code: str, seed: int, seat: int, revision: int) -> set[str]:
    """The cards ``seat`` held at ``revision`` of table ``code`` (the teacher's full record, replayed)."""
    t = Tables(store).table(code)
    moves = [(m["seat"], m["kind"], m["action"]) for m in t.moves(teacher_key=key) if m["revision"] <= revision]
    return set(games.replay(games.kit("herecomes"), 2, seed, None, moves).hands[seat])


def test_three_bots_from_two_kernels_and_a_house_bot_play_a_round_to_the_end(sqlite_url, kernels):
    store, join_code, key, league = new_league(sqlite_url, games_per_pair=2, move_seconds=2.0, grace_seconds=30)
    league.add_house("heuristic", teacher_key=key)
    ann = Kernel(sqlite_url, league.code, join_code, "ann", "first", "peeker")
    bo = Kernel(sqlite_url, league.code, join_code, "bo", "rando")
    kernels += [ann, bo]
    tokens = {**ann.next()["entered"], **bo.next()["entered"]}
    version = {e["name"]: e["version_id"] for e in league.entries()}

    report = league.play_round(join_code=join_code, teacher_key=key, timeout=600, poll_seconds=0.1)
    assert (report.done, report.left, report.absent) == (12, 0, [])  # 6 pairs, 2 games each, seats swapped

    table = league.standings(teacher_key=key)
    assert sorted(table["bot"]) == ["first", "heuristic", "peeker", "rando"]
    assert (table["wins"] + table["losses"] + table["ties"] == table["games"]).all()
    assert (table["games"] == 6).all() and table["wins"].sum() + table["ties"].sum() / 2 == 12
    assert ((table["ci_low"] <= table["win_rate"]) & (table["win_rate"] <= table["ci_high"])).all()
    assert (table["rating_sd"] > 0).all() and math.isclose(table["rating"].mean(), 1500, abs_tol=0.5)
    assert (table["marks"] == 0).all() and (table["forfeits"] == 0).all()
    pupils = league.standings(join_code=join_code)  # a pupil reads every row, without the authors
    assert "author" not in pupils and pupils.equals(table.drop(columns="author"))
    pairs = league.head_to_head(join_code=join_code)
    assert len(pairs) == 12 and (pairs["games"] == 2).all()

    g = schema.league_games.c
    played = store.read(lambda conn: conn.execute(
        sa.select(g.id, g.seat0, g.seat1, g.table_code, g.seed)).all())
    swapped = {(a, b) for _, a, b, _, _ in played}
    assert all((b, a) in swapped for a, b in swapped)  # every pair played from both seats
    # each pupil seat's token is made in its author's kernel from the entry token: the database has neither
    pupil = {e["version_id"]: e["name"] for e in league.entries() if e["name"] in tokens}
    seat_tokens = {league_seats.seat_token(league, pupil[v], game, seat, code, tokens[pupil[v]])
                   for game, *versions, code, _seed in played for seat, v in enumerate(versions) if v in pupil}
    assert len(seat_tokens) == 2 * 12 - 6  # the house bot's 6 seats have none
    stored = every_text(store)
    assert not [t for t in seat_tokens | set(tokens.values()) if t in stored]

    # The bots' moves came from the pupils' kernels: the tables' records name them as a person's moves.
    kinds = {m["kind"] for _, _, _, code, _ in played for m in Tables(store).table(code).moves(teacher_key=key)}
    assert "human" in kinds and "bot" in kinds  # the pupils' seats, and the house bot the store moved

    # Hidden hands never reach another author's process: neither through what the bot is given nor in the runner.
    peeks = ann.report()["peeks"]
    assert len(peeks) >= 6 and not any(p["hands"] for p in peeks)
    seeds = {code: seed for *_, code, seed in played}
    seats = {code: (a, b) for _, a, b, code, _ in played}
    ann_versions = {version["first"], version["peeker"]}
    checked = 0
    for peek in peeks:
        other = _hand_at(store, key, peek["table"], seeds[peek["table"]], 1 - peek["seat"], peek["revision"])
        assert other, "the other seat holds cards at that moment"
        # Against ann's own other bot both seats are ann's: her kernel may hold both (one author, one process).
        away = seats[peek["table"]][1 - peek["seat"]] not in ann_versions
        assert peek["table"] in peek["held"]  # the runner's Table object of that game was scanned
        for seen in (peek["given"], peek["held"]) if away else (peek["given"],):
            words = set(seen.replace("'", " ").replace('"', " ").replace(",", " ").replace("(", " ").split())
            assert not other & words, (peek["table"], sorted(other & words))
        checked += away
    assert checked >= 3

    # A replay: with the entry token of a bot that sat there (a finished game has nothing left to hide, as at
    # any table: its players replay it whole; before the end it is the seat's view), or the teacher key.
    game_id = next(i for i, a, b, _, _ in played if (a, b) == (version["peeker"], version["heuristic"]))
    mine = league.replay(game_id, name="peeker", token=tokens["peeker"])
    assert mine == league.replay(game_id, teacher_key=key) and mine.hands
    with pytest.raises(ClassroomError):
        league.replay(game_id, name="peeker", token=tokens["rando"])
    with pytest.raises(ClassroomError):
        league.replay(game_id, name="rando", token=tokens["rando"])  # rando has no seat in that game
    listed = league.games(join_code=join_code)  # the class reads which games there are, the ids to replay
    assert len(listed) == 12 and game_id in set(listed["game"])
    assert listed.set_index("game").loc[game_id, ["bot_1", "bot_2"]].tolist() == ["peeker", "heuristic"]
    assert set(listed["result_1"]) <= {0.0, 0.5, 1.0} and listed["forfeit"].isna().all()
    # ... and on a board: the game's whole record, its seats named by the league's bots, every move in the list
    record = league.record(game_id, name="peeker", token=tokens["peeker"])
    assert record == league.record(game_id, teacher_key=key) and record.replay() == mine
    assert sorted(record.bots) == ["heuristic", "peeker"] and record.winners
    board = HereComesBoard.from_record(record, lang="zh")
    assert board.view["over"] and [s["bot"] for s in board.view["seats"]] == list(record.bots)
    assert len(board.log) > 10
    with pytest.raises(ClassroomError):
        league.record(game_id, name="rando", token=tokens["rando"])


def test_a_splendor_league_plays_too_with_the_seats_swapped(sqlite_url, kernels):
    store = ClassStore.connect(sqlite_url)
    join_code, key = store.create_class("7B")
    league = League.create(store, join_code, key, "splendor", games_per_pair=2)
    league.add_house("greedy", teacher_key=key)
    gil = Kernel(sqlite_url, league.code, join_code, "gil", "first")
    kernels.append(gil)
    gil.next()
    report = league.play_round(join_code=join_code, teacher_key=key, timeout=600, poll_seconds=0.1)
    assert (report.done, report.left) == (2, 0)
    table = league.standings(join_code=join_code).set_index("bot")
    assert table.loc["first", "games"] == 2 and table.loc["greedy", "games"] == 2
    assert table["wins"].sum() + table["ties"].sum() / 2 == 2
    version = {e["name"]: e["version_id"] for e in league.entries()}
    g = schema.league_games.c
    seats = store.read(lambda conn: conn.execute(
        sa.select(g.seat0, g.seat1).where(g.league_id == league.row.id)).all())
    assert sorted(tuple(s) for s in seats) == sorted([(version["first"], version["greedy"]),
                                                      (version["greedy"], version["first"])])
    assert gil.report()["moves"]["first"] > 10  # its moves were made in its kernel
