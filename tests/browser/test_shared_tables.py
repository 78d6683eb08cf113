"""Two devices at one table (issue 19): a real Voilà server, two Chromium pages, two kernels, one class database.

``make app``'s command serves apps/ with ``POKELAB_CLASS_DB`` pointing at a fresh
SQLite class database. On apps/play-a-classmate.ipynb Ann (English) creates a
table and Misty (Chinese, in her own browser context — another device) joins it
by its code. They play several turns by clicking; each page must show the other's
move without anyone touching it — the time from the click to the other page's
redraw is measured and printed (never asserted: issue 27). The Here Comes
pages never show the other seat's hand (checked against the store's own game, in
the DOM text). A page reloaded mid-game rejoins its seat from the token its
address carries. axe-core checks the page; screenshots go to test-artifacts/.

The root cause of the moves that never arrived (issue 27): a board threw away the
pupil's half-made choice on any new revision, even one that was no move (a
classmate sitting down), and rebuilt its buttons between a press and its release.
Under load the other device's change landed while Ann picked tokens, so her Take
sent fewer colours, the engine refused it and no move reached the other page. Two
tests put that change between the picks, and between the press and the release, on
purpose; one more commits moves straight to the store and waits for both pages.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterator
from typing import Any

import pytest

from pokelab import splendor as sp
from pokelab.tables import Tables

from .a11y import axe_violations, describe
from .table_pages import (
    device,
    drawn,
    hand_of,
    other_sees,
    play_here_comes,
    revision_of,
    seat_two_pages,
    shot,
    wait_for,
)
from .voila import PAGE_TIMEOUT, VoilaServer, class_server, voila_server

pytestmark = pytest.mark.browser

#: Click on one device -> the other device redrawn, per game: measured and printed (issue 19 asks for a
#: median of 1 s), never asserted: a loaded machine is slower, not wrong (issue 27).
LATENCIES: dict[str, list[float]] = {"splendor": [], "herecomes": []}


@pytest.fixture(scope="module")
def tables(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """A Voilà server on apps/ whose pages share one fresh class database, and a class in it."""
    with class_server(tmp_path_factory.mktemp("voila-tables")) as served:
        yield served
    for game, times in LATENCIES.items():
        if times:
            print(f"\n{game}: other device redrawn after a click in {len(times)} moves: "
                  f"median {statistics.median(times):.2f} s, max {max(times):.2f} s")


def test_two_devices_play_splendor_at_one_table(tables: dict[str, Any], browser: Any) -> None:
    errors: list[str] = []
    board = ".pk-board"
    ann, misty, code = seat_two_pages(tables, browser, "splendor", board, errors)
    table, server = Tables(tables["store"]).table(code), tables["server"]
    pages = {0: ann, 1: misty}
    try:
        # whose turn: named with the seat, on both pages (never by colour alone)
        for page in pages.values():
            drawn(page, board, 1)
        for turn in range(6):
            state = table.replay(teacher_key=tables["key"])
            seat = state.current_player
            me, other = pages[seat], pages[1 - seat]
            before = table.revision()
            drawn(me, board, before)  # the mover's page shows the position the move is chosen from
            me.wait_for_selector(".pk-board[data-my-turn='true']", timeout=30_000)
            legal = sp.legal_actions(state)
            if state.phase == "after_main":
                started = time.monotonic()
                me.locator(".pk-btn.pk-end-turn").click()
            else:
                take = next(a for a in legal if isinstance(a, sp.TakeDifferent))
                for colour in take.colours:
                    me.locator(f".pk-supply-token[data-colour='{colour}']").click()
                started = time.monotonic()
                me.locator(".pk-btn.pk-take").click()
            seconds = other_sees(other, board, before, started, mover=me, table=table)
            LATENCIES["splendor"].append(seconds)
            assert me.locator(".pk-board .pk-error").count() == 0
            if turn == 2:  # Misty's page is reloaded mid-game: the address rejoins her seat
                token = misty.locator("[data-testid='table-token']").inner_text()
                misty.reload(timeout=PAGE_TIMEOUT)
                wait_for(misty, server, board, "tables-splendor-reload-failed", 120_000)
                assert misty.locator("[data-testid='table-token']").inner_text() == token
                assert "座位 2" in misty.locator("[data-testid='table-code']").inner_text()
        assert "Ann" in misty.locator(".pk-board").inner_text()
        # undo needs the other's consent: the last mover asks, the other page offers Allow / Refuse
        seat = table.moves(teacher_key=tables["key"])[-1]["seat"]
        me, other = pages[seat], pages[1 - seat]
        me.locator(".pk-btn.pk-undo").click()
        other.locator("[data-testid='undo-yes']").wait_for(timeout=10_000)
        assert me.locator("[data-testid='undo-yes']").count() == 0
        other.locator("[data-testid='undo-yes']").click()
        me.wait_for_selector(".pk-board[data-my-turn='true']", timeout=10_000)
        assert other.locator("[data-testid='undo-yes']").count() == 0
        # "you" marks my own seat only, never a classmate's
        assert ann.locator(".pk-player[data-seat='0'] .pk-tag-you").count() == 1
        assert ann.locator(".pk-player[data-seat='1'] .pk-tag-you").count() == 0
        assert misty.locator(".pk-player[data-seat='1'] .pk-tag-you").count() == 1
        status = ann.locator(".pk-status").inner_text()
        assert ("Your turn" in status) or ("seat 2" in status), status
        shot(ann, "tables-splendor-ann-en")
        shot(misty, "tables-splendor-misty-zh")
        violations = axe_violations(ann)
        assert violations == [], describe(violations)
        assert not errors, errors
    finally:
        ann.context.close()
        misty.context.close()


def _three_seat_table(tables: dict[str, Any], browser: Any, errors: list[str]) -> tuple[str, dict[int, Any]]:
    """A three-seat Splendor table (its first player seated) with Ann and Misty on their pages; seat 3 free."""
    server, code, store = tables["server"], tables["code"], tables["store"]
    for seed in range(100):  # a deal whose first player is Ann or Misty, not the free seat
        created = Tables(store).create_table(code, "splendor", players=3, seed=seed)
        if Tables(store).table(created).replay(teacher_key=tables["key"]).current_player < 2:
            break
    pages = {}
    for seat, (name, lang) in enumerate((("Ann", "en"), ("Misty", "zh"))):
        page = device(browser, errors)
        page.goto(f"{server.url}/voila/render/play-a-classmate.ipynb?code={code}&name={name}&lang={lang}",
                  timeout=PAGE_TIMEOUT)
        wait_for(page, server, "button.pk-join-table", f"three-seats-{name}-failed")
        page.locator(".pk-table-code input").fill(created)
        page.locator("button.pk-join-table").click()
        wait_for(page, server, ".pk-board", f"three-seats-{name}-failed", 60_000)
        pages[seat] = page
    return created, pages


def _picks(page: Any) -> list[str]:
    return page.locator(".pk-picks .pk-pick").evaluate_all("(picks) => picks.map((p) => p.dataset.colour)")


def test_a_classmate_sitting_down_keeps_the_tokens_you_picked(tables: dict[str, Any], browser: Any) -> None:
    """The CI failure (issue 27): a change that is not a move cleared the picks of the pupil choosing.

    Under load the other device's change reached the mover's page between two token clicks; the
    picks vanished, Take sent fewer colours, the engine refused it (SP-A1) and the other page never
    saw a move. Here the change comes between two picks on purpose.
    """
    errors: list[str] = []
    code, pages = _three_seat_table(tables, browser, errors)
    table = Tables(tables["store"]).table(code)
    try:
        state = table.replay(teacher_key=tables["key"])
        mover = pages[state.current_player]
        mover.wait_for_selector(".pk-board[data-my-turn='true']", timeout=30_000)
        take = next(a for a in sp.legal_actions(state) if isinstance(a, sp.TakeDifferent))
        for colour in take.colours[:2]:
            mover.locator(f".pk-supply-token[data-colour='{colour}']").click()
        assert _picks(mover) == list(take.colours[:2])
        before = revision_of(mover, ".pk-board")
        table.sit(2, "Brock", join_code=tables["code"])  # a classmate sits down: a new revision, the same position
        drawn(mover, ".pk-board", before + 1)
        assert _picks(mover) == list(take.colours[:2]), "the picks were thrown away by a change that is not a move"
        mover.locator(f".pk-supply-token[data-colour='{take.colours[2]}']").click()
        before = revision_of(mover, ".pk-board")
        mover.locator(".pk-btn.pk-take").click()
        drawn(mover, ".pk-board", before + 1)
        played = [(m["seat"], m["action"]) for m in table.moves(teacher_key=tables["key"]) if m["kind"] == "human"]
        assert (state.current_player, str(take)) in played, played
        assert mover.locator(".pk-board .pk-error").count() == 0
        assert not errors, errors
    finally:
        for page in pages.values():
            page.context.close()


def test_a_redraw_between_press_and_release_does_not_eat_the_click(tables: dict[str, Any], browser: Any) -> None:
    """Another device's change arriving while a token is pressed: the release still picks the token."""
    errors: list[str] = []
    code, pages = _three_seat_table(tables, browser, errors)
    table = Tables(tables["store"]).table(code)
    try:
        state = table.replay(teacher_key=tables["key"])
        mover = pages[state.current_player]
        mover.wait_for_selector(".pk-board[data-my-turn='true']", timeout=30_000)
        colour = next(a for a in sp.legal_actions(state) if isinstance(a, sp.TakeDifferent)).colours[0]
        box = mover.locator(f".pk-supply-token[data-colour='{colour}']").bounding_box()
        mover.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        mover.mouse.down()
        table.sit(2, "Brock", join_code=tables["code"])
        # the page has the change: it either redrew (the old board: the pressed button is gone) or holds it
        mover.wait_for_function(
            """(r) => +document.querySelector('.pk-board').dataset.revision >= r
                 || (window.__pokelab.marks || []).some((m) => m.kind === 'held' && m.revision >= r)""",
            arg=table.revision(), timeout=30_000)
        mover.mouse.up()
        drawn(mover, ".pk-board", table.revision())
        assert _picks(mover) == [colour], "the click was lost to a redraw between the press and the release"
        assert not errors, errors
    finally:
        for page in pages.values():
            page.context.close()


