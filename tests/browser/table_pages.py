"""Shared by the shared-table browser tests: two devices seated at one table, and the Here Comes game they click through.

``seat_two_pages`` seats Ann (English) and Misty (Chinese) at a new table on
apps/play-a-classmate.ipynb, each in her own browser context (another device);
``play_here_comes`` clicks their moves until enough were played, checking on every
revision that neither page shows the other seat's hand (HC-G3, HC-R2) against the
teacher's full record. The Voilà behind the pages holds the class database
(``test_shared_tables``) or only the table server's address (``test_table_server_pages``).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

from pokelab.herecomes import TARGETS
from pokelab.herecomes.names import kind_name
from pokelab.herecomes.pieces import KINDS
from pokelab.tables import Tables
from pokelab.words import languages

from .conftest import ARTIFACTS
from .voila import PAGE_TIMEOUT, VoilaServer


def device(browser: Any, errors: list[str]) -> Any:
    """A page in its own browser context: its own storage, like another device."""
    page = browser.new_context(viewport={"width": 1280, "height": 1100}).new_page()
    page.on("pageerror", lambda err: errors.append(str(err)))
    return page


def shot(page: Any, name: str) -> None:
    """A full-page screenshot in test-artifacts/."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def wait_for(page: Any, server: VoilaServer, selector: str, shot_name: str, timeout: float = PAGE_TIMEOUT) -> None:
    """Wait for ``selector`` on ``page``; on a time-out, a screenshot and the server's log in the failure."""
    try:
        page.locator(selector).first.wait_for(timeout=timeout)
    except Exception:
        shot(page, shot_name)
        raise AssertionError(f"no {selector}\n{server.log_tail()}") from None


def seat_two_pages(served: dict[str, Any], browser: Any, game: str, board: str, errors: list[str]) -> tuple[Any, Any, str]:
    """Ann creates a ``game`` table on her page (English), Misty joins it on hers (Chinese); their pages and the table's code."""
    server, code, key, store = served["server"], served["code"], served["key"], served["store"]
    ann, misty = device(browser, errors), device(browser, errors)
    app = f"{server.url}/voila/render/play-a-classmate.ipynb"
    ann.goto(f"{app}?code={code}&name=Ann", timeout=PAGE_TIMEOUT)
    misty.goto(f"{app}?code={code}&name=Misty&lang=zh", timeout=PAGE_TIMEOUT)
    wait_for(ann, server, "button.pk-create-table", f"tables-{game}-ann-failed")
    ann.locator(".pk-tables-page select").first.select_option(value=None, index=("splendor", "herecomes").index(game))
    ann.locator("button.pk-create-table").click()
    wait_for(ann, server, board, f"tables-{game}-ann-failed", 60_000)
    table = Tables(store).listing(code, key).iloc[0]["table"]
    assert table in ann.locator("[data-testid='seated']").inner_text()
    wait_for(misty, server, "button.pk-join-table", f"tables-{game}-misty-failed")
    misty.locator(".pk-table-code input").fill(table)
    misty.locator("button.pk-join-table").click()
    wait_for(misty, server, board, f"tables-{game}-misty-failed", 60_000)
    # The address widget writes the seat into the URL in its own message, which may land just after
    # the board's: wait for it (a reload must find the token there).
    for page in (ann, misty):
        page.wait_for_function(
            "(table) => location.search.includes('token=') && location.search.includes('table=' + table)",
            arg=table, timeout=30_000,
        )
    return ann, misty, table


def revision_of(page: Any, board: str) -> int:
    """The revision the page's board drew last."""
    return int(page.locator(board).first.get_attribute("data-revision") or -1)


def drawn(page: Any, board: str, at_least: int, timeout: int = 30_000) -> None:
    """Wait until ``page``'s ``board`` has drawn revision ``at_least`` or a later one.

    The one wait on a page's revision: "past r" is ``drawn(page, board, r + 1)``. Playwright's
    time-out error says which wait ran out.
    """
    page.wait_for_function(
        "([sel, r]) => +document.querySelector(sel).dataset.revision >= r", arg=[board, at_least], timeout=timeout
    )


