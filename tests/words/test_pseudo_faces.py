"""Every word the boards and apps show passes through the word catalogue (issue 28, the faces).

Each board is built in the pseudo-language ``qps`` (every catalogue text becomes
``⟦Ŵöŕðš⟧``), played a little — moves, an illegal move, a malformed message, a
language switch — and every string it publishes (its view, log, error, coach data,
plotly figure) is walked: a plain English or Chinese word left there did not come
from the catalogue. Codes the page reads rather than shows (card ids, colour keys,
action texts, CSS colours, SVG paths) are skipped by key; the players' names and
table codes the test chose are allowed.

Texts the engine words (a move's ``describe``, a rule's reason, a bot's title, a
card's condition, a trainer, a round's events) are checked as strictly as the
boards' own: the engine's views carry catalogue texts, rendered once where a board
makes its view in its language.
"""

from __future__ import annotations

from typing import Any

import pytest

from pokelab import splendor as sp
from pokelab.words import languages, maintain
from pokelab.words.pseudo import leaks
from tests.words._faces_walk import (
    NAMES,
    PROTOCOL,
    Check,
    ask,
    assert_no_leaks,
    published,
    sent,
    strings,
    widget_words,
)


# ----------------------------------------------------------------- label tables
@pytest.mark.parametrize("module", ["splendor.text", "herecomes.text", "_bag_explorer_text"])
def test_every_label_table_renders_through_the_catalogue(pseudo: str, module: str) -> None:
    import importlib

    words = importlib.import_module(f"widgets.{module}").labels(pseudo)
    allowed = [choice["name"] for choice in words.get("languages", [])] + [words.get("lang_switch", "")]
    assert_no_leaks(words, pseudo, allowed=[*NAMES, *allowed])
    assert len(list(strings(words))) > 20


def test_the_tree_and_plot_words_render_through_the_catalogue(pseudo: str) -> None:
    from widgets._words import labels_in
    from widgets.plots import _TEXT, overlay_names
    from widgets.probability_tree import tree_labels

    assert_no_leaks([tree_labels(pseudo), labels_in(_TEXT, pseudo), overlay_names(pseudo)], pseudo)


def test_the_language_switch_names_each_language_in_its_own_words(pseudo: str) -> None:
    from widgets._words import lang_choices, own_name, switch_to
    from widgets.splendor.text import labels

    assert pseudo in languages() and switch_to(languages()[-1]) == languages()[0]
    assert {c["lang"] for c in lang_choices()} == set(languages())
    assert own_name("zh") == "中文" and own_name("en") == "English"
    assert labels("zh")["lang_switch"] == own_name(labels("zh")["lang_next"])
    assert leaks(own_name(pseudo)) == []


# ----------------------------------------------------------------- the boards
def test_splendor_vs_bots_in_the_pseudo_language(pseudo: str) -> None:
    from widgets import SplendorBoard

    check = Check(pseudo)
    board = SplendorBoard(players=["Ann", "Bo"], bots={1: "random"}, lang=pseudo, seed=3, bot_delay=0)
    check(published(board))
    for turn in range(6):  # a few turns: the log fills, the rules refuse a Master Ball
        board.run_bots()
        legal = [a for a in sp.legal_actions(board.state) if not isinstance(a, sp.Pass)]
        board.play(legal[turn % len(legal)])
        board.run_bots()
        ask(board, type="intent", action={"kind": "take", "colours": ["master"]})
        assert board.error["rule"]
        check(published(board))
    for bad in ({"kind": "fly"}, {"kind": "catch", "card": "x"}, {"kind": "catch", "card": 9999}, "nonsense",
                {"kind": "take", "colours": ["pink"]}, {"kind": "take"}, {"kind": "return"},
                {"kind": "take", "colours": ["red"] * 4}):
        ask(board, type="intent", action=bad)
        assert board.error
        check(published(board), allowed=[*NAMES, *PROTOCOL, *sent(bad)])
    ask(board, type="intent", action={"kind": "text", "text": "Zap()"})  # the engine says why it cannot read it
    moves = [kind.__name__ for kind in sp.ACTION_TYPES]  # the move language's own words, listed as codes
    check(published(board), allowed=[*NAMES, *moves, "Zap"], engine_error=True)
    for message in ({"type": "nonsense"}, {"type": "set_lang", "lang": "xx"}, {"type": "new_game", "seed": -1},
                    {"type": "step"}):
        ask(board, **message)
        check(published(board), allowed=[*NAMES, *PROTOCOL, *sent(message)])
    board.lang = "en"
    board.lang = pseudo  # the error and log are drawn again in the new language
    check(published(board), allowed=[*NAMES, *PROTOCOL])
    check.done(at_least=200)


