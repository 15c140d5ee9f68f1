"""What starts without a key, on its own (``AutoPlay``), with a stand-in for the game
screen: the bot's roll and turn start by themselves, a roll the player must press waits,
and an automatic setting turned on just when it applies acts at once, on the screen shown
only."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nardy_tui.engine import Match, Phase, Side
from nardy_tui.options import Level
from nardy_tui.play import Outcome, TurnFlow, against_bot, hot_seat
from nardy_tui.storage import Settings, Switch
from nardy_tui.ui.game.autoplay import AutoPlay


class StandInScreen:
    """What the automatic plays use of the game screen, and of the helpers they start; a
    call put off for later waits in ``later`` until the test runs it."""

    def __init__(self, flow: TurnFlow) -> None:
        self.flow = flow
        self.match = flow.match
        self.board = self
        self.is_attached = True
        self.board_shown = True
        self.is_current = True
        self.later: list[Callable[[], None]] = []
        self.did: list[str] = []

    def call_later(self, callback: Callable[..., Any], *args: Any) -> bool:
        self.later.append(lambda: callback(*args))
        return True

    def run_later(self) -> None:
        while self.later:
            self.later.pop(0)()

    def apply(self, outcome: Outcome | None) -> None:
        if outcome is not None:
            self.did.append("applied")

    def refresh_view(self) -> None:
        self.did.append("redrawn")

    def roll(self, by_key: bool) -> None:
        self.did.append("rolled by key" if by_key else "rolled")
        self.flow.roll(by_key=by_key)

    def move_cursor_to(self, cell: object) -> None:
        """The board's cursor, on the first checker that can move."""

    def start(self) -> None:
        """The away side's turn (``AwayTurn.start``)."""
        self.did.append("away side started")

    def confirm_turn(self) -> None:
        """The confirmation, past the tutor (``GameScreen.confirm_turn``)."""
        self.did.append("confirmed")

    def game_over(self) -> None:
        self.did.append("game over")

    def match_over(self) -> None:
        self.did.append("match over")


def auto_on(flow: TurnFlow) -> tuple[StandInScreen, AutoPlay]:
    screen = StandInScreen(flow)
    return screen, AutoPlay(screen, screen, screen)  # type: ignore[arg-type]


def rolled_off(flow: TurnFlow) -> None:
    while flow.match.phase is Phase.ROLL_OFF:
        flow.roll()


def to_roll(settings: Settings) -> tuple[StandInScreen, AutoPlay]:
    """A hot-seat match rolled off: the player to roll."""
    screen, auto = auto_on(TurnFlow(Match(length=1, seed=5), hot_seat(), settings))
    rolled_off(screen.flow)
    return screen, auto


def test_a_roll_the_player_must_press_waits() -> None:
    screen, auto = to_roll(Settings())
    auto.advance()
    screen.run_later()
    assert screen.did == [] and screen.match.phase is Phase.ROLL


def test_the_bots_roll_and_turn_start_by_themselves() -> None:
    match = Match(length=1, seed=5)  # seed 5: White, the bot, wins the roll-off
    screen, auto = auto_on(TurnFlow(match, against_bot(Side.BLACK, Level.EASY), Settings()))
    rolled_off(screen.flow)
    auto.advance()
    screen.run_later()
    assert screen.did == ["rolled"] and match.phase is Phase.MOVE
    auto.advance()
    assert screen.did == ["rolled", "away side started"]


def test_auto_roll_turned_on_while_the_player_is_to_roll_rolls_at_once() -> None:
    settings = Settings()
    screen, auto = to_roll(settings)
    settings.auto_roll = True
    auto.setting_changed(Switch.AUTO_ROLL)
    screen.run_later()
    assert screen.did == ["redrawn", "applied"] and screen.match.phase is Phase.MOVE


def test_a_setting_turned_on_acts_only_on_the_screen_shown() -> None:
    settings = Settings()
    screen, auto = to_roll(settings)
    settings.auto_confirm = True
    auto.setting_changed(Switch.AUTO_CONFIRM)
    screen.is_current = False  # a dialog came up before the palette had closed
    screen.run_later()
    assert screen.did == ["redrawn"]


def test_auto_confirm_goes_through_the_tutor() -> None:
    settings = Settings()
    screen, auto = auto_on(TurnFlow(Match(length=1, seed=5), hot_seat(), settings))
    settings.auto_confirm = True
    auto.setting_changed(Switch.AUTO_CONFIRM)
    screen.run_later()
    assert screen.did == ["redrawn", "confirmed"]


def test_a_setting_changed_before_the_board_is_up_waits_for_it() -> None:
    settings = Settings()
    screen, auto = auto_on(TurnFlow(Match(length=1, seed=5), hot_seat(), settings))
    screen.board_shown = False
    settings.auto_roll = True
    auto.setting_changed(Switch.AUTO_ROLL)
    assert screen.did == [] and screen.later == []
