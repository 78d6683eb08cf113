"""The Here Comes Pokémon! board's move log: each move as the board's seat may know it, and in full (HC-G3).

A line keeps ``text`` (what the board's seat may read: its own moves in full,
the others' choices face down, the events the engine reveals) and ``_teacher``
(everything, for the teacher's view); both stay texts until the log is published
in the board's language.

>>> from pokelab.herecomes import Discard, new_game
>>> s = new_game(["You", "Bo"], seed=2)
>>> [line["text"].render("en") for line in log_lines(0, Draw("red"), s, s, names=["You", "Bo"], viewer=0, shared=False)]
['You draw wave 1: ']
>>> log_lines(1, Discard(1, "G01"), s, s, names=["You", "Bo"], viewer=5, shared=False)
Traceback (most recent call last):
...
pokelab.errors.InputError: there is no seat 5: ...
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pokelab.core.texts import seat_name
from pokelab.herecomes import Draw, State, UseTrainer
from pokelab.herecomes.names import colour_name
from pokelab.words import _, languages
from widgets._words import Said
from widgets.board.turns import DrawChance
from widgets.herecomes.seat import new_events
from widgets.herecomes.text import text

__all__ = ["log_lines"]


def _is_you(name: str) -> bool:
    """Whether ``name`` is the default name of your seat in some language (your draws read "You draw …")."""
    return name in {_("You").render(lang) for lang in languages()}


def log_lines(
    seat: int, action: Any, before: State, after: State, *, names: Sequence[str], viewer: int, shared: bool
) -> list[dict[str, Any]]:
    """The log lines of ``seat`` playing ``action`` from ``before`` to ``after``, for the board of ``viewer``.

    ``shared``: several people read this screen (pass-and-play), so nobody's move reads as "you".
    Each line is ``{"text": what viewer may know (None: nothing), "_teacher": the full move}``; a move's
    first line also keeps ``"_move": (before, action)`` for the round review.
    """
    names = list(names)
    if isinstance(action, DrawChance | Draw):
        line = _draw_line(seat, before, after, names=names, you=seat == viewer and _is_you(names[seat]) and not shared)
        return [{"text": line, "_teacher": line}]
    full = Said(lambda lang: action.describe(lang, names))
    seen: Said | None
    if seat == viewer and not shared:  # pass-and-play: everyone reads the log
        seen = full
    elif isinstance(action, UseTrainer):  # its public effect comes as the engine's event
        seen = None
    else:
        seen = Said(lambda lang: action.describe(lang, names, hidden=True))
    lines: list[dict[str, Any]] = [{"text": seen, "_teacher": full, "_move": (before, action)}]
    for event in new_events(before, after, viewer):
        if event.get("player") in (viewer, seat):
            continue  # that seat's own move already says it
        said = event["text"]
        lines.append({"text": said, "_teacher": said})
    return lines


def _draw_line(seat: int, before: State, after: State, *, names: Sequence[str], you: bool) -> Said:
    """The leader's draw: the tokens it brought out (a draw that ended the round: from its summary)."""
    if after.round == before.round and len(after.tokens) > len(before.tokens):
        drawn = after.tokens[len(before.tokens) :]
    else:  # the draw ended the round: its tokens are in the round's summary
        drawn = tuple(after.summary["tokens"][len(before.tokens) :]) if after.summary else ()
    key = ("log_redraw" if before.phase == "redraw" else "log_wave") + ("_you" if you else "")
    who, wave = seat_name(names[seat], seat), before.wave

    def line(lang: str) -> str:
        tokens = text("list_sep").render(lang).join(colour_name(c).render(lang) for c in drawn)
        return text(key, who=who, wave=wave, tokens=tokens).render(lang)

    return Said(line)
