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

import re
import statistics
import time
from collections.abc import Iterator
from typing import Any

import pytest

from pokelab import splendor as sp
from pokelab.herecomes import TARGETS
from pokelab.herecomes.cards import KINDS
from pokelab.herecomes.names import kind_name
from pokelab.tables import Tables
from pokelab.words import languages

from .a11y import axe_violations, describe
from .conftest import ARTIFACTS
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


def _device(browser: Any, errors: list[str]) -> Any:
    """A page in its own browser context: its own storage, like another device."""
    page = browser.new_context(viewport={"width": 1280, "height": 1100}).new_page()
    page.on("pageerror", lambda err: errors.append(str(err)))
    return page


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def _wait(page: Any, server: VoilaServer, selector: str, shot: str, timeout: float = PAGE_TIMEOUT) -> None:
    try:
        page.locator(selector).first.wait_for(timeout=timeout)
    except Exception:
        _shot(page, shot)
        raise AssertionError(f"no {selector}\n{server.log_tail()}") from None


def _seat_two_pages(tables: dict[str, Any], browser: Any, game: str, board: str, errors: list[str]) -> tuple[Any, Any, str]:
    """Ann creates a ``game`` table on her page (English), Misty joins it on hers (Chinese)."""
    server, code, key, store = tables["server"], tables["code"], tables["key"], tables["store"]
    ann, misty = _device(browser, errors), _device(browser, errors)
    app = f"{server.url}/voila/render/play-a-classmate.ipynb"
    ann.goto(f"{app}?code={code}&name=Ann", timeout=PAGE_TIMEOUT)
    misty.goto(f"{app}?code={code}&name=Misty&lang=zh", timeout=PAGE_TIMEOUT)
    _wait(ann, server, "button.pk-create-table", f"tables-{game}-ann-failed")
    ann.locator(".pk-tables-page select").first.select_option(value=None, index=("splendor", "herecomes").index(game))
    ann.locator("button.pk-create-table").click()
    _wait(ann, server, board, f"tables-{game}-ann-failed", 60_000)
    table = Tables(store).listing(code, key).iloc[0]["table"]
    assert table in ann.locator("[data-testid='seated']").inner_text()
    _wait(misty, server, "button.pk-join-table", f"tables-{game}-misty-failed")
    misty.locator(".pk-table-code input").fill(table)
    misty.locator("button.pk-join-table").click()
    _wait(misty, server, board, f"tables-{game}-misty-failed", 60_000)
    # The address widget writes the seat into the URL in its own message, which may land just after
    # the board's: wait for it (a reload must find the token there).
    for page in (ann, misty):
        page.wait_for_function(
            "(table) => location.search.includes('token=') && location.search.includes('table=' + table)",
            arg=table, timeout=30_000,
        )
    return ann, misty, table


def _revision(page: Any, board: str) -> int:
    return int(page.locator(board).first.get_attribute("data-revision") or -1)


def _other_sees(page: Any, board: str, before: int, started: float, *, mover: Any, table: Any) -> float:
    """Seconds from ``started`` (a click on ``mover``) until ``page`` drew a newer revision.

    On a time-out the failure says where the move stopped: in the store, on the mover's page
    (its error line) or on the way to ``page`` (its last timing marks).
    """
    try:
        page.wait_for_function(
            "([sel, r]) => +document.querySelector(sel).dataset.revision > r", arg=[board, before], timeout=30_000
        )
    except Exception:
        marks = page.evaluate("() => JSON.stringify(((window.__pokelab || {}).marks || []).slice(-12))")
        raise AssertionError(
            f"the other page stayed at revision {_revision(page, board)} (it was {before}); the store is at "
            f"{table.revision()}, the mover's page at {_revision(mover, board)} with errors "
            f"{mover.locator(board + ' .pk-error, ' + board + ' .hc-error').all_inner_texts()}; "
            f"the other page's last marks: {marks}"
        ) from None
    return time.monotonic() - started


