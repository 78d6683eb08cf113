"""Who the pupil is on a JupyterHub: the hub's own answer for the kernel's token, and the classes it puts them in.

A kernel under JupyterHub has ``JUPYTERHUB_USER``, ``JUPYTERHUB_API_TOKEN`` and
``JUPYTERHUB_API_URL`` in its environment. ``hub_identity()`` sends the token to
the hub's ``/user`` endpoint (one GET, with a time limit) and reads the answer as
input: at most ``MAX_ANSWER_BYTES`` through the kit's bounded JSON loader, a user
model of the right shape, owned by ``JUPYTERHUB_USER``. Classes are hub groups
``pokelab-<class>``; a class's teachers are the group ``pokelab-<class>-teachers``
(``deploy/jupyterhub/jupyterhub_config.py`` makes both). Other groups (an nbgrader
course, a hub's own) are not the kit's and are left alone.

Outside a hub (a laptop, Binder) there is no hub to ask: ``hub_identity`` is
``None`` and the join codes and tokens work as they always did.

>>> hub_identity({}) is None
True
>>> identity_from({"kind": "user", "name": "mei", "groups": ["pokelab-7b", "pokelab-7a-teachers", "staff"]})
HubIdentity(user='mei', classes=('7b',), teaches=('7a',))

Errors, each in every language of the kit (``docs/errors.md``): a token the hub
refuses (revoked, expired, its user logged out or deleted) or that belongs to
someone else is a ``ClassAccessError`` (logged on the ``pokelab.hub`` logger, never
the token); a hub that does not answer, answers
something that is not a user model, or an environment with only part of the hub's
variables is a ``ClassroomError``.
"""

from __future__ import annotations

import http.client
import logging
import os
import urllib.error
import urllib.request
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from pokelab._json import load_json
from pokelab.classroom.access import NAME_LENGTH, ClassAccessError, check_name
from pokelab.classroom.rounds import ClassroomError
from pokelab.words import Text, _

__all__ = [
    "CLASS_GROUP_PREFIX",
    "HUB_ENV",
    "MAX_ANSWER_BYTES",
    "TEACHERS_GROUP_SUFFIX",
    "HubIdentity",
    "ask_hub",
    "class_groups",
    "hub_identity",
    "identity_from",
]

log = logging.getLogger("pokelab.hub")

#: The variables JupyterHub gives every kernel of a user's server: the user, their server's token, the hub's API.
HUB_ENV = ("JUPYTERHUB_USER", "JUPYTERHUB_API_TOKEN", "JUPYTERHUB_API_URL")
#: A hub group ``pokelab-7b`` is the class 7b; ``pokelab-7b-teachers`` are its teachers.
CLASS_GROUP_PREFIX, TEACHERS_GROUP_SUFFIX = "pokelab-", "-teachers"
#: The most of the hub's answer read (a user model is well under 1 KB; each group adds its name).
MAX_ANSWER_BYTES = 256_000
#: The most groups and the longest user or group name accepted from the hub.
MAX_GROUPS, MAX_HUB_NAME = 1_000, 255
#: The longest token and API address accepted from the environment.
MAX_TOKEN, MAX_URL = 1_000, 2_000
#: Seconds to wait for the hub's answer.
TIMEOUT = 5.0


@dataclass(frozen=True)
class HubIdentity:
    """A hub user as the hub named them: ``classes`` they are a pupil of, ``teaches`` those they teach (sorted).

    >>> me = HubIdentity("mei", classes=("7b",), teaches=())
    >>> me.in_class("7b"), me.teaches_class("7b"), me.in_class("7a")
    (True, False, False)
    """

    user: str
    classes: tuple[str, ...]
    teaches: tuple[str, ...]

    def in_class(self, name: str) -> bool:
        """Whether the hub puts this user in class ``name``, as a pupil or as one of its teachers."""
        return name in self.classes or name in self.teaches

    def teaches_class(self, name: str) -> bool:
        """Whether the hub makes this user a teacher of class ``name``."""
        return name in self.teaches


