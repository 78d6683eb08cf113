"""The bag explorer: change the bag and the draws, see the exact distribution and a live simulation side by side.

A thin view of ``pokelab.course.hypergeometric``: Python computes the exact law of "how
many <colour> tokens are drawn" (hypergeometric, exact fractions), its mean
(``draws × K / N``), and a seeded simulation that grows as the student asks
for more rounds; the front end (``widgets/js/bag_explorer.js``) draws sliders, the plotly
figure (exact bars plain, simulated bars hatched, the two means as a solid and
a dashed line) and a table of the same numbers, and sends what the student changed.

For lesson authors::

    from widgets import BagExplorer
    BagExplorer()                                        # the game's bag, 10 draws, purple
    BagExplorer(bag={"red": 6, "purple": 4}, draws=5, colour="red", lang="zh", seed=7)

Arguments: ``bag`` (colour -> count, ``None`` = the game's bag), ``draws``,
``colour`` (the colour counted), ``lang``, ``seed`` (the simulation's seed: the
same presses give the same bars), ``initial`` (rounds simulated at once after
every change, 100 by default; 0 leaves the simulated bars empty until asked),
``max_count`` (the sliders' top; a bag holding more raises it).

Python API: ``exact`` (tuple of Fractions, index k), ``mean`` (Fraction),
``tallies`` (simulated rounds per k), ``rounds``, ``simulated_mean``,
``set_bag(bag)``, ``set_draws(n)``, ``set_colour(c)``, ``draw_more(n=100)``,
``reset()``, ``table()`` (a DataFrame), ``figure_spec()`` (the plotly JSON).

Messages from the page: ``{"type": "set", "bag": {...}, "draws": n, "colour": c}``
(any of the three), ``{"type": "more", "n": 100}``, ``{"type": "reset"}``,
``{"type": "set_lang", "lang": "zh"}``, ``{"type": "plotly_js"}``. A refused
change leaves everything as it was and says why in ``error`` (in the explorer's language).

>>> ex = BagExplorer(seed=1)
>>> [str(p) for p in ex.exact], ex.mean, ex.rounds
(['9/38', '10/19', '9/38'], Fraction(1, 1), 100)
>>> ex.draw_more(100); ex.rounds, sum(ex.tallies)
(200, 200)
>>> ex.set_bag({"red": 2, "purple": 1})
Traceback (most recent call last):
...
pokelab.errors.InputError: the bag holds 3 tokens but a round draws 10: add at least 7 more
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

import anywidget
import numpy as np
import traitlets

from pokelab.course.hypergeometric import (
    MAX_SIMULATED,
    count_distribution,
    count_mean,
    simulate_counts,
)
from pokelab.errors import ExplainedError
from pokelab.herecomes.bag import DEFAULT_BAG, validate_bag
from pokelab.herecomes.names import colour_name
from pokelab.herecomes.pieces import COLOURS
from pokelab.odds.inputs import check_seed
from pokelab.odds.tree_nodes import fraction_text
from pokelab.words import Text, _, check_lang, languages
from widgets._bag_explorer_figure import explorer_figure_spec
from widgets._bag_explorer_text import labels, reason
from widgets._bundle import esm
from widgets._plotly_js import is_plotly_request, plotly_js_reply
from widgets.tokens import TOKENS, view_marks

__all__ = ["BagExplorer"]

_HERE = Path(__file__).parent
#: The most rounds the explorer simulates in all (then "draw more" is refused).
MAX_ROUNDS = MAX_SIMULATED

class BagExplorer(anywidget.AnyWidget):
    """The bag explorer (see the module docstring for the API)."""

    _esm = esm("bag_explorer")  # built from widgets/js/bag_explorer.js
    _css = _HERE / "bag_explorer.css"

    #: What the page draws: the bag, the exact law, the tallies, the means, the labels.
    view = traitlets.Dict().tag(sync=True)
    #: The plotly figure ``{"data", "layout"}``.
    figure = traitlets.Dict().tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)
    #: The last refusal ``{"text", "n"}`` (``text`` in ``lang``, ``n`` counts refusals); ``{}`` after a change that worked.
    error = traitlets.Dict().tag(sync=True)

    def __init__(
        self,
        bag: Mapping[str, int] | None = DEFAULT_BAG,
        draws: int = 10,
        colour: str = "purple",
        *,
        lang: str = "en",
        seed: int = 0,
        initial: int = 100,
        max_count: int = 20,
    ) -> None:
        check_lang(lang)
        check_seed(seed)
        if seed is None:
            raise ValueError("seed must be a whole number >= 0 (the explorer is reproducible), got None")
        if isinstance(initial, bool) or not isinstance(initial, int) or not 0 <= initial <= 100_000:
            raise ValueError(f"initial must be a whole number of rounds from 0 to 100000, got {initial!r}")
        if isinstance(max_count, bool) or not isinstance(max_count, int) or not 1 <= max_count <= 1000:
            raise ValueError(f"max_count must be a whole number from 1 to 1000, got {max_count!r}")
        self._seed = seed
        self._initial = initial
        self._max_count = max_count
        self._check(bag, draws, colour)
        self._bag = validate_bag(bag, draws=draws)
        self._draws = draws
        self._colour = colour
        super().__init__(lang=lang)
        self._restart()
        self.on_msg(self._on_msg)
        self.observe(self._on_lang, names="lang")

    # ------------------------------------------------------------------ the model
    @staticmethod
    def _check(bag: Mapping[str, int] | None, draws: int, colour: str) -> None:
        count_distribution(bag, draws, colour)  # raises ValueError with the reason

    def _restart(self) -> None:
        """A new bag, draws or colour: the exact law again, the simulation from its seed."""
        self._exact = count_distribution(self._bag, self._draws, self._colour)
        self._mean = count_mean(self._bag, self._draws, self._colour)
        self._tallies = [0] * len(self._exact)
        self._rng = np.random.default_rng(self._seed)
        if self._initial:
            self._simulate(self._initial)
        self._publish()

    def _simulate(self, n: int) -> None:
        counts = simulate_counts(self._bag, self._draws, self._colour, n, rng=self._rng)
        for k, t in enumerate(np.bincount(counts, minlength=len(self._tallies)).tolist()):
            self._tallies[k] += t

    @property
    def bag(self) -> dict[str, int]:
        """The bag (colour -> count, every colour)."""
        return dict(self._bag)

    @property
    def draws(self) -> int:
        """Tokens drawn per round."""
        return self._draws

    @property
    def colour(self) -> str:
        """The colour counted."""
        return self._colour

    @property
    def exact(self) -> tuple[Fraction, ...]:
        """``P(X = k)`` for k = 0, 1, …: the exact hypergeometric law."""
        return self._exact

    @property
    def mean(self) -> Fraction:
        """``E[X] = draws × K / N``."""
        return self._mean

    @property
    def tallies(self) -> list[int]:
        """Simulated rounds that drew k tokens of the colour, for k = 0, 1, …."""
        return list(self._tallies)

    @property
    def rounds(self) -> int:
        """Simulated rounds so far."""
        return sum(self._tallies)

    @property
    def simulated_mean(self) -> float | None:
        """The mean of the simulated counts (``None`` before any round)."""
        n = self.rounds
        return None if not n else sum(k * t for k, t in enumerate(self._tallies)) / n

    def set_bag(self, bag: Mapping[str, int]) -> None:
        """Use another bag, given whole (the simulation starts again); a bad bag changes nothing (ValueError).

        >>> ex = BagExplorer(draws=2, initial=0)
        >>> ex.set_bag({"red": 1, "purple": 1}); ex.exact
        (Fraction(0, 1), Fraction(1, 1))
        >>> ex.set_bag({"purple": 1})
        Traceback (most recent call last):
        ...
        pokelab.errors.InputError: the bag holds 1 tokens but a round draws 2: add at least 1 more
        """
        self._check(bag, self._draws, self._colour)
        self._bag = validate_bag(bag, draws=self._draws)
        self._restart()

    def set_draws(self, draws: int) -> None:
        """Draw ``draws`` tokens per round (the simulation starts again).

        >>> ex = BagExplorer(initial=0)
        >>> ex.set_draws(20); ex.exact[-1], ex.mean
        (Fraction(1, 1), Fraction(2, 1))
        >>> ex.set_draws(21)
        Traceback (most recent call last):
        ...
        pokelab.errors.InputError: the bag holds 20 tokens but a round draws 21: add at least 1 more
        """
        self._check(self._bag, draws, self._colour)
        self._draws = draws
        self._restart()

    def set_colour(self, colour: str) -> None:
        """Count another colour (the simulation starts again).

        >>> ex = BagExplorer(initial=0)
        >>> ex.set_colour("red"); ex.mean
        Fraction(3, 1)
        >>> ex.set_colour("gold")
        Traceback (most recent call last):
        ...
        ValueError: unknown token colour 'gold'; colours are red, blue, green, yellow, purple
        """
        self._check(self._bag, self._draws, colour)
        self._colour = colour
        self._restart()

    def draw_more(self, n: int = 100) -> None:
        """Simulate ``n`` more rounds with the same generator (the bars grow).

        >>> ex = BagExplorer(initial=0, seed=2)
        >>> ex.draw_more(50); ex.rounds, len(ex.tallies)
        (50, 3)
        >>> ex.draw_more(0)
        Traceback (most recent call last):
        ...
        ValueError: n must be a whole number of rounds of at least 1, got 0
        """
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ValueError(f"n must be a whole number of rounds of at least 1, got {n!r}")
        if self.rounds + n > MAX_ROUNDS:
            raise ExplainedError(
                _('the explorer simulates at most {MAX_ROUNDS} rounds in all; start again to simulate more', MAX_ROUNDS=format(MAX_ROUNDS, ',')),
            )
        self._simulate(n)
        self._publish()

    def reset(self) -> None:
        """Start the simulation again from its seed (``initial`` rounds).

        >>> ex = BagExplorer(seed=5)
        >>> first = ex.tallies; ex.draw_more(300); ex.reset(); ex.tallies == first
        True
        """
        self._restart()

    def table(self, lang: str = "en") -> Any:
        """The exact law and the simulated shares as a pandas DataFrame, one row per k.

        >>> BagExplorer({"red": 1, "blue": 1}, draws=1, colour="red", initial=0).table()["exact"].tolist()
        ['1/2', '1/2']
        """
        import pandas as pd  # lazy: pandas is slow to import; only a table needs it

        text = labels(lang)
        n = self.rounds
        return pd.DataFrame({
            "k": list(range(len(self._exact))),
            "exact": [fraction_text(p) for p in self._exact],
            text["p_exact"]: [float(p) for p in self._exact],
            text["p_sim"]: [t / n if n else float("nan") for t in self._tallies],
        })

    def figure_spec(self) -> dict[str, Any]:
        """The current plotly figure as JSON (what the page draws)."""
        return explorer_figure_spec(self._exact, self._tallies, colour=self._colour, draws=self._draws,
                                    mean=self._mean, lang=self.lang)

    # ------------------------------------------------------------------ the page
    def _publish(self) -> None:
        lang = self.lang
        total = sum(self._bag.values())
        good = self._bag[self._colour]
        sim_mean = self.simulated_mean
        top = max(self._max_count, *self._bag.values())
        with self.hold_sync():
            self.view = {
                "labels": labels(lang),
                "colours": list(COLOURS),
                "names": {c: colour_name(c).render(lang) for c in COLOURS},
                "marks": view_marks(COLOURS),
                "fills": {c: {"light": TOKENS[c].light, "dark": TOKENS[c].dark} for c in COLOURS},
                "bag": dict(self._bag),
                "total": total,
                "max_count": top,
                "max_draws": total,
                "draws": self._draws,
                "colour": self._colour,
                "exact": [{"k": k, "p": fraction_text(p), "float": float(p)} for k, p in enumerate(self._exact)],
                "tallies": list(self._tallies),
                "rounds": self.rounds,
                "mean": {"value": fraction_text(self._mean), "float": float(self._mean),
                         "good": good, "total": total},
                "sim_mean": sim_mean,
                "more": [100, 1000],
            }
            self.figure = self.figure_spec()

    def _on_msg(self, _widget: Any, content: Any, buffers: Any) -> None:
        if is_plotly_request(content):
            reply, blobs = plotly_js_reply(content)
            self.send(reply, blobs)
            return
        if not isinstance(content, Mapping):
            return
        kind = content.get("type")
        try:
            if kind == "set":
                self._set(content)
            elif kind == "more":
                self.draw_more(content.get("n", 100))
            elif kind == "reset":
                self.reset()
            elif kind == "set_lang" and content.get("lang") in languages():
                with self.hold_sync():  # the language and the view it words arrive together
                    self.lang = content["lang"]
            else:
                return
            self.error = {}
        except ExplainedError as err:
            self._refuse(err)
        except ValueError as err:
            self._refuse(reason(str(err)))

    def _refuse(self, err: ExplainedError | Text) -> None:
        self._refusals = getattr(self, "_refusals", 0) + 1
        self._refused = err
        self.error = {"text": self._refusal_text(), "n": self._refusals}

    def _refusal_text(self) -> str:
        err = self._refused
        return err.render(self.lang) if isinstance(err, Text) else err.message(self.lang)

    def _on_lang(self, _change: Any) -> None:
        with self.hold_sync():
            self._publish()
            if self.error and getattr(self, "_refused", None) is not None:
                self.error = {**self.error, "text": self._refusal_text()}

    def _set(self, content: Mapping[str, Any]) -> None:
        """One change from the page: any of bag, draws, colour, checked together, applied at once."""
        bag = content.get("bag", self._bag)
        draws = content.get("draws", self._draws)
        colour = content.get("colour", self._colour)
        if isinstance(bag, Mapping):
            bag = {**self._bag, **bag}
        self._check(bag, draws, colour)
        self._bag = validate_bag(bag, draws=draws)
        self._draws = draws
        self._colour = colour
        self._restart()
