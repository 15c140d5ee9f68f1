"""``nardy join ADDRESS[:PORT] CODE`` reads every form of address a person types, and
``nardy host --address`` listens only where it is told: each is checked by what the game
would be started with, or by the one line that refuses it.

(The same refusals through ``python -m nardy_tui`` are in ``tests/test_cli_errors.py``.)
"""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from nardy_tui.cli import network
from nardy_tui.cli.network import DEFAULT_PORT, host_main, join_main
from nardy_tui.net import Role, network_document, new_network_match, write_network_match
from nardy_tui.options import NetworkLaunch

CODE = "k7m2-x9qp"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NARDY_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[NetworkLaunch]:
    """What the game would have been started with, instead of starting it."""
    launches: list[NetworkLaunch] = []

    def play(launch: NetworkLaunch) -> int:
        launches.append(launch)
        return 0

    monkeypatch.setattr(network, "_play", play)
    return launches


def one_line_refusal(capsys: pytest.CaptureFixture[str], prog: str) -> str:
    """What a refused command wrote: one line, naming the command."""
    [line] = capsys.readouterr().err.strip().splitlines()
    assert line.startswith(f"{prog}: ") and "Traceback" not in line
    return line


def ipv6_loopback() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError:
        return False
    return True


needs_ipv6 = pytest.mark.skipif(not ipv6_loopback(), reason="this machine has no IPv6 ::1")


# -- nardy join ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "host", "port"),
    [
        ("192.168.1.5", "192.168.1.5", DEFAULT_PORT),
        ("192.168.1.5:7600", "192.168.1.5", 7600),
        ("friend.example.org", "friend.example.org", DEFAULT_PORT),
        ("friend.example.org:7600", "friend.example.org", 7600),
        ("localhost:7600", "localhost", 7600),
        ("::1", "::1", DEFAULT_PORT),  # once read as the host ":" on port 1
        ("fe80::1%eth0", "fe80::1%eth0", DEFAULT_PORT),
        ("2001:db8::5", "2001:db8::5", DEFAULT_PORT),
        ("[::1]", "::1", DEFAULT_PORT),
        ("[::1]:7600", "::1", 7600),
        ("[2001:db8::5]:65535", "2001:db8::5", 65535),
    ],
)
def test_every_form_of_address_is_read_as_its_host_and_port(
    started: list[NetworkLaunch], typed: str, host: str, port: int
) -> None:
    assert join_main([typed, CODE]) == 0
    [launch] = started
    assert (launch.address, launch.port, launch.code, launch.hosting) == (host, port, CODE, False)


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("", "is not an address to join"),
        (":7520", "is not an address to join"),
        ("192.168.1.5:", "'' is not a port"),
        ("192.168.1.5:seven", "'seven' is not a port"),
        ("192.168.1.5:0", "'0' is not a port"),
        ("192.168.1.5:65536", "'65536' is not a port"),
        ("192.168.1.5:7520:1", "is not an address to join"),
        ("192.168.1.5:٧٥٢٠", "is not a port"),
        ("999.1.1.1", "is not an address to join"),
        ("friend example.org", "is not an address to join"),
        ("[::1", "is not an address to join"),
        ("[::1]:", "'' is not a port"),
        ("[::1]7520", "is not an address to join"),
        ("[192.168.1.5]:7520", "is not an address to join"),
        ("[friend.example.org]", "is not an address to join"),
        ("::g", "is not an address to join"),
    ],
)
def test_a_mistyped_address_is_refused_in_one_line(
    started: list[NetworkLaunch], capsys: pytest.CaptureFixture[str], typed: str, words: str
) -> None:
    assert join_main([typed, CODE]) == 1
    assert words in one_line_refusal(capsys, "nardy join")
    assert started == []


# -- nardy host --address -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "listened"),
    [
        (None, ""),
        ("127.0.0.1", "127.0.0.1"),
        ("0.0.0.0", ""),  # every address, as without --address
        pytest.param("::1", "::1", marks=needs_ipv6),
        pytest.param("[::1]", "::1", marks=needs_ipv6),
        pytest.param("::", "", marks=needs_ipv6),
    ],
)
def test_the_host_listens_where_it_is_told(
    started: list[NetworkLaunch], typed: str | None, listened: str
) -> None:
    assert host_main(["--port", "0", *(["--address", typed] if typed else [])]) == 0
    [launch] = started
    assert launch.hosting and launch.address == listened


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("localhost", "is not an IP address"),
        ("999.1.1.1", "is not an IP address"),
        ("[127.0.0.1", "is not an IP address"),
        ("203.0.113.7", "cannot listen on 203.0.113.7:"),  # a documentation address: not ours
    ],
)
def test_an_address_the_host_cannot_listen_on_is_refused_in_one_line(
    started: list[NetworkLaunch], capsys: pytest.CaptureFixture[str], typed: str, words: str
) -> None:
    assert host_main(["--address", typed]) == 1
    assert words in one_line_refusal(capsys, "nardy host")
    assert started == []


def save_hosted_match(address: str) -> int:
    """A host's unfinished match, hosted on ``address`` and a port free now: the port."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    saved = new_network_match(Role.HOST, CODE, 3, address, port)
    write_network_match(network_document(saved, []))
    return port


def test_resume_listens_where_the_match_was_hosted(started: list[NetworkLaunch]) -> None:
    """The friend's join line names the address and port: ``--resume`` keeps both."""
    port = save_hosted_match("127.0.0.1")
    assert host_main(["--resume"]) == 0
    [launch] = started
    assert (launch.code, launch.address, launch.port, launch.resume) == (
        CODE,
        "127.0.0.1",
        port,
        True,
    )


def test_resume_of_a_match_hosted_on_every_address_listens_on_every_address(
    started: list[NetworkLaunch],
) -> None:
    """A save from before ``--address`` has the address "", and still resumes."""
    save_hosted_match("")
    assert host_main(["--resume"]) == 0
    assert started[0].address == ""


def test_resume_with_another_address_listens_there(started: list[NetworkLaunch]) -> None:
    port = save_hosted_match("")
    assert host_main(["--resume", "--address", "127.0.0.1"]) == 0
    assert (started[0].address, started[0].port) == ("127.0.0.1", port)
