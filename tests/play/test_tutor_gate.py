"""The tutor's gate (``TutorGate``): a confirmation is carried out at once without the
tutor, waits for the verdict with it, asks about a play the tutor warns of, and is not
carried out once the player has taken a step back; a turn is judged once, and a play made
against the warning is remembered for the review."""

from __future__ import annotations

from nardy_tui.bot import MONEY, RankedPlay, TurnReview
from nardy_tui.engine import Match, TurnBuilder, TurnKey, legal_results
from nardy_tui.play import (
    Ask,
    Confirm,
    JudgedTurn,
    TurnFlow,
    TutorGate,
    Wait,
    hot_seat,
    tutor_verdict,
)
from nardy_tui.storage import Settings, Tutor

SEED = 5


def first_step(turn: TurnBuilder) -> tuple[int, int]:
    """The first checker the engine lets move, to its nearest point (or off)."""
    src = turn.sources()[0]
    return src, min(route.dst for route in turn.routes(src))


def to_a_real_choice(flow: TurnFlow) -> JudgedTurn:
    """Roll until the player has a choice of plays, and make one (confirming forced turns
    on the way); the turn as the tutor judges it."""
    while True:
        flow.roll()
        turn = flow.human_turn
        if turn is None:
            continue  # the roll-off
        while not turn.is_complete:
            turn.move(*first_step(turn))
        if len(legal_results(turn.position, flow.match.dice)) > 1:
            game = flow.match.game
            return JudgedTurn(TurnKey(game.number, len(game.turns) + 1), turn.steps)
        flow.confirm()


def verdict_on(flow: TurnFlow, key: JudgedTurn, loss: float) -> TurnReview:
    """The tutor's verdict on the play made, the best play ``loss`` points better."""
    turn = flow.human_turn
    assert turn is not None
    position, dice = turn.position, flow.match.dice
    assert dice is not None
    reached = dict(legal_results(position, dice))
    after = position.apply(key.steps, dice)
    ranking = [
        RankedPlay(play, -loss if result == after else 0.0) for play, result in reached.items()
    ]
    ranking.sort(key=lambda ranked: -ranked.score)
    return tutor_verdict(ranking, reached, position, dice, key.steps, after, MONEY)


def watched(tutor: Tutor) -> tuple[TurnFlow, TutorGate, JudgedTurn]:
    flow = TurnFlow(Match(length=1, seed=SEED), hot_seat(), Settings(tutor=tutor))
    key = to_a_real_choice(flow)
    return flow, TutorGate(flow), key


def test_without_the_tutor_a_turn_is_confirmed_at_once_and_nothing_is_judged() -> None:
    _flow, gate, _key = watched(Tutor.OFF)
    assert gate.to_judge() is None
    assert gate.confirm() == Confirm()


def test_a_complete_turn_is_judged_once() -> None:
    _flow, gate, key = watched(Tutor.BLUNDER)
    assert gate.to_judge() == key
    assert gate.to_judge() is None, "being judged already"


def test_a_confirmation_waits_for_the_verdict_and_a_blunder_is_asked_about() -> None:
    flow, gate, key = watched(Tutor.BLUNDER)
    gate.to_judge()
    assert gate.confirm() == Wait(key)
    verdict = verdict_on(flow, key, loss=1.5)
    assert gate.judged(key, verdict) == Ask(key, verdict)


def test_a_confirmation_before_any_judgement_waits_and_the_turn_is_then_judged() -> None:
    flow, gate, key = watched(Tutor.OFF)
    assert gate.to_judge() is None  # nothing to judge while the tutor is off
    flow.settings.tutor = Tutor.BLUNDER
    assert gate.confirm() == Wait(key)
    assert gate.to_judge() == key


def test_a_play_the_tutor_lets_pass_is_confirmed_when_its_verdict_comes() -> None:
    flow, gate, key = watched(Tutor.BLUNDER)
    gate.to_judge()
    gate.confirm()
    assert gate.judged(key, verdict_on(flow, key, loss=0.0)) == Confirm()


def test_a_verdict_that_came_first_decides_the_confirmation_at_once() -> None:
    flow, gate, key = watched(Tutor.BLUNDER)
    gate.to_judge()
    verdict = verdict_on(flow, key, loss=1.5)
    assert gate.judged(key, verdict) is None, "nobody asked to confirm yet"
    assert gate.confirm() == Ask(key, verdict)


def test_a_withdrawn_confirmation_is_not_carried_out_when_the_verdict_comes() -> None:
    flow, gate, key = watched(Tutor.BLUNDER)
    gate.to_judge()
    gate.confirm()
    gate.withdraw()
    assert gate.judged(key, verdict_on(flow, key, loss=1.5)) is None


def test_a_turn_changed_meanwhile_is_not_confirmed_by_the_old_verdict() -> None:
    flow, gate, key = watched(Tutor.BLUNDER)
    gate.to_judge()
    gate.confirm()
    verdict = verdict_on(flow, key, loss=0.0)
    flow.undo()
    assert gate.judged(key, verdict) is None


def test_a_play_made_against_the_warning_is_remembered_for_the_review() -> None:
    flow, gate, key = watched(Tutor.BLUNDER)
    gate.played_anyway(key)
    assert gate.overridden == {key.turn}
    assert TutorGate(flow, frozenset({key.turn})).overridden == {key.turn}
