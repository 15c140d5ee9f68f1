"""The game in its players' languages: the catalogs are complete and current, and the
language is chosen as the player asked (``--lang``, the game's setting, the environment)."""

from __future__ import annotations

import gettext
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from nardy_tui.i18n import (
    DOMAIN,
    LANGUAGES,
    LOCALE_DIR,
    RIGHT_TO_LEFT,
    Shown,
    UnknownLanguage,
    _,
    clause,
    current_language,
    ngettext,
    use_language,
    visual,
)

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import catalogs  # noqa: E402  (tools/catalogs.py, the developers' catalog tool)

TRANSLATED = [code for code in LANGUAGES if code != "en"]
PLACEHOLDER = re.compile(r"\{(\w*)\}")


@pytest.fixture(autouse=True)
def back_to_english() -> Iterator[None]:
    yield
    use_language("en")


def catalog(code: str) -> Catalog:
    return catalogs.read(catalogs.po_path(code))


def forms(message_string: str | tuple[str, ...]) -> tuple[str, ...]:
    return message_string if isinstance(message_string, tuple) else (message_string,)


def test_every_language_but_english_has_a_catalog() -> None:
    assert catalogs.languages() == sorted(TRANSLATED)


def test_the_template_lists_exactly_the_messages_the_code_marks() -> None:
    marked = {message.id for message in catalogs.extracted() if message.id}
    listed = {message.id for message in catalogs.read(catalogs.TEMPLATE) if message.id}
    assert marked == listed, "run: python tools/catalogs.py"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_and_none_is_stale(code: str) -> None:
    template = {message.id for message in catalogs.read(catalogs.TEMPLATE) if message.id}
    translated = catalog(code)
    ids = {message.id for message in translated if message.id}
    assert ids == template, "run: python tools/catalogs.py, then translate"
    missing = [
        message.id for message in translated if message.id and not all(forms(message.string))
    ]
    assert not missing, f"{code}: not translated: {missing[:5]}"
    fuzzy = [message.id for message in translated if message.id and message.fuzzy]
    assert not fuzzy, f"{code}: marked fuzzy: {fuzzy[:5]}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_placeholders_survive_translation(code: str) -> None:
    for message in catalog(code):
        if not message.id:
            continue
        wanted = set(PLACEHOLDER.findall(forms(message.id)[-1]))
        for form in forms(message.string):
            found = set(PLACEHOLDER.findall(form))
            # A singular form may leave its count out ("one point"), no form may invent one.
            assert found <= wanted and (found == wanted or message.pluralizable), (
                f"{code}: {message.id!r} -> {form!r}"
            )


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_compiled_catalog_is_the_catalog(code: str) -> None:
    """The game reads the .mo file: it must say what the .po file says."""
    with (LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as file:
        compiled = gettext.GNUTranslations(file)
    translated = catalog(code)
    form_for = gettext.c2py(translated.plural_expr)
    for message in translated:
        if not message.id:
            continue
        if message.pluralizable:
            singular, plural = message.id
            for count in (*range(30), 100, 101, 102, 111, 1000):
                assert (
                    compiled.ngettext(singular, plural, count)
                    == forms(message.string)[form_for(count)]
                ), (singular, count)
        else:
            assert compiled.gettext(message.id) == message.string, "python tools/catalogs.py"


def test_an_unknown_language_is_refused_with_the_list_of_languages() -> None:
    with pytest.raises(UnknownLanguage, match=r"unknown language 'xx'; available: en"):
        use_language("xx")
    assert current_language() == "en"


def test_english_needs_no_catalog_and_plurals_follow_the_count() -> None:
    use_language("en")
    assert _("Roll the dice first: press r.") == "Roll the dice first: press r."
    assert ngettext("{count} point", "{count} points", 1).format(count=1) == "1 point"
    assert ngettext("{count} point", "{count} points", 7).format(count=7) == "7 points"


@pytest.mark.parametrize("code", sorted(RIGHT_TO_LEFT))
def test_right_to_left_lines_are_put_in_visual_order_after_their_placeholders(code: str) -> None:
    use_language(code)
    logical = gettext.translation(DOMAIN, LOCALE_DIR, [code]).gettext("Moved {steps}.")
    shown = _("Moved {steps}.").format(steps="24/21 13/9")
    assert "13/9 24/21" in shown, "each move as it is written, the first one rightmost"
    assert shown != logical.format(steps="24/21 13/9"), "the words are reordered"
    use_language(code, reorder_rtl=False)
    assert _("Moved {steps}.").format(steps="24/21 13/9") == logical.format(steps="24/21 13/9")


def test_a_right_to_left_line_reads_from_the_right_with_its_numbers_whole() -> None:
    use_language("he")
    assert visual("רמז: 24/16(2) (+0.68), מסומן (r).") == ".(r) ןמוסמ ,(+0.68) 24/16(2) :זמר"
    assert visual("לבן 2 - 0 שחור") == "רוחש 0 - 2 ןבל", "each score beside its own player"
    nested = _("{move}: {reason}").format(move="24/18", reason=Shown.of("שלום עולם."))
    assert nested.reading.endswith("שלום עולם.") and "םלוע םולש" in nested


def run_nardy(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "nardy_tui", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=False,
    )


def test_lang_picks_the_language_of_the_help(tmp_path: Path) -> None:
    env = {"NARDY_HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    english = run_nardy("--help", env=env).stdout
    russian = run_nardy("--lang", "ru", "--help", env=env).stdout
    assert "--lang CODE" in english and russian != english
    from_environment = run_nardy("--help", env={**env, "LANG": "ru_RU.UTF-8"}).stdout
    assert from_environment == russian


def test_an_unknown_lang_is_one_line_naming_the_languages(tmp_path: Path) -> None:
    done = run_nardy("--lang", "xx", env={"NARDY_HOME": str(tmp_path)})
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
    assert "unknown language 'xx'" in done.stderr and "ru (Русский)" in done.stderr


def test_hebrew_and_arabic_names_read_right_in_the_list_of_languages_in_any_language() -> None:
    from nardy_tui.i18n import language_name

    use_language("ru")
    assert language_name("he") == "תירבע" and language_name("ru") == "Русский"
    assert _("Language: {name}").format(name=language_name("he")).endswith("תירבע")
    use_language("he")
    assert _("Language: {name}").format(name=language_name("he")).startswith("תירבע")
    use_language("ru", reorder_rtl=False)  # a terminal that reorders by itself
    assert language_name("he") == "עברית"


def test_the_right_to_left_languages_names_are_kept_as_visual_order_draws_them() -> None:
    from nardy_tui.i18n import LANGUAGES, NAMES_IN_VISUAL_ORDER, RIGHT_TO_LEFT, _ordered

    assert NAMES_IN_VISUAL_ORDER.keys() == RIGHT_TO_LEFT
    for code, shown in NAMES_IN_VISUAL_ORDER.items():
        assert shown == _ordered(LANGUAGES[code])


def test_a_right_to_left_paragraph_is_broken_into_lines_before_each_is_reordered() -> None:
    from nardy_tui.i18n import broken_into_lines

    use_language("he")
    paragraph = Shown.of("אחת שתיים שלוש ארבע חמש שש שבע שמונה")
    lines = broken_into_lines(paragraph, 16).split("\n")
    assert len(lines) > 1 and all(len(line) <= 16 for line in lines)
    assert lines[0] == visual("אחת שתיים שלוש"), "the first words on the first line"
    use_language("en")
    assert broken_into_lines(Shown.of("one two three four five"), 8) == "one two three four five"


def test_an_errors_own_sentence_inside_ours_loses_its_full_stop_and_nothing_else() -> None:
    refused = ConnectionRefusedError("Connection was refused by other side: 111: Refused.")
    said = f"cannot reach the mailbox ({clause(refused)})."
    assert said == "cannot reach the mailbox (Connection was refused by other side: 111: Refused)."
    assert clause("is the host's game open?") == "is the host's game open?"
    assert clause("Trying…") == "Trying…"
