"""The tutor between a complete turn and its confirmation, as plain state: which turn is to
be judged, and what a confirmation comes to (confirm now, wait for the verdict, or ask the
player), so that the screen only runs the judgement in a worker and shows the question.

A turn is judged as soon as it is complete, so a good play is not kept waiting; a
confirmation waits for the verdict and, if the play is a mistake at the player's
threshold, for the player's answer to the tutor's question.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from nardy_tui.engine import Play, TurnKey
from nardy_tui.play.tutor import warns

if TYPE_CHECKING:
    from nardy_tui.bot import TurnReview
    from nardy_tui.play.flow import TurnFlow


class JudgedTurn(NamedTuple):
    """A complete turn the tutor judges: which turn of the match it is, and its steps in
    the order the player made them (a turn built again differently is judged again)."""

    turn: TurnKey
    steps: Play


@dataclass(frozen=True, slots=True)
class Confirm:
    """Confirm the turn now: the tutor lets it pass, or is not watching."""


@dataclass(frozen=True, slots=True)
class Wait:
    """The verdict on ``turn`` is not in yet: the confirmation waits for it (and the turn
    is judged now, if nobody is judging it)."""

    turn: JudgedTurn


@dataclass(frozen=True, slots=True)
class Ask:
    """Ask the player about the play of ``turn`` before it counts: the tutor warns of it."""

    turn: JudgedTurn
    verdict: TurnReview


TutorDecision = Confirm | Wait | Ask


class TutorGate:
    """Holds the confirmation of a complete turn until the tutor has had its say."""

    def __init__(self, flow: TurnFlow, warned: frozenset[TurnKey] = frozenset()) -> None:
        """``warned``: the plays already made against the tutor's warning (a resumed
        match's)."""
        self._flow = flow
        self._verdicts: dict[JudgedTurn, TurnReview] = {}
        """The verdicts on complete turns, as they come."""
        self._asked: JudgedTurn | None = None
        """The turn the player confirmed while the tutor was still judging it."""
        self._judging: set[JudgedTurn] = set()
        """The turns being judged now: a confirmation waits only on one of these, and the
        same turn is not judged twice at once."""
        self.overridden: set[TurnKey] = set(warned)
        """(game, turn number) of the plays made against the tutor's warning, for the
        review; saved with the match."""

    def turn_now(self) -> JudgedTurn | None:
        """The complete turn the tutor is to judge before it counts, if any."""
        flow = self._flow
        turn = flow.human_turn
        if not flow.tutor_watches or turn is None or not turn.is_complete:
            return None
        game = flow.match.game
        return JudgedTurn(TurnKey(game.number, len(game.turns) + 1), turn.steps)

    def to_judge(self) -> JudgedTurn | None:
        """The turn to judge now (complete, neither judged nor being judged), counted as
        being judged from here on; None if there is none."""
        key = self.turn_now()
        if key is None or key in self._verdicts or key in self._judging:
            return None
        self._judging.add(key)
        return key

    def confirm(self) -> TutorDecision:
        """What the player's confirmation comes to now."""
        key = self.turn_now()
        if key is None:
            return Confirm()
        verdict = self._verdicts.get(key)
        if verdict is None:
            self._asked = key
            return Wait(key)
        return self._decide(key, verdict)

    def judged(self, key: JudgedTurn, verdict: TurnReview) -> TutorDecision | None:
        """Keep the verdict; the confirmation that waited for it, if the player has not
        taken a step back since (None: nothing to carry out)."""
        self._judging.discard(key)
        self._verdicts[key] = verdict
        if self._asked != key or self.turn_now() != key:
            return None
        self._asked = None
        return self._decide(key, verdict)

    def withdraw(self) -> None:
        """The player took a step back: a confirmation asked before no longer stands."""
        self._asked = None

    def played_anyway(self, key: JudgedTurn) -> None:
        """The player made the play the tutor warned of: counted for the review."""
        self.overridden.add(key.turn)

    def _decide(self, key: JudgedTurn, verdict: TurnReview) -> Confirm | Ask:
        """Confirm a play the tutor lets pass; ask about one it warns of."""
        if warns(verdict, self._flow.settings.tutor):
            return Ask(key, verdict)
        return Confirm()
