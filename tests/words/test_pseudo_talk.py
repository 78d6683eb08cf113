"""Coach reasons, reviews, the classroom's errors and the command line, all rendered in the pseudo-language.

Every text of ``pokelab/analysis``, ``pokelab/classroom`` and ``pokelab/cli.py`` is shown in
``qps`` and checked with ``leaks``: a word that did not pass through the catalogue fails. The
texts each test renders are recorded (``translate`` is wrapped), and each test checks that it
reached every message its files define — a message no door leads to is a message nobody checks.
"""

from __future__ import annotations

import dataclasses
import inspect
import itertools
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from pokelab.analysis import coach_reasons, review, suggest
from pokelab.analysis.coach import _check_k, _check_level
from pokelab.analysis.coach_reasons import reason
from pokelab.analysis.game_review import GameReview, _check_threshold, _pairs
from pokelab.analysis.splendor_win import (
    _check_bots,
    check_playouts,
    check_seat,
    check_seed,
    check_state,
    check_workers,
)
from pokelab.bots import available_bots
from pokelab.errors import IllegalAction
from pokelab.sim import play
from pokelab.splendor import (
    CARDS,
    EndTurn,
    Evolve,
    Pass,
    Reserve,
    legal_actions,
    new_game,
    scenario,
)
from pokelab.splendor.state import make_player
from pokelab.words import catalogue, maintain
from pokelab.words.pseudo import leaks

NAMES = ("Ann", "Bo", "Cy", "Di")


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> set[tuple[str, str | None]]:
    """Every (message, context) rendered during the test, in any language."""
    found: set[tuple[str, str | None]] = set()
    original = catalogue.translate

    def recording(lang: str, source: str, fields: Any = None, **kw: Any) -> str:
        found.add((source, kw.get("context")))
        return original(lang, source, fields, **kw)

    monkeypatch.setattr(catalogue, "translate", recording)
    return found


def messages_of(template: Any, *files: str) -> set[tuple[str, str | None]]:
    """The (message, context) pairs the catalogue template locates in ``files``."""
    out = set()
    for m in template:
        if m.id and any(path in files for path, _ in m.locations):
            out.add((m.id if isinstance(m.id, str) else m.id[0], m.context))
    return out


def check(text: str, *allowed: str) -> None:
    assert leaks(text, allowed=allowed) == [], text


def named(state: Any) -> Any:
    """``state`` with its players called Ann, Bo, ... (a seat keeps a real name as it is)."""
    players = tuple(
        make_player(NAMES[i], p.tok, p.captured, p.reserved, p.points, p.dsc, p.targets)
        for i, p in enumerate(state.players)
    )
    return dataclasses.replace(state, players=players)


def positions() -> Iterator[Any]:
    """Positions of seeded bot games, 2 to 4 players, default names and real ones."""
    bots = {2: ["greedy", "random"], 3: ["greedy", "random", "greedy"], 4: ["random"] * 4}
    for seed, n in itertools.product(range(3), (2, 3, 4)):
        for i, state in enumerate(play("splendor", bots[n], seed=seed).states()):
            if not state.is_over and i % 2 == 0:
                yield named(state) if seed % 2 else state


# The coach's reasons ---------------------------------------------------------------------------

COACH_CORNERS = [
    # a legendary card in view, no Master Ball held: the reserve names what the ball is for
    (dict(display=["Mewtwo", "Squirtle", "Bulbasaur", "Pichu"]), "reserve"),
    (dict(display=["Charizard", "Squirtle", "Bulbasaur", "Pichu"], tokens={1: {"red": 2, "blue": 3, "green": 3}}),
     "reserve"),
    # an evolution in the reserve, from a card the player may catch
    (dict(captured={0: []}, reserved={0: ["Charmeleon"]}, display=["Charmander", "Squirtle", "Bulbasaur", "Pichu"],
          tokens={0: {"blue": 1, "green": 1, "yellow": 1}}), "catch"),
    (dict(captured={0: ["Charmander"]}, display=["Charmeleon", "Squirtle", "Bulbasaur", "Pichu"],
          tokens={0: {"blue": 2, "green": 2}}), "any"),
]