def test_two_devices_play_splendor_at_one_table(tables: dict[str, Any], browser: Any) -> None:
    errors: list[str] = []
    board = ".pk-board"
    ann, misty, table = _seat_two_pages(tables, browser, "splendor", board, errors)
    store, server = tables["store"], tables["server"]
    pages = {0: ann, 1: misty}
    try:
        # whose turn: named with the seat, on both pages (never by colour alone)
        for page in pages.values():
            page.wait_for_function("document.querySelector('.pk-board').dataset.revision > 0")
        for turn in range(6):
            state = Tables(store).table(table).replay(teacher_key=tables["key"])
            seat = state.current_player
            me, other = pages[seat], pages[1 - seat]
            me.wait_for_selector(".pk-board[data-my-turn='true']", timeout=30_000)
            before = _revision(other, board)
            legal = sp.legal_actions(state)
            if state.phase == "after_main":
                started = time.monotonic()
                me.locator(".pk-btn.pk-end-turn").click()
            else:
                take = next(a for a in legal if isinstance(a, sp.TakeDifferent))
                for colour in take.colors:
                    me.locator(f".pk-supply-token[data-colour='{colour}']").click()
                started = time.monotonic()
                me.locator(".pk-btn.pk-take").click()
            seconds = _other_sees(other, board, before, started, mover=me, table=Tables(store).table(table))
            LATENCIES["splendor"].append(seconds)
            assert me.locator(".pk-board .pk-error").count() == 0
            if turn == 2:  # Misty's page is reloaded mid-game: the address rejoins her seat
                token = misty.locator("[data-testid='table-token']").inner_text()
                misty.reload(timeout=PAGE_TIMEOUT)
                _wait(misty, server, board, "tables-splendor-reload-failed", 120_000)
                assert misty.locator("[data-testid='table-token']").inner_text() == token
                assert "座位 2" in misty.locator("[data-testid='table-code']").inner_text()
        assert "Ann" in misty.locator(".pk-board").inner_text()
        # undo needs the other's consent: the last mover asks, the other page offers Allow / Refuse
        seat = Tables(store).table(table).moves(teacher_key=tables["key"])[-1]["seat"]
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
        _shot(ann, "tables-splendor-ann-en")
        _shot(misty, "tables-splendor-misty-zh")
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
        page = _device(browser, errors)
        page.goto(f"{server.url}/voila/render/play-a-classmate.ipynb?code={code}&name={name}&lang={lang}",
                  timeout=PAGE_TIMEOUT)
        _wait(page, server, "button.pk-join-table", f"three-seats-{name}-failed")
        page.locator(".pk-table-code input").fill(created)
        page.locator("button.pk-join-table").click()
        _wait(page, server, ".pk-board", f"three-seats-{name}-failed", 60_000)
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
    store = tables["store"]
    code, pages = _three_seat_table(tables, browser, errors)
    try:
        state = Tables(store).table(code).replay(teacher_key=tables["key"])
        mover = pages[state.current_player]
        mover.wait_for_selector(".pk-board[data-my-turn='true']", timeout=30_000)
        take = next(a for a in sp.legal_actions(state) if isinstance(a, sp.TakeDifferent))
        for colour in take.colors[:2]:
            mover.locator(f".pk-supply-token[data-colour='{colour}']").click()
        assert _picks(mover) == list(take.colors[:2])
        before = _revision(mover, ".pk-board")
        Tables(store).table(code).sit(2, "Brock")  # a classmate sits down: a new revision, the same position
        mover.wait_for_function("(r) => +document.querySelector('.pk-board').dataset.revision > r", arg=before,
                                timeout=30_000)
        assert _picks(mover) == list(take.colors[:2]), "the picks were thrown away by a change that is not a move"
        mover.locator(f".pk-supply-token[data-colour='{take.colors[2]}']").click()
        before = _revision(mover, ".pk-board")
        mover.locator(".pk-btn.pk-take").click()
        mover.wait_for_function("(r) => +document.querySelector('.pk-board').dataset.revision > r", arg=before,
                                timeout=30_000)
        played = [(m["seat"], m["action"]) for m in Tables(store).table(code).moves(teacher_key=tables["key"]) if m["kind"] == "human"]
        assert (state.current_player, str(take)) in played, played
        assert mover.locator(".pk-board .pk-error").count() == 0
        assert not errors, errors
    finally:
        for page in pages.values():
            page.context.close()


def test_a_redraw_between_press_and_release_does_not_eat_the_click(tables: dict[str, Any], browser: Any) -> None:
    """Another device's change arriving while a token is pressed: the release still picks the token."""
    errors: list[str] = []
    store = tables["store"]
    code, pages = _three_seat_table(tables, browser, errors)
    try:
        state = Tables(store).table(code).replay(teacher_key=tables["key"])
        mover = pages[state.current_player]
        mover.wait_for_selector(".pk-board[data-my-turn='true']", timeout=30_000)
        colour = next(a for a in sp.legal_actions(state) if isinstance(a, sp.TakeDifferent)).colors[0]
        box = mover.locator(f".pk-supply-token[data-colour='{colour}']").bounding_box()
        mover.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        mover.mouse.down()
        Tables(store).table(code).sit(2, "Brock")
        # the page has the change: it either redrew (the old board: the pressed button is gone) or holds it
        mover.wait_for_function(
            """(r) => +document.querySelector('.pk-board').dataset.revision >= r
                 || (window.__pokelab.marks || []).some((m) => m.kind === 'held' && m.revision >= r)""",
            arg=Tables(store).table(code).revision(), timeout=30_000)
        mover.mouse.up()
        mover.wait_for_function("(r) => +document.querySelector('.pk-board').dataset.revision >= r",
                                arg=Tables(store).table(code).revision(), timeout=30_000)
        assert _picks(mover) == [colour], "the click was lost to a redraw between the press and the release"
        assert not errors, errors
    finally:
        for page in pages.values():
            page.context.close()


