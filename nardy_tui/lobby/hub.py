"""The lobby as one server instance serves it: the players connected to it, what they ask,
and what every instance must hear.

Nothing that matters is kept here alone. A request changes the store, then the instance
publishes a notice on the bus; every instance (this one too) hears it and tells its own
connections, reading what changed from the store. So a player connected to one instance
plays, and is watched, by players connected to another, and an instance that stops loses
nothing but its connections. What it keeps in memory (a match's referee, who is connected
here) it can build again from the store.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import time
from dataclasses import dataclass, field
from typing import Protocol

from nardy_tui.engine import Phase, Side
from nardy_tui.lobby import frames
from nardy_tui.lobby.bus import Bus, Notice, Topic
from nardy_tui.lobby.store import (
    ChallengeId,
    ChallengeState,
    Conflict,
    Ending,
    InstanceId,
    MatchId,
    NotFound,
    Player,
    PlayerId,
    SeekId,
    Store,
    StoredMatch,
)
from nardy_tui.net import Bye, Message, Ping, Sync, decode_message, encode_message
from nardy_tui.online import (
    Accept,
    Answer,
    Challenge,
    ClockRule,
    ErrorCode,
    Fault,
    InMatch,
    MatchClock,
    Pair,
    Ratings,
    Referee,
    Request,
    Resign,
    Seek,
    Unseek,
    Unwatch,
    Watch,
    name_key,
)
from nardy_tui.online import (
    Ping as LobbyPing,
)

LIST_KINDS = ("players", "seeks", "matches")
"""The lobby's three lists, by their frames' type."""
CLOCK_LOOK_SECONDS = 0.5
"""How often an instance looks for a side out of time."""
ALIVE_SECONDS = 5.0
"""How often an instance records that it is alive (``Store.keep_alive``)."""
GONE_SECONDS = 3 * ALIVE_SECONDS
"""An instance not heard of for this long has stopped, whether or not it said so."""
LOG = logging.getLogger(__name__)
LIST_PAUSE_SECONDS = 0.5
"""How long an instance gathers changes to a list before it sends the list again: a crowd
coming online costs each connection one list, not one a player."""


class Connection(Protocol):
    """A player's connection, as the hub sees it (``nardy_tui.lobby.server`` has the one
    there is)."""

    player: Player | None

    async def send(self, frame: frames.Frame | frames.Encoded) -> None: ...

    async def close(self, code: int, why: str) -> None: ...


class Refused(Exception):
    """A request the lobby refuses: the error the server answers with."""

    def __init__(self, code: ErrorCode, text: str) -> None:
        super().__init__(text)
        self.code = code
        self.text = text


LOGGED_IN_ELSEWHERE = 4004


@dataclass
class LiveMatch:
    """A match in play as this instance follows it: its referee, and the stored messages
    the referee has taken, which this instance passes on without reading them again."""

    stored: StoredMatch
    referee: Referee
    history: list[tuple[Side, str]]
    """The match's stored messages the referee has taken, in order: each one's sender and
    text."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def taken(self) -> int:
        """How many of the match's stored messages the referee has taken."""
        return len(self.history)

    def clock_after_news(self, now: float) -> MatchClock | None:
        """The match's clock once the referee took a message: it runs for the one side the
        match waits for (the side to roll or move, or a side whose program has yet to
        answer a throw), and for nobody while it waits for both or neither. A new side on
        the clock begins a turn, with its delay."""
        clock = self.stored.clock
        if clock is None:
            return None
        waiting = self.referee.waiting_for()
        running = next(iter(waiting)) if len(waiting) == 1 else None
        if clock.turn is not running:
            if clock.turn is not None:
                clock.stop_turn(now)
            if running is not None:
                clock.start_turn(running, now)
        return clock


def match_id(text: str) -> MatchId:
    """A match's id as the protocol writes it (``m17``)."""
    return MatchId(_number_in(text, "m"))


def seek_id(text: str) -> SeekId:
    return SeekId(_number_in(text, "s"))


