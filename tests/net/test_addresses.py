"""What the host's screen shows of its address: the line the friend types, this machine's
address, and how far that address reaches."""

from __future__ import annotations

import ipaddress

import pytest

from nardy_tui.net import join_line, local_address, reach, split_address


def test_the_join_line_is_what_nardy_join_reads_back() -> None:
    line = join_line("7-tiger-lamp", "192.168.1.5", 7600)
    assert line == "nardy join 192.168.1.5:7600 7-tiger-lamp"
    command, verb, address, code = line.split()
    assert (command, verb, code) == ("nardy", "join", "7-tiger-lamp")
    assert split_address(address, 7520) == ("192.168.1.5", 7600)


def test_an_ipv6_host_in_the_join_line_keeps_its_port_apart() -> None:
    address = join_line("7-tiger-lamp", "fd00::5", 7520).split()[2]
    assert address == "[fd00::5]:7520"
    assert split_address(address, 1) == ("fd00::5", 7520)


def test_this_machines_address_is_an_ipv4_address_even_without_a_network() -> None:
    assert isinstance(ipaddress.ip_address(local_address()), ipaddress.IPv4Address)


@pytest.mark.parametrize(
    ("address", "words"),
    [
        ("127.0.0.1", "only on this machine"),
        ("::1", "only on this machine"),
        ("192.168.1.5", "only on your own network"),
        ("10.0.0.7", "only on your own network"),
        ("fd00::5", "only on your own network"),
        ("8.8.8.8", ""),
        ("2a00:1450::1", ""),
        ("friend.example.org", ""),
    ],
)
def test_the_host_is_told_how_far_its_address_reaches(address: str, words: str) -> None:
    assert words in reach(address) and bool(reach(address)) == bool(words)
