"""Chinese puts no space between two Chinese words, also where one of them is filled in (issue 31).

A colour, a Pokémon, a trainer or a player's name is a word of the sentence it fills:
"最后一枚是红色的概率", "你同意重抽" — never "最后一枚是 红色 的概率", "你 同意重抽". Where a
field meets a Latin name or a number, the one rule of ``translate`` spaces the two scripts
("Ann 同意重抽", "玩家 1 同意重抽"). Three scans:

- every exercise question of the course, with its hints, options, model answer and feedback on
  tempting wrong answers, rendered in Chinese for a handful of pupils;
- every line the Here Comes log says of a move, in random games, with Chinese and Latin names;
- every Chinese catalogue entry, its word fields (who, name, colour, card …) filled with a Chinese word.
"""

from __future__ import annotations

import re
import string

import pytest
from babel.messages.pofile import read_po

from pokelab.course.registry import all_exercises
from pokelab.herecomes import VoteRedraw
from pokelab.words import Text, maintain, translate
from tests.herecomes.helpers import random_game

#: Chinese characters and Chinese punctuation (、，。：；？！（）“” …), which no ASCII space may separate.
CJK = "\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef"
_SPACED = re.compile(f"(?=([{CJK}] +[{CJK}]))")  # overlapping: "是 红色 的" is two places
#: Pupils of a class: no name, Latin names, a Chinese one.
PUPILS = [None, "Ann", "Mei", "李华", "Zoë Ng", "Bo"]
#: Fields that hold a word of the reader's language: a person, a colour, a Pokémon, a trainer, a bag.
WORD_FIELDS = {"who", "name", "names", "player", "group", "klass", "student", "colour", "shown", "bag", "card",
               "other", "trainer", "base", "into", "better", "played", "tokens", "colours", "payment"}
#: Entries whose word-named field holds code or a number (an option, a bot, a game id, a count): shown with spaces.
CODE_FIELDS = {
    "argument {name}: {message}",
    "unknown bot {name} for {game}: choose {choices}",
    "unknown game {name}: choose {choices}",
    "unknown action {name}: choose one of {choices}",
    "exercise {id} has no number called {name} (it has {names})",
    "got {names} names for {bots} bots",
    "There is no player {player}: seats are 0 to {last}.",
    "player must be 0..{last}, got {player}",
    "a student needs a name (got {name})",
    "a round is a list of {most} token colours, not {tokens}",
    "unknown token colour {colour}; the colours are {colours}",
}
_FORMATTER = string.Formatter()


def spaced(text: str) -> list[str]:
    """The places in ``text`` where a space separates two Chinese characters (or Chinese punctuation).

    >>> spaced("最后一枚是 红色 的概率"), spaced("Ann 同意重抽"), spaced("玩家 1 同意重抽")
    (['是 红', '色 的'], [], [])
    """
    return [m.group(1) for m in _SPACED.finditer(text)]


def _texts(exercise, pupil) -> list[Text]:
    """Every catalogue text an exercise shows a pupil: question, hints, options, model, ideas, feedback."""
    texts = [exercise.statement(pupil), *(h for h in exercise.hints if isinstance(h, Text))]
    texts += [o.text for o in exercise.options] + [o.why for o in exercise.options if o.why is not None]
    texts += [i.label for i in (*exercise.ideas, *exercise.misconceptions)]
    if exercise.model is not None:
        texts.append(exercise.model)
    if exercise.mistakes is not None:
        texts += [why for _value, why in exercise.mistakes(exercise.params(pupil))]
    return texts


@pytest.mark.parametrize("exercise", all_exercises(), ids=lambda e: e.id)
def test_every_exercise_reads_without_spaces_between_chinese_words(exercise) -> None:
    found = {}
    for pupil in PUPILS if exercise.personal is not None else [None]:
        for text in _texts(exercise, pupil):
            shown = text.render("zh")
            if spaced(shown):
                found[text.source] = shown
    assert found == {}, f"{exercise.id}: a space between Chinese words in {found}"


def test_exercise_30_names_the_colour_as_a_word_of_the_sentence() -> None:
    """The fault the issue names: "是 {colour} 的概率"."""
    question = next(e for e in all_exercises() if e.id == "30-1")
    assert question.text(None, "zh") == "用默认布袋，在这一轮开始之前：放到 3 号顺序卡上的第一枚代币（第 8 枚抽出的）是黄色的概率是多少？"


def test_here_comes_log_lines_read_without_spaces_between_chinese_words() -> None:
    """Every move of random games, as the log says it (and as other seats see it), with Chinese and Latin names."""
    found = {}
    for names in (["你", "小明", "Ann", "Bo"], None):
        for seed in range(4):
            for _before, action, _after in random_game(seed, 4):
                for hidden in (False, True):
                    text = action.log_text(names, hidden=hidden)
                    if spaced(text.render("zh")):
                        found[text.source] = text.render("zh")
    assert found == {}


def test_a_vote_reads_with_the_name_as_its_subject() -> None:
    """"你同意重抽"; a Latin name or a numbered seat keeps the space Chinese puts between scripts."""
    names = ["你", "Ann", "Player 3"]
    assert VoteRedraw(0, True).describe("zh", names) == "你同意重抽"
    assert VoteRedraw(0, False).describe("zh", names) == "你不同意重抽"
    assert VoteRedraw(1, True).describe("zh", names) == "Ann 同意重抽"
    assert VoteRedraw(2, True).describe("zh", names) == "玩家 3 同意重抽"
    assert VoteRedraw(1, True).describe("en", names) == "Ann votes for a redraw"


def _entries():
    with open(maintain.po_path("zh"), "rb") as handle:
        catalog = read_po(handle)
    for message in catalog:
        if message.id and not message.fuzzy:
            yield message


def test_every_chinese_entry_takes_its_words_without_spaces() -> None:
    """Each Chinese entry, its word fields filled with a Chinese word, puts no space between that word and Chinese."""
    word = "小明"
    beside = re.compile(f"[{CJK}] +{word}|{word} +[{CJK}]")
    found = {}
    for message in _entries():
        source, plural = (message.id, None) if isinstance(message.id, str) else message.id
        if source in CODE_FIELDS:
            continue
        patterns = [message.string] if isinstance(message.string, str) else list(message.string)
        names = {name for pattern in patterns for _, name, _, _ in _FORMATTER.parse(pattern) if name}
        fields = {name: word if name in WORD_FIELDS else "7" for name in names}
        shown = translate("zh", source, fields, context=message.context, plural=plural,
                          count=None if plural is None else 7)
        if beside.search(shown):
            found[source] = shown
    assert found == {}, f"{len(found)} entries space their words: {found}"
