"""The classroom's refusals, labels and tables rendered in the pseudo-language: every door a request can be refused at.

Each refusal's text is checked with ``leaks``; the test checks it reached every message of
``pokelab/classroom`` and ``pokelab/tables`` (but the classroom's command line, checked with the CLI
in ``test_pseudo_talk``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import pytest

from pokelab.core import available_games
from pokelab.sim import play
from pokelab.splendor import Pass
from pokelab.tables import Tables
from pokelab.words.pseudo import leaks

from . import talk_helpers
from .talk_helpers import AREA_FILES, messages_of, refusals

seen = talk_helpers.seen  # the fixture: which texts a test rendered

#: Doors no test reaches on purpose (a damaged undo request written by hand; the table server's own failure).
CLASSROOM_UNDRIVEN = {("table {code}'s undo request names move {number}, which is not that seat's", None),
                      # the table server's answer to its own bug: no request causes it on purpose
                      ("the table server could not answer that; try again in a moment", None)}


def test_every_classroom_refusal_is_in_the_catalogue(pseudo, seen, template, tmp_path, monkeypatch):
    from pokelab.classroom import (
        ClassStore,
        ClassTally,
        Limits,
        access,
        parse_event,
    )
    from pokelab.tables import games as table_games
    from pokelab.tables import rows as table_rows
    from pokelab.tables.client import RemoteTables
    from pokelab.tables.service import TableService
    from pokelab.tables.wire import error_from
    from pokelab.toy import register as register_toy

    url = f"sqlite:///{tmp_path / 'class.db'}"
    store = ClassStore.connect(url)
    tables = Tables(store)
    code, key = store.create_class("7B")
    wrong_key = "AAAA-AAAA-AAAA-AAAA"
    seated = tables.table(tables.create_table(code, "splendor", players=3, bots={2: "greedy"}, seed=1))
    ann, bo = seated.sit(0, "Ann", join_code=code), seated.sit(1, "Bo", join_code=code)
    other = tables.table(seated.code)
    hc = tables.table(tables.create_table(code, "herecomes", players=2, seed=2))
    hc_token = hc.sit(0, "Cy", join_code=code)
    first = seated.view(0, token=ann)
    move = "TakeSame(red)"
    toy = tables.table(tables.create_table(code, register_toy(), players=2, seed=5))
    toy_tokens = toy.sit(0, "Ann", join_code=code), toy.sit(1, "Bo", join_code=code)
    finished = tables.table(tables.create_table(code, "toy", players=2, bots={1: "random"}, seed=6))
    done_token = finished.sit(0, "Cy", join_code=code)
    while not finished.view(0, token=done_token)["finished"]:
        finished.play(0, "Choose(0, bank)", finished.revision(), token=done_token)
    over = list(play("splendor", ["greedy", "greedy"], seed=1).states())[-1]
    _other_class, other_key = store.create_class("7C")
    closed, closed_key = store.create_class("7D")
    gone = tables.table(tables.create_table(closed, "splendor", seed=3))
    store.delete_class(closed, closed_key)
    doors: list[Callable[[], Any]] = [
        lambda: ClassStore.connect("mysql://x/y"), lambda: _connect_without_sqlalchemy(monkeypatch),
        lambda: store.create_class(42), lambda: store.create_class("x" * 300),
        lambda: store.create_class(" "), lambda: store.create_class("7B;"),
        lambda: store.create_class("simulated"),
        lambda: store.class_name(None), lambda: store.class_name(42), lambda: store.class_name("Z" * 100),
        lambda: store.class_name("ZZZZZZ"), lambda: store.class_name("ZZ\ud800"),  # a lone surrogate, before hashing
        lambda: store.reset(code, None), lambda: store.reset(code, wrong_key),
        lambda: store.delete_class(code, wrong_key), lambda: store.refusal_log(code, wrong_key),
        lambda: store.join_pupil(code, ""),  # a pupil without a name
        lambda: tables.listing(code, wrong_key), lambda: store.rounds(code, wrong_key),
        lambda: store.add_round(code, "A", ["red"] * 50), lambda: store.add_round(code, "A", ["r" * 20] * 10),
        lambda: store.add_round(code, "A", ["pink"] * 10), lambda: store.add_round(code, "A", ["red"] * 9),
        lambda: store.add_round(code, "A", ["purple"] * 3 + ["red"] * 7), lambda: store.add_round(code, "A", 7),
        lambda: store.undo_round(code, "B"),
        lambda: ClassTally.new().simulate(0), lambda: ClassTally.new().undo(), lambda: parse_event(3),
        lambda: parse_event("any:pink"), lambda: parse_event("sometimes:red"), lambda: ClassTally.new().table([]),
        lambda: tables.create_table(code, "chess"), lambda: tables.create_table(code, "splendor", players=9),
        lambda: tables.create_table(code, "splendor", bots={1: "wizard"}),
        lambda: tables.create_table(code, "splendor", variant=5),
        lambda: tables.create_table(code, "toy", variant=5),
        lambda: tables.create_table(code, "herecomes", variant={"nope": 1}),
        lambda: tables.create_table(code, "herecomes", variant={"win_points": "ten"}),
        lambda: tables.create_table(code, "splendor", seed=-1),
        lambda: tables.create_table(code, "splendor", idle_seconds=-5),
        lambda: tables.create_table(code, "splendor", bots={0: "random", 1: "random"}),
        lambda: tables.create_table(code, "splendor", bots=[1]),
        lambda: tables.table("ZZZZZZ"), lambda: tables.table(42), lambda: tables.table("#"),
        lambda: seated.sit(5, "Di", join_code=code), lambda: seated.sit(2, "Di", join_code=code),
        lambda: other.sit(0, "Di", join_code=code),
        lambda: other.rejoin("ZZZZZZ"), lambda: other.view(0), lambda: other.view(0, token="ZZZZZZ"),
        lambda: other.view(2),
        lambda: seated.play(0, "Fly(away)", first["revision"], token=ann),
        lambda: seated.play(1, move, first["revision"], token=bo),
        lambda: seated.play(0, move, "x", token=ann),
        lambda: seated.play(0, move, first["revision"] - 1, token=ann),
        lambda: hc.play(0, "Draw(red)", hc.revision(), token=hc_token),
        lambda: table_games.play_move(table_games.kit("splendor"), over, 0, Pass()),
        lambda: seated.request_undo(0, token=ann),
        lambda: seated.answer_undo(1, "yes", token=bo), lambda: seated.answer_undo(1, True, token=bo),
        lambda: seated.hand_to_bot(1, "greedy"), lambda: seated.hand_to_bot(2, "greedy", teacher_key=key),
        lambda: seated.hand_to_bot(1, "greedy", creator_token=ann),
        lambda: seated.hand_to_bot(1, "greedy", teacher_key=other_key),
        gone.revision,
        lambda: store.add_round(code, "A;", ["red"] * 10), lambda: hc.view(1), lambda: other.rejoin(None),
        lambda: tables.table(None), lambda: tables.table(""), lambda: tables.create_table(code, "toy", variant=5),
        lambda: _unsaveable(table_games),
        lambda: toy.play(0, "Choose(1, bank)", toy.revision(), token=toy_tokens[0]),
        lambda: finished.request_undo(0, token=done_token),
        lambda: table_games.replay(table_games.kit("herecomes"), 2, 7, None, [(None, "chance", "Draw(purple)")]),
        lambda: table_games.replay(table_games.kit("splendor"), 2, 7, None, [(None, "move", "TakeSame(red)")]),
        lambda: _raise(table_rows._damaged(seated.code, "seats", "not JSON")),
        lambda: _busy_store(url),
        lambda: _newer_schema(tmp_path),
        lambda: other.moves(),  # issue 29: the record needs a seat token or the teacher key
        lambda: hc.record(0, token=hc_token),  # issue 46: the whole record waits for the end of the game
        lambda: RemoteTables("ftp://example.org"), lambda: RemoteTables("http://127.0.0.1:9").table("ABCDEF"),
        lambda: _raise(error_from({"kind": "Nope"})),
        lambda: TableService(url).answer("nope", {}),
        lambda: _raise(error_from(TableService(url).respond("a", "view", b"x" * 20_000)[1]["error"])),
        lambda: _raise(error_from(TableService(url).respond("a", "view", b"[1, 2")[1]["error"])),

        lambda: Tables(ClassStore.connect(url, limits=Limits(tables_per_pupil=1))).create_table(code, "splendor", name="Ann"),
        lambda: Tables(ClassStore.connect(url, limits=Limits(tables_per_pupil=1))).create_table(code, "splendor"),
        lambda: seated.sit(2, "Di", join_code=store.create_class("8D")[0]),
        lambda: _seat_locked_out(ClassStore.connect(url, limits=Limits(free_failures=0)), seated.code),
    ]
    texts = [err.message(pseudo) for err in refusals(*doors)]
    seated.play(0, move, first["revision"], token=ann)
    seated.request_undo(0, token=ann)
    pending = [lambda: seated.request_undo(1, token=bo), lambda: seated.answer_undo(0, True, token=ann)]
    texts += [err.message(pseudo) for err in refusals(*pending)]
    texts += [access.action_name(a).render(pseudo) for a in access._ACTIONS]
    tally = ClassTally.new(seed=1).simulate(20).record(["purple"] * 2 + ["red"] * 6 + ["blue"] * 2, "Ann")
    for frame in (tally.table(["any:purple", "any:red"], lang=pseudo), tally.by_group("any:purple", lang=pseudo)):
        texts.append(frame.to_string())
    served = ("'ftp://example.org'", "http://127.0.0.1:9", "[Errno 111] Connection refused", "{'kind': 'Nope'}")
    allowed = (*CLASSROOM_DATA, *served, code, seated.code, hc.code, gone.code, toy.code, finished.code,
               *engine_words(), *available_games())  # game names are names (other tests may register more)
    assert len(texts) == len(doors) + len(pending) + len(access._ACTIONS) + 2
    from pokelab.classroom import why

    texts += [why(err).render(pseudo) for err in (FileNotFoundError(2, "x"), IsADirectoryError(21, "x"), PermissionError(13, "x"))]
    bad = [(t, leaks(t, allowed)) for t in texts if leaks(t, allowed)]
    assert not bad, "\n".join(map(str, bad))
    missing = messages_of(template, *(f for f in AREA_FILES if "/classroom/" in f or "/tables/" in f if "cli" not in f)) - seen
    assert not missing - CLASSROOM_UNDRIVEN, "\n".join(map(str, sorted(missing - CLASSROOM_UNDRIVEN)))


def _raise(err: Exception) -> None:
    raise err


def _unsaveable(table_games: Any) -> None:
    """A registered game without a save format (a table cannot keep it)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(table_games, "is_game", lambda name: True)
        patch.setattr(table_games, "get_game", lambda name: type("G", (), {"can_save": lambda self: False})())
        table_games.kit("chess")


