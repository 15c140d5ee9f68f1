"""What the lobby server remembers: players, seeks, who is online, matches and every message
of every match, in a database that several server instances may share.

By default a SQLite file in the server's data folder, with nothing to set up. A lobby that
outgrows one machine gives a PostgreSQL URL instead (``nardy_tui.lobby.database``), and
then several instances behind a load balancer share it: nothing that matters lives in one
process only, so any instance can take up a match that another one started (and
``nardy_tui.lobby.bus`` tells the others when something changed). Every operation of
``Store`` is one transaction, and every value reaches the database as a bound parameter.
The tables have versions under Alembic (``migrations``), which ``Store.upgrade`` brings up
to date when a server starts.

The store decides no rule of the game or of the lobby: the server and the referee do. It
refuses only what would make its rows contradict each other (a name taken twice, two
messages of a match with one number, a match finished twice), each with an error of its
own type, so that a server instance that lost a race can read again and decide again.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import Enum
from typing import Any, ClassVar, NewType

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    DateTime,
    Dialect,
    Double,
    ForeignKey,
    Integer,
    MetaData,
    Row,
    String,
    Text,
    TypeDecorator,
    bindparam,
    delete,
    func,
    insert,
    or_,
    select,
    union,
    update,
)
from sqlalchemy import Enum as SqlEnum
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.sql.expression import Executable
from sqlalchemy.types import TypeEngine

from nardy_tui.engine import Side
from nardy_tui.lobby.database import Database, PostgresServer, engine_for
from nardy_tui.online import ClockRule, MatchClock, Rating, after_match, name_key

MIGRATIONS = "nardy_tui.lobby:migrations"
"""Where Alembic finds the schema's versions: in the package, so a server needs no file."""
UPGRADE_LOCK = 0x6E61726479
"""PostgreSQL's advisory lock taken while the schema is upgraded, so that instances starting
at the same moment upgrade one after the other (the number is "nardy" in ASCII)."""
LONGEST_NAME = 16
LONGEST_INSTANCE = 100
LONGEST_RATINGS_PAGE = 100

PlayerId = NewType("PlayerId", int)
SeekId = NewType("SeekId", int)
ChallengeId = NewType("ChallengeId", int)
MatchId = NewType("MatchId", int)
InstanceId = NewType("InstanceId", str)
"""A server instance's name, the same across its restarts (its address, say), so that an
instance that starts again clears who was online through it before it stopped."""


class StoreError(Exception):
    """What the database refused to keep, because it would contradict what it has."""


class NameTaken(StoreError):
    """Another player has this name, written in any case."""


class NotFound(StoreError):
    """No such player, seek or match (or no longer: a seek another player took)."""


class Conflict(StoreError):
    """Another transaction got there first (a message with this number, the end of this
    match): read again, and decide again on what is there now."""


class MatchState(Enum):
    """Whether a match is in play, as the list of matches in play asks it."""

    PLAYING = "playing"
    FINISHED = "finished"


class ChallengeState(Enum):
    """Where a challenge stands: open until the challenged player answers."""

    OPEN = "open"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    WITHDRAWN = "withdrawn"
    """The challenger made another, or one of the two went offline."""


class Ending(Enum):
    """How a match was won."""

    POINTS = "points"
    TIME = "time"
    RESIGNED = "resigned"


class Moment(TypeDecorator[datetime]):
    """A moment in UTC, read back with its time zone from every database (SQLite keeps
    none: what it has was written in UTC by the database's own clock)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None or value.tzinfo is not None:
            return value
        return value.replace(tzinfo=UTC)


def _stored_as_value(kind: type[Enum]) -> SqlEnum:
    """A column of ``kind``'s values (``"white"``, not ``"WHITE"``), as a string on every
    database: a new member needs no change of the schema."""
    return SqlEnum(
        kind, native_enum=False, values_callable=lambda members: [m.value for m in members]
    )


class Table(DeclarativeBase):
    """The lobby's tables; constraints named by one rule, as the migrations name them."""

    metadata = MetaData(
        naming_convention={
            "pk": "pk_%(table_name)s",
            "fk": "fk_%(table_name)s_%(column_0_name)s",
            "uq": "uq_%(table_name)s_%(column_0_name)s",
            "ix": "ix_%(table_name)s_%(column_0_name)s",
        }
    )
    type_annotation_map: ClassVar[dict[type, TypeEngine[Any] | type[TypeEngine[Any]]]] = {
        datetime: Moment,
        float: Double,  # as SQLAlchemy 2.1 has it (2.0 made a float a Float)
        Side: _stored_as_value(Side),
        MatchState: _stored_as_value(MatchState),
        Ending: _stored_as_value(Ending),
        ChallengeState: _stored_as_value(ChallengeState),
    }


