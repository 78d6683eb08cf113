"""The kit's rulebooks (docs/rules/*.md): rule coverage, en/zh parity, the numbers they quote, links, terms.

The numbers a rulebook quotes are rebuilt here from the engine (card lists, bag,
waves, variants), so a rulebook that no longer matches the code fails. The
checker ``scripts/rule_coverage.py`` runs here as unit tests too, on the real
project and on small made-up projects that must fail.
"""

from __future__ import annotations

import csv
import doctest
import importlib.util
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from pokelab.herecomes import TARGETS, TRAINERS, WAVES
from pokelab.herecomes import Variant as HCVariant
from pokelab.herecomes import new_game as hc_new_game
from pokelab.herecomes.bag import DEFAULT_BAG, DRAWS_PER_ROUND
from pokelab.herecomes.engine import HAND_SIZE
from pokelab.herecomes.names import short_colour_name as hc_short_colour_name
from pokelab.splendor import CARDS, COLOURS, Reserve, TakeSame, legal_actions, scenario
from pokelab.splendor import Variant as SPVariant
from pokelab.splendor import new_game as sp_new_game
from pokelab.splendor.names import short_colour_name as sp_short_colour_name
from pokelab.splendor.names import tier_name
from pokelab.splendor.state import END_POINTS, TOKEN_LIMIT

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"
_spec = importlib.util.spec_from_file_location(
    "rule_coverage", ROOT / "scripts" / "rule_coverage.py"
)
coverage = importlib.util.module_from_spec(_spec)
sys.modules["rule_coverage"] = coverage  # dataclasses look their module up by name
_spec.loader.exec_module(coverage)

SP_EN, SP_ZH = RULES / "splendor-pokemon.en.md", RULES / "splendor-pokemon.zh.md"
HC_EN, HC_ZH = RULES / "here-comes-pokemon.en.md", RULES / "here-comes-pokemon.zh.md"
BOOKS = (SP_EN, SP_ZH, HC_EN, HC_ZH)
BOX = {"en": "> **The rules say … / this kit does …**", "zh": "> **规则书说……／本套件的做法……**"}


def _flat(text: str) -> str:
    """Text without whitespace or blockquote marks, so a quoted phrase is found across line breaks."""
    return re.sub(r"\s+", "", re.sub(r"(?m)^>\s?", "", text))


def _book(path: Path) -> str:
    return _flat(path.read_text(encoding="utf-8"))


def _quotes(path: Path, *phrases: str) -> None:
    text = _book(path)
    missing = [phrase for phrase in phrases if _flat(phrase) not in text]
    assert not missing, f"{path.name} does not say (or no longer matches the code): {missing}"


def _rule_text(path: Path, rule: str) -> str:
    """The paragraph of ``path`` that defines ``rule`` (from its bold ID to the next anchor)."""
    text = path.read_text(encoding="utf-8")
    start = text.index(f"**{rule}**")
    end = text.find("<a id=", start)
    return _flat(text[start : end if end != -1 else len(text)])


# --- the checker (scripts/rule_coverage.py) -----------------------------------------------


