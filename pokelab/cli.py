"""The ``pokelab`` command line: simulate, tournament and odds (``python -m pokelab`` is the same).

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
import re
import sys
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pandas as pd

from pokelab.classroom.cli import add_commands
from pokelab.herecomes.bag import validate_bag
from pokelab.herecomes.invariants import MAX_BAG_COLOUR
from pokelab.odds import card_table
from pokelab.sim import simulate, tournament
from pokelab.sim.errors import SimError
from pokelab.sim.runner import check_count
from pokelab.stats import wilson_interval
from pokelab.teaching import answer_key, export_nbgrader, read_roster

__all__ = ["main", "parse_bag", "parse_bots", "summarize"]

#: Most worker processes the command line starts (each one is a whole Python interpreter).
MAX_WORKERS = 64
_COUNT = re.compile(r"-?[0-9]{1,6}")

_TEXT = {
    "error": {"en": "error", "zh": "错误"},
    "saved": {"en": "saved {n} rows to {path}", "zh": "已将 {n} 行保存到 {path}"},
    "summary": {"en": "{games} games of {game}, seed {seed}", "zh": "{game} 共 {games} 局，种子 {seed}"},
    "rounds": {"en": "rounds per game: mean {mean:.1f}, median {median:.0f}",
               "zh": "每局轮数：平均 {mean:.1f}，中位数 {median:.0f}"},
    "first": {"en": "seat 0 wins {rate:.1%} of games", "zh": "0 号座位赢得 {rate:.1%} 的对局"},
}


def _t(key: str, lang: str, **kw: Any) -> str:
    return _TEXT[key][lang].format(**kw)


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
            "no bots given: write names separated by commas, like random,greedy",
            "没有给出电脑玩家：请用逗号分隔名字，例如 random,greedy",
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
                f"bad bag {text!r}: write colour=count pairs separated by commas, like red=6,blue=5",
                f"布袋写法有误 {text!r}：请写成用逗号分隔的 颜色=数量，例如 red=6,blue=5",
            )
        if colour in bag:
            raise SimError(f"bad bag {text!r}: {colour} is given twice",
                           f"布袋写法有误 {text!r}：{colour} 出现了两次")
        bag[colour] = int(count)
    try:
        if max(bag.values()) > MAX_BAG_COLOUR:
            raise ValueError(f"a bag holds at most {MAX_BAG_COLOUR} tokens of a colour")
        return validate_bag(bag)
    except ValueError as err:
        raise SimError(f"bad bag {text!r}: {err}", f"布袋有误 {text!r}：{err}") from err


def summarize(df: pd.DataFrame) -> pd.DataFrame:
    """Per bot: games, wins (shared wins count half), win rate with a Wilson interval, mean score.

    >>> df = pd.DataFrame({"bot_0": ["a", "b"], "bot_1": ["b", "a"], "win_0": [1.0, 0.5],
    ...                    "win_1": [0.0, 0.5], "score_0": [5, 3], "score_1": [2, 3]})
    >>> summarize(df)[["bot", "games", "wins", "mean_score"]].to_dict("records")
    [{'bot': 'a', 'games': 2, 'wins': 1.5, 'mean_score': 4.0}, {'bot': 'b', 'games': 2, 'wins': 0.5, 'mean_score': 2.5}]
    """
    seats = sorted(int(c.split("_")[1]) for c in df.columns if c.startswith("bot_"))
    long = pd.concat(
        [
            pd.DataFrame({"bot": df[f"bot_{s}"], "win": df[f"win_{s}"], "score": df[f"score_{s}"]})
            for s in seats
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
            raise SimError("--bag only applies to herecomes", "--bag 只适用于 herecomes")
        return {"bag": parse_bag(args.bag)}
    return {}


def _save(df: pd.DataFrame, out: str | None, lang: str) -> None:
    if out:
        path = Path(out)
        if path.suffix == ".json":
            df.to_json(path, orient="records", indent=1, force_ascii=False)
        else:
            df.to_csv(path, index=False)
        print(_t("saved", lang, n=len(df), path=path))


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
    print(_t("summary", args.lang, games=len(df), game=args.game, seed=args.seed))
    print(summarize(df).to_string(index=False, float_format=lambda x: f"{x:.3f}"))
    print(_t("rounds", args.lang, mean=df["rounds"].mean(), median=df["rounds"].median()))
    print(_t("first", args.lang, rate=df["win_0"].mean()))
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
    print(t.standings.to_string(index=False, float_format=lambda x: f"{x:.3f}"))
    print()
    print(t.pairs.to_string(index=False, float_format=lambda x: f"{x:.3f}"))
    _save(t.standings, args.out, args.lang)
    if args.games_out:
        _save(t.games, args.games_out, args.lang)


def _cmd_odds(args: argparse.Namespace) -> None:
    bag = parse_bag(args.bag) if args.bag else None

    table = card_table(bag, lang=args.lang) if bag is not None else card_table(lang=args.lang)
    with pd.option_context("display.max_rows", None, "display.width", 200):
        print(table.to_string(index=False))
    _save(table, args.out, args.lang)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="pokelab",
        description="Simulate games, run bot tournaments and print card odds. "
        "模拟对局、举办电脑玩家锦标赛、打印卡牌概率。",
    )
    p.add_argument("--lang", choices=["en", "zh"], default="en", help="language / 语言")
    sub = p.add_subparsers(dest="command", required=True)

    def common(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("game", choices=["splendor", "herecomes"], help="the game / 游戏")
        sp.add_argument("--bots", required=True,
                        help="bot names in seat order, separated by commas / 电脑玩家名字，逗号分隔")
        sp.add_argument("--seed", type=int, default=0, help="master seed / 主种子")
        sp.add_argument("--workers", type=int, default=1,
                        help="processes (1 = this process) / 进程数")
        sp.add_argument("--bag", help="herecomes bag, like red=6,blue=5 / 布袋组成")
        sp.add_argument("--out", help="save the table (.csv or .json) / 保存表格")
        sp.add_argument("--quiet", action="store_true", help="no progress bar / 不显示进度条")
        sp.add_argument("--lang", choices=["en", "zh"], default=argparse.SUPPRESS)

    s = sub.add_parser("simulate", help="play many games / 模拟多局")
    common(s)
    s.add_argument("--games", type=int, default=1000, help="number of games / 局数")
    s.set_defaults(func=_cmd_simulate)

    t = sub.add_parser("tournament", help="round-robin of every pair / 循环赛")
    common(t)
    t.add_argument("--games-per-pair", type=int, default=100, help="games per pair / 每对局数")
    t.add_argument("--games-out", help="save every game row too / 同时保存每局数据")
    t.set_defaults(func=_cmd_tournament)

    o = sub.add_parser("odds", help="Here Comes card probability table / 目标卡概率表")
    o.add_argument("--bag", help="bag like red=6,blue=5,green=4,yellow=3,purple=2 / 布袋组成")
    o.add_argument("--out", help="save the table (.csv or .json) / 保存表格")
    o.add_argument("--lang", choices=["en", "zh"], default=argparse.SUPPRESS)
    o.set_defaults(func=_cmd_odds)

    teacher = sub.add_parser("teacher", help="answer keys and an nbgrader course / 答案和 nbgrader 课程")
    tsub = teacher.add_subparsers(dest="task", required=True)
    key = tsub.add_parser("answer-key", help="every student's numbers and answers / 每个学生的题目和答案")
    key.add_argument("roster", help="class list CSV (a name column) / 学生名单 CSV")
    key.add_argument("--lesson", help="only this lesson, like probability/31-never-and-all.ipynb / 只要这一课")
    key.add_argument("--out", help="save the key (.csv or .json) / 保存答案表")
    key.set_defaults(func=_cmd_answer_key)
    grader = tsub.add_parser("nbgrader", help="export the exercises as an nbgrader course / 导出为 nbgrader 课程")
    grader.add_argument("outdir", help="the course folder to write / 课程文件夹")
    grader.add_argument("--notebooks", default=str(Path(__file__).resolve().parent.parent / "notebooks"),
                        help="the lessons folder / 课程笔记本文件夹")
    grader.set_defaults(func=_cmd_nbgrader)


    add_commands(sub)
    return p


def _cmd_answer_key(args: argparse.Namespace) -> None:
    try:
        key = answer_key(read_roster(args.roster), lesson=args.lesson)
    except (OSError, ValueError) as err:
        raise SimError(str(err), str(err)) from None
    if args.out:
        _save(key, args.out, args.lang)
    else:
        print(key.to_string(index=False))


def _cmd_nbgrader(args: argparse.Namespace) -> None:
    try:
        written = export_nbgrader(args.outdir, args.notebooks)
    except (OSError, ValueError) as err:
        raise SimError(str(err), str(err)) from None
    print(f"wrote {len(written)} nbgrader source notebooks under {Path(args.outdir) / 'source'}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (0 ok, 2 bad input)."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    try:
        args.func(args)
    except SimError as err:
        print(f"{_t('error', args.lang)}: {err.message(args.lang)}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
