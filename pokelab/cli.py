"""The ``pokelab`` command line: simulate, tournament and odds (``python -m pokelab`` is the same), in any language of the kit.

>>> main(["simulate", "splendor", "--bots", "random,nobody", "--games", "2"])  # the error goes to stderr
2
>>> parse_bag("red=6,blue=5,green=4,yellow=3,purple=2")
{'red': 6, 'blue': 5, 'green': 4, 'yellow': 3, 'purple': 2}
>>> parse_bag("red=six")
Traceback (most recent call last):
...
pokelab.errors.SimError: bad bag 'red=six': write colour=count pairs separated by commas, like red=6,blue=5
"""

from __future__ import annotations

import argparse
import contextlib
import re
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pandas as pd

from pokelab.classroom import why
from pokelab.classroom.cli import add_commands, add_teacher_options, teacher_access
from pokelab.classroom.reads import CSV_LINE_END, check_new_file, safe_cell
from pokelab.core.texts import decimals, player_name, seat_column, table_seats
from pokelab.errors import SimError
from pokelab.herecomes.bag import MAX_BAG_COLOUR, validate_bag
from pokelab.odds import card_table
from pokelab.sim import simulate, tournament
from pokelab.sim.runner import check_count
from pokelab.stats import wilson_interval
from pokelab.teaching import answer_key, export_nbgrader, read_roster
from pokelab.words import Text, _, _n, _p, check_lang, languages

__all__ = ["main", "parse_bag", "parse_bots", "summarize"]

#: Most worker processes the command line starts (each one is a whole Python interpreter).
MAX_WORKERS = 64
_COUNT = re.compile(r"-?[0-9]{1,6}")

#: How the printed tables name their columns (saved files keep the code's names).
_COLUMNS = {
    "bot": _p("results column", "bot"),
    "opponent": _p("results column", "opponent"),
    "games": _p("results column", "games"),
    "wins": _p("results column", "wins"),
    "win_rate": _p("results column", "win rate"),
    "ci_low": _p("results column", "low"),
    "ci_high": _p("results column", "high"),
    "mean_score": _p("results column", "mean score"),
    "elo": _p("results column", "Elo"),
}


def _table(df: pd.DataFrame, lang: str) -> str:
    """``df`` as printed text, its known columns named in ``lang``."""
    shown = df.rename(columns={k: v.render(lang) for k, v in _COLUMNS.items()})
    return shown.to_string(index=False, float_format=lambda x: decimals(x, 3))  # the kit's one rounding, half up


#: argparse's own texts (its gettext ids, %-formatted by argparse) as catalogue texts whose fields
#: are those %-specs again: the usage line, the headings, the errors a mistyped command gets.
_ARGPARSE = {
    "usage:": _("usage:"),
    "positional arguments": _("positional arguments"),
    "options": _("options"),
    "show this help message and exit": _("show this help message and exit"),
    "%(prog)s: error: %(message)s": _("{prog}: error: {message}", prog="%(prog)s", message="%(message)s"),
    "argument %(argument_name)s: %(message)s": _("argument {name}: {message}",
                                                   name="%(argument_name)s", message="%(message)s"),
    "the following arguments are required: %s": _("the following arguments are required: {names}",
        names="%s"),
    "unrecognized arguments: %s": _("unrecognized arguments: {names}", names="%s"),
    "invalid choice: %(value)r (choose from %(choices)s)": _("invalid choice: {value} (choose from {choices})",
                                                              value="%(value)r", choices="%(choices)s"),
    "invalid %(type)s value: %(value)r": _("invalid {type} value: {value}",
                                            type="%(type)s", value="%(value)r"),
    "expected one argument": _("expected one argument"),
    "ambiguous option: %(option)s could match %(matches)s": _("ambiguous option: {option} could match {matches}",
                                                               option="%(option)s", matches="%(matches)s"),
}


