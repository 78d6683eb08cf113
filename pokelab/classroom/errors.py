"""The class store's errors: a bad request, a refused code or key, a busy database, a database that cannot save.

Every one is explained in every language of the kit (a catalogue text, not an
English string), and ``why`` says what any error says, in the catalogue where it can.

>>> from pokelab.words import _
>>> isinstance(ClassStoreFault(_("no such file")), ClassroomError), issubclass(ClassAccessError, PermissionError)
(True, True)
"""

from __future__ import annotations

from pokelab.errors import Explained, ExplainedError
from pokelab.words import Text, _

__all__ = ["ClassAccessError", "ClassStoreBusy", "ClassStoreFault", "ClassroomError", "why"]


class ClassroomError(ExplainedError):
    """A bad request to the class store or the experiment (not a rule of the game), explained in every language of the kit.

    >>> from pokelab.words import _
    >>> err = ClassroomError(_("there is no round to take back"))
    >>> str(err), err.message("zh")
    ('there is no round to take back', '没有可以撤回的一轮')
    >>> err.message("fr")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'fr': choose 'en' or 'zh'
    """


class ClassAccessError(Explained, PermissionError):
    """A wrong or missing join code or teacher key (refused and logged).

    >>> from pokelab.words import _
    >>> ClassAccessError(_("no {what} given", what=_("join code"))).message("zh")
    '没有输入加入码'
    >>> ClassAccessError("wrong join code", "加入码不对")
    Traceback (most recent call last):
    ...
    TypeError: ClassAccessError takes its reason as one catalogue text, e.g. _('...'), got ('wrong join code', '加入码不对')
    """


class ClassStoreBusy(Explained, TimeoutError):
    """The class database stayed locked or unreachable for longer than the store's ``timeout``.

    >>> from pokelab.words import _
    >>> str(ClassStoreBusy(_("no {what} given", what="busy")))
    'no busy given'
    >>> ClassStoreBusy("busy")
    Traceback (most recent call last):
    ...
    TypeError: ClassStoreBusy takes its reason as one catalogue text, e.g. _('...'), got ('busy',)
    """


class ClassStoreFault(ClassroomError):
    """The class database itself cannot save now (gone, replaced, restored, damaged, read-only) — not the request's fault.

    A pupil's kernel keeps an answer refused so queued (the teacher may put the file right);
    an answer refused for what it holds is a plain ``ClassroomError`` and is dropped, with a word.

    >>> from pokelab.words import _
    >>> isinstance(ClassStoreFault(_("no such file")), ClassroomError)
    True
    >>> ClassStoreFault("gone")
    Traceback (most recent call last):
    ...
    TypeError: ClassStoreFault takes its reason as one catalogue text, e.g. _('...'), got ('gone',)
    """


def why(err: BaseException) -> Text | str:
    """What ``err`` says, as a catalogue text when it has one (the kit's errors), else its English text.

    >>> from pokelab.words import _
    >>> why(ClassroomError(_("there is no round to take back"))).render("zh")
    '没有可以撤回的一轮'
    >>> why(ValueError("bad"))
    'bad'
    >>> why(FileNotFoundError(2, "No such file or directory")).render("zh")
    '没有这个文件'
    """
    reason = getattr(err, "reason", None)
    if isinstance(reason, Text):
        return reason
    for kind, said in _FILE_TROUBLES:  # the system's own words are English: the common ones are said in ours
        if isinstance(err, kind):
            return said
    return str(err)


#: What a file error means, in the catalogue (the system's message is English only).
_FILE_TROUBLES: tuple[tuple[type[OSError], Text], ...] = (
    (FileNotFoundError, _("no such file")),
    (IsADirectoryError, _("that is a folder, not a file")),
    (PermissionError, _("no permission to read or write that file")),
)