def test_rule_coverage_doctests_pass() -> None:
    """The checker's own examples (its docstrings) run as tests."""
    result = doctest.testmod(coverage, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 10 and result.failed == 0


def test_every_rule_id_is_tested_none_is_orphaned_and_en_zh_agree() -> None:
    """The project passes its own rule check: the ``rules`` stage of scripts/run_tests.py."""
    report = coverage.check(ROOT)
    assert report.ok, "\n".join(report.problems())
    assert report.games == 2 and len(report.ids) == len(set(report.ids))
    assert {rule.split("-")[0] for rule in report.ids} == {"SP", "HC"}


def _toy_project(tmp_path: Path, en: str, zh: str, test: str, code: str = "") -> Path:
    (tmp_path / "docs" / "rules").mkdir(parents=True)
    (tmp_path / "docs" / "rules" / "toy.en.md").write_text(en, encoding="utf-8")
    (tmp_path / "docs" / "rules" / "toy.zh.md").write_text(zh, encoding="utf-8")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_toy.py").write_text(test, encoding="utf-8")
    (tmp_path / "pokelab").mkdir()
    (tmp_path / "pokelab" / "engine.py").write_text(code, encoding="utf-8")
    (tmp_path / "README.md").write_text("", encoding="utf-8")
    return tmp_path


def test_checker_accepts_snake_case_and_hyphen_names(tmp_path: Path) -> None:
    root = _toy_project(
        tmp_path,
        "**TY-A1** x **TY-A2** y",
        "**TY-A1** 甲 **TY-A2** 乙",
        "def test_ty_a1(): ...\n# covers TY-A2\n",
        "raise IllegalAction('TY-A2', 'x', 'y')",
    )
    report = coverage.check(root)
    assert report.ok and report.ids == ("TY-A1", "TY-A2")
    assert report.summary().startswith("rule coverage: 2/2 rule IDs")


def test_checker_reports_an_untested_rule(tmp_path: Path) -> None:
    root = _toy_project(
        tmp_path, "**TY-A1** **TY-A2**", "**TY-A1** **TY-A2**", "def test_ty_a1(): ..."
    )
    report = coverage.check(root)
    assert not report.ok and report.uncovered == ("TY-A2",)
    assert "not named by any test: TY-A2" in report.problems()


def test_checker_reports_an_orphan_id_in_the_code(tmp_path: Path) -> None:
    root = _toy_project(
        tmp_path,
        "**TY-A1**",
        "**TY-A1**",
        "def test_ty_a1(): ...",
        "raise IllegalAction('TY-B7', 'x', 'y')",
    )
    report = coverage.check(root)
    assert report.orphans == {"TY-B7": ["pokelab/engine.py"]}
    assert "named but in no rulebook: TY-B7 (in pokelab/engine.py)" in report.problems()
    assert not report.ok


def test_checker_reports_rulebooks_that_differ(tmp_path: Path) -> None:
    root = _toy_project(tmp_path, "**TY-A1** **TY-A2**", "**TY-A2** **TY-A1**", "ty_a1 ty_a2")
    assert coverage.check(root).parity == (
        "toy: the IDs come in another order: rule 1 is TY-A1 in English, TY-A2 in Chinese",
    )
    (root / "docs" / "rules" / "toy.zh.md").write_text("**TY-A1**", encoding="utf-8")
    assert coverage.check(root).parity == ("toy: only in English: TY-A2",)


def test_rule_coverage_script_prints_one_line_and_exits_zero() -> None:
    run = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "rule_coverage.py")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.count("\n") == 1 and run.stdout.startswith("rule coverage:")


# --- the rulebooks: IDs, anchors, boxes ---------------------------------------------------


@pytest.mark.parametrize("path", BOOKS, ids=lambda p: p.name)
def test_every_rule_has_its_anchor(path: Path) -> None:
    """Each ``**XX-Y9**`` sits under ``<a id="xx-y9">`` so lessons can link to the rule."""
    text = path.read_text(encoding="utf-8")
    for rule in coverage.defined_ids(text):
        anchor = f'<a id="{rule.lower()}"></a>\n\n**{rule}**'
        assert anchor in text, f"{path.name}: {rule} has no anchor right above it"


@pytest.mark.parametrize("game", ["splendor-pokemon", "here-comes-pokemon"])
def test_english_and_chinese_rulebooks_have_the_same_ids_boxes_and_sections(game: str) -> None:
    en = (RULES / f"{game}.en.md").read_text(encoding="utf-8")
    zh = (RULES / f"{game}.zh.md").read_text(encoding="utf-8")
    assert coverage.defined_ids(en) == coverage.defined_ids(zh)
    assert en.count(BOX["en"]) == zh.count(BOX["zh"]) > 3
    assert re.findall(r'<a id="([^"]+)"></a>', en) == re.findall(r'<a id="([^"]+)"></a>', zh)
    assert [_section_lessons(en)[s] for s in sorted(_section_lessons(en))] == [
        _section_lessons(zh)[s] for s in sorted(_section_lessons(zh))
    ]


def test_hc_c2_the_purple_card_box_states_the_new_rule() -> None:
    """HC-C2 / HC-R4 (changed 2026-11-30): a token put back by a redraw has still appeared."""
    _quotes(HC_EN, "*has appeared*, and it still breaks a purple card")
    _quotes(HC_ZH, "它也算“出现过”，照样让紫色卡失败")
    for path in (HC_EN, HC_ZH):
        assert "2026-11-30" in _rule_text(path, "HC-C2")


