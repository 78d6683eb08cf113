"""How nbval runs the lessons: strict self-checks, every notebook's cells kept on one worker, and each passing lesson's executed copy written for the site.

- The kernels nbval starts inherit this environment, so ``pokelab.teaching.check``
  raises on a wrong answer: a solution notebook holding a wrong answer fails (an
  unanswered exercise, ``...``, still only prints).
- Under pytest-xdist (``-n 2``) the default scheduler spreads the cells of one
  notebook over several workers, each with its own kernel, so later cells miss
  the names earlier cells defined. Scheduling by scope (one notebook = one
  scope, nbval's own advice: ``--dist loadscope``) keeps a notebook together.
- Execute each notebook once per run: for every lesson nbval runs (the lessons of
  ``scripts/build_site.py``, both tracks, not the exercise versions) the outputs
  each cell sent are recorded; when every cell of the lesson passed, the kernel is
  asked for its widget state and the lesson is written to
  ``$POKELAB_EXECUTED_DIR/<path>`` (default ``build/executed/<path>``) as nbclient
  would have executed it (``store_widget_state=True``), with the fingerprint
  ``build_site.py`` checks, so the site and handout builds reuse it instead of
  executing the lesson again. A lesson with a failing cell leaves no copy (and
  removes an older one): the site build then executes it itself. The copy differs
  from nbclient's only in what no page shows: the widgets' model ids and no
  per-cell ``metadata.execution`` timings. ``-p no:pokelab-executed-copies``
  turns the writing off (a run whose copies should not replace the stage's).
"""

from __future__ import annotations

import copy
import importlib.util
import json
import os
import sys
import tempfile
import time
import warnings
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

os.environ["POKELAB_STRICT_CHECKS"] = "1"

ROOT = Path(__file__).resolve().parent.parent
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
OUTPUT_TYPES = {"stream", "display_data", "execute_result", "error"}
# Run in the lesson's kernel after its last cell (silently, in a namespace of its own): the
# state of every live widget, as ipywidgets embeds it, written as JSON to the file PATH.
_STATE_CODE = """
import json, sys
_widgets = sys.modules.get("ipywidgets")
_state = _widgets.Widget.get_manager_state() if _widgets is not None else None
with open(PATH, "w", encoding="utf-8") as _handle:
    json.dump(_state, _handle)
"""


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    from xdist.scheduler import LoadScopeScheduling

    return LoadScopeScheduling(config, log)


# -- executed copies --------------------------------------------------------------------------------


