"""Coach reasons, reviews and the command line rendered in the pseudo-language (the classroom: test_pseudo_talk_classroom).

Every text of ``pokelab/analysis``, ``pokelab/classroom`` and ``pokelab/cli.py`` is shown in
``qps`` and checked with ``leaks``: a word that did not pass through the catalogue fails. The
texts each test renders are recorded (``translate`` is wrapped), and each test checks that it
reached every message its files define — a message no door leads to is a message nobody checks.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from pokelab.analysis import coach_reasons, review, suggest
from pokelab.analysis.coach import _check_k, _check_level
from pokelab.analysis.coach_reasons import reason
from pokelab.analysis.game_review import GameReview, _check_threshold, _pairs
from pokelab.analysis.win_checks import (
    check_bots,
    check_playouts,
    check_seat,
    check_seed,
    check_state,
    check_workers,
)
from pokelab.bots import available_bots
from pokelab.errors import IllegalAction
from pokelab.sim import play
from pokelab.splendor import (
    CARDS,
    EndTurn,
    Evolve,
    Pass,
    Reserve,
    TakeSame,
    apply,
    legal_actions,
    new_game,
    scenario,
)
from pokelab.splendor.state import make_player
from pokelab.words import maintain
from pokelab.words.pseudo import leaks

from . import talk_helpers
from .talk_helpers import AREA_FILES, check, messages_of, refusals

seen = talk_helpers.seen  # the fixture: which texts a test rendered

NAMES = ("Ann", "Bo", "Cy", "Di")


def named(state: Any) -> Any:
    """``state`` with its players called Ann, Bo, ... (a seat keeps a real name as it is)."""
    players = tuple(
        make_player(NAMES[i], p.tok, p.captured, p.reserved, p.points, p.dsc, p.targets)
        for i, p in enumerate(state.players)
    )
    return dataclasses.replace(state, players=players)


def positions() -> Iterator[Any]:
    """Positions of seeded bot games, 2 to 4 players, default names and real ones."""
    bots = {2: ["greedy", "random"], 3: ["greedy", "random", "greedy"], 4: ["random"] * 4}
    for seed, n in itertools.product(range(3), (2, 3, 4)):
        for i, state in enumerate(play("splendor", bots[n], seed=seed).states()):
            if not state.is_over and i % 2 == 0:
                yield named(state) if seed % 2 else state


# The coach's reasons ---------------------------------------------------------------------------

COACH_CORNERS = [
    # a legendary card in view, no Master Ball held: the reserve names what the ball is for
    (dict(display=["Mewtwo", "Squirtle", "Bulbasaur", "Pichu"]), "reserve"),
    (dict(display=["Charizard", "Squirtle", "Bulbasaur", "Pichu"], tokens={1: {"red": 2, "blue": 3, "green": 3}}),
     "reserve"),
    # an evolution in the reserve, from a card the player may catch
    (dict(captured={0: []}, reserved={0: ["Charmeleon"]}, display=["Charmander", "Squirtle", "Bulbasaur", "Pichu"],
          tokens={0: {"blue": 1, "green": 1, "yellow": 1}}), "catch"),
    (dict(captured={0: ["Charmander"]}, display=["Charmeleon", "Squirtle", "Bulbasaur", "Pichu"],
          tokens={0: {"blue": 2, "green": 2}}), "any"),
    # a catch to 19 points before the last round has begun (seat 0 is not last in the round)
    (dict(captured={0: ["Articuno", "Zapdos", "Magmar"], 1: ["Moltres", "Mewtwo", "Lapras", "Staryu"]},
          tokens={0: {"red": 1, "blue": 3, "green": 3}, 1: {"black": 4}},
          display=["Charizard", "Ponyta", "Typhlosion", "Blaziken"]), "catch"),
]
#: A forced return of Master Balls while no card in view is rare or legendary: "no card needs them".
RETURN_CORNER = dict(display=["Charmander", "Charmeleon", "Charizard", "Cyndaquil"],
                     tokens={0: {"black": 4, "red": 4, "master": 2}})


def _reasons_the_cards_never_give(lang: str, monkeypatch: pytest.MonkeyPatch) -> int:
    """An evolution that gains no points and changes the discount: no card does, a variant's cards may."""
    into = next(c for c, card in CARDS.items() if card.evolves_from)
    base = CARDS[into].evolves_from
    other = next(c for c in ("red", "blue", "green") if c != CARDS[base].discount)
    cards = dict(CARDS)
    cards[into] = dataclasses.replace(CARDS[into], points=CARDS[base].points, discount=other)
    monkeypatch.setattr(coach_reasons, "CARDS", cards)
    state = new_game(2, seed=1)
    check(reason(state, Evolve(base, into)).render(lang))
    check(coach_reasons._end_turn(state, [Evolve(base, into)]).render(lang))
    return 2


