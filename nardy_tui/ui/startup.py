"""What comes before the first screen: refusing what cannot work before the terminal is
taken over, which screen opens first (the saved match, the question whether to resume it
or the unfinished match with a friend on another machine, or the match asked for) and the
words of that question, and ending the app cleanly on a hangup or ``kill``.
"""

from __future__ import annotations

import asyncio
import os
import signal
import threading
from functools import partial
from typing import TYPE_CHECKING, Protocol

from nardy_tui.i18n import _
from nardy_tui.options import LaunchOptions, MatchOptions, Mode, NetworkLaunch
from nardy_tui.play import Saver
from nardy_tui.ui.served import join_code_asked

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.app import App
    from textual.notifications import SeverityLevel

    from nardy_tui.engine import Match, TurnKey
    from nardy_tui.net import NetworkMatch, Role
    from nardy_tui.options import Rendezvous
    from nardy_tui.storage import SavedMatch
    from nardy_tui.ui.dialogs import Choice, Dialog

SIGNAL_GRACE = 2.0
"""Seconds a clean exit on SIGHUP or SIGTERM may take before the process just ends."""


def refused_before_start(launch: LaunchOptions) -> str | None:
    """Why the game cannot start, known before the terminal is taken over: a data folder
    that cannot be created, and ``--resume`` with no match to resume (none saved, or a save
    that cannot be read, which is then moved aside)."""
    from nardy_tui.storage import data_dir_problem

    problem = data_dir_problem()
    if problem is None and launch.resume:
        saved, problem = Saver().load()
        if saved is None:
            return problem or _("there is no unfinished match to resume; run 'nardy' to start one")
    return problem


def given_up_before_start(launch: LaunchOptions) -> tuple[bool, str | None]:
    """``nardy --new`` with a match saved: it is given up before the terminal is taken
    over, kept as a record (there is no screen yet to ask on, and ``--new`` is the answer).
    Whether the game may start (not if the record could not be written: the match then
    stays saved), and what to say on the command line: where the record is, why not, or
    why the save could not be read (it was moved aside)."""
    if launch.resume is not False:
        return True, None
    saver = Saver()
    saved, problem = saver.load()
    if saved is None:
        return True, problem
    return saver.give_up(saved.match, saved.options)


def saved_summary(match: Match, options: MatchOptions) -> str:
    """The saved match in one line, for the question whether to resume it."""
    from nardy_tui.engine import Phase, Side
    from nardy_tui.play import level_name

    if match.phase is Phase.GAME_OVER:
        where = _("game {number} over, the next to start")
    elif match.phase is Phase.MATCH_OVER:
        where = _("the match is over, its record not yet written")
    else:
        where = _("game {number}")
    if options.mode is Mode.HOT_SEAT:
        template = _("hot-seat, match to {length}, White {white} - Black {black}, {where}")
    elif options.mode is Mode.NETWORK:
        template = _(
            "with a friend on another machine, you play {side}, match to {length}, "
            "White {white} - Black {black}, {where}"
        )
    else:
        template = _(
            "against the {level} bot, match to {length}, White {white} - Black {black}, {where}"
        )
    return template.format(
        side=options.color.name_shown if options.color is not None else "",
        level=level_name(options.bot_level),
        length=match.length,
        white=match.score[Side.WHITE],
        black=match.score[Side.BLACK],
        where=where.format(number=match.game.number),
    )


def asked_summary(options: MatchOptions) -> str:
    """The new match the command line asks for, in one line, beside the saved one."""
    from nardy_tui.play import level_name

    if options.mode is Mode.HOT_SEAT:
        return _("hot-seat, match to {length}").format(length=options.points)
    return _("against the {level} bot, match to {length}").format(
        level=level_name(options.bot_level), length=options.points
    )


def saved_with_friend(warn: Callable[[str], None]) -> NetworkMatch | None:
    """The unfinished match with a friend met by a code (the joiner's first), if one is
    saved; a save that cannot be read is told to ``warn`` and passed over. With none saved
    (the usual start) the network layer, which reads them, is not imported."""
    from nardy_tui.storage import network_match_saved

    if not network_match_saved():
        return None
    from nardy_tui.net import Role

    for role in (Role.JOINER, Role.HOST):
        saved = saved_in_role(role, warn)
        if saved is not None and saved.by_code:
            return saved
    return None


