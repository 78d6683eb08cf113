"""Bots for both games, behind one protocol (see ``pokelab.bots.base.Bot``)."""

from pokelab.bots.base import Bot
from pokelab.bots.random_bot import RandomBot

__all__ = ["Bot", "RandomBot"]
