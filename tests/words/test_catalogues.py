"""The word catalogues: complete, consistent with the code, compiled, and open to a third language."""

from __future__ import annotations

import gettext
import io
import os
import re
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from pokelab.words import _, _n, _p, languages, maintain, render, translate
from pokelab.words import catalogue as words_catalogue
from pokelab.words.pseudo import PSEUDO, leaks, pseudo_text

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("lang", [lang for lang in languages() if lang != "en"])
def test_every_text_of_the_code_has_its_translation(lang, template):
    """Each message the code and the card files show has a checked translation with the same placeholders."""
    assert maintain.problems(lang, template) == []


def test_the_english_texts_name_the_master_ball_as_the_rulebooks_do(template):
    """"Master Ball" (plural "Master Balls"), capitalised as in the lessons, the rulebooks and the glossary."""
    spelled = re.compile(r"master\s+balls?", re.IGNORECASE)
    wrong = [
        text for message in template if message.id
        for text in (message.id if isinstance(message.id, tuple) else (message.id,))
        if any(found not in ("Master Ball", "Master Balls") for found in spelled.findall(text))
    ]
    assert wrong == []
    assert wrong == []


def test_the_english_texts_say_catch_and_never_a_mouse_alone(template):
    """The kit catches cards, it never buys them, and a tablet has no mouse: a pupil taps or picks (issue 42 item 5).

    "Click balls…" / "buy cards" read wrong beside the boards' Catch button and on a tablet; "click" may stand
    only beside "tap" ("Tap or click a point").
    """
    texts = [
        text for message in template if message.id
        for text in (message.id if isinstance(message.id, tuple) else (message.id,))
    ]
    assert [t for t in texts if re.search(r"\b(buy|buys|bought|purchase)\b", t, re.IGNORECASE)] == []
    assert [t for t in texts if re.search(r"\bclick", t, re.IGNORECASE) and not re.search(r"\btap\b", t, re.IGNORECASE)] == []


def test_the_kit_ships_chinese():
    assert languages()[:2] == ("en", "zh")


def test_the_compiled_catalogue_says_what_the_po_says():
    """The build hook's .mo (or the in-memory compile of a stale one) answers every entry of the .po."""
    with open(maintain.po_path("zh"), "rb") as handle:
        catalog = read_po(handle)
    checked = 0
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, tuple):
            got = words_catalogue.translations("zh").npgettext(message.context, *message.id, 5) if message.context \
                else words_catalogue.translations("zh").ngettext(*message.id, 5)
            assert got == message.string[0]
        else:
            got = words_catalogue.translations("zh").pgettext(message.context, message.id) if message.context \
                else words_catalogue.translations("zh").gettext(message.id)
            assert got == message.string, message.id
        checked += 1
    assert checked > 100


def test_a_third_language_is_one_po_file(tmp_path):
    """A school adds a language with one .po in a folder of $POKELAB_LOCALE_PATH; the kit speaks it."""
    folder = tmp_path / "locale" / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "pokelab.po").write_text(
        textwrap.dedent(
            """\
            msgid ""
            msgstr ""
            "Language: fr\\n"
            "Content-Type: text/plain; charset=utf-8\\n"
            "Plural-Forms: nplurals=2; plural=(n > 1);\\n"

            msgctxt "colour"
            msgid "red"
            msgstr "rouge"

            msgid "Master Ball"
            msgstr "Master Ball"

            msgctxt "Pokémon"
            msgid "Mewtwo"
            msgstr "Mewtwo"
            """
        ),
        encoding="utf-8",
    )
    code = textwrap.dedent(
        """\
        from pokelab.words import languages
        from pokelab.splendor.names import colour_name, pokemon_name
        from pokelab.words import check_lang
        print(languages(), check_lang("fr"), colour_name("red").render("fr"), pokemon_name("Mewtwo").render("fr"))
        print(colour_name("green").render("fr"))
        """
    )
    env = {**os.environ, "POKELAB_LOCALE_PATH": str(tmp_path / "locale"), "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == ["('en', 'fr', 'zh') fr rouge Mewtwo", "green"]  # untranslated: English


def test_plural_forms_follow_the_language():
    assert _n("{count} point", "{count} points", 1).render("en") == "1 point"
    assert _n("{count} point", "{count} points", 3).render("en") == "3 points"
    assert translate("en", "{count} token", plural="{count} tokens", count=1) == "1 token"


def test_fields_that_are_texts_speak_the_same_language():
    colour = _p("colour", "purple")
    assert render(colour, "zh") == "紫色"
    assert render("Ann", "zh") == "Ann"


def test_a_text_is_immutable_and_hashable():
    text = _("Master Ball")
    assert {text: 1}[_("Master Ball")] == 1
    with pytest.raises(AttributeError):
        text.source = "x"  # type: ignore[misc]


def test_bad_texts_and_languages_are_clear_errors():
    with pytest.raises(ValueError, match="non-empty English source"):
        _("")
    with pytest.raises(TypeError, match="must be text, a number or a Text"):
        _("{x}", x=object())
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        _("Master Ball").render("fr")
    with pytest.raises(ValueError, match="needs the field 'name'"):
        translate("en", "{name}")


def test_the_pseudo_language_marks_every_catalogue_text(pseudo):
    assert PSEUDO in languages()
    shown = _p("colour", "red").render(pseudo)
    assert shown == pseudo_text("red") and leaks(shown) == []
    assert leaks("Player 2 " + shown) == ["Player"]
    assert leaks("红色") == ["红色"]


def test_init_starts_a_new_language_with_every_text(tmp_path, monkeypatch, template):
    monkeypatch.setattr(maintain, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(maintain, "po_path", lambda lang: tmp_path / lang / "LC_MESSAGES" / "pokelab.po")
    monkeypatch.setattr(maintain, "REPO", tmp_path)
    path = maintain.init("fr")
    with open(path, "rb") as handle:
        started = read_po(handle)
    assert {m.id for m in started if m.id} == {m.id for m in template if m.id}
    with pytest.raises(FileExistsError):
        maintain.init("fr")
    with pytest.raises(ValueError, match="2–3 lowercase letters"):
        maintain.init("French!")


def test_the_wheel_carries_the_compiled_catalogues(tmp_path):
    """hatch_build.py compiles each .po at build time; the wheel (what Binder and pip install) carries the .mo."""
    uv = Path(sys.executable).with_name("uv")
    subprocess.run([str(uv), "build", "--wheel", "--quiet", "--out-dir", str(tmp_path), str(ROOT)], check=True)
    (wheel,) = tmp_path.glob("pokelab-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        mo = archive.read("pokelab/words/locale/zh/LC_MESSAGES/pokelab.mo")
    catalogue = gettext.GNUTranslations(io.BytesIO(mo))
    assert catalogue.pgettext("Pokémon", "Mewtwo") == "超梦"