class PlayerRow(Table):
    __tablename__ = "players"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(LONGEST_NAME))
    """As the player wrote it when registering."""
    name_key: Mapped[str] = mapped_column(String(LONGEST_NAME), unique=True)
    """The name without case: two players' names never differ by case alone."""
    public_key: Mapped[str] = mapped_column(String(64))
    """The player's Ed25519 public key in hex: what their logins are signed with."""
    rating: Mapped[float] = mapped_column(index=True)
    experience: Mapped[int]
    matches_played: Mapped[int]
    bot: Mapped[bool]
    banned: Mapped[bool]
    created: Mapped[datetime] = mapped_column(server_default=func.now())
    unheard_result: Mapped[int | None]
    """The id of a match of theirs that ended while they were offline (a clock ran out),
    until they are told (``missed_result``). No foreign key: matches name players already,
    and tables that name each other could not be emptied or made one after the other."""


class SeekRow(Table):
    __tablename__ = "seeks"

    id: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), unique=True)
    """One open seek a player: a new one replaces it."""
    points: Mapped[int]
    clock_delay: Mapped[int | None]
    clock_reserve_per_point: Mapped[int | None]
    created: Mapped[datetime] = mapped_column(server_default=func.now())


class ChallengeRow(Table):
    """A match offered to one named player, kept until they answer, so that any instance
    can tell them (and the challenger the answer)."""

    __tablename__ = "challenges"

    id: Mapped[int] = mapped_column(primary_key=True)
    challenger_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    challenged_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    points: Mapped[int]
    clock_delay: Mapped[int | None]
    clock_reserve_per_point: Mapped[int | None]
    state: Mapped[ChallengeState]
    created: Mapped[datetime] = mapped_column(server_default=func.now())


class MatchRow(Table):
    __tablename__ = "matches"

    id: Mapped[int] = mapped_column(primary_key=True)
    white_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    black_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    points: Mapped[int]
    clock_delay: Mapped[int | None]
    clock_reserve_per_point: Mapped[int | None]
    clock_snapshot: Mapped[str | None] = mapped_column(Text)
    """The match clock as ``MatchClock.to_json`` wrote it, in JSON (none without a clock)."""
    state: Mapped[MatchState] = mapped_column(index=True)
    white_score: Mapped[int]
    black_score: Mapped[int]
    winner: Mapped[Side | None]
    ending: Mapped[Ending | None]
    started: Mapped[datetime] = mapped_column(server_default=func.now())
    finished: Mapped[datetime | None]
    white_rating_before: Mapped[float | None]
    white_rating_after: Mapped[float | None]
    black_rating_before: Mapped[float | None]
    black_rating_after: Mapped[float | None]


class MessageRow(Table):
    """A match's history, message by message: what the referee is rebuilt from."""

    __tablename__ = "match_messages"

    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    sequence: Mapped[int] = mapped_column(primary_key=True)
    """From 0 in each match: two messages of a match never have the same number."""
    sender: Mapped[Side]
    text: Mapped[str] = mapped_column(Text)
    """The message as JSON."""
    sent: Mapped[datetime] = mapped_column(server_default=func.now())


class PresenceRow(Table):
    """Who is online, and through which instance: every instance lists them all."""

    __tablename__ = "presence"

    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    instance: Mapped[str] = mapped_column(String(LONGEST_INSTANCE), index=True)
    since: Mapped[datetime] = mapped_column(server_default=func.now())


class InstanceRow(Table):
    """Each instance's heartbeat: a lobby that starts again and finds no other instance
    alive knows from it when the lobby last ran."""

    __tablename__ = "instances"

    name: Mapped[str] = mapped_column(String(LONGEST_INSTANCE), primary_key=True)
    alive_at: Mapped[float]
    """Seconds since 1970 by the instance's wall clock, as the match clocks count them."""
    stopped: Mapped[bool]
    """Whether the instance has stopped (at ``alive_at``); one that did not say so is taken
    for stopped once it has not been heard of for a while."""


@dataclass(frozen=True, slots=True)
class Player:
    id: PlayerId
    name: str
    public_key: str
    rating: Rating
    matches_played: int
    bot: bool
    banned: bool
    created: datetime


@dataclass(frozen=True, slots=True)
class OpenSeek:
    id: SeekId
    player: Player
    points: int
    clock: ClockRule | None
    created: datetime


@dataclass(frozen=True, slots=True)
class StoredChallenge:
    id: ChallengeId
    challenger: Player
    challenged: Player
    points: int
    clock: ClockRule | None
    state: ChallengeState