def test_splendor_default_seats_and_pass_and_play_in_the_pseudo_language(pseudo: str) -> None:
    from widgets import SplendorBoard

    check = Check(pseudo)
    board = SplendorBoard(lang=pseudo, seed=2)  # "You" and the greedy bot, in the board's language
    assert leaks(board.players[0]) == [] and board.view["players"][0]["named_you"] is True
    check(published(board), allowed=())
    counted = SplendorBoard(3, bots={}, lang=pseudo, seed=1)  # "Player 1" … in the board's language
    assert all(leaks(name) == [] for name in counted.players)
    check(published(counted), allowed=())
    hot = SplendorBoard(players=["Ann", "Bo"], humans=[0, 1], lang=pseudo, seed=5)
    ask(hot, type="intent", action={"kind": "take", "colours": ["red", "blue", "green"]})
    ask(hot, type="undo")
    ask(hot, type="undo")  # nothing left to undo: refused
    assert hot.error
    check(published(hot))
    check.done()


def test_splendor_coach_panel_in_the_pseudo_language(pseudo: str) -> None:
    from widgets import SplendorBoard

    check = Check(pseudo)
    board = SplendorBoard(players=["Ann", "Bo"], bots={1: "greedy"}, lang=pseudo, seed=4, odds=True, coach=True)
    board.odds_playouts = board.line_playouts = 20
    board.review_playouts = 4
    board.coach_level = "easy"
    assert board.wait_coach(120)
    ask(board, type="coach_suggest")
    assert board.wait_coach(120)
    check(published(board))
    ask(board, type="coach_point", index=0)
    assert board.wait_coach(120)
    check(published(board))
    ask(board, type="coach_point", index=99)  # no such turn: refused
    ask(board, type="coach_review")  # not before the game is over: refused
    check(published(board))
    board.close()
    check.done(at_least=100)


def test_here_comes_in_the_pseudo_language(pseudo: str) -> None:
    from widgets import HereComesBoard

    check = Check(pseudo)
    board = HereComesBoard(players=["Ann", "Bo", "Cy"], bots={1: "random", 2: "random"}, lang=pseudo, seed=2,
                           advisor=True, teacher=True, bot_delay=0)
    check(published(board))
    ask(board, type="intent", action={"kind": "vote", "agree": True})  # not now: the rules refuse it
    assert board.error["rule"]
    check(published(board))
    for _step in range(12):  # play rounds: draws, discards, votes, keeps, summaries
        state = board.state
        if state.is_over:
            break
        if state.is_chance:
            ask(board, type="intent", action={"kind": "draw"})
        elif 0 in state.to_move:
            board.play(sp_free_choice(board))
        board.run_bots()
        check(published(board))
    for bad in ({"kind": "fly"}, "Draw(red)", {"kind": "discard", "card": "X99"}, {"kind": "trainer", "power": 3.5},
                {"kind": "trainer", "power": "swap", "target": True}, 42, "Discard(1, G01)"):
        ask(board, type="intent", action=bad)
        assert board.error
        check(published(board), allowed=[*NAMES, *PROTOCOL, *sent(bad)])
    board.teacher = False
    check(published(board))
    check.done(at_least=300)


def sp_free_choice(board: Any) -> Any:
    """Your first legal move in Here Comes (a discard, a vote, a keep)."""
    return board._turns.legal(board.state, 0)[0]


