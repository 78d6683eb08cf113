"""Golden playthroughs of seeded Splendor games: write them, and rebuild their transcripts for the test.

A golden file records a game's set-up and every action; after each action it
records a one-line summary of the resulting state. The test replays the
actions with the current engine and compares the whole transcript, so any
silent rule change shows up as a diff.

The actions were chosen once by a simple seeded policy (``_policy`` below: catch
or evolve when possible; reserve for a master ball when rare/legendary cards
fill the display; otherwise a random legal move); the files do not depend on
any bot. Regenerate them, after a deliberate rule or card change, from the
project root with::

    .venv/bin/python tests/splendor/golden.py --write

and review the diff before committing.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from pokelab.splendor import (
    CARDS,
    Catch,
    Evolve,
    Reserve,
    State,
    Variant,
    apply,
    legal_actions,
    new_game,
    parse_action,
    result,
)

GOLDEN_DIR = Path(__file__).with_name("golden")
GAMES = {
    "two_players_seed_9.txt": (2, 9, Variant()),
    "three_players_seed_3.txt": (3, 3, Variant()),
    "four_players_scaled_seed_4.txt": (4, 4, Variant(supply="scaled")),
    "two_players_evolution_cost_seed_0.txt": (2, 0, Variant(evolution_cost=1, round_cap=60)),
    "two_players_round_cap_12_seed_7.txt": (2, 7, Variant(round_cap=12)),
}
SHORT = "rbgykm"


def _tok(t: tuple[int, ...]) -> str:
    return "".join(f"{k}{n}" for k, n in zip(SHORT, t, strict=True))


def summary(s: State) -> str:
    """One line: turn, supply, display, deck size, and each player's holdings."""
    players = " | ".join(
        f"P{i} {_tok(p.tok)} pts={p.points} cap={list(p.captured)} res={list(p.reserved)}"
        for i, p in enumerate(s.players)
    )
    return (
        f"  -> round={s.round} cur=P{s.current_player} phase={s.phase} evolved={int(s.evolved)} "
        f"ending={int(s.ending)} over={int(s.is_over)} supply={_tok(s.sup)} display={list(s.display)} "
        f"deck={s.deck_size} discard={list(s.discard)} || {players}"
    )


def header(players: int, seed: int, variant: Variant) -> list[str]:
    return [
        "# Splendor: Pokémon golden playthrough (regenerate: .venv/bin/python tests/splendor/golden.py --write)",
        f"players: {players}",
        f"seed: {seed}",
        f"variant: supply={variant.supply} evolution_cost={variant.evolution_cost} round_cap={variant.round_cap}"
        f" frozen_display={variant.frozen_display}",
    ]


def transcript(players: int, seed: int, variant: Variant, actions: list[str]) -> list[str]:
    """Replay ``actions`` (their str forms) from the seeded start; return every transcript line."""
    s = new_game(players, seed=seed, variant=variant)
    lines = [*header(players, seed, variant), "start:", summary(s)]
    for n, text in enumerate(actions, 1):
        action = parse_action(text)
        lines.append(f"{n}. P{s.current_player} {action}")
        s = apply(s, action)
        lines.append(summary(s))
    if s.is_over:
        r = result(s)
        lines.append(f"result: winners={list(r.winners)} scores={list(r.scores)} stalled={r.stalled}")
    else:
        lines.append("result: unfinished")
    return lines


def read(path: Path) -> tuple[int, int, Variant, list[str], list[str]]:
    """Parse a golden file: set-up, the action strings, and all its lines."""
    lines = path.read_text(encoding="utf-8").splitlines()
    players = int(lines[1].split(": ")[1])
    seed = int(lines[2].split(": ")[1])
    opts = dict(kv.split("=") for kv in lines[3].split(": ")[1].split())
    # files written before SP-T5 named no frozen_display: they were played under the written rules
    variant = Variant(opts["supply"], int(opts["evolution_cost"]), int(opts["round_cap"]),
                      opts.get("frozen_display", "wait"))
    actions = [line.split(" ", 2)[2] for line in lines if line[:1].isdigit()]
    return players, seed, variant, actions, lines


def _policy(s: State, rng: random.Random):
    legal = legal_actions(s)
    best = [a for a in legal if isinstance(a, Catch | Evolve)]
    if not best and s.players[s.current_player].tok[5] == 0:
        special = sum(CARDS[c].tier != "normal" for c in s.display)
        if special >= 2:
            best = [a for a in legal if isinstance(a, Reserve)]
    return rng.choice(best or legal)


def write() -> None:
    GOLDEN_DIR.mkdir(exist_ok=True)
    for name, (players, seed, variant) in GAMES.items():
        s, rng, actions = new_game(players, seed=seed, variant=variant), random.Random(seed), []
        while not s.is_over:
            a = _policy(s, rng)
            actions.append(str(a))
            s = apply(s, a)
        text = "\n".join(transcript(players, seed, variant, actions)) + "\n"
        (GOLDEN_DIR / name).write_text(text, encoding="utf-8")
        print(f"wrote {name}: {len(actions)} actions, {result(s)}")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit(__doc__)
    write()
