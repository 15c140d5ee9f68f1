"""Snapshot tests of the look: each scene of ``scenes.py`` against its accepted SVG.

Regenerate after a deliberate change with ``pytest tests/ui/test_snapshots.py
--snapshot-update`` and look at the new pictures before committing them.
"""

from __future__ import annotations

import pytest

from tests.ui.scenes import SCENES


@pytest.mark.parametrize(
    "name",
    [
        "new_match",
        "mid_game",
        "game_over",
        "help",
        "last_play",
        "big_board",
        "mid_game_80x24",
        "game_over_80x24",
        "new_match_80x24",
        "lobby_80x24",
        *(
            f"{name}_{size}"
            for size in ("phone", "60x30", "sideways")
            for name in ("new_match", "mid_game", "hint", "game_over", "review")
        ),
    ],
)
def test_snapshot(name: str, snap_compare) -> None:  # type: ignore[no-untyped-def]
    scene = SCENES[name]
    assert snap_compare(scene.make_app(), terminal_size=scene.size, run_before=scene.before)
