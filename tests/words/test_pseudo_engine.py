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
from collections.abc import Iterator
from typing import Any

import pytest

from pokelab import herecomes as hc
from pokelab import splendor as sp
from pokelab.errors import ExplainedError, IllegalAction, SimError
from pokelab.toy import Choose, Roll, ToyGame
from pokelab.words import Text, languages
from pokelab.words.maintain import problems

from .engine_words import (
    AREA,
    NAMES,
    area_sources,
    clean,
    herecomes_states,
    refusals_of,
    sources,
    words_of,
)

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
    assert isinstance(caught.value, ExplainedError), text
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
    assert isinstance(caught.value, ExplainedError)
    clean(caught.value.message(pseudo))


# ---------------------------------------------------------------- Here Comes


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
    assert isinstance(caught.value, ExplainedError), text
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
    assert isinstance(caught.value, ExplainedError), caught.value
    clean(caught.value.message(pseudo))


# ---------------------------------------------------------------- the toy game, core, runner, bots


def test_toy_refusals_and_errors(pseudo):
    game = ToyGame()
    state = game.new_game(2, 1, {})
    errors: list[ExplainedError | IllegalAction] = []
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

    errors: list[ExplainedError] = []
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
        assert isinstance(err, ExplainedError), err
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
    from pokelab.odds.probability_tree import draw_tree
    from pokelab.odds.tree_nodes import group_name

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
    assert isinstance(caught.value, ExplainedError)
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