@contextlib.contextmanager
def argparse_in(lang: str) -> Iterator[None]:
    """Within the block, argparse's own words (usage, headings, errors) come from the catalogue, in ``lang``.

    >>> with argparse_in("zh"):
    ...     argparse.ArgumentParser(prog="x").format_usage().strip()
    '用法： x [-h]'
    >>> with argparse_in("fr"):
    ...     pass
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'fr': choose 'en' or 'zh'
    """
    check_lang(lang)

    def gettext(message: str | None) -> str | None:
        text = _ARGPARSE.get(message.strip()) if isinstance(message, str) else None
        if text is None:
            return message
        core = message.strip()
        start = message.index(core)
        return message[:start] + text.render(lang) + message[start + len(core):]

    saved = argparse._  # type: ignore[attr-defined]
    argparse._ = gettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._ = saved  # type: ignore[attr-defined]


def parse_bots(text: str) -> list[str]:
    """Split ``"greedy,mcts-medium"`` into bot names.

    >>> parse_bots("greedy, mcts-medium")
    ['greedy', 'mcts-medium']
    >>> parse_bots(" , ")
    Traceback (most recent call last):
    ...
    pokelab.errors.SimError: no bots given: write names separated by commas, like random,greedy
    """
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise SimError(
            _("no bots given: write names separated by commas, like random,greedy"),
        )
    return names


def parse_bag(text: str) -> dict[str, int]:
    """Read a bag written ``red=6,blue=5,...`` and check it (unknown colours, counts, size)."""
    bag: dict[str, int] = {}
    for part in text.split(","):
        colour, sep, count = part.partition("=")
        colour, count = colour.strip(), count.strip()
        if not sep or not colour or not _COUNT.fullmatch(count):
            raise SimError(
                _("bad bag {text}: write colour=count pairs separated by commas, like red=6,blue=5",
                    text=repr(text)),
            )
        if colour in bag:
            raise SimError(_("bad bag {text}: {colour} is given twice", text=repr(text), colour=colour))
        bag[colour] = int(count)
    if max(bag.values()) > MAX_BAG_COLOUR:
        raise SimError(_("bad bag {text}: a bag holds at most {most} tokens of a colour",
            text=repr(text), most=MAX_BAG_COLOUR))
    try:
        return validate_bag(bag)
    except ValueError as err:
        raise SimError(_("bad bag {text}: {err}", text=repr(text), err=why(err))) from err


def summarize(df: pd.DataFrame) -> pd.DataFrame:
    """Per bot: games, wins (shared wins count half), win rate with a Wilson interval, mean score.

    >>> df = pd.DataFrame({"seat_1_bot": ["a", "b"], "seat_2_bot": ["b", "a"], "seat_1_won": [1.0, 0.5],
    ...                    "seat_2_won": [0.0, 0.5], "seat_1_score": [5, 3], "seat_2_score": [2, 3]})
    >>> summarize(df)[["bot", "games", "wins", "mean_score"]].to_dict("records")
    [{'bot': 'a', 'games': 2, 'wins': 1.5, 'mean_score': 4.0}, {'bot': 'b', 'games': 2, 'wins': 0.5, 'mean_score': 2.5}]
    """
    long = pd.concat(
        [
            pd.DataFrame({"bot": df[seat_column(s, "bot")], "win": df[seat_column(s, "won")],
                          "score": df[seat_column(s, "score")]})
            for s in table_seats(df.columns)
        ],
        ignore_index=True,
    )
    rows = []
    for bot, g in long.groupby("bot", sort=True):
        n, wins = len(g), float(g["win"].sum())
        low, high = wilson_interval(wins, n)
        rows.append({"bot": bot, "games": n, "wins": wins, "win_rate": wins / n,
                     "ci_low": low, "ci_high": high, "mean_score": float(g["score"].mean())})
    return pd.DataFrame(rows)


def _executor(workers: int) -> Executor | None:
    return ProcessPoolExecutor(workers) if workers > 1 else None


def _options(args: argparse.Namespace) -> dict[str, Any]:
    if getattr(args, "bag", None):
        if args.game != "herecomes":
            raise SimError(_("--bag only applies to herecomes"))
        return {"bag": parse_bag(args.bag)}
    return {}


