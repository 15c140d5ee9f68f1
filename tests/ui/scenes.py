"""Fixed, seeded moments of a match for snapshot tests and the screenshots (README, docs/).

Each scene is an app plus what to do with the Pilot before the picture is taken. Everything
is seeded, so the same scene draws the same screen on every run; nothing shows a clock.
The screenshot script imports these too, so the pictures and the snapshots agree.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from functools import partial

from textual.pilot import Pilot

from nardy_tui.bot import MONEY, Stakes
from nardy_tui.engine import Dice, Match, Phase, Play, Position, Side, TurnBuilder
from nardy_tui.i18n import use_language
from nardy_tui.options import LaunchOptions, Level, MatchOptions, Mode
from nardy_tui.play import cell_of
from nardy_tui.storage import Tutor
from nardy_tui.ui.app import NardyApp
from nardy_tui.ui.dialogs import TutorDialog
from nardy_tui.ui.game import GameScreen
from tests.ui.conftest import FirstPlayBot
from tests.ui.driver import burst, game_screen, racing_move, roll_off, settle, turn_keys

SIZE = (120, 40)
BIG = (160, 50)
SMALLEST = (80, 24)
"""The terminal most people open, the smallest for the landscape board: the compact layout."""
PHONE = (43, 46)
"""The served page's terminal on a common phone held upright (390 by 844 pixels)."""
NARROW = (60, 30)
"""A narrow terminal pane: the board turned a quarter, its points one line high."""
SIDEWAYS = (93, 21)
"""The same phone on its side: the landscape board with shorter stacks."""
HOT_SEAT = MatchOptions(mode=Mode.HOT_SEAT, points=3, seed=7)
BOT_MATCH = MatchOptions(mode=Mode.BOT, bot_level=Level.HARD, color=Side.WHITE, points=3, seed=11)

Before = Callable[[Pilot[int]], Awaitable[object]]


@dataclass(frozen=True)
class Scene:
    """An app to run and the steps that bring it to the moment worth a picture."""

    make_app: Callable[[], NardyApp]
    before: Before
    size: tuple[int, int] = SIZE


class SlowBot(FirstPlayBot):
    """A stand-in bot that thinks for a while, so the "thinking" box can be pictured."""

    THINK = 3.0

    def choose(self, position: Position, dice: Dice, stakes: Stakes = MONEY) -> Play:
        time.sleep(self.THINK)
        return super().choose(position, dice, stakes)


def _launch(options: MatchOptions) -> LaunchOptions:
    return LaunchOptions(match=options, seed=options.seed, resume=False)


async def _nothing(pilot: Pilot[int]) -> None:
    await pilot.pause()


async def _mid_game(pilot: Pilot[int]) -> None:
    """A few racing turns, then the next roll and a source chosen: destinations show."""
    await roll_off(pilot)
    screen = game_screen(pilot)
    for _ in range(6):
        await _race_a_turn(pilot)
    await burst(pilot, "r")
    turn = screen.match.turn
    assert turn is not None
    src = max(turn.sources(), key=lambda point: (len(turn.routes(point)), point))
    await burst(pilot, *str(src), *([] if src > 2 else ["enter"]))
    await pilot.pause()


async def _bot_thinking(pilot: Pilot[int]) -> None:
    """The human (White) plays the first turn; the slow bot is then thinking."""
    await roll_off(pilot)
    screen = game_screen(pilot)
    if not screen.flow.seats[screen.match.position.turn].at_keyboard:
        await settle(pilot)
    await _race_a_turn(pilot)
    await pilot.pause(0.3)


