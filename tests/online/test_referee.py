"""The lobby's referee: every message of a match it relays is checked as the other player's
program would check it, and what it refuses changes nothing.

Two kinds of player send it messages here: the game's own lockstep (``tests.play``'s two
machines, each with its match and its save), which is what an honest program sends, and a
script that sends the next honest message of the match straight to the referee, which
reaches any moment of a match cheaply for a dishonest message to be tried there.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest

from nardy_tui.engine import (
    OFF,
    POINTS,
    Match,
    Phase,
    Play,
    Position,
    ScriptedDice,
    Side,
    Step,
    legal_plays,
)
from nardy_tui.net import (
    Bye,
    Commit,
    Message,
    NextGame,
    Ping,
    PlayMade,
    Reveal,
    Secret,
    Sync,
    digest,
    restore_network_match,
    verify_record,
)
from nardy_tui.online import Fault, HistoryError, Referee, Verdict
from tests.engine.boards import position
from tests.play.two_machines import Machine, the_next_play_ends_the_game

MASTERS = {Side.WHITE: "1" * 64, Side.BLACK: "2" * 64}
"""Each side's master secret: the same dice, so the same match, on every run."""
STARTED = datetime(2026, 12, 7, 13, 0, tzinfo=UTC)
FIRST_SYNC = Sync(0, digest([]), digest([]))
"""What a side that has seen nothing of the match says on connecting."""
FORGED = "f" * 64
STUCK = position({24: 15}, {7: 1, 9: 1, 24: 13})
"""White to roll, and neither die of 5-3 can be played."""

# -- honest messages sent straight to the referee ------------------------------------------


def commit(side: Side, throw: int) -> Commit:
    return Commit(throw, Secret.of(MASTERS[side], throw).commitment(throw))


def reveal(side: Side, throw: int) -> Reveal:
    return Reveal(throw, Secret.of(MASTERS[side], throw).value)


class Script:
    """Both sides of a match, honest, sending their messages straight to a referee: each
    side commits to every throw, the side to roll (White at a roll-off) reveals first, the
    mover plays its first legal play, White starts the next game."""

    def __init__(self, points: int = 1, start: Position | None = None) -> None:
        """A match to ``points``, or a one-point match from ``start`` (no roll-off), which
        no lobby plays but reaches a rare moment at once."""
        if start is None:
            self.referee = Referee.new(points)
        else:
            dice = ScriptedDice([])
            self.referee = Referee(Match(1, dice=dice, start=start), dice)
        self.history: list[tuple[Side, Message]] = []
        """What the referee took as news, in order: what the server stores."""
        self._sent: set[tuple[Side, Message]] = set()

    def next_message(self) -> tuple[Side, Message]:
        referee = self.referee
        match, number = referee.match, referee.throw_number
        for side in Side:
            if (side, commit(side, number)) not in self._sent:
                return side, commit(side, number)
        if match.phase is Phase.MOVE:
            return self.play()
        if match.phase is Phase.GAME_OVER:
            return Side.WHITE, NextGame(len(match.games) + 1)
        first = match.mover or Side.WHITE
        for side in (first, first.opponent):
            if (side, reveal(side, number)) not in self._sent:
                return side, reveal(side, number)
        raise AssertionError(f"an honest side has nothing to send in the {match.phase} phase")

    def play(self) -> tuple[Side, PlayMade]:
        """The mover's turn: its first legal play."""
        match = self.referee.match
        assert match.mover is not None and match.dice is not None
        played = sum(len(game.turns) for game in match.games)
        return match.mover, PlayMade(played, legal_plays(match.position, match.dice)[0])

    def send(self, side: Side, message: Message) -> Verdict:
        verdict = self.referee.take(side, message)
        if verdict.news:
            self.history.append((side, message))
            self._sent.add((side, message))
        return verdict

    def step(self) -> None:
        side, message = self.next_message()
        verdict = self.send(side, message)
        assert verdict.accepted and verdict.news, (side, message, verdict)

    def until(self, reached: Callable[[Referee], bool]) -> Script:
        for _ in range(2000):
            if reached(self.referee):
                return self
            self.step()
        raise AssertionError("the match did not get there")


