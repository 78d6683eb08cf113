"""What a pupil reads after an answer, in English and in Chinese alike (issue 31's feedback items).

- a right number shows the exact value in every language when it shows it in one;
- no doubled punctuation ("?.", "？。") and no doubled mark word ("Correct Correct!", "正确 答对了！");
- ``check`` on a choice exercise is refused in the notebook's language;
- ``explain``: a text that states one of the exercise's misconceptions is told so and gets no key
  idea ticked, and every explain exercise has a misconception to spot; the model answer itself
  is never taken for one;
- a Chinese exercise statement shows no English word, except what a pupil types in code.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from pokelab.course.registry import all_exercises, get
from pokelab.teaching import LessonError, check, reset, set_language
from pokelab.teaching.session import explain, predict

EXERCISES = all_exercises()
NUMBERS = [d for d in EXERCISES if d.kind == "number" and isinstance(d.expected(), Fraction)]
EXPLAINS = [d for d in EXERCISES if d.kind == "explain"]
PREDICTS = [d for d in EXERCISES if d.kind == "predict"]
CHOICES = [d for d in EXERCISES if d.kind == "choice"]


pytestmark = pytest.mark.usefixtures("fresh_session")


def _html_words(feedback) -> str:
    return re.sub(r"<[^>]+>", " ", feedback._repr_html_())


@pytest.mark.parametrize("definition", NUMBERS, ids=lambda d: d.id)
def test_a_right_number_reads_alike_in_every_language(definition) -> None:
    expected = definition.expected()
    for answer in (expected, float(expected)):
        shown = {}
        for lang in ("en", "zh"):
            set_language(lang)
            reset()
            feedback = check(definition.id, answer)
            assert feedback.ok
            shown[lang] = str(expected) in feedback.render(lang)
        assert shown["en"] == shown["zh"], (definition.id, answer)
    assert shown["en"], f"{definition.id}: a right decimal answer is told the exact value"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_no_mark_word_is_doubled(lang) -> None:
    set_language(lang)
    right = check("30-1", get("30-1").expected())
    words = _html_words(right)
    assert ("Correct" not in words.replace("Correct!", "", 1)) and ("正确" not in words or "答对了" not in words)
    wrong = _html_words(check("30-1", "1/2"))
    assert wrong.count("Not yet") + wrong.count("还不对") == 1
    revealed = _html_words(check("30-1", None, reveal=True))
    assert revealed.count("nswer") + revealed.count("答案") == 1


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("definition", PREDICTS, ids=lambda d: d.id)
def test_no_doubled_punctuation_in_a_prediction_verdict(definition, lang) -> None:
    set_language(lang)
    actual = float(definition.expected())
    for guess in (actual, actual * 3 + 5):
        reset()
        predict(definition.id, guess)
        text = predict(definition.id).render(lang)
        assert not re.search(r"[?？!！][.。]|。。", text), text


@pytest.mark.parametrize("definition", CHOICES[:3], ids=lambda d: d.id)
def test_check_on_a_choice_is_refused_in_the_notebook_language(definition) -> None:
    set_language("zh")
    with pytest.raises(LessonError) as err:
        check(definition.id, "a")
    message = str(err.value)
    assert "选择题" in message and not re.search(r"\b(exercise|answer it)\b", message.replace("answer)", ""))


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("definition", EXPLAINS, ids=lambda d: d.id)
def test_a_text_stating_the_misconception_finds_no_key_idea(definition, lang) -> None:
    set_language(lang)
    assert definition.misconceptions, f"{definition.id} has no misconception to spot"
    for misconception in definition.misconceptions:
        statement = misconception.label.render(lang)
        feedback = explain(definition.id, f"{statement}, and that is the whole story here." if lang == "en" else f"{statement}。")
        assert feedback.status == "wrong", (definition.id, statement)
        assert not any(found for _, found in feedback.ideas)
    model = explain(definition.id, definition.model.render(lang))
    assert model.status == "revealed" and all(found for _, found in model.ideas), definition.id


#: What a pupil types in code (marked `so`, its meaning said in Chinese), or a formula's letters: allowed in a Chinese statement.
_CODE = re.compile(
    r"True|False|SP-[A-Z]\d+|HC-[A-Z]\d+|[a-z]+:[a-z]+|C\(n, k\)|Wilson|`[^`]+`|[A-Za-z](?![A-Za-z])"
)


@pytest.mark.parametrize("definition", EXERCISES, ids=lambda d: d.id)
def test_a_chinese_statement_shows_no_english_word(definition) -> None:
    for student in (None, "Mei", "Zhang Wei"):
        texts = [definition.statement(student).render("zh"), *(o.text.render("zh") for o in definition.options)]
        for text in texts:
            left = _CODE.sub("", text)
            assert not re.search(r"[A-Za-z]{2,}", left), (definition.id, text)


@pytest.mark.parametrize(("lang", "kept"), [("en", "kept"), ("zh", "已记下")])
@pytest.mark.parametrize("definition", PREDICTS, ids=lambda d: d.id)
def test_a_kept_prediction_says_kept_once(definition, lang, kept) -> None:
    """Issue 42 item 5: the mark read "已记下" before the message's own "你的猜测 0.2 已记下。"."""
    set_language(lang)
    for guess in (0.2, 0.2, 0.7):  # a first guess, the same again, a changed one
        words = _html_words(predict(definition.id, guess))
        assert words.count(kept) == 1, words
