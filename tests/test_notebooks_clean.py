"""Notebooks are committed normalised: no outputs, counts or widget state (see `make normalize`)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location(
    "normalize", ROOT / "scripts" / "normalize_notebooks.py"
)
normalize = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(normalize)


@pytest.mark.parametrize("path", normalize.notebooks(), ids=lambda p: str(p.relative_to(ROOT)))
def test_notebook_is_normalised(path: Path) -> None:
    assert normalize.is_clean(path), (
        f"{path.relative_to(ROOT)} has outputs or volatile metadata: run `make normalize`"
    )


def test_normaliser_strips_outputs_and_widget_state() -> None:
    dirty = {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {
            "widgets": {"application/vnd.jupyter.widget-state+json": {}},
            "kernelspec": {},
        },
        "cells": [
            {
                "cell_type": "code",
                "id": "a1",
                "metadata": {"scrolled": True, "tags": ["keep"]},
                "execution_count": 7,
                "outputs": [{"output_type": "stream", "name": "stdout", "text": "hi\n"}],
                "source": ["print('hi')"],
            }
        ],
    }
    clean = normalize.normalized(dirty)
    cell = clean["cells"][0]
    assert cell["outputs"] == [] and cell["execution_count"] is None
    assert cell["metadata"] == {"tags": ["keep"]}
    assert "widgets" not in clean["metadata"]
    assert cell["source"] == "print('hi')"
    # Normalising twice changes nothing.
    assert normalize.normalized(json.loads(normalize.dumps(clean))) == clean
