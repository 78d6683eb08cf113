"""Issue 32: the pupils' answers in the class store, on a SQLite file and on a real PostgreSQL server."""

from __future__ import annotations

import pytest

from pokelab.classroom import ClassAccessError, ClassroomError, ClassStore, schema


def _class(db_url: str) -> tuple[ClassStore, str, str]:
    store = ClassStore.connect(db_url)
    code, key = store.create_class("8C")
    return store, code, key


def _answer(store, code, name, token, exercise, answer, *, ok, slip=None, sub):
    texts = None if slip is None else {"en": f"slip {slip}", "zh": f"错误 {slip}"}
    return store.record_answer(code, name, token, exercise, lesson="probability/33.ipynb", answer=answer,
                               outcome="correct" if ok else "wrong", correct=ok, misconception=slip,
                               misconception_text=texts, submission=sub)


def test_answers_and_misconceptions_for_the_teacher(db_url: str) -> None:
    store, code, key = _class(db_url)
    tokens = {name: store.join_pupil(code, name) for name in ("Ana", "Ben", "小明")}
    _answer(store, code, "Ana", tokens["Ana"], "33-3", "a", ok=False, slip="a", sub="1")
    _answer(store, code, "Ana", tokens["Ana"], "33-3", "a", ok=False, slip="a", sub="2")  # the same pupil twice
    _answer(store, code, "Ana", tokens["Ana"], "33-3", "b", ok=True, sub="3")
    _answer(store, code, "Ben", tokens["Ben"], "33-3", "a", ok=False, slip="a", sub="4")
    _answer(store, code, "小明", tokens["小明"], "33-3", "c", ok=False, slip="c", sub="5")
    table = store.answers(code, key)
    assert table[["pupil", "answer", "try"]].values.tolist() == [
        ["Ana", "a", 1], ["Ana", "a", 2], ["Ana", "b", 3], ["Ben", "a", 1], ["小明", "c", 1]]
    assert table["correct"].tolist() == [False, False, True, False, False]
    assert str(table["time"].dt.tz) == "UTC"
    ranked = store.misconceptions(code, key)
    assert ranked[["exercise", "misconception", "pupils", "answered"]].values.tolist() == [
        ["33-3", "a", 2, 3], ["33-3", "c", 1, 3]]
    assert ranked["share"].tolist() == pytest.approx([2 / 3, 1 / 3])
    assert ranked[["text_en", "text_zh"]].values.tolist()[0] == ["slip a", "错误 a"]
    assert store.pupils(code, key) == ["Ana", "Ben", "小明"]
    store.close()


def test_a_resent_answer_counts_once_and_a_token_is_needed(db_url: str) -> None:
    store, code, key = _class(db_url)
    token = store.join_pupil(code, "Ana")
    other = store.join_pupil(code, "Ben")
    assert _answer(store, code, "Ana", token, "30-1", "1/2", ok=False, sub="same") == 1
    assert _answer(store, code, "Ana", token, "30-1", "1/2", ok=False, sub="same") == 1
    with pytest.raises(ClassAccessError, match="pupil token"):
        _answer(store, code, "Ana", other, "30-1", "1/3", ok=False, sub="forged")  # Ben writing as Ana
    with pytest.raises(ClassroomError, match="another answer"):
        _answer(store, code, "Ben", other, "30-1", "1/3", ok=False, sub="same")  # Ana's submission id
    assert len(store.answers(code, key)) == 1
    store.close()


def test_no_answer_is_readable_without_the_teacher_key(db_url: str) -> None:
    store, code, _key = _class(db_url)
    token = store.join_pupil(code, "Ana")
    _answer(store, code, "Ana", token, "30-1", "1/2", ok=False, sub="x")
    for read in (store.answers, store.misconceptions, store.pupils):
        with pytest.raises(ClassAccessError):
            read(code, token)  # a pupil's own token is not a teacher key
        with pytest.raises(ClassAccessError):
            read(code, "")
    other_code, other_key = store.create_class("9A")
    with pytest.raises(ClassAccessError):
        store.answers(code, other_key)  # another class's key
    assert store.answers(other_code, other_key).empty  # nothing of one class is seen from another
    store.close()


def test_export_is_spreadsheet_safe_and_one_pupil_can_be_deleted(db_url: str, tmp_path) -> None:
    store, code, key = _class(db_url)
    ana, ben = store.join_pupil(code, "Ana"), store.join_pupil(code, "Ben")
    _answer(store, code, "Ana", ana, "31-1", "=HYPERLINK(\"http://x\")", ok=False, sub="1")
    _answer(store, code, "Ben", ben, "31-1", "3/8", ok=True, sub="2")
    path = store.export_answers(code, key, tmp_path / "answers.csv")
    text = path.read_text(encoding="utf-8")
    assert "'=HYPERLINK" in text and "\n=" not in text and ",=" not in text
    with pytest.raises(ClassroomError, match="exists already"):
        store.export_answers(code, key, path)
    with pytest.raises(ClassAccessError):
        store.delete_pupil(code, "WRONG-KEY", "Ana")
    assert store.delete_pupil(code, key, "Ana") == 1
    assert store.answers(code, key)["pupil"].tolist() == ["Ben"]
    assert store.pupils(code, key) == ["Ben"]
    with pytest.raises(ClassAccessError):
        _answer(store, code, "Ana", ana, "31-1", "1/2", ok=False, sub="3")  # the deleted token is dead
    store.delete_class(code, key)
    with store._engine.connect() as conn:
        import sqlalchemy as sa

        for table in (schema.answers, schema.pupils, schema.settings):
            assert conn.execute(sa.select(sa.func.count()).select_from(table)).scalar() == 0
    store.close()


def test_the_reveal_policy_is_the_teachers(db_url: str) -> None:
    store, code, key = _class(db_url)
    token = store.join_pupil(code, "Ana")
    assert store.reveal_policy(code) == "pupil"
    with pytest.raises(ClassAccessError):
        store.set_reveal(code, token, "pupil")
    assert store.set_reveal(code, key, "after-tries") == "after-tries"
    assert store.set_reveal(code, key, "never") == "never"
    assert store.reveal_policy(code) == "never"
    store.close()


@pytest.mark.parametrize("sneaky", ["ok\r=SUM(A1:A9)*1000", "ok\n=SUM(A1:A9)", "ok\r\n@SUM(A1)", "\r+1"])
def test_an_answer_with_a_line_break_stays_one_cell_of_the_export(sqlite_url: str, tmp_path, sneaky: str) -> None:
    """Issue 43: a bare ``\\r`` went out unquoted, so a spreadsheet read a new row whose first cell ran as a formula."""
    import csv

    store, code, key = _class(sqlite_url)
    token = store.join_pupil(code, "Ana")
    answers = [sneaky, "b", sneaky]
    for sub, answer in enumerate(answers):
        _answer(store, code, "Ana", token, "33-3", answer, ok=False, sub=str(sub))
    path = store.export_answers(code, key, tmp_path / "answers.csv")
    with open(path, newline="", encoding="utf-8") as handle:  # as a spreadsheet reads it: every line break counts
        rows = list(csv.reader(handle))
    assert len(rows) == 1 + len(answers)  # the header and one row per answer, nothing more
    column = rows[0].index("answer")
    assert [row[column] for row in rows[1:]] == [f"'{a}" if a[0] in "\r" else a for a in answers]
    starts = tuple("=+-@")
    assert not any(cell.startswith(starts) for row in rows for cell in row)