@dataclass(frozen=True, slots=True)
class Result:
    """How a finished match ended, and what it did to both players' ratings."""

    winner: Side
    ending: Ending
    finished: datetime
    ratings: Mapping[Side, tuple[float, float]]
    """Each side's rating before the match and after it."""


@dataclass(frozen=True, slots=True)
class StoredMatch:
    id: MatchId
    white: Player
    black: Player
    points: int
    clock_rule: ClockRule | None
    clock: MatchClock | None
    """The clock as last stored (with the match's last message, or when it ended)."""
    score: tuple[int, int]
    """White's points, then Black's."""
    started: datetime
    result: Result | None
    """None while the match is in play."""

    def side_of(self, player: PlayerId) -> Side | None:
        """The side ``player`` plays in this match, None for anyone else."""
        sides = {self.white.id: Side.WHITE, self.black.id: Side.BLACK}
        return sides.get(player)


@dataclass(frozen=True, slots=True)
class MatchMessage:
    sequence: int
    sender: Side
    text: str
    sent: datetime


@dataclass(frozen=True, slots=True)
class Presence:
    player: Player
    instance: InstanceId
    since: datetime
    playing: bool
    """Whether the player is in a match in play."""


@dataclass(frozen=True, slots=True)
class Heartbeat:
    """When an instance was last alive, and whether it stopped then."""

    alive_at: float
    stopped: bool


