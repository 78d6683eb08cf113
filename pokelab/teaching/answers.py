"""Whether a pupil's answer counts as the right one: exact fractions, tolerances, sets, words in any language.

>>> from pokelab.course.registry import get
>>> matches(get("30-1"), 0.15, Fraction(3, 20)), matches(get("30-1"), "3/21", Fraction(3, 20))
(True, False)
>>> sorted(other_words("red")), sorted(other_words("rare")), sorted(other_words("Charmeleon"))
(['红', '红色'], ['稀有'], ['火恐龙'])
>>> other_words("G05")
set()
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pokelab.course.fields import field
from pokelab.course.registry import ExerciseDef
from pokelab.splendor.cards import TIERS, TOKEN_COLOURS
from pokelab.splendor.names import colour_name, short_colour_name, tier_name
from pokelab.teaching.feedback import as_number
from pokelab.words import SOURCE_LANG, Text, languages

__all__ = ["matches", "other_words"]

def _catalogue_words(word: str) -> list[Text]:
    """The catalogue texts a pupil may write for ``word``: a colour in full or short ("红色", "红"), a tier, a name."""
    if word in TIERS:
        return [tier_name(word)]
    if word in TOKEN_COLOURS and word != "master":
        return [colour_name(word), short_colour_name(word)]
    named = field(word)
    return [named] if isinstance(named, Text) else []


def other_words(word: str) -> set[str]:
    """The ways a pupil may write the English answer ``word`` in the kit's other languages (a colour, a tier, a name)."""
    words = {
        text.render(lang) for text in _catalogue_words(word) for lang in languages() if lang != SOURCE_LANG
    }
    return words - {word}


def matches(definition: ExerciseDef, answer: Any, target: Any) -> bool:
    """True when ``answer`` counts as ``target`` under the exercise's rules (exact, tolerance, relative, member)."""
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
        return said == " ".join(target.split()).casefold() or said in other_words(target)
    if isinstance(target, tuple) and isinstance(answer, tuple | list) and len(answer) == len(target):
        return all(matches(definition, a, t) for a, t in zip(answer, target, strict=True))
    try:
        return bool(answer == target)
    except (TypeError, ValueError):  # odd types (arrays) simply do not match
        return False
