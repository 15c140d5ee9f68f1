"""``nardy join ADDRESS[:PORT] CODE`` reads every form of address a person types, and
``nardy host --address`` listens only where it is told; ``nardy host`` and ``nardy join CODE``
meet by a code at the servers given, remembered or magic-wormhole's: each is checked by
what the game would be started with, or by the one line that refuses it.

(The same refusals through ``python -m nardy_tui`` are in ``tests/test_cli_errors.py``.)
"""

from __future__ import annotations

import os
import socket
from collections.abc import Callable
from pathlib import Path

import pytest

from nardy_tui.cli import network
from nardy_tui.cli.network import DEFAULT_PORT, host_main, join_main
from nardy_tui.net import (
    DEFAULT_MAILBOX,
    DEFAULT_TRANSIT,
    Role,
    ServersError,
    network_document,
    new_network_match,
    transit_address,
    write_network_match,
)
from nardy_tui.options import NetworkLaunch, Rendezvous

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


def a_mistake(command: Callable[[list[str]], int], args: list[str]) -> None:
    """``command`` refuses ``args`` as a mistake of the command line: exit status 2."""
    with pytest.raises(SystemExit) as exit:
        command(args)
    assert exit.value.code == 2


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
    a_mistake(join_main, [typed, CODE])
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
    ],
)
def test_an_address_that_is_none_is_refused_in_one_line(
    started: list[NetworkLaunch], capsys: pytest.CaptureFixture[str], typed: str, words: str
) -> None:
    a_mistake(host_main, ["--address", typed])
    assert words in one_line_refusal(capsys, "nardy host")
    assert started == []


def test_an_address_the_host_cannot_listen_on_is_refused_in_one_line(
    started: list[NetworkLaunch], capsys: pytest.CaptureFixture[str]
) -> None:
    assert host_main(["--address", "203.0.113.7"]) == 1  # a documentation address: not ours
    assert "cannot listen on 203.0.113.7:" in one_line_refusal(capsys, "nardy host")
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


# -- meeting by a code --------------------------------------------------------------------


