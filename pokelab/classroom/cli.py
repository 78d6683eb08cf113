"""The ``pokelab class`` and ``pokelab app`` commands: create a class in the class database, serve the apps.

``pokelab class new "7B" [--db URL] [--teacher-file 7B.teacher]`` prints the
class's join code (for the students) and teacher key (for you), and with
``--teacher-file`` also keeps both (and the database) in a file only you may
read. The teacher's commands — ``pokelab class reveal``, ``pokelab teacher
answer-key`` — need that file, or ``--class CODE`` with the teacher key typed
at a prompt or in ``$POKELAB_TEACHER_KEY`` (never on the command line, where
other users of the computer could see it): ``teacher_access``. ``pokelab app [--ip 0.0.0.0] [--port N]
[--db URL]`` serves the apps folder with Voilà, every page using that class
database (``POKELAB_CLASS_DB``).

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="pokelab")
>>> add_commands(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["class", "new", "7B", "--db", "sqlite://"])
>>> args.func(args)  # doctest: +ELLIPSIS
class 7B
join code (for the students): ...
teacher key (keep it to yourself): ...-...-...-...
database: sqlite://
"""

from __future__ import annotations

import argparse
import getpass
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from pokelab.classroom import DEFAULT_URL_ENV, ClassStore, default_url
from pokelab.classroom.answers import REVEAL_POLICIES
from pokelab.classroom.errors import why
from pokelab.classroom.reads import check_new_file
from pokelab.errors import SimError
from pokelab.words import Text, _, languages

__all__ = ["TEACHER_KEY_ENV", "add_commands", "add_teacher_options", "apps_folder", "teacher_access",
           "write_teacher_file"]

#: The environment variable a teacher's command reads the teacher key from (with ``--class``).
TEACHER_KEY_ENV = "POKELAB_TEACHER_KEY"

def _failure(err: Exception) -> SimError:
    """The CLI's own error type (printed in the chosen language, exit status 2)."""
    reason = why(err)
    if isinstance(reason, Text):
        return SimError(reason)
    return SimError(_("the class database refused: {error}", error=reason))


def apps_folder(start: Path | None = None) -> Path | None:
    """The ``apps/`` folder of the kit beside this package (a source checkout), or ``None``.

    >>> folder = apps_folder()
    >>> folder is None or (folder / "class-teacher.ipynb").exists()
    True
    """
    root = (start or Path(__file__)).resolve().parents[2]
    folder = root / "apps"
    return folder if (folder / "class-teacher.ipynb").exists() else None


def write_teacher_file(path: str | Path, code: str, key: str, url: str, name: str) -> Path:
    """Keep a class's join code, teacher key and database in a new file only its owner may read.

    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "7B.teacher"
    >>> oct(write_teacher_file(p, "ABC234", "AAAA-BBBB-CCCC-DDDD", "sqlite://", "7B").stat().st_mode & 0o777)
    '0o600'
    >>> write_teacher_file(p, "ABC234", "AAAA-BBBB-CCCC-DDDD", "sqlite://", "7B")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: the file ... exists already: nothing was written (choose another name, or overwrite=True / --force)
    """
    target = check_new_file(path)
    handle = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(handle, "w", encoding="utf-8") as out:
        json.dump({"class": name, "join_code": code, "teacher_key": key, "database": url}, out, ensure_ascii=False)
    return target


def add_teacher_options(parser: Any, lang: str = "en") -> None:
    """The options a teacher's command takes to prove it is the teacher: ``--teacher-file`` or ``--class`` (+ ``--db``)."""
    parser.add_argument("--teacher-file", help=_("the teacher file of `pokelab class new … --teacher-file`").render(lang))
    parser.add_argument("--class", dest="join_code",
                        help=_("the class's join code (the teacher key is asked for, or read from {env})",
                               env=TEACHER_KEY_ENV).render(lang).replace("%", "%%"))
    parser.add_argument("--db", help=_("class database URL").render(lang))


def teacher_access(args: argparse.Namespace) -> tuple[ClassStore, str, str]:
    """The class store, join code and teacher key a teacher's command was given, checked against the class.

    Without ``--teacher-file`` or ``--class`` it is refused (``SimError``).

    >>> teacher_access(argparse.Namespace(teacher_file=None, join_code=None, db=None))
    Traceback (most recent call last):
    ...
    pokelab.errors.SimError: this command is for the class's teacher: give --teacher-file FILE (from `pokelab class new … --teacher-file FILE`) or --class JOIN_CODE and the teacher key
    """
    url, code, key = args.db, args.join_code, None
    if args.teacher_file:
        try:
            saved = json.loads(Path(args.teacher_file).read_text(encoding="utf-8"))
            code, key, url = saved["join_code"], saved["teacher_key"], url or saved["database"]
        except (OSError, ValueError, KeyError, TypeError) as err:
            raise SimError(_("cannot read the teacher file {path}: {error}", path=str(args.teacher_file),
                             error=why(err) if isinstance(err, OSError) else _("not a teacher file"))) from None
    elif code:
        key = os.environ.get(TEACHER_KEY_ENV, "").strip()
        if not key and sys.stdin.isatty():
            key = getpass.getpass(_("teacher key: ").render(getattr(args, "lang", "en")))
    else:
        raise SimError(_("this command is for the class's teacher: give --teacher-file FILE (from `pokelab class new "
                         "… --teacher-file FILE`) or --class JOIN_CODE and the teacher key"))
    try:
        store = ClassStore.connect(url)
        store.check_teacher(code, key or "")
    except (ValueError, PermissionError, TimeoutError) as err:
        raise _failure(err) from None
    return store, code, key or ""