class Store:
    """The lobby's rows, each operation one transaction."""

    def __init__(self, database: Database) -> None:
        """A store that opens connections to ``database`` when it needs them (none yet)."""
        self.database = database
        self._engine = engine_for(database)

    async def close(self) -> None:
        """Close every connection the store has open."""
        await self._engine.dispose()

    async def upgrade(self) -> None:
        """Bring the tables to the latest version of the schema (make them in a database
        that has none): every server instance does this when it starts."""
        async with self._engine.begin() as connection:
            if isinstance(self.database, PostgresServer):
                await connection.execute(select(func.pg_advisory_xact_lock(UPGRADE_LOCK)))
            await connection.run_sync(_upgrade_to_latest)

    async def register(self, name: str, public_key: str, *, bot: bool) -> Player:
        """A new player with a rating of 1500, first come, first served: NameTaken if the
        name is someone's already, written in any case."""
        new = Rating.NEW
        values = {
            "name": name,
            "name_key": name_key(name),
            "public_key": public_key,
            "rating": new.rating,
            "experience": new.experience,
            "matches_played": 0,
            "bot": bot,
            "banned": False,
        }
        async with self._engine.begin() as connection:
            try:
                added = await connection.execute(
                    insert(PlayerRow).values(values).returning(*_PLAYER)
                )
            except IntegrityError as taken:
                raise NameTaken(name) from taken
            return _player(added.one())

    async def player(self, name: str) -> Player | None:
        """The player of this name, written in any case."""
        async with self._engine.begin() as connection:
            found = await connection.execute(
                select(*_PLAYER).where(PlayerRow.name_key == name_key(name))
            )
            row = found.one_or_none()
            return None if row is None else _player(row)

    async def ban(self, name: str) -> Player:
        """The server's owner shuts the player of this name out for good (their matches
        and their rating stay as they were)."""
        async with self._engine.begin() as connection:
            banned = await connection.execute(
                update(PlayerRow)
                .where(PlayerRow.name_key == name_key(name))
                .values(banned=True)
                .returning(*_PLAYER)
            )
            row = banned.one_or_none()
            if row is None:
                raise NotFound(name)
            return _player(row)

    async def add_seek(
        self, player: PlayerId, points: int, clock: ClockRule | None
    ) -> tuple[OpenSeek, SeekId | None]:
        """The player's new open seek, and the one it replaces (a player has one at most)."""
        async with self._engine.begin() as connection:
            replaced = await connection.scalar(
                delete(SeekRow).where(SeekRow.player_id == player).returning(SeekRow.id)
            )
            added = await connection.scalar(
                insert(SeekRow)
                .values(player_id=player, points=points, **_clock_rule_columns(clock))
                .returning(SeekRow.id)
            )
            assert added is not None, "an insert returns its row"
            (seek,) = await _seeks(connection, SeekRow.id == added)
            return seek, None if replaced is None else SeekId(replaced)

    async def withdraw_seek(self, player: PlayerId) -> SeekId | None:
        """Take back the player's open seek: the one withdrawn, if there was one."""
        async with self._engine.begin() as connection:
            withdrawn = await connection.scalar(
                delete(SeekRow).where(SeekRow.player_id == player).returning(SeekRow.id)
            )
            return None if withdrawn is None else SeekId(withdrawn)

    async def seeks(self) -> list[OpenSeek]:
        """The open seeks, oldest first."""
        async with self._engine.begin() as connection:
            return await _seeks(connection)

    async def add_challenge(
        self, challenger: PlayerId, challenged: PlayerId, points: int, clock: ClockRule | None
    ) -> StoredChallenge:
        """An open challenge from ``challenger`` to ``challenged``, in place of the one the
        challenger made before. A player takes part in one open challenge at a time, made or
        received: Conflict if either does already."""
        async with self._engine.begin() as connection:
            both = {challenger, challenged}
            await _ratings(connection, both)  # their rows locked: one challenge at a time
            await _withdraw_challenges(connection, ChallengeRow.challenger_id == challenger)
            busy = await connection.scalar(
                select(func.count()).where(
                    ChallengeRow.state == ChallengeState.OPEN,
                    ChallengeRow.challenger_id.in_(both) | ChallengeRow.challenged_id.in_(both),
                )
            )
            if busy:
                raise Conflict("a challenge of one of them is open already")
            added = await connection.scalar(
                insert(ChallengeRow)
                .values(
                    challenger_id=challenger,
                    challenged_id=challenged,
                    points=points,
                    state=ChallengeState.OPEN,
                    **_clock_rule_columns(clock),
                )
                .returning(ChallengeRow.id)
            )
            assert added is not None, "an insert returns its row"
            (made,) = await _challenges(connection, ChallengeRow.id == added)
            return made

    async def answer_challenge(
        self, challenge: ChallengeId, answering: PlayerId, *, yes: bool
    ) -> StoredChallenge:
        """The challenged player's answer to an open challenge: NotFound unless it is open
        and theirs to answer."""
        answer = ChallengeState.ACCEPTED if yes else ChallengeState.DECLINED
        async with self._engine.begin() as connection:
            answered = await connection.scalar(
                update(ChallengeRow)
                .where(
                    ChallengeRow.id == challenge,
                    ChallengeRow.challenged_id == answering,
                    ChallengeRow.state == ChallengeState.OPEN,
                )
                .values(state=answer)
                .returning(ChallengeRow.id)
            )
            if answered is None:
                raise NotFound(f"challenge {challenge}")
            (challenged,) = await _challenges(connection, ChallengeRow.id == challenge)
            return challenged

    async def challenge(self, challenge: ChallengeId) -> StoredChallenge | None:
        async with self._engine.begin() as connection:
            found = await _challenges(connection, ChallengeRow.id == challenge)
            return found[0] if found else None

    async def challenges_to(self, player: PlayerId) -> list[StoredChallenge]:
        """The open challenges to ``player`` (one at most), for a player logging in."""
        async with self._engine.begin() as connection:
            return await _challenges(
                connection,
                ChallengeRow.challenged_id == player,
                ChallengeRow.state == ChallengeState.OPEN,
            )

    async def start_match(
        self,
        white: PlayerId,
        black: PlayerId,
        points: int,
        clock: MatchClock | None,
        *,
        taking: SeekId | None = None,
    ) -> StoredMatch:
        """A new match in play between ``white`` and ``black`` (the server drew the
        colours). A match that accepts a seek takes it in the same transaction: of two
        players accepting one seek at once, the second gets NotFound."""
        async with self._engine.begin() as connection:
            if taking is not None:
                taken = await connection.scalar(
                    delete(SeekRow).where(SeekRow.id == taking).returning(SeekRow.id)
                )
                if taken is None:
                    raise NotFound(f"seek {taking}")
            match = await connection.scalar(
                insert(MatchRow)
                .values(
                    white_id=white,
                    black_id=black,
                    points=points,
                    state=MatchState.PLAYING,
                    white_score=0,
                    black_score=0,
                    **_clock_rule_columns(None if clock is None else clock.rule),
                    clock_snapshot=_snapshot(clock),
                )
                .returning(MatchRow.id)
            )
            assert match is not None, "an insert returns its row"
            (started,) = await _matches(connection, MatchRow.id == match)
            return started

    async def append_message(
        self,
        match: MatchId,
        sequence: int,
        sender: Side,
        text: str,
        *,
        score: tuple[int, int] | None = None,
        clock: MatchClock | None = None,
    ) -> None:
        """Keep the message the referee accepted as the match's ``sequence``-th (from 0),
        with the score and the clock as they are after it, if it changed them.

        Conflict unless ``sequence`` is the next number and the match is in play: another
        instance has stored a message of this match (or ended it) since this one read it.
        Of two instances storing the same number at the same moment, exactly one does.
        """
        async with self._engine.begin() as connection:
            # The score and the clock first: that locks the match's row, so that its end
            # waits for the append and the append for its end; a match not in play keeps
            # them as they are.
            white, black = (None, None) if score is None else score
            kept = await connection.execute(
                _KEEP_SCORE_AND_CLOCK,
                {"match": match, "white": white, "black": black, "clock": _snapshot(clock)},
            )
            if kept.rowcount != 1:
                if await connection.scalar(select(MatchRow.id).where(MatchRow.id == match)) is None:
                    raise NotFound(f"match {match}")
                raise Conflict(f"match {match} has ended")
            message = {"match": match, "sequence": sequence, "sender": sender, "text": text}
            try:
                added = await connection.execute(_APPEND_MESSAGE, message)
            except IntegrityError as second:
                raise Conflict(f"match {match} has a message {sequence} already") from second
            if added.rowcount != 1:
                raise Conflict(f"match {match} has no message {sequence - 1} to follow")

    async def messages(self, match: MatchId, first: int = 0) -> list[MatchMessage]:
        """The match's messages from number ``first`` on, in order."""
        async with self._engine.begin() as connection:
            found = await connection.execute(
                select(MessageRow.sequence, MessageRow.sender, MessageRow.text, MessageRow.sent)
                .where(MessageRow.match_id == match, MessageRow.sequence >= first)
                .order_by(MessageRow.sequence)
            )
            return [MatchMessage(row.sequence, row.sender, row.text, row.sent) for row in found]

    async def match(self, match: MatchId) -> StoredMatch | None:
        """The match of this id, in play or finished."""
        async with self._engine.begin() as connection:
            found = await _matches(connection, MatchRow.id == match)
            return found[0] if found else None

    async def matches_in_play(self) -> list[StoredMatch]:
        """Every match in play, on every instance, oldest first."""
        async with self._engine.begin() as connection:
            return await _matches(connection, MatchRow.state == MatchState.PLAYING)

    async def match_in_play_of(self, player: PlayerId) -> StoredMatch | None:
        """The match ``player`` plays now, if any (one at a time)."""
        async with self._engine.begin() as connection:
            found = await _matches(
                connection,
                MatchRow.state == MatchState.PLAYING,
                (MatchRow.white_id == player) | (MatchRow.black_id == player),
            )
            return found[0] if found else None

    async def clocks_in_play(self) -> dict[MatchId, MatchClock]:
        """The clock of every match in play that has one, and nothing else of them: what
        an instance looks at twice a second for a side out of time."""
        async with self._engine.begin() as connection:
            found = await connection.execute(_CLOCKS_IN_PLAY)
            return {
                MatchId(match): MatchClock.from_json(json.loads(snapshot))
                for match, snapshot in found
                if snapshot is not None  # the query's own condition, for the type checker
            }

    async def finish_match(
        self,
        match: MatchId,
        winner: Side,
        score: tuple[int, int],
        ending: Ending,
        clock: MatchClock | None = None,
    ) -> StoredMatch:
        """End the match, and move both players' ratings, experience and count of matches
        by its result, all at once (a player offline has it to hear: ``missed_result``).
        Conflict if it has ended already (another instance saw the same clock run out,
        say): a match counts once."""
        async with self._engine.begin() as connection:
            found = await connection.execute(
                select(MatchRow.white_id, MatchRow.black_id, MatchRow.points, MatchRow.state)
                .where(MatchRow.id == match)
                .with_for_update()
            )
            row = found.one_or_none()
            if row is None:
                raise NotFound(f"match {match}")
            if row.state is not MatchState.PLAYING:
                raise Conflict(f"match {match} has ended already")
            ids = {Side.WHITE: row.white_id, Side.BLACK: row.black_id}
            before = await _ratings(connection, ids.values())
            won, lost = after_match(before[ids[winner]], before[ids[winner.opponent]], row.points)
            after = {ids[winner]: won, ids[winner.opponent]: lost}
            for player, rating in after.items():
                await connection.execute(
                    update(PlayerRow)
                    .where(PlayerRow.id == player)
                    .values(
                        rating=rating.rating,
                        experience=rating.experience,
                        matches_played=PlayerRow.matches_played + 1,
                    )
                )
            online = select(PresenceRow.player_id).where(PresenceRow.player_id == PlayerRow.id)
            await connection.execute(
                update(PlayerRow)
                .where(PlayerRow.id.in_(ids.values()), ~online.exists())
                .values(unheard_result=match)
            )
            await connection.execute(
                update(MatchRow)
                .where(MatchRow.id == match)
                .values(
                    state=MatchState.FINISHED,
                    winner=winner,
                    ending=ending,
                    finished=func.now(),
                    white_rating_before=before[ids[Side.WHITE]].rating,
                    white_rating_after=after[ids[Side.WHITE]].rating,
                    black_rating_before=before[ids[Side.BLACK]].rating,
                    black_rating_after=after[ids[Side.BLACK]].rating,
                    **_score_columns(score),
                    **_clock_columns(clock),
                )
            )
            (finished,) = await _matches(connection, MatchRow.id == match)
            return finished

    async def ratings(self, first: int, count: int) -> list[Player]:
        """A page of the rating list, the best first: ``count`` players (100 at most) from
        place ``first`` (from 0). Banned players are not on it."""
        if not 0 <= count <= LONGEST_RATINGS_PAGE or first < 0:
            raise ValueError(
                f"a page of the ratings is 0 to {LONGEST_RATINGS_PAGE} players from place 0 "
                f"on, not {count} from {first}"
            )
        async with self._engine.begin() as connection:
            found = await connection.execute(
                select(*_PLAYER)
                .where(PlayerRow.banned.is_(False))
                .order_by(PlayerRow.rating.desc(), PlayerRow.name_key)
                .offset(first)
                .limit(count)
            )
            return [_player(row) for row in found]

    async def set_online(self, player: PlayerId, instance: InstanceId) -> None:
        """The player is online through ``instance`` (through it alone: a later login on
        another instance takes over)."""
        chosen = self._dialect_insert(PresenceRow).values(player_id=player, instance=instance)
        async with self._engine.begin() as connection:
            await connection.execute(
                chosen.on_conflict_do_update(
                    index_elements=[PresenceRow.player_id],
                    set_={"instance": instance, "since": func.now()},
                )
            )

    async def set_offline(self, player: PlayerId, instance: InstanceId) -> None:
        """The player's connection to ``instance`` has closed (if the player has logged in
        on another instance meanwhile, they stay online there); their open challenge, made
        or received, is withdrawn."""
        async with self._engine.begin() as connection:
            gone = await connection.execute(
                delete(PresenceRow)
                .where(PresenceRow.player_id == player, PresenceRow.instance == instance)
                .returning(PresenceRow.player_id)
            )
            await _withdraw_challenges_of(connection, gone.scalars().all())

    async def instance_of(self, player: PlayerId) -> InstanceId | None:
        """The instance the player is online through, None if they are offline."""
        async with self._engine.begin() as connection:
            instance = await connection.scalar(
                select(PresenceRow.instance).where(PresenceRow.player_id == player)
            )
            return None if instance is None else InstanceId(instance)

    async def clear_instance(self, instance: InstanceId) -> None:
        """Nobody is online through ``instance``: what an instance does when it starts,
        about the players it had before it stopped."""
        async with self._engine.begin() as connection:
            gone = await connection.execute(
                delete(PresenceRow)
                .where(PresenceRow.instance == instance)
                .returning(PresenceRow.player_id)
            )
            await _withdraw_challenges_of(connection, gone.scalars().all())

    async def missed_result(self, player: PlayerId) -> StoredMatch | None:
        """The player's match that ended while they were offline, told once: the next call
        has none."""
        async with self._engine.begin() as connection:
            unheard = await connection.scalar(
                select(PlayerRow.unheard_result).where(PlayerRow.id == player)
            )
            if unheard is None:
                return None
            await connection.execute(
                update(PlayerRow).where(PlayerRow.id == player).values(unheard_result=None)
            )
            (missed,) = await _matches(connection, MatchRow.id == unheard)
            return missed

    async def keep_alive(self, instance: InstanceId, now: float, *, stopping: bool = False) -> None:
        """``instance`` is alive at ``now`` (seconds since 1970 by its wall clock), or
        stops then."""
        beat = {"alive_at": now, "stopped": stopping}
        chosen = self._dialect_insert(InstanceRow).values(name=instance, **beat)
        async with self._engine.begin() as connection:
            await connection.execute(
                chosen.on_conflict_do_update(index_elements=[InstanceRow.name], set_=beat)
            )

    async def heartbeats(self) -> dict[InstanceId, Heartbeat]:
        """The last heartbeat of each instance that ever served the lobby."""
        async with self._engine.begin() as connection:
            found = await connection.execute(
                select(InstanceRow.name, InstanceRow.alive_at, InstanceRow.stopped)
            )
            return {InstanceId(row.name): Heartbeat(row.alive_at, row.stopped) for row in found}

    async def set_clock(self, match: MatchId, clock: MatchClock) -> None:
        """Keep the clock of a match in play as it is now (paused and resumed over a time
        the lobby was away); Conflict if the match has ended."""
        async with self._engine.begin() as connection:
            changed = await connection.execute(
                update(MatchRow)
                .where(MatchRow.id == match, MatchRow.state == MatchState.PLAYING)
                .values(_clock_columns(clock))
                .returning(MatchRow.id)
            )
            if changed.one_or_none() is None:
                raise Conflict(f"match {match} is not in play")

    async def online(self) -> list[Presence]:
        """Everyone online, through any instance, longest online first."""
        in_play = MatchRow.state == MatchState.PLAYING
        playing = union(
            select(MatchRow.white_id).where(in_play), select(MatchRow.black_id).where(in_play)
        )
        async with self._engine.begin() as connection:
            found = await connection.execute(
                select(
                    *_PLAYER,
                    PresenceRow.instance,
                    PresenceRow.since,
                    PresenceRow.player_id.in_(playing).label("playing"),
                )
                .join(PresenceRow, PresenceRow.player_id == PlayerRow.id)
                .order_by(PresenceRow.since, PlayerRow.id)
            )
            return [
                Presence(_player(row), InstanceId(row.instance), row.since, bool(row.playing))
                for row in found
            ]

    def _dialect_insert(self, table: type[Table]) -> postgresql.Insert | sqlite.Insert:
        """An insert that can say what to do with a row already there (each database has
        its own words for it)."""
        if isinstance(self.database, PostgresServer):
            return postgresql.insert(table)
        return sqlite.insert(table)


