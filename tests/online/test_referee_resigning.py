"""Giving up a game through the lobby's referee, as backgammon servers do it: a side offers
the game at a stake (a single game, 1 point, or a mars, 2: RULES.md section 8), the other
accepts (the game is won by it at that stake, an event of the match that it chose) or
declines (play goes on). Two honest programs (``test_referee.Lobby``) and the referee must
agree on where the resignation falls, whatever is on its way.
"""

from __future__ import annotations

import pytest

from nardy_tui.engine import MARS, SINGLE_GAME, Phase, Side
from nardy_tui.net import (
    PlayMade,
    ResignAccepted,
    ResignDeclined,
    ResignOffer,
    verify_record,
)
from nardy_tui.online import Fault, Referee
from nardy_tui.play import PeerBroke, ResignationRefused
from tests.online.test_referee import (
    STARTED,
    Lobby,
    Script,
    commit,
    moving,
    over,
    refused,
    reveal,
    state,
)
from tests.play.two_machines import the_next_play_ends_the_game


def rolling(referee: Referee) -> bool:
    return referee.match.phase is Phase.ROLL


def offered(lobby: Lobby, side: Side, points: int) -> None:
    lobby.programs[side].offers(points)
    lobby.settle()


def test_a_mars_offered_and_accepted_ends_the_game_for_both_and_the_record_verifies() -> None:
    lobby = Lobby(points=3)
    lobby.until(moving)
    mover = lobby.referee.match.mover
    assert mover is not None
    offered(lobby, mover.opponent, MARS)  # while the mover has its dice: they stay unplayed
    lobby.programs[mover].answers(yes=True)
    lobby.settle()
    assert lobby.all_agree()
    for match in (lobby.referee.match, *(program.match for program in lobby.programs.values())):
        assert match.score == {mover: 2, mover.opponent: 0}
        assert match.phase is Phase.GAME_OVER
    lobby.until(lambda referee: referee.match.game.number == 2 and rolling(referee))
    offered(lobby, mover.opponent, SINGLE_GAME)  # the next game: a single ends the match
    lobby.programs[mover].answers(yes=True)
    lobby.settle()
    assert lobby.all_agree() and lobby.referee.match.winner is mover
    record = lobby.referee.record(STARTED, "anna", "boris")
    assert f"{mover.opponent.label} resigns: {mover.label} wins a mars" in record
    proof = verify_record(record)
    assert proof.holds and proof.throws == len(lobby.referee.throws), proof.problems


def test_a_single_game_offered_and_declined_changes_nothing_and_play_goes_on() -> None:
    lobby = Lobby()
    lobby.until(rolling)
    mover = lobby.referee.match.mover
    assert mover is not None
    offered(lobby, mover, SINGLE_GAME)
    assert lobby.referee.waiting_for() == {mover.opponent}  # the clock of the one to answer
    lobby.programs[mover.opponent].answers(yes=False)
    lobby.settle()
    assert lobby.referee.offer is None and lobby.referee.match.phase is Phase.ROLL
    lobby.until(over)
    assert lobby.all_agree() and lobby.referee.match.game.resignation is None


def test_the_side_that_offered_neither_throws_nor_plays_until_the_answer() -> None:
    script = Script().until(rolling)
    mover = script.referee.match.mover
    assert mover is not None
    number = script.referee.throw_number
    for side in Side:
        script.send(side, commit(side, number))
    assert script.send(mover, ResignOffer(1, 0, MARS)).news
    assert refused(script, mover, reveal(mover, number)).refusal is Fault.OUT_OF_TURN
    assert script.send(mover.opponent, ResignDeclined(1, 0, MARS)).news
    assert script.send(mover, reveal(mover, number)).news


def test_a_program_whose_offer_waits_does_not_roll() -> None:
    lobby = Lobby()
    lobby.until(rolling)
    mover = lobby.referee.match.mover
    assert mover is not None
    offered(lobby, mover, MARS)
    with pytest.raises(ResignationRefused, match="waits for its answer"):
        lobby.programs[mover].rolls()


def test_an_acceptance_of_an_offer_not_made_to_that_side_is_refused() -> None:
    script = Script().until(rolling)
    mover = script.referee.match.mover
    assert mover is not None
    refused(script, mover.opponent, ResignAccepted(1, MARS))  # no offer
    script.send(mover, ResignOffer(1, 0, SINGLE_GAME))
    refused(script, mover, ResignAccepted(1, SINGLE_GAME))  # its own offer
    refused(script, mover.opponent, ResignAccepted(1, MARS))  # another stake
    refused(script, mover.opponent, ResignDeclined(1, 0, MARS))
    refused(script, mover.opponent, ResignOffer(1, 0, MARS))  # one offer at a time
    assert script.send(mover.opponent, ResignAccepted(1, SINGLE_GAME)).news
    assert script.referee.match.winner is mover.opponent


def test_an_offer_sent_again_after_its_answer_is_held_already() -> None:
    script = Script().until(rolling)
    mover = script.referee.match.mover
    assert mover is not None
    script.send(mover, ResignOffer(1, 0, MARS))
    script.send(mover.opponent, ResignDeclined(1, 0, MARS))
    before = state(script.referee)
    verdict = script.referee.take(mover, ResignOffer(1, 0, MARS))
    assert verdict.accepted and not verdict.news and state(script.referee) == before


