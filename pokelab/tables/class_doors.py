"""A hub user's class requests: their answers, the class experiment's draws and the teacher's reads, by hub login.

Under a hub (``server --hub``) a pupil types no join code, pupil name or group
token and a teacher no teacher key: ``ClassDoors.answer(identity, verb, body)``
runs the class store's own functions (``ClassStore.record_answer``,
``add_round``, ``answers``, ``misconceptions``…) with the secrets the class
service derives for the hub class (``pokelab.hub.secrets``), after checking what
the hub says of the user (``pokelab.hub.identity.HubIdentity``):

- a pupil's answers are recorded under their hub login, in the hub class they
  are in (hub group ``pokelab-<class>``); a class they are not in is refused;
- the class experiment's rounds are added and read, and its revision polled, by any member of the
  class; resetting it is a teacher's;
- the answers, the misconceptions' tally, the list of pupils and the reveal policy are a teacher's
  (hub group ``pokelab-<class>-teachers``), else refused.

Every request is checked before the store is asked: only the fields its verb
takes, each of its type and size (``MAX_FIELD``). Off a hub these requests are
refused: join codes and teacher keys go to the class database as always.

>>> from pokelab.classroom import ClassStore
>>> from pokelab.hub.identity import HubIdentity
>>> from pokelab.hub.secrets import ClassSecrets
>>> from pokelab.tables import Tables
>>> from pokelab.tables.hub_doors import HubDoors
>>> doors = ClassDoors(HubDoors(Tables(ClassStore.connect("sqlite://")), ClassSecrets(b"k" * 32)))
>>> mei, oak = HubIdentity("mei", ("7b",), ()), HubIdentity("oak", (), ("7b",))
>>> doors.answer(mei, "class_answer", {"exercise": "30-1", "lesson": "l", "answer": "1/2", "outcome": "wrong",
...                                    "correct": False, "submission": "s1"})
{'try': 1}
>>> doors.answer(oak, "class_answers", {})["rows"][0][:2]
['mei', '30-1']
>>> doors.answer(mei, "class_pupils", {})
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassAccessError: only a teacher of class 7b (hub group pokelab-7b-teachers) may do that; 'mei' is not one
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from pokelab.classroom import ClassAccessError, ClassroomError, check_name
from pokelab.tables.request import CLASS_VERBS
from pokelab.words import _, languages

__all__ = ["MAX_FIELD", "ClassDoors", "frame_data", "refuse_off_hub"]

#: The longest text field a class request may carry (an answer is kept to 500 characters by the store).
MAX_FIELD = 2_000
#: The fields each class verb takes, and of which types (``class_name`` names one of the user's classes).
_FIELDS: dict[str, dict[str, tuple[type, ...]]] = {
    "class_join": {"group": (str, type(None))},
    "class_policy": {},
    "class_answer": {"exercise": (str,), "lesson": (str,), "answer": (str,), "outcome": (str,),
                     "correct": (bool, type(None)), "misconception": (str, type(None)),
                     "misconception_text": (dict, type(None)), "submission": (str,)},
    "class_answers": {"lesson": (str, type(None))},
    "class_misconceptions": {"lesson": (str, type(None))},
    "class_pupils": {},
    "class_round": {"group": (str,), "tokens": (list,), "simulated": (bool,), "submission": (str, type(None))},
    "class_undo_round": {"group": (str,)},
    "class_rounds": {"group": (str, type(None))},
    "class_teacher": {},
    "class_set_reveal": {"policy": (str,)},
    "class_delete_pupil": {"pupil": (str,)},
    "class_revision": {},
    "class_reset": {},
}
assert set(_FIELDS) == CLASS_VERBS
#: The verbs only a teacher of the class may ask.
_TEACHERS = frozenset({
    "class_answers", "class_misconceptions", "class_pupils", "class_teacher", "class_set_reveal", "class_delete_pupil",
    "class_reset",
})


def _checked(verb: str, body: dict[str, Any]) -> dict[str, Any]:
    """``body`` with only its verb's fields, each of its type and size; a ``ClassroomError`` otherwise."""
    fields = _FIELDS[verb]
    for key, value in body.items():
        if key == "class_name":
            kinds: tuple[type, ...] = (str, type(None))
        elif key in fields:
            kinds = fields[key]
        else:
            raise ClassroomError(_("a class request {verb} takes no field {field}", verb=verb, field=repr(key)[:40]))
        if not isinstance(value, kinds) or (isinstance(value, str) and len(value) > MAX_FIELD):
            raise ClassroomError(_("the field {field} of a class request is not what it takes", field=key))
    texts = body.get("misconception_text")
    if texts is not None and (len(texts) > len(languages()) or not all(
            isinstance(k, str) and isinstance(v, str) and len(k) <= 8 and len(v) <= MAX_FIELD for k, v in texts.items())):
        raise ClassroomError(_("the field {field} of a class request is not what it takes", field="misconception_text"))
    return body


