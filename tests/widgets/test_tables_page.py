"""The "play a classmate" page (apps/play-a-classmate.ipynb): create, join, rejoin, the link, both languages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pokelab.classroom import ClassroomError, ClassStore
from pokelab.words import languages
from widgets.apps.tables import TEXT, TablesPage, _t, table_link


@pytest.fixture
def store(tmp_path: Path) -> Any:
    db = ClassStore.connect(f"sqlite:///{tmp_path / 'class.db'}")
    yield db
    db.close()


def page(store: Any, **options: Any) -> TablesPage:
    return TablesPage(store, poll_seconds=0, **options)


def test_create_join_and_rejoin_a_table(store: Any) -> None:
    join_code = store.create_class("7B")[0]
    ann = page(store)
    ann.code.value, ann.name.value = join_code, "Ann"
    ann.game.value, ann.players.value, ann.bots.value = "splendor", 3, 1
    ann.create_button.click()
    assert ann.error == "" and ann.board is not None and ann.board.seat == 0
    table = ann.board.table.code
    assert ann.board.view["seats"][2]["bot"] == "greedy"
    assert table in ann.seated.value and ann.board.token in ann.seated.value
    assert ann.address.query == {"table": table, "token": ann.board.token, "lang": "en"}
    assert ann.form.layout.display == "none"

    ben = page(store, lang="zh")
    ben.name.value, ben.table_code.value = "Ben", table.lower()
    ben.join_button.click()  # a table's code alone does not seat anyone: the class's join code comes first
    assert ben.error == _t("zh", "need_code") and ben.board is None
    ben.code.value = join_code.lower()
    ben.join_button.click()
    assert ben.error == "" and ben.board.seat == 1 and ben.board.lang == "zh"
    assert "游戏桌" in ben.seated.value

    # a reloaded page: the address carries the table and the token
    again = page(store, link={"table": table, "token": ben.board.token})
    assert again.error == "" and again.board.seat == 1
    ann.board.refresh(force=True)
    assert ann.board.view["players"][1]["name"] == "Ben"


def test_refusals_are_shown_in_the_pages_language(store: Any) -> None:
    join_code = store.create_class("7B")[0]
    zh = page(store, lang="zh")
    zh.create_button.click()
    assert zh.error == _t("zh", "need_code") and "role='alert'" in zh.error_html.value
    zh.code.value = join_code
    zh.create_button.click()
    assert zh.error == _t("zh", "need_name")
    zh.name.value = "Ann"
    zh.table_code.value = "NOPE22"
    zh.join_button.click()
    assert zh.error and zh.board is None and "NOPE22" in zh.error
    zh.token.value = ""
    zh.rejoin_button.click()
    assert zh.error == _t("zh", "need_token")
    zh.code.value = "WRONG1"
    zh.create_button.click()
    assert zh.error and zh.board is None
    zh.switch.value = "en"
    assert zh.create_button.description == "Create table"
    with pytest.raises(ClassroomError, match="splendor or herecomes"):
        page(store).create("chess")


def test_switching_the_language_relabels_the_board_too(store: Any) -> None:
    join_code = store.create_class("7B")[0]
    p = page(store)
    p.code.value, p.name.value = join_code, "Ann"
    p.create("herecomes", players=2, bots=1)
    p.switch.value = "zh"
    assert p.board.lang == "zh" and p.board.view["labels"]["your_hand"] == "你的手牌"
    assert p.address.query["lang"] == "zh" and "座位" in p.seated.value
    assert all(_t(lang, key) for lang in languages() for key in TEXT)


def test_table_link_reads_the_address() -> None:
    assert table_link({"QUERY_STRING": "code=K7M2QX&table=ABCDEF&token=GHJKMN&lang=zh"}) == {
        "code": "K7M2QX", "name": "", "table": "ABCDEF", "token": "GHJKMN"}
    assert table_link({}) == {"code": "", "name": "", "table": "", "token": ""}


def test_the_teacher_dashboard_lists_the_tables_players_and_scores(store: Any) -> None:
    from widgets.apps import TeacherDashboard

    teacher = TeacherDashboard(store, poll=None, lang="zh")
    join_code, _key = teacher.create("7B")
    assert "还没有共享游戏桌" in teacher.tables.html.value
    p = page(store)
    p.code.value, p.name.value = join_code, "皮卡丘"
    p.create("splendor", players=2, bots=1)
    board = p.board
    board.handle_message({"type": "intent", "action": {"kind": "text", "text": board.seat_source.last["legal"][0]}})
    teacher.poll_once()
    listed = teacher.tables.html.value
    assert board.table.code in listed and "皮卡丘" in listed and "电脑" in listed and "进行中" in listed
    teacher.switch.value = "en"
    assert "Shared game tables" in teacher.tables.html.value and "playing" in teacher.tables.html.value