def test_sp_t5_the_sweep_is_the_default_and_wait_keeps_the_text() -> None:
    assert SPVariant().frozen_display == "sweep"
    for path in (SP_EN, SP_ZH):
        rule = _rule_text(path, "SP-T5")
        assert "2026-11-30" in rule and 'Variant(frozen_display="wait")' in rule
    _quotes(SP_EN, '| `frozen_display` | `"sweep"` | `"wait"` | SP-T5 |')
    _quotes(SP_ZH, '| `frozen_display` | `"sweep"` | `"wait"` | SP-T5 |')


def test_chinese_rulebooks_use_the_games_own_terms() -> None:
    sp, hc = SP_ZH.read_text(encoding="utf-8"), HC_ZH.read_text(encoding="utf-8")
    for term in ("万能大师球", "锁定", "捕捉", "进化", "展示区", "预留区"):
        assert term in sp, term
    for term in ("领队", "布袋", "顺序卡", "目标卡", "训练师卡", "重抽", "梦幻/超梦卡"):
        assert term in hc, term
    assert "领头人" not in sp + hc
    assert "传说" not in hc, "Mew/Mewtwo target cards are 梦幻/超梦 cards; 传说 is Splendor's tier"


def _headings(path: Path) -> list[str]:
    return re.findall(r"^## \d+\. (.+)$", path.read_text(encoding="utf-8"), flags=re.MULTILINE)


@pytest.mark.parametrize(("en", "zh", "game"), [(SP_EN, SP_ZH, "Splendor: Pokémon"), (HC_EN, HC_ZH, "Here Comes Pokémon!")],
                         ids=["splendor", "here-comes"])
def test_chinese_section_headings_use_the_glossary_terms(en: Path, zh: Path, game: str) -> None:
    """A section whose English heading names a glossary term of its game says it as the glossary does (§6 终局).

    The contents line at the top of the book shows the same heading as the section itself.
    """
    with open(ROOT / "docs" / "glossary.csv", encoding="utf-8", newline="") as handle:
        terms = [(row["en"].lower(), row["zh"]) for row in csv.DictReader(handle) if row["game"] == game]
    english, chinese = _headings(en), _headings(zh)
    contents = dict(re.findall(r"(?<!\d)(\d+)\. \[([^\]]+)\]\(#", zh.read_text(encoding="utf-8").split("<a id=")[0]))
    assert len(english) == len(chinese) > 4
    checked = 0
    for number, (heading, zh_heading) in enumerate(zip(english, chinese, strict=True), start=1):
        for term, zh_term in terms:
            if re.search(rf"\b{re.escape(term)}s?\b", heading.lower()):
                assert zh_term in zh_heading, f"{zh.name} §{number} {zh_heading!r}: the glossary says {zh_term} for {term!r}"
                checked += 1
        assert contents.get(str(number)) == zh_heading, f"{zh.name}: the contents line for §{number}"
    assert checked >= 1


# --- the numbers the rulebooks quote, rebuilt from the engine ---------------------------


