"""A misconception the kit names is labelled as one, so no reader takes it for a claim (issue 41).

The old convention closed a wrong option's why-text with the misconception in bare brackets,
"… here 1 yellow is likelier than 2 (mean = mode)", and a teacher read "(mean = mode)" as
something the kit states. Now every such bracket opens with its label, "(the misconception:
mean = mode)", "（误解：平均数就是众数）". Scanned, in English and in Chinese:

- every text of every registered exercise (question, hints, options, why-texts, model answer,
  key ideas, feedback on tempting wrong answers for the lesson's numbers and a few pupils');
- the lessons' prose and the teacher's guides in both languages.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pokelab.course.registry import all_exercises
from pokelab.words import Text

ROOT = Path(__file__).resolve().parents[2]
LABEL = {"en": "the misconception: ", "zh": "误解："}
OPEN, CLOSE = {"en": "(", "zh": "（"}, {"en": ")", "zh": "）"}
#: A bracket that only points somewhere (a rule, a lesson, a section) is not a misconception.
_REFERENCE = re.compile(r"^(?:(?:HC|SP)-[A-Z]+\d+|lesson \d+|第 \d+ 课|section \d+)$")
#: "(mean = mode)", "（期望 = 众数）": two words or phrases set equal, nothing else — the old way to name a mistake.
_SIDE = r"[A-Za-z\u4e00-\u9fff][A-Za-z\u4e00-\u9fff' -]*[A-Za-z\u4e00-\u9fff]"
_WORDS_EQUAL = re.compile(rf"^{_SIDE}\s*[=＝]\s*{_SIDE}$")
#: The old Chinese ways of naming a mistake in brackets: "（以为……）", "（把……当成……）", "（忽略了……）".
_ZH_OLD = re.compile(r"^(?:以为|把.+当成|忽略|忽视|只看|只数)")
PUPILS = [None, "Ann", "李华", "Zoë Ng"]
#: A prose line that labels what it lists as misconceptions.
_LABELLED_LINE = re.compile(r"[Mm]isconception|误区|误解")


def groups(text: str) -> list[tuple[str, int]]:
    """Every innermost bracket group of ``text`` (both kinds of brackets), with where it ends."""
    return [(m.group(1), m.end()) for m in re.finditer(r"[(（]([^()（）]*)[)）]", text)]


def bare_misconceptions(text: str, lang: str, *, why_of_wrong: bool = False) -> list[str]:
    """The bracket groups of ``text`` that name a misconception without its label.

    A group reads as a misconception named the old way when it sets two words equal ("mean = mode"),
    opens as the old Chinese ones did ("以为", "把……当成"), or — in a wrong option's why-text, where the
    misconception is named — closes the text. A rule or lesson reference is none.

    >>> bare_misconceptions("here 1 yellow is likelier than 2 (mean = mode)", "en", why_of_wrong=True)
    ['mean = mode']
    >>> bare_misconceptions("here 1 yellow is likelier than 2 (the misconception: mean = mode)", "en", why_of_wrong=True)
    []
    >>> bare_misconceptions("这里 1 枚黄色比 2 枚更可能（把期望值当成最可能）", "zh")
    ['把期望值当成最可能']
    >>> bare_misconceptions("P(X = k) for k = 0 … 2 (X = k exactly), HC-R7 (HC-R7)", "en", why_of_wrong=True)
    []
    """
    found = []
    end = len(text.rstrip().rstrip(".。"))
    for inner, stop in groups(text):
        inner = inner.strip()
        if inner.startswith(LABEL[lang]) or _REFERENCE.match(inner):
            continue
        closes = why_of_wrong and stop == end
        if closes or _WORDS_EQUAL.match(inner) or (lang == "zh" and _ZH_OLD.match(inner)):
            found.append(inner)
    return found


def _registry_texts():
    """(where, text, is a wrong option's why) for every text of every exercise."""
    for ex in all_exercises():
        yield f"{ex.id} question", ex.statement(), False
        yield from ((f"{ex.id} hint", h, False) for h in ex.hints if isinstance(h, Text))
        for option in ex.options:
            yield f"{ex.id} option {option.key}", option.text, False
            if option.why is not None:
                yield f"{ex.id} why {option.key}", option.why, not option.correct
        if ex.model is not None:
            yield f"{ex.id} model", ex.model, False
        yield from ((f"{ex.id} idea", i.label, False) for i in (*ex.ideas, *ex.misconceptions))
        if ex.mistakes is not None:
            for pupil in PUPILS:
                yield from ((f"{ex.id} mistake", why, False) for _value, why in ex.mistakes(ex.params(pupil)))


@pytest.fixture(scope="module")
def registry() -> list[tuple[str, Text, bool]]:
    """Every text of every exercise, gathered when a test asks (at import, each xdist worker's collection paid 1 s)."""
    return list(_registry_texts())


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_no_exercise_text_names_a_misconception_in_bare_brackets(lang, registry) -> None:
    bare = [(where, found) for where, text, wrong in registry
            for found in bare_misconceptions(text.render(lang), lang, why_of_wrong=wrong)]
    assert not bare, bare


def test_every_labelled_misconception_is_labelled_in_both_languages(registry) -> None:
    """A why-text that labels its misconception does so in English and in Chinese alike, as a closing bracket."""
    labelled = 0
    for where, text, wrong in registry:
        shown = {lang: text.render(lang) for lang in ("en", "zh")}
        counts = {lang: shown[lang].count(OPEN[lang] + LABEL[lang]) for lang in shown}
        assert counts["en"] == counts["zh"], (where, shown)
        if counts["en"]:
            assert wrong, f"{where}: only a wrong option's why-text names a misconception"
            for lang in shown:
                tail = shown[lang].rstrip(".。")
                assert tail.endswith(CLOSE[lang]) and tail.rfind(OPEN[lang] + LABEL[lang]) == tail.rfind(OPEN[lang])
                assert len(tail.rsplit(LABEL[lang], 1)[1].rstrip(CLOSE[lang]).strip()) >= 3, (where, lang)
            labelled += 1
    assert labelled >= 30  # the kit's choices name their misconceptions this way (34 when issue 41 closed)


def test_the_old_bare_brackets_are_found() -> None:
    """The scan fails on the convention it replaced: the why-texts issue 41 quotes, in both languages."""
    old = [("en", "the mean is not the likeliest value: here 1 yellow is likelier than 2 (mean = mode)"),
           ("en", "the mean says nothing about every single round (average = always)"),
           ("en", "a redraw is not free: it can take away what you already have (a redraw is a free chance)"),
           ("zh", "这里 1 枚黄色比 2 枚更可能（期望 = 众数）"),
           ("zh", "重抽不是白送的：它可能拿走你已经到手的分（以为重抽是白送的机会）")]
    for lang, text in old:
        assert bare_misconceptions(text, lang, why_of_wrong=True), text
    assert bare_misconceptions("(mean = mode) is what a teacher read", "en")


PROSE = sorted([*(ROOT / "lessons").rglob("*.md"), ROOT / "docs" / "teacher-guide.md", ROOT / "docs" / "zh" / "teacher-guide.md"])


@pytest.mark.parametrize("path", PROSE, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_lesson_or_guide_names_a_misconception_in_bare_brackets(path) -> None:
    """Prose outside code: no bracket sets two words equal or opens as the old Chinese labels did.

    A line that says what it lists ("The misconceptions this lesson targets: …", "误区：") is labelled already.
    """
    text = re.sub(r"```.*?```|`[^`\n]*`|\$[^$\n]*\$", " ", path.read_text(encoding="utf-8"), flags=re.S)
    bare = [found for line in text.splitlines() if not _LABELLED_LINE.search(line)
            for lang in ("en", "zh") for found in bare_misconceptions(line, lang)]
    assert not bare, bare