def test_every_coach_reason_over_many_positions_is_in_the_catalogue(pseudo, seen, template, monkeypatch):
    rendered = 0
    for state in positions():
        names = [p.name for p in state.players]
        for action in legal_actions(state):
            check(reason(state, action).render(pseudo), *names)
            rendered += 1
        check(reason(state, Pass()).render(pseudo), *names)
        check(reason(state, EndTurn()).render(pseudo), *names)
    for kwargs, _kind in COACH_CORNERS:
        state = scenario(**kwargs)
        for action in legal_actions(state):
            check(reason(state, action).render(pseudo), *(p.name for p in state.players))
            rendered += 1
    returning = apply(scenario(**RETURN_CORNER), TakeSame("blue"))
    for action in legal_actions(returning):
        check(reason(returning, action).render(pseudo), *(p.name for p in returning.players))
        rendered += 1
    rendered += _reasons_the_cards_never_give(pseudo, monkeypatch)
    missing = messages_of(template, "pokelab/analysis/coach_reasons.py") - seen
    assert rendered > 2000 and not missing, (rendered, sorted(missing))


def test_reasons_name_players_by_their_names_in_every_language():
    state = scenario(display=["Charizard", "Squirtle", "Bulbasaur", "Pichu"],
                     tokens={1: {"red": 2, "blue": 3, "green": 3}})
    charizard = Reserve(next(c for c in state.display if CARDS[c].name_en == "Charizard"))
    zh = reason(state, charizard).render("zh")
    assert "抢在玩家 2 捕捉之前" in zh and "Player" not in zh
    assert "抢在 Bo 捕捉之前" in reason(named(state), charizard).render("zh")


# Suggestions, reviews and their errors -------------------------------------------------------------

def test_suggestions_reviews_and_their_errors(pseudo, seen, template):
    state = new_game(2, seed=4)
    for tip in suggest(state, k=3, level="easy", playouts=6):
        check(tip.reason(pseudo), *(p.name for p in state.players))
    record = play("splendor", ["greedy", "random"], seed=2)
    pairs = list(zip(record.states(), (a for _, a in record.actions), strict=False))[:12]
    reviewed = review(pairs, playouts=20, threshold=0.01).moves
    assert any(move.better is not None for move in reviewed)  # a flag, so its explanation is rendered
    for move in reviewed:
        if move.better is not None:
            check(move.better.reason(pseudo))
            check(move.explain(pseudo), "%")
    over = play("splendor", ["greedy", "greedy"], seed=1)
    last = list(over.states())[-1]
    wrong_game = play("herecomes", ["random", "random"], seed=1)
    errors = refusals(
        lambda: _check_level("expert"), lambda: _check_k(0), lambda: _check_threshold(2),
        lambda: GameReview((), 0.1).mistakes(seat="Ash"), lambda: _pairs(wrong_game), lambda: _pairs(3),
        lambda: _pairs([("a",)]), lambda: review([(state, Pass())], playouts=2),
        lambda: _pairs(dataclasses.replace(wrong_game, game="splendor", actions=[(0, None)] * 2001)),
        lambda: _pairs(iter([(state, None)] * 2001)),
        lambda: check_state("a game"), lambda: check_state(last), lambda: check_seat(state, 5),
        lambda: check_seat(state, 1.5), lambda: suggest(state, seen=[3]),
        lambda: check_playouts(0), lambda: check_seed("7"), lambda: check_workers(0),
        lambda: check_bots("wizard", 2),
    )
    for err in errors:
        check(err.message(pseudo), "'expert'", "'Ash'", "herecomes", "'7'", "'a game'", "GameRecord",
              "str", "int", "float", "1.5", "Pass()", "greedy", "random", "mcts", "wizard", "'wizard'", "splendor",
              *available_bots("splendor"), "human",
              "player", "playouts")
    files = ("pokelab/analysis/coach.py", "pokelab/analysis/game_review.py", "pokelab/analysis/splendor_win.py")
    assert not messages_of(template, *files) - seen, sorted(messages_of(template, *files) - seen)


