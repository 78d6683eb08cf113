"""The word catalogue's command line: update the ``.po`` files from the code, check and compile them.

    python scripts/words.py update      # new texts in the code -> empty entries in every .po
    python scripts/words.py check       # exit 1 on a missing, fuzzy or mismatched translation
    python scripts/words.py compile     # .po -> .mo (the build does this too: hatch_build.py)
    python scripts/words.py init fr     # start a third language: one new .po file

``make words`` runs update, compile and check.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pokelab.words import (
    languages,
    maintain,
)
from pokelab.words.extract import extract_catalog


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("update")
    sub.add_parser("check")
    sub.add_parser("compile")
    start = sub.add_parser("init")
    start.add_argument("lang")
    options = parser.parse_args(argv)
    others = [lang for lang in languages() if lang != "en"]
    if options.command == "init":
        print(f"wrote {maintain.init(options.lang)}")
        return 0
    if options.command == "compile":
        for mo in maintain.compile_all():
            print(f"compiled {mo}")
        return 0
    template = extract_catalog()
    print(f"{len([m for m in template if m.id])} texts in the code")
    if options.command == "update":
        for lang in others:
            added, dropped = maintain.update(lang, template)
            print(f"{lang}: {added} new (to translate), {dropped} no longer used")
        return 0
    found = [p for lang in others for p in maintain.problems(lang, template)]
    for problem in found:
        print(problem)
    print(f"{len(found)} problem(s)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