def test_an_offer_made_before_the_others_last_play_reached_its_side_is_taken() -> None:
    lobby = Lobby()
    lobby.until(moving)
    mover = lobby.referee.match.mover
    assert mover is not None
    lobby.away.add(mover.opponent)  # the play does not reach it before it offers
    lobby.programs[mover].play_first_legal()
    lobby.settle()
    behind = lobby.programs[mover.opponent]
    behind.offers(MARS)
    lobby.hear(mover.opponent)
    assert lobby.referee.offer is not None and lobby.referee.offer.side is mover.opponent
    assert lobby.programs[mover].step.offer == lobby.referee.offer


def test_an_offer_left_open_when_its_game_ended_stands_in_no_later_offers_way() -> None:
    script = Script(points=3).until(lambda referee: the_next_play_ends_the_game(referee.match))
    mover = script.referee.match.mover
    assert mover is not None
    turn = sum(len(game.turns) for game in script.referee.match.games)
    assert script.send(mover.opponent, ResignOffer(1, turn, SINGLE_GAME)).news
    # The mover, to whom it was made, bears off its last checker; the next game begins.
    script.until(lambda referee: referee.match.phase is Phase.GAME_OVER)
    script.until(lambda referee: referee.match.game.number == 2)
    assert script.send(mover, ResignOffer(2, turn + 1, MARS)).news


def test_an_offer_of_a_game_or_turn_not_begun_is_refused() -> None:
    script = Script().until(rolling)
    refused(script, Side.WHITE, ResignOffer(2, 0, MARS))
    refused(script, Side.WHITE, ResignOffer(1, 5, MARS))


def test_an_acceptance_while_a_throw_is_half_done_is_refused() -> None:
    script = Script().until(rolling)
    mover = script.referee.match.mover
    assert mover is not None
    number = script.referee.throw_number
    script.send(mover.opponent, ResignOffer(1, 0, MARS))
    for side in Side:
        script.send(side, commit(side, number))
    assert script.send(mover, reveal(mover, number)).news  # it rolled before it heard
    assert "half done" in refused(script, mover, ResignAccepted(1, MARS)).reason


def test_rebuilt_from_its_history_the_referee_holds_the_offer_and_the_resignation() -> None:
    script = Script(points=3).until(moving)
    mover = script.referee.match.mover
    assert mover is not None
    script.send(mover, ResignOffer(1, 1, SINGLE_GAME))
    script.send(mover.opponent, ResignDeclined(1, 1, SINGLE_GAME))
    script.send(mover, ResignOffer(1, 1, MARS))
    assert state(Referee.from_history(3, script.history)) == state(script.referee)
    script.send(mover.opponent, ResignAccepted(1, MARS))
    assert state(Referee.from_history(3, script.history)) == state(script.referee)


def test_a_program_that_drops_right_after_accepting_comes_back_to_the_same_history() -> None:
    lobby = Lobby(points=3)
    lobby.until(rolling)
    mover = lobby.referee.match.mover
    assert mover is not None
    offered(lobby, mover, MARS)
    accepter = lobby.programs[mover.opponent]
    lobby.away.add(mover.opponent)
    accepter.answers(yes=True)
    accepter.outbox.clear()  # the acceptance is lost with the line
    assert lobby.referee.match.phase is Phase.ROLL
    lobby.connect(mover.opponent, accepter.killed())
    assert lobby.all_agree() and lobby.referee.match.score[mover.opponent] == 2


def test_a_program_away_when_its_offer_was_answered_hears_the_answer_on_coming_back() -> None:
    for yes in (True, False):
        lobby = Lobby(points=3)
        lobby.until(rolling)
        mover = lobby.referee.match.mover
        assert mover is not None
        offered(lobby, mover, SINGLE_GAME)
        lobby.away.add(mover)
        lobby.programs[mover.opponent].answers(yes)
        lobby.settle()
        lobby.connect(mover, lobby.programs[mover].killed())
        assert lobby.all_agree()
        assert lobby.programs[mover].step.offer is None
        assert lobby.programs[mover].match.phase is (Phase.GAME_OVER if yes else Phase.ROLL)
        lobby.until(lambda referee: referee.match.game.number == 2 or over(referee))


def test_a_program_away_when_the_offer_came_is_asked_on_coming_back() -> None:
    lobby = Lobby()
    lobby.until(rolling)
    mover = lobby.referee.match.mover
    assert mover is not None
    lobby.away.add(mover.opponent)
    offered(lobby, mover, MARS)
    lobby.connect(mover.opponent, lobby.programs[mover.opponent].killed())
    asked = lobby.programs[mover.opponent].step.offer
    assert asked is not None and asked.side is mover and asked.points == MARS


def test_a_program_takes_no_throw_or_play_from_a_side_whose_offer_waits() -> None:
    lobby = Lobby()
    lobby.until(moving)
    mover = lobby.referee.match.mover
    assert mover is not None
    offered(lobby, mover, MARS)
    other = lobby.programs[mover.opponent]
    play = lobby.script.play()[1]
    assert isinstance(play, PlayMade)
    other.hear(play)
    with pytest.raises(PeerBroke, match="offer to resign waited"):
        other.take_all()


def test_the_record_names_the_dice_thrown_before_a_resignation_and_verifies() -> None:
    script = Script().until(moving)
    mover = script.referee.match.mover
    assert mover is not None
    script.send(mover.opponent, ResignOffer(1, 0, MARS))
    script.send(mover, ResignAccepted(1, MARS))
    record = script.referee.record(STARTED, "anna", "boris")
    assert "not played)" in record
    proof = verify_record(record)
    assert proof.holds and proof.throws == len(script.referee.throws), proof.problems
    number = script.referee.throw_number
    assert script.send(mover, commit(mover, number)).accepted  # on to the match's end
