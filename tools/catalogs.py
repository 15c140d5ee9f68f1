"""Refresh and compile the translation catalogs (a developer's tool; needs Babel, which the
test extras install).

    python tools/catalogs.py               # extract, update every .po, compile
    python tools/catalogs.py compile       # only compile the .po files to .mo
    python tools/catalogs.py compile ru he # only those languages' .po files

Extracting reads every ``_()``, ``N_()`` and ``ngettext()`` in the package into
``nardy.pot``; updating merges it into each language's ``.po`` (new messages empty, removed
ones kept as obsolete ``#~`` lines for the translator); compiling writes the ``.mo`` files
the game reads. The tests check that the catalogs are current and complete.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

PACKAGE = Path(__file__).resolve().parent.parent / "nardy_tui"
LOCALE = PACKAGE / "locale"
DOMAIN = "nardy"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
TEMPLATE = LOCALE / f"{DOMAIN}.pot"


def extracted() -> Catalog:
    """Every message the package's code marks, in a fresh template catalog."""
    template = Catalog(project="nardy", fuzzy=False)
    method_map = [("**.py", "python")]
    for filename, _line, message, comments, context in extract_from_dir(
        str(PACKAGE), method_map=method_map, keywords=KEYWORDS
    ):
        template.add(message, None, [(filename, 0)], auto_comments=comments, context=context)
    return template


def po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def languages() -> list[str]:
    """The languages with a catalog (English, the source language, has none)."""
    return sorted(path.parent.parent.name for path in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def read(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file)


def update() -> None:
    """Write the template, and merge it into every language's catalog."""
    template = extracted()
    with TEMPLATE.open("wb") as file:
        write_po(file, template, omit_header=False, no_location=True, sort_output=True)
    for code in languages():
        catalog = read(po_path(code))
        catalog.update(template, no_fuzzy_matching=True)
        with po_path(code).open("wb") as file:
            write_po(file, catalog, no_location=True, sort_output=True, include_previous=False)


def compile_all(codes: list[str] | None = None) -> None:
    for code in codes or languages():
        catalog = read(po_path(code))
        with po_path(code).with_suffix(".mo").open("wb") as file:
            write_mo(file, catalog, use_fuzzy=False)


def main(args: list[str]) -> int:
    if args and args[0] != "compile":
        print(__doc__, file=sys.stderr)
        return 2
    if not args:
        update()
    compile_all(args[1:])
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
