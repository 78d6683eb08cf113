"""The pupil's side of an exercise: ``check``, ``choice``, ``predict``, ``explain``, ``board_task``.

Each takes the exercise id and the pupil's answer only; the right answer is computed
here from the registered definition (``pokelab.course.registry``), for the student
set with ``set_student`` (the whole class notebook) or ``exercise(id, student=...)``
(one exercise), or for the lesson's own numbers when no student is set.

>>> reset()
>>> check("30-1", "1/10").status, check("30-1", ...).status
('wrong', 'unanswered')
>>> check("30-1", "3/20").ok
True
>>> choice("32-3", "c").ok
True
>>> check("30-1", 1, reveal=True).status
'revealed'
>>> print(check("31-1", "a lot").message)
'a lot' is not a number: write a fraction like Fraction(3, 8) or "3/8", or a decimal.
>>> choice("31-1", "a")
Traceback (most recent call last):
...
ValueError: exercise 31-1 is a number exercise: answer it with check('31-1', answer)
"""

from __future__ import annotations

import contextlib
import html
import os
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from pokelab.course.registry import ExerciseDef, get
from pokelab.herecomes.bag import COLOUR_ZH as BAG_ZH
from pokelab.splendor.cards import COLOUR_ZH as TOKEN_ZH
from pokelab.splendor.cards import TIER_ZH, card_by_name
from pokelab.teaching.feedback import Feedback, as_number, show
from pokelab.teaching.language import language, pick

__all__ = [
    "STRICT_ENV",
    "Task",
    "board_task",
    "check",
    "choice",
    "exercise",
    "explain",
    "matches",
    "predict",
    "reset",
    "set_student",
    "student_of",
]

#: When this environment variable is "1", a wrong answer raises (the tests run solution notebooks so).
STRICT_ENV = "POKELAB_STRICT_CHECKS"

_STATE: dict[str, Any] = {"student": None, "students": {}, "tries": {}, "guesses": {}}


def reset() -> None:
    """Forget the student, every exercise's tries and every recorded guess."""
    _STATE.update(student=None, students={}, tries={}, guesses={})


def set_student(name: str | None) -> None:
    """Give every exercise of this notebook the personal numbers of the student ``name`` (None: the lesson's).

    It replaces any student named earlier with ``exercise(id, student=...)``.

    >>> set_student("Mei"); student_of("30-3")
    'Mei'
    >>> set_student(None); student_of("30-3") is None
    True
    >>> set_student("  ")
    Traceback (most recent call last):
    ...
    ValueError: a student needs a name (got '  '); 学生需要一个名字
    """
    if name is not None and not str(name).strip():
        raise ValueError(f"a student needs a name (got {name!r}); 学生需要一个名字")
    _STATE["student"] = None if name is None else str(name).strip()
    _STATE["students"] = {}


def student_of(exercise_id: str) -> str | None:
    """The student whose numbers ``exercise_id`` uses now (None: the lesson's own numbers)."""
    return _STATE["students"].get(exercise_id, _STATE["student"])


class Task:
    """An exercise as handed to one student: its question with their numbers, and the numbers as attributes.

    >>> task = exercise("30-3", student="Mei")
    >>> sorted(task.params) == ["bag", "colour"] and task.bag == task.params["bag"]
    True
    >>> task.nothing
    Traceback (most recent call last):
    ...
    AttributeError: exercise 30-3 has no number called 'nothing' (it has bag, colour)
    """

    def __init__(self, definition: ExerciseDef, student: str | None) -> None:
        self.definition = definition
        self.student = student
        self.params = definition.params(student)

    def __getattr__(self, name: str) -> Any:
        params = self.__dict__.get("params", {})
        if name in params:
            return params[name]
        raise AttributeError(
            f"exercise {self.__dict__['definition'].id} has no number called {name!r} (it has {', '.join(params)})"
        )

    def __repr__(self) -> str:
        who = f" for {self.student}" if self.student else ""
        if language() == "zh":
            who = f"（{self.student}）" if self.student else ""
            return f"练习 {self.definition.id}{who}：{self.definition.text(self.student, 'zh')}"
        return f"Exercise {self.definition.id}{who}: {self.definition.text(self.student)}"

    def _repr_html_(self) -> str:
        lang = language()
        who = f" — {html.escape(self.student)}" if self.student else ""

        def both(en: str, zh: str, style: str) -> str:
            if lang == "both":
                return f"{html.escape(en)} <span style='{style}'>{html.escape(zh)}</span>"
            return html.escape(pick(en, zh))

        options = "".join(
            f"<li><b>{html.escape(o.key)}</b> {both(o.text, o.text_zh, 'opacity:.8')}</li>"
            for o in self.definition.options
        )
        statement_en, statement_zh = self.definition.text(self.student), self.definition.text(self.student, "zh")
        statement = (
            f"{html.escape(statement_en)}<br><span style='opacity:.85'>{html.escape(statement_zh)}</span>"
            if lang == "both"
            else html.escape(pick(statement_en, statement_zh))
        )
        return (
            "<div class='pokelab-task' style='border:1px solid #90a4ae;border-radius:4px;padding:6px 10px;margin:4px 0'>"
            f"<b>{pick('Exercise', '练习', joiner=' ')} {html.escape(self.definition.id)}{who}</b><br>{statement}"
            + (f"<ol type='a' style='list-style:none;padding-left:6px'>{options}</ol>" if options else "")
            + "</div>"
        )


