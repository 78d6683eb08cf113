"""Issues 42 and 46: the class's own Voilà pages on a tablet (1024×768, touch), in English and in Chinese.

The class experiment a group sends its rounds from, the teacher's dashboard, the misconceptions
dashboard and the league's standings, each opened in a touch page of its own with taps only and
checked as ``test_apps_on_a_tablet.py`` checks the pupils' apps (``tablet._fits_a_tablet``), on a
Voilà of this file's own, so the two files run on two browser workers side by side.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from .tablet import (
    TIMEOUT,
    _fits_a_tablet,
    _open,
    _open_class,
    _switch_back,
    _toggle,
    tablet_page,
    tablet_server,
)


@pytest.fixture(scope="module")
def served(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    yield from tablet_server(tmp_path_factory)


@pytest.fixture
def tablet(browser: Any) -> Iterator[Any]:
    yield from tablet_page(browser)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_class_experiment_on_a_tablet(served: dict[str, Any], tablet: Any, lang: str) -> None:
    page = tablet
    _open(page, served, "class-bag-experiment.ipynb", f"?seed=5&lang={lang}", "button.pk-draw-10")
    rounds = page.locator("[data-testid='rounds']")
    expect(rounds).to_contain_text({"en": "No rounds yet", "zh": "还没有数据"}[lang], timeout=TIMEOUT)
    _fits_a_tablet(page, f"tablet-class-experiment-{lang}")
    page.locator("button.pk-draw-10").tap()
    expect(rounds).to_contain_text({"en": "10 rounds tallied", "zh": "已统计 10 轮"}[lang], timeout=TIMEOUT)
    _fits_a_tablet(page, f"tablet-class-experiment-drawn-{lang}")
    _switch_back(page, lang, _toggle(page, ".pk-class-experiment"), ".pk-class-experiment h2")
    assert not page.errors, page.errors


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_teacher_dashboard_on_a_tablet(served: dict[str, Any], tablet: Any, lang: str) -> None:
    page = tablet
    _open(page, served, "class-teacher.ipynb", f"?lang={lang}", "button.pk-open-class")
    _fits_a_tablet(page, f"tablet-class-teacher-{lang}")
    _open_class(page, ".pk-teacher-dashboard", served, "[data-testid='live']", 1)
    assert served["key"] not in page.locator(".pk-teacher-dashboard").inner_text()
    _fits_a_tablet(page, f"tablet-class-teacher-open-{lang}")
    _switch_back(page, lang, _toggle(page, ".pk-teacher-dashboard"), ".pk-teacher-dashboard h2")
    assert not page.errors, page.errors


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_misconceptions_dashboard_on_a_tablet(served: dict[str, Any], tablet: Any, lang: str) -> None:
    page = tablet
    _open(page, served, "class-misconceptions.ipynb", f"?lang={lang}", "button.pk-open-class")
    _fits_a_tablet(page, f"tablet-class-misconceptions-{lang}")
    _open_class(page, ".pk-misconceptions", served, "[data-testid='progress']", 0)
    _fits_a_tablet(page, f"tablet-class-misconceptions-open-{lang}")
    _switch_back(page, lang, _toggle(page, ".pk-misconceptions"), ".pk-misconceptions h2")
    assert not page.errors, page.errors


def test_league_standings_on_a_tablet_update_by_themselves_in_both_languages(served: dict[str, Any], tablet: Any) -> None:
    """The standings a class watches (issue 46): opened from a link, then a round ends and the page follows by itself."""
    from pokelab.league import League

    store, code, key = served["store"], served["code"], served["key"]
    league = League.create(store, code, key, "herecomes", games_per_pair=1, move_seconds=2.0, grace_seconds=30)
    league.add_house("random", teacher_key=key)
    entry = league.enter(lambda view, legal, rng: legal[0], name="First Pick", join_code=code, author="mei")
    entry.runner.poll_seconds = 0.05  # the pupil's bot plays from this process, as from its author's kernel
    page = tablet
    try:
        _open(page, served, "league-standings.ipynb", f"?league={league.code}&code={code}&lang=zh",
              "[data-testid='league-standings']")
        status = page.locator("[data-testid='league-status']")
        expect(status).to_have_attribute("data-games", "0", timeout=TIMEOUT)
        expect(page.locator(".pk-league-standings")).to_contain_text("还没有联赛对局结束", timeout=TIMEOUT)
        _fits_a_tablet(page, "tablet-league-standings-zh")
        assert league.play_round(join_code=code, teacher_key=key, timeout=300, poll_seconds=0.05).done == 1
        expect(status).to_have_attribute("data-games", "1", timeout=TIMEOUT)  # by itself: no click
        table = league.standings(join_code=code)
        shown = page.locator("[data-testid='league-standings'] tbody tr")
        expect(shown).to_have_count(len(table), timeout=TIMEOUT)
        assert [shown.nth(i).get_attribute("data-bot") for i in range(len(table))] == list(table["bot"])
        assert "mei" not in page.locator(".pk-league-standings").inner_text()  # no authors for a pupil
        _fits_a_tablet(page, "tablet-league-standings-played-zh")
        _switch_back(page, "zh", _toggle(page, ".pk-league-standings"), ".pk-league-standings h2")
        expect(page.locator(".pk-league-standings")).to_contain_text("Won–lost–tied", timeout=TIMEOUT)
        _fits_a_tablet(page, "tablet-league-standings-played-en")
        assert not page.errors, page.errors
    finally:
        entry.stop(1.0)