async def _opponent_moved(pilot: Pilot[int], turns: int = 4) -> None:
    """Against the bot: a few racing turns each, ending as the bot's turn ends, so its
    play is marked on the board and the human is to roll."""
    await roll_off(pilot)
    screen = game_screen(pilot)
    match = screen.match
    await settle(pilot)
    seats = screen.flow.seats
    while len(match.game.turns) < 2 * turns or seats[match.game.turns[-1].side].at_keyboard:
        await burst(pilot, "r")
        turn = match.turn
        assert turn is not None
        while not turn.is_complete:
            src, dst = racing_move(turn)
            turn.move(src, dst)
        await burst(pilot, "c")
        await settle(pilot)
    await pilot.pause()


def nearly_won(seed: int, length: int = 3) -> Match:
    """A seeded racing game played by the engine up to the winner's last, complete turn."""
    match = Match(length=length, seed=seed)
    while match.phase is Phase.ROLL_OFF:
        match.roll_off()
    while True:
        turn = _racing_turn(match)
        if turn.position_now().borne_off(turn.mover) == 15:
            return match
        match.commit()


def in_the_bear_off(seed: int, length: int = 1) -> Match:
    """A seeded racing game played by the engine until the side to roll has all its
    checkers home (RULES.md section 7): the end of a game, to play by keys."""
    match = Match(length=length, seed=seed)
    while match.phase is Phase.ROLL_OFF:
        match.roll_off()
    while not _all_home(match.position, match.position.turn):
        _racing_turn(match)
        match.commit()
    return match


def _racing_turn(match: Match) -> TurnBuilder:
    """Roll, and build the turn of racing moves (not yet committed)."""
    match.roll()
    turn = match.turn
    assert turn is not None
    _race(turn)
    return turn


async def _race_a_turn(pilot: Pilot[int]) -> None:
    """Roll and confirm by keys, the racing moves made on the engine's turn between."""
    await burst(pilot, "r")
    turn = game_screen(pilot).match.turn
    assert turn is not None
    _race(turn)
    await burst(pilot, "c")


def _race(turn: TurnBuilder) -> None:
    while not turn.is_complete:
        turn.move(*racing_move(turn))


def no_move_for(mover: Side) -> Position:
    """The mover's last checker on its head faces six opposing points; the rest are home."""
    board = [0] * 24
    sign = mover.sign
    board[cell_of(mover, 24)] = sign
    board[cell_of(mover, 1)] = 14 * sign
    for point in range(18, 24):
        board[cell_of(mover, point)] = -2 * sign
    board[cell_of(mover, 10)] = -3 * sign
    return Position.from_points(board, mover)


def _all_home(position: Position, side: Side) -> bool:
    home = sum(position.checkers(side, point) for point in range(1, 7))
    return home + position.borne_off(side) == 15


async def _game_over(pilot: Pilot[int]) -> None:
    """Resume a game at its last turn, and confirm it."""
    app = pilot.app
    assert isinstance(app, NardyApp)
    match = nearly_won(HOT_SEAT.seed or 0)
    app.start_match(HOT_SEAT, match)
    while getattr(app.screen, "match", None) is not match or app.focused is None:
        await pilot.pause()
    await burst(pilot, "c")
    await pilot.pause()


async def _review(pilot: Pilot[int]) -> None:
    """The game of the game-over scene reviewed, the mistakes only, the first one shown and
    rolled out. (A picture for the README only: it changes with the expert's weights.)"""
    await _game_over(pilot)
    await burst(pilot, "v")
    while not getattr(pilot.app.screen, "finished", True):
        await pilot.pause(0.1)
    await burst(pilot, "m", "n", "r")  # the first mistake, rolled out
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


LEFT_TO_BEAR_OFF = 6
"""Checkers each side still has when a reviewed practice game starts: a few turns to
review, so that its snapshots cost a moment, not seconds."""


def near_the_end(seed: int) -> Match:
    """A seeded race played by the engine into the bear-off until a side has at most
    ``LEFT_TO_BEAR_OFF`` checkers left."""
    match = in_the_bear_off(seed)
    while all(15 - match.position.borne_off(side) > LEFT_TO_BEAR_OFF for side in Side):
        _racing_turn(match)
        match.commit()
    return match


