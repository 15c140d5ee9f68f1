"""The README is a front page a player reads in a few minutes, and every page it leads to is
there: each relative link in README.md and docs/*.md names a file that exists and, where it
names a section, a heading that file has."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

CODE = re.compile(r"^```.*?^```|`[^`\n]*`", re.MULTILINE | re.DOTALL)
"""Fenced blocks and inline code, where brackets and parentheses are not links."""
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6} +(.+?) *$", re.MULTILINE)


def links(page: Path) -> list[str]:
    return LINK.findall(CODE.sub("", page.read_text(encoding="utf-8")))


def anchors(page: Path) -> set[str]:
    """The names GitHub gives a page's headings: lower case, spaces as hyphens, punctuation
    but hyphens and underscores dropped, a repeated name numbered from -1."""
    text = re.sub(r"^```.*?^```", "", page.read_text(encoding="utf-8"), flags=re.M | re.S)
    names: set[str] = set()
    for heading in HEADING.findall(text):
        name = re.sub(r"[^\w\- ]", "", heading.replace("`", "").lower()).replace(" ", "-")
        repeat = 0
        while (numbered := f"{name}-{repeat}" if repeat else name) in names:
            repeat += 1
        names.add(numbered)
    return names


def test_the_readme_is_a_front_page_of_at_most_15_000_bytes() -> None:
    assert (ROOT / "README.md").stat().st_size <= 15_000


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_every_relative_link_names_a_file_and_a_section_that_are_there(page: Path) -> None:
    broken = []
    for target in links(page):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, section = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        if not linked.exists():
            broken.append(f"{target}: no such file")
        elif section and linked.suffix == ".md" and section not in anchors(linked):
            broken.append(f"{target}: no such heading")
    assert not broken, f"{page.name}: " + "; ".join(broken)


def test_the_readme_leads_to_every_page_in_docs() -> None:
    linked = {target.partition("#")[0] for target in links(ROOT / "README.md")}
    for page in sorted((ROOT / "docs").glob("*.md")):
        assert f"docs/{page.name}" in linked, f"the README does not lead to {page.name}"