def challenge_id(text: str) -> ChallengeId:
    return ChallengeId(_number_in(text, "c"))


def _number_in(text: str, prefix: str) -> int:
    if not (text.startswith(prefix) and text[1:].isdigit() and len(text) < 20):
        raise Refused(ErrorCode.NOT_FOUND, f"there is no {text!r} here")
    return int(text[1:])


class Hub:
    """One instance's share of the lobby."""

    def __init__(self, store: Store, bus: Bus, instance: InstanceId) -> None:
        self._store = store
        self._bus = bus
        self.instance = instance
        self._here: dict[PlayerId, Connection] = {}
        """The players logged in through this instance."""
        self._followers: dict[MatchId, dict[Connection, int]] = {}
        """Who follows each match through this instance (its players once they have said
        where they are, and its watchers), with the number of the next message each needs:
        a message is passed on to a follower once, in order, after what it was sent on
        joining."""
        self._live: dict[MatchId, LiveMatch] = {}
        self._lists_due: set[Topic] = set()
        self._lists_sent: dict[str, frames.Frame] = {}
        """Each list as it was when its changes were last sent (``_changes``)."""
        self._lists_sender: asyncio.Task[None] | None = None

    # -- who is here ---------------------------------------------------------------------

    async def logged_in(self, connection: Connection, player: Player) -> None:
        """``player`` proved who they are on ``connection``: an older connection of theirs
        gives way, everyone hears they are online, and they get the lobby and their match."""
        older = self._here.get(player.id)
        self._here[player.id] = connection
        if older is not None and older is not connection:
            await older.close(LOGGED_IN_ELSEWHERE, "logged in again elsewhere")
        await self._store.set_online(player.id, self.instance)
        await connection.send(frames.welcome(player))
        await self._send_all_lists(connection)
        mine = await self._store.match_in_play_of(player.id)
        side = None if mine is None else mine.side_of(player.id)
        if mine is not None and side is not None:
            await connection.send(frames.match_begins(mine, side))
        for challenge in await self._store.challenges_to(player.id):
            await connection.send(frames.challenged(challenge))
        missed = await self._store.missed_result(player.id)
        if missed is not None:
            await connection.send(frames.result(missed))
        await self._bus.publish(Topic.PRESENCE, str(player.id))

    async def left(self, connection: Connection) -> None:
        """``connection`` closed: its player is offline unless they came back on another."""
        for followers in self._followers.values():
            followers.pop(connection, None)
        player = connection.player
        if player is None or self._here.get(player.id) is not connection:
            return
        del self._here[player.id]
        await self._store.set_offline(player.id, self.instance)
        await self._bus.publish(Topic.PRESENCE, str(player.id))

    # -- what a player asks --------------------------------------------------------------

    async def take(self, connection: Connection, request: Request) -> None:
        """Do what a logged-in player asks, or raise ``Refused``."""
        player = connection.player
        assert player is not None
        match request:
            case LobbyPing():
                await connection.send({"t": "pong"})
            case Seek(points, clock):
                await self._not_playing(player)
                await self._store.add_seek(player.id, points, clock)
                await self._bus.publish(Topic.SEEKS, str(player.id))
            case Unseek():
                if await self._store.withdraw_seek(player.id) is not None:
                    await self._bus.publish(Topic.SEEKS, str(player.id))
            case Accept(seek):
                await self._accept(player, seek_id(seek))
            case Pair(points, clock):
                await self._pair(connection, player, points, clock)
            case Ratings(first, count):
                await connection.send(
                    frames.ratings(first, await self._store.ratings(first, count))
                )
            case Watch(match):
                await self._watch(connection, match_id(match))
            case Unwatch(match):
                self._followers.get(match_id(match), {}).pop(connection, None)
            case InMatch(match, message):
                await self._in_match(connection, player, match_id(match), message)
            case Challenge(name, points, clock):
                await self._challenge(player, name, points, clock)
            case Answer(challenge, yes):
                await self._answer(player, challenge_id(challenge), yes=yes)
            case Resign(match):
                await self._resign_match(player, match_id(match))
            case _:
                raise Refused(ErrorCode.NOT_ALLOWED, "you are logged in already")

    async def _not_playing(self, player: Player) -> None:
        if await self._store.match_in_play_of(player.id) is not None:
            raise Refused(ErrorCode.BUSY, "you are in a match: one at a time")

    async def _accept(self, player: Player, seek: SeekId) -> None:
        offers = {offer.id: offer for offer in await self._store.seeks()}
        offer = offers.get(seek)
        if offer is None:
            raise Refused(ErrorCode.NOT_FOUND, "that seek is gone")
        if offer.player.id == player.id:
            raise Refused(ErrorCode.NOT_ALLOWED, "that is your own seek")
        await self._not_playing(player)
        sides = [offer.player.id, player.id]
        random.SystemRandom().shuffle(sides)
        clock = None if offer.clock is None else MatchClock(offer.clock, offer.points)
        try:
            started = await self._store.start_match(
                sides[0], sides[1], offer.points, clock, taking=offer.id
            )
        except NotFound:
            raise Refused(ErrorCode.NOT_FOUND, "someone else took that seek") from None
        await self._store.withdraw_seek(player.id)
        await self._bus.publish(Topic.SEEKS, str(player.id))
        await self._bus.publish(Topic.MATCH_STARTED, str(started.id))

    async def _challenge(
        self, player: Player, name: str, points: int, clock: ClockRule | None
    ) -> None:
        """Offer a match to a player online, free, and not in another challenge."""
        wanted = name_key(name)
        online = [p for p in await self._store.online() if name_key(p.player.name) == wanted]
        if not online:
            raise Refused(ErrorCode.NOT_FOUND, f"{name} is not online")
        [challenged] = online
        if challenged.player.id == player.id:
            raise Refused(ErrorCode.NOT_ALLOWED, "you cannot challenge yourself")
        await self._not_playing(player)
        if challenged.playing:
            raise Refused(ErrorCode.BUSY, f"{challenged.player.name} is in a match")
        try:
            made = await self._store.add_challenge(player.id, challenged.player.id, points, clock)
        except Conflict:
            raise Refused(ErrorCode.BUSY, "one of you has a challenge open already") from None
        await self._bus.publish(Topic.CHALLENGE, str(made.id))

    async def _answer(self, player: Player, challenge: ChallengeId, *, yes: bool) -> None:
        """The challenged player's answer: a match between the two, or a no the challenger
        hears."""
        if yes:
            offered = await self._store.challenge(challenge)
            if offered is not None:
                await self._not_playing(player)
                if await self._store.match_in_play_of(offered.challenger.id) is not None:
                    raise Refused(ErrorCode.BUSY, f"{offered.challenger.name} is in a match")
        try:
            answered = await self._store.answer_challenge(challenge, player.id, yes=yes)
        except NotFound:
            raise Refused(ErrorCode.NOT_FOUND, "no such challenge to you is open") from None
        if not yes:
            await self._bus.publish(Topic.CHALLENGE, str(answered.id))
            return
        sides = [answered.challenger.id, answered.challenged.id]
        random.SystemRandom().shuffle(sides)
        clock = None if answered.clock is None else MatchClock(answered.clock, answered.points)
        started = await self._store.start_match(sides[0], sides[1], answered.points, clock)
        for side in sides:
            if await self._store.withdraw_seek(side) is not None:
                await self._bus.publish(Topic.SEEKS, str(side))
        await self._bus.publish(Topic.MATCH_STARTED, str(started.id))

    async def _pair(
        self, connection: Connection, player: Player, points: int, clock: ClockRule | None
    ) -> None:
        """The open seek of this kind nearest the player's rating, or a seek of their own."""
        kind = [
            offer
            for offer in await self._store.seeks()
            if offer.points == points and offer.clock == clock and offer.player.id != player.id
        ]
        if not kind:
            await self.take(connection, Seek(points, clock))
            return
        nearest = min(kind, key=lambda o: abs(o.player.rating.rating - player.rating.rating))
        await self._accept(player, nearest.id)

    async def _watch(self, connection: Connection, match: MatchId) -> None:
        live = await self._live_match(match)
        async with live.lock:
            history = await self._store.messages(match)
            self._followers.setdefault(match, {})[connection] = len(history)
        await connection.send(frames.match_begins(live.stored, None))
        for stored in history:
            await connection.send(_passed_on(live.stored, stored.sender, stored.text))

    # -- a match -------------------------------------------------------------------------

    async def _live_match(self, match: MatchId) -> LiveMatch:
        """The match in play with its referee, built from the store the first time."""
        live = self._live.get(match)
        if live is not None:
            return live
        stored = await self._store.match(match)
        if stored is None or stored.result is not None:
            raise Refused(ErrorCode.NOT_FOUND, "there is no such match in play")
        history = [(message.sender, message.text) for message in await self._store.messages(match)]
        referee = Referee.from_history(
            stored.points, [(sender, decode_message(text.encode())) for sender, text in history]
        )
        live = self._live.setdefault(match, LiveMatch(stored, referee, history))
        return live

    async def _in_match(
        self, connection: Connection, player: Player, match: MatchId, message: Message
    ) -> None:
        """Judge a player's message with the referee as this instance holds it, store it,
        and tell every instance. The store is not read first: a message the referee
        refuses is judged again after a catch-up (another instance may have stored what
        it follows), and one it accepts is stored only if the match has stored nothing
        since (``Conflict``: read again, judge again)."""
        live = await self._live_match(match)
        side = live.stored.side_of(player.id)
        if side is None:
            raise Refused(ErrorCode.NOT_ALLOWED, "you do not play in that match")
        if isinstance(message, Sync):
            async with live.lock:
                await self._catch_up(live)
                self._followers.setdefault(match, {})[connection] = live.taken
                await connection.send(frames.in_match(live.stored, live.referee.sync()))
                for missed in live.referee.missed_by(side, message):
                    await connection.send(frames.in_match(live.stored, missed))
                if live.stored.clock is not None:  # a client's own ran on while it was away
                    await connection.send(frames.clock(live.stored, time.time()))
            return
        if isinstance(message, Bye | Ping):
            return
        text = encode_message(message).decode()
        async with live.lock:
            for _ in range(2):
                if await self._out_of_time(live, time.time()):
                    raise Refused(ErrorCode.NOT_ALLOWED, "the match is over: a clock ran out")
                verdict = live.referee.take(side, message)
                if not verdict.accepted and await self._catch_up(live):
                    verdict = live.referee.take(side, message)  # it was refused by a referee behind
                if not verdict.accepted:
                    assert verdict.refusal is not None
                    raise Refused(_code_of(verdict.refusal), verdict.reason)
                if not verdict.news:
                    return
                try:
                    await self._store.append_message(
                        match,
                        live.taken,
                        side,
                        text,
                        score=_score(live.referee),
                        clock=live.clock_after_news(time.time()),
                    )
                except Conflict:
                    self._live.pop(match, None)  # another instance got there: read again
                    live = await self._live_match(match)
                    continue
                live.history.append((side, text))
                break
            else:  # the match moved on twice while this one was judged: nothing was stored
                raise Refused(ErrorCode.BUSY, "the match moved on meanwhile: send it again")
        await self._bus.publish(Topic.MESSAGE, _message_notice(match, live.taken))
        if live.referee.match.phase is Phase.MATCH_OVER:
            await self._finish(live)

    async def _resign_match(self, player: Player, match: MatchId) -> None:
        """The player gives up the match: it ends at once, won by the opponent, rated."""
        stored = await self._stored(match)
        side = stored.side_of(player.id)
        if side is None:
            raise Refused(ErrorCode.NOT_ALLOWED, "you do not play in that match")
        if stored.result is not None:
            raise Refused(ErrorCode.NOT_FOUND, "that match is over")
        await self._end(stored, side.opponent, Ending.RESIGNED)

    async def _catch_up(self, live: LiveMatch) -> bool:
        """Take into the referee what other instances stored of the match since (and the
        clock as they left it); whether there was any."""
        fresh = await self._store.messages(live.stored.id, live.taken)
        for stored in fresh:
            verdict = live.referee.take(stored.sender, decode_message(stored.text.encode()))
            assert verdict.accepted, verdict.reason
            live.history.append((stored.sender, stored.text))
        if fresh:
            live.stored = await self._stored(live.stored.id)
        return bool(fresh)

    async def _stored(self, match: MatchId) -> StoredMatch:
        stored = await self._store.match(match)
        if stored is None:
            raise Refused(ErrorCode.NOT_FOUND, "there is no such match")
        return stored

    async def _out_of_time(self, live: LiveMatch, now: float) -> bool:
        """Whether the side on the clock has run out of time (by the clock as the store
        has it now): then the match is over, lost on time, whatever comes after."""
        if live.stored.clock is not None and live.stored.clock.flagged(now) is not None:
            await self._catch_up(live)  # another instance may have moved the clock on
        clock = live.stored.clock
        loser = None if clock is None else clock.flagged(now)
        if loser is None:
            return False
        await self._end(live.stored, loser.opponent, Ending.TIME)
        return True

    async def watch_clocks(self) -> None:
        """End, every ``CLOCK_LOOK_SECONDS``, the matches whose side on the clock has run out
        of time, whether or not anyone is connected (a dropped player's clock runs on)."""
        while True:
            await asyncio.sleep(CLOCK_LOOK_SECONDS)
            now = time.time()
            for match, clock in (await self._store.clocks_in_play()).items():
                if clock.flagged(now) is not None:
                    await self._end_on_time(match, now)

    async def _end_on_time(self, match: MatchId, now: float) -> None:
        """End the match if its clock, read whole again, says a side is out of time."""
        stored = await self._store.match(match)
        clock = None if stored is None or stored.result is not None else stored.clock
        loser = None if clock is None else clock.flagged(now)
        if stored is not None and loser is not None:
            await self._end(stored, loser.opponent, Ending.TIME)

    async def keep_alive(self) -> None:
        """Record, every ``ALIVE_SECONDS`` after the first record at start, that this
        instance is alive: the moment the lobby last ran, should every instance stop."""
        while True:
            await asyncio.sleep(ALIVE_SECONDS)
            await self._store.keep_alive(self.instance, time.time())

    async def take_up_clocks(self, now: float) -> None:
        """Stop, for the time the lobby was away, the clocks that no instance kept: when
        this instance starts and no other is alive, each running clock is paused at the
        last moment an instance was alive and resumed ``now``, so that nobody loses time
        (or the match) to a server that was not there."""
        heartbeats = await self._store.heartbeats()
        if not heartbeats or any(
            not beat.stopped and beat.alive_at > now - GONE_SECONDS
            for name, beat in heartbeats.items()
            if name != self.instance
        ):
            return
        last_alive = max(beat.alive_at for beat in heartbeats.values())
        for match in await self._store.matches_in_play():
            clock = match.clock
            if clock is None or clock.turn is None or clock.paused:
                continue
            clock.pause(last_alive)
            clock.resume(now)
            with contextlib.suppress(Conflict):
                await self._store.set_clock(match.id, clock)

    async def _finish(self, live: LiveMatch) -> None:
        winner = live.referee.match.winner
        assert winner is not None
        await self._end(live.stored, winner, Ending.POINTS, _score(live.referee))

    async def _end(
        self,
        match: StoredMatch,
        winner: Side,
        ending: Ending,
        score: tuple[int, int] | None = None,
    ) -> None:
        """End the match (once, whichever instance sees it first) and tell every instance."""
        with contextlib.suppress(Conflict, NotFound):
            await self._store.finish_match(
                match.id, winner, score or match.score, ending, clock=match.clock
            )
            await self._bus.publish(Topic.MATCH_FINISHED, str(match.id))

    # -- what every instance hears -------------------------------------------------------

    async def listen(self) -> None:
        """Hear the bus until it closes, passing on what concerns this instance's players."""
        async with self._bus.subscribe() as notices:
            async for notice in notices:
                try:
                    await self._heard(notice)
                except (Refused, NotFound):
                    continue
                except Exception:  # one notice gone wrong must not deafen the instance
                    LOG.exception("a notice %s could not be passed on", notice)

    async def _heard(self, notice: Notice) -> None:
        match notice.topic:
            case Topic.MESSAGE:
                match, stored = notice.payload.split()
                await self._pass_on(MatchId(int(match)), int(stored))
            case Topic.MATCH_STARTED:
                await self._match_started(MatchId(int(notice.payload)))
                self._list_due(Topic.MATCH_STARTED)
                self._list_due(Topic.PRESENCE)
            case Topic.MATCH_FINISHED:
                await self._match_finished(MatchId(int(notice.payload)))
                self._list_due(Topic.MATCH_STARTED)
                self._list_due(Topic.PRESENCE)
            case Topic.PRESENCE:
                await self._presence_changed(PlayerId(int(notice.payload)))
                self._list_due(Topic.PRESENCE)
            case Topic.SEEKS:
                self._list_due(Topic.SEEKS)
            case Topic.CHALLENGE:
                await self._challenge_changed(ChallengeId(int(notice.payload)))

    async def _pass_on(self, match: MatchId, stored: int) -> None:
        """Send each follower of ``match`` through this instance what it has not had (a
        player not its own messages), and the clock, once the match has ``stored``
        messages (read from the store only if another instance stored them)."""
        live = await self._live_match(match)
        async with live.lock:
            if stored > live.taken:
                await self._catch_up(live)
            followers = self._followers.get(match, {})
            taken, first = live.taken, min(followers.values(), default=live.taken)
            sending = [(connection, followers[connection]) for connection in followers]
            for connection in followers:
                followers[connection] = max(followers[connection], taken)
        for connection, needed in sending:
            own = self._side_of(connection, live.stored)
            for sender, text in live.history[needed:taken]:
                if sender is not own:
                    await connection.send(_passed_on(live.stored, sender, text))
            if first < taken and live.stored.clock is not None:
                await connection.send(frames.clock(live.stored, time.time()))

    @staticmethod
    def _side_of(connection: Connection, match: StoredMatch) -> Side | None:
        return None if connection.player is None else match.side_of(connection.player.id)

    async def _match_started(self, match: MatchId) -> None:
        stored = await self._store.match(match)
        if stored is None:
            return
        for side, player in ((Side.WHITE, stored.white), (Side.BLACK, stored.black)):
            connection = self._here.get(player.id)
            if connection is not None:
                await connection.send(frames.match_begins(stored, side))

    async def _match_finished(self, match: MatchId) -> None:
        stored = await self._store.match(match)
        self._live.pop(match, None)
        followers = self._followers.pop(match, {})
        if stored is None or stored.result is None:
            return
        players = {
            connection
            for connection in (self._here.get(stored.white.id), self._here.get(stored.black.id))
            if connection is not None
        }
        for connection in {*followers, *players}:
            await connection.send(frames.result(stored))
        # The lists told now, not at the next gathering: its players get them whole, as
        # everyone was last told them, and that is to be without the match.
        await self._tell_lists({Topic.PRESENCE, Topic.MATCH_STARTED})
        for connection in players:
            await self._send_all_lists(connection)

    async def _challenge_changed(self, challenge: ChallengeId) -> None:
        """Tell the challenged player of a new challenge, or the challenger of a no, if
        they are here."""
        stored = await self._store.challenge(challenge)
        if stored is None:
            return
        if stored.state is ChallengeState.OPEN:
            whom, frame = stored.challenged, frames.challenged(stored)
        elif stored.state is ChallengeState.DECLINED:
            whom, frame = stored.challenger, frames.declined(stored)
        else:
            return  # accepted: the match's own notice tells both
        connection = self._here.get(whom.id)
        if connection is not None:
            await connection.send(frame)

    async def _presence_changed(self, player: PlayerId) -> None:
        """A player logged in elsewhere gives up their connection here."""
        connection = self._here.get(player)
        if connection is None:
            return
        if await self._store.instance_of(player) not in (self.instance, None):
            del self._here[player]
            await connection.close(LOGGED_IN_ELSEWHERE, "logged in again elsewhere")

    async def stop_sending(self) -> None:
        """No list is sent from now on (the lobby stops): the one gathered is dropped,
        before the store it would read is closed under it."""
        sender, self._lists_sender = self._lists_sender, None
        if sender is not None:
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sender

    def _list_due(self, topic: Topic) -> None:
        self._lists_due.add(topic)
        if self._lists_sender is None or self._lists_sender.done():
            self._lists_sender = asyncio.create_task(self._send_lists())

    async def _send_lists(self) -> None:
        """Send everyone here the lists that changed, gathered for ``LIST_PAUSE_SECONDS``,
        and again while more changed meanwhile: a list that changes while the lists are
        being sent is sent once they are."""
        while self._lists_due:
            await asyncio.sleep(LIST_PAUSE_SECONDS)
            due, self._lists_due = self._lists_due, set()
            await self._tell_lists(due)

    async def _tell_lists(self, due: set[Topic]) -> None:
        """Send everyone here not in a match what changed in the lists of ``due``."""
        in_play = await self._store.matches_in_play()
        lists: list[frames.Frame] = []
        if Topic.PRESENCE in due:
            lists.append(frames.players(await self._store.online()))
        if Topic.SEEKS in due:
            lists.append(frames.seeks(await self._store.seeks()))
        if Topic.MATCH_STARTED in due:
            lists.append(frames.matches(in_play))
        sent = [frames.encoded(changed) for changed in map(self._changes, lists) if changed]
        playing = {player.id for match in in_play for player in (match.white, match.black)}
        for player, connection in list(self._here.items()):
            if player in playing:
                continue  # playing, not looking at the lobby: the lists come at the end
            for frame in sent:
                await connection.send(frame)

    async def take_lists(self) -> None:
        """The lists as they are when this instance starts (it must, before any login):
        what a player logging in is sent until the first changes are told, and what those
        are told against, so that a match in play before a restart is told gone when it
        ends rather than listed for good."""
        for whole in (
            frames.players(await self._store.online()),
            frames.seeks(await self._store.seeks()),
            frames.matches(await self._store.matches_in_play()),
        ):
            self._changes(whole)

    def _changes(self, whole: frames.Frame) -> frames.Frame | None:
        """What changed in a list since this instance last sent its changes (the whole list
        as it was then kept here); None if nothing did. A player who came since has the
        list as it was when they came: the changes since, taken in, leave it as it is."""
        kind = str(whole["t"])
        before = self._lists_sent.get(kind, {"t": kind, kind: []})
        self._lists_sent[kind] = whole
        return frames.changes(before, whole)

    async def _send_all_lists(self, connection: Connection) -> None:
        """The three lists whole, to one connection (a player logging in, or one whose
        match ended: none were sent while it lasted), as this instance last told everyone
        their changes: what changed since comes to it with everyone's next changes. The
        lists as they are now would leave it, if something came and went before those
        changes (a seek taken at once), with an entry nobody would tell it was gone."""
        for kind in LIST_KINDS:
            await connection.send(self._lists_sent[kind])


def _message_notice(match: MatchId, stored: int) -> str:
    """The bus's notice that ``match`` has ``stored`` messages: an instance that has taken
    them all reads nothing."""
    return f"{match} {stored}"


def _passed_on(match: StoredMatch, sender: Side, text: str) -> frames.Frame:
    return {
        "t": "m",
        "id": f"m{match.id}",
        "msg": json.loads(text),
        "from": sender.value,
    }


def _score(referee: Referee) -> tuple[int, int]:
    score = referee.match.score
    return score[Side.WHITE], score[Side.BLACK]


def _code_of(refusal: Fault) -> ErrorCode:
    return ErrorCode(refusal.value)
