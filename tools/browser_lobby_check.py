"""A browser visitor in a lobby, through ``nardy serve --lobby`` (outside CI).

    pip install '.[serve,server,browser]'     # playwright; the browser is Debian's chromium
    python tools/browser_lobby_check.py [--screenshot screenshots/browser-lobby.png]

It runs a lobby server on loopback (``nardy lobby-server``, SQLite in a temporary folder),
seats the built-in bot there with an open seek (``nardy online --bot``), and serves the
game with ``--lobby`` naming that lobby. In headless chromium the visitor opens the page,
presses o ("Someone online"), finds the lobby's address filled in and fixed, gives a name,
sees the bot's seek in the lobby, takes it with Enter, and plays the match's first throw
on the game screen against the bot, called by its name. Each check is decided by what the
page received on its websocket; the first that fails ends the run with exit status 1.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from browser_driver import (
    LOCALE,
    ROOT,
    VIEWPORT,
    Terminal,
    Unexpected,
    chromium,
    playwright_missing,
    serving,
)
from tls_proxy import free_port

BOT = "lobby_bot"


def passed(what: str) -> None:
    print(f"ok   {what}")
    sys.stdout.flush()


@contextmanager
def running(args: list[str], home: Path, wait_for: str, timeout: float) -> Iterator[str]:
    """``nardy ARGS`` with ``home`` as its data folder, until its first line holding
    ``wait_for`` (that line given); stopped with Ctrl+C at the end."""
    process = subprocess.Popen(
        [sys.executable, "-m", "nardy_tui", *args],
        cwd=ROOT,
        env={**os.environ, "NARDY_HOME": str(home), "LANGUAGE": "en"},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline() if wait_for else ""
        if wait_for not in line:
            raise Unexpected(f"nardy {args[0]} said {line!r}, not {wait_for!r}")
        yield line
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def check(screenshot: Path, timeout: float) -> None:
    with tempfile.TemporaryDirectory() as folder:
        homes = {name: Path(folder) / name for name in ("lobby", "bot", "serve")}
        for home in homes.values():
            home.mkdir()
        port = free_port()
        with running(
            ["lobby-server", "--port", str(port)], homes["lobby"], "The lobby is open", timeout
        ) as said:
            found = re.search(r"ws://\S+", said)
            assert found is not None
            lobby = found.group()
            passed(f"the lobby listens at {lobby}")
            bot = ["online", lobby, "--bot", "easy", "--name", BOT, "--points", "1"]
            with (
                running(bot, homes["bot"], "", timeout),
                serving(homes["serve"], timeout, ["--lobby", lobby]) as served,
                chromium() as browser,
            ):
                passed(f"nardy serve --lobby listens at {served.address}; the bot is seated")
                page = browser.new_page(viewport=VIEWPORT, locale=LOCALE)
                terminal = Terminal(page, timeout)
                page.goto(served.address)
                terminal.wait_for("Someone online")
                terminal.focus()
                terminal.press("o")
                terminal.wait_for_all("Play someone online", re.escape(lobby))
                passed("o asks only for a name, the lobby's address filled in")
                terminal.type("visitor")
                terminal.press("Enter")
                terminal.wait_for_all("visitor · rating 1500", f"{BOT} \\(bot\\)")
                passed("the lobby shows the visitor's rating and the bot's seek")
                terminal.press("Enter")
                terminal.wait_for(BOT)
                terminal.wait_for("You to roll|You to move|Wait for lobby_bot|roll-off")
                passed("Enter takes the seek: the match with the bot is on the game screen")
                terminal.painted()
                page.screenshot(path=str(screenshot))
                passed(f"screenshot saved: {screenshot}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--screenshot", type=Path, default=ROOT / "screenshots" / "browser-lobby.png"
    )
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds for each check")
    args = parser.parse_args()
    missing = playwright_missing()
    if missing is not None:
        print(missing)
        return 1
    try:
        check(args.screenshot, args.timeout)
    except Unexpected as failure:
        print(f"FAIL {failure}")
        return 1
    print("browser lobby check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
