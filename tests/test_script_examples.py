"""The examples in the test command's own scripts run (the unit stage's doctests cover only ``tests``, ``pokelab`` and ``widgets``)."""

from __future__ import annotations

import doctest
import importlib.util
from pathlib import Path

import pytest

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"


@pytest.mark.parametrize("name", ["run_tests", "pytest_profile", "under_load"])
def test_the_scripts_examples_hold(name: str) -> None:
    spec = importlib.util.spec_from_file_location(f"script_{name}", SCRIPTS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, f"scripts/{name}.py has no example to run"
    assert result.failed == 0, f"{result.failed} of scripts/{name}.py's examples failed (see the output above)"
