"""Colour-vision deficiency (CVD) simulation, colour difference and contrast, for checking token palettes.

``simulate(hex, kind)`` shows a colour as a person with protanopia, deuteranopia
or tritanopia sees it: the Machado, Oliveira & Fernandes (2009) matrices at
severity 1.0, applied to linearised sRGB (the same matrices an SVG
``feColorMatrix`` applies in its default ``linearRGB`` space, so the boards'
simulated screenshots use them too). ``delta_e`` is CIE76: the Euclidean
distance in CIELAB (D65 white), where about 2.3 is a just-noticeable difference
and 20 is "clearly different at a glance". ``contrast`` is the WCAG 2.1
contrast ratio.

>>> simulate("#ffffff", "deutan")
'#ffffff'
>>> round(delta_e("#000000", "#ffffff"), 1)
100.0
>>> simulate("#ff0000", "mono")
Traceback (most recent call last):
...
ValueError: unknown colour-vision kind 'mono': choose deutan, protan or tritan
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

__all__ = ["KINDS", "MACHADO_2009", "contrast", "delta_e", "lab", "parse_hex", "simulate"]

Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]

#: Machado et al. (2009), Table 1, severity 1.0; rows act on linear (R, G, B).
MACHADO_2009: dict[str, Matrix] = {
    "protan": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deutan": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritan": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
KINDS: tuple[str, ...] = tuple(MACHADO_2009)
_HEX = re.compile(r"#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})")
# sRGB (D65) -> XYZ, and the D65 white point.
_XYZ = (
    (0.4124564, 0.3575761, 0.1804375),
    (0.2126729, 0.7151522, 0.0721750),
    (0.0193339, 0.1191920, 0.9503041),
)
_WHITE = (0.95047, 1.0, 1.08883)


def parse_hex(colour: str) -> tuple[int, int, int]:
    """The (r, g, b) bytes of a ``#rrggbb`` or ``#rgb`` colour.

    >>> parse_hex("#e53935"), parse_hex("#fff")
    ((229, 57, 53), (255, 255, 255))
    >>> parse_hex("red")
    Traceback (most recent call last):
    ...
    ValueError: expected a colour like '#e53935', got 'red'
    """
    match = _HEX.fullmatch(colour.strip()) if isinstance(colour, str) else None
    if match is None:
        raise ValueError(f"expected a colour like '#e53935', got {colour!r}")
    digits = match.group(1)
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)


def _linear(byte: float) -> float:
    c = byte / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _encode(linear: float) -> int:
    c = min(1.0, max(0.0, linear))
    c = 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055
    return round(c * 255)


def _apply(matrix: Sequence[Sequence[float]], vector: Sequence[float]) -> tuple[float, ...]:
    return tuple(sum(m * v for m, v in zip(row, vector, strict=True)) for row in matrix)


def simulate(colour: str, kind: str) -> str:
    """How ``colour`` looks under full ``kind`` ("deutan", "protan", "tritan") colour blindness.

    >>> simulate("#e53935", "deutan"), simulate("#43a047", "deutan")
    ('#98892e', '#978a4e')
    >>> simulate("#e53935", "achromat")
    Traceback (most recent call last):
    ...
    ValueError: unknown colour-vision kind 'achromat': choose deutan, protan or tritan
    """
    if kind not in MACHADO_2009:
        raise ValueError(f"unknown colour-vision kind {kind!r}: choose deutan, protan or tritan")
    linear = [_linear(b) for b in parse_hex(colour)]
    r, g, b = (_encode(x) for x in _apply(MACHADO_2009[kind], linear))
    return f"#{r:02x}{g:02x}{b:02x}"


def lab(colour: str) -> tuple[float, float, float]:
    """CIELAB (L*, a*, b*) of an sRGB colour, D65 white.

    >>> [abs(round(x, 1)) for x in lab("#ffffff")]
    [100.0, 0.0, 0.0]
    >>> lab("#12345")
    Traceback (most recent call last):
    ...
    ValueError: expected a colour like '#e53935', got '#12345'
    """
    xyz = _apply(_XYZ, [_linear(b) for b in parse_hex(colour)])

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = (f(v / w) for v, w in zip(xyz, _WHITE, strict=True))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(first: str, second: str) -> float:
    """CIE76 colour difference ΔE*ab between two sRGB colours (20 reads as clearly different).

    >>> round(delta_e("#e53935", "#e53935"), 6)
    0.0
    >>> delta_e("#e53935", "crimson")
    Traceback (most recent call last):
    ...
    ValueError: expected a colour like '#e53935', got 'crimson'
    """
    return math.dist(lab(first), lab(second))


def _luminance(colour: str) -> float:
    r, g, b = (_linear(x) for x in parse_hex(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(first: str, second: str) -> float:
    """The WCAG 2.1 contrast ratio of two colours, from 1 (same) to 21 (black on white).

    >>> round(contrast("#000000", "#ffffff"), 1), round(contrast("#767676", "#ffffff"), 2)
    (21.0, 4.54)
    >>> contrast("#000", "black")
    Traceback (most recent call last):
    ...
    ValueError: expected a colour like '#e53935', got 'black'
    """
    lighter, darker = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)
