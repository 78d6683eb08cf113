"""Colour is never the only cue (issue 22): the palette the CSS actually uses, under colour blindness.

The colour-vision test reads the token colours out of the boards' CSS files
(light block and dark-theme block), simulates deuteranopia, protanopia and
tritanopia (Machado 2009, ``widgets.cvd``) and demands, for every pair of a
game's token colours, a CIE76 ΔE of at least 20 or different symbols. The
palette is also held to the stricter goal that every pair separates by colour
alone, so the symbols are a second cue, not the only one.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from pokelab.herecomes.pieces import COLOURS as HC_COLOURS
from pokelab.splendor.cards import TOKEN_COLOURS as SP_COLOURS
from widgets import cvd
from widgets.herecomes.board import HereComesBoard
from widgets.splendor.board import SplendorBoard
from widgets.tokens import TOKENS, css_variables, mark_svg, token_html, view_marks

WIDGETS = Path(cvd.__file__).parent
CSS = {"splendor": (WIDGETS / "splendor.css", "pk"), "herecomes": (WIDGETS / "herecomes_board.css", "hc")}
GAMES = {"splendor": SP_COLOURS, "herecomes": HC_COLOURS}
MIN_DELTA_E = 20.0
_BLOCK = re.compile(r"([^{}]+)\{([^{}]*)\}")
_VAR = re.compile(r"(--[\w-]+)\s*:\s*([^;]+);")


def css_palette(game: str, theme: str) -> dict[str, str]:
    """The token colours (``--pk-red``…) the CSS file sets for ``theme``: the dark block overrides the light one."""
    path, prefix = CSS[game]
    light_selector = ".pk-board" if prefix == "pk" else ".hc-board"
    found: dict[str, str] = {}
    for selector, body in _BLOCK.findall(path.read_text()):
        selector = selector.strip().split("\n")[-1].strip()
        dark = selector.startswith('[data-jp-theme-light="false"]')
        if selector != light_selector and not (dark and theme == "dark"):
            continue
        for name, value in _VAR.findall(body):
            if re.fullmatch(rf"--{prefix}-({'|'.join(TOKENS)})(-ink)?", name):
                found[name] = value.strip()
    return found


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_css_token_colours_are_the_palette_of_widgets_tokens(game: str, theme: str) -> None:
    """One source of truth: the CSS holds exactly widgets/tokens.py's fills and inks."""
    _, prefix = CSS[game]
    assert css_palette(game, theme) == css_variables(prefix, theme)


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_token_pair_differs_under_colour_blindness_by_colour_or_symbol(game: str, theme: str) -> None:
    """Each pair: ΔE ≥ 20 under deutan, protan and tritan vision, or different symbols."""
    _, prefix = CSS[game]
    fills = css_palette(game, theme)
    failures = []
    for a, b in itertools.combinations(GAMES[game], 2):
        for kind in cvd.KINDS:
            d = cvd.delta_e(cvd.simulate(fills[f"--{prefix}-{a}"], kind), cvd.simulate(fills[f"--{prefix}-{b}"], kind))
            if d < MIN_DELTA_E and TOKENS[a].symbol == TOKENS[b].symbol:
                failures.append((a, b, kind, round(d, 1)))
    assert failures == []


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_palette_separates_every_pair_by_colour_alone(game: str, theme: str) -> None:
    """The stricter goal: even without the symbols, every pair stays ≥ 20 apart in every vision."""
    _, prefix = CSS[game]
    fills = css_palette(game, theme)
    worst = min(
        (cvd.delta_e(cvd.simulate(fills[f"--{prefix}-{a}"], k), cvd.simulate(fills[f"--{prefix}-{b}"], k)), a, b, k)
        for a, b in itertools.combinations(GAMES[game], 2)
        for k in cvd.KINDS
    )
    assert worst[0] >= MIN_DELTA_E, worst


def test_every_symbol_is_distinct_and_drawn_in_an_ink_that_contrasts_3_to_1() -> None:
    """WCAG 1.4.11: a symbol is a graphic, so ≥ 3:1 against its fill in both themes."""
    assert len({t.symbol for t in TOKENS.values()}) == len(TOKENS)
    assert len({t.path for t in TOKENS.values()}) == len(TOKENS)
    for t in TOKENS.values():
        assert min(cvd.contrast(t.ink, t.light), cvd.contrast(t.ink, t.dark)) >= 3.0, t.colour


def test_the_master_ball_keeps_its_own_mark() -> None:
    assert TOKENS["master"].symbol == "master"
    assert TOKENS["master"].path not in {t.path for c, t in TOKENS.items() if c != "master"}


def test_machado_matrices_keep_white_white_and_make_red_and_green_close_for_deutans() -> None:
    """Each row sums to 1 (white stays white); the old red/green really did collapse (the issue's olive)."""
    for matrix in cvd.MACHADO_2009.values():
        for row in matrix:
            assert abs(sum(row) - 1) < 2e-3
    assert cvd.delta_e(cvd.simulate("#e53935", "deutan"), cvd.simulate("#43a047", "deutan")) < 20
    assert cvd.delta_e(cvd.simulate("#0000ff", "tritan"), cvd.simulate("#0000ff", "deutan")) > 5


def test_boards_send_each_colour_s_symbol_in_the_view() -> None:
    sp = SplendorBoard(players=["You", "Bot"], bots={1: "greedy"}, seed=1)
    hc = HereComesBoard(players=["You", "Bot"], seed=1)
    assert sp.view["marks"] == view_marks(SP_COLOURS)
    assert hc.view["marks"] == view_marks(HC_COLOURS)


def test_app_tokens_carry_symbol_and_name() -> None:
    html = token_html("purple", "zh")
    assert TOKENS["purple"].path in html and 'aria-label="紫色"' in html  # the games' own colour names
    assert mark_svg("yellow").count("<path") == 1
    with pytest.raises(ValueError, match="unknown token colour 'cyan'"):
        token_html("cyan")