def _reasons_the_cards_never_give(lang: str, monkeypatch: pytest.MonkeyPatch) -> int:
    """An evolution that gains no points and changes the discount: no card does, a variant's cards may."""
    into = next(c for c, card in CARDS.items() if card.evolves_from)
    base = CARDS[into].evolves_from
    other = next(c for c in ("red", "blue", "green") if c != CARDS[base].discount)
    cards = dict(CARDS)
    cards[into] = dataclasses.replace(CARDS[into], points=CARDS[base].points, discount=other)
    monkeypatch.setattr(coach_reasons, "CARDS", cards)
    state = new_game(2, seed=1)
    check(reason(state, Evolve(base, into)).render(lang))
    check(coach_reasons._end_turn(state, [Evolve(base, into)]).render(lang))
    return 2


def test_every_coach_reason_over_many_positions_is_in_the_catalogue(pseudo, seen, template, monkeypatch):
    rendered = 0
    for state in positions():
        names = [p.name for p in state.players]
        for action in legal_actions(state):
            check(reason(state, action).render(pseudo), *names)
            rendered += 1
        check(reason(state, Pass()).render(pseudo), *names)
        check(reason(state, EndTurn()).render(pseudo), *names)
    for kwargs, _kind in COACH_CORNERS:
        state = scenario(**kwargs)
        for action in legal_actions(state):
            check(reason(state, action).render(pseudo), *(p.name for p in state.players))
            rendered += 1
    rendered += _reasons_the_cards_never_give(pseudo, monkeypatch)
    missing = messages_of(template, "pokelab/analysis/coach_reasons.py") - seen
    assert rendered > 2000 and not missing, (rendered, sorted(missing))


def test_reasons_name_players_by_their_names_in_every_language():
    state = scenario(display=["Charizard", "Squirtle", "Bulbasaur", "Pichu"],
                     tokens={1: {"red": 2, "blue": 3, "green": 3}})
    charizard = Reserve(next(c for c in state.display if CARDS[c].name_en == "Charizard"))
    zh = reason(state, charizard).render("zh")
    assert "抢在玩家2捕捉之前" in zh and "Player" not in zh
    assert "抢在Bo捕捉之前" in reason(named(state), charizard).render("zh")


# Suggestions, reviews and their errors -------------------------------------------------------------

def refusals(*calls: Callable[[], Any]) -> Iterator[Exception]:
    """The error each call raises (a call that raises none fails the test, naming its line)."""
    for call in calls:
        try:
            call()
        except (ValueError, PermissionError, TimeoutError) as err:
            yield err
        else:
            pytest.fail(f"no refusal from the door {inspect.getsource(call).strip()}")


def test_suggestions_reviews_and_their_errors(pseudo, seen, template):
    state = new_game(2, seed=4)
    for tip in suggest(state, k=3, level="easy", playouts=6):
        check(tip.reason(pseudo), *(p.name for p in state.players))
    record = play("splendor", ["greedy", "random"], seed=2)
    pairs = list(zip(record.states(), (a for _, a in record.actions), strict=False))[:8]
    for move in review(pairs, playouts=6, threshold=0.01).moves:
        if move.better is not None:
            check(move.better.reason(pseudo))
    over = play("splendor", ["greedy", "greedy"], seed=1)
    last = list(over.states())[-1]
    wrong_game = play("herecomes", ["random", "random"], seed=1)
    errors = refusals(
        lambda: _check_level("expert"), lambda: _check_k(0), lambda: _check_threshold(2),
        lambda: GameReview((), 0.1).mistakes(seat="Ash"), lambda: _pairs(wrong_game), lambda: _pairs(3),
        lambda: _pairs([("a",)]), lambda: review([(state, Pass())], playouts=2),
        lambda: _pairs(dataclasses.replace(wrong_game, game="splendor", actions=[(0, None)] * 2001)),
        lambda: _pairs(iter([(state, None)] * 2001)),
        lambda: check_state("a game"), lambda: check_state(last), lambda: check_seat(state, 5),
        lambda: check_playouts(0), lambda: check_seed("7"), lambda: check_workers(0),
        lambda: _check_bots("wizard", 2),
    )
    for err in errors:
        check(err.message(pseudo), "'expert'", "'Ash'", "herecomes", "'7'", "'a game'", "GameRecord",
              "str", "int", "Pass()", "greedy", "random", "mcts", "wizard", "'wizard'", "splendor", *available_bots("splendor"),
              "player", "playouts")
    files = ("pokelab/analysis/coach.py", "pokelab/analysis/game_review.py", "pokelab/analysis/splendor_win.py")
    assert not messages_of(template, *files) - seen, sorted(messages_of(template, *files) - seen)


