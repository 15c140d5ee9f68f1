"""``nardy serve``'s options: each mistake is one line; an address that cannot be listened
on is one line too, with nothing said before it (once listening, any address but loopback
is said to let anyone who reaches it play: ``_say_listening``).
The game itself loads no web server."""

from __future__ import annotations

import errno
import logging
import os
import re
import socket
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from yarl import URL

from nardy_tui.cli.serve import (
    build_parser,
    log_to_stderr,
    meeting_servers,
    page_words_in_every_language,
    public_address,
    serve_main,
)
from nardy_tui.i18n import LANGUAGES, current_language, use_language
from nardy_tui.serve import MeetingServers
from tests.test_layers import printed_by_a_fresh_interpreter


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NARDY_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def taken_port() -> Iterator[int]:
    """A port that something else listens on, on every address."""
    with socket.socket() as listener:
        listener.bind(("0.0.0.0", 0))
        listener.listen()
        yield listener.getsockname()[1]


def one_line(text: str) -> str:
    [line] = text.strip().splitlines()
    assert line.startswith("nardy serve: ") and "Traceback" not in line
    return line


@pytest.mark.parametrize(
    ("options", "words"),
    [
        (["--port", "70000"], "'70000' is not a port"),
        (["--port", "eighty"], "'eighty' is not a port"),
        (["--visitors", "0"], "'0' is not a number of visitors"),
        (["--connections", "0"], "'0' is not a number of connections"),
        (["--connections-per-address", "many"], "'many' is not a number of connections"),
        (["--visitors-per-address", "-1"], "'-1' is not a number of visitors"),
        (["--starts-per-minute", "0"], "'0' is not a number of games"),
        (["--proxy-address", "proxy.example"], "proxy.example is not an IP address"),
        (["--idle", "0"], "'0' is not a number of minutes"),
        (["--idle", "nan"], "'nan' is not a number of minutes"),
        (["--bot", "easy"], "unrecognized arguments: --bot"),
        (["--mailbox", "http://mailbox.example"], "is not a mailbox server"),
        (["--transit", "relay.example:99999"], "relay.example:99999 is not a transit relay"),
        (["--lobby", "https://lobby.example/ws"], "--lobby: a lobby's address begins with ws://"),
        (["--public-url", "ftp://example.org/nardy/"], "is not a web address"),
        (["--public-url", "example.org/nardy/"], "is not a web address"),
        (["--public-url", "https://exa mple.org/"], "is not a web address"),
        (["--public-url", "https://example.org:99999/"], "is not a web address"),
        (["--public-url", "https://example.org:0/nardy/"], "is not a web address"),
        (["--address", ""], "'' is not an address to listen on"),
        (["--public-url", "https://example.org/a;b/"], "is not a web address"),
        (
            ["--public-url", "https://example.org/nardy/?s=1"],
            "has no place for a ?query, #fragment or user@",
        ),
        (
            ["--public-url", "https://example.org/nardy/#top"],
            "has no place for a ?query, #fragment or user@",
        ),
        (
            ["--public-url", "https://me@example.org/nardy/"],
            "has no place for a ?query, #fragment or user@",
        ),
    ],
)
def test_a_mistaken_option_is_one_line(
    options: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit:
        serve_main(options)
    assert exit.value.code == 2
    assert words in one_line(capsys.readouterr().err)


def test_a_port_taken_is_one_line(taken_port: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert serve_main(["--port", str(taken_port)]) == 1
    line = one_line(capsys.readouterr().err)
    assert f"cannot listen on 127.0.0.1 port {taken_port}" in line


def test_an_address_that_cannot_be_listened_on_is_one_line_and_nothing_else(
    taken_port: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """Nothing is said of who can play before the server listens: not for a port taken,
    nor for an address this machine does not have (192.0.2.1, kept for documentation)."""
    for address, port, refusal in [
        ("0.0.0.0", taken_port, errno.EADDRINUSE),
        ("192.0.2.1", 0, errno.EADDRNOTAVAIL),
    ]:
        assert serve_main(["--address", address, "--port", str(port)]) == 1
        said = capsys.readouterr()
        assert said.out == ""
        cannot = f"nardy serve: cannot listen on {address} port {port}: {os.strerror(refusal)}"
        assert one_line(said.err) == cannot


def test_without_textual_serve_it_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "nardy_tui.serve", None)
    assert serve_main([]) == 1
    assert "pip install 'nardy[serve]'" in one_line(capsys.readouterr().err)


def test_the_game_loads_no_web_server() -> None:
    code = (
        "import sys, nardy_tui.cli, nardy_tui.ui.app\n"
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('aiohttp', 'textual_serve', 'jinja2') or m.startswith('nardy_tui.serve'))))\n"
    )
    assert printed_by_a_fresh_interpreter(code) == ""


def test_the_page_speaks_every_language_and_the_server_keeps_its_own() -> None:
    use_language("ru", reorder_rtl=False)
    try:
        words = page_words_in_every_language()
        assert current_language() == "ru"
    finally:
        use_language("en", reorder_rtl=False)
    assert set(words) == set(LANGUAGES)
    assert words["ru"].title == "Длинные нарды" and not words["ru"].right_to_left
    hebrew = words["he"]
    assert hebrew.right_to_left and hebrew.full_on_screen != hebrew.full
    assert words["en"].full_on_screen == words["en"].full


def test_the_servers_to_meet_friends_at_go_to_every_game_as_given() -> None:
    parser = build_parser()
    given = ["--mailbox", "ws://mailbox.example:4000/v1", "--transit", "relay.example"]
    assert meeting_servers(parser, parser.parse_args(given)) == MeetingServers(
        "ws://mailbox.example:4000/v1", "relay.example:4001"
    )
    assert meeting_servers(parser, parser.parse_args([])) == MeetingServers()


def test_the_lobby_visitors_play_strangers_on_is_given_to_every_game_and_only_it() -> None:
    parser = build_parser()
    servers = meeting_servers(parser, parser.parse_args(["--lobby", "wss://lobby.example/ws"]))
    assert servers.environment()["NARDY_LOBBY"] == "wss://lobby.example/ws"
    assert "NARDY_LOBBY" not in MeetingServers().environment()


def test_the_address_visitors_use_behind_a_proxy_is_an_option_its_path_ending_in_a_slash(
    capsys: pytest.CaptureFixture[str],
) -> None:
    parser = build_parser()
    given = parser.parse_args(["--public-url", "https://Nardy.example/games/nardy"])
    assert public_address(parser, given.public_url) == URL("https://nardy.example/games/nardy/")
    assert public_address(parser, "http://127.0.0.1:8443/") == URL("http://127.0.0.1:8443/")
    with pytest.raises(SystemExit):
        parser.parse_args(["--help"])
    assert "--public-url URL" in capsys.readouterr().out


def test_the_servers_log_lines_are_named_and_dated(capsys: pytest.CaptureFixture[str]) -> None:
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    try:
        log_to_stderr()
        logging.getLogger("nardy_tui.serve.server").warning("refused a game to a page")
    finally:
        root.handlers[:], root.level = handlers, level
    dated = r"nardy serve: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d "
    assert re.fullmatch(dated + "refused a game to a page\n", capsys.readouterr().err)
