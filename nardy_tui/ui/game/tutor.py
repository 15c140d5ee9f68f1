"""The tutor between a complete turn and its confirmation.

It judges a turn in a worker as soon as the turn is complete, so a good play is not kept
waiting; a confirmation waits for the verdict and, if the play is a mistake at the
player's threshold, for the player's answer to the tutor's question.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, NamedTuple

from textual.message import Message

from nardy_tui.bot import stakes_at
from nardy_tui.engine import Dice, Play, Position, TurnKey, legal_results
from nardy_tui.i18n import _
from nardy_tui.play import (
    HINT_LEVEL,
    TURN_COMPLETE,
    tutor_question,
    tutor_verdict,
    warns,
)
from nardy_tui.ui.dialogs import Choice, TutorDialog

if TYPE_CHECKING:
    from nardy_tui.bot import TurnReview
    from nardy_tui.ui.game.hint import HintSearch
    from nardy_tui.ui.game.host import GameHost


class JudgedTurn(NamedTuple):
    """A complete turn the tutor judges: which turn of the match it is, and its steps in
    the order the player made them (a turn built again differently is judged again)."""

    turn: TurnKey
    steps: Play


@dataclass
class TutorJudged(Message, bubble=False):
    """The tutor's verdict on a complete turn, from its worker: posted to the game screen
    (for it alone), whose queue takes it on the UI thread."""

    turn: JudgedTurn
    verdict: TurnReview


class TutorGate:
    """Holds the confirmation of a complete turn until the tutor has had its say."""

    def __init__(self, screen: GameHost, hint: HintSearch, warned: frozenset[TurnKey]) -> None:
        """``hint`` is shown when the player takes a questioned play back to see it;
        ``warned``: the plays already made against the tutor's warning (a resumed
        match's)."""
        self._screen = screen
        self._hint = hint
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

    def confirm(self) -> None:
        """Confirm the turn; with the tutor watching, once it has judged the play and the
        player has answered its question, if it asks one.

        The judgement is started here if none is under way (the tutor turned on after the
        turn was complete), so a confirmation never waits on nothing."""
        screen = self._screen
        key = self._key()
        if key is None:
            screen.apply(screen.flow.confirm())
            return
        verdict = self._verdicts.get(key)
        if verdict is None:
            self._asked = key
            self.look()
            screen.say(_("The tutor is looking at your play…"))
            return
        self._decide(key, verdict)

    def withdraw(self) -> None:
        """The player took a step back: a confirmation asked before no longer stands."""
        self._asked = None

    def look(self) -> None:
        """Start judging the turn if it is complete and not judged yet."""
        key = self._key()
        turn = self._screen.flow.human_turn
        if key is None or turn is None or key in self._verdicts or key in self._judging:
            return
        self._judging.add(key)
        self._screen.run_worker(
            partial(self._judge, key, turn.position, turn.dice),
            name="tutor_judge",
            group="tutor",
            thread=True,
        )

    def _key(self) -> JudgedTurn | None:
        """The complete turn the tutor is to judge before it counts, if any."""
        flow = self._screen.flow
        turn = flow.human_turn
        if not flow.tutor_watches or turn is None or not turn.is_complete:
            return None
        game = self._screen.match.game
        return JudgedTurn(TurnKey(game.number, len(game.turns) + 1), turn.steps)

    def _judge(self, key: JudgedTurn, position: Position, dice: Dice) -> None:
        """In a worker's thread: the verdict on the play, posted to the screen."""
        after = position.apply(key.steps, dice)
        stakes = stakes_at(self._screen.match, position.turn)
        ranking = self._screen.bots[HINT_LEVEL].rank_with_chances(position, dice, after, stakes)
        verdict = tutor_verdict(
            ranking, dict(legal_results(position, dice)), position, dice, key.steps, after, stakes
        )
        self._screen.post_message(TutorJudged(key, verdict))

    def judged(self, judged: TutorJudged) -> None:
        """Keep the verdict; carry out the confirmation that waited for it, if the player
        has not taken a step back since."""
        key, verdict = judged.turn, judged.verdict
        self._judging.discard(key)
        self._verdicts[key] = verdict
        if self._asked == key and self._key() == key:
            self._asked = None
            self._decide(key, verdict)

    def _decide(self, key: JudgedTurn, judged: TurnReview) -> None:
        """Confirm a play the tutor lets pass; ask about one it warns of."""
        screen = self._screen
        if not warns(judged, screen.flow.settings.tutor):
            screen.apply(screen.flow.confirm())
            return
        screen.say(_(TURN_COMPLETE))  # not "the tutor is looking" any more: it has spoken
        screen.app.push_screen(
            TutorDialog(judged.verdict.name_shown, tutor_question(judged)),
            partial(self._answered, key),
        )

    def _answered(self, key: JudgedTurn, choice: Choice | None) -> None:
        """Play anyway (counted for the review), or take the turn back (and see the hint)."""
        screen = self._screen
        if self._key() != key:
            return  # the turn changed meanwhile
        if choice is Choice.PLAY_ANYWAY:
            self.overridden.add(key.turn)
            screen.apply(screen.flow.confirm())  # saved with the warning counted
            return
        screen.apply(screen.flow.undo_turn())
        if choice is Choice.HINT:
            self._hint.start()
