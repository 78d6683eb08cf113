"""The Splendor: Pokémon coach: the best few moves for the player to move, with win chances and reasons.

``suggest(state, k, level)`` ranks the legal moves of the player to move by
their win chance after the move, measured with playouts that use only what
that player may know (``pokelab.analysis.splendor_win``: the deck is known as a
set and re-shuffled for every playout). Every candidate is played on the same
sampled decks with the same bot seeds (common random numbers), so two moves
are compared on the same luck.

Search budget per level (``COACH_LEVELS``): the greedy rules pick the
``width`` most promising moves; each gets ``first`` playouts; then successive
halving (``rank_moves``) keeps the better half with doubled playouts until
``keep`` of them (never fewer than ``k``) are left, which get ``final`` each
and are ranked on those. ``playouts=`` overrides ``final`` (and ``first`` when
smaller). A move's reason comes from ``coach_reasons.reason``: what it changes.

At the "hard" level a main move is chosen by a deeper look instead
(``search`` samples): the flat Monte Carlo search that ``mcts-hard`` plays
with (``FlatMonteCarloBot.search``), with that many samples over the greedy
rules' ``SEARCH_WIDTH`` best moves. Playouts to the end judge a move by
greedy play for every seat after it, which misjudges moves whose worth shows
only against a strong opponent; the search plays two rounds ahead, judging
each rollout move by the position value. The search's ``k`` best are listed
in its order, and each still shows the chance its ``final`` playouts measure
with the seated players — so at this level a later suggestion can show a
higher chance than an earlier one.

>>> from pokelab.splendor import new_game, legal_actions
>>> s = new_game(2, seed=4)
>>> tips = suggest(s, k=2, level="easy", playouts=20)
>>> len(tips), all(t.action in legal_actions(s) for t in tips)
(2, True)
>>> tips[0].estimate.rate >= tips[1].estimate.rate
True
>>> suggest(s, level="expert")
Traceback (most recent call last):
...
pokelab.errors.ExplainedError: level must be 'easy', 'medium' or 'hard', got 'expert'
"""

from __future__ import annotations

import numbers
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from pokelab.analysis.coach_reasons import reason
from pokelab.analysis.playouts import known_position, run_playouts
from pokelab.analysis.progress import headway_moves
from pokelab.analysis.reason_checks import turn_ends
from pokelab.analysis.splendor_win import WinEstimate, calibrated
from pokelab.analysis.win_checks import (
    check_bots,
    check_playouts,
    check_seed,
    check_state,
    check_workers,
)
from pokelab.bots.splendor_greedy import best_actions
from pokelab.bots.splendor_mcts import FlatMonteCarloBot
from pokelab.errors import ExplainedError
from pokelab.splendor import legal_actions
from pokelab.splendor.state import State
from pokelab.words import Text, _, check_lang, languages

__all__ = ["COACH_LEVELS", "MAX_SUGGESTIONS", "SEARCH_WIDTH", "Suggestion", "progressing", "suggest"]

#: Budgets: candidates compared (width), playouts each (first), how many go on (keep) to
#: ``final``; ``search``: samples of the deeper search that chooses a main move (0: none),
#: each played ``rollout`` rounds on.
COACH_LEVELS: dict[str, dict[str, int]] = {
    "easy": {"width": 4, "first": 40, "keep": 4, "final": 40, "search": 0, "rollout": 0},
    "medium": {"width": 8, "first": 40, "keep": 4, "final": 120, "search": 0, "rollout": 0},
    "hard": {"width": 10, "first": 20, "keep": 3, "final": 100, "search": 1536, "rollout": 3},
}
#: Moves the deeper search compares (the greedy rules' best; ``mcts-hard``'s width).
SEARCH_WIDTH = 12
#: Most suggestions one call returns.
MAX_SUGGESTIONS = 20


