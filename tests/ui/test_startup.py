"""Before the first screen (``ui/startup``): what cannot work is refused before the terminal
is taken over, the first screen is the saved match, the question whether to resume it or
the match asked for, and that question names both matches in one line each. No saved
match is given up without being asked once more, and one given up is kept as a record."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from nardy_tui.engine import Match
from nardy_tui.options import LaunchOptions, Level, MatchOptions, Mode
from nardy_tui.play import Saver
from nardy_tui.storage import data_dir, load_saved, records_dir, save_match
from nardy_tui.ui.dialogs import Choice, Dialog, GiveUpSavedDialog, NoticeDialog, ResumeDialog
from nardy_tui.ui.startup import (
    FirstScreen,
    asked_summary,
    given_up_before_start,
    refused_before_start,
    saved_summary,
)

HOT_SEAT = MatchOptions(mode=Mode.HOT_SEAT, points=3, seed=5)
AGAINST_EASY = MatchOptions(mode=Mode.BOT, bot_level=Level.EASY, points=5, seed=5)


def test_a_plain_start_is_never_refused() -> None:
    assert refused_before_start(LaunchOptions()) is None


def test_resuming_with_no_match_saved_is_refused_saying_how_to_start_one() -> None:
    refusal = refused_before_start(LaunchOptions(resume=True))
    assert refusal is not None and "run 'nardy' to start one" in refusal


def test_resuming_a_saved_match_is_not_refused() -> None:
    Saver().save(Match(length=3, seed=5), HOT_SEAT)
    assert refused_before_start(LaunchOptions(resume=True)) is None


def test_a_data_folder_that_is_a_file_is_refused_before_anything_else(
    private_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = private_home / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("NARDY_HOME", str(blocker))
    refusal = refused_before_start(LaunchOptions(resume=True))
    assert refusal is not None and "it is a file" in refusal


def test_the_saved_match_is_named_by_its_mode_length_score_and_game() -> None:
    assert saved_summary(Match(length=3, seed=5), HOT_SEAT) == (
        "hot-seat, match to 3, White 0 - Black 0, game 1"
    )
    assert saved_summary(Match(length=5, seed=5), AGAINST_EASY).startswith(
        "against the Easy bot, match to 5"
    )


def test_the_match_asked_for_is_named_by_its_mode_and_length() -> None:
    assert asked_summary(HOT_SEAT) == "hot-seat, match to 3"
    assert asked_summary(AGAINST_EASY) == "against the Easy bot, match to 5"


@dataclass
class FakeOpener:
    """The app as the first screen sees it, writing down what it is asked to open."""

    launch: LaunchOptions
    saver: Saver = field(default_factory=Saver)
    started: list[tuple[MatchOptions, Match | None, str | None]] = field(default_factory=list)
    new_match_screens: list[Callable[[], None] | None] = field(default_factory=list)
    asked: list[tuple[Dialog, Callable[[Choice | None], None]]] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    is_web: bool = False

    def give_up_match(self, match: Match, options: MatchOptions) -> tuple[bool, str]:
        return self.saver.give_up(match, options)

    def start_match(
        self,
        options: MatchOptions,
        match: Match | None = None,
        start: str | None = None,
        warned: frozenset[object] = frozenset(),
    ) -> None:
        self.started.append((options, match, start))

    def open_new_match_screen(self, back: Callable[[], None] | None = None) -> None:
        self.new_match_screens.append(back)

    def push_screen(self, screen: Dialog, callback: Callable[[Choice | None], None]) -> None:
        self.asked.append((screen, callback))

    def notify(self, message: str, **_: object) -> None:
        self.notices.append(message)

    def answer(self, choice: Choice | None) -> None:
        _dialog, callback = self.asked[-1]
        callback(choice)


def opened(launch: LaunchOptions, saved: Match | None = None) -> FakeOpener:
    if saved is not None:
        Saver().save(saved, HOT_SEAT)
    app = FakeOpener(launch)
    FirstScreen(app).open()
    return app


def test_with_nothing_saved_or_asked_the_new_match_screen_opens() -> None:
    app = opened(LaunchOptions())
    assert (app.started, app.new_match_screens, app.asked) == ([], [None], [])


def test_with_nothing_saved_the_match_asked_for_starts() -> None:
    app = opened(LaunchOptions(match=AGAINST_EASY, start="4HPwATDgc/ABMA"))
    assert app.started == [(AGAINST_EASY, None, "4HPwATDgc/ABMA")]


def test_resume_takes_the_saved_match_up_without_asking() -> None:
    app = opened(LaunchOptions(resume=True), saved=Match(length=3, seed=5))
    [(options, match, _start)] = app.started
    assert options.mode is Mode.HOT_SEAT and match is not None and match.length == 3
    assert app.asked == []


def test_new_leaves_the_saved_match_alone() -> None:
    app = opened(LaunchOptions(resume=False), saved=Match(length=3, seed=5))
    assert (app.started, app.asked, app.new_match_screens) == ([], [], [None])


def test_a_saved_match_is_offered_and_resumed_when_chosen() -> None:
    app = opened(LaunchOptions(), saved=Match(length=3, seed=5))
    assert len(app.asked) == 1 and app.started == []
    app.answer(Choice.RESUME)
    assert len(app.started) == 1 and app.notices == []


def test_resuming_instead_of_the_match_asked_for_says_it_was_not_started() -> None:
    app = opened(LaunchOptions(match=AGAINST_EASY), saved=Match(length=3, seed=5))
    app.answer(Choice.RESUME)
    [(options, _match, _start)] = app.started
    assert options.mode is Mode.HOT_SEAT
    assert app.notices == [
        "The saved match goes on: the match asked for on the command line was not started."
    ]


def test_not_resuming_asks_once_more_then_starts_the_match_asked_for() -> None:
    app = opened(LaunchOptions(match=AGAINST_EASY), saved=Match(length=3, seed=5))
    app.answer(Choice.NEW)
    assert isinstance(app.asked[-1][0], GiveUpSavedDialog) and app.started == []
    app.answer(Choice.NEW)
    assert app.started == [(AGAINST_EASY, None, None)]


def test_the_question_says_a_new_match_gives_the_saved_one_up() -> None:
    app = opened(LaunchOptions(), saved=Match(length=3, seed=5))
    [(dialog, _callback)] = app.asked
    assert "A new match gives the saved one up (kept as a record)." in dialog.body


def test_a_saved_match_given_up_is_kept_as_a_record_and_the_new_match_screen_opens() -> None:
    match = Match(length=3, seed=5)
    app = opened(LaunchOptions(), saved=match)
    app.answer(Choice.NEW)
    app.answer(Choice.NEW)
    assert load_saved() is None and app.new_match_screens == [None]
    [record] = records_dir().iterdir()
    assert app.notices == [f"The unfinished match was given up and kept as a record: {record}"]


def test_back_on_giving_up_asks_again_whether_to_resume_and_keeps_the_match() -> None:
    app = opened(LaunchOptions(), saved=Match(length=3, seed=5))
    app.answer(Choice.NEW)
    app.answer(Choice.STAY)
    assert isinstance(app.asked[-1][0], ResumeDialog)
    assert load_saved() is not None and not records_dir().exists()
    assert (app.started, app.new_match_screens) == ([], [])


def test_a_match_whose_record_cannot_be_written_is_not_given_up() -> None:
    app = opened(LaunchOptions(match=AGAINST_EASY), saved=Match(length=3, seed=5))
    records_dir().write_text("a file where the records' folder should be")
    app.answer(Choice.NEW)
    app.answer(Choice.NEW)
    assert app.started == [] and load_saved() is not None
    assert isinstance(app.asked[-1][0], ResumeDialog)
    assert app.notices[0].startswith("The unfinished match was not given up: ")


def test_new_on_the_command_line_gives_the_saved_match_up_kept_as_a_record() -> None:
    save_match(Match(length=3, seed=5), HOT_SEAT)
    may_start, said = given_up_before_start(LaunchOptions(resume=False))
    [record] = records_dir().iterdir()
    assert may_start and said == f"The unfinished match was given up and kept as a record: {record}"
    assert load_saved() is None


def test_new_with_nothing_saved_says_nothing() -> None:
    assert given_up_before_start(LaunchOptions(resume=False)) == (True, None)
    assert given_up_before_start(LaunchOptions()) == (True, None)


def test_a_save_that_cannot_be_read_is_told_in_a_dialog_that_stays_until_closed() -> None:
    (data_dir() / "match.json").write_text("{ cut short")
    app = opened(LaunchOptions())
    [(dialog, _callback)] = app.asked
    assert isinstance(dialog, NoticeDialog) and "moved to" in dialog.body
    assert app.new_match_screens == [] and app.notices == []
    app.answer(Choice.OK)
    assert app.new_match_screens == [None]


async def test_collection_held_while_starting_runs_again_after_the_first_frame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import gc

    from nardy_tui.memory import hold_collection
    from nardy_tui.ui.app import NardyApp
    from nardy_tui.ui.newmatch import NewMatchScreen

    frozen: list[bool] = []
    monkeypatch.setattr(gc, "freeze", lambda: frozen.append(True))
    hold_collection()
    try:
        async with NardyApp(LaunchOptions(), pace=0).run_test(size=(80, 24)) as pilot:
            for _ in range(50):  # the first frame, then the refresh after it
                await pilot.pause()
                if gc.isenabled():
                    break
            assert gc.isenabled() and frozen == [True]
            assert isinstance(pilot.app.screen, NewMatchScreen)
    finally:
        gc.enable()