def moving(referee: Referee) -> bool:
    return referee.match.phase is Phase.MOVE


def state(referee: Referee) -> tuple[Any, ...]:
    """Everything the referee holds: the history and its digest, the throw in progress
    (both sides' parts, as the other would be sent them), whose clock runs, the board."""
    match = referee.match
    return (
        referee.sync(),
        referee.missed_by(Side.WHITE, FIRST_SYNC),
        referee.missed_by(Side.BLACK, FIRST_SYNC),
        referee.waiting_for(),
        match.phase,
        match.position,
        match.dice,
        dict(match.score),
        referee.record(STARTED, "anna", "boris"),
    )


def refused(script: Script, side: Side, message: Message) -> Verdict:
    """``message`` from ``side``, which the referee must refuse without changing anything."""
    before = state(script.referee)
    verdict = script.referee.take(side, message)
    assert not verdict.accepted and not verdict.news and verdict.reason
    assert state(script.referee) == before
    return verdict


# -- two honest programs through the referee -------------------------------------------------


class Program(Machine):
    """A player's program as the game runs it (``tests.play``'s machine), its dice from a
    fixed master secret."""

    def killed(self) -> Program:
        return Program(self.saved.role, self.step.me, restore_network_match(self.file))


class Lobby:
    """The server between two programs, reduced to what it does with a match's messages:
    it answers a ``sync`` itself (its own, then what the side missed), hands the rest to
    the referee, stores what is news and passes it on to the other side if it is there."""

    def __init__(
        self, masters: dict[Side, str] = MASTERS, start: Position | None = None, points: int = 1
    ) -> None:
        self.script = Script(points, start)
        self.referee = self.script.referee
        self.programs = {side: Program.new(side, masters[side], start, points) for side in Side}
        self.away: set[Side] = set()
        for side in Side:
            self.connect(side, self.programs[side])

    def connect(self, side: Side, program: Program) -> None:
        self.programs[side] = program
        self.away.discard(side)
        program.step.connected()
        program.keep()
        self.settle()

    def hear(self, side: Side) -> None:
        program = self.programs[side]
        messages, program.outbox[:] = list(program.outbox), []
        for message in messages:
            if isinstance(message, Sync):
                self.tell(side, [self.referee.sync(), *self.referee.missed_by(side, message)])
                continue
            verdict = self.script.send(side, message)
            assert verdict.accepted, (side, message, verdict)
            if verdict.news:
                self.tell(side.opponent, [message])

    def tell(self, side: Side, messages: list[Message]) -> None:
        if side in self.away:
            return  # lost on the way
        program = self.programs[side]
        for message in messages:
            program.hear(message)
        program.take_all()

    def settle(self) -> None:
        while any(self.programs[side].outbox for side in Side if side not in self.away):
            for side in Side:
                if side not in self.away:
                    self.hear(side)

    def play_one_step(self) -> None:
        """Whoever is to act does, as its player would: a roll, the first legal play, the
        next game."""
        match = self.referee.match
        program = self.programs[match.mover or Side.WHITE]
        if match.may_roll:
            program.rolls()
        elif match.phase is Phase.MOVE:
            program.play_first_legal()
        else:
            program.match.next_game()
            program.keep()
        self.settle()

    def until(self, reached: Callable[[Referee], bool]) -> None:
        for _ in range(2000):
            if reached(self.referee):
                return
            self.play_one_step()
        raise AssertionError("the match did not get there")

    def all_agree(self) -> bool:
        history = digest(self.referee.events)
        return all(digest(self.programs[side].step.events()) == history for side in Side)


def over(referee: Referee) -> bool:
    return referee.match.phase is Phase.MATCH_OVER


def test_two_honest_programs_play_a_whole_match_through_the_referee_and_its_record_verifies() -> (
    None
):
    lobby = Lobby()
    lobby.until(over)
    assert lobby.all_agree()
    assert lobby.referee.match.winner is not None
    proof = verify_record(lobby.referee.record(STARTED, "anna", "boris"))
    assert proof.holds and proof.throws == len(lobby.referee.throws), proof.problems
    assert lobby.referee.waiting_for() == frozenset()


