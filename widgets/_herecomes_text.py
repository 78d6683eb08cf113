"""Every word the Here Comes Pokémon! board shows, in English and Chinese.

The front end receives ``labels(lang)`` inside its view (``view["labels"]``) and
fills the ``{placeholders}`` itself; the board's Python takes its log lines from
here too. Card names, trainer texts and rule reasons come from the engine's
card data; everything else the board says lives in this one place, and a test
checks both languages have the same keys.

>>> labels("zh")["you_lead"]
'你是领队。'
>>> labels("en")["draw_wave"].format(wave=2, n=3)
'Draw wave 2 (3 tokens)'
>>> labels("en")["colour"]["purple"], labels("zh")["colour"]["purple"]
('purple', '紫色')
>>> labels("de")
Traceback (most recent call last):
...
ValueError: unknown language 'de': choose 'en' or 'zh'
"""

from __future__ import annotations

from typing import Any

from pokelab.errors import check_lang
from pokelab.herecomes.bag import COLOUR_ZH, COLOURS

TEXT: dict[str, dict[str, Any]] = {
    "en": {
        "title": "Here Comes Pokémon!",
        "status": "Round {round} · Wave {wave} · {phase}",
        "leader": "Leader",
        "you": "you",
        "you_name": "You",
        "bag": "The bag",
        "left": "left",
        "order_card": "Order card",
        "your_hand": "Your hand",
        "turn_of_seat": "{name}'s turn (seat {seat})",
        "pass_to": "Pass the device to {name} — tap to show your hand",
        "show_hand": "Show {name}'s hand",
        "hand_hidden": "{name}'s hand stays hidden until they tap.",
        "table_code": "Table {code}",
        "table_seat": "You play seat {seat}: {name}",
        "table_token": "Your seat token (to rejoin on any device): {token}",
        "table_waiting": "Waiting for {name} (seat {seat})…",
        "table_undo_asked": "{name} asks to undo the last move.",
        "table_undo_yes": "Allow undo",
        "table_undo_no": "Refuse",
        "table_undo_waiting": "Undo asked: waiting for the other players to agree.",
        "table_to_bot": "Let a bot play seat {seat} ({name})",
        "table_moved": "{name} moved",
        "odds": "Odds of your hand",
        "odds_hint": "Exact chance each card is achieved, given the tokens shown; the faint bar is the previous wave.",
        "show_odds": "odds",
        "advisor": "advisor",
        "mc": "Monte Carlo",
        "undo": "Undo",
        "new_game": "New game",
        "retry": "Let the bots try again",
        "bot_failed": "A bot failed",
        "lang_en": "EN",
        "lang_zh": "中文",
        "draw_wave": "Draw wave {wave} ({n} tokens)",
        "draw_wave_1": "Draw wave {wave} (1 token)",
        "draw_redraw": "Draw a new token for order card 4",
        "you_lead": "You are the leader.",
        "bot_draws": "{who} (leader) is drawing wave {wave}…",
        "bot_redraws": "{who} (leader) is drawing a new token for order card 4…",
        "choose_discard": "Wave {wave} is out. Choose one card to discard face down.",
        "waiting_for": "Waiting for {names}.",
        "list_sep": ", ",
        "you_discarded": "You have chosen your discard.",
        "vote": "All 10 tokens are out. Put the token on order card 4 back and draw again?",
        "vote_all": "The redraw happens only if every player agrees (HC-R4).",
        "vote_leader": "The leader's vote decides (variant).",
        "yes": "Yes, redraw",
        "no": "No, keep it",
        "you_voted_for": "You voted for the redraw.",
        "you_voted_against": "You voted against the redraw.",
        "keep_two": "Both your cards are achieved! Keep one to score (HC-R6).",
        "keep": "Keep",
        "discard": "Discard",
        "set_aside": "Misty: set aside",
        "over": "Game over.",
        "winners": "Winner: {names}",
        "by_legend": "a legend card won the game (HC-G1)",
        "points": "pts",
        "point": "pt",
        "hand_size": "{n} cards in hand",
        "chosen": "has chosen",
        "thinking": "to choose",
        "trainer": "Trainer",
        "used_round": "used this round",
        "used_game": "used this game",
        "summary": "Round {round}: what happened",
        "tokens": "Final tokens",
        "returned": "returned to the bag",
        "kept": "scores",
        "gained": "+{n} points",
        "nothing": "no card scored",
        "advice": "Advisor",
        "best": "best",
        "cost": "costs",
        "expected": "expected points this round",
        "advice_discard": "Discard {card}: {value} expected points this round.",
        "advice_vote_yes": "Vote yes: a redraw adds {gain} expected points for you.",
        "advice_vote_no": "Vote no: a redraw would change your expected points by {gain}.",
        "advice_keep": "Keep {card}: it is worth more.",
        "hand_ev": "Your two cards are worth {value} expected points this round (at most one scores).",
        "teacher": "Teacher view",
        "hand": "hand",
        "pending_choice": "face-down choice",
        "pending": {
            "discard": "discard",
            "extra_discard": "extra discard",
            "vote": "vote",
            "keep": "keep",
        },
        "reason": "last decision",
        "odds_then": "chances then",
        "log": "Move log",
        "announce": "{who}: {text}",  # the live region read by screen readers
        "live_region": "Moves, read aloud",
        "seen": "You looked at",
        "rule": "Rule",
        "loading": "loading plotly…",
        "plotly_failed": "plotly could not load: {error}",
        "none": "—",
        "phase": {
            "draw": "drawing",
            "discard": "discarding",
            "vote": "redraw vote",
            "redraw": "redrawing",
            "keep": "keeping",
            "over": "over",
        },
        "legend_note": "legend: worth a win (10)",
        "last_is": "last token {colour}",
        "never": "no {colour}",
        "all": "all {n} {colour}",
        "colour": {c: c for c in COLOURS},
        # log lines (Python)
        "log_wave": "{who} draws wave {wave}: {tokens}",
        "log_wave_you": "{who} draw wave {wave}: {tokens}",
        "log_redraw": "{who} draws a new token for order card 4: {tokens}",
        "log_redraw_you": "{who} draw a new token for order card 4: {tokens}",
    },
    "zh": {
        "title": "来啦！宝可梦",
        "status": "第 {round} 轮 · 第 {wave} 波 · {phase}",
        "leader": "领队",
        "you": "你",
        "you_name": "你",
        "bag": "布袋",
        "left": "枚剩余",
        "order_card": "顺序卡",
        "your_hand": "你的手牌",
        "turn_of_seat": "轮到 {name}（座位 {seat}）",
        "pass_to": "请把设备交给 {name} —— 点按显示你的手牌",
        "show_hand": "显示 {name} 的手牌",
        "hand_hidden": "{name} 的手牌已遮住，本人点按后才显示。",
        "table_code": "游戏桌 {code}",
        "table_seat": "你坐在座位 {seat}：{name}",
        "table_token": "你的座位口令（可在任何设备上重新加入）：{token}",
        "table_waiting": "等待 {name}（座位 {seat}）…",
        "table_undo_asked": "{name} 请求撤销上一步。",
        "table_undo_yes": "同意撤销",
        "table_undo_no": "拒绝",
        "table_undo_waiting": "已请求撤销：等待其他玩家同意。",
        "table_to_bot": "让电脑接替座位 {seat}（{name}）",
        "table_moved": "{name} 已行动",
        "odds": "手牌的概率",
        "odds_hint": "根据已抽出的代币，每张卡达成的精确概率；浅色条是上一波的数值。",
        "show_odds": "概率",
        "advisor": "参谋",
        "mc": "蒙特卡洛",
        "undo": "撤销",
        "new_game": "新游戏",
        "retry": "让电脑再试一次",
        "bot_failed": "电脑出错了",
        "lang_en": "EN",
        "lang_zh": "中文",
        "draw_wave": "抽第 {wave} 波（{n} 枚）",
        "draw_wave_1": "抽第 {wave} 波（1 枚）",
        "draw_redraw": "为 4 号顺序卡重新抽 1 枚",
        "you_lead": "你是领队。",
        "bot_draws": "{who}（领队）正在抽第 {wave} 波……",
        "bot_redraws": "{who}（领队）正在为 4 号顺序卡重新抽代币……",
        "choose_discard": "第 {wave} 波已抽出。请面朝下弃掉 1 张牌。",
        "waiting_for": "等待 {names}。",
        "list_sep": "、",
        "you_discarded": "你已选好要弃的牌。",
        "vote": "10 枚代币都已抽出。要把 4 号顺序卡上的代币放回布袋重抽吗？",
        "vote_all": "只有所有玩家都同意才会重抽（HC-R4）。",
        "vote_leader": "由领队决定（变体规则）。",
        "yes": "同意重抽",
        "no": "不重抽",
        "you_voted_for": "你同意重抽。",
        "you_voted_against": "你不同意重抽。",
        "keep_two": "两张卡都达成了！请保留一张计分（HC-R6）。",
        "keep": "保留",
        "discard": "弃掉",
        "set_aside": "小霞：额外弃牌",
        "over": "游戏结束。",
        "winners": "获胜：{names}",
        "by_legend": "梦幻/超梦卡直接获胜（HC-G1）",
        "points": "分",
        "point": "分",
        "hand_size": "手牌 {n} 张",
        "chosen": "已选择",
        "thinking": "待选择",
        "trainer": "训练师",
        "used_round": "本轮已用",
        "used_game": "本局已用",
        "summary": "第 {round} 轮回顾",
        "tokens": "最终代币",
        "returned": "放回布袋",
        "kept": "计分",
        "gained": "+{n} 分",
        "nothing": "没有卡计分",
        "advice": "参谋",
        "best": "最佳",
        "cost": "损失",
        "expected": "本轮期望分",
        "advice_discard": "弃掉 {card}：本轮期望 {value} 分。",
        "advice_vote_yes": "投同意：重抽让你的期望分增加 {gain}。",
        "advice_vote_no": "投不同意：重抽会让你的期望分变化 {gain}。",
        "advice_keep": "保留 {card}：它的分数更高。",
        "hand_ev": "你的两张卡本轮期望得 {value} 分（最多一张计分）。",
        "teacher": "教师视图",
        "hand": "手牌",
        "pending_choice": "面朝下的选择",
        "pending": {
            "discard": "弃牌",
            "extra_discard": "额外弃牌",
            "vote": "投票",
            "keep": "计分卡",
        },
        "reason": "最近的决定",
        "odds_then": "当时的概率",
        "log": "行动记录",
        "announce": "{who}：{text}",
        "live_region": "行动播报",
        "seen": "你查看过",
        "rule": "规则",
        "loading": "正在加载 plotly……",
        "plotly_failed": "plotly 无法加载：{error}",
        "none": "—",
        "phase": {
            "draw": "抽代币",
            "discard": "弃牌",
            "vote": "重抽投票",
            "redraw": "重抽",
            "keep": "选择计分卡",
            "over": "结束",
        },
        "legend_note": "梦幻/超梦卡：相当于获胜（10）",
        "last_is": "最后一枚{colour}",
        "never": "没有{colour}",
        "all": "{n} 枚{colour}全部抽出",
        "colour": {c: f"{COLOUR_ZH[c]}色" for c in COLOURS},  # the engine's Chinese colour names
        # log lines (Python)
        "log_wave": "{who} 抽出第 {wave} 波：{tokens}",
        "log_wave_you": "{who} 抽出第 {wave} 波：{tokens}",
        "log_redraw": "{who} 为 4 号顺序卡重新抽出：{tokens}",
        "log_redraw_you": "{who} 为 4 号顺序卡重新抽出：{tokens}",
    },
}


def labels(lang: str) -> dict[str, Any]:
    """The board's words in ``lang`` (``"en"`` or ``"zh"``), as a fresh JSON-safe dict."""
    table = TEXT[check_lang(lang)]
    return {k: dict(v) if isinstance(v, dict) else v for k, v in table.items()}


def say(key: str, lang: str, **values: Any) -> str:
    """One label of ``lang`` with its ``{placeholders}`` filled.

    >>> say("log_wave", "zh", who="小智", wave=1, tokens="红色、蓝色")
    '小智 抽出第 1 波：红色、蓝色'
    >>> say("no_such_key", "en")
    Traceback (most recent call last):
    ...
    KeyError: 'no_such_key'
    """
    return str(TEXT[check_lang(lang)][key]).format(**values)