def test_here_comes_default_seats_and_pass_and_play_in_the_pseudo_language(pseudo: str) -> None:
    from widgets import HereComesBoard

    check = Check(pseudo)
    board = HereComesBoard(lang=pseudo, seed=1)  # "You" and two bots, in the board's language
    assert all(leaks(name) == [] for name in board.players)
    ask(board, type="intent", action={"kind": "draw"})  # "You draw wave 1: …"
    check(published(board), allowed=())
    hot = HereComesBoard(players=["Ann", "Bo"], humans=[0, 1], bots={}, lang=pseudo, seed=3)
    ask(hot, type="intent", action={"kind": "draw"})  # behind the curtain: refused
    check(published(hot))
    ask(hot, type="show_hand")
    ask(hot, type="show_hand")  # nothing hidden now: refused
    check(published(hot))
    check.done()


def test_a_failing_bot_is_explained_in_the_pseudo_language(pseudo: str) -> None:
    from widgets import HereComesBoard, SplendorBoard

    class Broken:
        name = "broken"

        def choose(self, view: Any, legal: Any, rng: Any) -> Any:
            raise ZeroDivisionError("x")

    class Cheat:
        name = "cheat"

        def choose(self, view: Any, legal: Any, rng: Any) -> Any:
            return "not a move"

    check = Check(pseudo)
    # the exception's name and message and the bot's own name are data from the bot's code
    allowed = [*NAMES, "broken", "cheat", "ZeroDivisionError", "not a move"]
    for bot in (Broken(), Cheat()):
        board = SplendorBoard(players=["Ann", "Bo"], bots={1: bot}, lang=pseudo, seed=1, bot_delay=0)
        ask(board, type="step", revision=board.revision)
        assert board.bot_failure is not None
        check(published(board), allowed=allowed)
    hc_board = HereComesBoard(players=["Ann", "Bo"], bots={1: Broken()}, lang=pseudo, seed=1, bot_delay=0)
    ask(hc_board, type="intent", action={"kind": "draw"})
    check(published(hc_board), allowed=allowed)
    check.done()


def test_a_table_seat_in_the_pseudo_language(pseudo: str) -> None:
    from pokelab.classroom import ClassStore
    from pokelab.tables import Tables
    from widgets.herecomes.board import HereComesBoard
    from widgets.splendor.board import SplendorBoard

    check = Check(pseudo)
    store = ClassStore.connect("sqlite://")
    join_code = store.create_class("7B")[0]
    code = Tables(store).create_table(join_code, "splendor", bots={1: "greedy"}, seed=2)
    board = SplendorBoard.join(code, name="Ann", join_code=join_code, store=store, lang=pseudo, poll_seconds=0)
    ask(board, type="intent", action={"kind": "take", "colours": ["red", "blue", "green"]})
    ask(board, type="intent", action={"kind": "take", "colours": ["master"]})
    check(published(board), allowed=[*NAMES, code, board.token])
    ask(board, type="set_lang", lang="xx")
    check(published(board), allowed=[*NAMES, *PROTOCOL, code, board.token])
    ask(board, type="fly")
    check(published(board), allowed=[*NAMES, code, board.token, "fly"])
    hc_join_code = store.create_class("7C")[0]
    hc_code = Tables(store).create_table(hc_join_code, "herecomes", bots={1: "heuristic"}, seed=2)
    seat = HereComesBoard.join(hc_code, name="Bo", join_code=hc_join_code, store=store, lang=pseudo, poll_seconds=0)
    ask(seat, type="intent", action={"kind": "draw"})  # the table draws: refused
    check(published(seat), allowed=[*NAMES, hc_code, seat.token])
    board.close()
    seat.close()
    check.done()