def exercise(exercise_id: str, student: str | None = None) -> Task:
    """Hand out ``exercise_id``: its question with the numbers of ``student`` (or of the notebook's student)."""
    definition = get(exercise_id)
    if student is not None:
        if not str(student).strip():
            raise ValueError(f"a student needs a name (got {student!r}); 学生需要一个名字")
        _STATE["students"][exercise_id] = str(student).strip()
    return Task(definition, student_of(exercise_id))


def matches(definition: ExerciseDef, answer: Any, target: Any) -> bool:
    """True when ``answer`` counts as ``target`` under the exercise's rules (exact, tolerance, relative, member).

    >>> matches(get("30-1"), 0.15, Fraction(3, 20)), matches(get("30-1"), "3/21", Fraction(3, 20))
    (True, False)
    """
    if definition.kind == "member" and isinstance(target, set | frozenset):
        return any(matches(definition, answer, t) for t in target)
    want, got = as_number(target), as_number(answer)
    if want is not None and not isinstance(target, str):
        if got is None:
            return False
        if definition.relative is not None:
            return abs(float(got) - float(want)) <= definition.relative * abs(float(want))
        if isinstance(want, Fraction) and isinstance(got, Fraction):
            return got == want
        return abs(float(got) - float(want)) <= definition.tolerance
    if isinstance(target, str) and isinstance(answer, str):
        said = " ".join(answer.split()).casefold()
        return said == " ".join(target.split()).casefold() or said in chinese_words(target)
    if isinstance(target, tuple) and isinstance(answer, tuple | list) and len(answer) == len(target):
        return all(matches(definition, a, t) for a, t in zip(answer, target, strict=True))
    try:
        return bool(answer == target)
    except (TypeError, ValueError):  # odd types (arrays) simply do not match
        return False


def chinese_words(word: str) -> set[str]:
    """The Chinese ways a pupil may write the English answer ``word``: a colour, a Splendor tier or a card's name.

    >>> sorted(chinese_words("red")), sorted(chinese_words("rare")), sorted(chinese_words("Charmeleon"))
    (['红', '红色'], ['稀有'], ['火恐龙'])
    >>> chinese_words("G05")
    set()
    """
    words: set[str] = set()
    for names in (BAG_ZH, TOKEN_ZH):
        if word in names:
            words |= {names[word], names[word] + "色"} if word != "master" else {names[word]}
    if word in TIER_ZH:
        words.add(TIER_ZH[word])
    with contextlib.suppress(KeyError, ValueError):  # not a card's name
        words.add(card_by_name(word).name("zh"))
    return words


def _unanswered() -> Feedback:
    return Feedback(
        "unanswered",
        "Not answered yet: replace ... with your answer and run the cell again.",
        "还没有作答：把 ... 换成你的答案，再运行这个单元格。",
    )


def _strict(definition: ExerciseDef, answer: Any, expected: Any) -> None:
    if os.environ.get(STRICT_ENV) == "1":
        raise AssertionError(
            f"exercise {definition.id}: the answer {answer!r} is not {expected!r} "
            f"({STRICT_ENV}=1: a solution notebook must hold right answers)"
        )


