"""Golden playthroughs of seeded Here Comes games: write them, and replay them in the tests.

A golden file lists a game's set-up, every action in its string form, and
checkpoint lines (``deal``, ``round``, ``result``) computed from the state. The
test replays the actions with ``parse_action`` and recomputes every checkpoint,
so a silent change to any rule (dealing, shuffles, checking, scoring, the end)
shows up as a difference.

Regenerate after an intended rule change (and review the diff):

    .venv/bin/python -m tests.herecomes.golden_tool --write
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from pokelab.bots import RandomBot
from pokelab.herecomes import (
    State,
    Variant,
    apply,
    legal_actions,
    new_game,
    observe,
    parse_action,
    result,
    sample,
)

GOLDEN = Path(__file__).with_name("golden")
GAMES = {
    "four_players_trainers_seed1.txt": {"players": 4, "seed": 1, "trainers": True, "redraw": "all"},
    "three_players_leader_redraw_seed2.txt": {"players": 3, "seed": 2, "trainers": True, "redraw": "leader"},
    "two_players_no_trainers_seed3.txt": {"players": 2, "seed": 3, "trainers": False, "redraw": "all"},
    "solo_practice_seed4.txt": {"players": 1, "seed": 4, "trainers": True, "redraw": "all"},
}


def start(options: dict) -> State:
    return new_game(
        options["players"],
        seed=options["seed"],
        trainers=options["trainers"],
        variant=Variant(redraw=options["redraw"]),
    )


def checkpoints(before: State | None, after: State) -> list[str]:
    """The checkpoint lines due after a transition (a new round's deal, a checked round, the end)."""
    lines = []
    if before is not None and after.summary is not None and after.summary is not before.summary:
        s = after.summary
        kept = ",".join(k or "-" for k in s["kept"])
        achieved = ";".join(",".join(a) or "-" for a in s["achieved"])
        lines.append(
            f"= round {s['round']}: tokens {','.join(s['tokens'])} returned {','.join(s['returned']) or '-'} "
            f"achieved {achieved} kept {kept} points {','.join(map(str, after.points))}"
        )
    if not after.is_over and (before is None or after.round != before.round):
        hands = " ".join(f"{p}=" + ",".join(h) for p, h in enumerate(after.hands))
        lines.append(f"= deal round {after.round} leader {after.leader}: {hands} deck {after.deck_size}")
    if after.is_over:
        r = result(after)
        lines.append(f"= result winners {list(r.winners)} scores {list(r.scores)} by_legend {r.by_legend}")
    return lines


def play(options: dict) -> list[str]:
    """A whole game played by RandomBots (chance by ``sample``), as golden lines."""
    rng = random.Random(options["seed"])
    bot = RandomBot()
    s = start(options)
    lines = [
        "# Here Comes Pokémon! golden playthrough (tests/herecomes/golden_tool.py).",
        "# Regenerate: .venv/bin/python -m tests.herecomes.golden_tool --write",
        "game " + " ".join(f"{k}={v}" for k, v in options.items()),
        f"= trainers {','.join(t or '-' for t in s.trainers)}",
        *checkpoints(None, s),
    ]
    while not s.is_over:
        if s.is_chance:
            action = sample(s, rng)
        else:
            p = s.to_move[rng.randrange(len(s.to_move))]
            action = bot.choose(observe(s, p), legal_actions(s, p), rng)
        after = apply(s, action)
        lines.append(str(action))
        lines.extend(checkpoints(s, after))
        s = after
    return lines


def replay(lines: list[str]) -> list[str]:
    """Re-run a golden file's actions and return the lines the engine produces now."""
    header = next(line for line in lines if line.startswith("game "))
    options: dict = {}
    for part in header.split()[1:]:
        key, _, value = part.partition("=")
        options[key] = value if key == "redraw" else (value == "True" if key == "trainers" else int(value))
    s = start(options)
    out = [line for line in lines if line.startswith("#")] + [header]
    out.append(f"= trainers {','.join(t or '-' for t in s.trainers)}")
    out.extend(checkpoints(None, s))
    for line in lines:
        if not line or line.startswith(("#", "=", "game ")):
            continue
        after = apply(s, parse_action(line))
        out.append(line)
        out.extend(checkpoints(s, after))
        s = after
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description="Write the Here Comes golden playthroughs.")
    parser.add_argument("--write", action="store_true", help="overwrite the files in tests/herecomes/golden/")
    args = parser.parse_args()
    for name, options in GAMES.items():
        lines = play(options)
        if args.write:
            (GOLDEN / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{name}: {sum(1 for x in lines if not x.startswith(('#', '=', 'game')))} actions")


if __name__ == "__main__":
    main()
