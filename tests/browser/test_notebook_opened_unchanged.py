"""A shipped notebook opened in JupyterLab stays as it is on disk (issue 31).

JupyterLab writes the kernel's ``language_info`` into a notebook it opens; when that
differs from the file, the notebook is marked changed and autosaved two minutes later,
so git showed every opened lesson modified. The shipped notebooks hold what the kit's
kernel reports (scripts/normalize_notebooks.py), so opening one changes nothing; on another
Python the notebook is saved, and the kit's server (its pre-save hook,
binder/jupyter_server_config.json) writes it back byte for byte.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ["notebooks/00-start-here.ipynb", "notebooks/zh/probability/30-counting-and-the-last-token.ipynb"]

#: Resolves once the kernel's info (its language_info) has reached the notebook panel, with the model's state.
_DIRTY_AFTER_KERNEL_INFO = """async () => {
  const panel = window.jupyterapp.shell.currentWidget;
  await panel.sessionContext.session.kernel.info;
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  return {dirty: panel.context.model.dirty,
          version: panel.context.model.getMetadata('language_info').version};
}"""


#: What JupyterLab does with a kernel on another Python: it writes that kernel's language_info
#: (another version) into the notebook, which marks it changed; then it saves it (the autosave).
_OPENED_ON_ANOTHER_PYTHON_AND_SAVED = """async (version) => {
  const panel = window.jupyterapp.shell.currentWidget;
  await panel.sessionContext.session.kernel.info;
  const info = panel.context.model.getMetadata('language_info');
  panel.context.model.setMetadata('language_info', {...info, version});
  const dirty = panel.context.model.dirty;
  await panel.context.save();
  return {dirty, saved: !panel.context.model.dirty};
}"""


@pytest.mark.parametrize("lesson", LESSONS)
def test_opening_a_lesson_marks_nothing_changed(lab: Any, lesson: str) -> None:
    name = f"opened-{Path(lesson).name}"
    shutil.copy(ROOT / lesson, lab.root / name)
    page = lab.open(name)
    state = page.evaluate(_DIRTY_AFTER_KERNEL_INFO)
    assert state["dirty"] is False, f"JupyterLab marked {lesson} changed on opening: {state}"
    assert (lab.root / name).read_bytes() == (ROOT / lesson).read_bytes()


@pytest.mark.parametrize("lesson", LESSONS)
def test_a_lesson_saved_by_a_kernel_on_another_python_is_byte_identical(lab: Any, lesson: str) -> None:
    name = f"other-python-{Path(lesson).name}"
    shutil.copy(ROOT / lesson, lab.root / name)
    page = lab.open(name)
    state = page.evaluate(_OPENED_ON_ANOTHER_PYTHON_AND_SAVED, "3.12.4")
    assert state == {"dirty": True, "saved": True}, state
    assert (lab.root / name).read_bytes() == (ROOT / lesson).read_bytes()