def frame_data(table: Any) -> dict[str, Any]:
    """A DataFrame as JSON: its columns and rows, its times as seconds since 1970."""
    for column in table.columns:
        if str(table[column].dtype).startswith("datetime64"):
            table = table.assign(**{column: table[column].map(lambda t: t.timestamp())})
    rows = [[None if v != v else v for v in row] for row in table.astype(object).values.tolist()]  # NaN: None
    return {"columns": [str(c) for c in table.columns], "rows": rows}


class ClassDoors:
    """The hub's side of the class: a hub user's class request run by the class store's own functions."""

    def __init__(self, hub: Any) -> None:
        self.hub = hub  # ``hub_doors.HubDoors``: the hub classes' ids and secrets
        self.store = hub.tables.store
        self._tokens: dict[tuple[str, str, str], str] = {}  # (kind, class, name) -> the token this service issued
        self._lock = threading.Lock()
        self._verbs: dict[str, Callable[[str, Any, dict[str, Any]], dict[str, Any]]] = {
            "class_join": self._join, "class_policy": self._policy, "class_answer": self._record,
            "class_answers": self._answers, "class_misconceptions": self._misconceptions,
            "class_pupils": self._pupils, "class_round": self._round, "class_undo_round": self._undo_round,
            "class_rounds": self._rounds, "class_teacher": self._teacher, "class_set_reveal": self._set_reveal,
            "class_delete_pupil": self._delete_pupil, "class_revision": self._revision, "class_reset": self._reset,
        }

    def answer(self, identity: Any, verb: str, body: dict[str, Any]) -> dict[str, Any]:
        """The answer to hub user ``identity``'s class request; a kit error raised for a refusal."""
        body = _checked(verb, body)
        teacher = verb in _TEACHERS
        class_name = self.hub._only_class(identity, body.get("class_name"), teacher=teacher)
        self.hub.class_id(class_name)  # the hub class, made the first time it is used
        return self._verbs[verb](class_name, identity, body)

    def _secrets(self, class_name: str) -> tuple[str, str]:
        return self.hub.secrets.join_code(class_name), self.hub.secrets.teacher_key(class_name)

    def _token(self, kind: str, class_name: str, name: str) -> str:
        """The token of pupil or group ``name`` in ``class_name``: issued once by this service (the store's doors)."""
        key = (kind, class_name, name)
        with self._lock:  # two requests of one pupil at once: one token, not two that undo each other
            if key not in self._tokens:
                code, teacher_key = self._secrets(class_name)
                issue = self.store.join_pupil if kind == "pupil" else self.store.join_group
                self._tokens[key] = issue(code, name, teacher_key=teacher_key)
            return self._tokens[key]

    def _pupil(self, class_name: str, identity: Any) -> tuple[str, str]:
        name = check_name(identity.user, what="pupil")
        return name, self._token("pupil", class_name, name)

    def _join(self, class_name: str, identity: Any, body: dict[str, Any]) -> dict[str, Any]:
        """Join the class as the hub login, and as ``group`` of the class experiment when one is named."""
        name, _token = self._pupil(class_name, identity)
        if body.get("group") is not None:
            self._group(class_name, body)
        return {"class": class_name, "name": name, "policy": self.store.reveal_policy(self._secrets(class_name)[0])}

    def _policy(self, class_name: str, identity: Any, body: dict[str, Any]) -> dict[str, Any]:
        return {"policy": self.store.reveal_policy(self._secrets(class_name)[0])}

    def _record(self, class_name: str, identity: Any, body: dict[str, Any]) -> dict[str, Any]:
        name, token = self._pupil(class_name, identity)
        fields = {k: body.get(k) for k in ("lesson", "answer", "outcome", "correct", "misconception", "submission")}
        number = self.store.record_answer(
            self._secrets(class_name)[0], name, token, body.get("exercise"),
            misconception_text=body.get("misconception_text"), **fields,
        )
        return {"try": number}

    def _answers(self, class_name: str, identity: Any, body: dict[str, Any]) -> dict[str, Any]:
        return frame_data(self.store.answers(*self._secrets(class_name), lesson=body.get("lesson")))

    def _misconceptions(self, class_name: str, identity: Any, body: dict[str, Any]) -> dict[str, Any]:
        return frame_data(self.store.misconceptions(*self._secrets(class_name), lesson=body.get("lesson")))

    def _pupils(self, class_name: str, identity: Any, body: dict[str, Any]) -> dict[str, Any]:
        return {"pupils": self.store.pupils(*self._secrets(class_name))}

    def _teacher(self, class_name: str, identity: Any, body: dict[str, Any]) -> dict[str, Any]:
        return {"class": self.store.check_teacher(*self._secrets(class_name))}

    def _set_reveal(self, class_name: str, identity: Any, body: dict[str, Any]) -> dict[str, Any]:
        return {"policy": self.store.set_reveal(*self._secrets(class_name), body.get("policy"))}

    def _delete_pupil(self, class_name: str, identity: Any, body: dict[str, Any]) -> dict[str, Any]:
        """Delete one hub login's answers from the class (a teacher's request); a later answer joins them again."""
        name = check_name(body.get("pupil"), what="pupil")
        deleted = self.store.delete_pupil(*self._secrets(class_name), name)
        with self._lock:
            self._tokens.pop(("pupil", class_name, name), None)  # the store forgot its token with the pupil
        return {"deleted": deleted}

    def _revision(self, class_name: str, identity: Any, body: dict[str, Any]) -> dict[str, Any]:
        """The class experiment's fingerprint (``ClassStore.revision``): a member's page polls it, then reads on a change."""
        return {"revision": list(self.store.revision(self._secrets(class_name)[0]))}

    def _reset(self, class_name: str, identity: Any, body: dict[str, Any]) -> dict[str, Any]:
        """Delete every round of the class experiment (a teacher's request); how many."""
        return {"deleted": self.store.reset(*self._secrets(class_name))}

    def _group(self, class_name: str, body: dict[str, Any]) -> tuple[str, str]:
        group = check_name(body.get("group"))
        return group, self._token("group", class_name, group)

    def _round(self, class_name: str, identity: Any, body: dict[str, Any]) -> dict[str, Any]:
        group, token = self._group(class_name, body)
        made = self.store.add_round(self._secrets(class_name)[0], group, body.get("tokens"),
                                    simulated=body.get("simulated", False), submission=body.get("submission"),
                                    token=token)
        return {"round": made}

    def _undo_round(self, class_name: str, identity: Any, body: dict[str, Any]) -> dict[str, Any]:
        group, token = self._group(class_name, body)
        return {"round": self.store.undo_round(self._secrets(class_name)[0], group, token)}

    def _rounds(self, class_name: str, identity: Any, body: dict[str, Any]) -> dict[str, Any]:
        code, teacher_key = self._secrets(class_name)
        group = body.get("group")
        if identity.teaches_class(class_name):  # the teacher sees every group's name
            return frame_data(self.store.rounds(code, teacher_key, group=group))
        return frame_data(self.store.rounds(code, group=group))


def refuse_off_hub(verb: str) -> ClassAccessError:
    """The refusal of a class request to a class service that runs under no hub."""
    return ClassAccessError(
        _("the table server answers {verb} only as a hub's class service: off a hub, join the class with its "
          "join code and read it with the teacher key", verb=verb),
    )