def test_either_side_begins_the_next_game_once_a_game_is_over_and_the_record_verifies() -> None:
    script = Script(points=3).until(lambda referee: referee.match.phase is Phase.GAME_OVER)
    number = script.referee.throw_number
    script.send(Side.WHITE, commit(Side.WHITE, number))
    script.send(Side.BLACK, commit(Side.BLACK, number))
    assert refused(script, Side.WHITE, reveal(Side.WHITE, number)).refusal is Fault.OUT_OF_TURN
    assert script.send(Side.BLACK, NextGame(2)).news
    again = script.referee.take(Side.WHITE, NextGame(2))  # it started the game too
    assert again.accepted and not again.news
    assert NextGame(2) in script.referee.missed_by(Side.WHITE, FIRST_SYNC)
    script.until(over)
    assert verify_record(script.referee.record(STARTED, "anna", "boris")).holds


def test_a_forced_pass_is_played_when_its_dice_come_and_the_mover_says_so_once() -> None:
    referee = Script(start=STUCK).referee
    white, black = Secret(f"{11:064x}"), Secret("0" * 64)  # they throw 5-3
    for side, secret in ((Side.WHITE, white), (Side.BLACK, black)):
        assert referee.take(side, Commit(1, secret.commitment(1))).news
    for side, secret in ((Side.WHITE, white), (Side.BLACK, black)):
        assert referee.take(side, Reveal(1, secret.value)).news
    assert referee.match.phase is Phase.ROLL and referee.match.mover is Side.BLACK
    # Black's program passed for White too, and rolls before White's pass has come.
    black_next = Secret.of(MASTERS[Side.BLACK], 2)
    assert referee.take(Side.WHITE, commit(Side.WHITE, 2)).news
    assert referee.take(Side.BLACK, Commit(2, black_next.commitment(2))).news
    assert referee.take(Side.BLACK, Reveal(2, black_next.value)).news
    said = referee.take(Side.WHITE, PlayMade(0, Play()))
    assert said.news  # passed on to a program that waits for it
    again = referee.take(Side.WHITE, PlayMade(0, Play()))
    assert again.accepted and not again.news
    assert PlayMade(0, Play()) in referee.missed_by(Side.BLACK, FIRST_SYNC)


# -- what is refused, and changes nothing ----------------------------------------------------


def test_a_play_by_the_side_not_to_move_is_refused() -> None:
    script = Script().until(moving)
    mover, play = script.play()
    assert refused(script, mover.opponent, play).refusal is Fault.OUT_OF_TURN


def test_a_play_the_dice_do_not_allow_is_refused_as_illegal() -> None:
    script = Script().until(moving)
    mover, play = script.play()
    dice = script.referee.match.dice
    assert dice is not None
    wrong = PlayMade(play.turn, Play([Step(24, 24 - dice.first - dice.second, dice.first)]))
    verdict = refused(script, mover, wrong)
    assert verdict.refusal is Fault.ILLEGAL and "not a legal turn" in verdict.reason


def test_a_pass_while_a_play_is_legal_is_refused_as_illegal() -> None:
    script = Script().until(moving)
    mover, play = script.play()
    assert refused(script, mover, PlayMade(play.turn, Play())).refusal is Fault.ILLEGAL


def test_a_turn_numbered_out_of_order_is_refused() -> None:
    script = Script().until(moving)
    mover, play = script.play()
    verdict = refused(script, mover, PlayMade(play.turn + 1, play.play))
    assert verdict.refusal is Fault.OUT_OF_TURN


def test_a_turn_played_already_sent_again_is_held_and_a_changed_one_refused() -> None:
    script = Script().until(moving)
    mover, play = script.play()
    script.send(mover, play)
    before = state(script.referee)
    again = script.referee.take(mover, play)
    assert again.accepted and not again.news
    assert state(script.referee) == before
    changed = refused(script, mover, PlayMade(play.turn, Play()))
    assert changed.refusal is Fault.ILLEGAL and "played otherwise" in changed.reason


