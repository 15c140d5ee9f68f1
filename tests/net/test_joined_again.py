"""Which code takes up the match a joiner keeps (``joined_again``): any other would start
a new match in its place, which ``nardy join`` refuses without ``--new``."""

from __future__ import annotations

import pytest

from nardy_tui.net import Role, joined_again, new_network_match

LATER = "12345678-" + "ab" * 16
"""The code of the meetings after the first one, as a joiner keeps it."""

BY_CODE = new_network_match(Role.JOINER, LATER, 3, by_code=True, shown="7-crossover-clockwork")
DIRECT = new_network_match(Role.JOINER, "k7m2-x9qp", 3, "192.168.1.5", 7520)


@pytest.mark.parametrize(
    ("typed", "by_code", "same"),
    [
        ("", True, True),  # nardy join, alone
        ("7-crossover-clockwork", True, True),  # the code the host showed first
        ("8-tiger-lamp", True, False),  # another host's code
        ("k7m2-x9qp", False, False),  # a direct join cannot go on with a match met by a code
    ],
)
def test_a_match_met_by_a_code_is_taken_up_with_no_code_or_its_first_one(
    typed: str, by_code: bool, same: bool
) -> None:
    assert joined_again(BY_CODE, typed, by_code) is same


@pytest.mark.parametrize(
    ("typed", "by_code", "same"),
    [
        ("k7m2-x9qp", False, True),
        ("zzzz-2222", False, False),
        ("", True, False),  # nardy join, alone, takes up only a match met by a code
        ("8-tiger-lamp", True, False),
    ],
)
def test_a_match_met_directly_is_taken_up_with_its_own_code(
    typed: str, by_code: bool, same: bool
) -> None:
    assert joined_again(DIRECT, typed, by_code) is same
