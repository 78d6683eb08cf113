"""The classroom apps (apps/, opened full screen by `make app` with Voilà).

The app notebooks run top to bottom in a real kernel (nbclient); the app objects
behind them (the widgets.apps package) are driven here the way a class would click them.
The browser test in tests/browser/test_app_mode.py loads one in a real Voilà.
"""

from __future__ import annotations

import doctest
import html
import importlib.util
from pathlib import Path

import ipywidgets as w
import nbformat
import pytest

from pokelab.classroom import DEFAULT_EVENTS
from pokelab.herecomes.bag import DEFAULT_BAG
from widgets.apps import ClassExperiment, OddsLab, SplendorApp, page_options

ROOT = Path(__file__).resolve().parent.parent
APPS = ROOT / "apps"
APP_NOTEBOOKS = sorted(APPS.glob("*.ipynb"))

_spec = importlib.util.spec_from_file_location(
    "normalize", ROOT / "scripts" / "normalize_notebooks.py"
)
normalize = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(normalize)

ROUND = ["red", "blue", "red", "green", "red", "red", "blue", "yellow", "red", "blue"]


def test_there_is_an_app_for_each_board_and_the_class_experiment():
    names = {p.name for p in APP_NOTEBOOKS}
    assert names == {
        "class-bag-experiment.ipynb",
        "class-misconceptions.ipynb",
        "class-student.ipynb",
        "class-teacher.ipynb",
        "here-comes-odds-lab.ipynb",
        "league-standings.ipynb",
        "play-a-classmate.ipynb",
        "splendor-vs-bots.ipynb",
    }


@pytest.mark.parametrize("path", APP_NOTEBOOKS, ids=lambda p: p.name)
def test_app_notebook_is_committed_without_outputs(path):
    assert normalize.is_clean(path), f"{path.name} has outputs or volatile metadata"


def test_app_notebooks_run_top_to_bottom(tmp_path, monkeypatch):
    """Run every app notebook, cell by cell, in one kernel started in apps/ (as Voilà does).

    One kernel for the three keeps the test fast on a busy machine (a kernel start
    and the imports cost far more than the apps); each notebook must show one app.
    """
    import nbformat
    from nbclient import NotebookClient

    # the class pages open the class database named here (the kernel inherits it)
    monkeypatch.setenv("POKELAB_CLASS_DB", f"sqlite:///{tmp_path / 'classes.db'}")

    books = [nbformat.read(path, as_version=4) for path in APP_NOTEBOOKS]
    combined = nbformat.v4.new_notebook(metadata=books[0].metadata)
    owner = []
    for path, nb in zip(APP_NOTEBOOKS, books, strict=True):
        for cell in nb.cells:
            combined.cells.append(cell)
            owner.append(path.name)
    client = NotebookClient(
        combined, timeout=180, kernel_name="python3", resources={"metadata": {"path": str(APPS)}}
    )
    client.execute()
    for name in {p.name for p in APP_NOTEBOOKS}:
        outputs = [
            o
            for cell, who in zip(combined.cells, owner, strict=True)
            if who == name and cell.cell_type == "code"
            for o in cell.outputs
        ]
        assert not [o for o in outputs if o.output_type == "error"], name
        views = [
            o for o in outputs if "application/vnd.jupyter.widget-view+json" in o.get("data", {})
        ]
        assert len(views) == 1, f"{name} should display exactly one app, got {len(views)}"


