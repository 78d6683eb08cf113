"""Issue 46: the league's standings page — what a pupil and the teacher read, live, in both languages.

The page only draws the league's own reads (``League.standings`` / ``head_to_head``): these tests
play a real round (a pupil's bot whose runner plays in this process, as it would in its author's
kernel, against two house bots) and check that the page shows exactly those numbers, by itself.
"""

from __future__ import annotations

import re

import pytest

from pokelab.classroom import ClassStore
from pokelab.league import League
from widgets.apps import LeagueStandings, league_link

pytestmark = pytest.mark.league  # a real round (about 10 s): in the light classroom stage, beside unit


@pytest.fixture
def league(tmp_path):
    store = ClassStore.connect(f"sqlite:///{tmp_path / 'class.db'}")
    join_code, key = store.create_class("7B")
    league = League.create(store, join_code, key, "herecomes", games_per_pair=1, move_seconds=2.0, grace_seconds=30)
    league.add_house("random", teacher_key=key)
    league.add_house("heuristic", teacher_key=key)
    entry = league.enter(lambda view, legal, rng: legal[0], name="First Pick", join_code=join_code, author="mei",
                         start=False)  # its runner starts where a test plays a round
    entry.runner.poll_seconds = 0.05  # as quick as a pupil's kernel may look
    yield store, join_code, key, league, entry
    entry.stop(1.0)
    store.close()


def _rows(page: LeagueStandings) -> list[list[str]]:
    body = page.table_html.value.split("<tbody>")[1].split("</tbody>")[0]
    return [[re.sub("<[^>]+>", "", cell) for cell in re.findall(r"<td>(.*?)</td>", row)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body)]


def test_a_pupil_sees_every_bot_without_authors_and_the_page_follows_a_round_by_itself(league) -> None:
    store, join_code, key, league, entry = league
    entry.start()
    page = LeagueStandings(store, code=league.code.lower(), join_code=join_code, poll=None)
    assert page.opened and page.error == "" and page.games == 0
    assert "No league game has ended yet" in page.table_html.value and "Author" not in page.table_html.value
    report = league.play_round(join_code=join_code, teacher_key=key, timeout=300, poll_seconds=0.05)
    assert report.done == 2  # the pupil's bot against each house bot (house bots meet only pupils' bots)
    assert page.poll_once() and not page.poll_once()  # it redraws once, for what changed
    table = league.standings(join_code=join_code)
    assert page.games == 2 and page.bots == list(table["bot"])
    rows = _rows(page)
    assert [r[1].split(" v")[0] for r in rows] == list(table["bot"])
    houses = {r[1].split(" v")[0] for r in rows if "(house bot)" in r[1]}
    assert houses == {"random", "heuristic"}  # the pupil's bot is not called one
    for row, want in zip(rows, table.itertuples(index=False), strict=True):
        assert row[2] == str(want.games) and row[3] == f"{want.wins}–{want.losses}–{want.ties}"
        assert row[4] == f"{100 * want.win_rate:.0f}% ({100 * want.ci_low:.0f}%–{100 * want.ci_high:.0f}%)"
        assert row[5] == f"{want.rating:.0f} ± {want.rating_sd:.0f}"
    assert "data-games='2'" in page.status.value and "mei" not in page.table_html.value
    assert page.head_html.value.count("<tr>") == 1 + len(league.head_to_head(join_code=join_code))


def test_the_teacher_key_shows_the_authors_and_the_page_speaks_chinese(league) -> None:
    store, _join_code, key, league, _entry = league
    page = LeagueStandings(store, code=league.code, key=key, poll=None, lang="zh")
    assert "作者" in page.table_html.value and "mei" in page.table_html.value
    assert "排行榜" in page.header.value and page.code.description == "联赛代码"
    page.switch.value = "en"  # the page's own language switch
    assert "standings" in page.header.value and "Author" in page.table_html.value


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_wrong_code_or_key_is_refused_in_the_pages_language_and_shows_nothing(league, lang) -> None:
    store, join_code, _key, league, _entry = league
    other_code, _other_key = store.create_class("7C")
    wrong = {"en": ("no league has the code", "teacher key", "another class"),
             "zh": ("没有代码为", "教师密钥", "另一个班")}[lang]
    page = LeagueStandings(store, code="ZZZZZZ", join_code=join_code, poll=None, lang=lang)
    assert wrong[0] in page.error and not page.opened and page.table_html.value == ""
    page = LeagueStandings(store, code=league.code, key="not-the-key", poll=None, lang=lang)
    assert wrong[1] in page.error and not page.opened
    page = LeagueStandings(store, code=league.code, join_code=other_code, poll=None, lang=lang)
    assert wrong[2] in page.error and not page.opened


def test_a_link_carries_the_league_and_the_join_code() -> None:
    assert league_link({"QUERY_STRING": "league=abc123&code=zz99zz"}) == {"league": "ABC123", "code": "ZZ99ZZ"}
    assert league_link({}) == {"league": "", "code": ""}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_teacher_replays_a_finished_game_on_its_board_and_a_pupil_page_offers_none(league, lang) -> None:
    store, join_code, key, league, entry = league
    entry.start()
    teacher = LeagueStandings(store, code=league.code, key=key, poll=None, lang=lang)
    pupil = LeagueStandings(store, code=league.code, join_code=join_code, poll=None, lang=lang)
    assert teacher.replay_panel.layout.display == "none"  # no game has ended: nothing to replay
    league.play_round(join_code=join_code, teacher_key=key, timeout=300, poll_seconds=0.05)
    assert teacher.poll_once() and pupil.poll_once()
    games = league.games(teacher_key=key)
    assert teacher.replay_panel.layout.display == "flex" and pupil.replay_panel.layout.display == "none"
    picks = [value for _label, value in teacher.replay_pick.options]
    assert picks == list(games["game"])[::-1] and teacher.replay_pick.value == picks[0]  # the newest first
    first = games.iloc[0]
    label = dict((v, k) for k, v in teacher.replay_pick.options)[int(first.game)]
    assert first.bot_1 in label and first.bot_2 in label and f"{first.score_1}–{first.score_2}" in label
    teacher.replay_pick.value = int(first.game)
    teacher.replay_button.click()
    board = teacher.board
    assert teacher.error == "" and teacher.replay_box.children == (board,)
    record = league.record(int(first.game), teacher_key=key)
    assert board.view["over"] and board.state == record.final_state and board.lang == lang
    assert [s["bot"] for s in board.view["seats"]] == [first.bot_1, first.bot_2]
    teacher.switch.value = "en" if lang == "zh" else "zh"  # the page's switch relabels the board too
    assert board.lang == teacher.lang
    with pytest.raises(ValueError):
        pupil.replay(int(first.game))  # a pupil replays their own bot's games in their notebook (league.record)
