"""Make sure Debian's PostgreSQL server is present for the class-database tests.

Installs the ``postgresql`` package with apt-get when running as root on a
Debian-like machine (as CI and a fresh developer machine do). Elsewhere it
prints a notice: the PostgreSQL tests then skip themselves, except under
CI=true, where a missing server is a failure.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys

INITDB_GLOB = "/usr/lib/postgresql/*/bin/initdb"


def main() -> int:
    if glob.glob(INITDB_GLOB):
        return 0
    in_ci = os.environ.get("CI", "").lower() in {"1", "true", "yes"}
    if os.geteuid() == 0 and shutil.which("apt-get"):
        print("ensure_postgres: installing Debian's PostgreSQL for the class-database tests ...")
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        ok = subprocess.run(["apt-get", "update", "-qq"], env=env).returncode == 0
        install = ["apt-get", "install", "-y", "-qq", "postgresql"]
        ok = ok and subprocess.run(install, env=env).returncode == 0
        if ok and glob.glob(INITDB_GLOB):
            return 0
    print(
        "ensure_postgres: NOTICE — no PostgreSQL server (initdb) found; the PostgreSQL class-database "
        "tests will be skipped. Install it with: sudo apt-get install postgresql",
        flush=True,
    )
    return 1 if in_ci else 0


if __name__ == "__main__":
    sys.exit(main())