def test_every_move_another_device_commits_reaches_both_pages(tables: dict[str, Any], browser: Any) -> None:
    """Moves committed straight to the store (as another device or a bot would) reach both pages, each one."""
    errors: list[str] = []
    board = ".pk-board"
    ann, misty, code = seat_two_pages(tables, browser, "splendor", board, errors)
    pages = {0: ann, 1: misty}
    try:
        table = Tables(tables["store"]).table(code)
        for seat, page in pages.items():  # the address carries each page's seat token
            assert table.rejoin(page.evaluate("() => new URLSearchParams(location.search).get('token')")) == seat
        waits: list[float] = []
        for _ in range(30):
            state = table.replay(teacher_key=tables["key"])
            if state.is_over:
                break
            seat = state.current_player
            revision = table.play(seat, sp.legal_actions(state)[0], table.revision())
            started = time.monotonic()
            for page in pages.values():
                drawn(page, board, revision)
            waits.append(time.monotonic() - started)
        print(f"\nstore move to both pages redrawn, {len(waits)} moves: median {statistics.median(waits):.2f} s, "
              f"max {max(waits):.2f} s")
        assert not errors, errors
    finally:
        ann.context.close()
        misty.context.close()


def test_two_devices_play_here_comes_and_never_see_each_others_hand(tables: dict[str, Any], browser: Any) -> None:
    errors: list[str] = []
    ann, misty, code = seat_two_pages(tables, browser, "herecomes", ".hc-board", errors)
    server = tables["server"]

    def after_move(played: int, seconds: float) -> None:
        LATENCIES["herecomes"].append(seconds)
        if played == 3:  # Ann's page reloaded mid-round: the same seat, the same hand
            hand = sorted(hand_of(ann))
            ann.reload(timeout=PAGE_TIMEOUT)
            wait_for(ann, server, "[data-testid='hand'] .hc-card", "tables-herecomes-reload-failed", 120_000)
            assert sorted(hand_of(ann)) == hand

    try:
        table = Tables(tables["store"]).table(code)
        played = play_here_comes(table, tables["key"], {0: ann, 1: misty}, moves=6, tries=12,
                                 first_round_only=True, after_move=after_move)
        assert played >= 4, f"only {played} moves were played"
        shot(ann, "tables-herecomes-ann-en")
        shot(misty, "tables-herecomes-misty-zh")
        violations = axe_violations(misty)
        assert violations == [], describe(violations)
        assert not errors, errors
    finally:
        ann.context.close()
        misty.context.close()


