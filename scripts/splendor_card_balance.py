"""Does any Splendor: Pokémon card dominate? Simulate games and report each card's win-rate lift.

For every finished (not stalled) game and every player, a card counts as "held"
if the player captured it at any time (an evolved-away base counts too). The
card's lift is the mean, over those appearances, of (win share − 1/players):
a card no better than any other has a lift near 0; a card that decides games
has a large positive lift. Cards with points always lift a little (points win
games), so the report also compares each card with the cards of the same
points value (``vs peers``) and flags outliers: a lift more than ``--flag``
(default 0.10) away from the peer mean *and* more than 3 standard errors away,
with at least 30 appearances (with 90 cards, a 2-sigma rule would flag several
cards by chance alone).

Policies (each plays every seat of its games):
- ``catch``  — random play that always catches or evolves when it can;
- ``greedy`` — ``pokelab.bots`` GreedyBot (if installed);
- ``random`` — uniformly random legal actions (most games stall at the round cap).

Games use the default ``Variant()`` (the frozen-display sweep, SP-T5);
``--frozen-display wait`` measures the written rule instead.

Usage: ``python scripts/splendor_card_balance.py [--games 600] [--policies catch,greedy] [--players 2,3,4]
[--frozen-display sweep|wait] [--out FILE]``
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from statistics import mean, pstdev

from pokelab.splendor import (
    CARDS,
    Catch,
    Evolve,
    Variant,
    apply,
    legal_actions,
    new_game,
    observe,
    result,
)
from pokelab.splendor.state import FROZEN_DISPLAY


def _catch_policy(s, rng):
    legal = legal_actions(s)
    best = [a for a in legal if isinstance(a, Catch | Evolve)]
    return rng.choice(best or legal)


def _random_policy(s, rng):
    legal = legal_actions(s)
    return legal[rng.randrange(len(legal))]


def _greedy_policy():
    try:
        from pokelab.bots.splendor_greedy import GreedyBot
    except ImportError:  # the bots package may not ship it yet
        return None
    bot = GreedyBot()

    def policy(s, rng):
        return bot.choose(observe(s, s.current_player), legal_actions(s), rng)

    return policy


def play(policy, players: int, seed: int, variant: Variant | None = None):
    """One game; return (result, cards each player ever captured)."""
    s = new_game(players, seed=seed, variant=variant)
    rng = random.Random(seed)
    held: list[set[int]] = [set() for _ in range(players)]
    while not s.is_over:
        cur = s.current_player
        s = apply(s, policy(s, rng))
        held[cur].update(s.players[cur].captured)
    return result(s), held


def simulate(policies: dict, games: int, player_counts: list[int], variant: Variant | None = None):
    """Play ``games`` games per policy, spread over the player counts; collect per-card appearances."""
    appearances: dict[int, list[float]] = defaultdict(list)  # card -> [win share - 1/n]
    stats = {}
    for name, policy in policies.items():
        t0 = time.process_time()
        stalled = finished = 0
        for g in range(games):
            players = player_counts[g % len(player_counts)]
            r, held = play(policy, players, seed=g, variant=variant)
            if r.stalled:
                stalled += 1
                continue
            finished += 1
            for i in range(players):
                share = (1 / len(r.winners)) if i in r.winners else 0.0
                for c in held[i]:
                    appearances[c].append(share - 1 / players)
        stats[name] = (finished, stalled, time.process_time() - t0)
    return appearances, stats


def report(appearances, stats, flag: float) -> tuple[str, list[int]]:
    """A markdown report: per-policy totals, then every card's lift, outliers flagged."""
    lines = ["| policy | finished | stalled | CPU s |", "|---|---:|---:|---:|"]
    for name, (fin, st, secs) in stats.items():
        lines.append(f"| {name} | {fin} | {st} | {secs:.0f} |")
    lift = {c: mean(v) for c, v in appearances.items() if v}
    by_points: dict[int, list[float]] = defaultdict(list)
    for c, x in lift.items():
        by_points[CARDS[c].points].append(x)
    peer = {p: mean(v) for p, v in by_points.items()}
    lines += [
        "",
        "| card | tier | stage | pts | cost | n | lift | ±SE | vs peers | flag |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    outliers = []
    for c in sorted(lift, key=lambda c: -lift[c]):
        card = CARDS[c]
        n = len(appearances[c])
        rel = lift[c] - peer[card.points]
        se = pstdev(appearances[c]) / n**0.5 if n > 1 else float("inf")
        bad = n >= 30 and abs(rel) > max(flag, 3 * se)
        if bad:
            outliers.append(c)
        lines.append(
            f"| {c} {card.name_en} {card.name('zh')} | {card.tier} | {card.stage} | {card.points} | "
            f"{card.total_cost} | {n} | {lift[c]:+.3f} | {se:.3f} | {rel:+.3f} | {'**outlier**' if bad else ''} |"
        )
    never = [c for c in CARDS if c not in lift]
    if never:
        lines.append("")
        lines.append("Never captured in a finished game: " + ", ".join(f"{c} {CARDS[c].name_en}" for c in never))
    lines.append("")
    lines.append(
        "Mean lift by points: "
        + ", ".join(f"{p} pts {peer[p]:+.3f} ({len(by_points[p])} cards)" for p in sorted(peer))
    )
    lines.append(
        f"Largest lift: {max(lift.values()):+.3f}; outliers (|vs peers| > max({flag}, 3 SE)): {len(outliers)}"
    )
    return "\n".join(lines), outliers


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=600, help="games per policy (default 600)")
    ap.add_argument("--policies", default="catch,greedy", help="comma list of catch, greedy, random")
    ap.add_argument("--players", default="2,3,4", help="player counts to rotate through")
    ap.add_argument("--flag", type=float, default=0.10, help="flag |lift - peer mean| above this")
    ap.add_argument("--frozen-display", choices=FROZEN_DISPLAY, default=Variant().frozen_display,
                    help="SP-T5: sweep a frozen display (default) or wait (the written rule)")
    ap.add_argument("--out", help="also write the markdown report to this file")
    args = ap.parse_args(argv)
    policies = {}
    for name in args.policies.split(","):
        if name == "catch":
            policies[name] = _catch_policy
        elif name == "random":
            policies[name] = _random_policy
        elif name == "greedy":
            greedy = _greedy_policy()
            if greedy is None:
                print("GreedyBot not available: skipping the greedy policy", file=sys.stderr)
                continue
            policies[name] = greedy
        else:
            ap.error(f"unknown policy {name!r}")
    counts = [int(x) for x in args.players.split(",")]
    appearances, stats = simulate(policies, args.games, counts, Variant(frozen_display=args.frozen_display))
    text, _outliers = report(appearances, stats, args.flag)
    print(text)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as fh:
            fh.write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