_PLAYER = (
    PlayerRow.id,
    PlayerRow.name,
    PlayerRow.public_key,
    PlayerRow.rating,
    PlayerRow.experience,
    PlayerRow.matches_played,
    PlayerRow.bot,
    PlayerRow.banned,
    PlayerRow.created,
)
"""The columns a ``Player`` is made of."""


def _player(row: Row[*tuple[Any, ...]]) -> Player:
    return Player(
        id=PlayerId(row.id),
        name=row.name,
        public_key=row.public_key,
        # float(): SQLite returns a new row's REAL column as it was given, an int here.
        rating=Rating(float(row.rating), row.experience),
        matches_played=row.matches_played,
        bot=row.bot,
        banned=row.banned,
        created=row.created,
    )


async def _players(connection: AsyncConnection, ids: Iterable[int]) -> dict[int, Player]:
    found = await connection.execute(select(*_PLAYER).where(PlayerRow.id.in_(set(ids))))
    return {row.id: _player(row) for row in found}


async def _ratings(connection: AsyncConnection, ids: Iterable[int]) -> dict[int, Rating]:
    """The players' ratings, their rows locked until the transaction ends (in the order of
    their ids, as every transaction locks them, so that two never wait for each other)."""
    found = await connection.execute(
        select(PlayerRow.id, PlayerRow.rating, PlayerRow.experience)
        .where(PlayerRow.id.in_(set(ids)))
        .order_by(PlayerRow.id)
        .with_for_update()
    )
    return {row.id: Rating(row.rating, row.experience) for row in found}


