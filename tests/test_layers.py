"""The layers and their public faces (docs/architecture.md).

Inside the package, ``lint-imports`` checks the contracts in ``pyproject.toml``: the layers'
directions, their public faces, and no cycle among sibling modules. Beside it, this file
checks what import-linter does not see: the tests and benchmarks keep to the public faces
too, and what importing a layer actually loads.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import nardy_tui

PACKAGE = Path(nardy_tui.__file__).resolve().parent
ROOT = PACKAGE.parent
LAYERS = ("engine", "bot", "storage", "net", "online", "play", "ui", "serve", "lobby", "cli")
"""The layers: each a package with a public face, its ``__init__``."""
PARTS = {
    *LAYERS,
    "options",
    "i18n",
    "transfer_meta",
    "imported_when_used",
    "memory",
    "frame_pace",
    "__main__",
    "__init__",
}
"""Every top-level part of the package; a new one needs a place in the contracts."""


def _part(module: str) -> str:
    """The layer (or top-level module) a ``nardy_tui`` module belongs to."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _module_of(path: Path, root: Path = PACKAGE) -> str:
    relative = path.relative_to(root.parent).with_suffix("")
    parts = list(relative.parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


def _imported(path: Path, root: Path = PACKAGE) -> list[tuple[int, str]]:
    """Every ``nardy_tui`` module ``path`` (a file under ``root``) imports, with the line."""
    module = _module_of(path, root)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            if base == "nardy_tui":  # from nardy_tui import engine
                found += [(node.lineno, f"nardy_tui.{alias.name}") for alias in node.names]
            else:
                found.append((node.lineno, base))
    return [
        (line, name) for line, name in found if name == "nardy_tui" or name.startswith("nardy_tui.")
    ]


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` on the package found first under ``root``, with this project's
    contracts."""
    command = shutil.which("lint-imports")
    assert command is not None, "import-linter is one of the test extras"
    return subprocess.run(
        [command, "--config", str(ROOT / "pyproject.toml"), "--no-cache"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONPATH": str(root), "PATH": str(Path(command).parent)},
    )


def test_every_import_in_the_package_keeps_the_contracts() -> None:
    done = lint_imports(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize(
    "bad",
    [
        ("ui/sample.py", "from nardy_tui.engine.match import Match\n", "public face"),
        ("engine/sample.py", "def late():\n    import nardy_tui.ui\n", "downwards"),
        ("net/sample.py", "from nardy_tui import bot\n", "knows no bot"),
        ("engine/sample.py", "from nardy_tui.engine import geometry\n", "siblings"),
    ],
    ids=[
        "a submodule reached from outside",
        "an import upwards, inside a function",
        "a forbidden direction",
        "a cycle",
    ],
)
def test_the_contracts_catch_what_they_are_for(tmp_path: Path, bad: tuple[str, str, str]) -> None:
    where, code, contract = bad
    copy = tmp_path / "nardy_tui"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("*.npz", "locale"))
    (copy / where).write_text(code, encoding="utf-8")
    if contract == "siblings":  # and geometry imports it back
        geometry = copy / "engine" / "geometry.py"
        geometry.write_text(
            geometry.read_text(encoding="utf-8") + "\nfrom nardy_tui.engine import sample\n",
            encoding="utf-8",
        )
    done = lint_imports(tmp_path)
    assert done.returncode != 0
    assert contract in done.stdout.split("Broken contracts")[-1], done.stdout


def _sources() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


FACED = ("engine", "bot", "storage", "net", "online", "play", "serve")
"""The layers that code outside them reaches only through their package."""
OUTSIDE = ("tests", "benchmarks", "screenshots")
"""The code beside the package: it keeps to the public faces too."""
WHITE_BOX = {
    "tests/ui/test_fuzz.py": {"nardy_tui.storage.document", "nardy_tui.storage.paths"},
    "benchmarks/bot_speed.py": {"nardy_tui.bot.encoding", "nardy_tui.bot.expert"},
    "benchmarks/bearoff.py": {
        "nardy_tui.bot.bearoff",
        "nardy_tui.bot.bearoff_file",
        "nardy_tui.bot.expert",
    },
    "benchmarks/movegen_speed.py": {"nardy_tui.engine.movegen"},
}
"""Code outside a layer that looks inside it on purpose: the fuzz compares the save's own
document with the screen, the benchmarks time the network alone, the bear-off database's
solving and its file, and the move generator with its memory emptied. A layer's own tests
(``tests/engine`` for the engine) are free."""


def _outside_problems() -> list[str]:
    problems = []
    for path in sorted(p for folder in OUTSIDE for p in (PACKAGE.parent / folder).rglob("*.py")):
        where = path.relative_to(PACKAGE.parent)
        own = where.parts[1] if where.parts[0] == "tests" and len(where.parts) > 2 else None
        for line, name in _imported(path):
            target = _part(name)
            if (
                target in FACED
                and target != own
                and name != f"nardy_tui.{target}"
                and name not in WHITE_BOX.get(where.as_posix(), set())
            ):
                problems.append(f"{where}:{line}: import {name}: use nardy_tui.{target}")
    return problems


def test_tests_and_benchmarks_use_the_public_faces_outside_a_layers_own_tests() -> None:
    assert not _outside_problems(), "\n".join(_outside_problems())


def test_the_outside_check_reads_submodules_and_relative_imports(tmp_path: Path) -> None:
    ui = tmp_path / "nardy_tui" / "ui"
    ui.mkdir(parents=True)
    sample = ui / "sample.py"
    sample.write_text(
        "from nardy_tui.engine.match import Match\n"
        "from . import board\n"
        "from ..storage import saves\n"
        "def late():\n"
        "    import nardy_tui.cli\n",
        encoding="utf-8",
    )
    assert _imported(sample, tmp_path / "nardy_tui") == [
        (1, "nardy_tui.engine.match"),
        (2, "nardy_tui.ui"),
        (3, "nardy_tui.storage"),
        (5, "nardy_tui.cli"),
    ]


def test_the_package_is_made_of_the_known_parts() -> None:
    parts = {_part(_module_of(path)) for path in _sources()}
    assert parts == PARTS, "a new top-level part: give it a place in the contracts"


def loaded_by(modules: str, *, unwanted: tuple[str, ...]) -> list[str]:
    """The modules a fresh interpreter has loaded after importing ``modules`` and taking
    every name their faces offer (a face may import some only when asked), that belong to
    the ``unwanted`` packages or to the UI and the command line: what is actually loaded,
    not what the source says."""
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}.split(', '):\n"
        "    face = importlib.import_module(name)\n"
        "    [getattr(face, offered) for offered in face.__all__]\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {unwanted!r}\n"
        "             or m.startswith(('nardy_tui.ui', 'nardy_tui.cli')))\n"
        "print(','.join(bad))\n"
    )
    return [name for name in printed_by_a_fresh_interpreter(code).split(",") if name]


def printed_by_a_fresh_interpreter(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    return done.stdout.strip()


def test_importing_the_bot_storage_net_or_online_loads_no_numpy_textual_twisted_or_ui() -> None:
    """Twisted and magic-wormhole load only when two players meet by a code."""
    pulled = loaded_by(
        "nardy_tui.bot, nardy_tui.storage, nardy_tui.net, nardy_tui.online",
        unwanted=("numpy", "textual", "twisted", "wormhole"),
    )
    assert pulled == [], f"pulled in: {pulled}"


def test_importing_the_play_core_loads_no_textual_rich_numpy_or_ui() -> None:
    """The game without a screen."""
    pulled = loaded_by("nardy_tui.play", unwanted=("numpy", "textual", "rich"))
    assert pulled == [], f"pulled in: {pulled}"


def test_the_bot_layer_prints_nothing_and_draws_no_progress_bar() -> None:
    """Training and the arena report through callbacks; the command line prints."""
    found = []
    for path in sorted((PACKAGE / "bot").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "print":
                found.append(f"{path.name}:{node.lineno}: print")
            if isinstance(node, ast.ImportFrom | ast.Import):
                names = (
                    [node.module or ""]
                    if isinstance(node, ast.ImportFrom)
                    else [alias.name for alias in node.names]
                )
                found += [
                    f"{path.name}:{node.lineno}: {name}"
                    for name in names
                    if name.split(".")[0] == "rich"
                ]
    assert not found, found


def test_the_game_loads_no_twisted_until_two_players_meet_by_a_code() -> None:
    """The first frame is no slower for the network play: the command line and the app
    load Twisted and magic-wormhole only when a rendezvous starts."""
    code = (
        "import sys, nardy_tui.cli, nardy_tui.ui.app\n"
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('twisted', 'wormhole'))))\n"
    )
    assert printed_by_a_fresh_interpreter(code) == ""


NOT_FOR_THE_FIRST_SCREEN = (
    "nardy_tui.net",
    "nardy_tui.bot.review",
    "nardy_tui.bot.arena",
    "nardy_tui.storage.record",
    "nardy_tui.ui.served_driver",
    "twisted",
    "wormhole",
    "numpy",
    "bidi",
    "arabic_reshaper",
)
"""What the first screen in a terminal never needs: the network layer (a match with a
friend), the review, the arena and the records' reader and writer (commands and screens of
their own), the driver of a game served to a browser, what they stand on, and the ordering
of right-to-left text (the languages' own names in the list are kept ordered). Each costs
every start its import (the first frame's target is 0.5 s, ``benchmarks/startup.py``)."""

NEEDED_BY_THE_GAME = ("nardy_tui.bot.review",)
"""What of it the game screen needs: the tutor judges a turn by the review's verdicts."""

FIRST_SCREEN = (
    "import asyncio, sys\n"
    "from nardy_tui.options import LaunchOptions\n"
    "from nardy_tui.ui.app import NardyApp\n"
    "async def first_screen(launch, unwanted):\n"
    "    app = NardyApp(launch)\n"
    "    async with app.run_test(size=(120, 40)) as pilot:\n"
    "        await pilot.pause()\n"
    "        shown = type(app.screen).__name__\n"
    "        loaded = [m for m in sys.modules if m.startswith(unwanted)]\n"
    "        print((shown, sorted(loaded)))\n"
    "asyncio.run(first_screen(LaunchOptions(resume={resume}), {unwanted!r}))\n"
)
"""Start the app as ``nardy`` does (``--resume`` if ``resume``) to its first screen; then
say which screen it is and what of ``unwanted`` was loaded."""


@pytest.mark.parametrize(
    ("saved", "resume", "first_screen"),
    [
        (False, None, "NewMatchScreen"),
        (True, None, "ResumeDialog"),
        (True, True, "GameScreen"),
    ],
    ids=["the new-match screen", "the question whether to resume", "a match resumed at once"],
)
def test_the_first_screen_loads_no_network_review_arena_or_records(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    saved: bool,
    resume: bool | None,
    first_screen: str,
) -> None:
    """They come in when a match with a friend, a review or the arena is asked for (the
    review's verdicts with the game screen, ``NEEDED_BY_THE_GAME``)."""
    monkeypatch.setenv("NARDY_HOME", str(tmp_path))
    if saved:
        from nardy_tui.engine import Match
        from nardy_tui.options import MatchOptions
        from nardy_tui.storage import save_match

        save_match(Match(length=3, seed=1), MatchOptions())
    unwanted = tuple(
        name
        for name in NOT_FOR_THE_FIRST_SCREEN
        if first_screen != "GameScreen" or name not in NEEDED_BY_THE_GAME
    )
    code = FIRST_SCREEN.format(resume=resume, unwanted=unwanted)
    shown, loaded = ast.literal_eval(printed_by_a_fresh_interpreter(code))
    assert shown == first_screen
    assert loaded == [], f"the first screen loaded {loaded}"
