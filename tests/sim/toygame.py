"""Two test bots for the toy game of ``pokelab.toy`` (chance and simultaneous moves)."""

from __future__ import annotations

from pokelab.toy import Choose

__all__ = ["AlwaysRisk", "Cheater"]


class AlwaysRisk:
    name = "risk"

    def choose(self, view, legal, rng):
        return next(a for a in legal if a.move == "risk")


class Cheater:
    name = "cheater"

    def choose(self, view, legal, rng):
        return Choose(view["me"], "fold")
