"""``nardy online``'s mistakes: each one line on stderr, exit status 2 for the command line
and 1 for a server that does not answer, never a traceback. (Without ``--bot`` or
``--ratings`` it opens the game's lobby screen: ``tests/ui/test_lobby_screen.py``.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from nardy_tui.cli import main
from nardy_tui.cli.online import ratings_address

NOBODY = "ws://127.0.0.1:9/ws"
"""A lobby address where nothing listens (the discard port, closed on a test machine)."""


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NARDY_HOME", str(tmp_path / "home"))


@pytest.mark.parametrize(
    ("args", "status", "words"),
    [
        (["http://lobby.example/ws", "--ratings"], 2, "begins with ws:// or wss://"),
        (["lobby.example", "--bot", "easy", "--name", "anna"], 2, "begins with ws:// or wss://"),
        ([NOBODY, "--bot", "easy"], 2, "--name NAME"),
        ([NOBODY, "--bot", "easy", "--name", "a b"], 2, "letters A to Z"),
        ([NOBODY, "--bot", "easy", "--name", "anna", "--games", "-1"], 2, "--games"),
        ([NOBODY, "--bot", "genius", "--name", "anna"], 2, "invalid choice: 'genius'"),
        ([NOBODY, "--bot", "easy", "--name", "anna", "--points", "2"], 2, "invalid choice: 2"),
        ([NOBODY, "--bot", "easy", "--ratings"], 2, "not allowed with argument"),
        (["--ratings"], 2, "need the lobby's address"),
        (["--bot", "easy", "--name", "anna"], 2, "need the lobby's address"),
        ([NOBODY, "--ratings"], 1, "no rating list at http://127.0.0.1:9/ratings"),
        ([NOBODY, "--bot", "easy", "--name", "anna"], 1, "the server cannot be reached"),
    ],
)
def test_a_mistake_is_one_line_and_a_status(
    capsys: pytest.CaptureFixture[str], args: list[str], status: int, words: str
) -> None:
    try:
        said: int | str | None = main(["online", *args])
    except SystemExit as exit:
        said = exit.code
    err = capsys.readouterr().err
    assert said == status
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert err.startswith("nardy online") and words in err


def test_the_rating_list_is_beside_the_websocket_on_the_same_server() -> None:
    assert ratings_address("ws://127.0.0.1:8090/ws") == (
        "http://127.0.0.1:8090/ratings?first=0&count=100"
    )
    assert ratings_address("wss://lobby.example/nardy/ws").startswith(
        "https://lobby.example/nardy/ratings?"
    )
