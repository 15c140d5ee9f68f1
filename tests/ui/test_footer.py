"""The footer shows the keys that do something now, and is rebuilt only when they change."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets._footer import FooterKey

from nardy_tui.i18n import _
from nardy_tui.options import LaunchOptions, MatchOptions, Mode
from nardy_tui.ui.app import NardyApp
from tests.ui.driver import burst, game_screen, roll_off

SIZE = (120, 40)


def footer_keys(app: NardyApp) -> list[FooterKey]:
    return list(app.screen.query(FooterKey))


async def footer_at_rest(pilot: Pilot[int], app: NardyApp) -> list[FooterKey]:
    """The footer's keys once a frame passes without it being rebuilt."""
    keys = footer_keys(app)
    for _attempt in range(100):
        await pilot.pause()
        if footer_keys(app) == keys:
            return keys
        keys = footer_keys(app)
    raise AssertionError("the footer never came to rest")


async def footer_settled(pilot: Pilot[int], app: NardyApp, without: str) -> set[str]:
    """The footer's words once ``without`` has left it (it is rebuilt after a frame)."""
    for _attempt in range(100):
        words = {key.description for key in footer_keys(app)}
        if without not in words:
            return words
        await pilot.pause()
    raise AssertionError(f"{without!r} stayed in the footer")


async def test_the_footer_is_rebuilt_when_its_keys_change_and_only_then() -> None:
    launch = LaunchOptions(match=MatchOptions(mode=Mode.HOT_SEAT, seed=1), resume=False)
    app = NardyApp(launch, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await roll_off(pilot)
        before = await footer_at_rest(pilot, app)
        assert "Roll" in {key.description for key in before}
        game_screen(pilot).refresh_bindings()  # nothing to show differently
        await burst(pilot, "left", "right")  # the cursor moves: the same keys do something
        assert footer_keys(app) == before  # the very same widgets
        await burst(pilot, "r")
        assert "Hint" in await footer_settled(pilot, app, without="Roll")


async def test_the_command_table_makes_the_keys_the_footer_and_the_palette() -> None:
    """One table (``nardy_tui.play.COMMANDS``): each command's key does it, the footer
    shows the words of those that apply now, and the palette offers the same ones."""
    from nardy_tui.play import COMMANDS, Command

    app = NardyApp(
        LaunchOptions(match=MatchOptions(mode=Mode.HOT_SEAT, points=1, seed=1), resume=False),
        pace=0,
    )
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(pilot)
        bound = {
            binding.action: key
            for key, bindings in screen._bindings.key_to_bindings.items()
            for binding in bindings
        }
        for spec in COMMANDS:
            assert bound[spec.action] in spec.keys.split(","), spec
        applies = {spec.command for spec in COMMANDS if screen.flow.allows(spec.command)}
        assert Command.ROLL in applies and Command.CONFIRM not in applies
        words = {key.description for key in await footer_at_rest(pilot, app)}
        for spec in COMMANDS:
            if spec.in_footer and spec.command is not Command.PANEL:
                assert (_(spec.label) in words) is (spec.command in applies), spec
        palette = {command.title for command in screen.palette_commands()}
        assert {
            _(spec.title) for spec in COMMANDS if spec.title and spec.command in applies
        } <= palette
        assert _("Confirm the turn") not in palette
        await roll_off(pilot)
        await burst(pilot, "r")
        assert screen.match.dice is not None, "r, from the table, rolled"
