"""pokelab: the engine of a Jupyter teaching kit for two Pokémon tabletop games.

Pure Python, importable without Jupyter. The parts:

- ``pokelab.splendor`` — Splendor: Pokémon (璀璨宝石：宝可梦): rules, the 90 cards, views, JSON.
- ``pokelab.herecomes`` — Here Comes Pokémon! (来啦！宝可梦): rules, the 60 target cards, trainers.
- ``pokelab.odds`` — exact probabilities (``fractions.Fraction``) and NumPy Monte Carlo.
- ``pokelab.bots`` — one ``Bot`` protocol and the bots of both games, registered by name.
- ``pokelab.sim`` — one runner: ``play``, ``simulate`` (a pandas DataFrame), ``tournament``.
- ``pokelab.errors`` — ``IllegalAction``: the rule ID and the reason in English and Chinese.

>>> from pokelab import splendor
>>> state = splendor.new_game(2, seed=0)
>>> len(state.display), state.deck_size
(4, 86)
"""

__version__ = "0.1.0"