def test_sp_c1_token_counts() -> None:
    full = SPVariant().supply_counts(4)
    _quotes(SP_EN, *(f"| {c} | {n} |" for c, n in zip(COLOURS, full, strict=False)))
    _quotes(SP_ZH, *(f"| {sp_short_colour_name(c).render('zh')} | {n} |" for c, n in zip(COLOURS, full, strict=False)))
    _quotes(
        SP_EN, f"| Master Ball (wildcard) | {full[-1]} |", f"| **all tokens** | **{sum(full)}** |"
    )
    _quotes(SP_ZH, f"| 万能大师球 | {full[-1]} |", f"| **合计** | **{sum(full)}** |")
    assert all(SPVariant().supply_counts(n) == full for n in (2, 3))
    two, three, four = (SPVariant(supply="scaled").supply_counts(n)[0] for n in (2, 3, 4))
    _quotes(
        SP_EN,
        f"{two} of each regular colour with 2 players, {three} with 3 players and {four} with 4",
    )
    _quotes(SP_ZH, f"2 人时每种普通颜色放 {two} 个，3 人时放 {three} 个，4 人时放 {four} 个")


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
    _quotes(
        SP_EN,
        f"There are {len(cards)} cards",
        f"| normal | {len(by_tier['normal'])} ({stages[0]} basic, {stages[1]} stage 1, {stages[2]} stage 2) "
        f"| {low} to {high} |",
        f"| rare | {len(by_tier['rare'])} | {rare} |",
        f"| legendary | {len(by_tier['legendary'])} | {legendary} | none |",
        f"Each of the five colours is the discount of {colour_cards} cards",
    )
    _quotes(
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
    _quotes(
        SP_EN,
        "2 to 4 players",
        f"Turn {len(game.display)} cards face up",
        f"The deck now holds {game.deck_size} cards",
    )
    _quotes(SP_ZH, "2 到 4 人", f"翻开 {len(game.display)} 张", f"牌堆里还剩 {game.deck_size} 张")


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
    _quotes(
        SP_EN,
        f"**at least {need} tokens** before you take",
        f"You may hold **at most {most}** reserved cards",
    )
    _quotes(SP_ZH, f"**至少要有 {need} 颗**", f"预留区**最多 {most} 张**")
    _quotes(SP_EN, f"reserve (at most {most} cards)")
    _quotes(SP_ZH, f"预留区（最多 {most} 张）")


def test_sp_t3_sp_g1_sp_g4_limits_and_defaults() -> None:
    v = SPVariant()
    _quotes(
        SP_EN,
        f"at most **{TOKEN_LIMIT} tokens**",
        f"**{END_POINTS} or more points**",
        f"**{END_POINTS} trophy points**",
    )
    _quotes(
        SP_ZH,
        f"最多只能持有 **{TOKEN_LIMIT} 颗**",
        f"**{END_POINTS} 分或以上**",
        f"**{END_POINTS} 分奖杯分数**",
    )
    _quotes(SP_EN, f"after **{v.round_cap} rounds**")
    _quotes(SP_ZH, f"打满 **{v.round_cap} 轮**")
    for path in (SP_EN, SP_ZH):
        _quotes(
            path,
            f'| `supply` | `"{v.supply}"` |',
            f"| `evolution_cost` | `{v.evolution_cost}` |",
            f"| `round_cap` | `{v.round_cap}` |",
        )


def test_hc_c1_the_default_bag() -> None:
    _quotes(
        HC_EN,
        f"these {sum(DEFAULT_BAG.values())} tokens",
        *(f"| {c} | {n} |" for c, n in DEFAULT_BAG.items()),
    )
    _quotes(
        HC_ZH,
        f"这 {sum(DEFAULT_BAG.values())} 枚",
        *(f"| {hc_short_colour_name(c).render('zh')} | {n} |" for c, n in DEFAULT_BAG.items()),
    )
    _quotes(
        HC_EN,
        ", ".join(f"{c} {n}" for c, n in DEFAULT_BAG.items()),
        f"fewer than {DRAWS_PER_ROUND} tokens",
    )
    _quotes(
        HC_ZH,
        "、".join(f"{hc_short_colour_name(c).render('zh')} {n}" for c, n in DEFAULT_BAG.items()),
        f"不到 {DRAWS_PER_ROUND} 枚",
    )


def test_hc_c2_the_60_target_cards_by_kind_colour_and_points() -> None:
    kind_zh = {"gray": "灰色", "purple": "紫色", "orange": "橙色"}
    _quotes(HC_EN, f"**Target cards** (目标卡): {len(TARGETS)} cards")
    _quotes(HC_ZH, f"一共 {len(TARGETS)} 张")
    groups = Counter(
        (t.kind, t.condition.colour, t.points) for t in TARGETS.values() if t.kind != "legend"
    )
    for (kind, colour, points), count in groups.items():
        _quotes(HC_EN, f"| {kind} | {colour} | {count} | {points} |")
        _quotes(HC_ZH, f"| {kind_zh[kind]} | {hc_short_colour_name(colour).render('zh')} | {count} | {points} |")
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
    _quotes(
        HC_EN,
        " ".join(f"{w} token{'s' if w > 1 else ''}" for w in WAVES)
        + f" = {sum(WAVES)} tokens a round",
    )
    _quotes(HC_ZH, " ".join(f"{w} 枚" for w in WAVES) + f" = 每轮 {sum(WAVES)} 枚")
    for i, w in enumerate(WAVES):
        _quotes(
            HC_EN,
            f"wave {i + 1}: {w} token{'s' if w > 1 else ''}"
            + (" " if w > 1 else "  ")
            + f"→ order card {i + 1}",
        )
        _quotes(HC_ZH, f"第{ordinal[i]}波：{w} 枚 → {i + 1} 号顺序卡")
    for hand in range(HAND_SIZE, HAND_SIZE - len(WAVES) + 1, -1):
        _quotes(HC_EN, f"(hand {hand} → {hand - 1})")
        _quotes(HC_ZH, f"（手牌 {hand} → {hand - 1}）")
    _quotes(
        HC_EN,
        f"draws **{HAND_SIZE} target cards**",
        f"deal {HAND_SIZE} cards each",
        "check your 2 cards",
    )
    _quotes(
        HC_ZH, f"摸 **{HAND_SIZE} 张目标卡**", f"每人摸 {HAND_SIZE} 张目标卡", "检查剩下的 2 张"
    )
    assert HAND_SIZE - (len(WAVES) - 1) == 2


def test_hc_c5_players_hc_g2_points_and_hc_r4_vote_defaults() -> None:
    hc_new_game(1)  # solo practice exists
    with pytest.raises(ValueError):
        hc_new_game(5)
    v = HCVariant()
    _quotes(
        HC_EN,
        "**Players:** 2 to 4",
        "1 (solo) to 4",
        f"**{v.win_points} or more points**",
        f"**{v.win_points} points**",
    )
    _quotes(
        HC_ZH,
        "**玩家人数：** 2 到 4 人",
        "1（单人）到 4",
        f"**{v.win_points} 分或以上**",
        f"**{v.win_points} 分**",
    )
    for path in (HC_EN, HC_ZH):
        _quotes(path, f'| `Variant(redraw=...)` | `"{v.redraw}"` | `"leader"` | HC-R4 |')
        _quotes(path, f"| `Variant(win_points=...)` | `{v.win_points}` |")


@pytest.mark.parametrize("trainer", list(TRAINERS.values()), ids=lambda t: t.rule)
def test_hc_t1_to_hc_t4_names_and_limits(trainer) -> None:
    """Each trainer's rule ID, name and use limit in the rulebooks are the engine's."""
    en, zh = _rule_text(HC_EN, trainer.rule), _rule_text(HC_ZH, trainer.rule)
    assert en.startswith(_flat(f"**{trainer.rule}** — **{trainer.name_en}** ({trainer.name('zh')})"))
    assert zh.startswith(_flat(f"**{trainer.rule}** —— **{trainer.name('zh')}："))
    if trainer.per_game:
        assert (trainer.per_game, trainer.per_round) == (1, 0)
        assert "Onceper**game**" in en and "每**局**一次" in zh
    else:
        assert trainer.per_round == 1
        assert "Onceperround" in en and "每轮一次" in zh
    if not trainer.solo:
        _quotes(HC_EN, f"{trainer.name_en} is not dealt in solo mode")
        _quotes(HC_ZH, f"单人模式不发{trainer.name('zh')}")


# --- links: rulebooks <-> lessons, and every relative link resolves --------------------------

_LINK = re.compile(r"\]\(([^)\s]+)\)")
LESSONS = sorted(
    p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts
)


def _markdown(path: Path) -> str:
    if path.suffix != ".ipynb":
        return path.read_text(encoding="utf-8")
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def _anchors(path: Path) -> set[str]:
    return set(re.findall(r'<a id="([^"]+)"></a>', path.read_text(encoding="utf-8")))


def _relative_links(path: Path) -> list[tuple[Path, str]]:
    """(target file, anchor) of every relative link in the markdown of ``path``."""
    links = []
    for target in _LINK.findall(_markdown(path)):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):
            continue
        file, _, anchor = target.partition("#")
        links.append(((path.parent / file).resolve() if file else path.resolve(), anchor))
    return links


