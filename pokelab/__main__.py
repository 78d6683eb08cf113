"""``python -m pokelab`` runs the command line (see ``pokelab.cli``)."""

import sys

from pokelab.cli import main

if __name__ == "__main__":
    sys.exit(main())
