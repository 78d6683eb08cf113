"""What the pseudo-language tests of the engine share: the engine's area, the words a test may see back, the leak check."""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Iterable, Iterator
from typing import Any

from pokelab import herecomes as hc
from pokelab import splendor as sp
from pokelab.errors import IllegalAction
from pokelab.words import Text
from pokelab.words.pseudo import leaks

#: The files of the engine's area whose texts this test renders (and whose Chinese it checks).
AREA = (
    "pokelab/splendor/",
    "pokelab/herecomes/",
    "pokelab/core/",
    "pokelab/toy.py",
    "pokelab/odds/",
    "pokelab/bots/",
    "pokelab/sim/",
    "pokelab/errors.py",
)
NAMES = ("Ann", "Bo", "Cy", "Di")
#: What Python's json module says about a broken document (shown as the detail, as it says it).
JSON_DETAIL = {"Expecting", "property", "name", "enclosed", "in", "double", "quotes", "line", "column", "char",
               "value", "Extra", "data", "delimiter", "Invalid", "control", "character", "at", "Unterminated",
               "string", "starting", "invalid", "start", "byte", "utf", "codec", "can", "decode", "position",
               "NaN", "is", "not", "JSON", "number", "continuation"}
#: Codes a person types, shown back in errors as they were typed (colours, actions, powers, options).
CODES = {
    *sp.TOKEN_COLOURS, *hc.COLOURS, "pink", "Dance", "Jump", "Fly", "away", "TakeSame", "TakeDifferent",
    "Reserve", "Catch", "Evolve", "ReturnTokens", "Pass", "EndTurn", "Draw", "Discard", "VoteRedraw", "Keep",
    "UseTrainer", "extra_discard", "redraw", "peek", "swap", "teleport", "free", "Roll", "Choose", "bank",
    "risk", "fold", "None", "True", "False", "yes", "no", "all", "leader", "win_points", "Variant", "AllOf",
    "last", "never", "first", "COLOUR", "toy", "splendor", "herecomes", "chess", "greedy", "random",
    "mcts", "easy", "medium", "hard", "heuristic", "expected-points", "games", "games_per_pair", "bag", "zzz",
    "Pikachu", "Missingno", "dict", "list", "str", "int", "garbage", "Executor", "concurrent", "futures",
    "choose", "view", "legal", "rng", "apply", "move", "seat", "pokelab", "one", "maybe", "lunch", "ZZ", "bots", "names", "options", "executor", "lump", "max_nodes",
}


def clean(text: str, allowed: Iterable[str] = ()) -> None:
    """``text`` (rendered in the pseudo-language) has no word that bypassed the catalogue."""
    found = _leaks(text, frozenset(allowed))
    assert found == (), f"{found} in {text!r}"


@functools.cache
def _leaks(text: str, allowed: frozenset[str]) -> tuple[str, ...]:
    """``leaks`` of a text, worked out once: a refusal test renders some 380,000 refusals but only a few
    hundred different texts, and looking for leaks in each copy again was half of its time."""
    return tuple(leaks(text, {*NAMES, *CODES, *JSON_DETAIL, *allowed}))


def words_of(value: Any) -> set[str]:
    """The words of a value the test typed (they may come back, quoted, in an error)."""
    return set(re.findall(r"[A-Za-z_]+", repr(value)))


def area_sources(template: Any, files: tuple[str, ...]) -> set[str]:
    """The message ids whose every location is in ``files`` (the texts those modules can show)."""
    return {
        m.id if isinstance(m.id, str) else m.id[0]
        for m in template
        if m.id and m.locations and all(loc.startswith(files) for loc, _line in m.locations)
    }


def sources(text: Text) -> Iterator[str]:
    """The message ids of ``text`` and of the texts in its fields (a refusal's colour, its phase, …)."""
    yield text.source
    for _name, value in text.fields:
        if isinstance(value, Text):
            yield from sources(value)


def refusals_of(game_apply: Any, states: Iterable[Any], pool: Iterable[Any]) -> Iterator[IllegalAction]:
    pool = list(pool)
    for state in states:
        for action in pool:
            try:
                game_apply(state, action)
            except IllegalAction as err:
                yield err


def herecomes_states() -> list[Any]:
    """Positions of random games of 1-4 players with trainers, and built ones for the rarer refusals."""
    states = []
    for players, seed in ((1, 1), (2, 2), (3, 3), (4, 4), (2, 5), (3, 6)):
        s = hc.new_game(list(NAMES[:players]), seed=seed)
        rng = random.Random(seed)
        for _ply in range(500):
            states.append(s)
            if s.phase == "over":
                break
            if s.is_chance:
                s = hc.apply(s, hc.sample(s, rng))
            else:
                s = hc.apply(s, rng.choice(hc.legal_actions(s)))
    return states