def test_a_secret_that_is_not_the_one_committed_to_is_refused_as_illegal() -> None:
    script = Script()
    script.step()
    script.step()  # both commitments to the first throw
    verdict = refused(script, Side.WHITE, Reveal(1, FORGED))
    assert verdict.refusal is Fault.ILLEGAL


def test_a_secret_before_the_others_commitment_is_refused() -> None:
    script = Script()
    script.step()  # White's commitment to the first throw, not Black's
    assert script.history == [(Side.WHITE, commit(Side.WHITE, 1))]
    assert refused(script, Side.WHITE, reveal(Side.WHITE, 1)).refusal is Fault.OUT_OF_TURN


def test_a_second_commitment_to_a_throw_is_refused_and_the_same_one_again_is_held() -> None:
    script = Script()
    script.step()
    verdict = refused(script, Side.WHITE, Commit(1, FORGED))
    assert verdict.refusal is Fault.ILLEGAL
    again = script.referee.take(Side.WHITE, commit(Side.WHITE, 1))
    assert again.accepted and not again.news


def test_a_commitment_to_a_later_throw_is_refused() -> None:
    script = Script()
    assert refused(script, Side.BLACK, commit(Side.BLACK, 2)).refusal is Fault.OUT_OF_TURN


def test_only_the_side_to_roll_begins_a_throw_and_the_other_answers_it() -> None:
    script = Script().until(lambda referee: referee.match.phase is Phase.ROLL)
    script.step()
    script.step()  # both commitments to the roll
    mover = script.referee.match.mover
    assert mover is not None
    number = script.referee.throw_number
    assert refused(script, mover.opponent, reveal(mover.opponent, number)).refusal is (
        Fault.OUT_OF_TURN
    )
    assert script.send(mover, reveal(mover, number)).news
    assert script.send(mover.opponent, reveal(mover.opponent, number)).news
    assert script.referee.match.phase is Phase.MOVE


def test_a_next_game_while_the_game_goes_on_is_refused() -> None:
    script = Script(points=3).until(moving)
    assert refused(script, Side.WHITE, NextGame(2)).refusal is Fault.OUT_OF_TURN


def test_a_secret_after_the_dice_are_thrown_is_refused_until_the_play() -> None:
    script = Script().until(moving)
    number = script.referee.throw_number
    mover = script.referee.match.mover
    assert mover is not None
    script.send(Side.WHITE, commit(Side.WHITE, number))
    script.send(Side.BLACK, commit(Side.BLACK, number))
    assert refused(script, mover.opponent, reveal(mover.opponent, number)).refusal is (
        Fault.OUT_OF_TURN
    )


@pytest.mark.parametrize("message", [FIRST_SYNC, Ping(), Bye()], ids=["sync", "ping", "bye"])
def test_a_sync_a_ping_or_a_bye_is_not_the_referees_to_take(message: Message) -> None:
    assert refused(Script(), Side.WHITE, message).refusal is Fault.NOT_HISTORY


# -- whose clock runs ------------------------------------------------------------------------


def test_the_clock_runs_for_the_side_the_match_waits_for() -> None:
    script = Script()
    assert script.referee.waiting_for() == frozenset(Side)  # both owe a commitment
    script.until(lambda referee: referee.match.phase is Phase.ROLL)
    script.step()
    script.step()
    mover = script.referee.match.mover
    assert mover is not None
    assert script.referee.waiting_for() == {mover}  # to roll
    script.step()
    assert script.referee.waiting_for() == {mover.opponent}  # to answer the throw
    script.step()
    assert script.referee.waiting_for() == {mover}  # to move


# -- a restart, a reconnection -----------------------------------------------------------------


@pytest.mark.parametrize("steps", [0, 3, 9, 40], ids=lambda steps: f"after {steps} messages")
def test_rebuilt_from_its_history_the_referee_is_the_one_it_was(steps: int) -> None:
    script = Script()
    for _ in range(steps):
        script.step()
    rebuilt = Referee.from_history(1, script.history)
    assert state(rebuilt) == state(script.referee)
    side, message = script.next_message()
    assert rebuilt.take(side, message) == script.referee.take(side, message)
    assert rebuilt.sync().digest == script.referee.sync().digest


