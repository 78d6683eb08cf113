"""A warm Jupyter kernel for the notebook tests: each kernel is forked from a process that has already imported the heavy libraries.

Every lesson runs in a fresh kernel under nbval, and a fresh kernel spends about
3 s of CPU importing IPython, ipykernel, NumPy, pandas and plotly before the
lesson's first line runs. With both language tracks and the exercise versions
that is most of the notebook stage. Here one *zygote* process imports them once;
each kernel is a ``fork`` of it, so it starts with those modules loaded and
nothing else shared (its own environment, folder, standard streams, random seeds).

    python scripts/warm_kernel.py serve SOCKET     # the zygote (scripts/run_tests.py starts and stops it)
    python scripts/warm_kernel.py launch -f FILE   # a kernel: the argv of the "pokelab-warm" kernelspec

``launch`` asks the zygote (``$POKELAB_WARM_KERNEL_SOCKET``) for a kernel with its
connection file, passes its standard streams over the socket, forwards interrupts
and stays alive exactly as long as the kernel, so Jupyter sees an ordinary kernel
process. Without a reachable zygote it becomes a plain ``ipykernel`` (same
behaviour, only slower). The kernel quits when its launcher is gone, so no kernel
outlives a killed test. Nothing of pokelab is imported in the zygote: the kit and
everything that looks at its surroundings on import (plotly's renderer choice is
reset in the kernel to the one plotly picks in Jupyter) load in the kernel itself.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import sys
import threading
import time
from pathlib import Path

SOCKET_ENV = "POKELAB_WARM_KERNEL_SOCKET"
KERNEL_NAME = "pokelab-warm"
PRELOAD = (
    "IPython", "ipykernel.kernelapp", "ipykernel.ipkernel", "ipykernel.zmqshell", "ipykernel.debugger",
    "numpy", "pandas", "plotly.express", "plotly.graph_objects", "plotly.io._renderers", "ipywidgets", "anywidget",
)


def kernelspec(folder: Path) -> Path:
    """Write the ``pokelab-warm`` kernelspec under ``folder/kernels``; return the folder to add to ``JUPYTER_PATH``."""
    spec = folder / "kernels" / KERNEL_NAME
    spec.mkdir(parents=True, exist_ok=True)
    argv = [sys.executable, str(Path(__file__).resolve()), "launch", "-f", "{connection_file}"]
    (spec / "kernel.json").write_text(
        json.dumps({"argv": argv, "display_name": "Python 3 (warm)", "language": "python", "interrupt_mode": "signal"}),
        encoding="utf-8",
    )
    return folder


# -- the zygote ------------------------------------------------------------------------------------


def serve(path: str) -> None:
    """Import the heavy libraries, then fork a kernel for every request on the Unix socket ``path``."""
    for name in PRELOAD:
        __import__(name)
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # the kernels are reaped by the system
    if os.path.exists(path):
        os.unlink(path)
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path)
    server.listen(16)
    while True:
        conn, _ = server.accept()
        try:
            message, fds, _, _ = socket.recv_fds(conn, 1 << 20, 3)
            request = json.loads(message.decode())
        except (OSError, ValueError):
            conn.close()
            continue
        pid = os.fork()
        if pid == 0:
            server.close()
            conn.close()
            _become_kernel(request, fds)
        for fd in fds:
            os.close(fd)
        conn.sendall(json.dumps({"pid": pid}).encode())
        conn.close()


def _watch_launcher(launcher: int) -> None:
    while True:
        try:
            os.kill(launcher, 0)
        except ProcessLookupError:
            os._exit(1)
        time.sleep(0.5)


def _become_kernel(request: dict, fds: list[int]) -> None:
    """In the forked child: take the launcher's streams, folder and environment, then run ipykernel."""
    try:
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        for target, fd in zip((0, 1, 2), fds, strict=False):
            os.dup2(fd, target)
            os.close(fd)
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        sys.path[0] = request["cwd"]
        sys.argv = ["ipykernel_launcher", *request["argv"]]
        import random

        import numpy

        random.seed()
        numpy.random.seed()
        import pandas
        import plotly.io

        plotly.io.renderers.default = os.environ.get("PLOTLY_RENDERER") or "plotly_mimetype"
        # Imported outside IPython, pandas took the zygote for a terminal and shows no column limit
        # of its own (max_columns 0: tables cut to fit a terminal); in a kernel it picks 20.
        pandas.set_option("display.max_columns", 20)
        threading.Thread(target=_watch_launcher, args=(request["launcher"],), daemon=True).start()
        from ipykernel.kernelapp import IPKernelApp

        IPKernelApp.launch_instance()
    finally:
        os._exit(0)


# -- the launcher ----------------------------------------------------------------------------------


def launch(argv: list[str]) -> None:
    """Get a kernel from the zygote for this connection file and live as long as it does."""
    path = os.environ.get(SOCKET_ENV, "")
    try:
        client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        client.connect(path)
    except OSError:
        os.execv(sys.executable, [sys.executable, "-m", "ipykernel_launcher", *argv])
    request = {"argv": argv, "cwd": os.getcwd(), "env": dict(os.environ), "launcher": os.getpid()}
    socket.send_fds(client, [json.dumps(request).encode()], [0, 1, 2])
    pid = json.loads(client.recv(4096).decode())["pid"]
    client.close()

    def forward(signum: int, _frame: object) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signum)
        if signum == signal.SIGTERM:
            sys.exit(0)

    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGQUIT, signal.SIGHUP):
        signal.signal(signum, forward)
    watch = os.pidfd_open(pid)
    import select

    while True:
        try:
            if select.select([watch], [], [])[0]:
                break
        except InterruptedError:
            continue


def main(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] == "serve":
        serve(argv[1])
        return 0
    if argv[:1] == ["launch"]:
        launch(argv[1:])
        return 0
    print(__doc__.split("\n\n")[2] if "\n\n" in __doc__ else __doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
