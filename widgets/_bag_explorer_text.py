"""Every word the bag explorer shows, as catalogue texts, and the refusals of a bag or a number of draws.

>>> labels("zh")["more"].format(n=100)
'再模拟 100 轮'
>>> reason("the bag holds 8 tokens but a round draws 10: add at least 2 more").render("zh")
'布袋里只有 8 枚代币，但一轮要抽 10 枚：至少再加 2 枚'
>>> reason("something else").render("zh")
'输入无效：something else'
"""

from __future__ import annotations

import re
from typing import Any

from pokelab.herecomes.names import colour_name
from pokelab.herecomes.pieces import COLOURS
from pokelab.words import Text, _
from widgets._words import fresh, joined, kept, labels_in

__all__ = ["EXPLORER_LABELS", "labels", "reason"]

#: key -> catalogue text (the page fills the ``{placeholders}`` left in)
EXPLORER_LABELS: dict[str, Text] = {
    'title': _('Bag explorer'),
    'intro': _('Change the bag and the number of draws: the exact distribution and a simulation follow.'),
    'bag': _('Bag'),
    'count_of': _('{colour} tokens in the bag'),
    'draws': _('Tokens drawn'),
    'colour': _('Count the colour'),
    'total': _('{n} tokens in the bag'),
    'more': _('Draw {n} more rounds'),
    'reset': _('Start the simulation again'),
    'rounds': _('Simulated rounds: {n}'),
    'exact_mean': _('Exact mean: {draws} × {k}/{total} = {mean} ≈ {value}'),
    'sim_mean': _('Simulated mean: {value}'),
    'sim_none': _('No simulated round yet.'),
    'k': _('{colour} drawn'),
    'p_exact': _('exact chance'),
    'p_sim': _('share of simulated rounds'),
    'table': _('The distribution as numbers'),
    'fig_title': _('How many {colour} in {draws} draws: exact and {n} simulated rounds'),
    'x': _('number of {colour} tokens drawn'),
    'y': _('chance / share of rounds'),
    'exact': _('exact'),
    'simulated': _('simulated'),
    'mean_exact': _('exact mean {value}'),
    'mean_sim': _('simulated mean {value}'),
    'plotly_failed': _('The plot could not be drawn: {error}'),
    'error': _('Not possible'),
}


def labels(lang: str) -> dict[str, Any]:
    """The explorer's words in ``lang`` as a fresh JSON-safe dict (worked out once per language: ``widgets._words.kept``)."""
    return fresh(kept(("bag explorer labels", lang), lambda: labels_in(EXPLORER_LABELS, lang)))


def _colour(word: str) -> Text | str:
    return colour_name(word) if word in COLOURS else word


def reason(en: str) -> Text:
    """The catalogue text of a refusal of a bag or of a number of draws (the engine's English message).

    A message it does not know is shown after a prefix, as the engine wrote it.
    """
    m = re.match(r"the bag holds (\d+) tokens but a round draws (\d+): add at least (\d+) more", en)
    if m:
        return _("the bag holds {total} tokens but a round draws {draws}: add at least {missing} more",
                 total=int(m[1]), draws=int(m[2]), missing=int(m[3]))
    m = re.match(r"the count of (\w+) cannot be negative", en)
    if m:
        return _("the count of {colour} cannot be negative", colour=_colour(m[1]))
    m = re.match(r"the count of (\w+) must be a whole number", en)
    if m:
        return _("the count of {colour} must be a whole number", colour=_colour(m[1]))
    m = re.match(r"unknown token colour ('[^']*'|\S+)", en)
    if m:
        return _("unknown token colour {colour}; the colours are {colours}", colour=m[1],
                 colours=joined([colour_name(c) for c in COLOURS]))
    m = re.match(r"a bag holds at most (\d+) tokens of a colour", en)
    if m:
        return _("a bag holds at most {n} tokens of a colour", n=int(m[1]))
    if en.startswith("draws must be"):
        return _("draws must be a whole number of at least 1")
    if en.startswith("n must be"):
        return _("the number of simulated rounds must be a whole number of at least 1")
    return _("not valid: {reason}", reason=en)
