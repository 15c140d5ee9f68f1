"""The engine imports only the standard library (docs/architecture.md): never textual, rich, or
anything from the UI, the bot or storage. Its one other import is ``nardy_tui.i18n``, the
leaf (standard library only) that puts its reasons in the player's language."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import nardy_tui.engine

ENGINE = Path(nardy_tui.engine.__file__).resolve().parent
FORBIDDEN = ("textual", "rich", "nardy_tui.ui", "nardy_tui.bot", "nardy_tui.storage")


def test_importing_the_engine_loads_no_ui_bot_or_storage_module() -> None:
    code = (
        "import sys, nardy_tui.engine, nardy_tui.engine.match, nardy_tui.engine.turn\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN[:2]!r}\n"
        f"             or m.startswith({FORBIDDEN[2:]!r}))\n"
        "print(','.join(bad))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == "", f"the engine pulled in: {done.stdout.strip()}"


def _imports(path: Path) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path.name}:{node.lineno}: use absolute imports"
            found.append((node.lineno, node.module or ""))
    return found


def test_every_engine_import_is_standard_library_or_the_engine_itself() -> None:
    files = sorted(ENGINE.glob("*.py"))
    assert {path.name for path in files} >= {"movegen.py", "turn.py", "match.py"}
    wrong = [
        f"{path.name}:{line}: import {name}"
        for path in files
        for line, name in _imports(path)
        if name.split(".")[0] not in sys.stdlib_module_names
        and name not in ("nardy_tui.engine", "nardy_tui.i18n")
        and not name.startswith("nardy_tui.engine.")
    ]
    assert not wrong, "\n".join(wrong)