def _seat_locked_out(store: Any, code: str) -> None:
    """A wrong seat token (free_failures=0: it locks), then the seat refused while locked out (issue 29)."""
    table = Tables(store).table(code)
    with contextlib.suppress(PermissionError):
        table.view(0, token="ZZZZ22")
    table.view(0, token="ZZZZ23")


def _connect_without_sqlalchemy(monkeypatch) -> None:
    """Open a store as a kit installed without the `lab` extra would (pokelab.classroom.db: sa is None)."""
    from pokelab.classroom import ClassStore

    with monkeypatch.context() as hidden:
        hidden.setattr("pokelab.classroom.transactions.sa", None)
        ClassStore.connect("sqlite://")


def _busy_store(url: str) -> None:
    """A write that meets a locked database until the store's time runs out."""
    import sqlalchemy.exc as sx

    from pokelab.classroom import ClassStore

    store = ClassStore.connect(url, timeout=0.01)

    def locked(conn: Any) -> None:
        raise sx.OperationalError("INSERT", {}, Exception("database is locked"))

    store.write(locked)


def _newer_schema(folder: Any) -> None:
    """A class database a newer kit wrote (its schema version above this kit's)."""
    import sqlalchemy as sa

    from pokelab.classroom import ClassStore, schema

    url = f"sqlite:///{folder / 'newer.db'}"
    ClassStore.connect(url).close()
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        conn.execute(sa.update(schema.meta).where(schema.meta.c.key == "schema_version").values(value="999"))
    engine.dispose()
    ClassStore.connect(url)