def test_app_modules_docstring_examples():
    """The app modules keep their examples, and the unit stage runs them: its ``--doctest-modules`` over ``widgets``.

    This test ran every example again with ``doctest.testmod`` after the stage's doctest items
    (``widgets/apps/*.py::…``) had run them; now it checks they are there and collected.
    """
    import tomllib

    import widgets.apps._common
    import widgets.apps._experiment_panels
    import widgets.apps.class_experiment
    import widgets.apps.class_live
    import widgets.apps.class_student
    import widgets.apps.class_teacher
    import widgets.apps.league_standings
    import widgets.apps.odds_lab
    import widgets.apps.site_board
    import widgets.apps.splendor_app

    modules = (
        widgets.apps._common,
        widgets.apps._experiment_panels,
        widgets.apps.class_experiment,
        widgets.apps.class_live,
        widgets.apps.class_student,
        widgets.apps.class_teacher,
        widgets.apps.league_standings,
        widgets.apps.odds_lab,
        widgets.apps.site_board,
        widgets.apps.splendor_app,
    )
    finder = doctest.DocTestFinder()
    attempted = sum(len(test.examples) for module in modules for test in finder.find(module))
    assert attempted >= 8
    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    assert "--doctest-modules" in options["addopts"].split() and "widgets" in options["testpaths"]
    assert not any(module.__file__.endswith("voila.py") for module in modules)  # the one file addopts leaves out


def test_page_options_come_from_the_link():
    assert page_options(environ={"QUERY_STRING": "seed=12&lang=zh"}) == {"lang": "zh", "seed": 12}
    assert page_options(lang="zh", seed=3, environ={}) == {"lang": "zh", "seed": 3}
    assert page_options(environ={"QUERY_STRING": "seed=abc"}) == {"lang": "en", "seed": 0}
    with pytest.raises(ValueError, match="unknown language"):
        page_options(lang="de", environ={})


# ----------------------------------------------------------------------------- class experiment


def _enter(app, tokens, group=""):
    for dropdown, colour in zip(app.tokens, tokens, strict=True):
        dropdown.value = colour
    app.group.value = group
    app.record_button.click()


def test_class_experiment_form_records_a_round_of_four_waves():
    app = ClassExperiment(seed=1)
    assert [len(app.tokens)] == [10]
    _enter(app, ROUND, "Team Pikachu")
    assert app.tally.n == 1 and app.tally.rounds[0] == tuple(ROUND)
    assert app.tally.groups == ("Team Pikachu",)
    assert "1 rounds tallied (1 from groups, 0 by the computer)" in app.status.value
    assert app.error == ""
    assert all(dd.value is None for dd in app.tokens)  # the form is cleared for the next group


def test_hc_c3_class_experiment_wants_every_token_of_the_round():
    app = ClassExperiment(lang="zh")
    _enter(app, [*ROUND[:8], None, "blue"], "A")
    assert app.tally.n == 0 and "第 9 枚（3 号顺序卡）" in app.error_html.value
    app.switch.value = "en"
    app.record_button.click()
    assert "token 9 (order card 3)" in app.error_html.value
    assert [dd.value for dd in app.tokens][:8] == ROUND[:8]  # what was entered stays


def test_hc_c1_class_experiment_rejects_an_impossible_round_in_the_class_language():
    app = ClassExperiment(lang="zh")
    _enter(app, ["purple"] * 3 + ROUND[:7], "A")
    assert app.tally.n == 0
    assert "[HC-C1]" in app.error_html.value and "紫色" in app.error_html.value
    app.switch.value = "en"
    _enter(app, ["purple"] * 3 + ROUND[:7], "A")
    assert "3 purple tokens but the bag has only 2" in app.error_html.value
    _enter(app, ROUND, "A")  # a good round clears the message
    assert app.tally.n == 1 and app.error_html.value == ""


def test_class_experiment_buttons_draw_undo_and_reset():
    app = ClassExperiment(seed=4)
    app.draw_buttons[2].click()  # draw 100
    assert app.tally.n == 100
    app.draw_buttons[0].click()
    assert app.tally.n == 101
    again = ClassExperiment(seed=4).draw(101)
    assert again.tally.rounds == app.tally.rounds  # seeded: the same rounds
    app.undo_button.click()
    assert app.tally.n == 100
    app.reset_button.click()
    assert app.tally.n == 0
    app.undo_button.click()
    assert "no round to take back" in app.error_html.value
    app.switch.value = "zh"
    app.undo_button.click()
    assert "没有可以撤回的一轮" in app.error_html.value