def test_a_history_the_referee_would_refuse_is_not_rebuilt() -> None:
    with pytest.raises(HistoryError, match=r"message 1 .*before both commitments"):
        Referee.from_history(1, [(Side.WHITE, reveal(Side.WHITE, 1))])


def test_a_program_one_play_behind_is_sent_the_play_again_and_plays_on() -> None:
    lobby = Lobby()
    lobby.until(moving)
    mover = lobby.referee.match.mover
    assert mover is not None
    lobby.away.add(mover.opponent)  # its line is down: the play does not reach it
    lobby.play_one_step()
    behind = lobby.programs[mover.opponent]
    assert len(behind.step.events()) == lobby.referee.sync().events - 1
    missed = lobby.referee.missed_by(mover.opponent, behind.step.sync())
    assert isinstance(missed[0], PlayMade) and missed[0].turn == 0
    assert missed[1:] == [commit(mover, lobby.referee.throw_number)]  # for its next roll
    lobby.connect(mover.opponent, behind.killed())
    assert lobby.all_agree()
    lobby.until(over)
    assert lobby.all_agree()


def test_a_program_stopped_mid_throw_finishes_the_throw_on_reconnection() -> None:
    lobby = Lobby()
    lobby.until(lambda referee: referee.match.phase is Phase.ROLL)
    mover = lobby.referee.match.mover
    assert mover is not None
    lobby.programs[mover].rolls()
    lobby.hear(mover)  # its secret reaches the server, then its line is down
    lobby.away.add(mover)
    lobby.settle()
    stopped = lobby.programs[mover]
    assert lobby.referee.match.phase is Phase.MOVE
    assert len(stopped.step.events()) == lobby.referee.sync().events - 1
    number = lobby.referee.throw_number - 1
    missed = lobby.referee.missed_by(mover, stopped.step.sync())
    assert missed[:2] == [commit(mover.opponent, number), reveal(mover.opponent, number)]
    lobby.connect(mover, stopped.killed())
    assert lobby.all_agree()
    lobby.until(over)
    assert lobby.all_agree()


def test_a_program_whose_line_fell_before_a_forced_pass_takes_the_throw_and_passes() -> None:
    masters = {Side.WHITE: f"{10:064x}", Side.BLACK: MASTERS[Side.BLACK]}  # 5-3 first
    lobby = Lobby(masters, start=STUCK)
    white = lobby.programs[Side.WHITE]
    white.rolls()
    lobby.hear(Side.WHITE)  # its secret reaches the server, then its line falls
    lobby.away.add(Side.WHITE)
    lobby.settle()
    assert lobby.referee.match.mover is Side.BLACK  # White passed, everywhere but at White
    assert len(white.step.events()) == len(lobby.referee.match.game.turns) - 1 == 0
    lobby.connect(Side.WHITE, white)
    assert lobby.all_agree()
    for _ in range(6):
        lobby.play_one_step()
    assert lobby.all_agree()


def test_a_program_whose_line_fell_mid_throw_just_after_a_pass_finishes_the_throw() -> None:
    masters = {Side.WHITE: f"{10:064x}", Side.BLACK: MASTERS[Side.BLACK]}  # 5-3 first
    lobby = Lobby(masters, start=STUCK)
    lobby.play_one_step()  # White rolls 5-3 and passes
    black = lobby.programs[Side.BLACK]
    black.rolls()
    lobby.hear(Side.BLACK)  # its secret reaches the server, then its line falls
    lobby.away.add(Side.BLACK)
    lobby.settle()
    assert lobby.referee.match.phase is Phase.MOVE and black.match.phase is Phase.ROLL
    lobby.connect(Side.BLACK, black)
    assert lobby.all_agree()
    assert black.match.dice == lobby.referee.match.dice


