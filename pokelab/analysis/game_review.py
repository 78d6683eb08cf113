"""A Splendor: Pokémon game review: the mover's win chance before and after every move, mistakes and better moves.

``review(record)`` walks a finished (or unfinished) game move by move. For
each move it estimates, from the mover's seat and with only what the mover
could know then, the win chance with the *best* move the coach finds among the
greedy rules' top ``REVIEW_WIDTH`` moves (``before``) and with the move played
(``after``), all on the same sampled decks and bot seeds, so the difference
measures the move and not the luck of the refill. The playouts play the
seated policies (``bots=``, by default the stated model of a person), and the
chances are calibrated as ``win_probability``'s are.

Noise-aware and quick: every compared move first gets ``playouts`` playouts
(a screen); a move whose chance falls short of the best by more than half of
``threshold`` is rechecked on ``RECHECK`` times the playouts, fresh ones,
then on twice as many fresh ones again, and is a *mistake* only if its
shortfall is more than ``threshold`` on each recheck by itself (the playouts
before are left out there: they are the ones that picked the gap, so they
flatter it). A recheck is played ``playouts`` at a time, and a stage ends as
soon as its playouts so far settle it: the better move no longer ahead at all
(the gap the screen saw is gone: no mistake), or, before the last stage, the
two moves' 95 % intervals apart with a gap above ``threshold`` (passed). The
last stage, whose chances a flag shows, is played to its end unless the gap
goes. The better move comes
with its reason, and ``MoveReview.explain(lang)`` says it in one sentence.

A record is a ``GameRecord`` of ``pokelab.sim.play("splendor", ...)`` or any
sequence of ``(state, action)`` pairs, each state the position the action was
played in (what a board keeps as its history). A move that was the only legal
choice (a forced token return, ``Pass``) gets one estimate (before = after)
and is never a mistake.

>>> from pokelab.sim import play
>>> record = play("splendor", ["greedy", "random"], seed=2)
>>> rev = review(list(zip(record.states(), (a for _, a in record.actions)))[:4], playouts=8)
>>> len(rev.moves), rev.moves[0].index, rev.moves[1].seat != rev.moves[0].seat
(4, 0, True)
>>> review([("not a state", None)])
Traceback (most recent call last):
...
pokelab.errors.ExplainedError: expected a Splendor State (from new_game, scenario or from_json), got str
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Any

from pokelab.analysis.coach import Suggestion
from pokelab.analysis.coach_reasons import reason
from pokelab.analysis.playouts import known_position, run_playouts
from pokelab.analysis.splendor_win import WinEstimate, calibrated
from pokelab.analysis.win_checks import (
    check_bots,
    check_playouts,
    check_seed,
    check_state,
    check_workers,
)
from pokelab.bots.splendor_greedy import best_actions
from pokelab.errors import ExplainedError
from pokelab.splendor import legal_actions
from pokelab.words import Text, _, check_lang

__all__ = ["GameReview", "MoveReview", "review"]

#: Most moves one review looks at (a real game has about 60 to 150).
MAX_REVIEW_MOVES = 2_000
#: The greedy rules' best this many moves are compared with the move played.
REVIEW_WIDTH = 3
#: A possible mistake is rechecked on up to this many times the screen's playouts, fresh ones, then on up to twice as many again.
RECHECK = 4
#: Rechecks a mistake must pass, each on new playouts (the second twice the size of the first).
RECHECK_STAGES = 2
#: A move is rechecked when the screen finds it short of the best by more than this share of the threshold.
SCREEN_SHARE = 0.5


@dataclass(frozen=True)
class MoveReview:
    """One move of a review: who played what, the mover's win chance before and after, and a better move if it was a mistake."""

    index: int
    seat: int
    action: Any
    before: WinEstimate
    after: WinEstimate
    mistake: bool
    better: Suggestion | None

    @property
    def drop(self) -> float:
        """How much the mover's win chance fell with this move (negative: it rose).

        >>> e = WinEstimate.from_wins
        >>> MoveReview(0, 0, None, e(6, 10), e(2, 10), True, None).drop
        0.4
        """
        return round(self.before.rate - self.after.rate, 12)

    def explain(self, lang: str = "en") -> str:
        """One sentence on a mistake: what was better, the chances, and why; "" for a move that was fine.

        >>> from pokelab.splendor import Catch, TakeSame
        >>> from pokelab.words import _
        >>> e = WinEstimate.from_wins
        >>> tip = Suggestion(Catch(3), e(9, 10), _("ends the turn"))
        >>> MoveReview(0, 0, TakeSame("red"), e(9, 10), e(2, 10), True, tip).explain("en")
        'catch Charizard (#3) was better than take 2 red: a 90% chance to win instead of 20%, because it ends the turn.'
        >>> MoveReview(0, 0, TakeSame("red"), e(9, 10), e(2, 10), False, None).explain("en")
        ''
        """
        check_lang(lang)
        if self.better is None:
            return ""
        return self.why.render(lang)

    @property
    def why(self) -> Text:
        """The one-sentence explanation as a catalogue text (only for a flagged move with a better one)."""
        if self.better is None:
            raise ValueError("only a mistake with a better move has an explanation")
        return _("{better} was better than {played}: a {best} chance to win instead of {chance}, because it {why}.",
                 better=self.better.action.log_text(), played=self.action.log_text(),
                 best=format(self.before.rate, ".0%"), chance=format(self.after.rate, ".0%"), why=self.better.why)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict (actions as their text).

        >>> e = WinEstimate.from_wins(1, 2)
        >>> MoveReview(3, 1, "Pass()", e, e, False, None).to_dict()["better"] is None
        True
        """
        return {
            "index": self.index, "seat": self.seat, "action": str(self.action),
            "before": self.before.to_dict(), "after": self.after.to_dict(),
            "mistake": self.mistake, "better": None if self.better is None else self.better.to_dict(),
        }


@dataclass(frozen=True)
class GameReview:
    """Every reviewed move in order; ``mistakes(seat)`` picks the flagged ones."""

    moves: tuple[MoveReview, ...]
    threshold: float

    def mistakes(self, seat: int | None = None) -> tuple[MoveReview, ...]:
        """The moves flagged as mistakes, of every seat or of ``seat`` only.

        >>> GameReview((), 0.1).mistakes(), GameReview((), 0.1).mistakes(seat=1)
        ((), ())
        >>> GameReview((), 0.1).mistakes(seat="Ash")
        Traceback (most recent call last):
        ...
        pokelab.errors.ExplainedError: seat must be a seat number or None, got 'Ash'
        """
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
            raise ExplainedError(_("seat must be a seat number or None, got {seat}", seat=repr(seat)))
        return tuple(m for m in self.moves if m.mistake and (seat is None or m.seat == seat))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict of the whole review.

        >>> GameReview((), 0.1).to_dict()
        {'threshold': 0.1, 'moves': []}
        """
        return {"threshold": self.threshold, "moves": [m.to_dict() for m in self.moves]}


