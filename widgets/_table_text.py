"""The words both game boards show for seats: passing one device around and playing at a shared table.

Each board's own table (``widgets.herecomes.text``, ``widgets.splendor.text``)
takes these in, so a shared-table or pass-the-device sentence is written and
translated once.

>>> from widgets._words import labels_in
>>> labels_in(SEAT_TEXT, "en")["table_seat"].format(seat=2, name="Misty")
'You play seat 2: Misty'
>>> labels_in(SEAT_TEXT, "de")
Traceback (most recent call last):
...
ValueError: unknown language 'de': choose 'en' or 'zh'
"""

from __future__ import annotations

from pokelab.words import Text, _

__all__ = ["SEAT_TEXT"]

#: key -> catalogue text (the front end fills the ``{placeholders}`` left in)
SEAT_TEXT: dict[str, Text] = {
    'turn_of_seat': _("{name}'s turn (seat {seat})"),
    'pass_to': _('Pass the device to {name} — tap to show your hand'),
    'show_hand': _("Show {name}'s hand"),
    'hand_hidden': _("{name}'s hand stays hidden until they tap."),
    'table_code': _('Table {code}'),
    'table_seat': _('You play seat {seat}: {name}'),
    'table_token': _('Your seat token (to rejoin on any device): {token}'),
    'table_waiting': _('Waiting for {name} (seat {seat})…'),
    'table_undo_asked': _('{name} asks to undo the last move.'),
    'table_undo_yes': _('Allow undo'),
    'table_undo_no': _('Refuse'),
    'table_undo_waiting': _('Undo asked: waiting for the other players to agree.'),
    'table_to_bot': _('Let a bot play seat {seat} ({name})'),
    'table_moved': _('{name} moved'),
}
