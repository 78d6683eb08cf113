"""Every word the bag explorer shows, in English and Chinese, and the Chinese of the engine's refusals.

>>> EXPLORER_LABELS["zh"]["more"].format(n=100)
'再模拟 100 轮'
>>> zh_reason("the bag holds 8 tokens but a round draws 10: add at least 2 more")
'布袋里只有 8 枚代币，但一轮要抽 10 枚：至少再加 2 枚'
>>> zh_reason("something else")
'输入无效：something else'
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from pokelab.herecomes.bag import COLOUR_ZH, COLOURS

__all__ = ["EXPLORER_LABELS", "zh_reason"]

EXPLORER_LABELS: Mapping[str, Mapping[str, str]] = {
    "en": {
        "title": "Bag explorer",
        "intro": "Change the bag and the number of draws: the exact distribution and a simulation follow.",
        "bag": "Bag",
        "count_of": "{colour} tokens in the bag",
        "draws": "Tokens drawn",
        "colour": "Count the colour",
        "total": "{n} tokens in the bag",
        "more": "Draw {n} more rounds",
        "reset": "Start the simulation again",
        "rounds": "Simulated rounds: {n}",
        "exact_mean": "Exact mean: {draws} × {k}/{total} = {mean} ≈ {value}",
        "sim_mean": "Simulated mean: {value}",
        "sim_none": "No simulated round yet.",
        "k": "{colour} drawn",
        "p_exact": "exact chance",
        "p_sim": "share of simulated rounds",
        "table": "The distribution as numbers",
        "fig_title": "How many {colour} in {draws} draws: exact and {n} simulated rounds",
        "x": "number of {colour} tokens drawn",
        "y": "chance / share of rounds",
        "exact": "exact",
        "simulated": "simulated",
        "mean_exact": "exact mean {value}",
        "mean_sim": "simulated mean {value}",
        "plotly_failed": "The plot could not be drawn: {error}",
        "error": "Not possible",
    },
    "zh": {
        "title": "布袋探索器",
        "intro": "改变布袋里的代币和抽取数：确切分布和模拟结果会一起变化。",
        "bag": "布袋",
        "count_of": "布袋里的{colour}色代币",
        "draws": "抽出的代币数",
        "colour": "统计的颜色",
        "total": "布袋里共 {n} 枚代币",
        "more": "再模拟 {n} 轮",
        "reset": "重新开始模拟",
        "rounds": "已模拟的轮数：{n}",
        "exact_mean": "确切均值：{draws} × {k}/{total} = {mean} ≈ {value}",
        "sim_mean": "模拟均值：{value}",
        "sim_none": "还没有模拟的轮。",
        "k": "抽出的{colour}色",
        "p_exact": "确切概率",
        "p_sim": "模拟轮数占比",
        "table": "分布的数值",
        "fig_title": "抽 {draws} 枚中有几枚{colour}色：确切值与 {n} 轮模拟",
        "x": "抽出的{colour}色代币数",
        "y": "概率 / 轮数占比",
        "exact": "确切",
        "simulated": "模拟",
        "mean_exact": "确切均值 {value}",
        "mean_sim": "模拟均值 {value}",
        "plotly_failed": "无法画出图表：{error}",
        "error": "做不到",
    },
}


def zh_reason(en: str) -> str:
    """A Chinese reason for the common refusals of a bag or a number of draws (else the English after a prefix)."""
    m = re.match(r"the bag holds (\d+) tokens but a round draws (\d+): add at least (\d+) more", en)
    if m:
        return f"布袋里只有 {m[1]} 枚代币，但一轮要抽 {m[2]} 枚：至少再加 {m[3]} 枚"
    m = re.match(r"the count of (\w+) cannot be negative", en)
    if m:
        return f"{COLOUR_ZH[m[1]] if m[1] in COLOURS else m[1]}色代币的数量不能是负数"
    m = re.match(r"the count of (\w+) must be a whole number", en)
    if m:
        return f"{COLOUR_ZH[m[1]] if m[1] in COLOURS else m[1]}色代币的数量必须是整数"
    m = re.match(r"unknown token colour ('[^']*'|\S+)", en)
    if m:
        return f"未知的代币颜色 {m[1]}；颜色有{'、'.join(COLOUR_ZH[c] for c in COLOURS)}"
    m = re.match(r"a bag holds at most (\d+) tokens of a colour", en)
    if m:
        return f"布袋里每种颜色最多 {m[1]} 枚代币"
    if en.startswith("draws must be"):
        return "抽取数必须是至少为 1 的整数"
    if en.startswith("n must be"):
        return "模拟的轮数必须是至少为 1 的整数"
    return f"输入无效：{en}"
