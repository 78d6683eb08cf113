"""The numbers the rulebooks (docs/rules/*.md) quote, rebuilt from the engine: card lists, bag, waves, variants.

A rulebook that no longer matches the code fails here."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from pokelab.herecomes import TARGETS, TRAINERS, WAVES
from pokelab.herecomes import Variant as HCVariant
from pokelab.herecomes import new_game as hc_new_game
from pokelab.herecomes.bag import DEFAULT_BAG, DRAWS_PER_ROUND
from pokelab.herecomes.names import short_colour_name as hc_short_colour_name
from pokelab.herecomes.setup import HAND_SIZE
from pokelab.splendor import CARDS, COLOURS, Reserve, TakeSame, legal_actions, scenario
from pokelab.splendor import Variant as SPVariant
from pokelab.splendor import new_game as sp_new_game
from pokelab.splendor.names import short_colour_name as sp_short_colour_name
from pokelab.splendor.names import tier_name
from pokelab.splendor.state import END_POINTS, TOKEN_LIMIT
from tests.rulebook_text import (
    HC_EN,
    HC_ZH,
    SP_EN,
    SP_ZH,
    flat,
    quotes,
    rule_text,
)

# --- the numbers the rulebooks quote, rebuilt from the engine ---------------------------


def test_sp_c1_token_counts() -> None:
    full = SPVariant().supply_counts(4)
    quotes(SP_EN, *(f"| {c} | {n} |" for c, n in zip(COLOURS, full, strict=False)))
    quotes(SP_ZH, *(f"| {sp_short_colour_name(c).render('zh')} | {n} |" for c, n in zip(COLOURS, full, strict=False)))
    quotes(
        SP_EN, f"| Master Ball (wildcard) | {full[-1]} |", f"| **all tokens** | **{sum(full)}** |"
    )
    quotes(SP_ZH, f"| 万能大师球 | {full[-1]} |", f"| **合计** | **{sum(full)}** |")
    assert all(SPVariant().supply_counts(n) == full for n in (2, 3))
    two, three, four = (SPVariant(supply="scaled").supply_counts(n)[0] for n in (2, 3, 4))
    quotes(
        SP_EN,
        f"{two} of each regular colour with 2 players, {three} with 3 players and {four} with 4",
    )
    quotes(SP_ZH, f"2 人时每种普通颜色放 {two} 个，3 人时放 {three} 个，4 人时放 {four} 个")


def test_sp_c2_card_counts_tiers_and_points() -> None:
    cards = list(CARDS.values())
    by_tier = {t: [c for c in cards if c.tier == t] for t in ("normal", "rare", "legendary")}
    stages = Counter(c.stage for c in by_tier["normal"])
    low, high = min(c.points for c in by_tier["normal"]), max(c.points for c in by_tier["normal"])
    (rare,), (legendary,) = (
        {c.points for c in by_tier["rare"]},
        {c.points for c in by_tier["legendary"]},
    )
    assert all(c.tier == "normal" for c in cards if c.stage) and not any(
        c.discount for c in by_tier["legendary"]
    )
    per_colour = set(Counter(c.discount for c in cards if c.discount).values())
    (colour_cards,) = per_colour
    quotes(
        SP_EN,
        f"There are {len(cards)} cards",
        f"| normal | {len(by_tier['normal'])} ({stages[0]} basic, {stages[1]} stage 1, {stages[2]} stage 2) "
        f"| {low} to {high} |",
        f"| rare | {len(by_tier['rare'])} | {rare} |",
        f"| legendary | {len(by_tier['legendary'])} | {legendary} | none |",
        f"Each of the five colours is the discount of {colour_cards} cards",
    )
    quotes(
        SP_ZH,
        f"一共 {len(cards)} 张",
        f"| {tier_name('normal').render('zh')} | {len(by_tier['normal'])} 张（基础 {stages[0]} 张、1 阶 {stages[1]} 张、"
        f"2 阶 {stages[2]} 张） | {low} 到 {high} 分 |",
        f"| {tier_name('rare').render('zh')} | {len(by_tier['rare'])} 张 | {rare} 分 |",
        f"| {tier_name('legendary').render('zh')} | {len(by_tier['legendary'])} 张 | {legendary} 分 | 没有 |",
        f"五种颜色各是 {colour_cards} 张卡的折扣颜色",
    )


def test_sp_c3_and_sp_s1_players_display_and_deck() -> None:
    for bad in (1, 5):
        with pytest.raises(ValueError):
            sp_new_game(bad)
    game = sp_new_game(2, seed=0)
    assert len(game.display) == 4
    quotes(
        SP_EN,
        "2 to 4 players",
        f"Turn {len(game.display)} cards face up",
        f"The deck now holds {game.deck_size} cards",
    )
    quotes(SP_ZH, "2 到 4 人", f"翻开 {len(game.display)} 张", f"牌堆里还剩 {game.deck_size} 张")


def test_sp_a2_and_sp_a3_limits() -> None:
    """SP-A2: taking 2 needs this many in the supply; SP-A3: this many reserved cards at most."""
    need = min(
        k
        for k in range(8)
        if TakeSame("red") in legal_actions(scenario(2, tokens={1: {"red": 7 - k}}))
    )
    normals = [c.id for c in CARDS.values() if c.tier == "normal"]
    can_reserve = [
        any(
            isinstance(a, Reserve)
            for a in legal_actions(
                scenario(2, display=normals[:4], reserved={0: normals[4 : 4 + n]})
            )
        )
        for n in range(4)
    ]
    most = can_reserve.index(False)
    quotes(
        SP_EN,
        f"**at least {need} tokens** before you take",
        f"You may hold **at most {most}** reserved cards",
    )
    quotes(SP_ZH, f"**至少要有 {need} 颗**", f"预留区**最多 {most} 张**")
    quotes(SP_EN, f"reserve (at most {most} cards)")
    quotes(SP_ZH, f"预留区（最多 {most} 张）")


def test_sp_t3_sp_g1_sp_g4_limits_and_defaults() -> None:
    v = SPVariant()
    quotes(
        SP_EN,
        f"at most **{TOKEN_LIMIT} tokens**",
        f"**{END_POINTS} or more points**",
        f"**{END_POINTS} trophy points**",
    )
    quotes(
        SP_ZH,
        f"最多只能持有 **{TOKEN_LIMIT} 颗**",
        f"**{END_POINTS} 分或以上**",
        f"**{END_POINTS} 分奖杯分数**",
    )
    quotes(SP_EN, f"after **{v.round_cap} rounds**")
    quotes(SP_ZH, f"打满 **{v.round_cap} 轮**")
    for path in (SP_EN, SP_ZH):
        quotes(
            path,
            f'| `supply` | `"{v.supply}"` |',
            f"| `evolution_cost` | `{v.evolution_cost}` |",
            f"| `round_cap` | `{v.round_cap}` |",
        )


def test_hc_c1_the_default_bag() -> None:
    quotes(
        HC_EN,
        f"these {sum(DEFAULT_BAG.values())} tokens",
        *(f"| {c} | {n} |" for c, n in DEFAULT_BAG.items()),
    )
    quotes(
        HC_ZH,
        f"这 {sum(DEFAULT_BAG.values())} 枚",
        *(f"| {hc_short_colour_name(c).render('zh')} | {n} |" for c, n in DEFAULT_BAG.items()),
    )
    quotes(
        HC_EN,
        ", ".join(f"{c} {n}" for c, n in DEFAULT_BAG.items()),
        f"fewer than {DRAWS_PER_ROUND} tokens",
    )
    quotes(
        HC_ZH,
        "、".join(f"{hc_short_colour_name(c).render('zh')} {n}" for c, n in DEFAULT_BAG.items()),
        f"不到 {DRAWS_PER_ROUND} 枚",
    )


def test_hc_c2_the_60_target_cards_by_kind_colour_and_points() -> None:
    kind_zh = {"gray": "灰色", "purple": "紫色", "orange": "橙色"}
    quotes(HC_EN, f"**Target cards** (目标卡): {len(TARGETS)} cards")
    quotes(HC_ZH, f"一共 {len(TARGETS)} 张")
    groups = Counter(
        (t.kind, t.condition.colour, t.points) for t in TARGETS.values() if t.kind != "legend"
    )
    for (kind, colour, points), count in groups.items():
        quotes(HC_EN, f"| {kind} | {colour} | {count} | {points} |")
        quotes(HC_ZH, f"| {kind_zh[kind]} | {hc_short_colour_name(colour).render('zh')} | {count} | {points} |")
    table_rows = re.findall(
        r"(?m)^\| (gray|purple|orange) \| \w+ \| (\d+) \|", HC_EN.read_text(encoding="utf-8")
    )
    assert len(table_rows) == len(groups)
    legends = [t for t in TARGETS.values() if t.kind == "legend"]
    assert sum(groups.values()) + len(legends) == len(TARGETS)
    for card in legends:
        for path, name in ((HC_EN, card.name_en), (HC_ZH, card.name('zh'))):
            row = next(
                line
                for line in path.read_text(encoding="utf-8").splitlines()
                if line.startswith(f"| {card.id} |")
            )
            assert row.startswith(f"| {card.id} | {name} |") and row.endswith(
                f"| {card.points} |"
            ), row
            assert row.count("·") == len(card.condition.conditions) - 1, row


def test_hc_c3_waves_and_hc_r1_hands() -> None:
    ordinal = "一二三四"
    quotes(
        HC_EN,
        " ".join(f"{w} token{'s' if w > 1 else ''}" for w in WAVES)
        + f" = {sum(WAVES)} tokens a round",
    )
    quotes(HC_ZH, " ".join(f"{w} 枚" for w in WAVES) + f" = 每轮 {sum(WAVES)} 枚")
    for i, w in enumerate(WAVES):
        quotes(
            HC_EN,
            f"wave {i + 1}: {w} token{'s' if w > 1 else ''}"
            + (" " if w > 1 else "  ")
            + f"→ order card {i + 1}",
        )
        quotes(HC_ZH, f"第{ordinal[i]}波：{w} 枚 → {i + 1} 号顺序卡")
    for hand in range(HAND_SIZE, HAND_SIZE - len(WAVES) + 1, -1):
        quotes(HC_EN, f"(hand {hand} → {hand - 1})")
        quotes(HC_ZH, f"（手牌 {hand} → {hand - 1}）")
    quotes(
        HC_EN,
        f"draws **{HAND_SIZE} target cards**",
        f"deal {HAND_SIZE} cards each",
        "check your 2 cards",
    )
    quotes(
        HC_ZH, f"摸 **{HAND_SIZE} 张目标卡**", f"每人摸 {HAND_SIZE} 张目标卡", "检查剩下的 2 张"
    )
    assert HAND_SIZE - (len(WAVES) - 1) == 2


def test_hc_c5_players_hc_g2_points_and_hc_r4_vote_defaults() -> None:
    hc_new_game(1)  # solo practice exists
    with pytest.raises(ValueError):
        hc_new_game(5)
    v = HCVariant()
    quotes(
        HC_EN,
        "**Players:** 2 to 4",
        "1 (solo) to 4",
        f"**{v.win_points} or more points**",
        f"**{v.win_points} points**",
    )
    quotes(
        HC_ZH,
        "**玩家人数：** 2 到 4 人",
        "1（单人）到 4",
        f"**{v.win_points} 分或以上**",
        f"**{v.win_points} 分**",
    )
    for path in (HC_EN, HC_ZH):
        quotes(path, f'| `Variant(redraw=...)` | `"{v.redraw}"` | `"leader"` | HC-R4 |')
        quotes(path, f"| `Variant(win_points=...)` | `{v.win_points}` |")


@pytest.mark.parametrize("trainer", list(TRAINERS.values()), ids=lambda t: t.rule)
def test_hc_t1_to_hc_t4_names_and_limits(trainer) -> None:
    """Each trainer's rule ID, name and use limit in the rulebooks are the engine's."""
    en, zh = rule_text(HC_EN, trainer.rule), rule_text(HC_ZH, trainer.rule)
    assert en.startswith(flat(f"**{trainer.rule}** — **{trainer.name_en}** ({trainer.name('zh')})"))
    assert zh.startswith(flat(f"**{trainer.rule}** —— **{trainer.name('zh')}："))
    if trainer.per_game:
        assert (trainer.per_game, trainer.per_round) == (1, 0)
        assert "Onceper**game**" in en and "每**局**一次" in zh
    else:
        assert trainer.per_round == 1
        assert "Onceperround" in en and "每轮一次" in zh
    if not trainer.solo:
        quotes(HC_EN, f"{trainer.name_en} is not dealt in solo mode")
        quotes(HC_ZH, f"单人模式不发{trainer.name('zh')}")
