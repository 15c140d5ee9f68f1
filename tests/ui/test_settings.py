"""The automatic settings are remembered between runs, and a bad settings file is harmless."""

from __future__ import annotations

import json
from pathlib import Path

from nardy_tui.engine import Phase, Side
from nardy_tui.options import LaunchOptions, MatchOptions, Mode
from nardy_tui.storage import (
    Animation,
    Settings,
    Switch,
    load_settings,
    save_settings,
    settings_path,
)
from nardy_tui.ui.app import NardyApp
from tests.ui.conftest import FirstPlayBot
from tests.ui.driver import burst, game_screen, roll_off, settle, turn_keys

SIZE = (120, 40)


def test_settings_round_trip_through_the_file(private_home: Path) -> None:
    save_settings(Settings(auto_roll=True, auto_flip=False))
    assert settings_path().parent == private_home
    assert load_settings() == Settings(auto_roll=True, auto_flip=False)


def test_a_corrupt_or_odd_settings_file_gives_the_defaults() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    for text in ("{not json", "[1, 2]", "", '{"auto_roll": "yes"}'):
        path.write_text(text, encoding="utf-8")
        assert load_settings() == Settings()
    path.write_text('{"auto_confirm": true, "unknown": 1}', encoding="utf-8")
    assert load_settings() == Settings(auto_confirm=True)


def test_the_servers_of_a_match_met_by_a_code_are_remembered_within_reason() -> None:
    mine = Settings(mailbox="ws://127.0.0.1:4000/v1", transit="127.0.0.1:4001")
    save_settings(mine)
    assert load_settings() == mine
    settings_path().write_text(
        json.dumps({"mailbox": "ws://" + "x" * 400, "transit": 4001}), encoding="utf-8"
    )
    assert load_settings() == Settings()


async def test_a_checkbox_on_the_new_match_screen_is_saved_at_once() -> None:
    app = NardyApp(LaunchOptions(resume=False), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#auto_roll")
        await burst(pilot)
        assert app.settings.auto_roll
    assert json.loads(settings_path().read_text(encoding="utf-8"))["auto_roll"] is True
    again = NardyApp(LaunchOptions(resume=False), pace=0)
    assert again.settings.auto_roll


async def test_up_and_down_move_between_the_settings_on_the_new_match_screen() -> None:
    from nardy_tui.ui.setting_labels import SETTING_LABELS

    app = NardyApp(LaunchOptions(resume=False), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        names = list(SETTING_LABELS)
        app.screen.query_one(f"#{names[0]}").focus()
        await pilot.pause()
        for name in names[1:]:
            await burst(pilot, "down")
            assert app.focused is not None and app.focused.id == name
        await burst(pilot, "down")
        assert app.focused is not None and app.focused.id == "start"
        await burst(pilot, "up", "up")
        assert app.focused is not None and app.focused.id == names[-2]
        assert not app.settings.auto_roll  # moving does not tick anything
        mode = app.screen.query_one("#mode")
        mode.focus()
        await burst(pilot, "down")
        assert app.focused is mode  # within a radio set, Down still moves to its next button


async def test_turning_the_board_to_the_mover_shows_at_once_when_switched_on() -> None:
    """A setting changed during a match (from the palette) redraws the game at once."""
    from nardy_tui.options import MatchOptions
    from tests.ui.driver import game_screen, turn_keys

    save_settings(Settings(auto_flip=False))
    launch = LaunchOptions(match=MatchOptions(mode=Mode.HOT_SEAT, seed=1), resume=False)
    app = NardyApp(launch, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(pilot)
        match = screen.match
        await roll_off(pilot)
        await burst(pilot, "r")
        await burst(pilot, *turn_keys(match), "c")
        assert match.mover is not None and screen.board.view is not match.mover
        app.change_setting(Switch.AUTO_FLIP, True)
        await pilot.pause()
        assert screen.board.view is match.mover
        assert screen.flow.reader.side is match.mover


async def test_auto_roll_turned_on_while_the_player_is_to_roll_rolls_at_once() -> None:
    launch = LaunchOptions(match=MatchOptions(mode=Mode.HOT_SEAT, seed=3), resume=False)
    app = NardyApp(launch, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        match = await roll_off(pilot)
        assert match.phase is Phase.ROLL
        app.change_setting(Switch.AUTO_ROLL, True)
        await settle(pilot)
        assert match.phase is Phase.MOVE, "the waiting roll is made, not only the next one"


async def test_auto_confirm_turned_on_with_a_complete_turn_confirms_it() -> None:
    launch = LaunchOptions(match=MatchOptions(mode=Mode.HOT_SEAT, seed=3), resume=False)
    app = NardyApp(launch, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        match = await roll_off(pilot)
        await burst(pilot, "r")
        await burst(pilot, *turn_keys(match))
        assert match.turn is not None and match.turn.is_complete
        mover = match.mover
        app.change_setting(Switch.AUTO_CONFIRM, True)
        await settle(pilot)
        assert match.phase is Phase.ROLL and match.mover is not mover


def test_the_bots_animation_speed_is_remembered_and_a_strange_one_is_normal() -> None:
    save_settings(Settings(animation=Animation.FAST))
    assert json.loads(settings_path().read_text(encoding="utf-8"))["animation"] == "fast"
    assert load_settings().animation is Animation.FAST
    settings_path().write_text('{"animation": "ludicrous"}', encoding="utf-8")
    assert load_settings().animation is Animation.NORMAL


async def test_with_no_animation_the_bots_turn_appears_at_once() -> None:
    options = MatchOptions(mode=Mode.BOT, color=Side.BLACK, points=1, seed=5)  # the bot starts
    app = NardyApp(LaunchOptions(match=options, resume=False), bot_factory=FirstPlayBot, pace=30)
    async with app.run_test(size=SIZE) as pilot:
        commands = {command.title: command for command in app.get_system_commands(app.screen)}
        commands["Bot animation: none (at once)"].callback()
        assert app.settings.animation is Animation.NONE
        match = game_screen(pilot).match
        await roll_off(pilot)
        await app.workers.wait_for_complete()
        await settle(pilot)
        assert [record.side.value for record in match.game.turns] == ["white"]
        assert not game_screen(pilot).flow.away_steps
    assert load_settings().animation is Animation.NONE
