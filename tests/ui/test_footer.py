"""The footer shows the keys that do something now, and is rebuilt only when they change."""

from __future__ import annotations

from textual.widgets._footer import FooterKey

from nardy_tui.options import LaunchOptions, MatchOptions
from nardy_tui.ui.app import NardyApp
from tests.ui.driver import burst, game_screen, roll_off

SIZE = (120, 40)


def footer_keys(app: NardyApp) -> list[FooterKey]:
    return list(app.screen.query(FooterKey))


async def test_the_footer_is_rebuilt_when_its_keys_change_and_only_then() -> None:
    launch = LaunchOptions(match=MatchOptions(mode="hot-seat", seed=1), resume=False)
    app = NardyApp(launch, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await roll_off(pilot)
        await pilot.pause()
        before = footer_keys(app)
        assert "Roll" in {key.description for key in before}
        game_screen(pilot).refresh_bindings()  # nothing to show differently
        await burst(pilot, "left", "right")  # the cursor moves: the same keys do something
        assert footer_keys(app) == before  # the very same widgets
        await burst(pilot, "r")
        await pilot.pause()  # the footer is rebuilt after the next frame
        after = {key.description for key in footer_keys(app)}
        assert "Roll" not in after and "Hint" in after
