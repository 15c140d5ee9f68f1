"""The tutor's gate on its own (``TutorGate``), with a stand-in for the game screen: a
confirmation waits for the verdict, a withdrawn one is not carried out when the verdict
comes, a turn is judged once, and a play made against the warning is remembered."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nardy_tui.engine import Dice, Match, Play, Position, legal_results
from nardy_tui.play import MatchBots, Outcome, TurnFlow, hot_seat
from nardy_tui.storage import Settings, Tutor
from nardy_tui.ui.dialogs import Choice, TutorDialog
from nardy_tui.ui.game.tutor import TutorGate, TutorJudged
from tests.ui.driver import racing_move
from tests.ui.test_study import RacingIsWrongBot


class StandInScreen:
    """What the gate uses of the game screen; a worker's job waits in ``jobs`` until the
    test runs it, and a dialog in ``dialogs`` until the test answers it."""

    def __init__(self, tutor: Tutor) -> None:
        self.match = Match(length=1, seed=5)
        self.flow = TurnFlow(self.match, hot_seat(), Settings(tutor=tutor))
        self.bots = MatchBots(RacingIsWrongBot, 5)
        self.jobs: list[Callable[[], None]] = []
        self.dialogs: list[tuple[TutorDialog, Callable[[Choice | None], None]]] = []
        self.said: list[str] = []
        self.hints = 0
        self.app = self
        self.gate: TutorGate

    def push_screen(
        self,
        dialog: TutorDialog,
        answered: Callable[[Choice | None], None],
    ) -> None:
        self.dialogs.append((dialog, answered))

    def apply(self, outcome: Outcome | None) -> None:
        """The flow has done it already; the screen would redraw."""

    def say(self, text: str) -> None:
        self.said.append(text)

    def start(self) -> None:
        """The hint's search (``HintSearch.start``)."""
        self.hints += 1

    def run_worker(self, work: Callable[[], None], *_: Any, **__: Any) -> None:
        self.jobs.append(work)

    def post_message(self, judged: TutorJudged) -> bool:
        """The verdict, handed to the gate as the screen's handler would."""
        self.gate.judged(judged)
        return True

    def to_a_racing_turn(self) -> int:
        """Roll until the player has a real choice, and make the racing play (which the
        stand-in expert calls a blunder); the turns played before it."""
        flow, match = self.flow, self.match
        while True:
            flow.roll()
            turn = flow.human_turn
            if turn is None:
                continue  # the roll-off
            while not turn.is_complete:
                turn.move(*racing_move(turn))
            if len(legal_results(turn.position, match.dice)) > 1:
                return len(match.game.turns)
            flow.confirm()


class EveryPlayIsFine(RacingIsWrongBot):
    """A stand-in expert that ranks every play alike."""

    def rank(self, position: Position, dice: Dice) -> list[tuple[Play, float]]:
        return [(play, 0.0) for play, _ in legal_results(position, dice)]


def gate_on(tutor: Tutor) -> tuple[StandInScreen, TutorGate]:
    screen = StandInScreen(tutor)
    screen.gate = TutorGate(screen, screen, frozenset())  # type: ignore[arg-type]
    return screen, screen.gate


def test_without_the_tutor_a_turn_is_confirmed_at_once() -> None:
    screen, gate = gate_on(Tutor.OFF)
    played = screen.to_a_racing_turn()
    gate.look()
    gate.confirm()
    assert screen.jobs == [] and len(screen.match.game.turns) == played + 1


def test_a_complete_turn_is_judged_once_and_a_confirmation_waits_for_the_verdict() -> None:
    screen, gate = gate_on(Tutor.BLUNDER)
    played = screen.to_a_racing_turn()
    gate.look()
    gate.look()
    gate.confirm()
    assert len(screen.jobs) == 1 and len(screen.match.game.turns) == played
    assert screen.said[-1] == "The tutor is looking at your play…"
    screen.jobs.pop()()
    assert len(screen.dialogs) == 1  # the blunder is questioned


def test_a_confirmation_starts_the_judgement_if_none_is_under_way() -> None:
    screen, gate = gate_on(Tutor.OFF)
    played = screen.to_a_racing_turn()
    gate.look()  # nothing to judge while the tutor is off
    screen.flow.settings.tutor = Tutor.BLUNDER
    gate.confirm()
    assert len(screen.jobs) == 1 and len(screen.match.game.turns) == played


def test_a_play_the_tutor_lets_pass_is_confirmed_when_its_verdict_comes() -> None:
    screen, gate = gate_on(Tutor.BLUNDER)
    screen.bots = MatchBots(EveryPlayIsFine, 5)
    played = screen.to_a_racing_turn()
    gate.confirm()
    screen.jobs.pop()()
    assert screen.dialogs == [] and len(screen.match.game.turns) == played + 1


def test_a_withdrawn_confirmation_is_not_carried_out_when_the_verdict_comes() -> None:
    screen, gate = gate_on(Tutor.BLUNDER)
    played = screen.to_a_racing_turn()
    gate.confirm()
    gate.withdraw()
    screen.jobs.pop()()
    assert screen.dialogs == [] and len(screen.match.game.turns) == played


def test_play_anyway_counts_the_turn_and_remembers_the_warning() -> None:
    screen, gate = gate_on(Tutor.BLUNDER)
    played = screen.to_a_racing_turn()
    gate.confirm()
    screen.jobs.pop()()
    _, answered = screen.dialogs.pop()
    answered(Choice.PLAY_ANYWAY)
    assert len(screen.match.game.turns) == played + 1
    assert gate.overridden == {(1, played + 1)}


def test_the_hint_answer_takes_the_turn_back_and_asks_for_the_hint() -> None:
    screen, gate = gate_on(Tutor.BLUNDER)
    played = screen.to_a_racing_turn()
    gate.confirm()
    screen.jobs.pop()()
    _, answered = screen.dialogs.pop()
    answered(Choice.HINT)
    turn = screen.flow.human_turn
    assert turn is not None and turn.steps == () and screen.hints == 1
    assert len(screen.match.game.turns) == played and gate.overridden == set()
