"""Every word the Splendor board shows: one table of catalogue texts, rendered in the board's language.

The front end receives ``labels(lang)`` inside its view, so all user-facing text
lives here, in one place, translated by the word catalogue (``pokelab.words``);
colour, tier and Pokémon names come from :mod:`pokelab.splendor.names`.

>>> labels("zh")["your_turn"]
'轮到你了'
>>> labels("en")["colour"]["master"], labels("zh")["lang_switch"]
('Master Ball', 'English')
>>> labels("de")
Traceback (most recent call last):
...
ValueError: unknown language 'de': choose 'en' or 'zh'
"""

from __future__ import annotations

from typing import Any

from pokelab.splendor.cards import TIERS, TOKEN_COLOURS
from pokelab.splendor.names import colour_name, tier_name
from pokelab.words import _
from widgets._table_text import SEAT_TEXT
from widgets._words import fresh, kept, labels_in, own_name, switch_to
from widgets.splendor.coach_text import COACH_TEXT

__all__ = ["TEXT", "labels"]

#: key -> catalogue text (the front end fills the ``{placeholders}`` left in)
TEXT: dict[str, Any] = {
    'title': _('Splendor: Pokémon'),
    'round': _('Round {n}'),
    'last_round': _('last round!'),
    'your_turn': _('Your turn'),
    'turn_of': _("{name}'s turn"),
    **SEAT_TEXT,
    'thinking': _('{name} is thinking…'),
    'won_badge': _('★ Winner'),
    'deck': _('Deck'),
    'display': _('Display (wild Pokémon)'),
    'supply': _('Supply'),
    'pick_hint': _('Pick poké balls in the supply: 3 different colours, or 2 of one colour.'),
    'picked': _('Picked'),
    'take': _('Take tokens'),
    'clear': _('Clear'),
    'catch': _('Catch'),
    'reserve': _('Reserve'),
    'evolve_from': _('Evolve {base} → {into}'),
    'cost': _('Cost'),
    'you_pay': _('You pay'),
    'free': _('free'),
    'affordable': _('You can catch this'),
    'not_affordable': _('Not enough tokens yet'),
    'rare_needs_master': _('Rare and legendary cards need a Master Ball'),
    'close': _('Close'),
    'end_turn': _('End turn'),
    'pass': _('Pass'),
    'after_main': _('Main action done — evolve a Pokémon or end your turn.'),
    'return_hint': _('You hold more than 10 tokens: choose {n} to return.'),
    'return': _('Return tokens'),
    'undo': _('Undo'),
    'new_game': _('New game'),
    'seed': _('Seed'),
    'log': _('Moves'),
    'announce': _('{who}: {text}'),
    'live_region': _('Moves, read aloud'),
    'no_moves': _('No moves yet.'),
    'points': _('pts'),
    'tokens': _('Tokens'),
    'discounts': _('Discounts'),
    'captured': _('Caught'),
    'reserved': _('Reserved'),
    'none': _('—'),
    'you': _('you'),
    'bot': _('bot'),
    'rule': _('Rule'),
    'problem': _('Not understood'),
    'retry': _('Let the bots try again'),
    'bot_failed': _('A bot failed'),
    'goal': _("First to {n} points ends the game at the round's end."),
    'stage': {
        '0': _('Basic'),
        '1': _('Stage 1'),
        '2': _('Stage 2'),
    },
    'tier': {tier: tier_name(tier) for tier in TIERS},
    'colour': {colour: colour_name(colour) for colour in TOKEN_COLOURS},
    'coach': COACH_TEXT,  # the coach panel (widgets/js/splendor/coach/)
}


def labels(lang: str) -> dict[str, Any]:
    """The board's words in ``lang`` as a fresh JSON-safe dict, with the language switch.

    ``lang_switch`` names the next language in its own words; ``lang_next`` is its code.
    """
    return fresh(kept(("splendor labels", lang), lambda: _labels(lang)))  # worked out once per language


def _labels(lang: str) -> dict[str, Any]:
    words = labels_in(TEXT, lang)
    words["lang_next"] = switch_to(lang)
    words["lang_switch"] = own_name(words["lang_next"])
    return words
