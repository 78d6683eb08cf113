"""Make sure Debian's Chromium is present for the browser tests.

Installs it with apt-get when running as root on a Debian-like machine (as CI
and a fresh developer machine do). Elsewhere it prints a notice: the browser
tests then skip themselves, except under CI=true, where a skip is a failure.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

CHROMIUM = "/usr/bin/chromium"
PACKAGES = ["chromium", "fonts-noto-cjk"]  # CJK fonts so Chinese labels render in screenshots


def main() -> int:
    if os.path.exists(CHROMIUM):
        return 0
    in_ci = os.environ.get("CI", "").lower() in {"1", "true", "yes"}
    if os.geteuid() == 0 and shutil.which("apt-get"):
        print("ensure_chromium: installing Debian's Chromium for the browser tests ...", flush=True)
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        ok = subprocess.run(["apt-get", "update", "-qq"], env=env).returncode == 0
        ok = (
            ok
            and subprocess.run(["apt-get", "install", "-y", "-qq", *PACKAGES], env=env).returncode
            == 0
        )
        if ok and os.path.exists(CHROMIUM):
            return 0
    print(
        "ensure_chromium: NOTICE — no Chromium at /usr/bin/chromium; browser tests will be skipped. "
        "Install it with: sudo apt-get install chromium",
        flush=True,
    )
    return 1 if in_ci else 0


if __name__ == "__main__":
    sys.exit(main())
