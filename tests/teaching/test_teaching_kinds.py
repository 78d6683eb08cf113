"""choice, predict, explain and board_task: each takes the id and the pupil's answer, and says something useful."""

from __future__ import annotations

import re

import pytest

from pokelab import teaching
from pokelab.splendor import IllegalAction, apply, card_by_name, parse_action, scenario
from pokelab.teaching import board_task, check, choice, explain, get, predict


@pytest.fixture(autouse=True)
def _fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(teaching.STRICT_ENV, raising=False)
    teaching.reset()


def test_a_wrong_choice_names_its_misconception_in_both_languages() -> None:
    fb = choice("32-3", "a")
    assert fb.status == "wrong" and "hot-hand" in fb.message and "热手" in fb.render("zh")
    fb = choice("32-3", "B")
    assert "ignoring the condition" in fb.message
    assert choice("32-3", "c").ok


def test_choice_without_an_answer_shows_the_options_and_a_bad_key_is_refused() -> None:
    shown = choice("33-3")
    assert isinstance(shown, teaching.Task) and "<ol" in shown._repr_html_()
    with pytest.raises(ValueError, match="choose one of a, b, c"):
        choice("33-3", "z")


def test_predict_keeps_the_guess_then_compares_it_with_the_experiment() -> None:
    assert predict("32-4").status == "unanswered"  # no guess yet
    assert predict("32-4", ...).status == "unanswered"
    assert predict("32-4", 0.5).status == "recorded"
    actual = get("32-4").expected()
    fb = predict("32-4")
    assert fb.status == "compared" and str(actual) in fb.message and "surprise" in fb.message
    predict("32-4", float(actual))
    assert "close" in predict("32-4").message


def test_explain_wants_a_sentence_then_shows_the_model_answer_and_the_ideas_named() -> None:
    assert explain("31-5", ...).status == "unanswered"
    assert explain("31-5", "because halves").status == "wrong"
    fb = explain("31-5", "No purple in the 12 drawn means every purple is in the 8 left, and those are as random as 8 drawn")
    assert fb.status == "revealed" and str(get("31-5").model) in fb.message
    assert "the 8 tokens left in the bag" in fb.message and "Model answer" in fb._repr_html_()


def test_sp_a3_sp_a4_board_task_says_what_is_missing_until_vulpix_is_caught() -> None:
    """12-4: Vulpix needs a black token seat 0 lacks, so the catch takes a second turn (reserve for a Master Ball)."""
    ids = [card_by_name(n).id for n in ("Vulpix", "Ninetales", "Magmar", "Charmeleon")]
    state = scenario(2, tokens={0: {"blue": 3, "green": 3, "yellow": 3, "red": 1}}, captured={0: ["Charmander"]},
                     display=ids, seed=1)
    assert board_task("12-4", ...).status == "unanswered"  # the exercise version, before the pupil plays
    missing = board_task("12-4", state)
    assert missing.status == "wrong" and "Vulpix" in missing.message and "六尾" in missing.render("zh")
    with pytest.raises(IllegalAction):
        apply(state, parse_action(f"Catch({ids[0]})"))  # one black short, no Master Ball
    assert not board_task("12-4", apply(state, parse_action(f"Catch({ids[1]})"))).ok  # Ninetales is not the task
    for move in (f"Reserve({ids[0]})", "EndTurn()", "ReturnTokens(green)", "TakeDifferent(red, yellow, black)",
                 f"Catch({ids[0]})"):
        state = apply(state, parse_action(move))
    assert board_task("12-4", state).ok


def test_sp_t1_sp_e1_board_task_wants_the_most_points_of_the_turn_not_only_18() -> None:
    """13-4: an evolution alone reaches 18 or 19; an evolution and a catch in the same turn reach 20."""
    state = scenario(["Ash", "Misty"], tokens={0: {"blue": 3, "green": 3}},
                     captured={0: ["Charmander", "Vulpix", "Charizard", "Blastoise", "Venusaur", "Magmar", "Lapras"],
                               1: ["Squirtle"]},
                     display=["Charmeleon", "Pikachu", "Ninetales", "Wartortle"], seed=1)
    charmander, charmeleon, vulpix, ninetales = (card_by_name(n).id for n in ("Charmander", "Charmeleon", "Vulpix", "Ninetales"))
    eighteen = apply(state, parse_action(f"Evolve({charmander}, {charmeleon})"))
    fb = board_task("13-4", apply(eighteen, parse_action("TakeDifferent(red, yellow, black)")))
    assert fb.status == "wrong" and "18 points" in fb.message
    evolved = apply(state, parse_action(f"Evolve({vulpix}, {ninetales})"))
    assert "not over" in board_task("13-4", evolved).message
    assert board_task("13-4", apply(evolved, parse_action(f"Catch({charmeleon})"))).ok