def _cmd_class_new(args: argparse.Namespace) -> None:
    lang = getattr(args, "lang", "en")
    try:
        if args.teacher_file:
            check_new_file(args.teacher_file)
        store = ClassStore.connect(args.db)
        code, key = store.create_class(args.name)
        if args.teacher_file:
            write_teacher_file(args.teacher_file, code, key, store.engine.url.render_as_string(hide_password=False),
                               args.name.strip())
    except (ValueError, PermissionError, TimeoutError) as err:
        raise _failure(err) from None
    print(_("class {name}", name=args.name.strip()).render(lang))
    print(_("join code (for the students): {code}", code=code).render(lang))
    print(_("teacher key (keep it to yourself): {key}", key=key).render(lang))
    print(_("database: {url}", url=store.url).render(lang))
    if args.teacher_file:
        print(_("teacher file (keep it to yourself): {path}", path=str(args.teacher_file)).render(lang))
    store.close()


def _cmd_class_reveal(args: argparse.Namespace) -> None:
    store, code, key = teacher_access(args)
    try:
        store.set_reveal(code, key, args.policy)
    except (ValueError, PermissionError, TimeoutError) as err:
        raise _failure(err) from None
    print(_("reveal in this class: {policy}", policy=args.policy).render(getattr(args, "lang", "en")))
    store.close()


def _cmd_app(args: argparse.Namespace) -> None:
    folder = Path(args.dir) if args.dir else apps_folder()
    if folder is None or not folder.is_dir():
        raise SimError(_("no apps folder found: run from a pokelab checkout or give --dir apps/"))
    url = args.db or default_url()
    try:
        ClassStore.connect(url).close()  # create or upgrade it now, and fail early on a bad URL
    except (ValueError, PermissionError, TimeoutError) as err:
        raise _failure(err) from None
    lang = getattr(args, "lang", "en")
    print(_("serving the apps in {folder} on http://{ip}:{port}/ (class database {url}); Ctrl+C stops",
             folder=str(folder), ip=args.ip, port=args.port, url=url).render(lang))
    env = dict(os.environ, **{DEFAULT_URL_ENV: url})
    command = [sys.executable, "-m", "voila", str(folder), f"--port={args.port}"]
    command += [f"--Voila.ip={args.ip}", "--theme=light"]
    serve = Path(__file__).resolve().parents[2] / "widgets" / "apps" / "serve"  # `make app`'s settings
    if serve.is_dir():
        command.append(f"--Voila.config_file_paths={serve}")
    if args.no_browser:
        command.append("--no-browser")
    raise SystemExit(subprocess.call(command, env=env))


def add_commands(sub: Any, lang: str = "en") -> None:
    """Register ``class new`` and ``app`` on the ``pokelab`` command's subparsers, their help in ``lang``."""

    def h(text: Text) -> str:  # argparse %-formats help texts
        return text.render(lang).replace("%", "%%")

    langs = list(languages())
    klass = sub.add_parser("class", help=h(_("the class database")))
    ksub = klass.add_subparsers(dest="task", required=True, title=h(_("commands")))
    new = ksub.add_parser("new", help=h(_("create a class: join code + teacher key")))
    new.add_argument("name", help=h(_('the class name, like "7B"')))
    new.add_argument("--db", help=h(_("class database URL (sqlite:///… or postgresql://…)")))
    new.add_argument("--teacher-file", help=h(_("also keep the join code and teacher key in this new file")))
    new.add_argument("--lang", choices=langs, default=argparse.SUPPRESS, help=h(_("language")))
    new.set_defaults(func=_cmd_class_new)
    reveal = ksub.add_parser("reveal", help=h(_("when the pupils may see an exercise's answer")))
    reveal.add_argument("policy", choices=REVEAL_POLICIES,
                        help=h(_("pupil: whenever they ask (and after the tries); after-tries: only after the "
                                 "tries; never: hints only")))
    add_teacher_options(reveal, lang)
    reveal.add_argument("--lang", choices=langs, default=argparse.SUPPRESS, help=h(_("language")))
    reveal.set_defaults(func=_cmd_class_reveal)
    app = sub.add_parser("app", help=h(_("serve the classroom apps with Voilà")))
    app.add_argument("--ip", default="127.0.0.1",
                     help=h(_("0.0.0.0 for the classroom network")))
    app.add_argument("--port", type=int, default=8866, help=h(_("port")))
    app.add_argument("--db", help=h(_("class database URL")))
    app.add_argument("--dir", help=h(_("the apps folder (default: the kit's apps/)")))
    app.add_argument("--no-browser", action="store_true", help=h(_("do not open a browser")))
    app.add_argument("--lang", choices=langs, default=argparse.SUPPRESS, help=h(_("language")))
    app.set_defaults(func=_cmd_app)
