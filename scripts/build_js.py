"""Build the widgets' ES modules: widgets/js -> widgets/static, one bundle per widget, with esbuild.

    npm ci                               # esbuild, the exact version of package-lock.json
    .venv/bin/python scripts/build_js.py # or: make js
    .venv/bin/python scripts/build_js.py --check   # exit 1 if a committed bundle is stale

The bundles are committed (``make lab``, Binder and the course website need no Node.js);
``tests/widgets/test_js_bundles.py`` fails when one is stale.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# widgets/_bundle.py alone (importing the widgets package would need the bundles built already)
_spec = importlib.util.spec_from_file_location("_pokelab_bundle", ROOT / "widgets" / "_bundle.py")
_bundle = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_bundle)
ENTRIES, ESBUILD_VERSION, JS, banner, esm = (
    _bundle.ENTRIES, _bundle.ESBUILD_VERSION, _bundle.JS, _bundle.banner, _bundle.esm,
)

ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
FLAGS = ["--bundle", "--format=esm", "--target=es2020", "--charset=utf8", "--legal-comments=none", "--log-level=warning"]


def esbuild() -> Path:
    """The pinned esbuild of node_modules (``npm ci``), checked to be ``ESBUILD_VERSION``."""
    if not ESBUILD.exists():
        raise SystemExit("esbuild is not installed: run `npm ci` in the repository first")
    version = subprocess.run([str(ESBUILD), "--version"], capture_output=True, text=True, check=True).stdout.strip()
    if version != ESBUILD_VERSION:
        raise SystemExit(f"node_modules has esbuild {version}, the kit pins {ESBUILD_VERSION}: run `npm ci`")
    return ESBUILD


def build(name: str, out: Path) -> str:
    """Bundle widget ``name`` into ``out`` and return the text."""
    entry = (JS / ENTRIES[name]).relative_to(ROOT).as_posix()
    subprocess.run(
        [str(esbuild()), entry, *FLAGS, f"--banner:js={banner(name)}", f"--outfile={out}"],
        cwd=ROOT,
        check=True,
    )
    return out.read_text(encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="build into a temporary folder and compare")
    args = parser.parse_args(argv)
    stale = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in ENTRIES:
            target = esm(name)
            if args.check:
                text = build(name, Path(tmp) / f"{name}.js")
                if not target.exists() or target.read_text(encoding="utf-8") != text:
                    stale.append(name)
            else:
                build(name, target)
                print(f"{target.relative_to(ROOT)}: {target.stat().st_size} bytes")
    if stale:
        print(f"stale bundles: {', '.join(stale)} (run scripts/build_js.py)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