GUIDES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


@pytest.mark.parametrize(
    "path", [*BOOKS, *LESSONS, *GUIDES], ids=lambda p: str(p.relative_to(ROOT))
)
def test_every_relative_link_resolves(path: Path) -> None:
    """Links from the rulebooks, the lessons' markdown and the guides lead to a file (and anchor, in docs/rules)."""
    for target, anchor in _relative_links(path):
        assert target.is_file() or target.is_dir(), f"{path.name}: broken link to {target}"
        if anchor and target.parent == RULES:
            assert anchor in _anchors(target), f"{path.name}: no anchor #{anchor} in {target.name}"


def _section_lessons(text: str) -> dict[str, set[str]]:
    """For each ``##`` section of a rulebook (by its anchor): the lesson notebooks it names."""
    sections: dict[str, set[str]] = {}
    for block in re.split(r'(?m)^<a id="(?=[a-z]+"></a>\n\n## )', text)[1:]:
        anchor = block.split('"', 1)[0]
        sections[anchor] = {Path(t).name for t in _LINK.findall(block) if t.endswith(".ipynb")}
    return sections


def _section_of(text: str) -> dict[str, str]:
    """Anchor -> the anchor of the ``##`` section it is in."""
    owner, current = {}, ""
    for match in re.finditer(r'<a id="([^"]+)"></a>\n\n(## )?', text):
        if match.group(2):
            current = match.group(1)
        owner[match.group(1)] = current
    return owner