@dataclass(frozen=True)
class Suggestion:
    """One suggested move: the action, the mover's win chance after it, and why (a catalogue text).

    >>> from pokelab.splendor import Pass
    >>> from pokelab.words import _
    >>> tip = Suggestion(Pass(), WinEstimate.from_wins(1, 2), _("passes: no main action is possible"))
    >>> tip.reason("zh")
    '跳过：没有可执行的主要行动'
    >>> tip.reason("fr")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'fr': choose 'en' or 'zh'
    """

    action: Any
    estimate: WinEstimate
    why: Text

    def reason(self, lang: str = "en") -> str:
        """The reason in ``lang`` (any language of ``pokelab.words.languages()``)."""
        return self.why.render(check_lang(lang))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict: the action's text, the estimate and the reason in every language.

        >>> from pokelab.splendor import Pass
        >>> from pokelab.words import _
        >>> tip = Suggestion(Pass(), WinEstimate.from_wins(1, 2), _("passes: no main action is possible"))
        >>> tip.to_dict()["action"], tip.to_dict()["reason"]["zh"]
        ('Pass()', '跳过：没有可执行的主要行动')
        """
        return {"action": str(self.action), "estimate": self.estimate.to_dict(),
                "reason": {lang: self.reason(lang) for lang in languages()}}


def _check_level(level: Any) -> dict[str, int]:
    if not isinstance(level, str) or level not in COACH_LEVELS:
        raise ExplainedError(_("level must be 'easy', 'medium' or 'hard', got {level}", level=repr(level)))
    return COACH_LEVELS[level]


def _check_k(k: Any) -> int:
    if isinstance(k, bool) or not isinstance(k, numbers.Integral) or not 1 <= k <= MAX_SUGGESTIONS:
        raise ExplainedError(_("k must be a whole number from 1 to {most}, got {k}",
            most=MAX_SUGGESTIONS, k=repr(k)))
    return int(k)


def rank_moves(
    state: Any,
    candidates: list[Any],
    *,
    first: int,
    keep: int,
    final: int,
    seed: int = 0,
    bots: tuple[str, ...] | None = None,
    workers: int = 1,
) -> list[tuple[Any, WinEstimate]]:
    """``candidates`` (legal moves of the player to move) with the mover's win chance after each, best first.

    Successive halving: all get ``first`` playouts; then, round by round, the
    better half (never fewer than ``keep``) go on with their playouts doubled,
    and once only ``keep`` are left they are played up to ``final`` each. So
    playouts are spent on the contenders, not on moves already clearly worse.
    The moves are listed by how far they went (the finalists first), then by
    their share of wins. Every playout number ``i`` is the same sampled deck
    for every move (common random numbers). Each chance is calibrated like
    ``win_probability``'s (``splendor_win.calibrated``).

    >>> from pokelab.splendor import new_game, legal_actions
    >>> s = new_game(2, seed=4)
    >>> ranked = rank_moves(s, legal_actions(s)[:5], first=6, keep=1, final=24)
    >>> [e.playouts for _, e in ranked]
    [24, 24, 12, 6, 6]
    >>> rank_moves(s, [], first=6, keep=1, final=10)
    Traceback (most recent call last):
    ...
    ValueError: rank_moves needs at least one candidate move
    """
    if not candidates:
        raise ValueError("rank_moves needs at least one candidate move")
    me = state.current_player
    names = bots or ("greedy",) * len(state.players)
    base, unseen = known_position(state, me)
    done = min(first, final)
    wins = [row[me] for row in run_playouts(base, unseen, candidates, done, seed, names, workers)]
    played = [done] * len(candidates)
    alive = list(range(len(candidates)))
    while done < final:
        alive.sort(key=lambda j: -wins[j])
        if len(alive) > keep:
            alive = alive[:max(keep, -(-len(alive) // 2))]
        target = final if len(alive) <= keep else min(final, 2 * done)
        more = run_playouts(base, unseen, [candidates[j] for j in alive], target - done, seed, names,
                            workers, start=done)
        for j, row in zip(alive, more, strict=True):
            wins[j] += row[me]
            played[j] = target
        done = target
    ranked = sorted(range(len(candidates)), key=lambda j: (-played[j], -wins[j] / played[j]))
    return [
        (candidates[j], calibrated(WinEstimate.from_wins(float(wins[j]), played[j]), len(state.players),
                                   bots=bots, seat=me))
        for j in ranked
    ]


def searched(
    state: Any, moves: list[Any], samples: int, *, seed: int = 0, width: int = SEARCH_WIDTH, rollout: int = 2,
) -> list[Any]:
    """``moves`` (legal main moves of the player to move) that the deeper search compared, best first.

    The flat Monte Carlo search of ``mcts-hard`` (``FlatMonteCarloBot.search``)
    with ``samples`` samples over the greedy rules' ``width`` best of ``moves``,
    each played ``rollout`` rounds on, from what the mover may know (the deck re-shuffled for every sample).
    Deterministic for a seed (no time limit).

    >>> from pokelab.splendor import new_game, legal_actions
    >>> s = new_game(2, seed=4)
    >>> order = searched(s, legal_actions(s), 48, width=4)
    >>> len(order), all(a in legal_actions(s) for a in order), order == searched(s, legal_actions(s), 48, width=4)
    (4, True, True)
    >>> searched(s, [], 48)
    Traceback (most recent call last):
    ...
    ValueError: FlatMonteCarloBot was given no legal action to search
    """
    base, unseen = known_position(state, state.current_player)
    bot = FlatMonteCarloBot("hard", iterations=samples, width=width, rollout=rollout, time_limit=None)
    return [action for action, _, _ in bot.search(base, unseen, moves, random.Random(seed))]


def _position_key(s: Any) -> tuple[Any, ...]:
    """What makes two positions the same game situation (the round counter aside)."""
    return (s.players, s.display, s.sup, s.current_player, s.phase_id, s.ending)


def progressing(state: Any, moves: list[Any], seen: Iterable[Any]) -> list[Any]:
    """``moves`` without those whose every turn end repeats a position of ``seen`` (all of them if none is left).

    >>> from pokelab.splendor import TakeSame, new_game
    >>> s = new_game(2, seed=4)
    >>> after = [e for e in turn_ends(s, TakeSame("red"))]
    >>> TakeSame("red") in progressing(s, legal_actions(s), after), len(progressing(s, [TakeSame("red")], after))
    (False, 1)
    >>> progressing(s, [TakeSame("red")], [3])
    Traceback (most recent call last):
    ...
    pokelab.errors.ExplainedError: seen must hold earlier positions (Splendor States), got int
    """
    keys = set()
    for old in seen:
        if type(old) is not State:
            raise ExplainedError(_("seen must hold earlier positions (Splendor States), got {type}",
                                   type=type(old).__name__))
        keys.add(_position_key(old))
    if not keys:
        return moves
    fresh = [a for a in moves if not all(_position_key(e) in keys for e in turn_ends(state, a))]
    return fresh or moves


def suggest(
    state: Any,
    k: int = 3,
    level: str = "hard",
    *,
    seed: int = 0,
    playouts: int | None = None,
    workers: int = 1,
    seen: Iterable[Any] = (),
    bots: str | Sequence[str] | None = None,
) -> list[Suggestion]:
    """The best ``k`` legal moves for the player to move, best first, each with its win chance and reason.

    ``level`` (``"easy"``, ``"medium"``, ``"hard"``) scales how many moves are
    compared and how many playouts each gets; at "hard" a main move is chosen
    by the deeper search (``searched``) and the playouts measure the chances
    shown. ``playouts`` sets the playouts of the finalists instead.
    Deterministic for a seed.

    ``seen``: the earlier positions of this game (a board's history). A move
    whose turn can only end in a position already seen (take three, return the
    same three) makes no progress; it is never suggested while a move that
    does exists; and after ``progress.STUCK_TURNS`` own turns in a row that
    changed nothing lasting (no catch, reserve, evolution or points, no more
    tokens held), only a move that progresses is suggested if one exists
    (``progress.headway_moves``), so a coach playing its own suggestions cannot
    cycle for ever.
    ``bots``: who plays each seat in the playouts (as ``win_probabilities``'s
    ``bots``; by default the greedy rules, the coach's own fast model).

    >>> from pokelab.splendor import new_game
    >>> [type(t.action).__name__ for t in suggest(new_game(2, seed=4), k=1, level="easy", playouts=10)]
    ['TakeDifferent']
    >>> suggest(new_game(2, seed=4), k=0)
    Traceback (most recent call last):
    ...
    pokelab.errors.ExplainedError: k must be a whole number from 1 to 20, got 0
    """
    check_state(state)
    k = _check_k(k)
    budget = dict(_check_level(level))
    seed = check_seed(seed)
    workers = check_workers(workers)
    if playouts is not None:
        budget["final"] = check_playouts(playouts)
        budget["first"] = min(budget["first"], budget["final"])
    seen = list(seen)
    legal = headway_moves(state, progressing(state, legal_actions(state), seen), seen)
    names = None if bots is None else check_bots(bots, len(state.players))
    if budget["search"] and state.phase == "main" and len(legal) > 1:
        chosen = searched(state, legal, budget["search"], seed=seed, width=max(SEARCH_WIDTH, k),
                          rollout=budget["rollout"])[:k]
        measured = dict(rank_moves(state, chosen, first=budget["final"], keep=len(chosen), final=budget["final"],
                                   seed=seed, bots=names, workers=workers))
        ranked = [(action, measured[action]) for action in chosen]  # in the search's order
    else:
        ranked = rank_moves(state, best_actions(state, legal, max(budget["width"], k)), first=budget["first"],
                            keep=max(budget["keep"], k), final=budget["final"], seed=seed, bots=names,
                            workers=workers)
    return [Suggestion(action, est, reason(state, action)) for action, est in ranked[:k]]
