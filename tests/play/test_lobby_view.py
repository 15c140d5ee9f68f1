"""The lobby as its screen shows it, kept from the client's news: the lists as the server
last sent them, this player's rating as the players' list says, challenges waiting for an
answer, and the line's state."""

from __future__ import annotations

from nardy_tui.engine import Side
from nardy_tui.online import (
    RAPID,
    Challenged,
    Ending,
    MatchesChanged,
    MatchesInPlay,
    MatchInPlay,
    MatchResult,
    OpenSeek,
    OpenSeeks,
    PlayerOnline,
    PlayersChanged,
    PlayersOnline,
    SeeksChanged,
    Welcome,
)
from nardy_tui.play import ClockReading
from nardy_tui.play.online import LineDown
from nardy_tui.play.online.client import LobbyLists
from nardy_tui.play.online.lobby_view import LobbyView, challenge_words, ending_words


def welcomed(name: str = "anna") -> LobbyView:
    view = LobbyView()
    assert view.hear(Welcome(name, 1500.0, 0, False))
    return view


def test_the_lists_are_shown_as_the_server_last_sent_them() -> None:
    view = welcomed()
    view.hear(OpenSeeks((OpenSeek("s1", "boris", 1532.4, False, 3, RAPID),)))
    view.hear(OpenSeeks((OpenSeek("s2", "gnu_bot", 1700.0, True, 5, None),)))
    assert view.seek_rows() == [("gnu_bot (bot)", "1700", "5 points", "no clock")]
    view.hear(MatchesInPlay((MatchInPlay("m3", "anna", "boris", 5, (2, 1), RAPID),)))
    assert view.match_rows() == [("anna", "boris", "2-1 of 5", "10 s + 1 min a point")]


def test_the_players_are_listed_strongest_first_and_say_who_plays_now() -> None:
    view = welcomed()
    view.hear(
        PlayersOnline(
            (
                PlayerOnline("anna", 1500.0, 0, False, False),
                PlayerOnline("boris", 1610.0, 12, False, True),
            )
        )
    )
    assert view.player_rows() == [
        ("boris", "1610", "12", "playing"),
        ("anna", "1500", "0", "free"),
    ]


def test_this_players_rating_follows_the_players_list_after_a_match() -> None:
    view = welcomed("Anna")
    view.hear(PlayersOnline((PlayerOnline("anna", 1510.0, 1, False, False),)))
    assert view.me is not None and view.me.rating == 1510.0
    assert view.title("ws://lobby/ws") == "Anna · rating 1510 · ws://lobby/ws"


def test_a_players_own_seek_is_marked_and_found() -> None:
    view = welcomed()
    view.hear(OpenSeeks((OpenSeek("s1", "ANNA", 1500.0, False, 1, None),)))
    assert view.my_seek is not None and view.my_seek.id == "s1"
    assert view.seek_rows()[0][0] == "ANNA (yours)"


def test_a_challenge_waits_for_an_answer_and_a_new_one_from_the_same_player_replaces_it() -> None:
    view = welcomed()
    first = Challenged("c1", "boris", 1532.0, 3, None)
    view.hear(first)
    view.hear(Challenged("c2", "boris", 1532.0, 5, RAPID))
    assert [challenge.id for challenge in view.challenges] == ["c2"]
    assert challenge_words(view.challenges[0]) == (
        "boris (1532) challenges you to a match to 5 points, 10 s + 1 min a point."
    )
    view.answered(view.challenges[0])
    assert view.challenges == []


def test_a_line_down_is_said_and_withdraws_the_challenges_and_a_welcome_clears_it() -> None:
    view = welcomed()
    view.hear(Challenged("c1", "boris", 1532.0, 3, None))
    view.hear(LineDown("the server closed the line", 4.0))
    assert view.line_down.startswith("The line to the server is down: the server closed")
    assert view.challenges == []
    view.hear(Welcome("anna", 1500.0, 0, False))
    assert view.line_down == ""


def test_a_running_clock_spends_its_delay_then_its_reserve_and_stops_at_nothing() -> None:
    clocks = ClockReading(60_000, 45_000, Side.BLACK, 8_000, heard_at=10.0)
    assert clocks.words(Side.WHITE, now=100.0) == "1:00"  # not running: as told
    assert clocks.words(Side.BLACK, now=14.0) == "0:45 +4"
    assert clocks.words(Side.BLACK, now=28.0) == "0:35"
    assert clocks.words(Side.BLACK, now=500.0) == "0:00"


def test_the_client_keeps_the_lists_whole_from_the_servers_changes() -> None:
    lists = LobbyLists()
    lists.whole(OpenSeeks((OpenSeek("s1", "boris", 1532.0, False, 3, None),)))
    anna = OpenSeek("s2", "anna", 1500.0, False, 1, RAPID)
    assert lists.changed(SeeksChanged((anna,), ("s1",))) == OpenSeeks((anna,))
    lists.whole(PlayersOnline((PlayerOnline("Anna", 1500.0, 0, False, False),)))
    rated = PlayerOnline("anna", 1510.0, 1, False, False)
    assert lists.changed(PlayersChanged((rated,), ())) == PlayersOnline((rated,))
    assert lists.changed(PlayersChanged((), ("ANNA",))) == PlayersOnline(())
    assert lists.changed(MatchesChanged((), ("m9",))) == MatchesInPlay(())


def test_a_lobby_match_ends_said_by_points_on_time_or_by_a_resignation() -> None:
    def said(ending: Ending, score: tuple[int, int]) -> str:
        return ending_words(MatchResult("m1", Side.BLACK, score, ending, ()), "boris")

    assert said(Ending.POINTS, (1, 3)) == "boris wins the match 1-3."
    assert said(Ending.TIME, (1, 0)) == "boris wins the match on time (1-0)."
    assert said(Ending.RESIGNED, (0, 0)) == "boris wins the match: the other resigned (0-0)."
