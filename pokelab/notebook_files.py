"""The form a shipped notebook's metadata takes, and the Jupyter save hook that keeps it.

JupyterLab writes the running kernel's ``language_info`` into a notebook it opens. The shipped
notebooks hold what the kit's kernel reports on the Python of ``make install`` and Binder
(``scripts/normalize_notebooks.py`` writes it); a kernel on another Python reports another
``version``, so JupyterLab marks the notebook changed and autosaves it two minutes later, and git
showed every opened lesson modified (issue 31). :func:`pre_save_hook`, which the kit's Jupyter
server runs before every save (``binder/jupyter_server_config.json``, installed by
``make install`` and Binder's ``postBuild``), writes a Python notebook's ``language_info`` back in
the shipped form, so saving an unchanged notebook on any Python leaves its file byte-identical.
"""

from __future__ import annotations

from typing import Any

#: The Python version the shipped notebooks name (binder/runtime.txt: python-3.11).
PYTHON_VERSION = "3.11.7"
#: The kernel the shipped notebooks name.
KERNELSPEC: dict[str, str] = {
    "display_name": "Python 3 (ipykernel)",
    "language": "python",
    "name": "python3",
}
#: What ipykernel reports as ``language_info`` on the kit's Python, as JupyterLab writes it.
LANGUAGE_INFO: dict[str, Any] = {
    "codemirror_mode": {"name": "ipython", "version": 3},
    "file_extension": ".py",
    "mimetype": "text/x-python",
    "name": "python",
    "nbconvert_exporter": "python",
    "pygments_lexer": "ipython3",
    "version": PYTHON_VERSION,
}


def shipped_language_info(info: Any) -> Any:
    """The shipped ``language_info`` for a Python kernel's ``info`` (any version); others unchanged.

    >>> shipped_language_info({**LANGUAGE_INFO, "version": "3.12.4"}) == LANGUAGE_INFO
    True
    >>> shipped_language_info({"name": "R", "version": "4.4.1"})
    {'name': 'R', 'version': '4.4.1'}

    Anything that is not a Python ``language_info`` (a missing one, another language, a value
    that is not a mapping) is returned as it is: the hook never refuses a save.

    >>> shipped_language_info(None) is None
    True
    """
    if isinstance(info, dict) and info.get("name") == "python":
        return {key: (dict(value) if isinstance(value, dict) else value) for key, value in LANGUAGE_INFO.items()}
    return info


def pre_save_hook(model: dict[str, Any], path: str = "", **_: Any) -> None:
    """Before Jupyter saves ``model``, give a notebook's Python ``language_info`` its shipped form.

    Jupyter's contents manager calls it as ``hook(model=..., path=..., contents_manager=...)``;
    the model's ``content`` is the notebook about to be written, changed in place.

    >>> model = {"type": "notebook", "content": {"metadata": {"language_info": {"name": "python", "version": "3.13.0"}}}}
    >>> pre_save_hook(model=model, path="lesson.ipynb")
    >>> model["content"]["metadata"]["language_info"]["version"]
    '3.11.7'

    A model that is not a notebook (a text file, a directory) or a notebook without metadata is
    left as it is.

    >>> text = {"type": "file", "content": "hello"}
    >>> pre_save_hook(model=text); text
    {'type': 'file', 'content': 'hello'}
    """
    if model.get("type") != "notebook":
        return
    content = model.get("content")
    metadata = content.get("metadata") if isinstance(content, dict) else None
    if isinstance(metadata, dict) and "language_info" in metadata:
        metadata["language_info"] = shipped_language_info(metadata["language_info"])
