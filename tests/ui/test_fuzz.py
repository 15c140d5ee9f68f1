"""Fuzzing the app: random keys, clicks and resizes in every phase, and nothing may break.

Each episode starts the app somewhere different, in one of its languages (the new-match
screen, a fresh match against the bot or hot-seat, a saved match resumed near the end of a
game or of the match, or the previous episode's save) and then sends random bursts of
events: any key the app binds, digits, arrows, Enter, Escape, Tab, letters, ctrl combos,
mouse clicks at random cells, and terminal resizes down to sizes far too small for the
board. A few bursts are a legal turn typed by a
"player", so the fuzz reaches game over, match over and the next game instead of wandering
around the roll-off. Dialogs, help and the command palette are answered by the same random
keys; when the app quits (ctrl+q, the match-over dialog, the palette's Quit), or after a
few hundred events (as if the terminal were closed), the next episode starts.

After every burst: no exception, and the match is legal: 15 checkers a side, a phase that
agrees with the dice and turn, a history the engine replays to the very same state, and the
save file (when there is one) holding exactly the match on the screen.

The CI run sends ``NARDY_FUZZ_EVENTS`` random events (default 800) from seed
``NARDY_FUZZ_SEED`` (default 20240505), in ``PARTS`` tests (each its share of the events,
from its own stream of that seed) that the test workers run side by side; a failure names
the seed, the part and the episode. For a long
local run: ``NARDY_FUZZ_EVENTS=50000 pytest tests/ui/test_fuzz.py``; with
``NARDY_FUZZ_SEED=random`` each run picks, and prints, a new seed. The events are reproducible
from the seed; where they land relative to the bot's thread can vary slightly.
"""

from __future__ import annotations

import json
import os
import random
import string
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from textual import events
from textual.geometry import Size
from textual.pilot import Pilot
from textual.worker import WorkerCancelled

from nardy_tui.engine import Match, Phase, Side
from nardy_tui.i18n import LANGUAGES, use_language
from nardy_tui.options import COLOR_WORDS, LOCAL_MODES, LaunchOptions, Level, MatchOptions
from nardy_tui.storage import save_match
from nardy_tui.storage.document import match_document, restore
from nardy_tui.storage.paths import save_path
from nardy_tui.ui.app import NardyApp
from nardy_tui.ui.game import GameScreen
from nardy_tui.ui.lazy import game_screen_in
from tests.storage.play import act, fingerprint
from tests.textual_seams import crash_of
from tests.ui.conftest import FirstPlayBot
from tests.ui.driver import turn_keys

DEFAULT_EVENTS = 800
DEFAULT_SEED = 20240505
PARTS = 4
MAX_BURST = 24
EPISODE_EVENTS = (150, 600)
"""Random events per episode before the app is closed (its match stays saved)."""
PLAYED_TURN_CHANCE = 0.08
"""How often a burst is a legal turn typed out, so games actually end."""

BOUND_KEYS = (
    "r",
    "c",
    "u",
    "U",
    "h",
    "s",
    "x",
    "f",
    "question_mark",
    "f1",
    "ctrl+p",
    "ctrl+c",
    "q",
    "n",
    "p",
    "home",
    "end",
)
NAVIGATION_KEYS = (
    "left",
    "right",
    "up",
    "down",
    "enter",
    "space",
    "escape",
    "tab",
    "shift+tab",
    "backspace",
    "delete",
    "pageup",
    "pagedown",
)
OTHER_KEYS = tuple(string.ascii_letters)
CTRL_KEYS = tuple(f"ctrl+{letter}" for letter in string.ascii_lowercase if letter != "q")
QUIT_KEY = "ctrl+q"
CHARACTERS = {
    "enter": "\r",
    "escape": "\x1b",
    "space": " ",
    "tab": "\t",
    "backspace": "\x7f",
    "question_mark": "?",
}
SIZES = ((100, 28), (110, 32), (99, 28), (100, 27), (80, 24), (40, 12), (12, 4), (1, 1))
"""Sizes to resize to: the smallest that fits the game, one cell short, far too small.
Big sizes are left out: they only make every frame slower to draw."""
START_SIZE = (100, 28)


def fuzz_settings() -> tuple[int, int]:
    """The number of random events and the seed, from the environment."""
    events_wanted = int(os.environ.get("NARDY_FUZZ_EVENTS", DEFAULT_EVENTS))
    seed_text = os.environ.get("NARDY_FUZZ_SEED", str(DEFAULT_SEED))
    seed = random.randrange(2**32) if seed_text == "random" else int(seed_text)
    return events_wanted, seed