def _reveal(definition: ExerciseDef, expected: Any) -> Feedback:
    shown = show(expected)
    return Feedback("revealed", f"The answer is {shown}.", f"答案是 {shown}。")


def _wrong(definition: ExerciseDef, answer: Any, params: Mapping[str, Any], expected: Any) -> Feedback:
    tries = _STATE["tries"][definition.id] = _STATE["tries"].get(definition.id, 0) + 1
    for value, why, why_zh in definition.mistakes(params) if definition.mistakes else ():
        if matches(definition, answer, value):
            return Feedback("wrong", f"A common slip: {why}", f"常见错误：{why_zh}")
    if tries >= definition.reveal_after:
        return _reveal(definition, expected)
    if tries <= len(definition.hints):
        i = tries - 1
        return Feedback(
            "wrong", f"Not yet. Hint {i + 1}: {definition.hints[i]}", f"还不对。提示 {i + 1}：{definition.hints_zh[i]}"
        )
    return Feedback(
        "wrong",
        "Not yet, and no more hints. Try again, or ask for the answer with reveal=True.",
        "还不对，没有更多提示了。再试一次，或者用 reveal=True 查看答案。",
    )


def _definition(exercise_id: str, kinds: tuple[str, ...]) -> ExerciseDef:
    definition = get(exercise_id)
    if definition.kind not in kinds:
        right = {"choice": "choice", "predict": "predict", "explain": "explain", "board": "board_task"}.get(
            definition.kind, "check"
        )
        raise ValueError(
            f"exercise {exercise_id} is a {definition.kind} exercise: answer it with {right}({exercise_id!r}, answer)"
        )
    return definition


def check(exercise_id: str, answer: Any, *, reveal: bool = False) -> Feedback:
    """Feedback on ``answer`` to a number/value exercise: right, a hint, or (after three tries) the answer."""
    definition = _definition(exercise_id, ("number", "value", "member"))
    params = definition.params(student_of(exercise_id))
    expected = definition.answer(params)
    if reveal:
        return _reveal(definition, expected)
    if answer is ... or answer is None:
        return _unanswered()
    if definition.kind == "number" and as_number(answer) is None:
        _strict(definition, answer, expected)
        return Feedback(
            "wrong",
            f"{answer!r} is not a number: write a fraction like Fraction(3, 8) or \"3/8\", or a decimal.",
            f"{answer!r} 不是数：写成分数，例如 Fraction(3, 8) 或 \"3/8\"，或者小数。",
        )
    if matches(definition, answer, expected):
        _STATE["tries"][exercise_id] = 0
        exact = isinstance(as_number(answer), Fraction) or definition.kind != "number"
        note = "" if exact or as_number(expected) is None else f" Exactly: {show(expected)}"
        return Feedback("correct", f"Correct!{note}", "答对了！")
    _strict(definition, answer, expected)
    return _wrong(definition, answer, params, expected)


def choice(exercise_id: str, answer: Any = ...) -> Feedback | Task:
    """The options of a multiple-choice exercise (no answer yet), or feedback naming the misconception chosen."""
    definition = _definition(exercise_id, ("choice",))
    if answer is ... or answer is None:
        return Task(definition, student_of(exercise_id))
    key = str(answer).strip().lower()
    option = next((o for o in definition.options if o.key.lower() == key), None)
    if option is None:
        keys = ", ".join(o.key for o in definition.options)
        raise ValueError(f"exercise {exercise_id}: {answer!r} is not an option; choose one of {keys} (选项：{keys})")
    if option.correct:
        return Feedback("correct", f"Correct! {option.why}".rstrip(), f"答对了！{option.why_zh}")
    _strict(definition, answer, definition.expected())
    _STATE["tries"][exercise_id] = _STATE["tries"].get(exercise_id, 0) + 1
    return Feedback("wrong", f"Not this one: {option.why}", f"不是这个：{option.why_zh}")