def test_the_bag_explorer_and_the_probability_tree_in_the_pseudo_language(pseudo: str) -> None:
    from widgets.bag_explorer import BagExplorer
    from widgets.probability_tree import ProbabilityTree

    check = Check(pseudo)
    ex = BagExplorer(seed=1, lang=pseudo)
    for message in ({"type": "set", "draws": 30}, {"type": "set", "bag": {"red": -2}},
                    {"type": "set", "colour": "pink"}, {"type": "more", "n": 0}, {"type": "set", "bag": {"red": 2.5}},
                    {"type": "set", "bag": {"blue": 5000}}, {"type": "set", "draws": "ten"},
                    {"type": "more", "n": 10**9}):
        ex._on_msg(ex, message, [])
        assert ex.error
        check({"view": ex.view, "figure": ex.figure, "error": ex.error}, allowed=[*NAMES, "pink", "ten"])
    tree = ProbabilityTree(bag={"red": 2, "blue": 1, "purple": 1}, draws=2, target="last:red", lang=pseudo)
    for target in ("never", "last:pink"):
        tree._on_msg(tree, {"type": "set_target", "target": target}, [])
        assert tree.error
        check({"view": tree.view, "error": tree.error}, allowed=[*NAMES, "pink", "never"])
    check.done()


def test_the_odds_figure_titles_and_axes_in_the_pseudo_language(pseudo: str) -> None:
    from widgets.plots import odds_figure_spec

    rows = [{"label": "Ann", "p": 0.3, "value": 2, "kind": "gray"}]
    spec = odds_figure_spec(rows, previous=[0.2], mc=[(0.3, 0.2, 0.4)], redraw=[0.5], lang=pseudo)
    names = [trace.get("name") for trace in spec["data"]]
    titles = [axis["title"]["text"] for key, axis in spec["layout"].items() if key.startswith("xaxis")]
    assert_no_leaks([names, titles], pseudo)


# ----------------------------------------------------------------- the apps
@pytest.mark.parametrize("module", ["widgets.apps._common", "widgets.apps.tables", "widgets.apps._tables_panel"])
def test_every_app_label_renders_through_the_catalogue(pseudo: str, module: str) -> None:
    import importlib

    from widgets._words import labels_in

    table = importlib.import_module(module).TEXT
    assert_no_leaks(labels_in(table, pseudo), pseudo)


def test_the_apps_speak_only_through_the_catalogue(pseudo: str, tmp_path: Any) -> None:
    from pokelab.classroom import ClassStore
    from widgets._words import own_name
    from widgets.apps import ClassExperiment, OddsLab, SplendorApp, StudentPage, TeacherDashboard
    from widgets.apps.tables import TablesPage

    switch_names = [own_name(lang, short=True) for lang in languages()]
    store = ClassStore.connect("sqlite://")
    apps: list[Any] = [SplendorApp(opponents=1, bot="random", seed=2, lang=pseudo), StudentPage(store, lang=pseudo),
                       TablesPage(store, lang=pseudo, poll_seconds=0)]
    teacher = TeacherDashboard(store, poll=None, lang=pseudo, export_dir=tmp_path)
    apps.append(teacher)
    apps.append(ClassExperiment(seed=1, lang=pseudo).draw(10))
    apps.append(OddsLab(lang=pseudo))
    from pokelab.classroom import DEFAULT_EVENTS

    check = Check(pseudo)
    for app in apps:
        root = getattr(app, "widget", None) or getattr(app, "ui", None) or app
        for text in widget_words(root):
            found = leaks(text, allowed=[*NAMES, *switch_names, *DEFAULT_EVENTS, "all:purple"])
            assert found == [], (text, found)
            check.texts += 1
    check.done(at_least=20)


# ----------------------------------------------------------------- Chinese for every text
def test_every_text_of_the_faces_has_its_chinese(template: Any) -> None:
    mine = {
        (m.id if isinstance(m.id, str) else m.id[0], m.context)
        for m in template
        if m.id and any(loc[0].startswith("widgets/") for loc in m.locations)
    }
    assert len(mine) > 300
    problems = [
        p for p in maintain.problems("zh", template)
        if any(repr(key[0]) in p and (key[1] is None or repr(key[1]) in p) for key in mine)
        and "no longer used" not in p
    ]
    assert problems == []