def engine_words() -> tuple[str, ...]:
    """The engines' own plain ValueErrors the classroom quotes (bad input, not a rule: English by convention).

    ``why(err)`` passes an engine error's catalogue text on when it has one; these have none.
    """
    from pokelab.herecomes import Variant
    from pokelab.herecomes.conditions import parse_condition
    from pokelab.splendor.actions import parse_action

    quoted = []
    for call in (lambda: parse_condition("sometimes:red"), lambda: Variant(win_points="ten"),
                 lambda: parse_action("Fly(away)")):
        with pytest.raises(ValueError) as caught:
            call()
        quoted.append(str(caught.value) if not hasattr(caught.value, "reason") else "")
    return tuple(quoted)


CLASSROOM_DATA = (
    "mysql://x/y", "'any:pink'", "'sometimes:red'", "int", "str", "list", "NoneType", "'ZZZZZZZZ'", "ZZZZZZ", "'pink'", "pink", "sometimes",
    "'r" + "r" * 19 + "'", "simulated", "chess", "splendor", "herecomes", "toy", "wizard", "greedy", "random",
    "heuristic", "mcts-easy", "mcts-medium", "mcts-hard", "nope", "win_points", "redraw", "ten", "Ann", "Bo", "Cy",
    "Di", "TakeSame", "TakeDifferent", "Reserve", "Catch", "Evolve", "ReturnTokens", "Pass", "EndTurn", "Draw",
    "red", "Fly", "away", "yes", "sit", "x", "#", "'#'", "'x'", "Choose", "bank", "purple", "INSERT",
    "database is locked", "green", "yellow", "blue",
    # a DataFrame's booleans are data (the apps draw their own marks)
    "True", "False", "seats", "not JSON", "any:purple", "any:red", "Ann", "NaN", "move", "chance",
)