async def _seeks(connection: AsyncConnection, *where: Any) -> list[OpenSeek]:
    found = (
        await connection.execute(
            select(
                SeekRow.id,
                SeekRow.player_id,
                SeekRow.points,
                SeekRow.clock_delay,
                SeekRow.clock_reserve_per_point,
                SeekRow.created,
            )
            .where(*where)
            .order_by(SeekRow.created, SeekRow.id)
        )
    ).all()
    players = await _players(connection, (row.player_id for row in found))
    return [
        OpenSeek(
            id=SeekId(row.id),
            player=players[row.player_id],
            points=row.points,
            clock=_clock_rule(row.clock_delay, row.clock_reserve_per_point),
            created=row.created,
        )
        for row in found
    ]


async def _withdraw_challenges(connection: AsyncConnection, *where: Any) -> None:
    await connection.execute(
        update(ChallengeRow)
        .where(ChallengeRow.state == ChallengeState.OPEN, *where)
        .values(state=ChallengeState.WITHDRAWN)
    )


async def _withdraw_challenges_of(connection: AsyncConnection, gone: Sequence[int]) -> None:
    """A challenge lasts while both players are online."""
    if gone:
        await _withdraw_challenges(
            connection,
            ChallengeRow.challenger_id.in_(gone) | ChallengeRow.challenged_id.in_(gone),
        )


