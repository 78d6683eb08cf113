"""The engine's words all pass through the catalogue: every refusal, error, log line and label, rendered in the pseudo-language.

Each test drives one family of texts of the engine (``pokelab.splendor``, ``pokelab.herecomes``,
``pokelab.toy``, ``pokelab.core``, ``pokelab.odds``, ``pokelab.bots``, ``pokelab.sim``) and renders
what it gets in ``qps``; a plain English word (or any Chinese) left in it was written around the
catalogue. Allowed: the data the test itself chose (player names, the codes it typed).
The refusal tests also check they reached every refusal the engine's modules can give.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator
from typing import Any

import pytest

from pokelab import herecomes as hc
from pokelab import splendor as sp
from pokelab.errors import BilingualError, IllegalAction, SimError
from pokelab.toy import Choose, Roll, ToyGame
from pokelab.words import Text, languages
from pokelab.words.maintain import problems
from pokelab.words.pseudo import leaks

#: The files of the engine's area whose texts this test renders (and whose Chinese it checks).
AREA = (
    "pokelab/splendor/",
    "pokelab/herecomes/",
    "pokelab/core/",
    "pokelab/toy.py",
    "pokelab/odds/",
    "pokelab/bots/",
    "pokelab/sim/",
    "pokelab/errors.py",
)
NAMES = ("Ann", "Bo", "Cy", "Di")
#: What Python's json module says about a broken document (shown as the detail, as it says it).
JSON_DETAIL = {"Expecting", "property", "name", "enclosed", "in", "double", "quotes", "line", "column", "char",
               "value", "Extra", "data", "delimiter", "Invalid", "control", "character", "at", "Unterminated",
               "string", "starting", "invalid", "start", "byte", "utf", "codec", "can", "decode", "position",
               "NaN", "is", "not", "JSON", "number", "continuation"}
#: Codes a person types, shown back in errors as they were typed (colours, actions, powers, options).
CODES = {
    *sp.TOKEN_COLOURS, *hc.COLOURS, "pink", "Dance", "Jump", "Fly", "away", "TakeSame", "TakeDifferent",
    "Reserve", "Catch", "Evolve", "ReturnTokens", "Pass", "EndTurn", "Draw", "Discard", "VoteRedraw", "Keep",
    "UseTrainer", "extra_discard", "redraw", "peek", "swap", "teleport", "free", "Roll", "Choose", "bank",
    "risk", "fold", "None", "True", "False", "yes", "no", "all", "leader", "win_points", "Variant", "AllOf",
    "last", "never", "first", "COLOUR", "toy", "splendor", "herecomes", "chess", "greedy", "random",
    "mcts", "easy", "medium", "hard", "heuristic", "optimal", "games", "games_per_pair", "bag", "zzz",
    "Pikachu", "Missingno", "dict", "list", "str", "int", "garbage", "Executor", "concurrent", "futures",
    "choose", "view", "legal", "rng", "apply", "move", "seat", "pokelab", "one", "maybe", "lunch", "ZZ", "bots", "names", "options", "executor", "lump", "max_nodes",
}


def clean(text: str, allowed: Iterable[str] = ()) -> None:
    """``text`` (rendered in the pseudo-language) has no word that bypassed the catalogue."""
    found = leaks(text, {*NAMES, *CODES, *JSON_DETAIL, *allowed})
    assert found == [], f"{found} in {text!r}"


def words_of(value: Any) -> set[str]:
    """The words of a value the test typed (they may come back, quoted, in an error)."""
    return set(re.findall(r"[A-Za-z_]+", repr(value)))


def area_sources(template: Any, files: tuple[str, ...]) -> set[str]:
    """The message ids whose every location is in ``files`` (the texts those modules can show)."""
    return {
        m.id if isinstance(m.id, str) else m.id[0]
        for m in template
        if m.id and m.locations and all(loc.startswith(files) for loc, _line in m.locations)
    }


def sources(text: Text) -> Iterator[str]:
    """The message ids of ``text`` and of the texts in its fields (a refusal's colour, its phase, …)."""
    yield text.source
    for _name, value in text.fields:
        if isinstance(value, Text):
            yield from sources(value)


def refusals_of(game_apply: Any, states: Iterable[Any], pool: Iterable[Any]) -> Iterator[IllegalAction]:
    pool = list(pool)
    for state in states:
        for action in pool:
            try:
                game_apply(state, action)
            except IllegalAction as err:
                yield err


# ---------------------------------------------------------------- Splendor


def splendor_states() -> list[Any]:
    """Positions of random games (2-4 players), plus positions built to reach the rarer refusals."""
    states = []
    for players, seed in ((2, 1), (3, 2), (4, 3), (2, 4)):
        s = sp.new_game(players, seed=seed)
        rng = random.Random(seed)
        for _ply in range(400):
            states.append(s)
            if s.over:
                break
            s = sp.apply(s, rng.choice(sp.legal_actions(s)))
    rich = {"red": 3, "blue": 3, "green": 2, "yellow": 2}
    states += [
        sp.scenario(tokens={0: {"master": 1}}, display=["Mewtwo", "Charmander", 5, 9]),
        sp.scenario(tokens={0: {"red": 1}}, display=["Mewtwo", "Charmander", 5, 9]),
        sp.scenario(tokens={0: {"red": 4, "master": 2}}, captured={0: [1]}, display=[2, 3, 5, 9]),
        sp.scenario(tokens={0: rich}, captured={0: [1]}, display=[2, 3, 5, 9]),
        sp.scenario(reserved={0: [2, 5, 9]}, tokens={0: {"master": 1}}),
        sp.scenario(captured={0: [1]}, display=[2, 3, 5, 9], variant=sp.Variant(evolution_cost=2)),
        sp.scenario(captured={0: [1]}, display=[3, 4, 5, 9], deck=[2]),
        sp.scenario(display=[16, 86, 5, 9]),
        sp.scenario(tokens={0: {"red": 2, "blue": 2, "green": 2, "yellow": 2, "black": 2}}, display=[16, 86, 5, 9]),
        sp.scenario(tokens={0: {"master": 1}}, display=[16, 86, 5, 9]),
        # every regular token held: the supply has none, then only two colours left
        sp.scenario(4, tokens={0: {"red": 7, "blue": 3}, 1: {"blue": 4, "green": 6}, 2: {"green": 1, "yellow": 7, "black": 2},
                               3: {"black": 5}}),
        sp.scenario(4, tokens={0: {"red": 7, "blue": 3}, 1: {"blue": 4, "green": 6}, 2: {"green": 1, "yellow": 7}}),
    ]
    return states


def splendor_pool() -> list[Any]:
    """Every kind of Splendor move, legal somewhere and refused elsewhere."""
    pool: list[Any] = [sp.Pass(), sp.EndTurn()]
    pool += [sp.TakeSame(c) for c in sp.TOKEN_COLOURS]
    pool += [sp.TakeDifferent(c) for c in (("red", "blue", "green"), ("red", "red", "blue"), ("red", "master", "blue"),
                                            ("red",), ("red", "blue"), ("red", "blue", "green", "yellow"))]
    cards = (1, 2, 3, 5, 9, 16, 30, 60, 86, 88, 90)
    pool += [sp.Reserve(c) for c in cards] + [sp.Catch(c) for c in cards]
    pool += [sp.Catch(c, {"red": 1}) for c in cards] + [sp.Catch(c, {}) for c in cards]
    pool += [sp.Catch(c, {"master": 3}) for c in cards] + [sp.Catch(c, {"red": 9}) for c in cards]
    pool += [sp.Evolve(1, 2), sp.Evolve(2, 3), sp.Evolve(1, 3), sp.Evolve(4, 5)]
    pool += [sp.ReturnTokens(t) for t in (["red"], ["red", "blue"], ["master"] * 3, ["black"] * 5)]
    return pool


def test_every_splendor_refusal_renders_in_the_pseudo_language(pseudo, template):
    """Every IllegalAction the Splendor engine gives, in qps: no leaks, and every refusal text reached."""
    seen: set[str] = set()
    count = 0
    for err in refusals_of(sp.apply, splendor_states(), splendor_pool()):
        assert isinstance(err.reason, Text)
        clean(err.message(pseudo))
        seen.update(sources(err.reason))
        count += 1
    wanted = area_sources(template, ("pokelab/splendor/engine.py", "pokelab/splendor/legal.py",
                                     "pokelab/splendor/payment.py"))
    # Guards apply() never reaches: it asks for the return before EndTurn's own SP-T3 check, and a
    # colour missing from the supply is named before "no regular tokens left" could be.
    unreachable = {
        "You hold more than {limit} tokens: return tokens to end the turn.",
        "The supply has no regular tokens left.",
    }
    assert count > 1000
    assert wanted - seen - unreachable == set(), "refusals never reached"


def test_splendor_move_log_lines(pseudo):
    """Every move of random games, and the sweep, described in qps."""
    total = 0
    for state in splendor_states()[::3]:
        for action in sp.legal_actions(state):
            clean(action.describe(pseudo))
            total += 1
    for action in splendor_pool():
        clean(action.describe(pseudo))
    clean(sp.describe_sweep(pseudo))
    assert total > 500


BAD_SPLENDOR_TEXTS = [
    "Dance(red)", "TakeSame(red, blue)", "TakeSame(pink)", "Reserve()", "Reserve(1, 2)", "Reserve(Missingno)",
    "Evolve(1)", "Catch()", "Catch(1, red)", "Catch(1, red=x)", "Pass(1)", "EndTurn(zzz)", "ReturnTokens()",
    "garbage", "TakeDifferent(" + "red, " * 50 + "red)", "x" * 300, "Catch(1, red=999, blue=999)",
]


@pytest.mark.parametrize("text", BAD_SPLENDOR_TEXTS)
def test_splendor_action_text_errors(pseudo, text):
    with pytest.raises(ValueError) as caught:
        sp.parse_action(text)
    assert isinstance(caught.value, BilingualError), text
    clean(caught.value.message(pseudo), words_of(text))


@pytest.mark.parametrize(
    "build",
    [
        lambda: sp.TakeDifferent(["pink"]), lambda: sp.TakeDifferent(5), lambda: sp.Reserve(0),
        lambda: sp.Reserve("1"), lambda: sp.Catch(1, {"red": -1}), lambda: sp.Catch(1, 5),
        lambda: sp.Catch(1, {"red": 99}), lambda: sp.ReturnTokens(iter(["red"] * 99)), lambda: sp.parse_action(3),
    ],
)
def test_splendor_action_value_errors(pseudo, build):
    with pytest.raises(ValueError) as caught:
        build()
    assert isinstance(caught.value, BilingualError)
    clean(caught.value.message(pseudo))


# ---------------------------------------------------------------- Here Comes


def herecomes_states() -> list[Any]:
    """Positions of random games of 1-4 players with trainers, and built ones for the rarer refusals."""
    states = []
    for players, seed in ((1, 1), (2, 2), (3, 3), (4, 4), (2, 5), (3, 6)):
        s = hc.new_game(list(NAMES[:players]), seed=seed)
        rng = random.Random(seed)
        for _ply in range(500):
            states.append(s)
            if s.phase == "over":
                break
            if s.is_chance:
                s = hc.apply(s, hc.sample(s, rng))
            else:
                s = hc.apply(s, rng.choice(hc.legal_actions(s)))
    return states


def herecomes_pool() -> list[Any]:
    not_a_vote = hc.VoteRedraw(0, True)
    object.__setattr__(not_a_vote, "agree", "yes")  # what the engine still refuses if the action's check is bypassed
    pool: list[Any] = [*(hc.Draw(c) for c in (*hc.COLOURS, "pink")), not_a_vote]
    for p in (0, 1, 2, 7):
        pool += [hc.Discard(p, c) for c in ("G01", "G13", "P01", "ZZ9")]
        pool += [hc.VoteRedraw(p, v) for v in (True, False)] + [hc.Keep(p, c) for c in ("G01", "O01", "L01")]
        pool += [hc.UseTrainer(p, "extra_discard", c) for c in ("G01", "ZZ9")]
        pool += [hc.UseTrainer(p, "redraw"), hc.UseTrainer(p, "teleport")]
        pool += [hc.UseTrainer(p, "peek", t) for t in (0, 1, 5)]
        pool += [hc.UseTrainer(p, "swap", t) for t in (0, 1, 7)]
    return pool


def test_every_herecomes_refusal_renders_in_the_pseudo_language(pseudo, template):
    seen: set[str] = set()
    count = 0
    pool = herecomes_pool()
    for err in refusals_of(hc.apply, herecomes_states_with_every_trainer(), pool):
        assert isinstance(err.reason, Text)
        clean(err.message(pseudo), {"ZZ"})
        seen.update(sources(err.reason))
        count += 1
    wanted = area_sources(template, ("pokelab/herecomes/engine.py", "pokelab/herecomes/_common.py",
                                     "pokelab/herecomes/_trainer_rules.py"))
    # the leader's drawing is refused before a phase is named (the phase's words serve result() and the views)
    unreachable = {"the leader is drawing tokens"}
    assert count > 1000
    assert wanted - seen - unreachable == set(), "refusals never reached"


def herecomes_states_with_every_trainer() -> Iterator[Any]:
    """The random positions, and some of them again with every seat holding each trainer in turn."""
    from pokelab.herecomes.setup import _rep

    for i, state in enumerate(herecomes_states()):
        yield state
        if i % 5 == 0 and state.setup.trainers:
            for trainer in hc.TRAINERS:
                yield _rep(state, trainers=(trainer,) * len(state.hands))


def test_herecomes_log_lines_views_and_cards(pseudo):
    """Every action described (named seats, default seats, hidden), every view's texts, every card and trainer."""
    total = 0
    for state in herecomes_states()[::4]:
        for action in hc.legal_actions(state):
            for names in (None, state.setup.names):
                for hidden in (False, True):
                    clean(action.describe(pseudo, names, hidden=hidden))
                    total += 1
        for seat in (None, *range(len(state.hands))):
            total += clean_view(hc.observe(state, seat), pseudo)
    for action in herecomes_pool():
        clean(action.describe(pseudo), {"ZZ"})
    for card in hc.TARGETS.values():
        clean(card.describe(pseudo))
        clean(card.condition.describe(pseudo))
        total += clean_view(card.to_dict(), pseudo)
    for trainer in hc.TRAINERS.values():
        clean(trainer.name(pseudo))
        clean(trainer.text(pseudo))
    assert total > 2000


def clean_view(view: Any, lang: str) -> int:
    """Every text of a view in ``lang`` (each catalogue text, and the keys ``lang`` and ``*_lang``); returns how many."""
    found = 0
    if isinstance(view, Text):
        clean(view.render(lang), {"ZZ"})
        found += 1
    elif isinstance(view, dict):
        for key, value in view.items():
            if isinstance(value, str) and (key == lang or key.endswith("_" + lang)):
                clean(value, {"ZZ"})
                found += 1
            elif isinstance(value, dict) and key.endswith("_" + lang):
                for word in value.values():
                    clean(word)
                    found += 1
            else:
                found += clean_view(value, lang)
    elif isinstance(view, list):
        found += sum(clean_view(v, lang) for v in view)
    return found


def test_herecomes_events_and_reasons_every_kind(pseudo):
    """Each kind of public event and each 'why' of a checked card, in qps."""
    from pokelab.herecomes.view import event_text, explain, why_text

    s = hc.new_game(list(NAMES[:3]), seed=1)
    for event in [("extra_discard", 0, 1), ("peek", 0, 1), ("redraw", -1, "purple"), ("redraw", 1, "red"),
                  ("votes", (True, False, True)), ("votes", (False, False, False)), ("swap", 2, 1)]:
        clean(event_text(s, event).render(pseudo))
    bag = dict(hc.DEFAULT_BAG)
    tokens = ("red",) * 4 + ("blue",) * 3 + ("green", "yellow", "purple")
    for card in hc.TARGETS:
        for returned in ((), ("purple",), ("red",)):
            clean(why_text(card, tokens, bag, returned).render(pseudo))
            clean(explain(card, tokens, bag, returned)["why"].render(pseudo))
    clean(why_text("G01", (), bag).render(pseudo))


BAD_HERECOMES_TEXTS = [
    "Jump(1)", "garbage", "Draw(pink)", "Draw()", "Discard(x, G03)", "Discard(1)", "VoteRedraw(1, maybe)",
    "UseTrainer(1)", "UseTrainer(1, teleport)", "Keep(1, 2, 3)", "x" * 300,
]


@pytest.mark.parametrize("text", BAD_HERECOMES_TEXTS)
def test_herecomes_action_text_errors(pseudo, text):
    with pytest.raises(ValueError) as caught:
        hc.parse_action(text)
    assert isinstance(caught.value, BilingualError), text
    clean(caught.value.message(pseudo), words_of(text))


@pytest.mark.parametrize(
    "build",
    [
        lambda: hc.Discard(1.5, "G01"), lambda: hc.Discard(0, 3), lambda: hc.Draw(3), lambda: hc.VoteRedraw(0, "yes"),
        lambda: hc.UseTrainer(0, 5), lambda: hc.UseTrainer(0, "peek", 1.5), lambda: hc.parse_action(3),
        lambda: hc.validate_bag({"pink": 3}), lambda: hc.validate_bag({"red": "x"}), lambda: hc.validate_bag({"red": -1}),
        lambda: hc.validate_bag({"red": 10**6}), lambda: hc.validate_bag({"red": 5}), lambda: hc.validate_bag([1]),
        lambda: hc.LastIs("pink"), lambda: hc.AllOf(hc.LastIs("red")), lambda: hc.AllOf(hc.LastIs("red"), 3),
        lambda: hc.parse_condition("first:red"), lambda: hc.new_game(5), lambda: hc.new_game("Ann"),
        lambda: hc.new_game(["Ann"] * 5), lambda: hc.new_game(["Ann", ""]), lambda: hc.new_game(["Ann", "Ann"]),
        lambda: hc.new_game(2, seed="x"), lambda: hc.new_game(2, trainers="x"), lambda: hc.new_game(2, variant=3),
        lambda: hc.new_game(2, variant={"zzz": 1}), lambda: hc.Variant(redraw="zzz"), lambda: hc.Variant(win_points=0),
        lambda: hc.observe(hc.new_game(2), 5), lambda: hc.observe(hc.new_game(2), "x"),
        lambda: __import__("pokelab.herecomes.trainers").herecomes.trainers.trainer_for_power("teleport"),
    ],
)
def test_herecomes_input_errors(pseudo, build):
    with pytest.raises(ValueError) as caught:
        build()
    assert isinstance(caught.value, BilingualError), caught.value
    clean(caught.value.message(pseudo))


# ---------------------------------------------------------------- the toy game, core, runner, bots


def test_toy_refusals_and_errors(pseudo):
    game = ToyGame()
    state = game.new_game(2, 1, {})
    errors: list[BilingualError | IllegalAction] = []
    for action in (Choose(0, "bank"), Roll(5), Roll(1)):
        try:
            state = game.apply(state, action)
        except IllegalAction as err:
            errors.append(err)
    for text in ("Roll(7)", "garbage"):
        with pytest.raises(ValueError) as caught:
            game.parse_action(text)
        errors.append(caught.value)
    for save in ("{", '{"totals": [0], "round": 0, "roll": null, "pending": [null, null], "seed": 1}'):
        with pytest.raises(ValueError) as caught:
            game.from_json(save)
        errors.append(caught.value)
    assert len(errors) == 6
    for err in errors:
        clean(err.message(pseudo), {"Expecting", "property", "name", "enclosed", "in", "double", "quotes",
                                     "line", "column", "char"})


def test_core_runner_and_bot_errors(pseudo):
    from pokelab.bots import BOT_TITLES, bot_title, make_bot
    from pokelab.core import Game, get_game
    from pokelab.core.stepper import BotError
    from pokelab.sim import simulate, tournament
    from pokelab.sim.runner import check_count

    errors: list[BilingualError] = []
    for call in (
        lambda: get_game("chess"), lambda: make_bot("splendor", "zzz"), lambda: make_bot("splendor", 3),
        lambda: check_count(0, "games"), lambda: check_count(10**9, "games", maximum=10),
        lambda: simulate("splendor", "greedy", 1), lambda: simulate("splendor", ["random"] * 2, 1, names="Ann"),
        lambda: simulate("splendor", ["random"] * 2, 1, names=["Ann"]), lambda: simulate("splendor", ["random"] * 2, 1, options=3),
        lambda: simulate("splendor", ["random"], 1), lambda: simulate("splendor", ["random"] * 2, 1, seed="x"),
        lambda: simulate("splendor", ["random"] * 2, 1, executor=3), lambda: tournament("splendor", ["random"], 1),
        lambda: Game().to_json(None), lambda: Game().from_json("{}"), lambda: Game().parse_action("Pass"),
    ):
        with pytest.raises(ValueError) as caught:
            call()
        errors.append(caught.value)
    refused = IllegalAction("SP-T1", sp.EndTurn().log_text())
    errors += [BotError(1, sp.EndTurn(), "apply", refused), BotError(0, "zzz", "move", None)]
    from pokelab.bots import available_bots
    from pokelab.core import available_games

    # names of games and bots (other tests may register their own) are names, not words
    registered = {w for name in available_games() for w in (name, *available_bots(name), *re.findall(r"[A-Za-z]+", name))}
    registered |= {w for name in available_games() for bot in available_bots(name) for w in re.findall(r"[A-Za-z]+", bot)}
    for err in errors:
        assert isinstance(err, BilingualError), err
        clean(err.message(pseudo), {"game", *registered})
    for name in BOT_TITLES:
        clean(bot_title(name, pseudo))
    assert isinstance(errors[0], SimError)


# ---------------------------------------------------------------- odds tables and the probability tree


def cells(frame: Any) -> Iterator[str]:
    yield from (str(c) for c in frame.columns)
    for row in frame.itertuples(index=False):
        yield from (v for v in row if isinstance(v, str))


def test_odds_tables_and_tree_labels(pseudo):
    from pokelab.odds import advise_discard, card_table, joint_outcomes
    from pokelab.odds.probability_tree import draw_tree, group_name

    count = 0
    for text in cells(card_table(lang=pseudo)):
        clean(text)
        count += 1
    tree = draw_tree({"red": 2, "blue": 1, "purple": 1}, draws=2, target="last:red")
    for text in cells(tree.table(pseudo)):
        clean(text)
        count += 1
    data = tree.to_json(pseudo)
    clean(data["target_text"])
    clean(tree.path_text(0, pseudo))
    lumped = draw_tree({"red": 3, "blue": 3, "purple": 2}, draws=2, target="never:purple", lump=True)
    clean(lumped.path_text(lumped.leaves[0], pseudo))
    for group in (*hc.COLOURS, "other"):
        clean(group_name(group, pseudo))
    shown = ("red",) * 4 + ("blue",) * 3 + ("green", "yellow")
    for hand in ([("last:red", 3), ("last:blue", 3), ("never:purple", 1)],
                 [("last:red", 3), ("last:blue", 1), ("last:blue", 1)],
                 [hc.TARGETS["G01"], hc.TARGETS["P01"], hc.TARGETS["L01"]]):
        advice = advise_discard(hand, shown=shown)
        clean(advice.describe(pseudo))
        for text in cells(advice.to_frame(pseudo)):
            clean(text)
            count += 1
    for text in cells(joint_outcomes("never:purple", "all:purple").to_frame(pseudo)):
        clean(text)
        count += 1
    assert count > 300


@pytest.mark.parametrize(
    "call",
    [
        lambda o: o.draw_tree({"red": 3, "blue": 3}, draws=0), lambda o: o.draw_tree({"red": 3, "blue": 3}, draws=2, lump=True),
        lambda o: o.draw_tree({"red": 3, "blue": 3}, draws=2, shown=("red", "red")),
        lambda o: o.draw_tree({"red": 30, "blue": 30}, draws=9),
        lambda o: o.draw_tree({"red": 30, "blue": 30, "green": 30, "yellow": 30, "purple": 30}, draws=6),
    ],
)
def test_probability_tree_refusals(pseudo, call):
    from pokelab.odds import probability_tree

    with pytest.raises(ValueError) as caught:
        call(probability_tree)
    assert isinstance(caught.value, BilingualError)
    clean(caught.value.message(pseudo))


# ---------------------------------------------------------------- the contract and the catalogue


def test_the_contract_checks_refusals_in_every_language(pseudo):
    """``check_game`` renders each refusal in every language it knows, the pseudo-language included."""
    from pokelab.core import check_game

    assert pseudo in languages()
    check_game(ToyGame())


def test_every_engine_text_has_its_chinese(template):
    """Each message of the engine's files has a Chinese translation with the same placeholders."""
    ours = {
        (m.id if isinstance(m.id, str) else m.id[0])
        for m in template
        if m.id and any(loc.startswith(AREA) for loc, _line in m.locations)
    }
    assert len(ours) > 250
    mine = [p for p in problems("zh", template) if any(repr(i) in p for i in ours)]
    assert mine == []


# ---------------------------------------------------------------- saves, positions, set-up


def tampered(save: str, **changes: Any) -> str:
    import json

    doc = json.loads(save)
    for key, value in changes.items():
        if value is KeyError:
            del doc[key]
        else:
            doc[key] = value
    return json.dumps(doc)


def splendor_bad_saves() -> list[Any]:
    good = sp.to_json(sp.new_game(2, seed=1))
    return [
        "{not json", 42, b"\xff\xfe", "[" * 100 + "]" * 100, "x" * 3_000_000, "[]", "NaN",
        tampered(good, format="chess"), tampered(good, version=99), tampered(good, players=[]),
        tampered(good, round="one"), tampered(good, evolved="yes"), tampered(good, display="1,2"),
        tampered(good, phase="lunch"), tampered(good, over="maybe"), tampered(good, zzz=1), tampered(good, seed=KeyError),
        tampered(good, supply={"red": -1, "blue": 0, "green": 0, "yellow": 0, "black": 0, "master": 0}),
        tampered(good, supply={"red": 0}), tampered(good, display=[999]), tampered(good, display=[1, 1, 2, 3]),
        tampered(good, variant={"supply": 3, "evolution_cost": 0, "round_cap": 9}),
        tampered(good, variant={"supply": "zzz", "evolution_cost": 0, "round_cap": 9}),
        tampered(good, players=[{"name": "", "tokens": {}, "captured": [], "reserved": []}] * 2),
        tampered(good, round=10**6), tampered(good, current_player=7),
    ]


@pytest.mark.parametrize("save", splendor_bad_saves(), ids=lambda s: str(s)[:30])
def test_splendor_save_errors(pseudo, save):
    with pytest.raises(ValueError) as caught:
        sp.from_json(save)
    assert isinstance(caught.value, BilingualError), caught.value
    clean(caught.value.message(pseudo), {"Expecting", "value", "line", "column", "char", "invalid", "start", "byte",
                                         "utf", "codec", "can", "decode", "position", "NaN", "is", "not", "JSON",
                                         "number", "name", "tokens", "captured", "reserved", "format", "version",
                                         "players", "round", "evolved", "display", "phase", "over", "seed", "supply",
                                         "variant", "evolution_cost", "round_cap", "current_player", "first_player",
                                         "deck", "discard", "ending", "frozen_display", "playing", "stalled",
                                         "main", "after_main", "return", "full", "scaled"})


def herecomes_bad_saves() -> list[str]:
    good = hc.to_json(hc.new_game(2, seed=3))
    import json

    setup = json.loads(good)["setup"]
    return [
        "{not json", "[]", tampered(good, format="chess"), tampered(good, phase="lunch"), tampered(good, round=0),
        tampered(good, bag_left=[1]), tampered(good, trainers=["zzz", None]), tampered(good, pending=[3, None]),
        tampered(good, extra=[3, None]), tampered(good, by_legend=3), tampered(good, to_move=[9]),
        tampered(good, tokens=["pink"]), tampered(good, deck=["ZZ9"]), tampered(good, hands=[[], [], []]),
        tampered(good, points="x"), tampered(good, peeks=[[[1]], []]), tampered(good, peeks=["x", []]),
        tampered(good, events="x"), tampered(good, summary=3), tampered(good, summary={"zzz": 1}),
        tampered(good, zzz=1), tampered(good, leader=KeyError), tampered(good, setup=3),
        tampered(good, setup={**setup, "names": []}), tampered(good, setup={**setup, "bag": {"red": 10**6}}),
        tampered(good, setup={**setup, "variant": 3}), tampered(good, setup={**setup, "seed": "x"}),
        tampered(good, setup={**setup, "trainers": 3}), tampered(good, setup={**setup, "bag": {"red": 3}}),
        tampered(good, setup={**setup, "variant": {"redraw": 3, "win_points": 5}}),
        tampered(good, setup={**setup, "variant": {"redraw": "zzz", "win_points": 5}}),
    ]


@pytest.mark.parametrize("save", herecomes_bad_saves(), ids=lambda s: str(s)[:30])
def test_herecomes_save_errors(pseudo, save):
    with pytest.raises(ValueError) as caught:
        hc.from_json(save)
    assert isinstance(caught.value, BilingualError), caught.value
    clean(caught.value.message(pseudo), {"Expecting", "property", "name", "enclosed", "in", "double", "quotes",
                                         "line", "column", "char", "value", "format", "phase", "round", "bag_left",
                                         "trainers", "pending", "extra", "by_legend", "to_move", "tokens", "deck",
                                         "hands", "points", "peeks", "events", "summary", "leader", "setup",
                                         "names", "bag", "variant", "seed", "lunch", "draw", "discard", "vote",
                                         "redraw", "keep", "over", "misty", "brock", "sabrina", "erika", "win_points",
                                         "achieved", "gained", "kept", "legend_winners", "returned"})


@pytest.mark.parametrize(
    "build",
    [
        lambda: sp.scenario(captured={0: [1], 1: [1]}), lambda: sp.scenario(display=["Missingno"]),
        lambda: sp.scenario(display=[999]), lambda: sp.scenario(display="1,2"), lambda: sp.scenario(tokens={0: {"pink": 1}}),
        lambda: sp.scenario(tokens={0: {"red": -1}}), lambda: sp.scenario(tokens={0: ["pink"]}), lambda: sp.scenario(tokens={0: 3}),
        lambda: sp.scenario(tokens=3), lambda: sp.scenario(tokens={5: ["red"]}), lambda: sp.scenario(current_player=5),
        lambda: sp.scenario(display=[1, 2, 3, 4, 5]), lambda: sp.scenario(display=[1, 2], deck=[3]),
        lambda: sp.scenario(reserved={0: [1, 2, 3, 4]}), lambda: sp.scenario(reserved={0: [90]}),
        lambda: sp.scenario(tokens={0: {"master": 6}}), lambda: sp.scenario(tokens={0: {"red": 11}}),
        lambda: sp.scenario(round=0), lambda: sp.scenario(variant=3), lambda: sp.scenario(seed="x"),
        lambda: sp.new_game(5), lambda: sp.new_game(["Ann"]), lambda: sp.new_game("Ann"), lambda: sp.new_game(["Ann", ""]),
        lambda: sp.new_game(2, seed="x"), lambda: sp.Variant(supply="zzz"), lambda: sp.Variant(evolution_cost=99),
        lambda: sp.Variant(round_cap=0), lambda: sp.Variant(frozen_display="zzz"), lambda: sp.observe(sp.new_game(), 7),
    ],
)
def test_splendor_position_and_setup_errors(pseudo, build):
    with pytest.raises(ValueError) as caught:
        build()
    assert isinstance(caught.value, BilingualError), caught.value
    clean(caught.value.message(pseudo), {"captured", "tokens", "reserved", "display", "deck", "current_player",
                                         "first_player", "round", "supply", "master", "over", "phase", "evolved",
                                         "ending", "after_main", "return", "main", "full", "scaled", "wait", "sweep",
                                         "evolution_cost", "round_cap", "frozen_display"})


@pytest.mark.parametrize(
    "call",
    [
        lambda o: o.probability("last:red", shown="red"), lambda o: o.probability("last:red", shown=3),
        lambda o: o.probability("last:red", shown=["red"] * 11), lambda o: o.probability("last:red", shown=["pink"]),
        lambda o: o.probability("last:red", shown=["purple"] * 3), lambda o: o.probability(3),
        lambda o: o.probability("last:red", bag={"red": 2000}), lambda o: o.probability("last:red", draws=0),
        lambda o: o.expected_points([3]), lambda o: o.expected_points([("last:red", -1)]),
        lambda o: o.redraw_probability("last:red", shown=["red"] * 10, returned="red"),
        lambda o: o.redraw_probability("last:red", shown=["red"] * 10, returned=["pink"]),
        lambda o: o.redraw_probability("last:red", shown=["purple"] * 2 + ["red"] * 8, returned=["purple"]),
        lambda o: o.advise_discard([("last:red", 3)] * 3, shown=["red"] * 5),
        lambda o: o.advise_discard([], shown=["red"] * 4), lambda o: o.advise_discard([("last:red", 3)], shown=["red"] * 4),
        lambda o: o.advise_discard([("last:red", 3)] * 3, shown=["red"] * 4, waves=[0]),
        lambda o: o.advise_discard([("last:red", 3)] * 3, shown=["red"] * 4, redraw_agree=2),
        lambda o: o.advise_discard([("last:red", 3)] * 3, shown=["red"] * 4, redraw_agree=0.5),
        lambda o: o.simulate_rounds(n=0), lambda o: o.simulate_rounds(n=10**9), lambda o: o.simulate_rounds(n=3, seed=-1),
        lambda o: o.splendor_unseen(3), lambda o: o.splendor_unseen({"display": []}),
        lambda o: o.splendor_appears_within(sp.new_game(2, seed=1), "Missingno", 3),
        lambda o: o.splendor_appears_within(sp.new_game(2, seed=1), 3.5, 3),
        lambda o: o.splendor_appears_within(sp.new_game(2, seed=1), [], 3),
        lambda o: o.splendor_appears_within(sp.new_game(2, seed=1), sp.new_game(2, seed=1).display[0], 3),
        lambda o: o.splendor_appears_within(sp.new_game(2, seed=1), 1, -1),
    ],
)
def test_odds_input_errors(pseudo, call):
    from pokelab import odds

    with pytest.raises(ValueError) as caught:
        call(odds)
    assert isinstance(caught.value, BilingualError), caught.value
    clean(caught.value.message(pseudo), {"LastIs", "NeverDrawn", "AllDrawn", "TargetCard", "Fraction", "int",
                                         "float", "Card", "State", "observe", "state", "player", "redraw_agree",
                                         "shown", "returned", "deck_size", "display", "refills", "tuple", "discard"})


@pytest.mark.parametrize(
    "kwargs",
    [
        {"leader": 5}, {"hands": {0: ["ZZ9"] * 5}}, {"hands": {0: ["G01"] * 5}}, {"hands": {7: []}},
        {"hands": {0: ["G01"]}}, {"scores": {7: 1}}, {"scores": {0: 99}}, {"trainers": 3}, {"trainers": {7: "misty"}},
        {"trainers": {0: "zzz"}}, {"trainers": {0: "misty", 1: "misty"}}, {"deck_top": ["ZZ9"]},
    ],
)
def test_herecomes_scenario_errors(pseudo, kwargs):
    with pytest.raises(ValueError) as caught:
        hc.scenario(2, **kwargs)
    assert isinstance(caught.value, BilingualError), caught.value
    clean(caught.value.message(pseudo), {"hands", "scores", "trainers", "deck_top", *hc.TRAINERS, "False", "None"})


def broken_positions(s: Any) -> Iterator[Any]:
    """``s`` with one part changed so that it breaks an invariant a loaded save is checked for."""
    from dataclasses import replace

    n = len(s.setup.names)
    rest = (None,) * (n - 1)
    yield from (s._replace(phase=phase) for phase in ("over", "keep", "vote", "redraw"))
    yield s._replace(points=(50,) * n)
    yield s._replace(points=(-1,) * n)
    yield s._replace(wave=9)
    yield s._replace(bag_left=tuple(k + 1 for k in s.bag_left))
    yield s._replace(deck=s.deck + s.deck[:1])
    yield s._replace(events=(("peek", 0, 7),) * 40)
    yield s._replace(events=(("peek", 0, 7),))
    yield s._replace(to_move=())
    yield s._replace(to_move=(*range(n - 1, -1, -1), 0))
    yield s._replace(to_move=tuple(range(n)))
    yield s._replace(returned=("red",))
    yield s._replace(returned=("red",) * 3)
    yield s._replace(redraw_by=0)
    yield s._replace(extra=("G01", *rest))
    yield s._replace(achieved=(("G01",), *((),) * (n - 1)))
    yield s._replace(pending=("ZZ",) * n)
    yield s._replace(trainers=("misty",) * n)
    yield s._replace(trainers=(None,) * n, round_uses=(1,) * n)
    yield s._replace(round_uses=(9,) * n, game_uses=(9,) * n)
    yield s._replace(round_uses=(0,) * n, game_uses=(99,) * n)
    yield s._replace(peeks=(((1, 0, "G01"),),) * n)
    if n > 1:
        yield s._replace(trainers=(None, "sabrina", *rest[1:]), round_uses=(0, 1, *(0,) * (n - 2)),
                         game_uses=(0, 1, *(0,) * (n - 2)), peeks=((), ((99, 0, "G01"),), *((),) * (n - 2)))
    yield s._replace(scored=(tuple(s.deck[:5]), *((),) * (n - 1)), deck=s.deck[5:])
    yield s._replace(winners=(0,))
    yield s._replace(winners=(1, 0))
    yield s._replace(by_legend=True)
    yield s._replace(summary=None, round=s.round + 1)
    yield s._replace(summary={} if s.summary is None else {**s.summary, "zz": 1})
    yield s._replace(round_discards=((),) * n)
    yield s._replace(hands=(s.hands[0][:-1], *s.hands[1:]), deck=s.deck + s.hands[0][-1:])
    yield s._replace(setup=replace(s.setup, names=("Ann",) * n))
    yield s._replace(setup=replace(s.setup, trainers=False))
    yield s._replace(setup=replace(s.setup, composition=(1001,) * len(s.setup.composition)))
    if s.phase == "over":
        yield s._replace(winners=(), by_legend=False)
        yield s._replace(winners=tuple(range(n)), by_legend=True)
        yield s._replace(winners=tuple(range(n)), by_legend=False, points=(0,) * n)
    if s.summary is not None:
        summary = dict(s.summary)
        for key in ("round", "leader", "tokens", "returned", "hands", "kept", "gained", "legend_winners"):
            yield s._replace(summary={**summary, key: ("x",) * 20})
        yield s._replace(summary={**summary, "tokens": ("red",) * 3})
        yield s._replace(summary={**summary, "hands": (("G01",),) * n})
        yield s._replace(summary={**summary, "achieved": (("ZZ",),) * n})
        yield s._replace(summary={**summary, "kept": ("G01",) * n})
        yield s._replace(summary={**summary, "gained": (77,) * n})
        yield s._replace(summary={**summary, "legend_winners": (0,)})
        yield s._replace(summary={**summary, "events": (("zz", 1),)})
        yield s._replace(by_legend=False, summary={**summary, "legend_winners": (0,), "achieved": (("L01",), *((),) * (n - 1))})


def test_every_herecomes_invariant_detail_renders_in_the_pseudo_language(pseudo, template):
    """What ``check_state`` says of an impossible position (the detail of a refused save) is a catalogue text."""
    from pokelab.herecomes.invariants import BrokenInvariant, check_state

    seen: set[str] = set()
    states = herecomes_states()
    for state in states[::9] + [s for s in states if s.phase == "over"]:
        for broken in broken_positions(state):
            try:
                check_state(broken)
            except BrokenInvariant as err:
                caught = err
            else:
                continue  # a change this position happens to allow (a phase it is already in, …)
            seen.update(sources(caught.reason))
            clean(caught.message(pseudo), {"ZZ", "zz", "x", "summary", "tokens", "returned", "hands", "kept",
                                                 "gained", "legend_winners", "round", "leader", "events", "to_move",
                                                 "winners", "points", "phase", "wave", "deck", "bag_left", "setup",
                                                 "trainers", "round_uses", "game_uses", "peeks", "extra", "pending",
                                                 "achieved", "scored", "redraw_by", "round_discards", "by_legend",
                                                 "draw", "discard", "vote", "keep", "over", "redraw", "misty",
                                                 "sabrina", "None", "True", "False", *NAMES})
    wanted = area_sources(template, ("pokelab/herecomes/invariants.py",))
    assert wanted - seen == set(), "invariant details never reached"


@pytest.mark.parametrize("args", [(3, 2), (0, 0), (1, 2, 1.5)])
def test_stats_errors(pseudo, args):
    from pokelab.stats import wilson_interval

    with pytest.raises(BilingualError) as caught:
        wilson_interval(*args)
    clean(caught.value.message(pseudo), {"successes"})
