"""Exercises of the Splendor: Pokémon lessons (10–15): answers computed from the engine and the shipped data."""

from __future__ import annotations

from functools import cache
from typing import Any

import pokelab.splendor as sp
from pokelab.course._build import board, choice, number, value
from pokelab.course.registry import Option
from pokelab.sim import play
from pokelab.sim.balance import load

L10 = "splendor/10-components-and-setup.ipynb"
L11 = "splendor/11-taking-tokens.ipynb"
L12 = "splendor/12-reserve-catch-discounts.ipynb"
L13 = "splendor/13-evolution-and-the-end.ipynb"
L14 = "splendor/14-full-game-vs-bots.ipynb"
L15 = "splendor/15-strategy-lab.ipynb"


def _sp() -> Any:
    return sp


def _rule_of(state: Any, move: str) -> str:
    sp = _sp()
    try:
        sp.apply(state, sp.parse_action(move))
    except sp.IllegalAction as err:
        return err.rule
    return "allowed"


# -- 10 components -------------------------------------------------------------------------------

number("10-1", L10, "How many legendary cards are in the game?", "游戏里有几张传说卡？",
       lambda p: sum(c.tier == "legendary" for c in _sp().CARDS.values()),
       ["Filter the table: cards[cards['tier'] == 'legendary'].", "Count the rows."],
       ["筛选表格：cards[cards['tier'] == 'legendary']。", "数一数有几行。"])


def _top_cards(_: Any) -> set[tuple[int, str]]:
    cards = _sp().CARDS.values()
    best = max(c.points for c in cards)
    return {(c.points, c.tier) for c in cards if c.points == best}


value("10-2", L10, "What is the highest number of points on any card, and which tier has it? Answer a pair like (5, 'rare').",
      "卡上最高的分数是多少？是哪个等级的卡？用 (5, '稀有') 或 (5, 'rare') 这样的一对来回答。", _top_cards,
      ["Sort the table by points.", "Look at the first row's points and tier."],
      ["按分数给表格排序。", "看第一行的分数和等级。"], member=True)
number("10-3", L10, "How many tokens are in the supply at the start of a two-player game, Master Balls included?",
       "两人游戏开始时，供应堆一共有多少个代币（包括万能大师球）？",
       lambda p: sum(_sp().new_game(["A", "B"], seed=2).sup),
       ["Add up the supply dictionary."], ["把供应堆字典里的数加起来。"])

# -- 11 taking tokens ----------------------------------------------------------------------------


def _lesson11() -> Any:
    return _sp().scenario(2, tokens={0: {"red": 4, "blue": 3, "green": 2}, 1: {"yellow": 4}}, seed=1)


number("11-1", L11, "In a brand-new game (all piles full), how many different TakeDifferent moves are there?",
       "在一局新游戏里（每堆都是满的），一共有多少种不同的 TakeDifferent 走法？",
       lambda p: sum(str(a).startswith("TakeDifferent") for a in _sp().legal_actions(_sp().scenario(2, seed=3))),
       ["Choose 3 colours out of 5; order does not matter.", "math.comb(5, 3)"],
       ["从 5 种颜色里选 3 种，不计顺序。", "math.comb(5, 3)"])
value("11-2", L11, "In the lesson's position, is TakeSame(blue) allowed? Answer True or False.",
      "在本课的局面里，可以 TakeSame(blue) 吗？回答 True 或 False。",
      lambda p: "TakeSame(blue)" in [str(a) for a in _sp().legal_actions(_lesson11())],
      ["How many blue tokens are in the supply?", "TakeSame needs at least 4 in the pile before taking."],
      ["供应堆里有几个蓝色代币？", "拿两个同色需要那一堆在拿之前至少有 4 个。"])
value("11-3", L11, "Which rule ID forbids taking two Master Balls? (a string like 'SP-A1')",
      "哪条规则禁止拿两个万能大师球？（像 'SP-A1' 这样的字符串）",
      lambda p: _rule_of(_lesson11(), "TakeSame(master)"),
      ["Run attempt(state, 'TakeSame(master)') and read the rule ID it prints."],
      ["运行 attempt(state, 'TakeSame(master)')，读出它打印的规则编号。"])


def _ten_tokens(state: Any, p: Any) -> list[tuple[str, str]]:
    held = sum(state.players[0].tok)
    missing = []
    if held != 10:
        missing.append((f"seat 0 holds {held} tokens, not 10", f"0 号座位有 {held} 个代币，不是 10 个"))
    if state.current_player == 0:
        missing.append(("seat 0's turn is not over yet (take tokens, then give back the extras)",
                        "0 号座位的回合还没结束（先拿代币，再退回多出的）"))
    return missing


board("11-4", L11, "On the board, take three different colours and give back what is over the limit, so that your turn "
      "ends with exactly 10 tokens.", "在棋盘上拿三种不同颜色的代币，再退回超出上限的部分，让你的回合结束时正好有 10 个代币。",
      _ten_tokens, ["You hold 9: three more make 12, so two go back (SP-T3)."],
      ["你有 9 个：再拿 3 个就是 12 个，所以要退回 2 个（SP-T3）。"])