def class_groups(groups: Iterable[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The classes ``groups`` make a pupil of and the classes they make a teacher of; other groups are ignored.

    A class name follows the kit's rule for class names (``check_name``); a group
    that starts with ``pokelab-`` but names no class is refused, so a mistyped
    group on the hub is found at once instead of leaving a pupil out of their class.

    >>> class_groups(["pokelab-7b", "pokelab-7b-teachers", "pokelab-7a", "nbgrader-course"])
    (('7a', '7b'), ('7b',))
    >>> class_groups(["pokelab--teachers"])
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: the hub group 'pokelab--teachers' names no class of the kit (a class name has 1 to 60 characters, not 0): ask the hub's administrator to name class groups pokelab-<class> and pokelab-<class>-teachers
    """
    classes: set[str] = set()
    teaches: set[str] = set()
    for group in groups:
        if not group.startswith(CLASS_GROUP_PREFIX):
            continue
        name = group[len(CLASS_GROUP_PREFIX):]
        into = classes
        if name.endswith(TEACHERS_GROUP_SUFFIX):
            name, into = name[: -len(TEACHERS_GROUP_SUFFIX)], teaches
        try:
            into.add(check_name(name, limit=NAME_LENGTH, what="class"))
        except ClassroomError as bad:
            raise ClassroomError(
                _("the hub group {group} names no class of the kit ({why}): ask the hub's administrator to name "
                  "class groups pokelab-<class> and pokelab-<class>-teachers", group=repr(group[:80]), why=bad.reason),
            ) from None
    return tuple(sorted(classes)), tuple(sorted(teaches))


def _hub_name(value: Any, what: Text) -> str:
    """A user or group name from the hub's answer: printable text of 1 to ``MAX_HUB_NAME`` characters."""
    if not isinstance(value, str) or not 0 < len(value) <= MAX_HUB_NAME or not value.isprintable():
        raise _not_a_user(_("{what} is not a name of 1 to {most} printable characters", what=what, most=MAX_HUB_NAME))
    return value


def _not_a_user(why: Any) -> ClassroomError:
    return ClassroomError(
        _("the hub answered something that is not a hub user ({why}): check JUPYTERHUB_API_URL, or ask the hub's "
          "administrator", why=why),
    )


def identity_from(model: Any, user: str | None = None) -> HubIdentity:
    """The identity in the hub's answer to ``GET /user``, checked: a user model, owned by ``user`` if one is given.

    >>> identity_from({"kind": "user", "name": "ash", "groups": []}, user="mei")
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassAccessError: the hub says this kernel's token belongs to 'ash', not to 'mei': log in to the hub as yourself and restart the kernel
    >>> identity_from({"kind": "service", "name": "pokelab-class"})
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassAccessError: this token belongs to the hub service 'pokelab-class', not to a pupil or a teacher
    >>> identity_from({"kind": "user", "name": "mei", "groups": "pokelab-7b"})
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: the hub answered something that is not a hub user (its groups are not a list of at most 1000 names): check JUPYTERHUB_API_URL, or ask the hub's administrator
    """
    if not isinstance(model, dict):
        raise _not_a_user(_("a JSON {kind}, not an object", kind=type(model).__name__))
    if model.get("kind") == "service":
        service = _hub_name(model.get("name"), _("the service's name"))
        raise ClassAccessError(
            _("this token belongs to the hub service {name}, not to a pupil or a teacher", name=repr(service)),
        )
    if model.get("kind") != "user":
        raise _not_a_user(_("its kind is {kind}, not 'user'", kind=repr(model.get("kind"))[:40]))
    name = _hub_name(model.get("name"), _("its name"))
    groups = model.get("groups")
    if not isinstance(groups, list) or len(groups) > MAX_GROUPS:
        raise _not_a_user(_("its groups are not a list of at most {most} names", most=MAX_GROUPS))
    groups = [_hub_name(group, _("a group")) for group in groups]
    if user is not None and name != user:
        log.warning("a kernel of hub user %r holds a token of %r", user[:MAX_HUB_NAME], name)
        raise ClassAccessError(
            _("the hub says this kernel's token belongs to {owner}, not to {user}: log in to the hub as yourself "
              "and restart the kernel", owner=repr(name), user=repr(user[:MAX_HUB_NAME])),
        )
    classes, teaches = class_groups(groups)
    return HubIdentity(name, classes, teaches)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """A redirect is not an answer: the token is never sent on to another address."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


# No proxy from the environment either: the token goes to the hub's own address only.
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}), _NoRedirect())


def ask_hub(api_url: str, token: str, *, user: str | None = None, timeout: float = TIMEOUT) -> HubIdentity:
    """Ask the hub at ``api_url`` (``http://host:port/hub/api``) whose ``token`` this is; their identity.

    >>> ask_hub("http://127.0.0.1:9/hub/api", "abc", timeout=2)  # nobody listens on port 9
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: the hub at http://127.0.0.1:9/hub/api does not answer (...); try again in a moment, or ask the hub's administrator
    >>> ask_hub("file:///etc/passwd", "abc")
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: the hub's API address starts with http:// or https://, not 'file:///etc/passwd'
    """
    if not isinstance(api_url, str) or not api_url.startswith(("http://", "https://")) or len(api_url) > MAX_URL:
        raise ClassroomError(
            _("the hub's API address starts with http:// or https://, not {url}", url=repr(api_url)[:80]),
        )
    if not isinstance(token, str) or not 0 < len(token) <= MAX_TOKEN or not token.isascii() or not token.isprintable() \
            or " " in token:
        raise ClassAccessError(_("this kernel's hub token is not a token: log in to the hub again and restart the kernel"))
    url = api_url.rstrip("/")
    request = urllib.request.Request(
        f"{url}/user", method="GET", headers={"Authorization": f"token {token}", "Accept": "application/json"},
    )
    try:
        with _OPENER.open(request, timeout=timeout) as answer:
            raw = answer.read(MAX_ANSWER_BYTES + 1)
    except urllib.error.HTTPError as refused:
        refused.close()
        if refused.code in (401, 403):
            log.warning("the hub at %s refused a kernel's token (HTTP %s)", url, refused.code)  # never the token
            raise ClassAccessError(
                _("the hub refused this kernel's login (the token was revoked or has expired, or you logged out): "
                  "log in to the hub again and restart the kernel"),
            ) from None
        raise ClassroomError(
            _("the hub at {url} answered HTTP {status}: try again in a moment, or ask the hub's administrator",
              url=url, status=refused.code),
        ) from None
    except (urllib.error.URLError, OSError, http.client.HTTPException) as away:
        raise ClassroomError(
            _("the hub at {url} does not answer ({why}); try again in a moment, or ask the hub's administrator",
              url=url, why=str(getattr(away, "reason", away) or type(away).__name__)[:80]),
        ) from None
    if len(raw) > MAX_ANSWER_BYTES:
        raise _not_a_user(_("more than {most} bytes", most=MAX_ANSWER_BYTES))
    try:
        model = load_json(raw, _("the hub's answer"))
    except ValueError as err:
        raise _not_a_user(getattr(err, "reason", _("not JSON")) if not getattr(err, "syntax", False) else _("not JSON")) \
            from None
    return identity_from(model, user)


def hub_identity(environ: Mapping[str, str] | None = None, *, timeout: float = TIMEOUT) -> HubIdentity | None:
    """The hub's identity of this kernel's user, or ``None`` when the kernel runs under no hub.

    ``environ`` (default ``os.environ``) is read for ``HUB_ENV``: none of them
    set is no hub; some but not all is a server the hub did not start as it starts
    its users' servers, and is refused rather than guessed at.

    >>> hub_identity({"JUPYTERHUB_USER": "mei"})
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: this kernel runs under a JupyterHub but has no JUPYTERHUB_API_TOKEN, JUPYTERHUB_API_URL: start your server from the hub's home page, or ask the hub's administrator
    """
    env = os.environ if environ is None else environ
    values = {name: env.get(name, "").strip() for name in HUB_ENV}
    if not any(values.values()):
        return None
    missing = [name for name, value in values.items() if not value]
    if missing:
        raise ClassroomError(
            _("this kernel runs under a JupyterHub but has no {missing}: start your server from the hub's home "
              "page, or ask the hub's administrator", missing=", ".join(missing)),
        )
    return ask_hub(values["JUPYTERHUB_API_URL"], values["JUPYTERHUB_API_TOKEN"],
                   user=values["JUPYTERHUB_USER"], timeout=timeout)
