"""Make sure Debian's Chromium, the CJK fonts and poppler are present for the browser, site and handout tests.

Each need is checked on its own (a machine may have Chromium but no Chinese
font): Chromium at ``/usr/bin/chromium``, a Noto CJK font (Chinese labels and
PDFs render with real glyphs, not boxes), and ``pdftoppm`` (the handout test
turns a PDF page into a PNG to look at). What is missing is installed with
apt-get when running as root on a Debian-like machine (as CI and a fresh
developer machine do). Elsewhere it prints a notice: the browser tests then
skip themselves, except under CI=true, where anything missing is a failure.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys

CHROMIUM = "/usr/bin/chromium"
#: How the tests and the handouts start it: headless, and quiet on a closed network (no background
#: fetches, updates or sync that this machine would refuse).
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

#: Debian package -> how to tell it is installed.
NEEDS: dict[str, object] = {
    "chromium": lambda: os.path.exists(CHROMIUM),
    "fonts-noto-cjk": lambda: bool(glob.glob("/usr/share/fonts/opentype/noto/NotoSansCJK*")),
    "poppler-utils": lambda: shutil.which("pdftoppm") is not None,
}


def missing() -> list[str]:
    """The Debian packages of ``NEEDS`` this machine lacks."""
    return [package for package, present in NEEDS.items() if not present()]  # type: ignore[operator]


def main() -> int:
    absent = missing()
    if not absent:
        return 0
    in_ci = os.environ.get("CI", "").lower() in {"1", "true", "yes"}
    if os.geteuid() == 0 and shutil.which("apt-get"):
        print(f"ensure_chromium: installing {', '.join(absent)} from Debian's packages ...", flush=True)
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        if subprocess.run(["apt-get", "update", "-qq"], env=env).returncode == 0:
            subprocess.run(["apt-get", "install", "-y", "-qq", *absent], env=env)
        absent = missing()
        if not absent:
            return 0
    print(
        f"ensure_chromium: NOTICE — missing {', '.join(absent)}; the browser tests need Chromium at "
        f"/usr/bin/chromium and will be skipped without it. Install with: sudo apt-get install {' '.join(absent)}",
        flush=True,
    )
    return 1 if in_ci else 0


if __name__ == "__main__":
    sys.exit(main())
