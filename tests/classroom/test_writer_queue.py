"""The SQLite writers' queue (pokelab.classroom.sqlite.writer_queue): first come, first served, between processes.

Each writer is its own process, as each pupil's kernel is. No timing: the
order of turns is read from what the writers record, and every wait is on an
event (a pipe, a process ending).
"""

from __future__ import annotations

import multiprocessing
import os
from pathlib import Path

import pytest
import sqlalchemy as sa

from pokelab.classroom import ClassStore, sqlite
from pokelab.classroom.sqlite import _take_ticket, _wait_turn, writer_queue

_FORK = multiprocessing.get_context("fork")


def _queued_writer(path: str, name: str, ready, log: str) -> None:
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
    ticket = _take_ticket(fd)
    ready.send(ticket)
    _wait_turn(fd, ticket)
    with open(log, "a", encoding="utf-8") as out:
        out.write(name + "\n")
    os.close(fd)


def test_writers_take_their_turns_in_the_order_they_came(tmp_path: Path) -> None:
    database = tmp_path / "class.db"
    log = tmp_path / "turns.txt"
    turn = writer_queue(sa.create_engine(f"sqlite:///{database}"))
    workers = []
    with turn():  # this process writes; five more kernels queue behind it, one after another
        for name in "BCDEF":
            mine, theirs = _FORK.Pipe()
            worker = _FORK.Process(target=_queued_writer, args=(f"{database}-queue", name, theirs, str(log)))
            worker.start()
            mine.recv()  # the worker holds its ticket before the next one comes
            workers.append(worker)
        assert not log.exists()  # nobody overtook the writer in its turn
    for worker in workers:
        worker.join(60)
        assert worker.exitcode == 0
    assert log.read_text(encoding="utf-8").split() == list("BCDEF")


def _stuck_writer(url: str, inside) -> None:
    with writer_queue(sa.create_engine(url))():
        inside.send("in my turn")
        inside.recv()  # never comes: the kernel is killed in its turn


def _next_writer(url: str, code: str, done) -> None:
    store = ClassStore.connect(url)
    store.join_pupil(code, "Mei")
    done.send("joined")


def test_a_kernel_killed_in_its_turn_lets_the_next_writer_go(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'class.db'}"
    code, key = ClassStore.connect(url).create_class("7B")
    mine, theirs = _FORK.Pipe()
    stuck = _FORK.Process(target=_stuck_writer, args=(url, theirs))
    stuck.start()
    assert mine.recv() == "in my turn"
    done, told = _FORK.Pipe()
    waiting = _FORK.Process(target=_next_writer, args=(url, code, told))
    waiting.start()
    stuck.kill()
    stuck.join(60)
    waiting.join(60)
    assert waiting.exitcode == 0 and done.recv() == "joined"
    assert ClassStore.connect(url).pupils(code, key) == ["Mei"]


def _one_turn(url: str) -> None:
    with writer_queue(sa.create_engine(url))():
        pass


def test_a_writer_interrupted_while_waiting_gives_up_its_place(tmp_path: Path, monkeypatch) -> None:
    url = f"sqlite:///{tmp_path / 'class.db'}"

    def interrupted(fd: int, ticket: int) -> None:
        raise KeyboardInterrupt  # Ctrl-C while the kernel waits its turn

    monkeypatch.setattr(sqlite, "_wait_turn", interrupted)
    with pytest.raises(KeyboardInterrupt), writer_queue(sa.create_engine(url))():
        pass
    monkeypatch.undo()
    after = _FORK.Process(target=_one_turn, args=(url,))  # behind the interrupted ticket
    after.start()
    after.join(60)
    assert after.exitcode == 0
