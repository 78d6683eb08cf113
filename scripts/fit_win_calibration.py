"""Fit the correction of the seated playouts' win share (issue 30): a per-bot logit shift and one slope.

The seated playouts (``win_probabilities(..., bots=(a, b))``) play greedy and
random as themselves, but the mcts bots by a stand-in (``pokelab.analysis.playouts``)
that is weaker than the real search, so their seats are under-rated. The
correction (``pokelab.analysis.win_calibration``) is

    chance = sigmoid(slope * logit(share) + shift[mover's bot] - shift[opponent's bot])

with ``share = (wins + 1/2) / (playouts + 1)``; greedy and random, played by
themselves, have shift 0 (the reference). It is fitted here by logistic
regression (an L2 penalty on the shifts, its weight chosen by 4-fold
cross-validation by game) on this script's OWN games between the kit's bots:
seeds from ``TRAINING_SEEDS`` (10,000) on, disjoint from the benchmark's
(``benchmarks/bench_win_calibration.py``: seeds 0 .. games - 1, far below 10,000).
Every pairing of greedy and the mcts bots is played (seats both ways), and
random against greedy; each game gives ``--per-game`` positions spread over it.

    python scripts/fit_win_calibration.py --games 264 --per-game 6 --playouts 100 --force

prints the fitted figures (with bootstrap-by-game intervals) and writes
``pokelab/data/calibration/splendor_win.csv`` (``--force``; by default a
``.check.csv`` beside it, to compare). ``--save-sample`` / ``--load-sample``
keep the playouts' shares so the fit can be rerun without replaying.
"""

from __future__ import annotations

import argparse
import csv
import itertools
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench_win_calibration import positions  # noqa: E402
from pokelab.analysis import win_probabilities  # noqa: E402
from pokelab.analysis.win_calibration import FITTED, SHIPPED, load_correction  # noqa: E402
from scripts._shipped_table import add_output_arguments, output_path  # noqa: E402

#: The first seed of the training games; the benchmark's games are seeds 0, 1, 2, ...
TRAINING_SEEDS = 10_000
#: The bots whose playouts are stand-ins, each given a shift (greedy and random: 0).
SHIFTED = FITTED
#: Every pairing of greedy and the mcts bots (themselves included), and random against greedy.
TRAINING_PAIRINGS = (
    *itertools.combinations_with_replacement(("greedy", *SHIFTED), 2),
    ("random", "greedy"),
)
#: The penalty weights tried on the shifts (chosen by cross-validation by game).
PENALTIES = (0.1, 1.0, 3.0, 10.0, 30.0)


def collect(games: int, per_game: int, playouts: int) -> dict[str, np.ndarray]:
    """The training sample: per position the mover's playout wins, the outcome, both bots and the game."""
    started = time.process_time()
    sample = positions(games, per_game, TRAINING_PAIRINGS, first_seed=TRAINING_SEEDS)
    print(f"{len(sample)} positions from {games} games (seeds {TRAINING_SEEDS}..{TRAINING_SEEDS + games - 1}, "
          f"{time.process_time() - started:.0f} s CPU)", flush=True)
    rows = []
    for i, (s, me, won, bots) in enumerate(sample):
        est = win_probabilities(s, me, playouts=playouts, seed=i, calibrate=False, bots=bots)[me]
        rows.append((est.wins, won, bots[me], bots[1 - me], s.seed))
    print(f"playouts done ({time.process_time() - started:.0f} s CPU)", flush=True)
    wins, y, mover, other, game = zip(*rows, strict=True)
    return {"wins": np.array(wins), "playouts": np.full(len(rows), playouts), "y": np.array(y),
            "mover": np.array(mover), "other": np.array(other), "game": np.array(game)}


def features(sample: dict[str, np.ndarray]) -> np.ndarray:
    """Columns: logit(share), then per shifted bot +1 if it moves, -1 if it is the opponent."""
    share = (sample["wins"] + 0.5) / (sample["playouts"] + 1)
    cols = [np.log(share / (1 - share))]
    for bot in SHIFTED:
        cols.append((sample["mover"] == bot).astype(float) - (sample["other"] == bot).astype(float))
    return np.column_stack(cols)