def test_every_move_another_device_commits_reaches_both_pages(tables: dict[str, Any], browser: Any) -> None:
    """Moves committed straight to the store (as another device or a bot would) reach both pages, each one."""
    errors: list[str] = []
    board = ".pk-board"
    ann, misty, code = _seat_two_pages(tables, browser, "splendor", board, errors)
    store = tables["store"]
    pages = {0: ann, 1: misty}
    try:
        table = Tables(store).table(code)
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
                page.wait_for_function(
                    "([sel, r]) => +document.querySelector(sel).dataset.revision >= r",
                    arg=[board, revision], timeout=30_000,
                )
            waits.append(time.monotonic() - started)
        print(f"\nstore move to both pages redrawn, {len(waits)} moves: median {statistics.median(waits):.2f} s, "
              f"max {max(waits):.2f} s")
        assert not errors, errors
    finally:
        ann.context.close()
        misty.context.close()


def _table_moves_on(table: Any, revision: int, within: float = 60.0) -> None:
    """Return once ``table`` is past ``revision`` (a draw or a bot moved); fail after ``within`` seconds."""
    deadline = time.monotonic() + within
    while table.revision() <= revision:
        assert time.monotonic() < deadline, f"table {table.code} stayed at revision {revision} for {within:g} s"
        time.sleep(0.05)


def _hand(page: Any) -> list[str]:
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


def _never_shows(page: Any, cards: set[str], mine: set[str]) -> None:
    """The page's text names none of ``cards`` (the other seat's hand) — by id or by either language's name."""
    text = page.locator(".hc-board").inner_text()
    shown = _names_on(text)
    for cid in cards - mine:
        card = TARGETS[cid]
        assert cid not in text, f"{cid} of the other hand is on this page"
        for name in _names(card):
            if not any(name in _names(TARGETS[m]) for m in mine):
                assert name not in shown, f"{name} ({cid}) of the other hand is on this page"


def test_two_devices_play_here_comes_and_never_see_each_others_hand(tables: dict[str, Any], browser: Any) -> None:
    errors: list[str] = []
    board = ".hc-board"
    ann, misty, table = _seat_two_pages(tables, browser, "herecomes", board, errors)
    store, server = tables["store"], tables["server"]
    pages = {0: ann, 1: misty}
    try:
        moves = 0
        for _ in range(12):
            state_revision = Tables(store).table(table).revision()
            state = Tables(store).table(table).replay(teacher_key=tables["key"])
            if state.round > 1 or moves >= 6:
                break
            for seat, page in pages.items():
                page.wait_for_function(
                    "(r) => +document.querySelector('.hc-board').dataset.revision >= r",
                    arg=Tables(store).table(table).revision(), timeout=30_000)
                other = set(state.hands[1 - seat]) | ({state.pending[1 - seat]} - {None})
                _never_shows(page, {c for c in other if isinstance(c, str)}, set(state.hands[seat]))
                assert sorted(_hand(page)) == sorted(state.hands[seat])
            acting = [s for s in state.to_move if s in pages]
            if not acting:  # a draw or a bot is due: wait for the table to move on
                _table_moves_on(Tables(store).table(table), state_revision)
                continue
            seat = acting[0]
            me, other = pages[seat], pages[1 - seat]
            before = _revision(other, board)
            if state.phase == "discard":
                button = me.locator("[data-testid^='discard-']").first
            elif state.phase == "vote":
                button = me.locator("[data-testid='hc-vote-no']")
            else:
                button = me.locator("[data-testid^='keep-']").first
            button.wait_for(timeout=30_000)
            started = time.monotonic()
            button.click()
            seconds = _other_sees(other, board, before, started, mover=me, table=Tables(store).table(table))
            LATENCIES["herecomes"].append(seconds)
            moves += 1
            if moves == 3:  # Ann's page reloaded mid-round: the same seat, the same hand
                hand = sorted(_hand(ann))
                ann.reload(timeout=PAGE_TIMEOUT)
                _wait(ann, server, "[data-testid='hand'] .hc-card", "tables-herecomes-reload-failed", 120_000)
                assert sorted(_hand(ann)) == hand
        assert moves >= 4, f"only {moves} moves were played"
        _shot(ann, "tables-herecomes-ann-en")
        _shot(misty, "tables-herecomes-misty-zh")
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
    page = _device(browser, errors)
    try:
        page.goto(f"{one_screen.url}/voila/render/pass-and-play.ipynb", timeout=PAGE_TIMEOUT)
        _wait(page, one_screen, "[data-testid='hc-show-hand']", "pass-and-play-failed")
        prompt = page.locator("[data-testid='prompt']")
        assert "Pass the device to Misty" in prompt.inner_text() and _hand_cards(page) == 0
        assert "Pass the device to Misty" in page.locator("[data-testid='live']").inner_text()
        _shot(page, "pass-and-play-curtain-en")
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
        zh = _device(browser, errors)
        zh.goto(f"{one_screen.url}/voila/render/pass-and-play.ipynb?lang=zh", timeout=PAGE_TIMEOUT)
        _wait(zh, one_screen, "[data-testid='hc-show-hand']", "pass-and-play-zh-failed")
        assert "请把设备交给 Misty" in zh.locator("[data-testid='prompt']").inner_text()
        _shot(zh, "pass-and-play-curtain-zh")
        assert not errors, errors
    finally:
        page.context.close()
