"""The scripts the website's pages need, served from ``_static/vendor``: no page loads from a CDN.

require.js, the ipywidgets HTML manager and MathJax come through ``npm pack`` at a pinned
version and integrity; anywidget's front end and plotly.js from their installed Python
packages; the widgets' require.js config from ``site/vendor``. Used by ``scripts/build_site.py``.
"""

from __future__ import annotations

import base64
import hashlib
import re
import shutil
import subprocess
import tarfile
from pathlib import Path

import anywidget
import plotly

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
NPM_CACHE = ROOT / "build" / "npm"
# (package, version, sha512 integrity as npm prints it, files kept from the package)
NPM_PACKAGES = [
    (
        "@jupyter-widgets/html-manager",
        "1.0.15",
        "sha512-5thBIV6ymNgmPVOHvzx+gGy8ZSKmSazhtGw4/c4xJDVzRhG9PTeQsRjF3FUTopvFi//SABeNz1yp47bCrJ3CQA==",
        re.compile(r"^package/dist/(embed-amd\.js|[0-9a-f]{20}\.(woff2?|ttf|eot|svg))$"),
    ),
    (
        "requirejs",
        "2.3.8",
        "sha512-7/cTSLOdYkNBNJcDMWf+luFvMriVm7eYxp4BcFCsAX0wF421Vyce5SXP17c+Jd5otXKGNehIonFlyQXSowL6Mw==",
        re.compile(r"^package/require\.js$"),
    ),
    (  # the lessons' formulas ($…$): SVG output needs no font files; extensions load on demand
        "mathjax",
        "3.2.2",
        "sha512-Bt+SSVU8eBG27zChVewOicYs7Xsdt40qm4+UpHyX7k0/O9NliPc+x77k1/FEsPsjKPZGJvtRZM1vO+geW0OhGw==",
        re.compile(r"^package/es5/(tex-svg\.js|input/tex/extensions/[\w-]+\.js)$"),
    ),
]


def _npm_package(name: str, version: str, integrity: str) -> Path:
    """The tarball of an npm package at a pinned version, fetched once with `npm pack`."""
    NPM_CACHE.mkdir(parents=True, exist_ok=True)
    tarball = NPM_CACHE / f"{name.lstrip('@').replace('/', '-')}-{version}.tgz"
    if not tarball.exists():
        subprocess.run(
            ["npm", "pack", "--silent", f"{name}@{version}"],
            cwd=NPM_CACHE,
            check=True,
            stdout=subprocess.DEVNULL,
        )
    digest = "sha512-" + base64.b64encode(hashlib.sha512(tarball.read_bytes()).digest()).decode()
    if digest != integrity:
        tarball.unlink()
        raise RuntimeError(f"{name}@{version}: integrity {digest} is not the pinned {integrity}")
    return tarball


def vendor_scripts(static: Path) -> None:
    """Put every script the pages need under ``static/vendor`` (no CDN at view time).

    A downloaded package whose integrity is not the pinned one is deleted and refused
    (``RuntimeError`` naming both digests).
    """
    vendor = static / "vendor"
    for name, version, integrity, keep in NPM_PACKAGES:
        folder = vendor / name.split("/")[-1]
        folder.mkdir(parents=True, exist_ok=True)
        with tarfile.open(_npm_package(name, version, integrity)) as archive:
            for member in archive.getmembers():
                match = keep.match(member.name) if member.isfile() else None
                if match:  # the pattern's first group keeps a file's folder below the package
                    target = folder / (match.group(1) if keep.groups else Path(member.name).name)
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_bytes(archive.extractfile(member).read())
    (vendor / "anywidget").mkdir(parents=True, exist_ok=True)
    shutil.copy(Path(anywidget.__file__).parent / "nbextension" / "index.js", vendor / "anywidget")
    shutil.copy(Path(plotly.__file__).parent / "package_data" / "plotly.min.js", vendor)
    shutil.copy(SITE / "vendor" / "widgets-config.js", vendor)
