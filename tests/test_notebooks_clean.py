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


def test_normaliser_keeps_the_plain_text_output_of_checked_cells() -> None:
    """nbval compares `# NBVAL_CHECK_OUTPUT` cells with their committed output, so it must stay."""
    nb = {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {},
        "cells": [
            {
                "cell_type": "code",
                "id": "b2",
                "metadata": {},
                "execution_count": 3,
                "outputs": [
                    {
                        "output_type": "execute_result",
                        "execution_count": 3,
                        "metadata": {},
                        "data": {"text/plain": ["Fraction(9, 38)"], "text/html": ["<b>9/38</b>"]},
                    }
                ],
                "source": "# NBVAL_CHECK_OUTPUT\nprobability(NeverDrawn('purple'))",
            }
        ],
    }
    cell = normalize.normalized(nb)["cells"][0]
    assert cell["execution_count"] == 1  # nbval skips reference outputs of never-run cells
    assert cell["outputs"] == [
        {
            "data": {"text/plain": "Fraction(9, 38)"},
            "execution_count": 1,
            "metadata": {},
            "output_type": "execute_result",
        }
    ]


LESSONS = sorted(p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def _markdown_lines(path: Path) -> list[str]:
    lines, fenced = [], False
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        for line in source.split("\n"):
            if line.startswith("```"):
                fenced = not fenced
            elif not fenced:
                lines.append(line)
    return lines


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: str(p.relative_to(ROOT)))
def test_lesson_text_reads_as_prose_under_one_title(path: Path) -> None:
    """One level-1 heading (the title); no line written as a code comment (``# # 1. …``, a bare ``#``).

    Markdown makes every line that starts with ``# `` a title-sized heading, so a
    cell pasted from a ``# %% [markdown]`` script would show its prose as headings.
    """
    lines = _markdown_lines(path)
    titles = [line for line in lines if line.startswith("# ")]
    assert len(titles) == 1, f"{path.name} has {len(titles)} level-1 headings: {titles[:4]}"
    commented = [line for line in lines if line.strip() == "#" or line.startswith("# #")]
    assert not commented, f"{path.name} has markdown written as comments: {commented[:3]}"


def test_notebooks_hold_the_language_info_jupyterlab_writes() -> None:
    """JupyterLab writes the kernel's language_info into an opened notebook; a difference makes it
    save the notebook by itself (issue 31). Only the Python version may differ between machines."""
    from ipykernel.ipkernel import IPythonKernel

    kernel = dict(IPythonKernel.language_info)
    shipped = dict(normalize.LANGUAGE_INFO)
    assert set(shipped) == set(kernel)
    assert {k: v for k, v in shipped.items() if k != "version"} == {
        k: v for k, v in kernel.items() if k != "version"
    }
    assert shipped["version"].startswith("3.11.")  # binder/runtime.txt: python-3.11
    for path in normalize.notebooks():
        assert json.loads(path.read_text(encoding="utf-8"))["metadata"]["language_info"] == shipped, path