def test_a_winner_whose_last_play_and_next_game_never_reached_the_server_sends_both() -> None:
    lobby = Lobby(points=3)
    lobby.until(lambda referee: the_next_play_ends_the_game(referee.match))
    side = lobby.referee.match.mover
    assert side is not None
    winner = lobby.programs[side]
    lobby.away.add(side)
    winner.play_first_legal()
    winner.match.next_game()
    winner.keep()
    winner.outbox.clear()  # the last play and the next game are lost with the line
    lobby.connect(side, winner)
    assert lobby.all_agree()
    assert lobby.programs[side.opponent].match.game.number == 2
    lobby.until(lambda referee: len(referee.match.game.turns) == 2)  # game 2 goes on
    assert lobby.all_agree()


def test_a_program_mid_throw_is_sent_the_others_commitment_and_secret_again() -> None:
    script = Script().until(lambda referee: referee.match.phase is Phase.ROLL)
    script.step()
    script.step()
    mover = script.referee.match.mover
    assert mover is not None
    script.step()  # the mover's secret
    number = script.referee.throw_number
    agreed = script.referee.sync()
    assert script.referee.missed_by(mover.opponent, agreed) == [
        commit(mover, number),
        reveal(mover, number),
    ]
    assert script.referee.missed_by(mover, agreed) == [commit(mover.opponent, number)]


def test_a_program_one_event_ahead_is_sent_only_the_throw_in_progress() -> None:
    script = Script().until(moving)
    mover, play = script.play()
    number = script.referee.throw_number
    script.send(mover.opponent, commit(mover.opponent, number))  # for the next roll
    ahead = Referee.from_history(1, script.history)
    ahead.take(mover, play)  # the play the server never had
    assert script.referee.missed_by(mover, ahead.sync()) == [commit(mover.opponent, number)]


def test_a_history_that_is_not_the_matchs_is_sent_nothing() -> None:
    script = Script().until(moving)
    assert script.referee.missed_by(Side.WHITE, Sync(2, FORGED, FORGED)) == []


# -- nothing a side sends breaks the referee ----------------------------------------------------


def random_message(rng: random.Random, referee: Referee) -> Message:
    """A well-formed message (as the protocol's decoding lets through) near where the match
    is: forged or real secrets and commitments for this throw or its neighbours, random
    steps, real plays for any turn, games and syncs of any number."""
    number = max(1, referee.throw_number + rng.randint(-2, 1))
    played = sum(len(game.turns) for game in referee.match.games)
    side = rng.choice(list(Side))
    kind = rng.randrange(6)
    if kind == 0:
        return rng.choice([commit(side, number), Commit(number, FORGED)])
    if kind == 1:
        return rng.choice([reveal(side, number), Reveal(number, FORGED)])
    turn = max(0, played + rng.randint(-2, 1))
    if kind == 2:
        steps = [
            Step(rng.randint(1, POINTS), rng.randint(OFF, POINTS), rng.randint(1, 6))
            for _ in range(rng.randint(0, 4))
        ]
        return PlayMade(turn, Play(steps))
    if kind == 3 and referee.match.dice is not None:
        return PlayMade(turn, rng.choice(legal_plays(referee.match.position, referee.match.dice)))
    if kind == 4:
        return NextGame(rng.randint(2, 4))
    not_moves: list[Message] = [Sync(rng.randint(0, 9), FORGED, FORGED), Ping(), Bye()]
    return rng.choice(not_moves)


@pytest.mark.parametrize("seed", range(3))
def test_whatever_a_side_sends_is_taken_or_refused_and_a_refusal_changes_nothing(
    seed: int,
) -> None:
    rng = random.Random(seed)
    script = Script(points=3)
    for _ in range(150):
        script.step()
        while isinstance(script.next_message()[1], Commit):
            script.step()  # both honest commitments first: a forgery is then a second one
        side, message = rng.choice(list(Side)), random_message(rng, script.referee)
        before = state(script.referee)
        verdict = script.send(side, message)
        if not verdict.accepted:
            assert verdict.refusal is not None and verdict.reason
            assert state(script.referee) == before
    rebuilt = Referee.from_history(3, script.history)
    assert state(rebuilt) == state(script.referee)
    assert verify_record(
        script.referee.record(STARTED, "anna", "boris")
    ).holds  # what it took was legal
