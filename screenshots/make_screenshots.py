"""Make the README pictures: ``python screenshots/make_screenshots.py``.

Each picture is a seeded scene of ``tests/ui/scenes.py`` (the same ones the snapshot tests
check), driven with Textual's Pilot at 120x40 and saved as SVG, then turned into PNG by
``rsvg-convert`` (Debian: librsvg2-bin) with the Fira Code font (fonts-firacode).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # so the scenes in tests/ can be imported

from tests.ui.scenes import SCENES, SIZE  # noqa: E402

PICTURES = ("new_match", "roll_off", "mid_game", "bot_thinking", "game_over", "help")
PNG_WIDTH = 1200
"""Pixels: sharp enough to read, small enough to keep the repository light."""


async def shoot(name: str, folder: Path) -> Path:
    """Run scene ``name`` and save its SVG into ``folder``."""
    scene = SCENES[name]
    app = scene.make_app()
    async with app.run_test(size=SIZE) as pilot:
        await scene.before(pilot)
        await pilot.pause()
        svg = app.save_screenshot(f"{name}.svg", path=str(folder))
        app.exit(0)
    return Path(svg)


def to_png(svg: Path, png: Path) -> None:
    subprocess.run(["rsvg-convert", "--width", str(PNG_WIDTH), "--keep-aspect-ratio",
                    str(svg), "-o", str(png)], check=True)


def main() -> int:
    if shutil.which("rsvg-convert") is None:
        print("rsvg-convert is needed: apt-get install librsvg2-bin fonts-firacode",
              file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as work:
        os.environ["NARDY_HOME"] = work  # never touch the player's save or settings
        os.environ["TEXTUAL_ANIMATIONS"] = "none"
        for name in PICTURES:
            svg = asyncio.run(shoot(name, Path(work)))
            to_png(svg, HERE / f"{name}.png")
            print(f"screenshots/{name}.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