async def _challenges(connection: AsyncConnection, *where: Any) -> list[StoredChallenge]:
    found = (
        await connection.execute(select(ChallengeRow).where(*where).order_by(ChallengeRow.id))
    ).all()
    players = await _players(
        connection, (p for row in found for p in (row.challenger_id, row.challenged_id))
    )
    return [
        StoredChallenge(
            id=ChallengeId(row.id),
            challenger=players[row.challenger_id],
            challenged=players[row.challenged_id],
            points=row.points,
            clock=_clock_rule(row.clock_delay, row.clock_reserve_per_point),
            state=row.state,
        )
        for row in found
    ]


async def _matches(connection: AsyncConnection, *where: Any) -> list[StoredMatch]:
    found = (await connection.execute(select(MatchRow).where(*where).order_by(MatchRow.id))).all()
    players = await _players(
        connection, (player for row in found for player in (row.white_id, row.black_id))
    )
    return [_stored_match(row, players) for row in found]


def _stored_match(row: Row[*tuple[Any, ...]], players: Mapping[int, Player]) -> StoredMatch:
    result = None
    if row.state is MatchState.FINISHED:
        result = Result(
            winner=row.winner,
            ending=row.ending,
            finished=row.finished,
            ratings={
                Side.WHITE: (row.white_rating_before, row.white_rating_after),
                Side.BLACK: (row.black_rating_before, row.black_rating_after),
            },
        )
    snapshot = row.clock_snapshot
    return StoredMatch(
        id=MatchId(row.id),
        white=players[row.white_id],
        black=players[row.black_id],
        points=row.points,
        clock_rule=_clock_rule(row.clock_delay, row.clock_reserve_per_point),
        clock=None if snapshot is None else MatchClock.from_json(json.loads(snapshot)),
        score=(row.white_score, row.black_score),
        started=row.started,
        result=result,
    )


