"""A kernel's side of a hub's class: ``HubClass``, the class store's doors a pupil and a teacher use, by hub login.

Under a JupyterHub a kernel holds no class database and types no join code,
pupil name or teacher key: ``HubClass.from_env()`` reaches the hub's class
service (``POKELAB_TABLES_URL``) with the kernel's own hub token, and answers
``record_answer``, ``reveal_policy``, ``class_name``, ``join_group``, ``add_round``,
``undo_round``, ``rounds``, ``tally``, ``revision``, ``groups``, ``export_csv``, ``reset``, ``check_teacher``,
``set_reveal``, ``answers``, ``misconceptions``, ``pupils``, ``export_answers`` and ``delete_pupil`` with the same
arguments as ``ClassStore`` (``create_class`` is refused: a hub's classes are its groups) — the join code is
the hub class's name (or ``None``: the user's one class), and the pupil's name,
their token and the teacher key are not sent (the service takes the hub login;
``class_doors``). So ``ClassLink``, ``lesson_report`` and the class apps take either.

The class service that cannot be reached (or answers no table answer) is a
``ClassStoreFault``: a pupil's kernel keeps the answer queued and sends it when
the service is back, as for a class database that cannot save just now.

>>> HubClass.from_env({}) is None, type(class_store({DEFAULT_URL_ENV: "sqlite://"})).__name__
(True, 'ClassStore')
>>> HubClass.from_env({"POKELAB_TABLES_URL": "http://127.0.0.1:9", "JUPYTERHUB_API_TOKEN": "abc"}).hub
True
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pokelab.classroom import (
    DEFAULT_URL_ENV,
    ClassroomError,
    ClassStore,
    ClassStoreFault,
    groups_of,
    tally_of,
    write_csv_safely,
)
from pokelab.tables.client import TABLES_URL_ENV, RemoteTables
from pokelab.words import _

__all__ = ["HubClass", "class_store"]

#: The texts ``RemoteTables.ask`` says when the service itself is away, not when it refuses the request.
_AWAY = "the table server at {url}"


def class_store(environ: Mapping[str, str] | None = None) -> HubClass | ClassStore:
    """Where a page's class is: the hub's class service under a hub (``HubClass.from_env``), else the class database."""
    env = os.environ if environ is None else environ
    hub = HubClass.from_env(env)
    return hub if hub is not None else ClassStore.connect(env.get(DEFAULT_URL_ENV, "").strip() or None)


class HubClass(RemoteTables):
    """The hub's class service at ``url`` as a class store for the hub login of ``hub_token``."""

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, *, timeout: float = 10.0) -> HubClass | None:
        """The hub's class service of this kernel, or ``None`` off a hub (no ``$POKELAB_TABLES_URL`` with a hub token)."""
        env = os.environ if environ is None else environ
        url, token = env.get(TABLES_URL_ENV, "").strip(), env.get("JUPYTERHUB_API_TOKEN", "").strip()
        return cls(url, hub_token=token, timeout=timeout) if url and token else None

    def ask(self, verb: str, **body: Any) -> dict[str, Any]:
        """One class request (``RemoteTables.ask``); the service away is a ``ClassStoreFault`` (retried, never dropped)."""
        try:
            return super().ask(verb, **body)
        except ClassroomError as err:
            if type(err) is ClassroomError and getattr(err.reason, "source", "").startswith(_AWAY):
                raise ClassStoreFault(err.reason) from None
            raise

    @staticmethod
    def _named(class_name: str | None) -> dict[str, Any]:
        """The class a request names: none (``None`` or a join code field left empty) is the login's one class."""
        return {} if class_name is None or not str(class_name).strip() else {"class_name": str(class_name).strip()}

    # ------------------------------------------------------------------ a pupil's side
    def join(self, class_name: str | None = None, *, group: str | None = None) -> dict[str, Any]:
        """Join the hub class by login (and as ``group`` of the class experiment): its name, the login, the policy."""
        return self.ask("class_join", **self._named(class_name), **({} if group is None else {"group": group}))

    def join_group(self, class_name: str | None, group: str, *, teacher_key: str | None = None) -> str:
        """Join the class experiment as ``group``: the service keeps the group's token, none comes back (``""``)."""
        self.join(class_name, group=group)
        return ""

    def class_name(self, class_name: str | None = None) -> str:
        """The hub class's name (the user's one class when ``None``)."""
        return str(self.join(class_name)["class"])

    def reveal_policy(self, class_name: str | None = None) -> str:
        """The class's reveal policy, as the teacher set it."""
        return str(self.ask("class_policy", **self._named(class_name))["policy"])

    def record_answer(self, class_name: str | None, pupil: str | None, token: str | None, exercise: str, *,
                      lesson: str, answer: Any, outcome: str, correct: bool | None, misconception: str | None = None,
                      misconception_text: Mapping[str, str] | None = None, submission: str) -> int:
        """Record one answer under this hub login (``pupil`` and ``token`` are not sent); its try number."""
        return int(self.ask(
            "class_answer", **self._named(class_name), exercise=exercise, lesson=lesson, answer=str(answer),
            outcome=outcome, correct=correct, misconception=misconception,
            misconception_text=None if misconception_text is None else dict(misconception_text), submission=submission,
        )["try"])

    def add_round(self, class_name: str | None, group: str, tokens: Sequence[str], *, simulated: bool = False,
                  submission: str | None = None, token: str | None = None) -> int:
        """Store one round of 10 tokens for ``group`` (a pupil's draws; no group token needed); its id."""
        return int(self.ask("class_round", **self._named(class_name), group=group, tokens=list(tokens),
                            simulated=simulated, submission=submission)["round"])

    def undo_round(self, class_name: str | None, group: str, token: str | None = None) -> int:
        """Delete ``group``'s own last round; its id."""
        return int(self.ask("class_undo_round", **self._named(class_name), group=group)["round"])

    # ------------------------------------------------------------------ the reads
    def frame(self, verb: str, **body: Any) -> Any:
        """The answer to a class service's read (its ``columns`` and ``rows``) as a DataFrame, times as UTC times.

        >>> HubClass("http://127.0.0.1:9", hub_token="abc", timeout=1).frame("class_answers")
        Traceback (most recent call last):
        ...
        pokelab.classroom.errors.ClassStoreFault: the table server at http://127.0.0.1:9 does not answer (...); try again in a moment
        """
        import pandas as pd  # lazy: pandas is slow to import; only a table needs it

        answer = self.ask(verb, **body)
        table = pd.DataFrame(answer["rows"], columns=answer["columns"])
        for column in ("time",):
            if column in table.columns:
                table[column] = pd.to_datetime(table[column].astype(float), unit="s", utc=True)
        return table

    def rounds(self, class_name: str | None = None, teacher_key: str | None = None, *, group: str | None = None) -> Any:
        """The class's rounds (``ClassStore.rounds``): every group named for a teacher, only ``group``'s for a pupil."""
        table = self.frame("class_rounds", **self._named(class_name), group=group)
        table["simulated"] = table["simulated"].astype(bool)
        return table

    def tally(self, class_name: str | None = None, teacher_key: str | None = None, *, group: str | None = None) -> Any:
        """The class's rounds as a ``ClassTally`` (``ClassStore.tally``; groups named as in ``rounds``)."""
        return tally_of(self.rounds(class_name, group=group))

    def revision(self, class_name: str | None = None) -> tuple[int, int, int]:
        """The class experiment's fingerprint (``ClassStore.revision``): it changes with every round, undo or reset."""
        return tuple(int(x) for x in self.ask("class_revision", **self._named(class_name))["revision"])  # type: ignore[return-value]

    def groups(self, class_name: str | None = None, teacher_key: str | None = None) -> Any:
        """Each group's rounds and last round (``ClassStore.groups``): a teacher's login (``ClassAccessError`` otherwise)."""
        self.check_teacher(class_name)
        return groups_of(self.rounds(class_name))

    def export_csv(self, class_name: str | None, teacher_key: str | None, path: str | Path, *,
                   overwrite: bool = False) -> Path:
        """Write every round as a spreadsheet-safe CSV at ``path`` (``ClassStore.export_csv``): a teacher's login."""
        self.check_teacher(class_name)
        return write_csv_safely(self.rounds(class_name), path, overwrite=overwrite)

    def reset(self, class_name: str | None, teacher_key: str | None) -> int:
        """Delete every round of the class experiment (``ClassStore.reset``): a teacher's login; how many."""
        return int(self.ask("class_reset", **self._named(class_name))["deleted"])

    def create_class(self, name: str) -> tuple[str, str]:
        """Refused: on a hub the classes are its groups, made by the hub's administrator (``ClassroomError``)."""
        raise ClassroomError(_("on a JupyterHub the classes are the hub's groups (pokelab-<class>): ask the hub's "
                               "administrator to add {name}", name=repr(str(name))[:40]))

    def check_teacher(self, class_name: str | None = None, teacher_key: str | None = None) -> str:
        """The class's name when this hub login teaches it (``ClassAccessError`` otherwise; no key)."""
        return str(self.ask("class_teacher", **self._named(class_name))["class"])

    def set_reveal(self, class_name: str | None, teacher_key: str | None, policy: str) -> str:
        """Set when the class's pupils may see an answer (a teacher's login); the policy."""
        return str(self.ask("class_set_reveal", **self._named(class_name), policy=policy)["policy"])

    def answers(self, class_name: str | None = None, teacher_key: str | None = None, *, lesson: str | None = None) -> Any:
        """Every recorded answer of the class (``ClassStore.answers``): a teacher's hub login, no key."""
        return self.frame("class_answers", **self._named(class_name), lesson=lesson)

    def misconceptions(self, class_name: str | None = None, teacher_key: str | None = None, *,
                       lesson: str | None = None) -> Any:
        """Per exercise and misconception, how many pupils chose it (``ClassStore.misconceptions``): a teacher's login."""
        return self.frame("class_misconceptions", **self._named(class_name), lesson=lesson)

    def pupils(self, class_name: str | None = None, teacher_key: str | None = None) -> list[str]:
        """The hub logins that joined the class, in the order they joined (a teacher's login)."""
        return [str(name) for name in self.ask("class_pupils", **self._named(class_name))["pupils"]]

    def export_answers(self, class_name: str | None, teacher_key: str | None, path: str | Path, *,
                       overwrite: bool = False) -> Path:
        """Write every answer as a spreadsheet-safe CSV at ``path`` (``ClassStore.export_answers``)."""
        return write_csv_safely(self.answers(class_name), path, overwrite=overwrite)

    def delete_pupil(self, class_name: str | None, teacher_key: str | None, pupil: str) -> int:
        """Delete one pupil (a hub login) and every answer they gave (``ClassStore.delete_pupil``): a teacher's login."""
        return int(self.ask("class_delete_pupil", **self._named(class_name), pupil=pupil)["deleted"])

    def __repr__(self) -> str:
        return f"HubClass({self.url!r})"

