"""Every word of the Splendor coach panel (odds, line, Suggest, Review), as catalogue texts.

``widgets.splendor.text`` files these under ``labels(lang)["coach"]``; the Chinese
catalogue uses the rulebook's terms (捕捉, 锁定, 万能大师球, 进化).

>>> COACH_TEXT["suggest"].render("zh")
'教练建议'
>>> COACH_TEXT["nothing"]
Traceback (most recent call last):
...
KeyError: 'nothing'
"""

from __future__ import annotations

from pokelab.words import Text, _

__all__ = ["COACH_TEXT"]

COACH_TEXT: dict[str, Text] = {
    'panel': _('Coach and odds'),
    'win_chances': _('Chances to win'),
    'you': _('you'),
    'computing': _('Playing the game out from here: {n} of {target} playouts…'),
    'playouts_done': _('From {n} playouts (95% interval in brackets)'),
    'final': _('The game is over'),
    'pending': _('not computed yet'),
    'pending_for': _('{name}: chance not computed yet'),
    'chance_of': _('{name}: {p} chance to win, interval {range}'),
    'announce': _('Your chance to win: {p} ({range})'),
    'line_title': _('Win chances over the game'),
    'line_empty': _('The line starts with the first turn.'),
    'line_hint': _('Tap or click a point, or focus it and press Enter, to see that position and the move made there.'),
    'point_label': _('Turn {n}, round {round}: {who} played {moves}. Chances: {chances}'),
    'end_of_game': _('End of the game'),
    'no_move_yet': _('nothing yet'),
    'position_of': _('Position at turn {n}'),
    'round': _('round {n}'),
    'read_only': _('read-only'),
    'display': _('Display (wild Pokémon)'),
    'points': _('{n} points'),
    'no_tokens': _('no tokens'),
    'caught': _('caught'),
    'reserved': _('reserved'),
    'back': _('Back to the game'),
    'cards_title': _('Cards: turns until you can catch'),
    'card': _('Card'),
    'where': _('Where'),
    'to_afford': _('Catchable'),
    'pts': _('Points'),
    'in_display': _('display'),
    'in_reserve': _('your reserve'),
    'now': _('now'),
    'turn_one': _('in 1 turn'),
    'turns_many': _('in {n} turns'),
    'needs_master': _('needs a Master Ball'),
    'needed_title': _('Evolutions you need, still in the deck'),
    'needed_line': _('{card} (evolves {base}): next refill {p1}, within 4 refills {p4}'),
    'needed_none': _('No evolution of your Pokémon is waiting in the deck.'),
    'threat_line': _('Chance the next card revealed is one {name} can catch at once: {p}'),
    'coach_title': _('Coach'),
    'suggest': _('Suggest a move'),
    'thinking': _('The coach is thinking…'),
    'coach_failed': _('The coach could not answer this time.'),
    'suggestions': _("The coach's best moves"),
    'wins': _('wins {p} ({range})'),
    'play_this': _('Play this move'),
    'review': _('Review the game'),
    'reviewing': _('Replaying every move to find the mistakes…'),
    'review_summary': _('{n} moves reviewed, {m} marked as mistakes.'),
    'mistakes': _('Mistakes'),
    'mistake': _('mistake'),
    'review_line': _('{who}: {move} — chance to win fell from {before} to {after}'),
    'better': _('Better: {move} ({p})'),
    'show': _('Show on the line'),
}