def _build_site() -> ModuleType:
    """``scripts/build_site.py`` (the scripts folder is not a package), imported once."""
    module = sys.modules.get("build_site")
    if module is None:
        spec = importlib.util.spec_from_file_location("build_site", ROOT / "scripts" / "build_site.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules["build_site"] = module
        spec.loader.exec_module(module)
    return module


class LessonRecord:
    """What one lesson's cells sent, turned into nbformat outputs the way nbclient does.

    Outputs come from the raw iopub messages (not nbval's merged streams), so the copy
    keeps their order; ``clear_output`` and display updates behave as in nbclient.

    >>> def msg(kind, **content):
    ...     return {"msg_type": kind, "header": {"msg_type": kind}, "parent_header": {"msg_id": "m"},
    ...             "content": content}
    >>> record = LessonRecord()
    >>> record.add_cell(0, "m", [msg("stream", name="stdout", text="a"),
    ...     msg("display_data", data={"text/plain": "x"}, metadata={}),
    ...     msg("stream", name="stdout", text="b"), msg("status", execution_state="idle")])
    >>> [o.output_type for o in record.outputs[0]]
    ['stream', 'display_data', 'stream']
    >>> record.add_cell(1, "other", [msg("stream", name="stdout", text="not this cell's")])
    >>> record.outputs[1]
    []
    >>> record.add_cell(2, "m", [msg("bogus_output")])
    Traceback (most recent call last):
    ...
    ValueError: cell 2: unexpected iopub message 'bogus_output'
    """

    def __init__(self) -> None:
        self.outputs: dict[int, list[Any]] = {}
        self.passed: set[int] = set()
        self.failed = False
        self.msg_id: str | None = None
        self.messages: list[dict[str, Any]] = []
        self._displays: dict[str, list[tuple[int, int]]] = {}

    def add_cell(self, cell_num: int, msg_id: str | None, messages: list[dict[str, Any]]) -> None:
        """Record the outputs of code cell ``cell_num`` from the messages its execution ``msg_id`` sent."""
        from nbformat.v4 import output_from_msg

        outs: list[Any] = []
        clear_pending = False
        for msg in messages:
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            kind, content = msg["msg_type"], msg["content"]
            display_id = (content.get("transient") or {}).get("display_id")
            if display_id and kind in {"execute_result", "display_data", "update_display_data"}:
                self._update_display(display_id, msg)
            if kind == "clear_output":
                if content.get("wait"):
                    clear_pending = True
                else:
                    outs.clear()
                    self._forget_displays(cell_num)
            elif kind in OUTPUT_TYPES:
                if clear_pending:
                    outs.clear()
                    self._forget_displays(cell_num)
                    clear_pending = False
                if display_id:
                    self._displays.setdefault(display_id, []).append((cell_num, len(outs)))
                outs.append(output_from_msg(msg))
            elif kind not in {"status", "execute_input", "update_display_data"} and not kind.startswith("comm"):
                raise ValueError(f"cell {cell_num}: unexpected iopub message {kind!r}")
        self.outputs[cell_num] = outs

    def _update_display(self, display_id: str, msg: dict[str, Any]) -> None:
        from nbformat.v4 import output_from_msg

        msg = {**msg, "msg_type": "display_data", "header": {"msg_type": "display_data"}}
        new = output_from_msg(msg)
        for cell_num, index in self._displays.get(display_id, []):
            if index < len(self.outputs.get(cell_num, [])):
                self.outputs[cell_num][index].update(data=new["data"], metadata=new["metadata"])

    def _forget_displays(self, cell_num: int) -> None:
        for places in self._displays.values():
            places[:] = [place for place in places if place[0] != cell_num]


def executed_notebook(source: Any, record: LessonRecord, widget_state: dict | None, fingerprint: str) -> Any:
    """The lesson ``source`` (an nbformat notebook) as nbclient would have executed it, with ``record``'s outputs.

    Code cells count up as nbclient numbers them (an empty cell is left as it is and not
    counted), ``execute_result`` outputs carry their cell's number, the widget state goes
    in ``metadata.widgets`` when any widget is alive, the fingerprint in ``metadata.pokelab_build``.

    >>> import nbformat
    >>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1"), nbformat.v4.new_code_cell("")])
    >>> record = LessonRecord()
    >>> record.add_cell(0, "m", [{"msg_type": "execute_result", "header": {"msg_type": "execute_result"},
    ...     "parent_header": {"msg_id": "m"},
    ...     "content": {"data": {"text/plain": "2"}, "metadata": {}, "execution_count": 7}}])
    >>> out = executed_notebook(nb, record, None, "f")
    >>> out.cells[0].execution_count, out.cells[0].outputs[0].execution_count, out.metadata.pokelab_build
    (1, 1, {'fingerprint': 'f'})
    >>> executed_notebook(nb, LessonRecord(), None, "f")
    Traceback (most recent call last):
    ...
    ValueError: code cell 0 has no recorded outputs
    """
    import nbformat

    nb = copy.deepcopy(source)
    count = 0
    code_cells = [cell for cell in nb.cells if cell.cell_type == "code"]
    for cell_num, cell in enumerate(code_cells):
        if not cell.source.strip():  # nbclient skips it: committed outputs and number stay
            continue
        if cell_num not in record.outputs:
            raise ValueError(f"code cell {cell_num} has no recorded outputs")
        count += 1
        cell.execution_count = count
        cell.outputs = copy.deepcopy(record.outputs[cell_num])
        for output in cell.outputs:
            if output.output_type == "execute_result":
                output.execution_count = count
    if widget_state and widget_state.get("state"):
        nb.metadata["widgets"] = {WIDGET_STATE: widget_state}
    else:
        nb.metadata.pop("widgets", None)
    nb.metadata["pokelab_build"] = {"fingerprint": fingerprint}
    nbformat.validate(nb)
    return nb


def _shell_reply(kernel: Any, msg_id: str, timeout: float) -> dict[str, Any]:
    """The content of the shell reply to request ``msg_id``; raise if it is not ``ok``."""
    deadline = time.monotonic() + timeout
    while True:
        reply = kernel.kc.get_shell_msg(timeout=max(0.1, deadline - time.monotonic()))
        if reply["parent_header"].get("msg_id") == msg_id:
            break
    content = reply["content"]
    if content.get("status") != "ok":
        raise RuntimeError(f"the kernel answered {content.get('ename')}: {content.get('evalue')}")
    return content


def _ask_kernel(kernel: Any, folder: Path, timeout: float = 60) -> tuple[dict | None, dict | None]:
    """The widget state and the ``language_info`` of the lesson's running kernel (nbval's ``RunningKernel``)."""
    handle, path = tempfile.mkstemp(prefix=".widget-state-", suffix=".json", dir=folder)
    os.close(handle)
    try:
        code = f"exec({_STATE_CODE.replace('PATH', repr(path))!r}, {{}})"
        msg_id = kernel.kc.execute(code, silent=True, store_history=False, allow_stdin=False)
        _shell_reply(kernel, msg_id, timeout)
        state = json.loads(Path(path).read_text(encoding="utf-8"))
    finally:
        Path(path).unlink(missing_ok=True)
    info = _shell_reply(kernel, kernel.kc.kernel_info(), timeout)
    return state, info.get("language_info")


class ExecutedCopies:
    """The pytest plugin: records each lesson's cells under nbval and writes the passing lessons."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.records: dict[Path, LessonRecord] = {}
        self._lessons: set[Path] | None = None
        self._code: str | None = None

    def lesson_of(self, item: pytest.Item) -> Path | None:
        """The lesson (path relative to the repository) an nbval cell belongs to, or None."""
        if type(item).__name__ != "IPyNbCell":
            return None
        notebook = item.parent
        if not hasattr(notebook, "_pokelab_lesson"):
            if self._lessons is None:
                self._lessons = set(_build_site().lessons())
            path = Path(str(notebook.path)).resolve()
            rel = path.relative_to(ROOT) if path.is_relative_to(ROOT) else None
            notebook._pokelab_lesson = rel if rel in self._lessons else None
        return notebook._pokelab_lesson

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_call(self, item: pytest.Item):
        lesson = self.lesson_of(item)
        if lesson is None:
            yield
            return
        record = self.records.setdefault(lesson, LessonRecord())
        notebook = item.parent
        if not getattr(notebook, "_pokelab_recording", False):
            read, execute = notebook.get_kernel_message, notebook.kernel.execute_cell_input

            def get_kernel_message(*args: Any, **kwargs: Any) -> dict[str, Any]:
                msg = read(*args, **kwargs)
                record.messages.append(msg)
                return msg

            def execute_cell_input(*args: Any, **kwargs: Any) -> str:
                record.msg_id = execute(*args, **kwargs)
                return record.msg_id

            notebook.get_kernel_message = get_kernel_message
            notebook.kernel.execute_cell_input = execute_cell_input
            notebook._pokelab_recording = True
        record.messages, record.msg_id = [], None
        yield
        messages, msg_id = record.messages, record.msg_id
        record.messages, record.msg_id = [], None
        if not record.failed:
            try:
                record.add_cell(item.cell_num, msg_id, messages)
            except ValueError as error:
                record.failed = True
                warnings.warn(f"{lesson}: no executed copy: {error}", stacklevel=1)

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo):
        outcome = yield
        lesson = self.lesson_of(item)
        if lesson is None:
            return
        report = outcome.get_result()
        record = self.records.setdefault(lesson, LessonRecord())
        if report.failed or (report.skipped and call.when != "teardown"):
            record.failed = True
        elif call.when == "call" and report.passed:
            record.passed.add(item.cell_num)

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_teardown(self, item: pytest.Item, nextitem: pytest.Item | None) -> None:
        """After the lesson's last cell, while its kernel still runs: write the copy, or remove a stale one."""
        lesson = self.lesson_of(item)
        if lesson is None:
            return
        code_cells = sum(cell.cell_type == "code" for cell in item.parent.nb.cells)
        if item.cell_num != code_cells - 1:
            return
        record = self.records.pop(lesson, LessonRecord())
        target = self.out / lesson
        if record.failed:
            target.unlink(missing_ok=True)
            return
        if len(record.passed) != code_cells:  # part of the lesson ran (-k, --deselect): no copy
            return
        try:
            self.write(item.parent, lesson, record, target)
        except Exception as error:  # the lesson passed; the site build will execute it itself
            warnings.warn(f"{lesson}: no executed copy: {error!r}", stacklevel=1)

    def write(self, notebook: Any, lesson: Path, record: LessonRecord, target: Path) -> None:
        """Write ``target`` atomically (a temporary file in its folder, then a rename)."""
        import nbformat

        build_site = _build_site()
        if self._code is None:
            self._code = build_site._code_fingerprint()
        fingerprint = build_site.lesson_fingerprint(lesson, self._code)
        target.parent.mkdir(parents=True, exist_ok=True)
        state, language = _ask_kernel(notebook.kernel, target.parent)
        nb = executed_notebook(notebook.nb, record, state, fingerprint)
        if language:  # as nbclient does: the kernel's own
            nb.metadata["language_info"] = language
        handle, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as stream:
                nbformat.write(nb, stream)
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise


def pytest_configure(config: pytest.Config) -> None:
    """Register the executed-copies plugin for nbval runs (``--nbval`` or ``--nbval-lax``)."""
    if getattr(config.option, "nbval", False) or getattr(config.option, "nbval_lax", False):
        config.pluginmanager.register(ExecutedCopies(_build_site().executed_dir()), "pokelab-executed-copies")