def fit(X: np.ndarray, y: np.ndarray, penalty: float) -> np.ndarray:
    """Logistic regression without intercept, an L2 penalty on the shifts (not the slope), by Newton's method."""
    w = np.zeros(X.shape[1])
    w[0] = 1.0
    reg = np.full(X.shape[1], penalty)
    reg[0] = 0.0
    for _ in range(100):
        m = 1 / (1 + np.exp(-X @ w))
        grad = X.T @ (y - m) - reg * w
        hess = X.T @ (X * (m * (1 - m))[:, None]) + np.diag(reg) + 1e-9 * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w += step
        if np.abs(step).max() < 1e-10:
            break
    return w


def brier(X: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    return float(np.mean((1 / (1 + np.exp(-X @ w)) - y) ** 2))


def cross_validated(X: np.ndarray, y: np.ndarray, game: np.ndarray, penalty: float, folds: int = 4) -> float:
    """Brier score of the fit, each game's positions scored by a fit on the other folds' games."""
    fold = np.searchsorted(np.unique(game), game) % folds
    out = np.zeros_like(y, dtype=float)
    for k in range(folds):
        w = fit(X[fold != k], y[fold != k], penalty)
        out[fold == k] = 1 / (1 + np.exp(-X[fold == k] @ w))
    return float(np.mean((out - y) ** 2))


def bootstrap(X: np.ndarray, y: np.ndarray, game: np.ndarray, penalty: float, rounds: int = 200) -> np.ndarray:
    """The fitted weights on ``rounds`` resamples of whole games (a game's positions go together)."""
    rng = np.random.default_rng(0)
    games = np.unique(game)
    rows = {g: np.flatnonzero(game == g) for g in games}
    out = []
    for _ in range(rounds):
        idx = np.concatenate([rows[g] for g in rng.choice(games, len(games))])
        out.append(fit(X[idx], y[idx], penalty))
    return np.array(out)


def write(path: Path, w: np.ndarray) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="", encoding="utf-8") as f:
        out = csv.writer(f, lineterminator="\n")
        out.writerow(["parameter", "policy", "value"])
        out.writerow(["slope", "", f"{w[0]:.3f}"])
        for bot, shift in zip(SHIFTED, w[1:], strict=True):
            out.writerow(["shift", bot, f"{shift:.3f}"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=264)
    parser.add_argument("--per-game", type=int, default=6)
    parser.add_argument("--playouts", type=int, default=100)
    parser.add_argument("--save-sample", type=Path, help="keep the playouts' shares in this .npz")
    parser.add_argument("--load-sample", type=Path, help="fit on a sample kept by --save-sample")
    add_output_arguments(parser)
    args = parser.parse_args()
    if args.load_sample:
        sample = dict(np.load(args.load_sample))
    else:
        sample = collect(args.games, args.per_game, args.playouts)
        if args.save_sample:
            np.savez(args.save_sample, **sample)
    X, y, game = features(sample), sample["y"].astype(float), sample["game"]
    print(f"{len(y)} positions from {len(np.unique(game))} games, {int(sample['playouts'][0])} playouts each")
    cv = {lam: cross_validated(X, y, game, lam) for lam in PENALTIES}
    for lam, score in cv.items():
        print(f"  penalty {lam:5.1f}: Brier {score:.4f} (4-fold cross-validation by game)")
    penalty = min(cv, key=cv.__getitem__)
    w = fit(X, y, penalty)
    boot = bootstrap(X, y, game, penalty)
    low, high = np.percentile(boot, [2.5, 97.5], axis=0)
    raw = float(np.mean(((sample["wins"] / sample["playouts"]) - y) ** 2))
    print(f"\npenalty {penalty}: Brier raw share {raw:.4f}, fitted (in sample) {brier(X, y, w):.4f}, "
          f"cross-validated {cv[penalty]:.4f}")
    for name, value, lo, hi in zip(("slope", *(f"shift {b}" for b in SHIFTED)), w, low, high, strict=True):
        print(f"  {name:18s} {value:+.3f}   (95 % bootstrap by game {lo:+.2f} .. {hi:+.2f})")
    path = output_path(ROOT / SHIPPED, args.out, args.force)
    write(path, w)
    load_correction(path)  # what was written reads back as a valid table
    print(f"\nwrote {path}")


if __name__ == "__main__":
    main()