def test_sp_t3_board_task_needs_the_turn_to_end_with_ten_tokens_and_at_most_three_of_a_colour() -> None:
    state = scenario(2, tokens={0: {"red": 4, "blue": 3, "green": 2}, 1: {"yellow": 4}}, seed=1)
    took = apply(state, parse_action("TakeDifferent(red, blue, green)"))
    fb = board_task("11-4", took)
    assert "12 tokens" in fb.message and "turn is not over" in fb.message
    # the lesson's own move (section 2) keeps 5 red: not the task's answer
    copied = board_task("11-4", apply(took, parse_action("ReturnTokens(green, green)")))
    assert not copied.ok and "more than 3 tokens of one colour" in copied.message
    chose = apply(state, parse_action("TakeDifferent(green, yellow, black)"))
    assert board_task("11-4", apply(chose, parse_action("ReturnTokens(red, blue)"))).ok


def test_strict_mode_fails_an_unfinished_board_task_and_a_wrong_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(teaching.STRICT_ENV, "1")
    with pytest.raises(AssertionError, match="13-4"):
        board_task("13-4", scenario(2, seed=1))
    with pytest.raises(AssertionError, match="33-3"):
        choice("33-3", "a")


def test_each_function_refuses_an_exercise_of_another_kind() -> None:
    with pytest.raises(ValueError, match="answer it with choice"):
        teaching.check("32-3", "c")
    with pytest.raises(ValueError, match="answer it with check"):
        choice("30-1", "a")
    with pytest.raises(KeyError, match="no exercise"):
        teaching.check("77-1", 1)


def test_an_explanation_that_states_the_misconception_is_not_told_it_found_the_key_ideas() -> None:
    """Issue 31: a text naming every key idea's words but stating the misconception gets no ticks."""
    attempt = ("The two halves swap like a mirror and the halves are the same size, "
               "so never and all are equal whatever the number of tokens drawn")
    fb = explain("31-5", attempt)
    assert fb.status == "wrong" and "whatever the number drawn" in fb.message
    assert "key ideas you named" not in fb.message and not any(found for _label, found in fb.ideas)
    assert "missing" in fb._repr_html_() and "found:" not in fb._repr_html_()
    assert "还不对" not in fb.render("zh") and "不管抽几枚" in fb.render("zh")


def test_feedback_says_each_word_once_and_the_value_in_every_language() -> None:
    """Issue 31: the mark's word is not repeated by the message; zh shows the exact value; no doubled punctuation."""
    from pokelab.teaching import reset, set_language

    reset()
    set_language("both")
    right = check("30-1", 0.15)
    assert "3/20" in right.render("zh") and "3/20" in right.render("en")
    def shown(fb: object) -> str:  # the words on screen: the marks' words sit in tags of their own
        return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", fb._repr_html_()))

    assert "Correct Correct" not in shown(right) and "正确 答对了" not in shown(right)
    wrong = check("31-1", "1/2")
    assert "Not yet Not yet" not in shown(wrong) and "还不对 还不对" not in shown(wrong)
    reset()
    predict("34-3", 0.1)
    far = predict("34-3")
    assert "?." not in far.render("en") and "？。" not in far.render("zh")
    set_language("zh")
    try:
        with pytest.raises(ValueError, match="选择题") as err:
            check("32-3", "a")
        assert "choice('32-3', answer)" in str(err.value)
    finally:
        set_language("both")


def test_explain_feedback_on_the_page_shows_the_model_answer_and_each_idea_once() -> None:
    """The page's lead leaves the model answer and the ideas to the block under it; zh writes 参考答案：."""
    from pokelab.teaching import reset, set_language

    reset()
    set_language("zh")
    try:
        model = get("31-5").model.render("zh")
        for attempt in ("The drawn half and the left-over half can swap, both are the same size",
                        "The two halves swap like a mirror and the halves are the same size, "
                        "so never and all are equal whatever the number of tokens drawn"):
            page = re.sub(r"<[^>]+>", "", explain("31-5", attempt)._repr_html_())
            assert page.count(model) == 1 and "参考答案：" in page and "参考答案:" not in page
            lead = page.split("参考答案：")[0]  # the mark's word and the message above the block
            assert not any(label.render("zh") in lead for label, _found in explain("31-5", attempt).ideas)
    finally:
        set_language("both")
        reset()
