"""Where a script that regenerates a lesson's shipped table writes it: the ``--out``/``--force`` choice, made once.

Run as a lesson says ("run it again to check"), a script must not overwrite the
data the lesson reads: by default it writes ``<name>.check.csv`` beside the
shipped file to compare with it; ``--force`` overwrites the shipped file,
``--out`` writes elsewhere. Used by ``solo_round_points.py`` and ``trainer_games.py``.

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_output_arguments(parser)
>>> args = parser.parse_args(["--force"])
>>> output_path(Path("data/table.csv"), args.out, args.force)
PosixPath('data/table.csv')
>>> output_path(Path("data/table.csv")), output_path(Path("data/table.csv"), Path("x.csv"), force=True)
(PosixPath('data/table.check.csv'), PosixPath('x.csv'))
"""

from __future__ import annotations

import argparse
from pathlib import Path

__all__ = ["add_output_arguments", "output_path"]


def add_output_arguments(parser: argparse.ArgumentParser) -> None:
    """Give ``parser`` the ``--out`` and ``--force`` options ``output_path`` reads."""
    parser.add_argument("--out", type=Path, help="where to write (default: a new file beside the shipped one)")
    parser.add_argument("--force", action="store_true", help="overwrite the shipped CSV the lesson reads")


def output_path(shipped: Path, out: Path | None = None, force: bool = False) -> Path:
    """Where the table goes: ``out`` if given, the ``shipped`` CSV with ``force``, else ``<name>.check.csv`` beside it."""
    if out is not None:
        return out
    return shipped if force else shipped.with_name(shipped.stem + ".check.csv")