def predict(exercise_id: str, guess: Any = ...) -> Feedback:
    """With a guess: keep it (before the simulation runs). Without: compare the kept guess with the simulation."""
    definition = _definition(exercise_id, ("predict",))
    guesses = _STATE["guesses"]
    if guess is not ...:
        if guess is None or as_number(guess) is None:
            return _unanswered()
        changed = exercise_id in guesses and guesses[exercise_id] != guess
        guesses[exercise_id] = guess
        note = " (you changed your guess)" if changed else ""
        return Feedback(
            "recorded",
            f"Your guess {show(guess)} is kept{note}. Now run the experiment, then predict({exercise_id!r}) to compare.",
            f"你的猜测 {show(guess)} 已记下。现在运行实验，再用 predict({exercise_id!r}) 比较。",
        )
    if exercise_id not in guesses:
        return Feedback(
            "unanswered",
            f"Make your guess first: predict({exercise_id!r}, your_guess), before the experiment runs.",
            f"先猜一个数：在实验之前运行 predict({exercise_id!r}, 你的猜测)。",
        )
    guess = guesses[exercise_id]
    actual = definition.answer(definition.params(student_of(exercise_id)))
    gap = abs(float(as_number(guess)) - float(actual))
    near = gap <= max(definition.tolerance, (definition.relative or 0) * abs(float(actual)))
    verdict, verdict_zh = ("close: well judged", "很接近，判断得好") if near else ("a surprise: what did you not expect?", "出乎意料：你哪里没想到？")
    hint = f" {definition.hints[0]}" if definition.hints and not near else ""
    hint_zh = f" {definition.hints_zh[0]}" if definition.hints_zh and not near else ""
    return Feedback(
        "compared",
        f"You guessed {show(guess)}; the experiment gave {show(actual)} (off by {gap:.3g}), {verdict}.{hint}",
        f"你猜 {show(guess)}；实验得到 {show(actual)}（相差 {gap:.3g}），{verdict_zh}。{hint_zh}",
    )


def explain(exercise_id: str, text: Any = ...) -> Feedback:
    """After an attempt of a sentence or more, the model answer and which key ideas the attempt names."""
    definition = _definition(exercise_id, ("explain",))
    if text is ... or text is None or not str(text).strip():
        return _unanswered()
    words = str(text).split()
    if len(words) < 5 and not any("\u4e00" <= ch <= "\u9fff" for ch in str(text)):
        return Feedback(
            "wrong",
            "Write a whole sentence (at least five words) before you see the model answer.",
            "先写一个完整的句子，再看参考答案。",
        )
    ticks = "".join(
        f"<li>{pick('found', '已写到', joiner=' ') if idea.found_in(str(text)) else pick('missing', '还没写到', joiner=' ')}: "
        f"{html.escape(pick(idea.label, idea.label_zh, joiner=' '))}</li>"
        for idea in definition.ideas
    )
    if language() == "both":
        model = f"{html.escape(definition.model)}<br><span style='opacity:.85'>{html.escape(definition.model_zh)}</span>"
    else:
        model = html.escape(pick(definition.model, definition.model_zh))
    extra = (
        f"<div style='margin-top:4px'><i>{pick('Model answer', '参考答案', joiner=' ')}:</i> {model}"
        + (f"<ul style='margin:2px 0'>{ticks}</ul>" if ticks else "")
        + "</div>"
    )
    named = [idea.label for idea in definition.ideas if idea.found_in(str(text))]
    named_zh = [idea.label_zh for idea in definition.ideas if idea.found_in(str(text))]
    return Feedback(
        "revealed",
        f"Compare yours with the model answer: {definition.model} "
        f"(key ideas you named: {', '.join(named) or 'none yet'})",
        f"和参考答案比一比：{definition.model_zh}（你写到的要点：{'、'.join(named_zh) or '还没有'}）",
        extra_html=extra,
    )


def board_task(exercise_id: str, board: Any) -> Feedback:
    """Read ``board.state`` (or a state) and say whether the task is done, or what is still missing."""
    definition = _definition(exercise_id, ("board",))
    if board is ... or board is None:
        return Feedback(
            "unanswered",
            "Do the task on the board, then set the answer to the board (answer = board) and run the cell again.",
            "先在棋盘上完成任务，再把答案设为棋盘（answer = board），然后重新运行这个单元格。",
        )
    state = getattr(board, "state", board)
    missing = definition.goal(state, definition.params(student_of(exercise_id)))
    if not missing:
        return Feedback("correct", "Done: the board shows the task complete.", "完成：棋盘上的任务已经达成。")
    _strict(definition, [m[0] for m in missing], "done")
    return Feedback(
        "wrong",
        "Still missing: " + "; ".join(m[0] for m in missing) + ".",
        "还缺：" + "；".join(m[1] for m in missing) + "。",
    )
