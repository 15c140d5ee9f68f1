"""Driving the game through key presses, choosing moves from what the engine allows.

Keys go into the app's queue as a terminal's driver puts them there. ``burst`` sends a
whole turn's keys at once, without waiting between them: that is how a fast typist (or a
pasted burst) reaches a real terminal, and it keeps a full game quick to test.
"""

from __future__ import annotations

from textual import events
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Static
from textual.widgets._footer import FooterKey

from nardy_tui.engine import Match, Phase, TurnBuilder
from nardy_tui.ui.game import GameScreen

CHARACTERS = {"enter": "\r", "escape": "\x1b", "space": " ", "question_mark": "?"}
DRAIN_ROUNDS = 1000
"""Far more rounds than a key needs: each round waits for every message queued at its
start, and a key is passed on from the app to a widget and bubbles up at most a few times."""


async def burst(pilot: Pilot[int], *keys: str) -> None:
    """Send ``keys`` in one burst, then wait until the app has handled them all.

    The driver hands each key to the app a loop turn later; posting them here, on the
    app's own loop, queues them just as the driver would, only without that turn, so that
    ``drain`` finds them queued already.
    """
    app = pilot.app
    for key in keys:
        event = events.Key(key, CHARACTERS.get(key, key if len(key) == 1 else None))
        event.set_sender(app)
        app.post_message(event)
    await drain(pilot)


async def drain(pilot: Pilot[int]) -> None:
    """Wait until the app and every widget of its screen have handled what was queued.

    ``Pilot.pause`` waits for the messages queued when it starts, then for the process to
    use little CPU for a moment. A key passed on to a widget, or bubbling up from it, is
    queued after that start; on a loaded machine the process may also be off the CPU for
    the whole moment, which looks idle. Waiting until every queue is empty first makes
    the result not depend on the machine's load.
    """
    app = pilot.app
    for _ in range(DRAIN_ROUNDS):
        await pilot._wait_for_screen()
        pumps = [app, *app.screen.walk_children(with_self=True)]
        if not any(pump.message_queue_size for pump in pumps):
            break
    await pilot.pause()


async def resize(pilot: Pilot[int], width: int, height: int) -> None:
    """Resize the terminal and wait until the screen is laid out at its new size (Textual
    applies a resize a moment later, so that a burst of them is laid out once)."""
    await pilot.resize_terminal(width, height)
    for _ in range(100):
        await pilot.pause()
        if pilot.app.screen.outer_size == (width, height):
            await pilot.pause()  # what the new size set off (focus, the board's fit)
            return
    raise AssertionError(f"the screen never took the size {width}x{height}")


async def roll_off(pilot: Pilot[int]) -> Match:
    """Roll off by keys until one side starts (a tie rolls again); the match."""
    match = game_screen(pilot).match
    while match.phase is Phase.ROLL_OFF:
        await burst(pilot, "r")
    return match


async def first_roll(pilot: Pilot[int]) -> tuple[GameScreen, Match]:
    """Roll off and roll the first turn's dice by keys; the game screen and its match."""
    await roll_off(pilot)
    await burst(pilot, "r")
    return game_screen(pilot), game_screen(pilot).match


async def type_turn(pilot: Pilot[int]) -> None:
    """Roll and type this turn's racing moves, confirming unless that is automatic; the
    bot's answer is not waited for (``settle`` does that)."""
    match = game_screen(pilot).match
    await burst(pilot, "r")
    confirm = [] if pilot.app.settings.auto_confirm else ["c"]  # type: ignore[attr-defined]
    await burst(pilot, *turn_keys(match), *confirm)


def keys_for(point: int) -> list[str]:
    """The keys that type a point number; 1 and 2 need Enter, as 10-24 start with them."""
    return [str(point), "enter"] if point in (1, 2) else list(str(point))


def game_screen(pilot: Pilot[int]) -> GameScreen:
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen), screen
    return screen


def status(screen: Screen[object]) -> str:
    """The sentence in the screen's status line."""
    return str(screen.query_one("#status", Static).content)


def racing_move(turn: TurnBuilder) -> tuple[int, int]:
    """The rearmost checker the engine lets move, as far as it may go (bear off first)."""
    bear_off = [point for point in turn.sources() if turn.route(point, 0) is not None]
    if bear_off:
        return bear_off[0], 0
    src = max(turn.sources())
    return src, min(route.dst for route in turn.routes(src))


def turn_keys(match: Match) -> list[str]:
    """Every key of the rest of this turn's racing moves, worked out on a copy of the turn."""
    assert match.turn is not None and match.dice is not None
    turn = TurnBuilder(match.turn.position, match.dice)
    for step in match.turn.steps:
        turn.push(step)
    keys: list[str] = []
    while not turn.is_complete:
        src, dst = racing_move(turn)
        turn.move(src, dst)
        keys += [*keys_for(src), *keys_for(dst)]
    return keys


async def footer_shown(pilot: Pilot[int]) -> dict[str, FooterKey]:
    """The screen's footer keys by their words, once the footer has drawn them and a pause
    passes without it drawing them again (it composes its keys after the screen)."""

    def now() -> dict[str, FooterKey]:
        return {key.description: key for key in pilot.app.screen.query(FooterKey)}

    keys = now()
    for _attempt in range(100):
        await pilot.pause()
        if keys and now().keys() == keys.keys():
            return now()
        keys = now()
    raise AssertionError("the footer never showed its keys")


async def settle(pilot: Pilot[int], rounds: int = 100) -> None:
    """Let timers, the bot's worker and its animated steps run until a human must act."""
    for _ in range(rounds):
        await pilot.app.workers.wait_for_complete()
        await drain(pilot)
        screen = pilot.app.screen
        if not isinstance(screen, GameScreen):
            return
        match = screen.match
        bot_moving = not screen.flow.seats[match.position.turn].at_keyboard and match.phase in (
            Phase.ROLL,
            Phase.MOVE,
        )
        if not bot_moving and not screen.flow.away_steps:
            return
    raise AssertionError("the game did not settle")


async def play_turn(pilot: Pilot[int]) -> None:
    """One human turn by keys: roll (r) unless rolled already, the moves, confirm (c).

    With auto-roll and auto-confirm on, that is a single burst of point numbers.
    """
    match = await roll_off(pilot)
    if match.phase is Phase.ROLL:
        await burst(pilot, "r")
    if match.phase is Phase.MOVE:
        confirm = [] if pilot.app.settings.auto_confirm else ["c"]
        await burst(pilot, *turn_keys(match), *confirm)
    await settle(pilot)


async def play_game(pilot: Pilot[int]) -> None:
    """Turns by keys until the game is over."""
    match = game_screen(pilot).match
    number = match.game.number
    while match.game.number == number and match.phase not in (Phase.GAME_OVER, Phase.MATCH_OVER):
        await play_turn(pilot)
