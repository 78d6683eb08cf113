"""A pupil's notebook joined to a class: every answer recorded for the teacher, without ever blocking a cell.

``join_class(join_code, name)`` joins the class in the class store
(``pokelab.classroom.ClassStore``, the same database and join codes as the
class experiment) and from then on ``check``, ``choice``, ``predict``,
``explain`` and ``board_task`` hand each answer to ``note``. ``note`` only puts
the answer in this kernel's queue; one background thread sends the queue, in
order, each answer with its own submission id (a resend is never stored
twice). A store that cannot be reached (or whose file is at fault) keeps the
answers queued and retried; the pupil is told once, under the next answer, and
the feedback always shows. An answer the store refuses for what it holds is
dropped and told, naming the exercise and the reason; the later answers go on.
Leaving the class (or joining another) sends the answers still queued all the
same; the pupil is told when they must wait, and at the kernel's exit how many
never reached the store.
Without a class ``note`` returns at once: nothing is recorded.

**On a JupyterHub** (``POKELAB_TABLES_URL`` and the kernel's hub token set) there
is nothing to type: the first answer joins the hub class of the pupil's login
through the hub's class service (``pokelab.tables.class_client.HubClass``, on the
background sender, like a rejoin), and every answer is recorded under the hub
login. ``join_class()`` without a join code does the same at once.

**Join once.** ``join_class`` also remembers the membership on this computer
(the class database's URL, the join code and the pupil's name, in an
owner-only file beside the pupil's token; never a teacher key). Any later
kernel — the next lesson's notebook — rejoins by itself the first time an
answer is noted or a reveal is asked: the rejoin runs on the background
sender, so no cell waits for it; without a remembered class that is one
cached look for a file (``pokelab.teaching.membership`` keeps it).
``leave_class(forget=True)`` forgets the membership.

The teacher's **reveal** policy travels the other way: it is read when the
pupil joins and every few seconds after (``may_reveal``, ``reveals_after_tries``);
without a class the pupil decides (``reveal=True``), as before.

>>> leave_class(); joined() is None
True
>>> may_reveal(0, 3), reveals_after_tries()
(True, True)
>>> join_class("", "Mei", url="sqlite://")
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassAccessError: no join code given
"""

from __future__ import annotations

import atexit
import os
import queue
import threading
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pokelab.classroom import (
    ClassAccessError,
    ClassroomError,
    ClassStore,
    ClassStoreFault,
    default_url,
)
from pokelab.classroom.answers import REVEAL_POLICIES
from pokelab.course.registry import ExerciseDef
from pokelab.teaching.feedback import Feedback
from pokelab.teaching.language import say
from pokelab.teaching.membership import Membership, remember, remembered, token_file, write_private
from pokelab.teaching.membership import forget as forget_membership
from pokelab.words import Text, _, _n, languages

if TYPE_CHECKING:
    from pokelab.tables.class_client import HubClass

__all__ = [
    "ClassLink", "flush", "join_class", "joined", "leave_class", "may_reveal", "note", "reveals_after_tries",
]

#: Seconds between two looks at the teacher's reveal policy while the queue is idle.
POLICY_EVERY = 3.0
#: Seconds a pupil's store keeps retrying one write before the answer goes back in the queue.
STORE_TIMEOUT = 2.0
#: Seconds ``leave_class`` (and ``join_class`` of another class) waits for queued answers before telling the pupil.
LEAVE_WAIT = 1.0
#: Seconds the queued answers get at the kernel's exit.
EXIT_WAIT = 5.0
#: The statuses of feedback that are an answer worth recording (not "unanswered").
_RECORDED = frozenset({"correct", "wrong", "revealed", "recorded", "compared"})


@dataclass(frozen=True)
class _Answer:
    exercise: str
    lesson: str
    answer: str
    outcome: str
    correct: bool | None
    misconception: str | None
    texts: Mapping[str, str] | None
    submission: str