def other_sees(page: Any, board: str, before: int, started: float, *, mover: Any, table: Any) -> float:
    """Seconds from ``started`` (a click on ``mover``) until ``page`` drew a revision past ``before``.

    ``before`` is the *table's* revision read just before the click, never the page's own: a page
    that had not yet drawn an earlier revision (a classmate sitting down) would otherwise count that
    one as the move, and the next turn would be chosen from a store the move had not reached yet.

    On a time-out the failure says where the move stopped: in the store, on the mover's page
    (its error line) or on the way to ``page`` (its last timing marks).
    """
    try:
        drawn(page, board, before + 1)
    except Exception:
        marks = page.evaluate("() => JSON.stringify(((window.__pokelab || {}).marks || []).slice(-12))")
        raise AssertionError(
            f"the other page stayed at revision {revision_of(page, board)} (it was {before}); the store is at "
            f"{table.revision()}, the mover's page at {revision_of(mover, board)} with errors "
            f"{mover.locator(board + ' .pk-error, ' + board + ' .hc-error').all_inner_texts()}; "
            f"the other page's last marks: {marks}"
        ) from None
    return time.monotonic() - started


def table_moves_on(table: Any, revision: int, within: float = 60.0) -> None:
    """Return once ``table`` is past ``revision`` (a draw or a bot moved); fail after ``within`` seconds."""
    deadline = time.monotonic() + within
    while table.revision() <= revision:
        assert time.monotonic() < deadline, f"table {table.code} stayed at revision {revision} for {within:g} s"
        time.sleep(0.05)


def hand_of(page: Any) -> list[str]:
    """The card ids of the hand a Here Comes page shows."""
    return page.locator("[data-testid='hand'] .hc-card").evaluate_all("(cards) => cards.map((c) => c.dataset.card)")


def _names(card: Any) -> set[str]:
    """A card's Pokémon in every language the kit speaks."""
    return {card.pokemon.render(lang) for lang in languages()}


def _names_on(text: str) -> set[str]:
    """Every card name and kind label in ``text``, read longest first ("Mewtwo" is not "Mew", 火伊布 not 伊布)."""
    words = {kind_name(k).render(lang) for k in KINDS for lang in languages()} | {
        name for card in TARGETS.values() for name in _names(card)
    }
    pattern = "|".join(re.escape(word) for word in sorted(words, key=len, reverse=True))
    return set(re.findall(pattern, text))


def never_shows(page: Any, cards: set[str], mine: set[str]) -> None:
    """The page's text names none of ``cards`` (the other seat's hand) — by id or by either language's name."""
    text = page.locator(".hc-board").inner_text()
    shown = _names_on(text)
    for cid in cards - mine:
        card = TARGETS[cid]
        assert cid not in text, f"{cid} of the other hand is on this page"
        for name in _names(card):
            if not any(name in _names(TARGETS[m]) for m in mine):
                assert name not in shown, f"{name} ({cid}) of the other hand is on this page"


def play_here_comes(
    table: Any,
    teacher_key: str,
    pages: dict[int, Any],
    *,
    moves: int,
    tries: int,
    first_round_only: bool = False,
    after_move: Callable[[int, float], None] | None = None,
) -> int:
    """Click Here Comes moves on the seated ``pages`` until ``moves`` were played; the number played.

    On every revision each page must have drawn it, show its own hand and never the other
    seat's (its own discards are its own to see: L01 and L02 share a name, Mew). A draw or
    bot due is waited for. ``after_move(played, seconds)`` runs after each click, with the
    seconds until the other page redrew.
    """
    board = ".hc-board"
    played = 0
    for _ in range(tries):
        revision = table.revision()
        state = table.replay(teacher_key=teacher_key)
        if played >= moves or (first_round_only and state.round > 1):
            break
        record = table.moves(teacher_key=teacher_key)
        for seat, page in pages.items():
            drawn(page, board, revision)
            other = set(state.hands[1 - seat]) | ({state.pending[1 - seat]} - {None})
            own = {m["action"].split(", ")[-1].rstrip(")") for m in record if m["seat"] == seat} & set(TARGETS)
            never_shows(page, {c for c in other if isinstance(c, str)}, set(state.hands[seat]) | own)
            assert sorted(hand_of(page)) == sorted(state.hands[seat])
        acting = [s for s in state.to_move if s in pages]
        if not acting:  # a draw or a bot is due: wait for the table to move on
            table_moves_on(table, revision)
            continue
        seat = acting[0]
        me, other_page = pages[seat], pages[1 - seat]
        before = table.revision()
        selector = {"discard": "[data-testid^='discard-']", "vote": "[data-testid='hc-vote-no']"}
        drawn(me, board, before)  # the mover's page shows the position the move is chosen from
        button = me.locator(selector.get(state.phase, "[data-testid^='keep-']")).first
        button.wait_for(timeout=30_000)
        started = time.monotonic()
        button.click()
        seconds = other_sees(other_page, board, before, started, mover=me, table=table)
        played += 1
        if after_move is not None:
            after_move(played, seconds)
    return played