PASS_AND_PLAY = '''import os
from widgets import HereComesBoard

lang = "zh" if "lang=zh" in os.environ.get("QUERY_STRING", "") else "en"
board = HereComesBoard(["Ann", "Misty"], humans=[0, 1], lang=lang, seed=3, trainers=False, bot_delay=0)
board'''


@pytest.fixture(scope="module")
def one_screen(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """A Voilà server on a folder holding one notebook: a pass-and-play Here Comes board."""
    import nbformat

    base = tmp_path_factory.mktemp("voila-pass-and-play")
    (base / "book").mkdir()
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(PASS_AND_PLAY)]
    notebook.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    nbformat.write(notebook, base / "book" / "pass-and-play.ipynb")
    with voila_server(base, folder=base / "book") as server:
        yield server


def _hand_cards(page: Any) -> int:
    return page.locator("[data-testid='hand'] .hc-card").count()


def test_pass_and_play_hides_each_hand_until_its_player_taps(one_screen: VoilaServer, browser: Any) -> None:
    """By keyboard only: the curtain names whom to pass to, Enter shows the hand, focus moves on, discards one by one."""
    errors: list[str] = []
    page = device(browser, errors)
    try:
        page.goto(f"{one_screen.url}/voila/render/pass-and-play.ipynb", timeout=PAGE_TIMEOUT)
        wait_for(page, one_screen, "[data-testid='hc-show-hand']", "pass-and-play-failed")
        prompt = page.locator("[data-testid='prompt']")
        assert "Pass the device to Misty" in prompt.inner_text() and _hand_cards(page) == 0
        assert "Pass the device to Misty" in page.locator("[data-testid='live']").inner_text()
        shot(page, "pass-and-play-curtain-en")
        violations = axe_violations(page, ".hc-board")
        assert violations == [], describe(violations)
        page.locator("[data-testid='hc-show-hand']").focus()
        page.keyboard.press("Enter")
        page.locator("[data-testid='hand'] .hc-card").first.wait_for(timeout=30_000)
        assert page.evaluate("document.activeElement.dataset.testid") == "hc-draw"  # focus moved on
        page.keyboard.press("Enter")  # Misty leads: she draws wave 1; Ann discards first
        page.wait_for_function("document.querySelector('[data-testid=\"prompt\"]').innerText.includes('Ann')")
        assert _hand_cards(page) == 0
        page.locator("[data-testid='hc-show-hand']").focus()
        page.keyboard.press("Enter")
        first = page.locator("[data-testid^='discard-']").first
        first.wait_for(timeout=30_000)
        page.wait_for_function("document.querySelector('.hc-plot svg')", timeout=60_000)  # Ann's odds chart
        anns = page.locator("[data-testid='hand'] .hc-card-name").evaluate_all(
            "(names) => names.map((n) => n.firstChild.textContent.trim())")
        chosen = first.get_attribute("data-testid").removeprefix("discard-")
        first.focus()
        page.keyboard.press("Enter")
        page.wait_for_function("document.querySelector('[data-testid=\"prompt\"]').innerText.includes('Misty')")
        assert _hand_cards(page) == 0 and chosen not in page.locator(".hc-board").inner_text()
        everything = page.evaluate("document.querySelector('.hc-board').textContent")  # hidden parts too
        assert not [name for name in anns if name in everything], "Ann's hand (or her odds chart) is still on screen"
        assert page.locator(".hc-oddsbox").is_hidden()
        page.locator("[data-testid='hc-show-hand']").click()
        page.locator("[data-testid^='discard-']").first.wait_for(timeout=30_000)
        assert chosen not in page.locator("[data-testid='hand']").inner_text()  # Ann's card is not Misty's
        page.locator("[data-testid^='discard-']").first.click()
        page.wait_for_function("document.querySelector('.hc-board').dataset.wave === '2'", timeout=30_000)
        zh = device(browser, errors)
        zh.goto(f"{one_screen.url}/voila/render/pass-and-play.ipynb?lang=zh", timeout=PAGE_TIMEOUT)
        wait_for(zh, one_screen, "[data-testid='hc-show-hand']", "pass-and-play-zh-failed")
        assert "请把设备交给 Misty" in zh.locator("[data-testid='prompt']").inner_text()
        shot(zh, "pass-and-play-curtain-zh")
        assert not errors, errors
    finally:
        page.context.close()
