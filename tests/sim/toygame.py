"""The toy game of ``pokelab.toy`` (chance and simultaneous moves) under its old test names, and two test bots."""

from __future__ import annotations

from pokelab.toy import Choose, Roll, ToyGame, ToyState

ToyAdapter = ToyGame

__all__ = ["AlwaysRisk", "Cheater", "Choose", "Roll", "ToyAdapter", "ToyState"]


class AlwaysRisk:
    name = "risk"

    def choose(self, view, legal, rng):
        return next(a for a in legal if a.move == "risk")


class Cheater:
    name = "cheater"

    def choose(self, view, legal, rng):
        return Choose(view["me"], "fold")