async def practice_reviewed(pilot: Pilot[int]) -> None:
    """A practice game from near a seeded race's end, played out by keys and reviewed: the
    review's list, its first turn shown."""
    app = pilot.app
    assert isinstance(app, NardyApp)
    start = near_the_end(HOT_SEAT.seed or 0).position.to_id()
    app.start_match(replace(HOT_SEAT, points=1), start=start)  # a practice game is one
    while not isinstance(app.screen, GameScreen) or app.focused is None:
        await pilot.pause()
    match = game_screen(pilot).match
    while match.phase not in (Phase.GAME_OVER, Phase.MATCH_OVER):
        await burst(pilot, "r")
        if match.phase is Phase.MOVE:
            await burst(pilot, *turn_keys(match), "c")
    await burst(pilot, "v")
    while not getattr(pilot.app.screen, "finished", True):
        await pilot.pause(0.1)
    await pilot.pause()


async def _hint(pilot: Pilot[int]) -> None:
    """A few racing turns, the next roll, and the expert's hint on the board."""
    await roll_off(pilot)
    for _ in range(6):
        await _race_a_turn(pilot)
    await burst(pilot, "r", "h")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def _tutored() -> NardyApp:
    app = NardyApp(_launch(HOT_SEAT), pace=0)
    app.settings.tutor = Tutor.DOUBTFUL
    return app


async def _tutor_questions(pilot: Pilot[int]) -> None:
    """Racing plays by keys, with the tutor on, until it questions one. (A picture for the
    docs only: what it questions depends on the expert's weights.)"""
    await roll_off(pilot)
    for _ in range(40):
        await burst(pilot, "r")
        match = game_screen(pilot).match
        await burst(pilot, *turn_keys(match), "c")
        for _ in range(100):
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()
            if isinstance(pilot.app.screen, TutorDialog) or match.phase is Phase.ROLL:
                break
        if isinstance(pilot.app.screen, TutorDialog):
            return
    raise AssertionError("the tutor questioned none of 40 racing plays")


async def _help(pilot: Pilot[int]) -> None:
    await burst(pilot, "question_mark")
    await pilot.pause()


class SampleLobby:
    """A lobby as a server might tell it, with nothing behind it: the lobby screen's
    picture needs no server."""

    server = "wss://lobby.example.org/ws"

    def __init__(self) -> None:
        from nardy_tui.online import (
            BLITZ,
            RAPID,
            SLOW,
            MatchesInPlay,
            MatchInPlay,
            OpenSeek,
            OpenSeeks,
            PlayerOnline,
            PlayersOnline,
            Welcome,
        )
        from nardy_tui.play import LobbyView

        self.view = LobbyView()
        self.view.hear(Welcome("anna", 1532.5, 41, False))
        self.view.hear(
            PlayersOnline(
                (
                    PlayerOnline("anna", 1532.5, 41, False, False),
                    PlayerOnline("boris", 1610.0, 212, False, True),
                    PlayerOnline("expert_bot", 1744.2, 960, True, False),
                    PlayerOnline("mariam", 1498.0, 7, False, True),
                    PlayerOnline("nikos", 1475.3, 18, False, False),
                )
            )
        )
        self.view.hear(
            OpenSeeks(
                (
                    OpenSeek("s4", "expert_bot", 1744.2, True, 5, None),
                    OpenSeek("s9", "nikos", 1475.3, False, 3, RAPID),
                    OpenSeek("s11", "anna", 1532.5, False, 1, BLITZ),
                )
            )
        )
        self.view.hear(MatchesInPlay((MatchInPlay("m7", "boris", "mariam", 7, (3, 2), SLOW),)))

    def send(self, request: object) -> None:
        pass

    def watch(self, match: object) -> None:
        pass

    def leave(self) -> None:
        pass


async def _lobby(pilot: Pilot[int]) -> None:
    from nardy_tui.ui.lobby import LobbyScreen

    await pilot.app.push_screen(LobbyScreen(SampleLobby()))  # type: ignore[arg-type]
    await pilot.pause()


