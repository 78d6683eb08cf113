"""The end of a game of Splendor: Pokémon: ``scores`` (SP-G2) and ``result`` (SP-G3 tie-break, SP-G4 stall).

>>> from pokelab.splendor import new_game
>>> scores(new_game(2))
(0, 0)
"""

from __future__ import annotations

from pokelab.splendor.state import Result, State

__all__ = ["result", "scores"]


def result(state: State) -> Result:
    """Scores and winners of a finished game (SP-G2, SP-G3; SP-G4 stalled: no winner).

    >>> from pokelab.bots import RandomBot
    >>> from pokelab.splendor import apply, legal_actions, new_game
    >>> import random
    >>> s, rng = new_game(2, seed=5), random.Random(5)
    >>> while not s.is_over:
    ...     s = apply(s, RandomBot().choose({}, legal_actions(s), rng))
    >>> r = result(s)
    >>> r.stalled or max(r.scores) >= 18
    True
    >>> result(new_game(2))
    Traceback (most recent call last):
    ...
    ValueError: the game is not over yet: result() needs a finished game (see scores())
    """
    if not state.over:
        raise ValueError("the game is not over yet: result() needs a finished game (see scores())")
    sc = scores(state)
    if state.over == 2:
        return Result((), sc, True)
    best = max(sc)
    top = [i for i, x in enumerate(sc) if x == best]
    evolved = {i: state.players[i].evolved_count for i in top}
    most = max(evolved.values())
    return Result(tuple(i for i in top if evolved[i] == most), sc, False)



def scores(state: State) -> tuple[int, ...]:
    """Each player's current score (SP-G2: points of the cards held; tokens score nothing).

    >>> from pokelab.splendor import new_game
    >>> scores(new_game(3))
    (0, 0, 0)
    """
    return tuple(p.points for p in state.players)