def key_event(key: str) -> events.Key:
    """The event a terminal delivers for ``key``."""
    if key.startswith("ctrl+"):
        character: str | None = chr(ord(key[-1]) - ord("a") + 1)
    else:
        character = CHARACTERS.get(key, key if len(key) == 1 else None)
    return events.Key(key, character)


def random_key(rng: random.Random) -> str:
    pool = rng.choices(
        (BOUND_KEYS, NAVIGATION_KEYS, tuple("0123456789"), OTHER_KEYS, CTRL_KEYS, (QUIT_KEY,)),
        weights=(30, 30, 25, 6, 6, 1),
    )[0]
    return rng.choice(pool)


def random_size(rng: random.Random) -> Size:
    if rng.random() < 0.8:
        return Size(*rng.choice(SIZES))
    return Size(rng.randint(1, 130), rng.randint(1, 40))


@dataclass
class Fuzzer:
    """Sends seeded random events to a running app and counts them."""

    rng: random.Random
    sent: int = 0
    log: list[str] = field(default_factory=list)

    def burst(self, pilot: Pilot[int]) -> None:
        """Queue a burst of random keys, clicks and resizes, as a terminal would deliver them."""
        app = pilot.app
        driver = app._driver
        assert driver is not None
        for _ in range(self.rng.randint(1, MAX_BURST)):
            roll = self.rng.random()
            if roll < 0.8:
                key = random_key(self.rng)
                self.log.append(key)
                event: events.Event = key_event(key)
                event.set_sender(app)
                driver.send_message(event)
            elif roll < 0.95:
                x, y = self.rng.randrange(app.size.width), self.rng.randrange(app.size.height)
                self.log.append(f"click {x},{y}")
                for kind in (events.MouseDown, events.MouseUp):
                    driver.process_message(
                        kind(None, x, y, 0, 0, 1, False, False, False, screen_x=x, screen_y=y)
                    )
            else:
                size = random_size(self.rng)
                self.log.append(f"resize {size.width}x{size.height}")
                driver._size = size  # type: ignore[attr-defined]  # the headless driver's size
                app.post_message(events.Resize(size, size))
            self.sent += 1

    def play_a_turn(self, pilot: Pilot[int]) -> bool:
        """Type a whole legal turn (or a roll) if a human is to act; False if not."""
        screen = pilot.app.screen
        if not isinstance(screen, GameScreen) or not screen.flow.human_to_move:
            return False
        match = screen.match
        if match.phase in (Phase.ROLL_OFF, Phase.ROLL):
            keys = ["r"]
        elif match.phase is Phase.MOVE:
            keys = ["escape", *turn_keys(match), "c"]
        else:
            return False
        self.log.append(f"turn {' '.join(keys)}")
        driver = pilot.app._driver
        assert driver is not None
        for key in keys:
            event = key_event(key)
            event.set_sender(pilot.app)
            driver.send_message(event)
        return True


def saved_match_near_an_end(rng: random.Random, seed: int) -> None:
    """Save a match played by the engine to a few turns before a game (or match) ends."""
    points = rng.choice((1, 3))
    mode = rng.choice(LOCAL_MODES)
    options = MatchOptions(
        mode=mode,
        bot_level=Level.EASY,
        color=rng.choice((Side.WHITE, Side.BLACK)),
        points=points,
        seed=seed,
    )  # saved, a colour is always resolved
    match = Match(points, seed)
    while match.phase is not Phase.MATCH_OVER:
        act(match, rng)
        position = match.position
        near_end = max(position.borne_off(side) for side in Side) >= rng.randint(9, 14)
        if near_end and match.phase is Phase.ROLL:
            break
    if match.phase is not Phase.MATCH_OVER:
        save_match(match, options)


def new_app(rng: random.Random) -> NardyApp:
    """An app started in one of the ways a player can start it."""
    seed = rng.randrange(1000)
    start = rng.choice(("new-match screen", "match", "near an end", "previous save"))
    launch: LaunchOptions
    if start == "new-match screen":
        launch = LaunchOptions(seed=seed, resume=False)
    elif start == "match":
        options = MatchOptions(
            mode=rng.choice(LOCAL_MODES),
            bot_level=Level.EASY,
            color=rng.choice(list(COLOR_WORDS.values())),
            points=rng.choice((1, 3, 5, 7)),
            seed=seed,
        )
        launch = LaunchOptions(match=options, seed=seed, resume=False)
    else:
        if start == "near an end":
            saved_match_near_an_end(rng, seed)
        launch = LaunchOptions(seed=seed, resume=rng.choice((True, None)))
    use_language(rng.choice(list(LANGUAGES)))  # every catalog's words are put to use
    app = NardyApp(launch, bot_factory=FirstPlayBot, pace=0)
    app.settings.auto_roll = rng.random() < 0.3
    app.settings.auto_confirm = rng.random() < 0.3
    app.settings.auto_forced = rng.random() < 0.5
    return app


