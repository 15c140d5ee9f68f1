"""How bot A's games fall in duplicate pairs, from arena reports that keep each game's
points (``a_points_by_game``): pairs A won twice, pairs split between the seats, pairs A
lost twice.

A split pair is one in which whoever sat in the lucky seat won, whichever bot it was: the
dice, more than the play, decided it. Only a pair A lost twice says that A's play lost a
game that the weaker bot's play, with the same dice, won.

    cd training && python experiments/duplicate_pairs.py arena-*.json
"""

import json
import sys
from collections import Counter


def pair_kinds(points_by_game: list[int]) -> Counter[str]:
    """Count the pairs (games 2k and 2k+1 share their dice) by how many A won."""
    kinds: Counter[str] = Counter()
    for first, second in zip(points_by_game[::2], points_by_game[1::2], strict=True):
        wins = (first > 0) + (second > 0)
        kinds[("lost both", "split", "won both")[wins]] += 1
    return kinds


total: Counter[str] = Counter()
for name in sys.argv[1:]:
    with open(name, encoding="utf-8") as report:
        kinds = pair_kinds(json.load(report)["a_points_by_game"])
    total += kinds
    print(name, dict(kinds))
print("all", dict(total))
