"""Ending the real app in a terminal: signals, ctrl+q, ctrl+c, and closing the terminal.

Each test runs ``python -m nardy_tui --hot-seat --seed 5 --points 3`` in a pseudo-terminal
(the same as a terminal window: the app's controlling tty, raw mode, the alternate screen),
plays a few steps by keys, waits for the save file to show them, then ends the app one way.
The process must end within seconds, without a traceback, and ``load_saved()`` must give
back the match with every step played. Skipped where there is no pty (Windows).
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import struct
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from nardy_tui.engine import Phase, TurnBuilder
from nardy_tui.storage import load_saved
from tests.ui.driver import keys_for, racing_move

pty = pytest.importorskip("pty")
fcntl = pytest.importorskip("fcntl")
termios = pytest.importorskip("termios")

pytestmark = pytest.mark.slow
"""Each test runs the whole game in a pseudo-terminal."""

ROWS, COLUMNS = 40, 120
TIMEOUT = 20.0
"""Seconds to wait for the app to draw or save; generous for a loaded CI machine."""
ENDS_WITHIN = 5.0
CHARACTERS = {"enter": "\r"}
LEAVE_ALTERNATE_SCREEN = b"\x1b[?1049l"
"""What Textual writes last when it puts the terminal back as it found it."""


class Terminal:
    """The app running in a pseudo-terminal, with everything it has drawn so far."""

    def __init__(self, home: Path) -> None:
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        env = {
            **os.environ,
            "NARDY_HOME": str(home),
            "TERM": "xterm-256color",
            "TEXTUAL_ANIMATIONS": "none",
        }
        env.pop("TEXTUAL", None)
        for size_override in ("COLUMNS", "LINES"):  # pytest-xdist workers set 80x24
            env.pop(size_override, None)
        self.master = master
        self.output = bytearray()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "nardy_tui", "--hot-seat", "--seed", "5", "--points", "3"],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            close_fds=True,
            preexec_fn=_take_terminal,  # only setsid and an ioctl: safe before exec
        )
        os.close(slave)

    def read(self, seconds: float = 0.05) -> bool:
        """Collect output for up to ``seconds``; False once the terminal is closed."""
        ready, _, _ = select.select([self.master], [], [], seconds)
        if not ready:
            return True
        try:
            data = os.read(self.master, 65536)
        except OSError:  # EIO: every process has let go of the terminal
            return False
        self.output.extend(data)
        return bool(data)

    def wait_for(self, condition: Callable[[], bool], what: str) -> None:
        deadline = time.monotonic() + TIMEOUT
        while not condition():
            if self.process.poll() is not None:
                pytest.fail(f"the app ended while waiting for {what}:\n{self.text()}")
            if time.monotonic() > deadline:
                pytest.fail(f"timed out waiting for {what}:\n{self.text()[-2000:]}")
            self.read()

    def press(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def wait_for_end(self) -> int:
        """The exit status, once the app has ended (it must within ENDS_WITHIN seconds)."""
        deadline = time.monotonic() + ENDS_WITHIN
        while self.process.poll() is None and time.monotonic() < deadline:
            self.read()
        with contextlib.suppress(OSError):
            while self.read(0.01) and select.select([self.master], [], [], 0)[0]:
                pass
        status = self.process.poll()
        assert status is not None, f"the app did not end within {ENDS_WITHIN} s"
        return status

    def text(self) -> str:
        return self.output.decode("utf-8", "replace")

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        with contextlib.suppress(OSError):
            os.close(self.master)


def _take_terminal() -> None:
    """In the child: a session of its own with the pty as its controlling terminal, so that
    closing the pty sends it SIGHUP as closing a terminal window does."""
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


@pytest.fixture
def terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Terminal]:
    monkeypatch.setenv("NARDY_HOME", str(tmp_path))
    try:
        term = Terminal(tmp_path)
    except OSError as error:
        pytest.skip(f"no pseudo-terminal here: {error}")
    try:
        yield term
    finally:
        term.close()


def saved_steps() -> int:
    """How far the saved match has got: roll-offs, turns and steps of the turn in progress."""
    saved = load_saved()
    if saved is None:
        return 0
    match = saved.match
    progress = len(match.turn.steps) if match.turn is not None else 0
    return (
        len(match.game.roll_offs) + len(match.game.turns) + (match.phase is Phase.MOVE) + progress
    )


def play_some_steps(term: Terminal) -> int:
    """Roll off, roll, and make a first step by keys; the saved progress after them."""
    term.wait_for(lambda: "roll-off" in term.text(), "the game screen")
    term.press("r")
    term.wait_for(lambda: saved_steps() >= 1, "the roll-off to be saved")
    while (saved := load_saved()) is not None and saved.match.phase is Phase.ROLL_OFF:
        before = saved_steps()
        term.press("r")
        term.wait_for(lambda before=before: saved_steps() > before, "another roll-off")
    before = saved_steps()
    term.press("r")
    term.wait_for(lambda: saved_steps() > before, "the roll to be saved")
    saved = load_saved()
    assert saved is not None and saved.match.turn is not None
    turn = saved.match.turn
    src, dst = racing_move(TurnBuilder(turn.position, turn.dice))
    before = saved_steps()
    term.press("".join(CHARACTERS.get(key, key) for key in [*keys_for(src), *keys_for(dst)]))
    term.wait_for(lambda: saved_steps() > before, "a step to be saved")
    return saved_steps()


def assert_clean_end(term: Terminal, status: int, expected: set[int], progress: int) -> None:
    text = term.text()
    assert "Traceback" not in text, text[-3000:]
    assert status in expected, f"exit status {status}"
    saved = load_saved()
    assert saved is not None, "the saved match is gone"
    assert saved_steps() == progress
    assert saved.match.phase is not Phase.ROLL_OFF


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP"])
def test_a_signal_ends_the_app_cleanly_and_keeps_the_match(terminal: Terminal, name: str) -> None:
    number = getattr(signal, name, None)
    if number is None:
        pytest.skip(f"no {name} here")
    progress = play_some_steps(terminal)
    terminal.process.send_signal(number)
    status = terminal.wait_for_end()
    assert_clean_end(terminal, status, {128 + number}, progress)
    assert LEAVE_ALTERNATE_SCREEN in terminal.output, "the terminal was not restored"


def test_closing_the_terminal_keeps_the_match(terminal: Terminal) -> None:
    progress = play_some_steps(terminal)
    os.close(terminal.master)
    deadline = time.monotonic() + ENDS_WITHIN
    while terminal.process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    status = terminal.process.poll()
    assert status is not None, "the app outlived its terminal"
    assert status in (128 + signal.SIGHUP, -signal.SIGHUP, 0)
    saved = load_saved()
    assert saved is not None and saved_steps() == progress


@pytest.mark.parametrize("answer", ["\r", "\x11"], ids=["enter-on-quit", "ctrl+q-again"])
def test_ctrl_q_asks_and_quits_keeping_the_match(terminal: Terminal, answer: str) -> None:
    progress = play_some_steps(terminal)
    terminal.press("\x11")  # ctrl+q
    terminal.wait_for(lambda: "Keep playing" in terminal.text(), "the quit dialog")
    time.sleep(0.3)
    terminal.press(answer)  # Enter on the focused Quit button, or ctrl+q once more
    status = terminal.wait_for_end()
    assert_clean_end(terminal, status, {0}, progress)
    assert LEAVE_ALTERNATE_SCREEN in terminal.output


def test_ctrl_c_does_not_quit_or_lose_the_match(terminal: Terminal) -> None:
    """In Textual 8 ctrl+c copies; the app says how to quit instead, and plays on."""
    progress = play_some_steps(terminal)
    mark = len(terminal.output)
    terminal.press("\x03")
    terminal.wait_for(
        lambda: "to quit" in terminal.output[mark:].decode("utf-8", "replace"),
        "the hint that ctrl+q quits",
    )
    assert terminal.process.poll() is None
    assert saved_steps() == progress
    terminal.process.send_signal(signal.SIGTERM)
    assert_clean_end(terminal, terminal.wait_for_end(), {128 + signal.SIGTERM}, progress)
