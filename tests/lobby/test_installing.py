"""A player's ``pip install .`` has none of the lobby server's packages (they are the
``server`` extra): nothing but the server imports them, and its package's face does not."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import nardy_tui

PACKAGE = Path(nardy_tui.__file__).resolve().parent
SERVER_ONLY = ("sqlalchemy", "alembic", "aiosqlite", "asyncpg")


def imported_packages(path: Path) -> set[str]:
    """The top-level packages ``path`` imports, anywhere in it (in functions too)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module.split(".")[0])
    return found


def test_only_the_lobby_server_imports_the_server_s_packages() -> None:
    lobby = PACKAGE / "lobby"
    outside = [
        f"{path.relative_to(PACKAGE.parent)}: {sorted(imported_packages(path) & set(SERVER_ONLY))}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if lobby not in path.parents and imported_packages(path) & set(SERVER_ONLY)
    ]
    assert outside == []


def test_importing_the_lobby_package_loads_no_database() -> None:
    """The store and its database drivers load when a server starts, not when anything
    names the package."""
    code = (
        "import sys, nardy_tui.lobby\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {SERVER_ONLY!r}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == "[]"