def _save(df: pd.DataFrame, out: str | None, lang: str) -> None:
    if out:
        path = Path(out)
        if path.suffix == ".json":
            df.to_json(path, orient="records", indent=1, force_ascii=False)
        else:
            df.to_csv(path, index=False, lineterminator=CSV_LINE_END)
        print(_n("saved {count} row to {path}", "saved {count} rows to {path}",
                  len(df), path=str(path)).render(lang))


def _cmd_simulate(args: argparse.Namespace) -> None:
    check_count(args.games, "--games")
    check_count(args.workers, "--workers", maximum=MAX_WORKERS)
    executor = _executor(args.workers)
    try:
        df = simulate(args.game, parse_bots(args.bots), games=args.games, seed=args.seed,
                      executor=executor, progress=not args.quiet, options=_options(args))
    finally:
        if executor is not None:
            executor.shutdown()
    lang = args.lang
    print(_n("{count} game of {game}, seed {seed}", "{count} games of {game}, seed {seed}",
              len(df), game=args.game, seed=args.seed).render(lang))
    print(_table(summarize(df), lang))
    print(_("rounds per game: mean {mean}, median {median}",
             mean=format(df['rounds'].mean(), ".1f"), median=format(df['rounds'].median(), ".0f")).render(lang))
    print(_("{player} (the first seat) wins {rate} of games", player=player_name(0),
             rate=format(df[seat_column(0, "won")].mean(), ".1%")).render(lang))
    _save(df, args.out, args.lang)


def _cmd_tournament(args: argparse.Namespace) -> None:
    check_count(args.games_per_pair, "--games-per-pair")
    check_count(args.workers, "--workers", maximum=MAX_WORKERS)
    executor = _executor(args.workers)
    try:
        t = tournament(args.game, parse_bots(args.bots), games_per_pair=args.games_per_pair,
                       seed=args.seed, executor=executor, progress=not args.quiet,
                       options=_options(args))
    finally:
        if executor is not None:
            executor.shutdown()
    print(_table(t.standings, args.lang))
    print()
    print(_table(t.pairs, args.lang))
    _save(t.standings, args.out, args.lang)
    if args.games_out:
        _save(t.games, args.games_out, args.lang)


def _cmd_odds(args: argparse.Namespace) -> None:
    bag = parse_bag(args.bag) if args.bag else None

    table = card_table(bag, lang=args.lang) if bag is not None else card_table(lang=args.lang)
    with pd.option_context("display.max_rows", None, "display.width", 200):
        print(table.to_string(index=False))
    _save(table, args.out, args.lang)


