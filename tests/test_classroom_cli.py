"""`pokelab class new` creates a class in a real class database; bad names are refused in the chosen language."""

from __future__ import annotations

import re

from pokelab.classroom import ClassStore
from pokelab.cli import main


def test_class_new_prints_a_join_code_and_a_teacher_key_that_work(tmp_path, capsys):
    url = f"sqlite:///{tmp_path / 'classes.db'}"
    assert main(["class", "new", "7B", "--db", url]) == 0
    out = capsys.readouterr().out
    code = re.search(r"join code \(for the students\): (\w+)", out).group(1)
    key = re.search(r"teacher key \(keep it to yourself\): ([\w-]+)", out).group(1)
    store = ClassStore.connect(url)
    assert store.class_name(code) == "7B"
    store.add_round(code, "A", ["red"] * 5 + ["blue"] * 5)
    assert store.reset(code, key) == 1


def test_class_new_refuses_a_bad_name_and_a_bad_database_url(tmp_path, capsys):
    url = f"sqlite:///{tmp_path / 'classes.db'}"
    assert main(["--lang", "zh", "class", "new", "7B'; --", "--db", url]) == 2
    assert "班级名称只能包含" in capsys.readouterr().err
    assert main(["class", "new", "7B", "--db", "mysql://x/y"]) == 2
    assert "sqlite:/// or postgresql://" in capsys.readouterr().err