def test_every_text_of_the_area_has_its_chinese(template):
    mine = {mid for mid, _ in messages_of(template, *AREA_FILES)}
    problems = [p for p in maintain.problems("zh", template) if any(repr(m) in p for m in mine)]
    assert problems == []


AREA_FILES = (
    "pokelab/cli.py",
    "pokelab/analysis/coach.py",
    "pokelab/analysis/coach_reasons.py",
    "pokelab/analysis/game_review.py",
    "pokelab/analysis/splendor_win.py",
    *(f"pokelab/classroom/{m}.py" for m in ("access", "cli", "rounds", "store", "table_games", "table_list",
                                            "table_rows", "table_seats", "tables", "tally")),
)


def test_an_illegal_action_keeps_its_rule_id(pseudo):
    from pokelab.classroom import check_round

    with pytest.raises(IllegalAction) as caught:
        check_round(["red"] * 9)
    assert caught.value.rule == "HC-C3" and leaks(caught.value.message(pseudo)) == []


# The classroom: every door a request can be refused at ----------------------------------------------

#: Doors no test reaches without writing a damaged row by hand (the undo request of another seat's move).
CLASSROOM_UNDRIVEN = {("table {code}'s undo request names move {number}, which is not that seat's", None)}


def test_every_classroom_refusal_is_in_the_catalogue(pseudo, seen, template, tmp_path, monkeypatch):
    from pokelab.classroom import (
        ClassStore,
        ClassTally,
        access,
        parse_event,
        table_games,
        table_rows,
    )
    from pokelab.toy import register as register_toy

    url = f"sqlite:///{tmp_path / 'class.db'}"
    store = ClassStore.connect(url)
    code, key = store.create_class("7B")
    wrong_key = "AAAA-AAAA-AAAA-AAAA"
    seated = store.table(store.create_table(code, "splendor", players=3, bots={2: "greedy"}, seed=1))
    ann, bo = seated.sit(0, "Ann"), seated.sit(1, "Bo")
    other = store.table(seated.code)
    hc = store.table(store.create_table(code, "herecomes", players=2, seed=2))
    hc_token = hc.sit(0, "Cy")
    first = seated.view(0, token=ann)
    move = "TakeSame(red)"
    toy = store.table(store.create_table(code, register_toy(), players=2, seed=5))
    toy_tokens = toy.sit(0, "Ann"), toy.sit(1, "Bo")
    finished = store.table(store.create_table(code, "toy", players=2, bots={1: "random"}, seed=6))
    done_token = finished.sit(0, "Cy")
    while not finished.view(0, token=done_token)["finished"]:
        finished.play(0, "Choose(0, bank)", finished.revision(), token=done_token)
    over = list(play("splendor", ["greedy", "greedy"], seed=1).states())[-1]
    _other_class, other_key = store.create_class("7C")
    closed, closed_key = store.create_class("7D")
    gone = store.table(store.create_table(closed, "splendor", seed=3))
    store.delete_class(closed, closed_key)
    doors: list[Callable[[], Any]] = [
        lambda: ClassStore.connect("mysql://x/y"),
        lambda: store.create_class(42), lambda: store.create_class("x" * 300),
        lambda: store.create_class(" "), lambda: store.create_class("7B;"),
        lambda: store.create_class("simulated"),
        lambda: store.class_name(None), lambda: store.class_name(42), lambda: store.class_name("Z" * 100),
        lambda: store.class_name("ZZZZZZ"),
        lambda: store.reset(code, None), lambda: store.reset(code, wrong_key),
        lambda: store.delete_class(code, wrong_key), lambda: store.refusal_log(code, wrong_key),
        lambda: store.tables(code, wrong_key), lambda: store.rounds(code, wrong_key),
        lambda: store.add_round(code, "A", ["red"] * 50), lambda: store.add_round(code, "A", ["r" * 20] * 10),
        lambda: store.add_round(code, "A", ["pink"] * 10), lambda: store.add_round(code, "A", ["red"] * 9),
        lambda: store.add_round(code, "A", ["purple"] * 3 + ["red"] * 7), lambda: store.add_round(code, "A", 7),
        lambda: store.undo_round(code, "B"),
        lambda: ClassTally.new().simulate(0), lambda: ClassTally.new().undo(), lambda: parse_event(3),
        lambda: parse_event("any:pink"), lambda: parse_event("sometimes:red"), lambda: ClassTally.new().table([]),
        lambda: store.create_table(code, "chess"), lambda: store.create_table(code, "splendor", players=9),
        lambda: store.create_table(code, "splendor", bots={1: "wizard"}),
        lambda: store.create_table(code, "splendor", variant=5),
        lambda: store.create_table(code, "toy", variant=5),
        lambda: store.create_table(code, "herecomes", variant={"nope": 1}),
        lambda: store.create_table(code, "herecomes", variant={"win_points": "ten"}),
        lambda: store.create_table(code, "splendor", seed=-1),
        lambda: store.create_table(code, "splendor", idle_seconds=-5),
        lambda: store.create_table(code, "splendor", bots={0: "random", 1: "random"}),
        lambda: store.create_table(code, "splendor", bots=[1]),
        lambda: store.table("ZZZZZZ"), lambda: store.table(42), lambda: store.table("#"),
        lambda: seated.sit(5, "Di"), lambda: seated.sit(2, "Di"), lambda: other.sit(0, "Di"),
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
        lambda: store.table(None), lambda: store.table(""), lambda: store.create_table(code, "toy", variant=5),
        lambda: _unsaveable(table_games),
        lambda: toy.play(0, "Choose(1, bank)", toy.revision(), token=toy_tokens[0]),
        lambda: finished.request_undo(0, token=done_token),
        lambda: table_games.replay(table_games.kit("herecomes"), 2, 7, None, [(None, "chance", "Draw(purple)")]),
        lambda: table_games.replay(table_games.kit("splendor"), 2, 7, None, [(None, "move", "TakeSame(red)")]),
        lambda: _raise(table_rows._damaged(seated.code, "seats", "not JSON")),
        lambda: _busy_store(url),
        lambda: _newer_schema(tmp_path),
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
    allowed = (*CLASSROOM_DATA, code, seated.code, hc.code, gone.code, toy.code, finished.code,
               *engine_words())
    assert len(texts) == len(doors) + len(pending) + len(access._ACTIONS) + 2
    bad = [(t, leaks(t, allowed)) for t in texts if leaks(t, allowed)]
    assert not bad, "\n".join(map(str, bad))
    missing = messages_of(template, *(f for f in AREA_FILES if "/classroom/" in f and "cli" not in f)) - seen
    assert not missing - CLASSROOM_UNDRIVEN, "\n".join(map(str, sorted(missing - CLASSROOM_UNDRIVEN)))


def _raise(err: Exception) -> None:
    raise err


def _unsaveable(table_games: Any) -> None:
    """A registered game without a save format (a table cannot keep it)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(table_games, "is_game", lambda name: True)
        patch.setattr(table_games, "get_game", lambda name: type("G", (), {"can_save": lambda self: False})())
        table_games.kit("chess")


def _busy_store(url: str) -> None:
    """A write that meets a locked database until the store's time runs out."""
    import sqlalchemy.exc as sx

    from pokelab.classroom import ClassStore

    store = ClassStore.connect(url, timeout=0.01)

    def locked(conn: Any) -> None:
        raise sx.OperationalError("INSERT", {}, Exception("database is locked"))

    store._write(locked)


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