def _pairs(record: Any) -> list[tuple[Any, Any]]:
    """(state before, action) for every move of a ``GameRecord`` or a sequence of pairs.

    A record is read by its shape (``game``, ``actions``, ``states()``), not its class: the
    simulator that writes ``GameRecord`` sits a layer above this review.
    """
    if _is_record(record):
        if record.game != "splendor":
            raise ExplainedError(_("review reads Splendor games, got a {game} record", game=record.game))
        if len(record.actions) > MAX_REVIEW_MOVES:
            raise ExplainedError(_("a review looks at most {most} moves, got {length}",
                most=MAX_REVIEW_MOVES, length=len(record.actions)))
        return list(zip(record.states(), (a for _, a in record.actions), strict=False))
    if isinstance(record, str | bytes) or not isinstance(record, Iterable):
        raise ExplainedError(
            _("review needs a GameRecord or a list of (state, action) pairs, got {type}",
                type=type(record).__name__),
        )
    pairs = []
    for i, item in enumerate(record):
        if i >= MAX_REVIEW_MOVES:
            raise ExplainedError(_("a review looks at most {most} moves", most=MAX_REVIEW_MOVES))
        if not isinstance(item, tuple | list) or len(item) != 2:
            raise ExplainedError(_("move {i}: expected a (state, action) pair, got {item}",
                i=i, item=repr(item)))
        pairs.append((item[0], item[1]))
    return pairs


