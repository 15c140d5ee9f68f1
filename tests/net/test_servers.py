"""Where two players meet by a code: the servers given, the environment's, the ones last
given, or magic-wormhole's public ones; servers on loopback carry everything themselves."""

from __future__ import annotations

from pathlib import Path

import pytest

from nardy_tui.net import DEFAULT_MAILBOX, DEFAULT_TRANSIT, ServersError, meeting_servers
from nardy_tui.options import Rendezvous
from nardy_tui.storage import load_settings, save_settings


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NARDY_HOME", str(tmp_path))
    for name in ("NARDY_MAILBOX", "NARDY_TRANSIT"):
        monkeypatch.delenv(name, raising=False)


def test_with_nothing_given_the_public_servers() -> None:
    assert meeting_servers() == Rendezvous(DEFAULT_MAILBOX, DEFAULT_TRANSIT)


def test_the_servers_given_come_before_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NARDY_MAILBOX", "wss://mailbox.example.org/v1")
    monkeypatch.setenv("NARDY_TRANSIT", "relay.example.org")
    assert meeting_servers() == Rendezvous("wss://mailbox.example.org/v1", "relay.example.org:4001")
    assert meeting_servers("ws://other.example.org/v1", "other.example.org:9") == Rendezvous(
        "ws://other.example.org/v1", "other.example.org:9"
    )


def test_the_servers_last_given_come_after_the_environment() -> None:
    settings = load_settings()
    settings.mailbox, settings.transit = "ws://mine.example.org/v1", "mine.example.org:7"
    assert save_settings(settings) is None
    assert meeting_servers() == Rendezvous("ws://mine.example.org/v1", "mine.example.org:7")


def test_servers_on_this_machine_carry_everything() -> None:
    assert meeting_servers("ws://127.0.0.1:4000/v1", "localhost") == Rendezvous(
        "ws://127.0.0.1:4000/v1", "localhost:4001", direct=False
    )


@pytest.mark.parametrize(
    ("mailbox", "transit", "words"),
    [
        ("relay.example.org", None, "is not a mailbox server"),
        (None, "relay.example.org:x", "is not a transit relay"),
    ],
)
def test_a_mistyped_server_is_refused_in_words(
    mailbox: str | None, transit: str | None, words: str
) -> None:
    with pytest.raises(ServersError, match=words):
        meeting_servers(mailbox, transit)
