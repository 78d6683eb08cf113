"""The rule-coverage checker (scripts/rule_coverage.py): its examples, the real project, and small made-up projects that must fail."""

from __future__ import annotations

import doctest
import subprocess
import sys
from pathlib import Path

from tests.rulebook_text import (
    ROOT,
    coverage,
)

# --- the checker (scripts/rule_coverage.py) -----------------------------------------------


def test_rule_coverage_doctests_pass() -> None:
    """The checker's own examples (its docstrings) run as tests."""
    result = doctest.testmod(coverage, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 10 and result.failed == 0


def test_every_rule_id_is_tested_none_is_orphaned_and_en_zh_agree() -> None:
    """The project passes its own rule check: the ``rules`` stage of scripts/run_tests.py."""
    report = coverage.check(ROOT)
    assert report.ok, "\n".join(report.problems())
    assert report.games == 2 and len(report.ids) == len(set(report.ids))
    assert {rule.split("-")[0] for rule in report.ids} == {"SP", "HC"}


def _toy_project(tmp_path: Path, en: str, zh: str, test: str, code: str = "") -> Path:
    (tmp_path / "docs" / "rules").mkdir(parents=True)
    (tmp_path / "docs" / "rules" / "toy.en.md").write_text(en, encoding="utf-8")
    (tmp_path / "docs" / "rules" / "toy.zh.md").write_text(zh, encoding="utf-8")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_toy.py").write_text(test, encoding="utf-8")
    (tmp_path / "pokelab").mkdir()
    (tmp_path / "pokelab" / "engine.py").write_text(code, encoding="utf-8")
    (tmp_path / "README.md").write_text("", encoding="utf-8")
    return tmp_path


def test_checker_accepts_snake_case_and_hyphen_names(tmp_path: Path) -> None:
    root = _toy_project(
        tmp_path,
        "**TY-A1** x **TY-A2** y",
        "**TY-A1** 甲 **TY-A2** 乙",
        "def test_ty_a1(): ...\n# covers TY-A2\n",
        "raise IllegalAction('TY-A2', 'x', 'y')",
    )
    report = coverage.check(root)
    assert report.ok and report.ids == ("TY-A1", "TY-A2")
    assert report.summary().startswith("rule coverage: 2/2 rule IDs")


def test_checker_reports_an_untested_rule(tmp_path: Path) -> None:
    root = _toy_project(
        tmp_path, "**TY-A1** **TY-A2**", "**TY-A1** **TY-A2**", "def test_ty_a1(): ..."
    )
    report = coverage.check(root)
    assert not report.ok and report.uncovered == ("TY-A2",)
    assert "not named by any test: TY-A2" in report.problems()


def test_checker_reports_an_orphan_id_in_the_code(tmp_path: Path) -> None:
    root = _toy_project(
        tmp_path,
        "**TY-A1**",
        "**TY-A1**",
        "def test_ty_a1(): ...",
        "raise IllegalAction('TY-B7', 'x', 'y')",
    )
    report = coverage.check(root)
    assert report.orphans == {"TY-B7": ["pokelab/engine.py"]}
    assert "named but in no rulebook: TY-B7 (in pokelab/engine.py)" in report.problems()
    assert not report.ok


def test_checker_reports_rulebooks_that_differ(tmp_path: Path) -> None:
    root = _toy_project(tmp_path, "**TY-A1** **TY-A2**", "**TY-A2** **TY-A1**", "ty_a1 ty_a2")
    assert coverage.check(root).parity == (
        "toy: the IDs come in another order: rule 1 is TY-A1 in English, TY-A2 in Chinese",
    )
    (root / "docs" / "rules" / "toy.zh.md").write_text("**TY-A1**", encoding="utf-8")
    assert coverage.check(root).parity == ("toy: only in English: TY-A2",)


def test_rule_coverage_script_prints_one_line_and_exits_zero() -> None:
    run = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "rule_coverage.py")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.count("\n") == 1 and run.stdout.startswith("rule coverage:")