def test_class_experiment_table_and_chart_show_the_tally_against_exact_odds():
    app = ClassExperiment(seed=7).draw(1000)
    table = app.tally.table(DEFAULT_EVENTS)
    for (_, row), event in zip(table.iterrows(), app.events, strict=True):
        assert f"{int(row['happened'])} / 1000" in app.table.value
        assert f"{row['exact']} = {row['p']:.1%}" in app.table.value
        assert event.code in app.table.value
    observed, exact = app.figure.data[0], app.figure.data[1]
    assert list(observed.x) == list(DEFAULT_EVENTS)
    assert list(observed.y) == pytest.approx(list(table["observed"]))
    assert list(exact.y) == pytest.approx(list(table["p"]))
    # the running frequency of each event ends at its observed frequency; its dashed line is the exact chance
    for i, (_, row) in enumerate(table.iterrows()):
        line, dashed = app.figure.data[2 + 2 * i], app.figure.data[3 + 2 * i]
        assert line.x[-1] == 1000 and line.y[-1] == pytest.approx(row["observed"])
        assert list(dashed.y) == pytest.approx([row["p"], row["p"]])
    assert app.figure.layout.xaxis2.type == "log"
    shown = app.chart.outputs[0]["data"]["application/vnd.plotly.v1+json"]
    assert len(shown["data"]) == len(app.figure.data) and shown["data"][0]["y"] == list(observed.y)
    assert "the bag does not remember" in app.streak.value


def test_class_experiment_add_event_and_bad_event():
    app = ClassExperiment(seed=1).draw(10)
    app.event_text.value = "any:red"
    app.event_button.click()
    assert [e.code for e in app.events][-1] == "any:red" and app.event_text.value == ""
    assert "at least one red token is drawn" in app.table.value
    app.event_text.value = "first:red"
    app.event_button.click()
    assert "bad event 'first:red'" in html.unescape(app.error_html.value)
    assert len(app.events) == len(DEFAULT_EVENTS) + 1


def test_class_experiment_relabels_everything_in_chinese():
    app = ClassExperiment(seed=1).draw(10)
    app.switch.value = "zh"
    assert app.record_button.description == "记录这一轮"
    assert app.draw_buttons[1].description == "抽 10 轮"
    assert app.wave_labels[0].value == "<b>1 号顺序卡（4 枚）</b>"
    assert ("红色", "red") in app.tokens[0].options  # the games' own colour names (pokelab.herecomes.names)
    assert "最后一枚是红色" in app.table.value and "精确概率" in app.table.value
    assert app.figure.data[0].name == "观察频率"
    assert "全班" in app.groups_html.value and "电脑" in app.groups_html.value


# ----------------------------------------------------------------------------- odds lab


def test_odds_lab_plays_with_the_bag_in_the_sliders():
    lab = OddsLab(opponents=1, bot="random", seed=5)
    assert dict(lab.board.state.composition) == dict(DEFAULT_BAG)
    assert lab.board.players == ["You", "Bot 1"] and lab.board.lang == "en"
    first = lab.board
    lab.sliders["red"].value = 2
    lab.sliders["purple"].value = 6
    lab.new_button.click()
    assert lab.board is not first and lab.board_box.children == (lab.board,)
    assert lab.board.state.composition["purple"] == 6 and lab.board.state.composition["red"] == 2
    assert "<td>" in lab.cards.value and "G01" in lab.cards.value


def test_hc_c1_odds_lab_refuses_a_bag_too_small_for_a_round():
    lab = OddsLab(opponents=1, bot="random")
    board = lab.board
    for slider in lab.sliders.values():
        slider.value = 1
    lab.new_button.click()
    assert lab.board is board
    assert "the bag holds 5 tokens but a round draws 10" in lab.error_html.value
    assert "5 tokens in the bag" in lab.total.value
    lab.set_lang("zh")
    lab.new_button.click()
    assert lab.board is board and "布袋里只有 5 枚" in lab.error_html.value