def saved_in_role(role: Role, warn: Callable[[str], None]) -> NetworkMatch | None:
    """The unfinished match with a friend this machine keeps in ``role``, if one is
    saved; one that cannot be read is told to ``warn``, and counts as none."""
    from nardy_tui.net import NetworkSaveError, read_network_match

    try:
        return read_network_match(role)
    except NetworkSaveError as error:
        warn(str(error))
        return None


def friend_summary(saved: NetworkMatch) -> str:
    """The saved match with a friend in one line, as a saved match is summed up."""
    return saved_summary(saved.match, friend_options(saved))


def friend_options(saved: NetworkMatch) -> MatchOptions:
    """The options of the saved match with a friend, as its game screen knows them."""
    from nardy_tui.play import side_of

    return MatchOptions(mode=Mode.NETWORK, color=side_of(saved.role), points=saved.match.length)


def taken_up(saved: NetworkMatch, rendezvous: Rendezvous) -> NetworkLaunch:
    """The match with a friend ``saved`` taken up again at ``rendezvous``, as ``nardy
    join`` (the joiner, under the code of later meetings) or ``nardy host --resume`` do."""
    from nardy_tui.net import Role

    hosting = saved.role is Role.HOST
    return NetworkLaunch(
        hosting=hosting,
        code="",
        points=saved.match.length,
        resume=hosting,
        rendezvous=rendezvous,
    )


class Opener(Protocol):
    """What of the app the first screen needs: what was asked for, the saved match, and
    the ways to a game or the new-match screen."""

    launch: LaunchOptions
    saver: Saver

    @property
    def is_web(self) -> bool: ...

    def give_up_match(self, match: Match, options: MatchOptions) -> tuple[bool, str]: ...

    def start_match(
        self,
        options: MatchOptions,
        match: Match | None = None,
        start: str | None = None,
        warned: frozenset[TurnKey] = ...,
    ) -> None: ...

    def open_new_match_screen(
        self, back: Callable[[], None] | None = None, friend_code: str | None = None
    ) -> None: ...

    def play_friend(self, launch: NetworkLaunch) -> None: ...

    def push_screen(self, screen: Dialog, callback: Callable[[Choice | None], None]) -> object: ...

    def notify(
        self,
        message: str,
        *,
        title: str = ...,
        severity: SeverityLevel = ...,
        timeout: float | None = ...,
        markup: bool = ...,
    ) -> None: ...