def test_every_text_of_the_area_has_its_chinese(template):
    mine = {mid for mid, _ in messages_of(template, *AREA_FILES)}
    problems = [p for p in maintain.problems("zh", template) if any(repr(m) in p for m in mine)]
    assert problems == []


def test_an_illegal_action_keeps_its_rule_id(pseudo):
    from pokelab.classroom import check_round

    with pytest.raises(IllegalAction) as caught:
        check_round(["red"] * 9)
    assert caught.value.rule == "HC-C3" and leaks(caught.value.message(pseudo)) == []


# The command line: every verb's help, output and errors ---------------------------------------------

def parser_words(parser: Any) -> set[str]:
    """What a user types on the command line: programs, options, choices, metavariables (not words to translate)."""
    import argparse

    words = {parser.prog, *parser.prog.split()}
    for action in parser._actions:
        words |= set(action.option_strings) | {action.dest, action.dest.upper(), str(action.metavar or "")}
        words |= {str(c) for c in action.choices or ()}
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                words |= parser_words(sub)
    return words - {""}


def foreign(call: Callable[[], Any]) -> str:
    """Another area's error, in English while it is not a catalogue text (then ``""``: checked like ours)."""
    from pokelab.words import Text

    try:
        call()
    except (ValueError, OSError) as err:
        return "" if isinstance(getattr(err, "reason", None), Text) else str(err)
    return ""


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    from pokelab.cli import main

    try:
        code = main(argv)
    except SystemExit as exc:  # `app` ends by exiting with Voilà's status
        code = int(exc.code or 0)
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def test_every_cli_verb_help_output_and_error_is_in_the_catalogue(pseudo, seen, template, tmp_path, capsys,
                                                                   monkeypatch):
    from pokelab import cli
    from pokelab.bots import make_bot
    from pokelab.classroom import cli as class_cli
    from pokelab.cli import _parser
    from pokelab.herecomes.bag import validate_bag
    from pokelab.odds import card_table
    from pokelab.sim.runner import check_count
    from pokelab.teaching import export_nbgrader, read_roster

    monkeypatch.setattr(class_cli.subprocess, "call", lambda *a, **k: 0)  # `app` would start Voilà
    db = f"sqlite:///{tmp_path / 'class.db'}"
    (tmp_path / "apps").mkdir()
    (tmp_path / "lessons").mkdir()
    def q(*args: str) -> list[str]:
        return ["--lang", pseudo, *args]

    helps = [[], ["simulate"], ["tournament"], ["odds"], ["teacher"], ["teacher", "answer-key"],
             ["teacher", "nbgrader"], ["class"], ["class", "new"], ["app"]]
    cases = [(q(*verb, "--help"), 0) for verb in helps] + [
        (q("simulate", "splendor", "--bots", "random,greedy", "--games", "2", "--quiet",
              "--out", str(tmp_path / "g.csv")), 0),
        (q("simulate", "herecomes", "--bots", "random,heuristic", "--games", "1", "--quiet",
              "--bag", "red=6,blue=5,green=4,yellow=3,purple=2"), 0),
        (q("tournament", "splendor", "--bots", "random,greedy", "--games-per-pair", "1", "--quiet",
              "--out", str(tmp_path / "s.json")), 0),
        (q("class", "new", "7B", "--db", db), 0),
        (q("app", "--dir", str(tmp_path / "apps"), "--db", db), 0),
        (q("teacher", "nbgrader", str(tmp_path / "course"), "--notebooks", str(tmp_path / "lessons")), None),
        (q("odds", "--bag", "red=6,blue"), 2), (q("odds", "--bag", "red=6,red=4"), 2),
        (q("odds", "--bag", "red=9999"), 2), (q("odds", "--bag", "red=3"), 2),
        (q("simulate", "splendor", "--bots", "random,greedy", "--bag", "red=10"), 2),
        (q("simulate", "splendor", "--bots", " , "), 2),
        (q("simulate", "splendor", "--bots", "random,wizard", "--games", "2"), 2),
        (q("simulate", "splendor", "--bots", "random,greedy", "--games", "0"), 2),
        (q("simulate", "chess", "--bots", "random"), 2), (q("juggle"), 2),
        (q("simulate", "splendor"), 2), (q("simulate", "splendor", "--bots", "a", "extra"), 2),
        (q("simulate", "splendor", "--bots", "a", "--games", "many"), 2),
        (q("simulate", "splendor", "--bots", "a", "--seed"), 2),
        (q("tournament", "splendor", "--bots", "a", "--games", "3"), 2),
        (q("class", "new", "7B;", "--db", db), 2), (q("class", "new", "7B", "--db", "mysql://x/y"), 2),
        (q("app", "--dir", str(tmp_path / "none")), 2),
        (q("teacher", "answer-key", str(tmp_path / "none.csv")), 2),
        # the teacher's own doors: a teacher file written, then used, a damaged one, a key asked for at a prompt
        (q("class", "new", "7C", "--db", db, "--teacher-file", str(tmp_path / "t.json")), 0),
        (q("class", "reveal", "never", "--teacher-file", str(tmp_path / "t.json")), 0),
        (q("teacher", "answer-key", str(tmp_path / "none.csv"), "--teacher-file", str(tmp_path / "t.json")), 2),
        (q("teacher", "answer-key", str(tmp_path / "none.csv"), "--teacher-file", str(tmp_path / "junk.json")), 2),
        (q("teacher", "answer-key", str(tmp_path / "none.csv"), "--teacher-file", str(tmp_path / "gone.json")), 2),
        (q("class", "reveal", "never", "--class", "ABCDEF", "--db", db), 2),
    ]
    (tmp_path / "junk.json").write_text("[]", encoding="utf-8")
    monkeypatch.setattr(class_cli.sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(class_cli.getpass, "getpass", lambda prompt: print(prompt) or "AAAA-AAAA-AAAA-AAAA")
    allowed = {*parser_words(_parser(pseudo)), *(str(tmp_path / f) for f in ("g.csv", "s.json", "lessons")),
               str(tmp_path), db, "int", "command", class_cli.TEACHER_KEY_ENV,  # a variable the teacher sets
               foreign(lambda: export_nbgrader(tmp_path / "course", tmp_path / "lessons")), "http://127.0.0.1:8866/", "7B", "7B;",
               "random", "greedy", "heuristic", "wizard", "chess", "juggle", "extra", "many", "red", "blue",
               "mysql://x/y", "True", "False", *available_bots("splendor"), *available_bots("herecomes"),
               foreign(lambda: validate_bag({"red": 3})), foreign(lambda: make_bot("splendor", "wizard")),
               foreign(lambda: check_count(0, "--games")), foreign(lambda: read_roster(tmp_path / "none.csv")),
               class_cli._failure(ValueError("disk full")).message(pseudo)}
    try:  # the card table is the odds area's: checked here once it speaks every language of the kit
        card_table(lang=pseudo)
        cases.append((q("odds", "--bag", "red=6,blue=5,green=4,yellow=3,purple=2"), 0))
    except KeyError:
        pass
    bad = []
    for argv, status in cases:
        code, text = run(argv, capsys)
        assert status is None or code == status, (argv, code, text)
        words = allowed | set(re.findall(r"\b[A-Z0-9]{6}\b|\b[A-Z0-9]{4}(?:-[A-Z0-9]{4}){3}\b", text))
        words |= set(re.findall(re.escape(str(tmp_path)) + r"\S*[\w]", text))  # files the test made
        if leaks(text, words):
            bad.append((argv[2:], leaks(text, words), text))
    # a course written (the export itself is the teaching area's, and slow: stood in for)
    monkeypatch.setattr(cli, "export_nbgrader", lambda outdir, notebooks: [tmp_path / "course" / "source" / "a"])
    code, text = run(q("teacher", "nbgrader", str(tmp_path / "course")), capsys)
    assert code == 0 and leaks(text, {str(tmp_path / "course" / "source")}) == [], text
    assert not bad, "\n\n".join(map(str, bad))
    files = ("pokelab/cli.py", "pokelab/classroom/cli.py")
    missing = messages_of(template, *files) - seen
    assert not missing, "\n".join(map(str, sorted(missing)))
