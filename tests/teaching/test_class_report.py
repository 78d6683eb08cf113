"""Issue 32: the lesson picture the misconception dashboard draws — bars, ranked misconceptions, progress, the question."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pokelab.classroom import ClassStore
from pokelab.course.registry import get
from pokelab.teaching.classreport import lesson_report
from pokelab.teaching.discussion import GENERAL, QUESTIONS, question
from widgets.apps import MisconceptionDashboard

ROOT = Path(__file__).resolve().parents[2]
LESSON = get("32-3").lesson


@pytest.fixture
def lesson_class(tmp_path):
    store = ClassStore.connect(f"sqlite:///{tmp_path / 'class.db'}")
    code, key = store.create_class("8C")
    options = {o.key: o for o in get("32-3").options}
    for name, pick in [("Ana", "a"), ("Ben", "a"), ("小明", "c"), ("Dee", None)]:
        token = store.join_pupil(code, name)
        if pick is None:
            continue
        option = options[pick]
        store.record_answer(code, name, token, "32-3", lesson=LESSON, answer=pick,
                            outcome="correct" if option.correct else "wrong", correct=option.correct,
                            misconception=None if option.correct else pick,
                            misconception_text=None if option.correct else {"en": option.why.render("en"),
                                                                             "zh": option.why.render("zh")},
                            submission=f"s{len(name)}{pick}{ord(name[0])}")
    return store, code, key


def test_the_report_counts_pupils_per_option_and_ranks_the_misconceptions(lesson_class) -> None:
    store, code, key = lesson_class
    report = lesson_report(store, code, key, LESSON)
    assert [(b.key, b.pupils, b.right) for b in report.bars["32-3"]] == [("a", 2, False), ("b", 0, False),
                                                                         ("c", 1, True)]
    assert report.ranked[["misconception", "pupils"]].values.tolist() == [["a", 2]]
    assert report.top == ("32-3", "a") and report.question == QUESTIONS["32-3", "a"]
    assert report.progress["Ana", "32-3"] == "wrong" and report.progress["小明", "32-3"] == "right"
    assert report.progress["Dee", "32-3"] == "untried"


def test_the_dashboard_tells_statuses_apart_without_colour_and_hides_names(lesson_class) -> None:
    store, code, key = lesson_class
    page = MisconceptionDashboard(store, code=code, key=key, lesson=LESSON, poll=None)
    assert "data-answers='3'" in page.live.value
    grid = page.grid_html.value
    assert "√" in grid and "×" in grid and "·" in grid and "not yet right" in grid and "not tried" in grid
    assert QUESTIONS["32-3", "a"].render("en") in page.question_html.value
    chart = page.chart.outputs[0]["data"]["application/vnd.plotly.v1+json"]["data"]
    bar = next(trace for trace in chart if trace["name"] == "32-3")
    shapes = bar["marker"]["pattern"]["shape"]
    assert shapes[2] == "" and all(shapes[:2])  # the right option plain, every wrong one hatched
    assert bar["text"] == ["2", "0", "1"] and "√" in bar["x"][2]  # counts and the right mark as text
    page.hide.value = True
    assert "Ana" not in page.grid_html.value and "小明" not in page.grid_html.value and "Pupil 3" in page.grid_html.value
    page.set_lang("zh")
    assert QUESTIONS["32-3", "a"].render("zh") in page.question_html.value
    assert "还没答对" in page.grid_html.value and "学生 1" in page.grid_html.value
    page.reveal.value = "never"  # the teacher's reveal setting, stored with the class
    assert store.reveal_policy(code) == "never"


def test_the_dashboard_shows_a_new_answer_at_its_next_look(lesson_class) -> None:
    store, code, key = lesson_class
    page = MisconceptionDashboard(store, code=code, key=key, lesson=LESSON, poll=None)
    assert not page.poll_once()
    token = store.join_pupil(code, "Eve")
    store.record_answer(code, "Eve", token, "32-3", lesson=LESSON, answer="b", outcome="wrong", correct=False,
                        misconception="b", submission="eve-1")
    assert page.poll_once() and "data-answers='4'" in page.live.value


def test_a_wrong_key_is_told_on_the_page(lesson_class) -> None:
    store, code, _key = lesson_class
    page = MisconceptionDashboard(store, code=code, key="AAAA-BBBB-CCCC-DDDD", poll=None)
    assert "wrong teacher key" in page.error_html.value and page.opened is None


def test_every_wrong_option_has_its_discussion_question_in_both_guides() -> None:
    from pokelab.course.registry import all_exercises

    wanted = {(e.id, o.key) for e in all_exercises() if e.kind == "choice" for o in e.options if not o.correct}
    assert wanted == set(QUESTIONS)
    assert question("30-1", "slip-1") == GENERAL
    for guide, lang in [("docs/teacher-guide.md", "en"), ("docs/zh/teacher-guide.md", "zh")]:
        text = re.sub(r"\s+", " ", (ROOT / guide).read_text(encoding="utf-8"))
        missing = [k for k, q in QUESTIONS.items() if q.render(lang) not in text]
        assert not missing, f"{guide} lacks the discussion questions of {missing}"
        assert GENERAL.render(lang) in text


def test_the_teacher_deletes_one_pupils_answers_after_confirming(lesson_class) -> None:
    store, code, key = lesson_class
    page = MisconceptionDashboard(store, code=code, key=key, lesson=LESSON, poll=None)
    assert [value for _label, value in page.delete.pick.options] == ["Ana", "Ben", "小明", "Dee"]
    page.delete.pick.value = "Ben"
    page.delete.button.click()  # the first click only asks
    assert page.delete.confirm_box.layout.display != "none"
    assert "Delete Ben's answers?" in page.delete.question.value and store.pupils(code, key).count("Ben") == 1
    page.delete.cancel.click()  # changed their mind: nothing deleted
    assert page.delete.confirm_box.layout.display == "none" and "Ben" in store.pupils(code, key)
    page.hide.value = True  # projected: the question names the pupil by number, as the grid does
    page.delete.button.click()
    assert "Pupil 2" in page.delete.question.value and "Ben" not in page.delete.question.value
    page.set_lang("zh")
    assert "删除学生 2 的作答吗？" in page.delete.question.value and page.delete.yes.description == "确定删除"
    page.delete.yes.click()
    assert store.pupils(code, key) == ["Ana", "小明", "Dee"] and "已删除学生 2 及其 1 条作答" in page.message_html.value
    assert "data-answers='2'" in page.live.value and page.delete.confirm_box.layout.display == "none"
    assert [value for _label, value in page.delete.pick.options] == ["Ana", "小明", "Dee"]
    page.delete.pick.value = "Ana"
    page.delete.yes.click()  # the confirmation step was taken back when another pupil was picked
    assert "请先选择一名学生" in page.error_html.value and "Ana" in store.pupils(code, key)