def _parser(lang: str = "en") -> argparse.ArgumentParser:
    """The command line's parser, every help text in ``lang``."""

    def h(text: Text) -> str:  # argparse %-formats help texts
        return text.render(lang).replace("%", "%%")

    langs = list(languages())
    p = argparse.ArgumentParser(
        prog="pokelab",
        description=h(_("Simulate games, run bot tournaments and print card odds.")),
    )
    p.add_argument("--lang", choices=langs, default="en", help=h(_("language")))
    sub = p.add_subparsers(dest="command", required=True, title=h(_("commands")))

    def common(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("game", choices=["splendor", "herecomes"], help=h(_("the game")))
        sp.add_argument("--bots", required=True,
                        help=h(_("bot names in seat order, separated by commas")))
        sp.add_argument("--seed", type=int, default=0, help=h(_("master seed")))
        sp.add_argument("--workers", type=int, default=1, help=h(_("processes (1 = this process)")))
        sp.add_argument("--bag", help=h(_("herecomes bag, like red=6,blue=5")))
        sp.add_argument("--out", help=h(_("save the table (.csv or .json)")))
        sp.add_argument("--quiet", action="store_true", help=h(_("no progress bar")))
        sp.add_argument("--lang", choices=langs, default=argparse.SUPPRESS, help=h(_("language")))

    s = sub.add_parser("simulate", help=h(_("play many games")))
    common(s)
    s.add_argument("--games", type=int, default=1000, help=h(_("number of games")))
    s.set_defaults(func=_cmd_simulate)

    t = sub.add_parser("tournament", help=h(_("round-robin of every pair")))
    common(t)
    t.add_argument("--games-per-pair", type=int, default=100, help=h(_("games per pair")))
    t.add_argument("--games-out", help=h(_("save every game row too")))
    t.set_defaults(func=_cmd_tournament)

    o = sub.add_parser("odds", help=h(_("Here Comes card probability table")))
    o.add_argument("--bag", help=h(_("bag like red=6,blue=5,green=4,yellow=3,purple=2")))
    o.add_argument("--out", help=h(_("save the table (.csv or .json)")))
    o.add_argument("--lang", choices=langs, default=argparse.SUPPRESS, help=h(_("language")))
    o.set_defaults(func=_cmd_odds)

    teacher = sub.add_parser("teacher", help=h(_("answer keys and an nbgrader course")))
    tsub = teacher.add_subparsers(dest="task", required=True, title=h(_("commands")))
    key = tsub.add_parser("answer-key", help=h(_("every student's numbers and answers")))
    key.add_argument("roster", help=h(_("class list CSV (a name column)")))
    key.add_argument("--lesson", help=h(_("only this lesson, like probability/31-never-and-all.ipynb")))
    key.add_argument("--out", help=h(_("save the key (.csv or .json)")))
    key.add_argument("--force", action="store_true", help=h(_("overwrite the --out file if it exists")))
    add_teacher_options(key, lang)
    key.set_defaults(func=_cmd_answer_key)
    grader = tsub.add_parser("nbgrader", help=h(_("export the exercises as an nbgrader course")))
    grader.add_argument("outdir", help=h(_("the course folder to write")))
    grader.add_argument("--notebooks", default=str(Path(__file__).resolve().parent.parent / "notebooks"),
                        help=h(_("the lessons folder")))
    grader.add_argument("--force", action="store_true",
                        help=h(_("overwrite source notebooks already there (your edits are lost)")))
    grader.set_defaults(func=_cmd_nbgrader)

    add_commands(sub, lang)
    return p


def _cmd_answer_key(args: argparse.Namespace) -> None:
    teacher_access(args)[0].close()  # every pupil's answers: for the class's teacher only
    try:
        if args.out:
            check_new_file(args.out, overwrite=args.force)
        key = answer_key(read_roster(args.roster), lesson=args.lesson)
    except (OSError, ValueError) as err:
        raise SimError(_("cannot make the answer key: {error}", error=why(err))) from None
    if args.out:
        _save(key if args.out.endswith(".json") else key.map(safe_cell), args.out, args.lang)  # no formulas
    else:
        print(key.to_string(index=False))


def _cmd_nbgrader(args: argparse.Namespace) -> None:
    try:
        written = export_nbgrader(args.outdir, args.notebooks, **({"overwrite": True} if args.force else {}))
    except (OSError, ValueError) as err:
        raise SimError(_("cannot export the nbgrader course: {error}",
                          error=why(err))) from None
    print(_n("wrote {count} nbgrader source notebook under {path}", "wrote {count} nbgrader source notebooks under {path}", len(written),
              path=str(Path(args.outdir) / "source")).render(args.lang))


def _chosen_lang(argv: Sequence[str]) -> str:
    """The language ``--lang`` asks for (the last one given), if the kit speaks it; else English.

    >>> _chosen_lang(["--lang", "zh", "odds"]), _chosen_lang(["odds", "--lang=xx"])
    ('zh', 'en')
    """
    chosen = "en"
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            chosen = argv[i + 1]
        elif arg.startswith("--lang="):
            chosen = arg.partition("=")[2]
    return chosen if chosen in languages() else "en"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (0 ok, 2 bad input).

    Help, tables and errors are in the language of ``--lang`` (any of ``pokelab.words.languages()``).

    >>> main(["--lang", "zh", "odds", "--bag", "red=six"])  # the error goes to stderr, in Chinese
    2
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    lang = _chosen_lang(argv)
    with argparse_in(lang):
        parser = _parser(lang)
        try:
            args = parser.parse_args(argv)
        except SystemExit as exc:
            return int(exc.code or 0)
    try:
        args.func(args)
    except SimError as err:
        print(_("error: {message}", message=err.message(args.lang)).render(args.lang),
              file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
