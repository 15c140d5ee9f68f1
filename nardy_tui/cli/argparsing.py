"""Command-line mistakes in one line, for every ``nardy`` command, in the player's language.

argparse's own ``error`` prints the whole usage block before the message; a mistake should
be one line that says what is wrong and where the help is, like every other nardy error.

argparse looks its own words up with gettext ("usage: ", "options", its mistakes), in the
process's default domain; ``speak_argparse`` has it look them up in nardy's catalogs instead,
in the language chosen (``--lang`` included), so a translated ``--help`` has no English left
in it.

A position ID that an older nardy began with "-" is a value, not an option
(``ids_as_values``), for the commands that take one.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import NoReturn

from nardy_tui.engine import PositionIdError, read_position_id
from nardy_tui.i18n import N_, _, ngettext

ARGPARSE_MESSAGES = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
)
"""argparse's own messages that a player can meet, marked for nardy's catalogs."""


def speak_argparse() -> None:
    """Have argparse say its own words (``ARGPARSE_MESSAGES``) in the language in use."""
    setattr(argparse, "_", _)  # noqa: B010 (argparse's module-level gettext alias)
    setattr(argparse, "ngettext", ngettext)  # noqa: B010


class OneLineParser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose mistakes are one line on stderr and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(
            2,
            _("{prog}: error: {message} (see '{prog} --help')").format(
                prog=self.prog, message=message
            )
            + "\n",
        )


MAX_TRIALS = 100_000
"""The most trials a rollout is asked for on the command line."""


def rollout_trials(text: str) -> int:
    """``--rollout N`` (``nardy analyze``, ``nardy review``): 1 to ``MAX_TRIALS`` trials."""
    try:
        trials = int(text)
    except ValueError:
        trials = 0
    if not 1 <= trials <= MAX_TRIALS:
        raise argparse.ArgumentTypeError(
            _("a rollout is 1 to {most} trials, not {text}").format(
                most=MAX_TRIALS, text=repr(text)
            )
        )
    return trials


def ids_as_values(args: Sequence[str]) -> list[str]:
    """``args`` with each position ID that an older nardy began with "-" (records and chats
    keep them) written as nardy writes it now, so that argparse takes it for a value, not
    an option. No option reads as a position: "--" first would be a die of 7."""
    return [_written_now(arg) if arg.startswith("-") else arg for arg in args]


def _written_now(arg: str) -> str:
    try:
        position, dice = read_position_id(arg)
    except PositionIdError:
        return arg
    return position.to_id(dice)
