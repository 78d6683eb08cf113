"""The widgets' front ends: one ES module per widget, built by esbuild from ``widgets/js``.

The sources are ES modules with real ``import``\\ s (``widgets/js/lib`` holds the DOM
builder and text helpers every board shares); ``scripts/build_js.py`` bundles each
entry below with esbuild (the exact version pinned in ``package.json`` and
``package-lock.json``) into ``widgets/static/<name>.js``. The built files are
committed: ``make lab``, Binder and ``make site`` need no Node.js. Each built file
starts with a banner naming the digest of the sources it was built from, so a test
finds a bundle that is stale without running Node (and rebuilds it when esbuild is
installed).

>>> esm("splendor").name, esm("splendor").parent.name
('splendor.js', 'static')
>>> [p.relative_to(JS).as_posix() for p in sources("tables_address")]
['tables_address.js']
>>> "lib/dom.js" in [p.relative_to(JS).as_posix() for p in sources("splendor")]
True
>>> bundle("probability_tree.css").count(".pt-") > 10
True
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

__all__ = ["ENTRIES", "ESBUILD_VERSION", "JS", "STATIC", "banner", "bundle", "digest", "esm", "sources"]

_HERE = Path(__file__).parent
#: The ES module sources.
JS = _HERE / "js"
#: The built ES modules, one per widget (committed).
STATIC = _HERE / "static"
#: The esbuild that builds them (package.json pins the same exact version).
ESBUILD_VERSION = "0.28.2"
#: Each widget's built module name -> its entry module in ``widgets/js``.
ENTRIES = {
    "splendor": "splendor/index.js",
    "herecomes_board": "herecomes/index.js",
    "bag_explorer": "bag_explorer.js",
    "probability_tree": "probability_tree.js",
    "tables_address": "tables_address.js",
}

_IMPORT = re.compile(r"""^\s*(?:import|export)\b[^"';]*?\bfrom\s*["'](\.{1,2}/[^"']+)["']""", re.M)


def esm(name: str) -> Path:
    """The built ES module of widget ``name``: what its ``_esm`` points to."""
    if name not in ENTRIES:
        raise KeyError(f"{name!r} is not one of the widgets' front ends: {sorted(ENTRIES)}")
    return STATIC / f"{name}.js"


def sources(name: str) -> list[Path]:
    """Every source module the bundle ``name`` is built from (its entry and what it imports), sorted."""
    seen: set[Path] = set()
    todo = [JS / ENTRIES[name]]
    while todo:
        path = todo.pop().resolve()
        if path in seen:
            continue
        seen.add(path)
        text = path.read_text(encoding="utf-8")
        todo.extend(path.parent / spec for spec in _IMPORT.findall(text))
    return sorted(seen)


def digest(name: str) -> str:
    """The sha256 of the sources of bundle ``name`` (paths and text) and the esbuild version."""
    h = hashlib.sha256(f"esbuild {ESBUILD_VERSION}\n".encode())
    for path in sources(name):
        h.update(path.relative_to(JS.resolve()).as_posix().encode() + b"\0")
        h.update(path.read_bytes() + b"\0")
    return h.hexdigest()


def banner(name: str) -> str:
    """The first line of the built module: where it comes from and the digest of its sources."""
    return (
        f"// widgets/static/{name}.js: built by scripts/build_js.py (esbuild {ESBUILD_VERSION}) "
        f"from widgets/js/{ENTRIES[name]}; do not edit. sources-sha256: {digest(name)}"
    )


def bundle(*names: str) -> str:
    """The style sheets ``names`` (beside this module) joined into one: a board's CSS.

    >>> bundle("nothing.css")
    Traceback (most recent call last):
    ...
    FileNotFoundError: widgets/nothing.css is not part of the kit
    """
    parts = []
    for name in names:
        path = _HERE / name
        if not path.is_file():
            raise FileNotFoundError(f"widgets/{name} is not part of the kit")
        parts.append(f"/* ---- {name} ---- */\n" + path.read_text(encoding="utf-8"))
    return "\n".join(parts)
