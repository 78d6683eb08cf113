"""Build hook: compile the word catalogues (``pokelab/words/locale/*/LC_MESSAGES/pokelab.po`` -> ``.mo``).

Hatchling runs it for every wheel and editable install (``make install``, Binder's
postBuild, ``pip install .``), so an installed kit reads compiled catalogues; the
``.mo`` files are build products (ignored by git) that the wheel carries.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CompileCatalogues(BuildHookInterface):
    """Compile each ``.po`` to its ``.mo`` with Babel before the files are collected."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        root = Path(self.root)
        for po in sorted(root.glob("pokelab/words/locale/*/LC_MESSAGES/pokelab.po")):
            with open(po, "rb") as handle:
                catalog = read_po(handle, domain="pokelab")
            with open(po.with_suffix(".mo"), "wb") as handle:
                write_mo(handle, catalog, use_fuzzy=False)
            build_data.setdefault("artifacts", []).append(str(po.with_suffix(".mo").relative_to(root)))