def test_odds_lab_options_and_language_reach_the_board():
    lab = OddsLab(opponents=2, bot="random")
    lab.board.advisor = True  # the board's own switch
    lab.teacher.value = True
    assert lab.board.advisor and lab.board.teacher and not lab.board.monte_carlo
    lab.board.lang = "zh"  # the board's 中文 button: the page's only language switch (issue 42)
    assert lab.board.lang == "zh" and lab.new_button.description == "用这个布袋开新一轮"
    assert lab.sliders["red"].description == "红色"
    assert (
        "编号" in lab.cards.value and "最后一枚是" in lab.cards.value
    )  # the 60-card table in Chinese
    lab.board.lang = "en"  # the board's own EN button relabels the app too
    assert lab.lang == "en" and lab.new_button.description == "New round with this bag"
    lab.new_round()
    assert (
        lab.board.advisor and lab.board.teacher and lab.board.show_odds
    )  # options survive a new round
    assert lab.settings_box.get_title(0) == "Settings: bots and bag"


def test_the_odds_lab_has_one_language_switch_the_boards():
    """Issue 42: the page showed the app's EN/中文 and the board's own; the board's stays."""
    lab = OddsLab(opponents=1, bot="random")
    assert lab.switch is None

    def widgets(box):
        yield box
        for child in getattr(box, "children", ()):
            yield from widgets(child)

    assert not [x for x in widgets(lab.ui) if isinstance(x, w.ToggleButtons)]
    assert {c["lang"] for c in lab.board.view["labels"]["languages"]} == {"en", "zh"}


def test_odds_lab_a_move_on_the_board_updates_its_odds():
    lab = OddsLab(opponents=1, bot="random", seed=2)
    if lab.board.state.leader != 0:
        pytest.skip("seed 2 should make you the leader")  # pragma: no cover
    before = lab.board.revision
    reply = lab.board.handle_message({"type": "intent", "action": {"kind": "draw"}, "id": 1})
    assert reply["ok"], reply
    assert lab.board.revision > before and len(lab.board.state.tokens) == 4
    assert len(lab.board.odds) == 5


# ----------------------------------------------------------------------------- Splendor


def test_splendor_app_new_game_uses_the_chosen_bots_and_seed():
    """One set of controls (issue 30): the board's seed, new game and language; a new line-up deals at once."""
    app = SplendorApp(opponents=1, bot="random", seed=3)
    assert app.board.players == ["You", "Bot 1"] and app.board.seed == 3
    first = app.board
    first.handle_message({"type": "new_game", "seed": 9})  # the board's own seed box and "new game"
    assert app.board is first and first.seed == 9
    app.opponents.value = 2
    app.bot.value = "greedy"
    assert app.board.players == ["You", "Bot 1", "Bot 2"] and app.board.seed == 9
    assert {b.name for b in app.board.bots.values()} == {"greedy"}
    assert app.board_box.children == (app.board,)
    board = app.board
    app.board.lang = "zh"  # the board's language switch relabels the page and keeps the game
    assert app.lang == "zh" and app.bot.description == "电脑" and app.board is board
    for gone in ("seed", "new_button"):
        assert not hasattr(app, gone)
    assert app.switch is None


def test_the_bots_are_named_in_the_pages_language_and_keep_their_choice():
    """Issue 16: a Chinese page offers 贪心 / 蒙特卡洛·困难, not greedy / mcts-hard; the chosen bot stays."""
    app = SplendorApp(opponents=1, bot="mcts-hard", seed=3, lang="zh")
    assert ("蒙特卡洛·困难", "mcts-hard") in app.bot.options and app.bot.value == "mcts-hard"
    assert app.board.view["seats"][1]["bot_title"] == "蒙特卡洛·困难"
    app.board.lang = "en"
    assert ("MCTS hard", "mcts-hard") in app.bot.options and app.bot.value == "mcts-hard"
    lab = OddsLab(opponents=2, bot="heuristic", seed=2, lang="zh")
    assert dict(lab.bot.options)["经验"] == "heuristic" and lab.bot.value == "heuristic"
    assert lab.board.view["seats"][1]["bot_title"] == "经验"