def test_host_meets_by_a_code_from_magic_wormholes_servers_by_default(
    started: list[NetworkLaunch], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("NARDY_MAILBOX", "NARDY_TRANSIT"):
        monkeypatch.delenv(name, raising=False)
    assert host_main(["--points", "3"]) == 0
    [launch] = started
    assert launch.hosting and launch.code == "" and launch.points == 3
    assert launch.rendezvous == Rendezvous(DEFAULT_MAILBOX, DEFAULT_TRANSIT)


def test_a_host_may_ask_for_a_code_of_three_words(
    started: list[NetworkLaunch], capsys: pytest.CaptureFixture[str]
) -> None:
    assert host_main([]) == 0 and host_main(["--code-words", "3"]) == 0
    assert [launch.code_words for launch in started] == [2, 3]
    a_mistake(host_main, ["--code-words", "4"])
    assert "--code-words" in one_line_refusal(capsys, "nardy host")


def test_host_direct_listens_as_before(started: list[NetworkLaunch]) -> None:
    assert host_main(["--direct"]) == 0
    [launch] = started
    assert launch.rendezvous is None and launch.port == DEFAULT_PORT and launch.code


def test_join_with_only_the_code(started: list[NetworkLaunch]) -> None:
    assert join_main(["7-Crossover-Clockwork"]) == 0
    [launch] = started
    assert not launch.hosting and launch.code == "7-crossover-clockwork"
    assert launch.rendezvous is not None


def test_a_code_that_is_not_one_is_refused_and_the_direct_form_named(
    started: list[NetworkLaunch], capsys: pytest.CaptureFixture[str]
) -> None:
    a_mistake(join_main, [CODE])
    line = one_line_refusal(capsys, "nardy join")
    assert "7-crossover-clockwork" in line and "ADDRESS[:PORT] CODE" in line
    assert started == []


def test_join_alone_needs_a_match_met_by_a_code(
    started: list[NetworkLaunch], capsys: pytest.CaptureFixture[str]
) -> None:
    assert join_main([]) == 1
    assert "nardy join 7-crossover-clockwork" in one_line_refusal(capsys, "nardy join")
    saved = new_network_match(Role.JOINER, "12345678-" + "ab" * 16, 3, by_code=True)
    write_network_match(network_document(saved, []))
    assert join_main([]) == 0
    assert started[0].code == "" and started[0].rendezvous is not None


def test_servers_given_are_remembered_and_on_loopback_carry_everything(
    started: list[NetworkLaunch], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("NARDY_MAILBOX", "NARDY_TRANSIT"):
        monkeypatch.delenv(name, raising=False)
    mine = ["--mailbox", "ws://127.0.0.1:4000/v1", "--transit", "127.0.0.1"]
    assert host_main(mine) == 0
    assert join_main(["7-crossover-clockwork"]) == 0
    for launch in started:
        assert launch.rendezvous == Rendezvous(
            "ws://127.0.0.1:4000/v1", "127.0.0.1:4001", direct=False
        )


def test_the_environment_names_the_servers(
    started: list[NetworkLaunch], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NARDY_MAILBOX", "wss://mailbox.example.org/v1")
    monkeypatch.setenv("NARDY_TRANSIT", "relay.example.org:4444")
    assert join_main(["7-crossover-clockwork"]) == 0
    assert started[0].rendezvous == Rendezvous(
        "wss://mailbox.example.org/v1", "relay.example.org:4444"
    )


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--mailbox", "relay.example.org"], "is not a mailbox server"),
        (["--transit", "relay.example.org:x"], "--transit: relay.example.org:x is not a transit"),
    ],
)
def test_a_mistyped_server_is_refused_in_one_line(
    started: list[NetworkLaunch], capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    a_mistake(host_main, args)
    assert words in one_line_refusal(capsys, "nardy host")
    assert started == []


# -- an unfinished match is never replaced without --new ----------------------------------


def save_joined_match(by_code: bool) -> Path:
    """The joiner's unfinished match, met by a code (shown as 7-crossover-clockwork) or
    directly; its save file."""
    if by_code:
        saved = new_network_match(
            Role.JOINER, "12345678-" + "ab" * 16, 3, by_code=True, shown="7-crossover-clockwork"
        )
    else:
        saved = new_network_match(Role.JOINER, CODE, 3, "192.168.1.5", DEFAULT_PORT)
    write_network_match(network_document(saved, []))
    return Path(os.environ["NARDY_HOME"]) / "network-joiner.json"


@pytest.mark.parametrize(
    ("by_code", "another", "goes_on"),
    [
        (True, ["8-tiger-lamp"], "'nardy join' goes on"),
        (False, ["8-tiger-lamp"], "'nardy join 192.168.1.5:7520 k7m2-x9qp' goes on"),
        (False, ["192.168.1.5", "zzzz-2222"], "'nardy join 192.168.1.5:7520 k7m2-x9qp'"),
    ],
)
def test_join_with_another_code_refuses_to_replace_the_match_joined_and_names_new(
    started: list[NetworkLaunch],
    capsys: pytest.CaptureFixture[str],
    by_code: bool,
    another: list[str],
    goes_on: str,
) -> None:
    save = save_joined_match(by_code)
    before = save.read_text()
    assert join_main(another) == 1
    line = one_line_refusal(capsys, "nardy join")
    assert "unfinished" in line and goes_on in line and "nardy join --new CODE" in line
    assert started == [], "refused before meeting anyone"
    assert save.read_text() == before


def test_join_again_with_the_code_shown_first_goes_on_with_the_match(
    started: list[NetworkLaunch],
) -> None:
    save_joined_match(by_code=True)
    assert join_main(["7-crossover-clockwork"]) == 0
    assert started[0].code == "7-crossover-clockwork"


@pytest.mark.parametrize(
    ("command", "args", "role"),
    [
        (join_main, ["--new", "8-tiger-lamp"], Role.JOINER),
        (host_main, ["--new"], Role.HOST),
    ],
)
def test_new_gives_the_unfinished_network_match_up_kept_as_a_record(
    started: list[NetworkLaunch],
    capsys: pytest.CaptureFixture[str],
    home: Path,
    command: Callable[[list[str]], int],
    args: list[str],
    role: Role,
) -> None:
    if role is Role.JOINER:
        save_joined_match(by_code=True)
    else:
        save_hosted_match("")
    assert command(args) == 0
    assert len(started) == 1
    [record] = (home / "records").iterdir()
    assert record.name.startswith(f"nardy-network-{role.value}-")
    assert str(record) in capsys.readouterr().out
    assert not (home / f"network-{role.value}.json").exists()


def test_a_code_nobody_came_to_does_not_hold_back_a_new_match(
    started: list[NetworkLaunch], home: Path
) -> None:
    """A host whose code was given up (wrong codes tried) or never taken has no match to
    keep: 'nardy host' opens a new one at once, with nothing to give up."""
    saved = new_network_match(Role.HOST, "", 3, by_code=True)
    write_network_match(network_document(saved, []))
    assert host_main([]) == 0
    [launch] = started
    assert launch.rendezvous is not None and not launch.resume
    assert not (home / "records").exists()


@pytest.mark.parametrize(
    "typed",
    ["tcp:relay.example.org:4444", "relay.example.org:4444"],
)
def test_a_transit_relay_is_taken_bare_or_as_magic_wormhole_writes_it(
    started: list[NetworkLaunch], monkeypatch: pytest.MonkeyPatch, typed: str
) -> None:
    """magic-wormhole's documentation and its own command line write a relay
    ``tcp:HOST:PORT``; a player who copies that form, or types the bare one, meets there."""
    monkeypatch.delenv("NARDY_TRANSIT", raising=False)
    assert join_main(["--transit", typed, "7-crossover-clockwork"]) == 0
    rendezvous = started[0].rendezvous
    assert rendezvous is not None and rendezvous.transit == "relay.example.org:4444"


@pytest.mark.parametrize(
    ("typed", "relay"),
    [
        ("tcp:relay.example.org", "relay.example.org:4001"),
        ("tcp:[::1]:4444", "[::1]:4444"),
        ("relay.example.org", "relay.example.org:4001"),
    ],
)
def test_a_relay_without_a_port_is_on_the_relays_own(typed: str, relay: str) -> None:
    assert transit_address(typed) == relay


@pytest.mark.parametrize("typed", ["tcp:relay.example.org:x", "tcp:", "udp:relay.example.org:4001"])
def test_a_relay_that_is_none_is_told_as_a_relay_not_an_address_to_join(typed: str) -> None:
    with pytest.raises(ServersError) as refused:
        transit_address(typed)
    said = str(refused.value)
    assert said.startswith(f"{typed} is not a transit relay: type it like relay.example.org:4001")
    assert "tcp:relay.example.org:4001" in said and "to join" not in said
