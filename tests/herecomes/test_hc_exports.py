"""One error type for both games (issue 13 §3) and an ``__all__`` in every public module."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import pokelab.herecomes
import pokelab.odds
import pokelab.splendor
from pokelab.errors import IllegalAction


def test_hc_and_splendor_export_the_identical_illegal_action_class():
    """HC-R2 and SP rules raise the same class: one ``except IllegalAction`` serves both games."""
    assert pokelab.herecomes.IllegalAction is pokelab.splendor.IllegalAction is IllegalAction
    assert "IllegalAction" in pokelab.herecomes.__all__ and "IllegalAction" in pokelab.splendor.__all__
    s = pokelab.herecomes.new_game(2, seed=0)
    with pytest.raises(pokelab.splendor.IllegalAction) as caught:
        pokelab.herecomes.apply(s, pokelab.herecomes.Discard(0, s.hands[0][0]))
    assert caught.value.rule == "HC-R2" and caught.value.message("zh")


def _public_modules(package):
    for info in pkgutil.iter_modules(package.__path__):
        if not info.name.startswith("_"):
            yield importlib.import_module(f"{package.__name__}.{info.name}")


@pytest.mark.parametrize("package", [pokelab.herecomes, pokelab.odds], ids=["herecomes", "odds"])
def test_every_public_module_says_what_may_be_imported(package):
    """Each public module has an ``__all__`` whose names exist; the package exports only real names."""
    for module in [package, *_public_modules(package)]:
        names = getattr(module, "__all__", None)
        assert names, f"{module.__name__} has no __all__"
        missing = [n for n in names if not hasattr(module, n)]
        assert not missing, (module.__name__, missing)
        assert len(set(names)) == len(names), module.__name__
