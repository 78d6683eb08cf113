"""Deleting one pupil's answers from the teacher's misconception dashboard, with a confirmation step.

The teacher picks a pupil (named as the dashboard names them: numbers when names
are hidden), presses "Delete a pupil's answers…", and only the confirmation
("Delete Mei's answers?" → "Yes, delete") calls ``ClassStore.delete_pupil``
with the teacher key the dashboard already holds. "Cancel", or picking another
pupil, takes the question back.

>>> from pokelab.classroom import ClassStore
>>> store = ClassStore.connect("sqlite://")
>>> code, key = store.create_class("8C")
>>> token = store.join_pupil(code, "Mei")
>>> part = PupilDelete(store, lambda: (code, key), on_deleted=lambda: None)
>>> part.set_pupils({"Mei": "Mei"}, "en"); "Delete Mei's answers?" in part.ask()
True
>>> part.confirm()
0
>>> part.set_pupils({}, "en"); part.ask()
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassroomError: pick a pupil first
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping

import ipywidgets as w

from pokelab.classroom import ClassroomError, ClassStore
from pokelab.words import Text, _, _n

__all__ = ["PupilDelete"]

_TEXT: dict[str, Text] = {
    "pupil": _("Pupil"),
    "delete": _("Delete a pupil's answers…"),
    "confirm": _("Delete {name}'s answers? They are removed from the class for good."),
    "yes": _("Yes, delete"),
    "cancel": _("Cancel"),
}


class PupilDelete:
    """The delete-one-pupil part of a dashboard; ``.ui`` is its row and its confirmation step.

    ``opened``: the open class's ``(join_code, teacher_key)`` (None: no class open);
    ``on_deleted``: called after a delete (the dashboard redraws).
    """

    def __init__(self, store: ClassStore, opened: Callable[[], tuple[str, str] | None],
                 on_deleted: Callable[[], None]) -> None:
        self.store, self._opened, self._on_deleted = store, opened, on_deleted
        self.lang = "en"
        self.names: Mapping[str, str] = {}
        self.deleting: str | None = None  # the pupil waiting for the teacher's confirmation
        self.message = ""
        self.pick = w.Dropdown(options=[], layout=w.Layout(width="auto"))
        self.pick.add_class("pk-delete-pick")
        self.button = w.Button(icon="trash", layout=w.Layout(width="auto"))
        self.button.add_class("pk-delete-pupil")
        self.question = w.HTML()
        self.yes = w.Button(button_style="danger", icon="trash", layout=w.Layout(width="auto"))
        self.yes.add_class("pk-delete-confirm")
        self.cancel = w.Button(layout=w.Layout(width="auto"))
        self.cancel.add_class("pk-delete-cancel")
        self.confirm_box = w.HBox([self.question, self.yes, self.cancel],
                                  layout=w.Layout(display="none", flex_flow="row wrap"))
        self.cancel.on_click(lambda _b: self._show(None))
        self.pick.observe(lambda _ch: self._show(None), names="value")
        self.ui = w.VBox([w.HBox([self.pick, self.button], layout=w.Layout(flex_flow="row wrap")), self.confirm_box])

    def set_pupils(self, names: Mapping[str, str], lang: str) -> None:
        """Offer the pupils ``names`` (pupil → shown name) and label everything in ``lang``."""
        self.lang, self.names = lang, dict(names)
        self.pick.description = _TEXT["pupil"].render(lang)
        self.button.description = _TEXT["delete"].render(lang)
        self.yes.description = _TEXT["yes"].render(lang)
        self.cancel.description = _TEXT["cancel"].render(lang)
        options = [(shown, pupil) for pupil, shown in self.names.items()]
        if list(self.pick.options) != options:
            chosen, waiting = self.pick.value, self.deleting
            self.pick.options = options
            self.pick.value = chosen if chosen in self.names else (options[0][1] if options else None)
            self.deleting = waiting if waiting in self.names else None
        self._show(self.deleting)

    def ask(self) -> str:
        """Show the confirmation step for the picked pupil; return its question (``ClassroomError``: none picked)."""
        if self._opened() is None or self.pick.value is None:
            raise ClassroomError(_("pick a pupil first"))
        self._show(self.pick.value)
        return self.question.value

    def confirm(self) -> int:
        """Delete the pupil waiting for confirmation and every answer they gave; return how many answers."""
        opened, pupil = self._opened(), self.deleting
        if opened is None or pupil is None:
            raise ClassroomError(_("pick a pupil first"))
        gone = self.store.delete_pupil(*opened, pupil)
        shown = self.names.get(pupil, pupil)
        self._show(None)
        self.message = _n("Deleted {name} and their {count} answer.", "Deleted {name} and their {count} answers.",
                          gone, name=shown).render(self.lang)
        self._on_deleted()
        return gone

    def _show(self, pupil: str | None) -> None:
        self.deleting = pupil
        if pupil is None:
            self.confirm_box.layout.display = "none"
            self.question.value = ""
            return
        name = self.names.get(pupil, pupil)
        self.question.value = (f"<b data-testid='confirm-delete'>"
                               f"{html.escape(_TEXT['confirm'].with_fields(name=name).render(self.lang), quote=False)}</b>")
        self.confirm_box.layout.display = "flex"
