"""Each of ``serve/textual_serve_patches``'s uses of textual-serve's private API and files,
and each public method the server overrides, checked against the textual-serve installed: a
test fails if textual-serve removed or renamed what the server relies on (run these before
moving the ``textual-serve==1.1.3`` pin), and each patch still does what it is for."""

from __future__ import annotations

import asyncio
import inspect
import re
import sys
from importlib.metadata import version
from pathlib import Path

import pytest
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

from nardy_tui.serve import textual_serve_patches
from nardy_tui.serve.deliveries import Deliveries
from nardy_tui.serve.game_process import GameProcess
from nardy_tui.serve.server import TEMPLATES
from nardy_tui.serve.textual_serve_patches import STATIC, AnnouncedFiles, ExecService

DEADLINE = 30.0
"""Seconds the served app may take to end: an upper bound, not a pause."""


def assert_overrides(patched: type, theirs: type, name: str) -> None:
    """``patched.name`` overrides a method ``theirs`` still has, with the same parameters."""
    original = getattr(theirs, name, None)
    assert callable(original), f"textual-serve's {theirs.__name__} has no {name} any more"
    ours = vars(patched)[name]
    assert list(inspect.signature(ours).parameters) == list(
        inspect.signature(original).parameters
    ), f"{theirs.__name__}.{name} takes other parameters now"


async def nothing(*_: object) -> None:
    pass


def test_the_patches_name_the_textual_serve_they_were_written_for() -> None:
    assert textual_serve_patches.WRITTEN_FOR == "1.1.3"
    assert version("textual-serve") == textual_serve_patches.WRITTEN_FOR


@pytest.mark.parametrize(
    ("patched", "theirs", "name"),
    [
        (ExecService, AppService, "_open_app_process"),
        (GameProcess, AppService, "start"),
        (GameProcess, AppService, "run"),
        (GameProcess, AppService, "stop"),
        (GameProcess, AppService, "on_meta"),
        (GameProcess, AppService, "set_terminal_size"),
        (Deliveries, DownloadManager, "create_download"),
    ],
)
def test_what_the_server_overrides_is_still_there_with_the_same_parameters(
    patched: type, theirs: type, name: str
) -> None:
    assert_overrides(patched, theirs, name)


# -- the game's process ----------------------------------------------------------------------


async def test_a_served_app_runs_its_arguments_without_a_shell_in_textual_serves_environment(
    tmp_path: Path,
) -> None:
    """The arguments reach the app as they are, a shell's words included; the app is told
    that it is served (textual-serve's web driver) and its size, with what a subclass adds;
    once it has ended, its output has been read to the end."""
    seen = tmp_path / "seen"
    script = (
        "import os, sys\n"
        "print('__GANGLION__', flush=True)\n"  # what a Textual app says first when served
        "told = [os.environ[name] for name in ('TEXTUAL_DRIVER', 'ROWS', 'ADDED')]\n"
        "open(sys.argv[1], 'w').write('\\n'.join([sys.argv[2], *told]))\n"
    )

    class Served(ExecService):
        def environment(self, width: int, height: int) -> dict[str, str]:
            return {**super().environment(width, height), "ADDED": "by the subclass"}

    service = Served(
        (sys.executable, "-c", script, str(seen), "$HOME; echo x"),
        write_bytes=nothing,
        write_str=nothing,
        close=nothing,
        download_manager=DownloadManager(),
    )
    assert service.process is None
    await service.start(80, 24)
    process = service.process
    assert process is not None
    await asyncio.wait_for(process.wait(), DEADLINE)
    await asyncio.wait_for(service.output_read(), DEADLINE)
    assert seen.read_text().splitlines() == [
        "$HOME; echo x",
        "textual.drivers.web_driver:WebDriver",
        "24",
        "by the subclass",
    ]


def test_textual_serves_environment_is_made_for_a_terminals_size() -> None:
    parameters = inspect.signature(AppService._build_environment).parameters
    assert list(parameters) == ["self", "width", "height"]


# -- the files a game hands over -------------------------------------------------------------


async def test_a_file_announced_is_looked_up_counted_and_let_go() -> None:
    files = AnnouncedFiles()
    service = ExecService(
        ("true",),
        write_bytes=nothing,
        write_str=nothing,
        close=nothing,
        download_manager=files,
    )
    await files.create_download(
        app_service=service,
        delivery_key="ab" * 16,
        file_name="nardy-1.txt",
        open_method="download",
        mime_type="text/plain",
    )
    announced = files.announced("ab" * 16)
    assert announced is not None and announced.file_name == "nardy-1.txt"
    assert files.waiting() == 1
    await files.chunk_received("ab" * 16, b"Long Nardy")
    assert announced.incoming_chunks.get_nowait() == b"Long Nardy"
    files.forget("ab" * 16)
    assert files.announced("ab" * 16) is None and files.waiting() == 0


# -- the page's files ------------------------------------------------------------------------


def test_every_file_the_page_names_is_in_textual_serves_static_folder() -> None:
    page = (TEMPLATES / "page.html").read_text(encoding="utf-8")
    named = re.findall(r"static/([\w./-]+)", page)
    assert {"js/textual.js", "css/xterm.css"} <= set(named)
    for name in named:
        assert (STATIC / name).is_file(), f"textual-serve has no static/{name} any more"


@pytest.mark.parametrize(
    ("written", "relied_on"),
    [
        ("dataset.sessionWebsocketUrl", "the page sets the socket's address beside it"),
        ("new WebSocket", "the page's own socket class adds the friend's code"),
        ("/download/", "the page moves a download beside itself, for a proxy's path"),
        ('"-first-byte"', "the page hides its loading words at the first frame"),
        ('"-closed"', "the page hides its loading words when the socket closes"),
    ],
)
def test_the_script_still_does_what_the_page_builds_on(written: str, relied_on: str) -> None:
    script = (STATIC / "js" / "textual.js").read_text(encoding="utf-8")
    assert written in script, f"textual.js changed: {relied_on}"