# -- 12 reserving, catching, discounts -----------------------------------------------------------


def _lesson12() -> Any:
    sp = _sp()
    ids = [sp.card_by_name(n).id for n in ("Vulpix", "Ninetales", "Magmar", "Charmeleon")]
    return sp.scenario(2, tokens={0: {"blue": 3, "green": 3, "yellow": 3, "red": 1}}, captured={0: ["Charmander"]},
                       display=ids, seed=1)


def _effective(card: str) -> dict[str, int]:
    view = _sp().observe(_lesson12(), 0)
    return next(c for c in view["display"] if c["name_en"] == card)["effective_cost"]


number("12-1", L12, "With the Charmander discount, what is the effective red cost of Ninetales for you?",
       "有了小火龙的折扣，九尾对你来说实际要花几个红色代币？", lambda p: _effective("Ninetales")["red"],
       ["Look at Ninetales' printed red cost.", "Subtract one for each red-discount card you hold."],
       ["看九尾印着的红色花费。", "你每有一张红色折扣卡就减一。"])
value("12-2", L12, "Which rule ID stops you from reserving Magmar? (for example 'SP-A4')",
      "哪条规则让你不能锁定鸭嘴火兽？（例如 'SP-A4'）",
      lambda p: _rule_of(_lesson12(), f"Reserve({_sp().card_by_name('Magmar').id})"),
      ["Run attempt(state, f\"Reserve({ids['Magmar']})\") and read the rule ID."],
      ["运行 attempt(state, f\"Reserve({ids['Magmar']})\")，读出规则编号。"])


def _after_vulpix(_: Any) -> int:
    sp = _sp()
    later = sp.scenario(2, tokens={0: {"blue": 3, "green": 3, "yellow": 3, "master": 1}}, captured={0: ["Charmander"]},
                        reserved={0: ["Vulpix"]}, seed=1)
    return sum(sp.apply(later, sp.parse_action(f"Catch({sp.card_by_name('Vulpix').id})")).players[0].tok)


number("12-3", L12, "After catching Vulpix from the reserve, how many tokens does seat 0 hold in all?",
       "从预留区捕捉六尾之后，0 号座位一共还有多少个代币？", _after_vulpix,
       ["Add up tokens(after)."], ["把 tokens(after) 里的数加起来。"])


def _caught(card: str) -> Any:
    def goal(state: Any, p: Any) -> list[tuple[str, str]]:
        sp = _sp()
        wanted = sp.card_by_name(card)
        if wanted.id in state.players[0].captured:
            return []
        return [(f"{wanted.name_en} is not in seat 0's collection yet", f"{wanted.name_zh} 还不在 0 号座位的收藏里")]

    return goal


board("12-4", L12, "On the board, catch Ninetales for seat 0.", "在棋盘上为 0 号座位捕捉九尾。", _caught("Ninetales"),
      ["Click Ninetales in the display, then Catch: your discount makes it affordable."],
      ["点展示区里的九尾，再点捕捉：你的折扣让你付得起。"])

# -- 13 evolution and the end --------------------------------------------------------------------


def _lesson13() -> Any:
    return _sp().scenario(["Ash", "Misty"], tokens={0: {"blue": 3, "green": 3}},
                          captured={0: ["Charmander", "Vulpix", "Charizard", "Blastoise", "Venusaur", "Magmar", "Lapras"],
                                    1: ["Squirtle"]},
                          display=["Charmeleon", "Pikachu", "Ninetales", "Wartortle"], seed=1)


def _evolve(state: Any, old: str, new: str) -> Any:
    sp = _sp()
    return sp.apply(state, sp.parse_action(f"Evolve({sp.card_by_name(old).id}, {sp.card_by_name(new).id})"))


number("13-1", L13, "How many points does Charizard give?", "喷火龙给几分？",
       lambda p: _sp().card_by_name("Charizard").points, ["Look at the family table above."], ["看上面的家族表。"])
number("13-2", L13, "After Ash's evolution, how many Pokémon in Ash's collection are evolved (stage 1 or more)?",
       "小智进化之后，他的收藏里有几只是进化过的宝可梦（阶段 1 或以上）？",
       lambda p: sum(_sp().CARDS[c].stage >= 1 for c in _evolve(_lesson13(), "Charmander", "Charmeleon").players[0].captured),
       ["List evolved.players[0].captured.", "Count the cards whose stage is 1 or 2."],
       ["列出 evolved.players[0].captured。", "数一数阶段是 1 或 2 的卡。"])


def _winner13(_: Any) -> int:
    sp = _sp()
    state = _evolve(_lesson13(), "Charmander", "Charmeleon")
    state = sp.apply(state, sp.parse_action("TakeDifferent(red, yellow, black)"))
    state = _evolve(state, "Squirtle", "Wartortle")
    state = sp.apply(state, sp.parse_action("TakeDifferent(red, yellow, black)"))
    return sp.result(state).winners[0]


