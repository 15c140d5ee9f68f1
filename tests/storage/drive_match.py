"""Matches played by seeded random choices, saved after every change; run by the kill test.

Usage: ``python -m storage.drive_match LOG SEED`` from the ``tests`` folder. It resumes the
saved match if there is one. Around every save it appends to LOG, flushed, ``saving <state>``
before and ``saved`` after, so whoever kills this process knows which states the save
file may legitimately hold: the last one saved, or the one whose save was under way.
"""

from __future__ import annotations

import random
import sys
from typing import TextIO

from nardy_tui.engine import Match, Phase
from nardy_tui.options import MatchOptions
from nardy_tui.storage import load_saved, save_match

from .play import act, fingerprint


def drive(log: TextIO, seed: int) -> None:
    """Play and save until killed: a match that ends makes way for a new one, so that a
    fast machine never runs out of match before the kill comes."""
    saved = load_saved()
    if saved is None:
        match, options = Match(7, seed), MatchOptions(points=7, seed=seed)
    else:
        match, options = saved.match, saved.options
    rng = random.Random(seed)
    while True:
        if match.phase is Phase.MATCH_OVER:
            match, options = Match(7, seed), MatchOptions(points=7, seed=seed)
        act(match, rng)
        log.write(f"saving {fingerprint(match)}\n")
        log.flush()
        save_match(match, options)
        log.write("saved\n")
        log.flush()


if __name__ == "__main__":
    with open(sys.argv[1], "a", encoding="utf-8") as log_file:
        drive(log_file, int(sys.argv[2]))