class ClassLink:
    """This kernel's membership of a class: the store, the pupil's name and token, the queue and its sender."""

    def __init__(self, store: ClassStore | HubClass | None, code: str | None, name: str, token: str,
                 class_name: str, *, rejoin: Membership | None = None, hub: HubClass | None = None) -> None:
        self.store, self.code, self.name, self._token, self.class_name = store, code, name, token, class_name
        self.policy = "pupil"
        self.sent = 0
        self.trouble: Text | None = None  # why answers are waiting (or were refused), told once
        self.told = False
        self.refused = False  # the class no longer knows this pupil: answers are dropped, not sent
        self._rejoin = rejoin  # a remembered class, joined by the sender thread before its first send
        self._hub = hub  # a hub's class service, joined by login on the sender thread before its first send
        self._queue: queue.Queue[_Answer | None] = queue.Queue()
        self._notices: queue.Queue[Text] = queue.Queue()  # answers the store refused, each told once
        self._stop = threading.Event()
        self._closed = False  # closed: no more answers are taken; the queued ones are still sent
        if store is not None:
            self._refresh_policy()
        self._thread = threading.Thread(target=self._send_all, daemon=True, name="pokelab-answers")
        self._thread.start()

    def _refresh_policy(self) -> None:
        if self.store is None:
            return
        try:
            policy = self.store.reveal_policy(self.code)
        except Exception:
            return
        self.policy = policy if policy in REVEAL_POLICIES else "pupil"

    def _connect(self, membership: Membership) -> None:
        """Rejoin a remembered class with this computer's pupil token, retrying while the store is away.

        A class or pupil the teacher deleted is not re-added behind the pupil's back: the pupil is told
        (under the next answer), the membership is forgotten and the answers are dropped.
        """
        delay = 0.05
        while not self._stop.is_set():
            try:
                store = ClassStore.connect(membership.url, timeout=STORE_TIMEOUT)
                saved = token_file(store.url, membership.code, membership.name)
                token = saved.read_text().strip() if saved.is_file() else ""
                known = bool(token) and store.check_pupil(membership.code, membership.name, token)
                class_name = store.class_name(membership.code) if known else ""
            except ClassAccessError:  # the join code is gone (the teacher deleted the class)
                known = False
            except Exception:
                self._tell(_("The class store cannot be reached just now: your answers are kept here and "
                             "sent when it is back."))
                self._stop.wait(delay)
                delay = min(delay * 2, 2.0)
                continue
            if not known:
                self.refused = True
                self._tell(_("Your teacher's class no longer knows you ({name}): this answer was not recorded. "
                             "Run join_class again.", name=membership.name))
                if remembered() == membership:
                    forget_membership()
                return
            self.store, self._token, self.class_name = store, token, class_name
            self.trouble, self.told = None, False
            self._refresh_policy()
            return

    def _join_hub(self, hub: HubClass) -> None:
        """Join the hub class of this kernel's login, retrying while the class service is away.

        A login the hub or the class service refuses (no class of the kit, its token revoked) records
        nothing: the pupil is told why, in their language, under the next answer.
        """
        delay = 0.05
        while not self._stop.is_set():
            try:
                joined = hub.join()
            except (ClassAccessError, ClassroomError) as err:
                if isinstance(err, ClassStoreFault):  # the service away: keep the answers, try again
                    self._tell(_("The class store cannot save your answers just now ({why}): they are kept here "
                                 "and sent when it is back.", why=err.reason))
                    self._stop.wait(delay)
                    delay = min(delay * 2, 2.0)
                    continue
                self.refused = True
                self._tell(_("Your answers are not recorded for your teacher: {why}", why=err.reason))
                return
            except Exception:
                self._tell(_("The class store cannot be reached just now: your answers are kept here and "
                             "sent when it is back."))
                self._stop.wait(delay)
                delay = min(delay * 2, 2.0)
                continue
            self.store, self.code, self.name, self.class_name = hub, str(joined["class"]), str(joined["name"]), \
                str(joined["class"])
            self.policy = joined["policy"] if joined.get("policy") in REVEAL_POLICIES else "pupil"
            self.trouble, self.told = None, False
            return

    def _send_all(self) -> None:
        if self._rejoin is not None:
            self._connect(self._rejoin)
        if self._hub is not None:
            self._join_hub(self._hub)
        delay = 0.05
        while not self._stop.is_set():
            try:
                item = self._queue.get(timeout=POLICY_EVERY)
            except queue.Empty:
                self._refresh_policy()
                continue
            if item is None:  # closed: everything queued before was sent (or told)
                self._queue.task_done()
                return
            while not self._stop.is_set() and not self.refused and self.store is not None:
                try:
                    self.store.record_answer(
                        self.code, self.name, self._token, item.exercise, lesson=item.lesson, answer=item.answer,
                        outcome=item.outcome, correct=item.correct, misconception=item.misconception,
                        misconception_text=item.texts, submission=item.submission,
                    )
                except ClassAccessError as err:  # the teacher removed this pupil: nothing more can be recorded
                    if getattr(self.store, "hub", False):  # the hub's own reason: a revoked login, another class
                        self._tell(_("Your answers are not recorded for your teacher: {why}", why=err.reason))
                    else:
                        self._tell(_("Your teacher's class no longer knows you ({name}): this answer was not "
                                     "recorded. Run join_class again.", name=self.name))
                    break
                except ClassStoreFault as err:  # the database itself, not the answer: keep it, retry
                    self._tell(_("The class store cannot save your answers just now ({why}): they are kept here "
                                 "and sent when it is back.", why=err.reason))
                    self._stop.wait(delay)
                    delay = min(delay * 2, 2.0)
                    continue
                except ClassroomError as err:  # the store refuses this answer itself: a retry never helps
                    self._notices.put(_("Your answer to exercise {exercise} was not recorded for your teacher: "
                                        "{why}. Your later answers are recorded as usual.",
                                        exercise=item.exercise, why=err.reason))
                    break
                except Exception:  # busy, away, or a fault the store does not know: keep the answer, retry
                    self._tell(_("The class store cannot be reached just now: your answers are kept here and "
                                 "sent when it is back."))
                    self._stop.wait(delay)
                    delay = min(delay * 2, 2.0)
                    continue
                self.sent += 1
                delay = 0.05
                if self.trouble is not None and self._queue.qsize() == 0:
                    self.trouble, self.told = None, False  # back: a new trouble is told again
                break
            self._queue.task_done()

    def _tell(self, why: Text) -> None:
        if self.trouble is None:
            self.trouble = why

    def put(self, item: _Answer) -> None:
        """Queue one answer for the sender (never blocks); a closed link takes none (``ClassroomError``)."""
        if self._closed:
            raise ClassroomError(_("this class link was closed: join the class again to record answers"))
        self._queue.put(item)

    def waiting(self) -> int:
        """How many answers are queued (not yet in the class store, nor refused by it)."""
        unfinished = self._queue.unfinished_tasks
        return max(unfinished - 1, 0) if self._closed else unfinished  # a closed queue ends with its stop mark

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every queued answer is in the class store (True), or ``timeout`` seconds passed (False)."""
        done = self._queue.all_tasks_done
        with done:
            return done.wait_for(lambda: self._queue.unfinished_tasks == 0, timeout)

    def news(self) -> list[Text]:
        """What the pupil has not been told yet: the trouble answers wait for (once), each refused answer."""
        told = []
        if self.trouble is not None and not self.told:
            self.told = True
            told.append(self.trouble)
        while not self._notices.empty():
            told.append(self._notices.get_nowait())
        return told

    def close(self, wait: float = 0.0) -> int:
        """Take no more answers; the sender sends every queued one, then stops. Return how many still wait after ``wait`` s.

        Answers already queued are never dropped: while the store is away they stay queued
        and the sender keeps trying for as long as this kernel runs.
        """
        if not self._closed:
            self._closed = True
            self._queue.put(None)
        self.flush(wait)
        return self.waiting()

    def __repr__(self) -> str:
        return say(_("Joined the class {klass} as {name}: your answers are recorded for your teacher.",
                     klass=self.class_name, name=self.name))


_LINK: dict[str, ClassLink | None] = {"link": None}
_LOOKED = threading.Event()  # set once this kernel looked for a remembered class (or joined, or left)
_LOCK = threading.Lock()
_LEFT: list[ClassLink] = []  # links this kernel left while answers still waited: their senders go on


def joined() -> ClassLink | None:
    """The class this kernel joined, or None."""
    return _LINK["link"]


def _hub_class() -> HubClass | None:
    """This kernel's hub class service (``HubClass.from_env``), or ``None`` off a hub.

    The tables' client is imported only in a hub's kernel (it needs SQLAlchemy, which a hub's
    environment has): a laptop without it still records answers to its class database.
    """
    if not os.environ.get("JUPYTERHUB_API_TOKEN"):
        return None
    from pokelab.tables.class_client import HubClass

    return HubClass.from_env()


def _current() -> ClassLink | None:
    """This kernel's link; the first call rejoins a remembered class (on the sender thread, never waiting)."""
    link = _LINK["link"]
    if link is not None or _LOOKED.is_set():
        return link
    with _LOCK:
        if not _LOOKED.is_set():
            _LOOKED.set()
            hub = _hub_class()
            membership = None if hub is not None else remembered()
            if hub is not None:  # under a hub the login is the membership: nothing typed, nothing remembered
                _LINK["link"] = ClassLink(None, None, "", "", "", hub=hub)
            elif membership is not None:
                name = " ".join(membership.name.split())
                _LINK["link"] = ClassLink(None, membership.code, name, "", "", rejoin=membership)
    return _LINK["link"]


