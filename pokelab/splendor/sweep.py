"""The display: refilling a taken card's slot (SP-T4) and the frozen display's sweep (SP-T5).

A display is *frozen* when every card in it is rare or legendary and nobody holds
a master ball: nobody can catch from it (SP-A5) nor reserve from it
(SP-A3). Under the default ``Variant(frozen_display="sweep")`` the engine sweeps it
under the deck at set-up and at the start of every turn; ``"wait"`` keeps the
written rules. ``is_display_frozen``, ``display_swept`` and ``describe_sweep`` are
for lessons and move logs.

>>> sweep_cards((33, 68, 89, 90), (34, 50, 86, 87, 1, 2))
((1, 2, 33, 68), (89, 90, 34, 50, 86, 87))
"""

from __future__ import annotations

from collections.abc import Sequence

from pokelab.splendor._tables import NORMAL_IDS, SPECIAL
from pokelab.splendor.state import PlayerState, State
from pokelab.words import Text, _, check_lang

__all__ = ["describe_sweep", "display_swept", "is_display_frozen", "sweep_cards", "sweep_text"]


def _frozen(ps: Sequence[PlayerState], disp: tuple[int, ...]) -> bool:
    """The display is frozen: not empty, only rare/legendary cards, and no player holds a master ball."""
    if not disp:
        return False
    for c in disp:
        if not SPECIAL[c]:
            return False
    return all(not p.tok[5] for p in ps)


def _sweep(ps: Sequence[PlayerState], disp: tuple[int, ...], deck: tuple[int, ...]):
    """The default ``frozen_display="sweep"`` (SP-T5), applied at set-up and at the start of every turn."""
    for p in ps:
        if p.tok[5]:
            return disp, deck
    return sweep_cards(disp, deck)


def sweep_cards(disp: tuple[int, ...], deck: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Sweep a display of only rare/legendary cards; the caller has checked that nobody holds a master ball.

    While every display card is rare or legendary and the deck holds a normal card,
    the display cards go under the deck (display order) and the top 4 are revealed.
    This always ends: each sweep moves the first normal card of the deck 4 places
    up, until it is revealed. Returns the new ``(display, deck)``.

    >>> sweep_cards((33, 68, 89, 90), (34, 50, 86, 87, 1, 2))   # two sweeps
    ((1, 2, 33, 68), (89, 90, 34, 50, 86, 87))
    >>> sweep_cards((33, 68, 89, 90), (34, 50))   # the deck cannot help: unchanged
    ((33, 68, 89, 90), (34, 50))
    """
    if not disp:
        return disp, deck
    for c in disp:
        if not SPECIAL[c]:
            return disp, deck
    if NORMAL_IDS.isdisjoint(deck):
        return disp, deck  # the deck cannot help: the display waits, as under the written rules
    while True:
        cards = deck + disp
        disp, deck = cards[:4], cards[4:]
        if not NORMAL_IDS.isdisjoint(disp):
            return disp, deck


def is_display_frozen(state: State) -> bool:
    """Is the display frozen: every card rare or legendary and no player holding a master ball?

    Then nobody can catch from it (SP-A5) nor reserve from it (SP-A3, the only way to a
    master ball). Under the default ``frozen_display="sweep"`` (SP-T5) such a display is
    swept at the start of the next turn, if the deck still holds a normal card; under
    ``Variant(frozen_display="wait")`` it stays (the written rules).

    >>> from pokelab.splendor import Variant, scenario
    >>> frozen = ["Lapras", "Snorlax", "Mew", "Mewtwo"]
    >>> is_display_frozen(scenario(display=frozen, variant=Variant(frozen_display="wait")))
    True
    >>> is_display_frozen(scenario(display=frozen))   # the default sweep acts at once
    False
    >>> is_display_frozen(scenario(display=frozen, tokens={1: ["master"]}, variant=Variant(frozen_display="wait")))
    False
    >>> is_display_frozen(None)
    Traceback (most recent call last):
    ...
    TypeError: is_display_frozen expects a splendor State, got NoneType
    """
    if state.__class__ is not State:
        raise TypeError(f"is_display_frozen expects a splendor State, got {type(state).__name__}")
    return _frozen(state.players, state.display)


def display_swept(before: State, after: State) -> bool:
    """Did a sweep (SP-T5, the default ``frozen_display="sweep"``) happen between two states, e.g. in one ``apply``?

    Meant for a move log. Drawing only ever takes cards from the top of the deck, so
    without a sweep the deck afterwards is an end part of the deck before; a sweep
    puts cards under the deck, and its last swept card always stays there (the sweep
    stops at the first revealed normal card, which lies above the swept cards).

    >>> from pokelab.splendor import scenario, apply, Catch
    >>> s = scenario(display=["Pikachu", "Lapras", "Snorlax", "Mew"], deck=["Mewtwo", "Charmander"],
    ...              tokens={0: {"red": 2, "yellow": 1, "black": 2}})
    >>> after = apply(s, Catch(53))   # Pikachu
    >>> display_swept(s, after), after.display, after.deck
    (True, (1, 89, 33, 68), (90,))
    >>> display_swept(after, after)
    False
    >>> display_swept(s, None)
    Traceback (most recent call last):
    ...
    TypeError: display_swept expects two splendor States, got State and NoneType
    """
    if before.__class__ is not State or after.__class__ is not State:
        raise TypeError(
            f"display_swept expects two splendor States, got {type(before).__name__} and {type(after).__name__}"
        )
    old, new = before.deck, after.deck
    n = len(new)
    return n > len(old) or (n > 0 and old[len(old) - n:] != new)


def sweep_text() -> Text:
    """The move-log line for a sweep (``display_swept`` is True), as a catalogue text.

    >>> sweep_text().render("en")[:20]
    'the display was froz'
    """
    return _SWEPT


def describe_sweep(lang: str = "en") -> str:
    """The move-log line for a sweep (``display_swept`` is True), in ``lang``.

    >>> describe_sweep("zh")
    '展示区被冻结（只有稀有/传说宝可梦，且无人持有万能大师球）：这些卡牌被放到牌堆底部，翻开了新的卡牌'
    >>> describe_sweep("fr")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'fr': choose 'en' or 'zh'
    """
    return _SWEPT.render(check_lang(lang))


_SWEPT = _(
    "the display was frozen (only rare/legendary cards, no Master Ball held): "
    "its cards went under the deck and new cards were revealed"
)


def _take_out_of_display(disp: tuple[int, ...], deck: tuple[int, ...], c: int):
    """SP-T4: remove card ``c`` from the display and refill its slot from the deck top."""
    i = disp.index(c)
    if deck:
        return (*disp[:i], deck[0], *disp[i + 1:]), deck[1:]
    return disp[:i] + disp[i + 1 :], deck