def _in_language(code: str, make_app: Callable[[], NardyApp]) -> NardyApp:
    """The app, speaking ``code`` (the screenshots of the board in other languages)."""
    use_language(code)
    return make_app()


SCENES: dict[str, Scene] = {
    "new_match": Scene(lambda: NardyApp(LaunchOptions(seed=1, resume=False), pace=0), _nothing),
    "roll_off": Scene(lambda: NardyApp(_launch(HOT_SEAT), pace=0), roll_off),
    "mid_game": Scene(lambda: NardyApp(_launch(HOT_SEAT), pace=0), _mid_game),
    "bot_thinking": Scene(
        lambda: NardyApp(_launch(BOT_MATCH), bot_factory=SlowBot, pace=0), _bot_thinking
    ),
    "game_over": Scene(lambda: NardyApp(_launch(HOT_SEAT), pace=0), _game_over),
    "help": Scene(lambda: NardyApp(_launch(HOT_SEAT), pace=0), _help),
    "review": Scene(lambda: NardyApp(_launch(HOT_SEAT), pace=0), _review),
    "tutor": Scene(_tutored, _tutor_questions),
    "last_play": Scene(
        lambda: NardyApp(_launch(BOT_MATCH), bot_factory=FirstPlayBot, pace=0), _opponent_moved
    ),
    "big_board": Scene(
        lambda: NardyApp(_launch(BOT_MATCH), bot_factory=FirstPlayBot, pace=0),
        partial(_opponent_moved, turns=7),
        size=BIG,
    ),
    "mid_game_80x24": Scene(lambda: NardyApp(_launch(HOT_SEAT), pace=0), _mid_game, size=SMALLEST),
    "game_over_80x24": Scene(
        lambda: NardyApp(_launch(HOT_SEAT), pace=0), _game_over, size=SMALLEST
    ),
    "new_match_80x24": Scene(
        lambda: NardyApp(LaunchOptions(seed=1, resume=False), pace=0), _nothing, size=SMALLEST
    ),
    **{
        f"{name}_{label}": Scene(scene.make_app, scene.before, size=size)
        for label, size in (("phone", PHONE), ("60x30", NARROW), ("sideways", SIDEWAYS))
        for name, scene in (
            (
                "new_match",
                Scene(lambda: NardyApp(LaunchOptions(seed=1, resume=False), pace=0), _nothing),
            ),
            ("mid_game", Scene(lambda: NardyApp(_launch(HOT_SEAT), pace=0), _mid_game)),
            ("hint", Scene(lambda: NardyApp(_launch(HOT_SEAT), pace=0), _hint)),
            ("game_over", Scene(lambda: NardyApp(_launch(HOT_SEAT), pace=0), _game_over)),
            ("review", Scene(lambda: NardyApp(_launch(HOT_SEAT), pace=0), practice_reviewed)),
        )
    },
    "lobby": Scene(lambda: NardyApp(LaunchOptions(seed=1, resume=False), pace=0), _lobby),
    "lobby_80x24": Scene(
        lambda: NardyApp(LaunchOptions(seed=1, resume=False), pace=0), _lobby, size=SMALLEST
    ),
    "mid_game_ru": Scene(
        partial(_in_language, "ru", lambda: NardyApp(_launch(HOT_SEAT), pace=0)), _mid_game
    ),
    "mid_game_he": Scene(
        partial(_in_language, "he", lambda: NardyApp(_launch(HOT_SEAT), pace=0)), _mid_game
    ),
    "last_play_ar": Scene(
        partial(
            _in_language,
            "ar",
            lambda: NardyApp(_launch(BOT_MATCH), bot_factory=FirstPlayBot, pace=0),
        ),
        _opponent_moved,
    ),
}
"""The scenes; those in other languages (``_ru``, ``_he``, ``_ar``) are pictures only."""