def join_class(join_code: str | None = None, name: str | None = None, *, url: str | None = None) -> ClassLink:
    """Join the class with ``join_code`` as ``name``: from now on every answer is recorded for the teacher.

    On a JupyterHub, without a join code: the hub class of this kernel's login, under that login (the
    hub's class service; a login in no class of the kit is a ``ClassAccessError``).
    ``url``: the class database (default: ``$POKELAB_CLASS_DB``, as the class apps).
    The membership is remembered on this computer: later kernels rejoin by themselves
    (``leave_class(forget=True)`` forgets it). A wrong code is a ``ClassAccessError``; a name another pupil took a ``ClassroomError``.
    """
    hub = _hub_class() if join_code is None and url is None else None
    if hub is not None:
        joined = hub.join()
        leave_class()
        link = ClassLink(hub, str(joined["class"]), str(joined["name"]), "", str(joined["class"]))
        _LINK["link"] = link
        return link
    address = url if url is not None else default_url()
    store = ClassStore.connect(address, timeout=STORE_TIMEOUT)
    clean = "".join(ch for ch in str(join_code).upper() if ch not in " -\t") if join_code else join_code
    saved = token_file(store.url, str(clean), str(name).strip())
    token = saved.read_text().strip() if saved.is_file() else ""
    if not (token and store.check_pupil(clean, name, token)):
        token = store.join_pupil(clean, name)
        write_private(saved, token)
    leave_class()
    link = ClassLink(store, clean, " ".join(str(name).split()), token, store.class_name(clean))
    if address.strip() not in ("sqlite://", "sqlite:///:memory:"):  # another kernel cannot reach this RAM
        remember(Membership(address, clean, str(name).strip()))
    _LINK["link"] = link
    return link