def _is_record(record: Any) -> bool:
    """Whether ``record`` reads like a ``pokelab.sim.GameRecord``.

    >>> from pokelab.sim import play
    >>> _is_record(play("splendor", ["random", "random"], seed=1)), _is_record([(None, None)])
    (True, False)
    """
    return hasattr(record, "game") and hasattr(record, "actions") and callable(getattr(record, "states", None))


def _check_threshold(threshold: Any) -> float:
    if isinstance(threshold, bool) or not isinstance(threshold, int | float) or not 0 < threshold <= 1:
        raise ExplainedError(_("threshold must be a number above 0 and at most 1, got {threshold}",
            threshold=repr(threshold)))
    return float(threshold)


def _chance(wins: Any, playouts: int, seats: int) -> WinEstimate:
    return calibrated(WinEstimate.from_wins(float(wins), playouts), seats)


def _recheck(
    base: Any, unseen: tuple[int, ...], pair: tuple[Any, Any], playouts: int, seed: int, names: tuple[str, ...],
    threshold: float,
) -> tuple[Any, Any, int]:
    """(the played move's wins, the better one's, playouts) of the last recheck stage ``pair`` went through.

    Stage ``k`` plays up to ``RECHECK * 2**k * playouts`` fresh playouts, ``playouts`` at a time, and is
    judged on its own playouts only (the stage before picked this gap, so its playouts flatter it). A
    stage is settled as soon as its playouts so far decide it: the better move no longer ahead at all
    (the move is no mistake: the recheck ends), or, in a stage before the last, the two moves' 95 %
    intervals apart with a gap above ``threshold`` (the stage is passed). A stage played to its end is
    passed if the gap is above ``threshold``. The last stage is played to its end unless the gap goes:
    a flag's chances are read from all of its playouts (stopping where a sample looks good would flatter
    them). A move whose gap passes every stage is no luck of the playouts.

    >>> from pokelab.splendor import TakeSame, new_game
    >>> from pokelab.analysis.playouts import known_position
    >>> base, unseen = known_position(new_game(2, seed=1), 0)
    >>> _, _, count = _recheck(base, unseen, (TakeSame("red"), TakeSame("blue")), 2, 0, ("greedy",) * 2, 0.1)
    >>> count % 2 == 0 and count <= 2 * RECHECK * 2
    True
    >>> _recheck(base, unseen, (TakeSame("red"), TakeSame("blue")), 0, 0, ("greedy",) * 2, 0.1)
    Traceback (most recent call last):
    ...
    ValueError: range() arg 3 must not be zero
    """
    start, size = playouts, RECHECK * playouts
    for stage in range(RECHECK_STAGES):
        played, better, count, passed = _recheck_stage(
            base, unseen, pair, (start, size, playouts), seed, names, threshold, last=stage == RECHECK_STAGES - 1)
        if not passed:
            break
        start, size = start + size, 2 * size  # fresh playouts, after all of the stage's own
    return played, better, count


def _recheck_stage(
    base: Any, unseen: tuple[int, ...], pair: tuple[Any, Any], plan: tuple[int, int, int], seed: int,
    names: tuple[str, ...], threshold: float, *, last: bool,
) -> tuple[Any, Any, int, bool]:
    """(the played move's wins, the better one's, playouts, passed) of one recheck stage.

    ``plan`` is (the first playout's number, the stage's size, the playouts of one step).
    The stage ends early when the better move is no longer ahead (not passed) or,
    unless it is the ``last``, when the two 95 % intervals are apart with a gap above
    ``threshold`` (passed); played to its end, it is passed if the gap is above ``threshold``.

    >>> from pokelab.splendor import TakeSame, new_game
    >>> from pokelab.analysis.playouts import known_position
    >>> base, unseen = known_position(new_game(2, seed=1), 0)
    >>> *_, count, passed = _recheck_stage(base, unseen, (TakeSame("red"), TakeSame("red")), (2, 8, 2), 0,
    ...                                    ("greedy",) * 2, 0.1, last=True)
    >>> count, passed  # the same move twice: never ahead, so the first step ends the stage
    (2, False)
    """
    start, size, step = plan
    seat, n = base.current_player, len(base.players)
    played = better = count = 0
    for chunk in range(start, start + size, step):
        rows = run_playouts(base, unseen, pair, step, seed, names, start=chunk)
        played, better, count = played + rows[0][seat], better + rows[1][seat], count + step
        if better <= played:  # the gap the screen saw is gone: no mistake
            return played, better, count, False
        high, low = _chance(better, count, n), _chance(played, count, n)
        if not last and high.low > low.high and high.rate - low.rate > threshold:  # apart: passed
            return played, better, count, True
    return played, better, count, _chance(better, count, n).rate - _chance(played, count, n).rate > threshold


