"""Giving up a game through the lobby server, as its frames go: only a player of the match
offers, answers or resigns in it; a watcher and a stranger are refused; an acceptance that
comes while a throw of the accepting side is half done is refused, and the match goes on
as if it had not been sent."""

from __future__ import annotations

import json
from typing import Any

from nardy_tui.engine import MARS, SINGLE_GAME, Phase, Side
from nardy_tui.lobby.server import RunningLobby
from nardy_tui.net import Message, ResignAccepted, ResignOffer, encode_message
from tests.lobby.test_server import lobby, match_between, registered, relay
from tests.online.test_referee import Script, commit, reveal

__all__ = ["lobby"]  # the server, as test_server starts it


def frame(message: Message) -> Any:
    return json.loads(encode_message(message))


async def test_only_a_player_of_the_match_offers_answers_or_resigns_in_it(
    lobby: RunningLobby,
) -> None:
    two = await match_between(lobby)
    script = Script()
    await relay(script, two.clients, two.match, 4)
    watcher = await registered(lobby, "vera")
    await watcher.send(t="watch", id=two.match)
    await watcher.hear("match", id=two.match, you=None)
    stranger = await registered(lobby, "mallory")
    for outsider in (watcher, stranger):
        await outsider.send(t="m", id=two.match, msg=frame(ResignOffer(1, 0, MARS)))
        assert (await outsider.hear("error"))["code"] == "not_allowed"
        await outsider.send(t="m", id=two.match, msg=frame(ResignAccepted(1, MARS)))
        assert (await outsider.hear("error"))["code"] == "not_allowed"
        await outsider.send(t="resign", id=two.match, stake="match")
        assert (await outsider.hear("error"))["code"] == "not_allowed"
    await two.clients[Side.WHITE].send(t="m", id="m999", msg=frame(ResignOffer(1, 0, MARS)))
    assert (await two.clients[Side.WHITE].hear("error"))["code"] == "not_found"
    await two.clients[Side.WHITE].send(t="resign", id=two.match, stake="mars")
    assert "resign_offer" in (await two.clients[Side.WHITE].hear("error"))["text"]
    for client in (*two.clients.values(), watcher, stranger):
        await client.close()


async def test_an_acceptance_while_the_accepting_sides_throw_is_in_flight_is_refused(
    lobby: RunningLobby,
) -> None:
    """The side to roll hears the offer after it rolled: its secret is on its way, so the
    resignation would fall before the throw for it and after it for the others. Its
    acceptance is refused; the throw finishes, and then the acceptance is taken."""
    two = await match_between(lobby)
    players, match = two.clients, two.match
    script = Script()
    while script.referee.match.phase is not Phase.ROLL:
        await relay(script, players, match, 1)
    mover = script.referee.match.mover
    assert mover is not None
    number = script.referee.throw_number
    for side in Side:
        if script.send(side, commit(side, number)).news:
            await players[side].send(t="m", id=match, msg=frame(commit(side, number)))
            await players[side.opponent].hear("m", id=match, msg=frame(commit(side, number)))
    offer = ResignOffer(1, 0, SINGLE_GAME)
    await players[mover.opponent].send(t="m", id=match, msg=frame(offer))
    await players[mover].send(t="m", id=match, msg=frame(reveal(mover, number)))
    await players[mover].hear("m", id=match, msg=frame(offer))
    accepted = frame(ResignAccepted(1, SINGLE_GAME))
    await players[mover].send(t="m", id=match, msg=accepted)
    refusal = await players[mover].hear("error")
    assert refusal["code"] == "not_allowed" and "half done" in refusal["text"]
    answer = reveal(mover.opponent, number)
    await players[mover.opponent].send(t="m", id=match, msg=frame(answer))
    await players[mover].hear("m", id=match, msg=frame(answer))
    await players[mover].send(t="m", id=match, msg=accepted)
    await players[mover.opponent].hear("m", id=match, msg=accepted)
    result = await players[mover].hear("result", id=match)
    assert result["winner"] == mover.value and result["reason"] == "points"
    for client in players.values():
        await client.close()
