"""Every word the Splendor board shows, in English and Chinese.

The front end receives ``labels(lang)`` inside its view, so all user-facing text
lives here, in one place, and a test checks both languages have the same keys.

>>> labels("zh")["your_turn"]
'轮到你了'
>>> labels("en")["colour"]["master"]
'Master Ball'
>>> labels("de")
Traceback (most recent call last):
...
ValueError: unknown language 'de': choose 'en' or 'zh'
"""

from __future__ import annotations

from typing import Any

from pokelab.errors import check_lang
from pokelab.splendor.cards import COLOUR_ZH
from widgets._splendor_coach_text import COACH_TEXT

TEXT: dict[str, dict[str, Any]] = {
    "en": {
        "title": "Splendor: Pokémon",
        "round": "Round {n}",
        "last_round": "last round!",
        "your_turn": "Your turn",
        "turn_of": "{name}'s turn",
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
        "thinking": "{name} is thinking…",
        "game_over": "Game over",
        "winner": "{names} wins!",
        "won_badge": "★ Winner",
        "winners": "Shared victory: {names}",
        "stalled": "The game stalled (round cap): no winner",
        "deck": "Deck",
        "cards_left": "{n} cards",
        "display": "Display (wild Pokémon)",
        "supply": "Supply",
        "pick_hint": "Click balls in the supply to pick tokens: 3 different colours, or 2 of one colour.",
        "picked": "Picked",
        "take": "Take tokens",
        "clear": "Clear",
        "catch": "Catch",
        "reserve": "Reserve",
        "evolve_from": "Evolve {base} → {into}",
        "cost": "Cost",
        "you_pay": "You pay",
        "free": "free",
        "affordable": "You can catch this",
        "not_affordable": "Not enough tokens yet",
        "rare_needs_master": "Rare and legendary cards need a Master Ball",
        "close": "Close",
        "end_turn": "End turn",
        "pass": "Pass",
        "after_main": "Main action done — evolve a Pokémon or end your turn.",
        "return_hint": "You hold more than 10 tokens: choose {n} to return.",
        "return": "Return tokens",
        "undo": "Undo",
        "new_game": "New game",
        "seed": "Seed",
        "log": "Moves",
        "announce": "{who}: {text}",  # the live region read by screen readers
        "live_region": "Moves, read aloud",
        "no_moves": "No moves yet.",
        "points": "pts",
        "tokens": "Tokens",
        "discounts": "Discounts",
        "captured": "Caught",
        "reserved": "Reserved",
        "none": "—",
        "you": "you",
        "bot": "bot",
        "rule": "Rule",
        "problem": "Not understood",
        "retry": "Let the bots try again",
        "bot_failed": "A bot failed",
        "goal": "First to {n} points ends the game at the round's end.",
        "stage": {"0": "Basic", "1": "Stage 1", "2": "Stage 2"},
        "tier": {"normal": "Normal", "rare": "Rare", "legendary": "Legendary"},
        "colour": {
            "red": "red",
            "blue": "blue",
            "green": "green",
            "yellow": "yellow",
            "black": "black",
            "master": "Master Ball",
        },
        "lang_switch": "中文",
        "coach": COACH_TEXT["en"],  # the coach panel (widgets/js/splendor/coach/)
    },
    "zh": {
        "title": "璀璨宝石：宝可梦",
        "round": "第 {n} 轮",
        "last_round": "最后一轮！",
        "your_turn": "轮到你了",
        "turn_of": "轮到 {name}",
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
        "thinking": "{name} 正在思考……",
        "game_over": "游戏结束",
        "winner": "{names} 获胜！",
        "won_badge": "★ 获胜",
        "winners": "共同获胜：{names}",
        "stalled": "对局陷入僵局（达到回合上限）：没有胜者",
        "deck": "牌堆",
        "cards_left": "{n} 张",
        "display": "展示区（野生宝可梦）",
        "supply": "供应堆",
        "pick_hint": "点击供应堆的精灵球来挑选：3 种不同颜色各 1 颗，或同色 2 颗。",
        "picked": "已选",
        "take": "拿取精灵球",
        "clear": "清除",
        "catch": "捕捉",
        "reserve": "锁定",
        "evolve_from": "进化 {base} → {into}",
        "cost": "费用",
        "you_pay": "你需支付",
        "free": "免费",
        "affordable": "你可以捕捉它",
        "not_affordable": "精灵球还不够",
        "rare_needs_master": "稀有和传说卡需要至少 1 颗万能大师球",
        "close": "关闭",
        "end_turn": "结束回合",
        "pass": "跳过",
        "after_main": "主要行动已完成——可以进化一只宝可梦，或结束回合。",
        "return_hint": "你持有超过 10 颗精灵球：请选择 {n} 颗归还。",
        "return": "归还精灵球",
        "undo": "撤销",
        "new_game": "新游戏",
        "seed": "种子",
        "log": "行动记录",
        "announce": "{who}：{text}",
        "live_region": "行动播报",
        "no_moves": "还没有行动。",
        "points": "分",
        "tokens": "精灵球",
        "discounts": "折扣",
        "captured": "已捕捉",
        "reserved": "已锁定",
        "none": "—",
        "you": "你",
        "bot": "电脑",
        "rule": "规则",
        "problem": "无法识别",
        "retry": "让电脑再试一次",
        "bot_failed": "电脑出错了",
        "goal": "有人达到 {n} 分后，本轮结束时游戏结束。",
        "stage": {"0": "基础", "1": "1 阶", "2": "2 阶"},
        "tier": {"normal": "普通", "rare": "稀有", "legendary": "传说"},
        "colour": dict(COLOUR_ZH),  # the engine's Chinese colour names
        "lang_switch": "English",
        "coach": COACH_TEXT["zh"],
    },
}


def labels(lang: str) -> dict[str, Any]:
    """The board's words in ``lang`` (``"en"`` or ``"zh"``), as a fresh JSON-safe dict."""
    table = TEXT[check_lang(lang)]
    return {k: dict(v) if isinstance(v, dict) else v for k, v in table.items()}