def review(
    record: Any,
    *,
    threshold: float = 0.10,
    playouts: int = 20,
    seed: int = 0,
    workers: int = 1,
    bots: str | Sequence[str] = "human",
) -> GameReview:
    """Review every move of ``record``: the mover's win chance before/after, mistakes, better moves.

    ``playouts``: the screen's playouts per compared move (a recheck adds
    up to ``RECHECK`` times as many for the move played and the best one, then
    twice that). ``workers``: processes the moves are spread over, whole moves
    to each (the same review for any number).

    >>> from pokelab.splendor import TakeSame, new_game
    >>> move = review([(new_game(2, seed=1), TakeSame("red"))], playouts=6).moves[0]
    >>> move.seat, move.after.playouts % 6 == 0, move.before.rate >= move.after.rate
    (1, True, True)
    >>> review([], threshold=1.5)
    Traceback (most recent call last):
    ...
    pokelab.errors.ExplainedError: threshold must be a number above 0 and at most 1, got 1.5
    """
    threshold = _check_threshold(threshold)
    names: tuple[str, ...] | None = None
    playouts = check_playouts(playouts)
    seed = check_seed(seed)
    workers = check_workers(workers)
    jobs = []
    for index, (state, action) in enumerate(_pairs(record)):
        check_state(state)
        if action not in legal_actions(state):
            raise ExplainedError(_("move {index}: {action} is not a legal move in its position",
                index=index, action=repr(action)))
        names = names or check_bots(bots, len(state.players))
        jobs.append((index, state, action))
    one = partial(_review_move, threshold=threshold, playouts=playouts, seed=seed, names=names)
    if workers == 1 or len(jobs) < 2:
        moves = [one(*job) for job in jobs]
    else:  # whole moves to each process, the dearest (the first: the longest playouts) first
        with ProcessPoolExecutor(max_workers=min(workers, len(jobs))) as pool:
            moves = list(pool.map(one, *zip(*jobs, strict=True)))
    return GameReview(tuple(moves), threshold)


def _review_move(
    index: int, state: Any, action: Any, *, threshold: float, playouts: int, seed: int, names: tuple[str, ...],
) -> MoveReview:
    """The review of one checked move (top-level: a worker process runs it).

    >>> from pokelab.splendor import TakeSame, new_game
    >>> _review_move(3, new_game(2, seed=1), TakeSame("red"), threshold=0.1, playouts=4, seed=0,
    ...              names=("greedy", "greedy")).index
    3
    >>> _review_move(0, new_game(2, seed=1), TakeSame("red"), threshold=0.1, playouts=0, seed=0,
    ...              names=("greedy", "greedy"))  # review() checks its arguments first
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: need 0 <= successes <= n and n > 0, got successes=0.0, n=0
    """
    legal = legal_actions(state)
    seat = state.current_player
    n = len(state.players)
    base, unseen = known_position(state, seat)
    top = best_actions(state, legal, REVIEW_WIDTH)
    moves_compared = [action, *(a for a in top if a != action)]
    wins = [row[seat] for row in run_playouts(base, unseen, moves_compared, playouts, seed, names)]
    best = max(range(len(moves_compared)), key=lambda j: (wins[j], j == 0))  # a tie keeps the move played
    count = playouts
    if best and (wins[best] - wins[0]) / count > SCREEN_SHARE * threshold:
        wins[0], wins[best], count = _recheck(base, unseen, (action, moves_compared[best]), playouts, seed,
                                              names, threshold)
    before, after = _chance(wins[best], count, n), _chance(wins[0], count, n)
    mistake = best != 0 and before.rate - after.rate > threshold
    better = Suggestion(moves_compared[best], before, reason(state, moves_compared[best])) if mistake else None
    return MoveReview(index, seat, action, before, after, mistake, better)