number("13-3", L13, "Who wins the finished game? Give the seat number.", "谁赢了这局？写座位号。", _winner13,
       ["result(final).winners"], ["result(final).winners"])


def _eighteen(state: Any, p: Any) -> list[tuple[str, str]]:
    points = _sp().scores(state)[0]
    if points >= 18:
        return []
    return [(f"Ash has {points} points; the end needs 18", f"小智有 {points} 分；结束需要 18 分")]


board("13-4", L13, "On the board, bring Ash to 18 points this turn.", "在棋盘上让小智在这个回合达到 18 分。", _eighteen,
      ["An evolution is free and its points count at once (SP-E2)."], ["进化不花代币，新卡的分数立刻算上（SP-E2）。"])

# -- 14 a full game ------------------------------------------------------------------------------


@cache
def _bot_game(seed: int) -> Any:
    return play("splendor", ["greedy", "mcts-easy"], seed=seed)


number("14-1", L14, "In the bots' game (greedy against mcts-easy, seed 3), how many points did the winner score?",
       "在电脑的对局里（greedy 对 mcts-easy，种子 3），赢家得了几分？", lambda p: max(_bot_game(3).scores),
       ["record.scores holds both scores.", "Take the larger one."], ["record.scores 里有两个分数。", "取大的那个。"])
number("14-2", L14, "How many actions were played in that game? (Each take, catch, reserve, evolve or return counts.)",
       "那一局一共走了多少步？（每次拿取、捕捉、锁定、进化或退回都算一步。）", lambda p: len(_bot_game(3).actions),
       ["record.actions lists them.", "len(...)"], ["record.actions 列出了每一步。", "len(...)"])

# -- 15 the strategy lab -------------------------------------------------------------------------


def _summary() -> dict[str, Any]:
    return load("splendor_summary")


def _first_player_options() -> tuple[Option, ...]:
    fpa = _summary()["first_player_advantage"]
    fair = fpa["ci_low"] <= 0.5 <= fpa["ci_high"]
    return (
        Option("a", "The first player wins more often: the win rate is above 1/2.", "先手赢得更多：胜率高于 1/2。",
               correct=not fair and fpa["win_rate"] > 0.5,
               why="a rate a little above 1/2 proves nothing while its interval still contains 1/2 (ignoring the interval)",
               why_zh="区间还包含 1/2 时，胜率略高于 1/2 什么也证明不了（忽略了置信区间）"),
        Option("b", "These games show no first-player advantage: the interval contains 1/2.",
               "这些对局看不出先手优势：区间包含 1/2。", correct=fair,
               why=("the interval contains 1/2: a rate this close to 1/2 is what chance alone gives in this many games"
                    if fair else "the interval excludes 1/2, so the games do show a difference"),
               why_zh=("区间包含 1/2：对局只有这么多时，这样接近 1/2 的胜率单靠运气就会出现"
                       if fair else "区间不包含 1/2，所以这些对局确实显示了差别")),
        Option("c", "The first player has no advantage at all, exactly 1/2.", "先手完全没有优势，正好 1/2。",
               why="an interval that contains 1/2 cannot prove exactly 1/2 (no evidence of a difference is not evidence of none)",
               why_zh="包含 1/2 的区间并不能证明正好是 1/2（没发现差别不等于证明没有差别）"),
    )


choice("15-1", L15, "The shipped experiment gives the first player's win rate with a 95% interval. What does it show?",
       "随课程附带的实验给出了先手胜率和 95% 置信区间。它说明了什么？", _first_player_options())
number("15-2", L15, "In the shipped experiment, in what share of the games did the first player win (a decimal, within 0.005)?",
       "在附带的实验里，先手赢了多大比例的对局？（小数，误差 0.005 以内）",
       lambda p: _summary()["first_player_advantage"]["win_rate"],
       ["summary['first_player_advantage'] holds it.", "Look at 'win_rate'."],
       ["summary['first_player_advantage'] 里有。", "看 'win_rate'。"], tolerance=0.005)
choice("15-3", L15, "A 10-game match between greedy and mcts-easy ends 5–5. What can you conclude?",
       "greedy 和 mcts-easy 下了 10 局，结果 5 比 5。你能得出什么结论？", (
           Option("a", "The two bots are equally strong.", "两个电脑一样强。",
                  why="ten games are far too few: a level score is likely even between unequal bots (small samples)",
                  why_zh="十局太少了：即使强弱不同，打平也很常见（样本太小）"),
           Option("b", "Nothing yet: the interval of a 10-game match is too wide to tell them apart.",
                  "还不能下结论：10 局的置信区间太宽，分不出强弱。", correct=True,
                  why="The 400-game ladder is the evidence to read.", why_zh="要看每级 400 局的天梯数据。"),
           Option("c", "The match was pure luck, so skill does not matter in Splendor.", "这场比赛全靠运气，所以璀璨宝石不靠技术。",
                  why="luck in a short match does not mean the game has no skill: long matches separate the bots",
                  why_zh="短比赛里的运气不代表游戏不需要技术：长比赛能分出强弱"),
       ))