class FirstScreen:
    """The screen an app playing on this machine opens first: a saved match resumes at
    once with ``--resume``, is offered otherwise (``--no-resume`` ignores it); with none,
    the match the command line asks for, or the new-match screen."""

    def __init__(self, app: Opener) -> None:
        self._app = app
        self._launch = app.launch

    def open(self) -> None:
        """Open it; with nothing asked for, a page of ``nardy serve`` opened from a
        friend's link (``?join=CODE``) opens the friend screen with the code filled in, and
        an unfinished match with a friend met by a code is offered first: a page reloaded
        mid-match (the app started again, with no command line) finds it there."""
        asked = self._launch.match is not None or self._launch.resume is not None
        friend_code = None if asked else join_code_asked()
        if friend_code is not None:
            self._open_friend_screen(friend_code)
            return
        saved = None if asked else saved_with_friend(self._warn)
        if saved is None:
            self._open_here()
            return
        from nardy_tui.ui.dialogs import ResumeDialog

        self._app.push_screen(
            ResumeDialog(friend_summary(saved)), partial(self._friend_chosen, saved)
        )

    def _open_friend_screen(self, code: str) -> None:
        """The friend screen with ``code`` filled in, over the new-match screen; Escape
        there leads, as choosing a new match does, to the question whether to resume a
        match saved on this machine, if one is (the friend screen offers the unfinished
        match with a friend itself)."""
        saved = self._app.saver.load()[0]
        back = None if saved is None else partial(self._offer_resume, saved)
        self._app.open_new_match_screen(back=back, friend_code=code)

    def _warn(self, problem: str) -> None:
        self._app.notify(problem, severity="warning", timeout=10)

    def _friend_chosen(self, saved: NetworkMatch, choice: Choice | None) -> None:
        """Take the match with the friend up, or go on as if there were none (it stays
        saved)."""
        from nardy_tui.net import ServersError, meeting_servers
        from nardy_tui.ui.dialogs import Choice

        if choice is not Choice.RESUME:
            self._open_here()
            return
        try:
            rendezvous = meeting_servers()
        except ServersError as error:
            self._app.notify(str(error), severity="error", timeout=10)
            self._open_here()
            return
        self._app.play_friend(taken_up(saved, rendezvous))

    def _open_here(self) -> None:
        """The match on this machine: resumed, offered, asked for or chosen anew; a save
        that cannot be read (moved aside) is told in a dialog that stays until it is read,
        and play starts afresh."""
        saved, problem = (None, None) if self._launch.resume is False else self._app.saver.load()
        if problem is not None:
            from nardy_tui.ui.dialogs import NoticeDialog

            self._app.push_screen(
                NoticeDialog(_("The save file could not be read"), problem),
                lambda _choice: self._open_saved(None),
            )
            return
        self._open_saved(saved)

    def _open_saved(self, saved: SavedMatch | None) -> None:
        """Resume ``saved`` (asked to), offer it, or start afresh without it."""
        if saved is not None and self._launch.resume:
            self._app.start_match(saved.options, saved.match, warned=saved.warned)
        elif saved is not None:
            self._offer_resume(saved)
        elif self._launch.match is not None:
            self._app.start_match(self._launch.match, start=self._launch.start)
        else:
            self._app.open_new_match_screen()

    def _offer_resume(self, saved: SavedMatch) -> None:
        """Ask whether to resume the saved match or start a new one."""
        from nardy_tui.ui.dialogs import ResumeDialog

        asked = None if self._launch.match is None else asked_summary(self._launch.match)
        self._app.push_screen(
            ResumeDialog(saved_summary(saved.match, saved.options), asked),
            partial(self._resume_chosen, saved),
        )

    def _resume_chosen(self, saved: SavedMatch, choice: Choice | None) -> None:
        """Resume, or (asked once more) give it up for a new match."""
        from nardy_tui.ui.dialogs import Choice, GiveUpSavedDialog

        if choice is Choice.RESUME:
            self._app.start_match(saved.options, saved.match, warned=saved.warned)
            if self._launch.match is not None:
                self._app.notify(
                    _(
                        "The saved match goes on: the match asked for on the command "
                        "line was not started."
                    )
                )
        else:
            self._app.push_screen(
                GiveUpSavedDialog(saved_summary(saved.match, saved.options), self._app.is_web),
                partial(self._give_up_chosen, saved),
            )

    def _give_up_chosen(self, saved: SavedMatch, choice: Choice | None) -> None:
        """Give the saved match up, kept as a record, for the match asked for or the
        new-match screen; Back, or a record that cannot be written (told), asks again
        whether to resume it."""
        from nardy_tui.ui.dialogs import Choice

        if choice is not Choice.NEW:
            self._offer_resume(saved)
            return
        given_up, said = self._app.give_up_match(saved.match, saved.options)
        self._app.notify(
            said, severity="information" if given_up else "error", timeout=10, markup=False
        )
        if not given_up:
            self._offer_resume(saved)
        elif self._launch.match is not None:
            self._app.start_match(self._launch.match, start=self._launch.start)
        else:
            self._app.open_new_match_screen()


def exit_on_hangup_and_terminate(app: App[int]) -> None:
    """Closing the terminal (SIGHUP) or ``kill`` (SIGTERM) ends ``app`` as quitting does.

    By default either signal kills the process on the spot, leaving the terminal in raw
    mode on the alternate screen. The match needs nothing more: it is saved after every
    step, and the handler runs between the app's callbacks, never inside a save.
    """
    loop = asyncio.get_running_loop()
    for name in ("SIGHUP", "SIGTERM"):
        number = getattr(signal, name, None)
        if number is None:
            continue
        try:
            loop.add_signal_handler(number, _end_on_signal, app, number)
        except (NotImplementedError, RuntimeError):  # no such handlers on Windows
            return


def _end_on_signal(app: App[int], number: int) -> None:
    """Exit with the shell's usual status, 128 + the signal's number.

    Shutting down can hang: after a hangup, restoring the terminal writes to a terminal
    that is gone, and a bot thinking in its thread cannot be stopped. So the process
    ends anyway once ``SIGNAL_GRACE`` seconds have passed.
    """
    deadline = threading.Timer(SIGNAL_GRACE, os._exit, (128 + number,))
    deadline.daemon = True
    deadline.start()
    app.exit(return_code=128 + number)
