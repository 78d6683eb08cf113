"""Print the speed of the issue-15 lesson widgets' Python side: building trees, the explorer's updates.

What a student waits for after a click is the kernel's answer: a tree rebuilt
for a new target (``draw_tree`` + the widget's JSON view) and the explorer's
answer to a slider move (exact law, 100 simulated rounds, the figure) or to
"draw 100/1000 more". The figures are CPU time (best of repeats), with the
size of the JSON the page receives.

Usage: ``python benchmarks/bench_probability_widgets.py [--repeats R]``
"""

from __future__ import annotations

import argparse
import json

from _timing import best_of, calibrate

from pokelab.odds.probability_tree import draw_tree
from widgets.bag_explorer import BagExplorer
from widgets.probability_tree import ProbabilityTree

TREES = [
    ("4 tokens, 2 draws", dict(bag={"red": 2, "blue": 1, "purple": 1}, draws=2, target="last:red")),
    ("game bag, 10 draws, lumped", dict(bag=None, draws=10, target="never:purple", lump=True)),
    ("game bag, last 2 of 10", dict(bag=None, draws=10, target="last:blue",
                                    shown=("red", "red", "blue", "green", "red", "yellow", "blue", "red"))),
    ("3 colours, 5 draws", dict(bag={"red": 4, "blue": 3, "purple": 2}, draws=5, target="never:purple")),
]


def bench_trees(repeats: int) -> None:
    print("probability tree: build + widget view")
    for name, kwargs in TREES:
        tree = draw_tree(**kwargs)
        widget = ProbabilityTree(**kwargs)
        build = best_of(repeats, lambda kw=kwargs: draw_tree(**kw))
        retarget = best_of(repeats, lambda w=widget, t=kwargs["target"]: w.set_target(t))
        size = len(json.dumps(widget.view))
        print(f"  {name:32s} {len(tree.nodes):4d} nodes  build {build * 1e3:7.2f} ms  "
              f"new target (rebuild + view) {retarget * 1e3:7.2f} ms  view {size / 1024:6.1f} KiB")


def bench_explorer(repeats: int) -> None:
    print("bag explorer: the kernel's answer")
    explorer = BagExplorer(seed=1)
    counts = iter(range(10**9))

    def slider() -> None:
        explorer.set_bag({"red": 6, "blue": 5, "green": 4, "yellow": 3, "purple": 2 + next(counts) % 5})

    print(f"  slider move (exact law, 100 rounds, figure) {best_of(repeats, slider) * 1e3:7.2f} ms")
    print(f"  draw 100 more                               {best_of(repeats, lambda: explorer.draw_more(100)) * 1e3:7.2f} ms")
    print(f"  draw 1000 more                              {best_of(repeats, lambda: explorer.draw_more(1000)) * 1e3:7.2f} ms")
    big = BagExplorer({c: 40 for c in ("red", "blue", "green", "yellow", "purple")}, draws=100, colour="red",
                      seed=1, max_count=40)
    print(f"  slider move, 200-token bag, 100 draws       {best_of(repeats, lambda: big.set_draws(100)) * 1e3:7.2f} ms")
    print(f"  view + figure JSON {len(json.dumps(explorer.view)) + len(json.dumps(explorer.figure))} bytes")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    print(f"calibration: {calibrate():.1f} ns per empty loop iteration")
    bench_trees(args.repeats)
    bench_explorer(args.repeats)


if __name__ == "__main__":
    main()
