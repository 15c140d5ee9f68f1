"""The host's door, with two apps on one machine: strangers who knock with wrong codes are
told of in one notice that counts them and names their address (not a toast each, over
the board), and a host told an address listens there only and names it in the join line.
"""

from __future__ import annotations

import asyncio
import json
import socket

import pytest

from nardy_tui.net import PROTOCOL_VERSION, Role, new_code, read_network_match
from tests.net.fake_clock import FakeClock
from tests.textual_seams import notifications
from tests.ui.two_apps import SIZE, connected, host_app, hosting, joiner_app, status_of, until


async def knock_with_a_wrong_code(port: int) -> None:
    """A stranger: reads the host's hello, answers with a made-up proof, and waits to be
    turned away."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        json.loads(await reader.readline())
        writer.write(
            json.dumps(
                {"t": "join", "v": PROTOCOL_VERSION, "nonce": "n" * 32, "proof": "0" * 64}
            ).encode()
            + b"\n"
        )
        await asyncio.wait_for(reader.read(), 5)
    finally:
        writer.close()


async def test_fifty_strangers_make_one_notice_that_counts_them_and_names_their_address() -> None:
    """The notice sits under the join line and is kept up to date; the friend with the
    code still gets in once the strangers have gone."""
    code = new_code()
    host = host_app(code)
    clock = FakeClock()
    async with hosting(host) as (host_pilot, port):
        network = host.network
        assert network is not None
        network.session.gate = clock.gate()
        await asyncio.gather(*(knock_with_a_wrong_code(port) for _ in range(50)))
        await until(
            lambda: network.strangers.count == 50 and "50 connections" in status_of(host),
            host_pilot,
            what="the host hears of every stranger and says so",
        )
        status = status_of(host)
        assert "50 connections did not get in, the last from 127.0.0.1: " in status
        assert f":{port} {code}" in status  # the join line is still there
        assert len(notifications(host)) == 0
        clock.wait_out_any_pause()
        friend = joiner_app(code, port)
        async with friend.run_test(size=SIZE) as friend_pilot:
            await until(
                lambda: connected(host, friend),
                host_pilot,
                friend_pilot,
                what="the friend with the right code gets in",
            )


async def test_a_host_on_one_address_listens_only_there_and_its_join_line_names_it() -> None:
    code = new_code()
    host = host_app(code, address="127.0.0.1")
    async with hosting(host) as (_host_pilot, port):
        assert host.network is not None and host.network.session._server is not None
        listening = {sock.getsockname()[0] for sock in host.network.session._server.sockets}
        assert listening == {"127.0.0.1"}
        status = status_of(host)
        assert f"nardy join 127.0.0.1:{port} {code}" in status
        assert "This address works only on this machine" in status
    saved = read_network_match(Role.HOST)
    assert saved is not None and (saved.address, saved.port) == ("127.0.0.1", port)


def ipv6_loopback() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError:
        return False
    return True


@pytest.mark.skipif(not ipv6_loopback(), reason="this machine has no IPv6 ::1")
async def test_a_match_over_ipv6_shows_the_address_in_brackets_and_the_friend_gets_in() -> None:
    code = new_code()
    host = host_app(code, address="::1")
    async with hosting(host) as (host_pilot, port):
        assert f"nardy join [::1]:{port} {code}" in status_of(host)
        friend = joiner_app(code, port, address="::1")
        async with friend.run_test(size=SIZE) as friend_pilot:
            await until(
                lambda: connected(host, friend),
                host_pilot,
                friend_pilot,
                what="the friend gets in over IPv6",
            )