@dataclass
class Checker:
    """Checks the app after every burst.

    Replaying a history is the costly check and gives the same answer for the same
    document, so a document is replayed again only when it, or the match on the screen,
    has changed since the last replay (most bursts change neither).
    """

    replayed: tuple[str, str] | None = None
    """The last document replayed, as JSON, and the fingerprint of its match."""

    def check(self, app: NardyApp) -> None:
        """No exception so far, a screen to look at, and a legal, saved match."""
        assert crash_of(app) is None, repr(crash_of(app))
        assert app.return_code in (None, 0), app.return_code
        if app.return_code is None:
            assert len(app.screen_stack) > 1, "only the blank default screen is left"
        game = game_screen_in(app.screen_stack)
        if game is not None:
            self.check_match(game.match, game)

    def check_match(self, match: Match, screen: GameScreen) -> None:
        """The match on the screen is one the engine reached, and it is what is saved."""
        position = match.position
        for side in Side:
            assert 0 <= position.on_board(side) <= 15
            assert position.on_board(side) + position.borne_off(side) == 15
        moving = match.phase is Phase.MOVE
        assert (match.dice is not None) == moving and (match.turn is not None) == moving
        if match.turn is not None:
            assert match.turn.position == position and match.turn.dice == match.dice
        over = match.phase in (Phase.GAME_OVER, Phase.MATCH_OVER)
        assert (match.game.winner is not None) == over
        assert (match.phase is Phase.MATCH_OVER) == (match.winner is not None)
        assert sum(match.score.values()) == sum(game.points for game in match.games)
        document = match_document(match, screen.options)
        state = (json.dumps(document, sort_keys=True), fingerprint(match))
        if state != self.replayed:
            assert fingerprint(restore(document).match) == state[1], (
                "the engine replays the history differently"
            )
            self.replayed = state
        if not save_path().exists():
            untouched = len(match.games) == 1 and not match.game.roll_offs
            assert untouched or match.phase is Phase.MATCH_OVER, "a match in play is not saved"
        else:  # the same document, so it replays to the same match (checked above)
            saved = json.loads(save_path().read_text(encoding="utf-8"))
            assert saved == document, "the save file differs from the screen"


async def settle(pilot: Pilot[int]) -> None:
    """Let the app handle what was sent, and what that started (the bot, a hint, the palette).

    ``pause(0)`` waits until every queued message is handled without waiting for the CPU
    to go idle, which is what makes thousands of events affordable.
    """
    await pilot.pause(0)
    await pilot.pause(0)
    for worker in list(pilot.app.workers):
        with suppress(WorkerCancelled):
            await worker.wait()
    await pilot.pause(0)


@pytest.mark.parametrize("part", range(PARTS))
async def test_random_events_never_break_the_app_or_the_match(
    part: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # the palette's "Save screenshot" writes to the cwd
    total, seed = fuzz_settings()
    wanted = -(-total // PARTS)
    rng = random.Random(f"{seed}/{part}")
    fuzzer = Fuzzer(rng)
    checker = Checker()
    seen: set[str] = set()
    episode = 0
    while fuzzer.sent < wanted:
        episode += 1
        fuzzer.log.clear()
        app = new_app(rng)
        stop = min(wanted, fuzzer.sent + rng.randint(*EPISODE_EVENTS))
        where = (
            f"seed {seed}, part {part}, episode {episode} "
            f"(NARDY_FUZZ_SEED={seed} and this part's test to reproduce)"
        )
        try:
            async with app.run_test(size=START_SIZE) as pilot:
                await settle(pilot)
                checker.check(app)
                while fuzzer.sent < stop and app.return_code is None:
                    if not (rng.random() < PLAYED_TURN_CHANCE and fuzzer.play_a_turn(pilot)):
                        fuzzer.burst(pilot)
                    await settle(pilot)
                    checker.check(app)
                    seen.update(coverage(app))
        except BaseException as error:
            recent = " ".join(fuzzer.log[-60:])
            raise AssertionError(f"{where}: {error!r}\nlast events: {recent}") from error
    print(
        f"fuzz: {fuzzer.sent} events in {episode} episodes from seed {seed}, part {part}; "
        f"seen: {', '.join(sorted(seen))}"
    )


def coverage(app: NardyApp) -> set[str]:
    """The screen on top and the phase of the match, for the summary of what the run saw."""
    if app.return_code is not None:
        return set()
    game = game_screen_in(app.screen_stack)
    return {type(app.screen).__name__, *([game.match.phase.value] if game else [])}
