"""Every word the Here Comes Pokémon! board shows: one table of catalogue texts, rendered per language.

The front end receives ``labels(lang)`` inside its view (``view["labels"]``) and
fills the ``{placeholders}`` itself; the board's Python takes its log lines from
here too (:func:`say`). Card names come from :mod:`pokelab.herecomes.names`,
trainer texts and rule reasons from the engine; everything else the board says
lives in this one table, translated by the word catalogue (``pokelab.words``).

>>> labels("zh")["you_lead"]
'你是领队。'
>>> labels("en")["status"].format(round=1, wave=2, phase="drawing")
'Round 1 · Wave 2 · drawing'
>>> labels("en")["colour"]["purple"], labels("zh")["colour"]["purple"]
('purple', '紫色')
>>> labels("de")
Traceback (most recent call last):
...
ValueError: unknown language 'de': choose 'en' or 'zh'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from pokelab.core.texts import seat_name
from pokelab.herecomes import TARGETS, WAVES, UseTrainer
from pokelab.herecomes.names import colour_name
from pokelab.herecomes.pieces import COLOURS
from pokelab.words import Text, _, _n, check_lang, render
from widgets._table_text import SEAT_TEXT
from widgets._words import fresh, kept, labels_in, lang_choices

__all__ = ["TEXT", "counted", "labels", "page_hc", "say", "trainer_actions"]

#: key -> catalogue text (the front end fills the ``{placeholders}`` left in)
TEXT: dict[str, Any] = {
    'title': _('Here Comes Pokémon!'),
    'status': _('Round {round} · Wave {wave} · {phase}'),
    'leader': _('Leader'),
    'you': _('you'),
    'you_name': _('You'),
    'bag': _('The bag'),
    'left': _('left'),
    'order_card': _('Order card'),
    'your_hand': _('Your hand'),
    # a board nobody plays (a finished bots' game, from_record) shows one seat's hand, by its name
    'seat_hand': _("{name}'s hand"),
    'seat_odds': _("Odds of {name}'s hand"),
    **SEAT_TEXT,
    'odds': _('Odds of your hand'),
    'odds_hint': _('Exact chance each card is achieved, given the tokens shown; the faint bar is the previous wave.'),
    'show_odds': _('odds'),
    'advisor': _('advisor'),
    'mc': _('Monte Carlo'),
    'undo': _('Undo'),
    'new_game': _('New game'),
    'retry': _('Let the bots try again'),
    'bot_failed': _('A bot failed'),
    'draw_redraw': _('Draw a new token for order card 4'),
    'you_lead': _('You are the leader.'),
    'bot_draws': _('{who} (leader) is drawing wave {wave}…'),
    'bot_waits': _('{who} (leader) draws wave 1 once you start the round.'),
    'bot_redraws': _('{who} (leader) is drawing a new token for order card 4…'),
    'choose_discard': _('Wave {wave} is out. Choose one card to discard face down.'),
    'waiting_for': _('Waiting for {names}.'),
    # Translators: what goes between the items of a list (Chinese: 、)
    'list_sep': _(', '),
    'you_discarded': _('You have chosen your discard.'),
    'vote': _('All 10 tokens are out. Put the token on order card 4 back and draw again?'),
    'vote_all': _('The redraw happens only if every player agrees (HC-R4).'),
    'vote_leader': _("The leader's vote decides (variant)."),
    'yes': _('Yes, redraw'),
    'no': _('No, keep it'),
    'you_voted_for': _('You voted for the redraw.'),
    'you_voted_against': _('You voted against the redraw.'),
    'keep_two': _('Both your cards are achieved! Keep one to score (HC-R6).'),
    'keep': _('Keep'),
    'discard': _('Discard'),
    'set_aside': _('Misty: set aside'),
    'over': _('Game over.'),
    'winners': _('Winner: {names}'),
    'by_legend': _('a legend card won the game (HC-G1)'),
    'points': _('pts'),
    'chosen': _('has chosen'),
    'thinking': _('to choose'),
    'trainer': _('Trainer'),
    'used_round': _('used this round'),
    'used_game': _('used this game'),
    'summary': _('Round {round}: what happened'),
    'tokens': _('Final tokens'),
    'returned': _('returned to the bag'),
    'kept': _('scores'),
    'nothing': _('no card scored'),
    'advice': _('Advisor'),
    'best': _('best'),
    'cost': _('costs'),
    'expected': _('expected points this round'),
    'advice_discard': _('Discard {card}: {value} expected points this round.'),
    # Translators: under the advisor's figure, which is not the sum of the figures on the cards
    'advice_value_note': _('This figure is for your whole hand: the cards you keep after this discard, your best discards after later waves and a redraw when it helps, with at most one card scoring. The figure on a card is that card alone: its chance now times its points (10 for a legend).'),
    'advice_vote_yes': _('Vote yes: a redraw adds {gain} expected points for you.'),
    'advice_vote_no': _('Vote no: a redraw would change your expected points by {gain}.'),
    'advice_keep': _('Keep {card}: it is worth more.'),
    'hand_ev': _('Your two cards are worth {value} expected points this round (at most one scores).'),
    'teacher': _('Teacher view'),
    'hand': _('hand'),
    'pending_choice': _('face-down choice'),
    'pending': {
        'discard': _('discard'),
        'extra_discard': _('extra discard'),
        'vote': _('vote'),
        'keep': _('keep'),
    },
    'reason': _('last decision'),
    'odds_then': _('chances then'),
    'log': _('Move log'),
    'announce': _('{who}: {text}'),
    'live_region': _('Moves, read aloud'),
    'seen': _('You looked at'),
    'rule': _('Rule'),
    'loading': _('loading plotly…'),
    'plotly_failed': _('plotly could not load: {error}'),
    'none': _('—'),
    'phase': {
        'draw': _('drawing'),
        'discard': _('discarding'),
        'vote': _('redraw vote'),
        'redraw': _('redrawing'),
        'keep': _('keeping'),
        'over': _('over'),
    },
    'legend_note': _('legend: worth a win (10)'),
    'last_is': _('last token {colour}'),
    'never': _('no {colour}'),
    'all': _('all {n} {colour}'),
    'colour': {c: colour_name(c) for c in COLOURS},
    'log_wave': _('{who} draws wave {wave}: {tokens}'),
    'log_wave_you': _('{who} draw wave {wave}: {tokens}'),
    'log_redraw': _('{who} draws a new token for order card 4: {tokens}'),
    'log_redraw_you': _('{who} draw a new token for order card 4: {tokens}'),
}


def labels(lang: str) -> dict[str, Any]:
    """The board's words in ``lang``, as a fresh JSON-safe dict (with the language switch's choices).

    Worked out once per language while the catalogues stay as they are (``widgets._words.kept``).
    """
    return fresh(kept(("herecomes labels", lang), lambda: _labels(lang)))


def _labels(lang: str) -> dict[str, Any]:
    words = labels_in(TEXT, lang)
    words["languages"] = lang_choices(short=True)
    return words


def say(key: str, lang: str, **values: Any) -> str:
    """One label of ``lang`` with its ``{placeholders}`` filled.

    >>> say("log_wave", "zh", who="小智", wave=1, tokens="红色、蓝色")
    '小智抽出第 1 波：红色、蓝色'
    >>> say("no_such_key", "en")
    Traceback (most recent call last):
    ...
    KeyError: 'no_such_key'
    """
    return text(key, **values).render(check_lang(lang))


def text(key: str, **values: Any) -> Text:
    """One label as a catalogue text with its placeholder values (rendered later, in the reader's language).

    >>> text("summary", round=2).render("en")
    'Round 2: what happened'
    """
    found = TEXT[key]
    if not isinstance(found, Text):
        raise KeyError(key)
    return found.with_fields(**values) if values else found


def trainer_actions(legal: Iterable[Any], names: Sequence[str], lang: str) -> list[dict[str, Any]]:
    """The trainer powers among ``legal`` as the page's buttons: power, target and the words in ``lang``.

    >>> trainer_actions([], ["Ann"], "zh")
    []
    """
    check_lang(lang)
    return [
        {"power": a.power, "target": a.target, "text": a.describe(lang, list(names))}
        for a in legal
        if isinstance(a, UseTrainer)
    ]


def page_hc(observation: dict[str, Any], lang: str) -> dict[str, Any]:
    """A seat's Here Comes observation as the page draws it: ``counted``, without the legal moves' texts.

    The page never reads them: its controls follow the phase and the hand, and a trainer's
    uses arrive as ``trainer_actions``.

    >>> seen = page_hc({"legal": ["Discard(0, G01)"], "players": [{"seat": 0, "points": 2, "hand_size": 5}]}, "zh")
    >>> "legal" in seen, seen["players"][0]["points_text"]
    (False, '2 分')
    >>> page_hc({"players": []}, "fr")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'fr': choose 'en' or 'zh'
    """
    return counted({k: v for k, v in observation.items() if k != "legal"}, lang)


def counted(hc: dict[str, Any], lang: str) -> dict[str, Any]:
    """A Here Comes view with its counts in words, each with the plural form of ``lang``, and its seats named in ``lang``.

    Players get ``points_text`` ("1 pt", "3 pts") and ``hand_size_text``, a round summary's seats
    ``gained_text`` ("+1 point", "+2 points"), and a default
    name ("Player 2") is the catalogue's (``pokelab.core.texts.seat_name``); every card its
    ``points_unit``; a leader's draw its button's words (``draw_text``).

    >>> seen = counted({"players": [{"seat": 0, "points": 1, "hand_size": 5}], "hand": [{"id": "G01", "points": 1}]}, "en")
    >>> seen["players"][0]["points_text"], seen["players"][0]["hand_size_text"], seen["hand"][0]["points_unit"]
    ('1 pt', '5 cards in hand', 'pt')
    >>> counted({"seats": [{"seat": 0, "kept_card": None, "gained": 1}]}, "en")["seats"][0]["gained_text"]
    '+1 point'
    >>> counted({"players": [{"seat": 1, "name": "Player 2", "points": 0, "hand_size": 5}]}, "zh")["players"][0]["name"]
    '玩家 2'
    """
    check_lang(lang)

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            points = value.get("points")
            if isinstance(points, int) and not isinstance(points, bool):
                if value.get("id") in TARGETS:
                    value["points_unit"] = _n("pt", "pts", points).render(lang)
                if "hand_size" in value:
                    if isinstance(value.get("name"), str) and isinstance(value.get("seat"), int):
                        value["name"] = render(seat_name(value["name"], value["seat"]), lang)
                    value["points_text"] = _n("{count} pt", "{count} pts", points).render(lang)
                    value["hand_size_text"] = _n(
                        "{count} card in hand", "{count} cards in hand", value["hand_size"]
                    ).render(lang)
            gained = value.get("gained")
            if isinstance(gained, int) and not isinstance(gained, bool) and "kept_card" in value:
                value["gained_text"] = _n("+{count} point", "+{count} points", gained).render(lang)
            for item in list(value.values()):
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(hc)
    wave, tokens = hc.get("wave"), hc.get("tokens")
    if isinstance(wave, int) and 1 <= wave <= len(WAVES) and isinstance(tokens, list):
        need = WAVES[wave - 1] - (len(tokens) - sum(WAVES[: wave - 1]))
        hc["draw_text"] = _n("Draw wave {wave} (1 token)", "Draw wave {wave} ({count} tokens)", need, wave=wave).render(lang)
    return hc