@pytest.mark.parametrize("book", BOOKS, ids=lambda p: p.name)
def test_rulebook_sections_and_lessons_link_both_ways(book: Path) -> None:
    """A lesson links into a rulebook section exactly when that section names the lesson."""
    text = book.read_text(encoding="utf-8")
    named = {
        (section, lesson)
        for section, lessons in _section_lessons(text).items()
        for lesson in lessons
    }
    owner = _section_of(text)
    linking = {
        (owner[anchor], lesson.name)
        for lesson in LESSONS
        if "exercises" not in lesson.relative_to(ROOT).parts
        for target, anchor in _relative_links(lesson)
        if target == book.resolve() and anchor
    }
    assert named, f"{book.name} names no lesson"
    assert named == linking, (
        f"{book.name}: sections naming a lesson that does not link back: {sorted(named - linking)}; "
        f"lessons linking a section that does not name them: {sorted(linking - named)}"
    )


def test_start_here_links_all_four_rulebooks() -> None:
    links = {target for target, _ in _relative_links(ROOT / "notebooks" / "00-start-here.ipynb")}
    assert {book.resolve() for book in BOOKS} <= links


# --- no path of this machine, and no reference outside the repository ------------------------

_OUTSIDE = [
    "../" + "shared",
    "shared/" + "rules",
    "shared/" + "tools",
    "shared/" + "seeds",
    "/" + "work/",
]
_HOME = re.compile(r"(?<![\w.])/(home|Users|root)/\w")
_DATA = {".csv", ".png", ".jpg", ".svg", ".ico", ".parquet", ".npz", ".db", ".sqlite"}


def _tracked_files() -> list[Path]:
    if (ROOT / ".git").exists():
        listed = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout
        return [ROOT / name for name in listed.split("\0") if name]
    return [
        p for p in ROOT.rglob("*") if p.is_file() and ".venv" not in p.parts
    ]  # pragma: no cover


def test_no_tracked_file_points_outside_the_repository() -> None:
    """The kit stands alone: no path into the rules spec folder beside the checkout and no absolute path of the machine it was written on."""
    parent = str(ROOT.parent).rstrip("/") + "/"
    forbidden = [*_OUTSIDE, *([parent] if parent != "/" else [])]
    found = []
    for path in _tracked_files():
        if path.suffix in _DATA or not path.is_file():
            continue
        raw = path.read_bytes()
        if b"\0" in raw:
            continue
        text = raw.decode("utf-8", errors="replace")
        hits = [word for word in forbidden if word in text] + _HOME.findall(text)
        if hits:
            found.append(f"{path.relative_to(ROOT)}: {sorted(set(hits))}")
    assert not found, "files pointing outside the repository:\n" + "\n".join(found)
