"""Command-line mistakes in one line, for every ``nardy`` command.

argparse's own ``error`` prints the whole usage block before the message; a mistake should
be one line that says what is wrong and where the help is, like every other nardy error.
"""

from __future__ import annotations

import argparse
from typing import NoReturn

from nardy_tui.i18n import _


class OneLineParser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose mistakes are one line on stderr and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, _("{prog}: error: {message} (see '{prog} --help')").format(
            prog=self.prog, message=message) + "\n")