def test_splendor_app_board_takes_a_move_and_the_bot_replies():
    from pokelab import splendor as sp

    app = SplendorApp(opponents=1, bot="random", seed=1)
    board = app.board
    board.run_bots()  # if the bot starts, let it move first
    before = board.revision
    take = next(a for a in sp.legal_actions(board.state) if isinstance(a, sp.TakeDifferent))
    board.play(take)
    assert board.revision > before and board.state.players[0].token_count == 3
    assert board.run_bots() == 1 and board.state.current_player == 0


def test_apps_reject_bad_settings():
    with pytest.raises(ValueError, match="opponents must be 1, 2 or 3"):
        SplendorApp(opponents=0)
    with pytest.raises(ValueError, match="unknown bot 'nope' for Here Comes"):
        OddsLab(bot="nope")
    with pytest.raises(ValueError, match="at least one event"):
        ClassExperiment(events=[])
    with pytest.raises(ValueError, match="unknown language"):
        ClassExperiment(lang="fr")


def test_notebook_sources_only_call_public_app_objects():
    """The app notebooks stay thin: one import from widgets.apps, no rules re-implemented in cells."""
    for path in APP_NOTEBOOKS:
        cells = nbformat.reads(path.read_text(), as_version=4)["cells"]
        code = "\n".join(c["source"] for c in cells if c["cell_type"] == "code")
        assert "from widgets.apps import" in code and "page_options" in code
        assert len(code.splitlines()) < 15


# ----------------------------------------------------------------------------- the teacher's guide


GUIDE = ROOT / "docs" / "teacher-guide.md"


@pytest.mark.parametrize("track", ["en", "zh"])
def test_teacher_guide_names_every_lesson_and_app_and_only_real_files(track):
    """The English guide names every lesson of the English track, the Chinese guide every one of the Chinese track."""
    import re

    guide = GUIDE if track == "en" else ROOT / "docs" / "zh" / "teacher-guide.md"
    text = guide.read_text(encoding="utf-8")
    named = set(re.findall(r"((?:notebooks|apps)/[\w/.-]+\.ipynb)", text))
    missing = sorted(p for p in named if not (ROOT / p).exists())
    assert not missing, f"the guide names notebooks that do not exist: {missing}"
    lessons = {
        str(p.relative_to(ROOT))
        for p in (ROOT / "notebooks").rglob("*.ipynb")
        if "exercises" not in p.parts
        and ".ipynb_checkpoints" not in p.parts
        and (p.relative_to(ROOT / "notebooks").parts[0] == "zh") == (track == "zh")
    }
    apps = {str(p.relative_to(ROOT)) for p in APP_NOTEBOOKS}
    assert lessons | apps <= named, f"not in the guide: {sorted((lessons | apps) - named)}"


def test_teacher_guide_code_examples_compile_and_the_classroom_one_runs():
    import re

    text = GUIDE.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert len(blocks) >= 4
    for block in blocks:
        compile(block, "teacher-guide.md", "exec")
    classroom = next(b for b in blocks if "ClassTally" in b)
    exec(compile(classroom, "teacher-guide.md", "exec"), {})


def test_teacher_guide_student_bot_plays_a_tournament():
    """The guide's example bot is legal and plays; its registration is undone afterwards."""
    import re

    from pokelab.bots import _REGISTRY
    from pokelab.sim import tournament

    text = GUIDE.read_text(encoding="utf-8")
    block = next(
        b for b in re.findall(r"```python\n(.*?)```", text, flags=re.S) if "class AliceBot" in b
    )
    space: dict = {}
    try:
        exec(compile(block, "teacher-guide.md", "exec"), space)
        result = tournament(
            "splendor", ["alice", "random"], games_per_pair=2, seed=1, progress=False
        )
    finally:
        _REGISTRY.pop(("splendor", "alice"), None)
    assert set(result.standings["bot"]) == {"alice", "random"}
    assert result.standings["games"].tolist() == [2, 2]