def leave_class(*, forget: bool = False) -> None:
    """Stop recording answers in this kernel; ``forget=True``: later kernels on this computer do not rejoin either.

    Answers still queued are sent all the same (the pupil is told when they must wait for the
    store); the answers already sent stay in the class store (the teacher deletes them).
    """
    _LOOKED.set()  # a kernel that left does not rejoin by itself
    link = _LINK["link"]
    _LINK["link"] = None
    if link is not None:
        left = link.close(LEAVE_WAIT)
        if left:
            _LEFT.append(link)  # its sender keeps sending; what happens to them is told under a later answer
            print(say(_n("{count} answer for the class {klass} still waits for the class store: it is sent while "
                         "this kernel runs.", "{count} answers for the class {klass} still wait for the class store: "
                         "they are sent while this kernel runs.", left, klass=link.class_name)))
        _tell_news(link)
    if forget:
        forget_membership()


def _tell_news(link: ClassLink) -> None:
    for text in link.news():
        print(say(text))


@atexit.register
def _send_before_exit() -> None:
    """At exit, give the answers still queued a last chance to reach the store; say how many could not."""
    links = [*_LEFT, *([_LINK["link"]] if _LINK["link"] is not None else [])]
    lost = sum(link.close(EXIT_WAIT) for link in links)
    if lost:
        print(say(_n("{count} answer could not reach the class store before this kernel ended: it was not recorded.",
                     "{count} answers could not reach the class store before this kernel ended: they were not "
                     "recorded.", lost)))


def flush(timeout: float = 10.0) -> bool:
    """Wait until the queued answers are in the class store (True also without a class)."""
    link = _LINK["link"]
    return True if link is None else link.flush(timeout)


def note(definition: ExerciseDef, answer: Any, feedback: Feedback, misconception: tuple[str, Text] | None) -> None:
    """Queue the answer ``feedback`` was given for, when this kernel joined a class (else nothing at all)."""
    link = _current()
    if link is None or feedback.status not in _RECORDED:
        return
    texts = None
    if misconception is not None:
        texts = {lang: misconception[1].render(lang) for lang in languages()}
    try:
        link.put(_Answer(
            exercise=definition.id,
            lesson=definition.lesson,
            answer="" if answer is ... or answer is None or definition.kind == "board" else str(answer),
            outcome=feedback.status,
            correct=_judged(definition, feedback),
            misconception=None if misconception is None else misconception[0],
            texts=texts,
            submission=uuid.uuid4().hex,
        ))
    except ClassroomError as err:  # left the class meanwhile: never an error in the pupil's cell, but told
        print(say(err.reason))
    for told in [link, *_LEFT]:
        _tell_news(told)
    _LEFT[:] = [left for left in _LEFT if left.waiting()]


def _judged(definition: ExerciseDef, feedback: Feedback) -> bool | None:
    """Right (True), not right (False) or not judged (None: a prediction, an explanation shown its model answer)."""
    if feedback.status == "revealed":
        return None if definition.kind == "explain" else False
    return {"correct": True, "wrong": False}.get(feedback.status)


def may_reveal(tries: int, reveal_after: int) -> bool:
    """Whether ``reveal=True`` shows the answer now, after ``tries`` wrong tries (the class's policy)."""
    link = _current()
    policy = "pupil" if link is None else link.policy
    return policy == "pupil" or (policy == "after-tries" and tries >= reveal_after)


def reveals_after_tries() -> bool:
    """Whether the answer is shown by itself after the exercise's wrong tries (not under the policy ``never``)."""
    link = _current()
    return link is None or link.policy != "never"
