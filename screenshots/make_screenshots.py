"""Make the pictures of the README and docs/: ``python screenshots/make_screenshots.py [NAME...]``.

Each picture is a seeded scene of ``tests/ui/scenes.py`` (the same ones the snapshot tests
check), driven with Textual's Pilot at 120x40 (one at 160x50) and saved as SVG, then turned
into PNG by ``rsvg-convert`` (Debian: librsvg2-bin) with the Fira Code font (fonts-firacode).
The network match's pair (``network``: the host's screen and its friend's) comes from two
apps over loopback (``tests/ui/two_apps.py``); its dice are both machines' own, so it is a
different game each time. The host waiting with its code (``network_code``) meets through a
mailbox server and transit relay of its own on loopback (``tests/rendezvous_servers.py``),
so its code differs each time too.
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

from nardy_tui.i18n import use_language  # noqa: E402
from tests.rendezvous_servers import local_servers  # noqa: E402
from tests.ui.scenes import SCENES  # noqa: E402
from tests.ui.two_apps import (  # noqa: E402
    code_host_app,
    friends,
    hosting_by_code,
    match_of,
    play_until,
)

PICTURES = (
    "new_match",
    "roll_off",
    "mid_game",
    "bot_thinking",
    "last_play",
    "game_over",
    "help",
    "big_board",
    "review",
    "tutor",
    "mid_game_ru",
    "mid_game_he",
    "last_play_ar",
    "mid_game_80x24",
    "new_match_80x24",
    "mid_game_phone",
    "hint_sideways",
    "game_over_phone",
    "review_60x30",
    "lobby",
    "network",
    "network_code",
)
NETWORK_PICTURES = ("network_host", "network_joiner")
"""The two pictures of the ``network`` pair."""
PNG_WIDTH = 1200
"""Pixels for a 120-column picture: sharp enough to read, small enough to keep the
repository light; a wider terminal's picture is wider in proportion."""


async def shoot(name: str, folder: Path) -> Path:
    """Run scene ``name`` and save its SVG into ``folder``."""
    scene = SCENES[name]
    app = scene.make_app()
    async with app.run_test(size=scene.size) as pilot:
        await scene.before(pilot)
        await pilot.pause()
        svg = app.save_screenshot(f"{name}.svg", path=str(folder))
        app.exit(0)
    use_language("en")
    return Path(svg)


async def shoot_network_pair(folder: Path) -> list[Path]:
    """The host's screen and its friend's, a few turns into a match, the friend to move."""
    from nardy_tui.engine import Phase, Side
    from nardy_tui.net import new_code

    async with friends(new_code(), points=3, size=(120, 40)) as two:

        def friend_to_move() -> bool:
            match = match_of(two.host)
            return (
                len(match.game.turns) >= 6
                and match.phase is Phase.MOVE
                and match.mover is Side.BLACK
                and match.turn is not None
                and not match.turn.is_pass
            )

        await play_until(two.pilots, friend_to_move)
        for pilot in two.both:
            await pilot.pause()
        return [
            Path(app.save_screenshot(f"{name}.svg", path=str(folder)))
            for app, name in zip((two.host, two.joiner), NETWORK_PICTURES, strict=True)
        ]


async def shoot_code_host(folder: Path) -> Path:
    """The host's screen at 80x24 with its code, waiting for the friend, met through a
    mailbox server and transit relay of its own on loopback."""
    with local_servers(folder) as servers:
        host = code_host_app(servers.rendezvous, points=3)
        async with hosting_by_code(host, size=(80, 24)) as (pilot, _code):
            await pilot.pause()
            svg = host.save_screenshot("network_code.svg", path=str(folder))
            host.exit(0)
    return Path(svg)


def to_png(svg: Path, png: Path, width: int) -> None:
    keep_spaces(svg)
    subprocess.run(
        ["rsvg-convert", "--width", str(width), "--keep-aspect-ratio", str(svg), "-o", str(png)],
        check=True,
    )


def keep_spaces(svg: Path) -> None:
    """Make rsvg-convert keep leading spaces, as the terminal shows them.

    Textual writes them as no-break spaces, which rsvg-convert drops at the start of a
    text run: indented history lines and the pip table's header lost their indent. And
    every run is drawn in the order of its cells, as a terminal draws them: rsvg-convert
    would otherwise reorder Hebrew and Arabic runs a second time.
    """
    text = svg.read_text(encoding="utf-8").replace("&#160;", " ")
    text = text.replace(
        "<style>", "<style>\n    text { unicode-bidi: bidi-override; direction: ltr; }", 1
    )
    svg.write_text(text.replace("<svg ", '<svg xml:space="preserve" ', 1), encoding="utf-8")


def main(names: list[str]) -> int:
    """Make every picture, or only those named."""
    if shutil.which("rsvg-convert") is None:
        print(
            "rsvg-convert is needed: apt-get install librsvg2-bin fonts-firacode", file=sys.stderr
        )
        return 1
    os.environ["TEXTUAL_ANIMATIONS"] = "none"
    for name in names or PICTURES:
        # A data folder of its own for each scene: never the player's, and no setting one
        # scene turned on (the tutor's) carried into the next.
        with tempfile.TemporaryDirectory() as work:
            os.environ["NARDY_HOME"] = work
            if name == "network":
                for svg in asyncio.run(shoot_network_pair(Path(work))):
                    to_png(svg, HERE / f"{svg.stem}.png", PNG_WIDTH)
                    print(f"screenshots/{svg.stem}.png")
                continue
            if name == "network_code":
                svg = asyncio.run(shoot_code_host(Path(work)))
                to_png(svg, HERE / f"{name}.png", PNG_WIDTH * 80 // 120)
                print(f"screenshots/{name}.png")
                continue
            svg = asyncio.run(shoot(name, Path(work)))
            to_png(svg, HERE / f"{name}.png", PNG_WIDTH * SCENES[name].size[0] // 120)
            print(f"screenshots/{name}.png")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