def _clock_rule_columns(rule: ClockRule | None) -> dict[str, int | None]:
    if rule is None:
        return {"clock_delay": None, "clock_reserve_per_point": None}
    return {"clock_delay": rule.delay, "clock_reserve_per_point": rule.reserve_per_point}


def _clock_rule(delay: int | None, reserve_per_point: int | None) -> ClockRule | None:
    if delay is None or reserve_per_point is None:
        return None
    return ClockRule(delay, reserve_per_point)


def _snapshot(clock: MatchClock | None) -> str | None:
    return None if clock is None else json.dumps(clock.to_json())


def _keep_score_and_clock() -> Executable:
    """The update of a match in play with the score and the clock after a message, each
    only if given (a null keeps the column as it is); it also locks the match's row."""
    return (
        update(MatchRow)
        .where(MatchRow.id == bindparam("match"), MatchRow.state == MatchState.PLAYING)
        .values(
            white_score=func.coalesce(bindparam("white", type_=Integer), MatchRow.white_score),
            black_score=func.coalesce(bindparam("black", type_=Integer), MatchRow.black_score),
            clock_snapshot=func.coalesce(bindparam("clock", type_=Text), MatchRow.clock_snapshot),
        )
    )


def _append_message() -> Executable:
    """The insert of a match's ``sequence``-th message, which inserts nothing unless it is
    the first or the message before it is stored (a number already taken fails on the
    table's key): one statement, where reading the count of the match's messages first
    took another."""
    messages = MessageRow.__table__.c
    match = bindparam("match", type_=messages.match_id.type)
    sequence = bindparam("sequence", type_=messages.sequence.type)
    follows = (
        select(messages.sequence)
        .where(messages.match_id == match, messages.sequence == sequence - 1)
        .exists()
    )
    row = select(
        match,
        sequence,
        bindparam("sender", type_=messages.sender.type),
        bindparam("text", type_=Text),
    ).where(or_(sequence == 0, follows))
    return insert(MessageRow).from_select(["match_id", "sequence", "sender", "text"], row)


_CLOCKS_IN_PLAY = select(MatchRow.id, MatchRow.clock_snapshot).where(
    MatchRow.state == MatchState.PLAYING, MatchRow.clock_snapshot.is_not(None)
)
_KEEP_SCORE_AND_CLOCK = _keep_score_and_clock()
_APPEND_MESSAGE = _append_message()
"""The statements of every message of every match and of the clocks' watch, built once:
building a statement took SQLAlchemy longer than the database took to run it."""


def _clock_columns(clock: MatchClock | None) -> dict[str, str]:
    """The columns to change for a clock that changed (none for no change)."""
    snapshot = _snapshot(clock)
    return {} if snapshot is None else {"clock_snapshot": snapshot}


def _score_columns(score: Sequence[int] | None) -> dict[str, int]:
    """The columns to change for a score that changed (none for no change)."""
    if score is None:
        return {}
    white, black = score
    return {"white_score": white, "black_score": black}


def _upgrade_to_latest(connection: Connection) -> None:
    """Alembic's upgrade to the newest version, through ``connection`` (the migrations'
    ``env.py`` takes it from the configuration, built here: a server needs no alembic.ini)."""
    config = Config()
    config.set_main_option("script_location", MIGRATIONS)
    config.attributes["connection"] = connection
    command.upgrade(config, "head")
