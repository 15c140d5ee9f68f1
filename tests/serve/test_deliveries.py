"""A file a game hands to its page is read whole from the game, taken once, and refused
when it is too large, cut short, or one too many are waiting; its headers take only plain
words from the game."""

from __future__ import annotations

import uuid
from typing import cast

import pytest
from textual_serve.app_service import AppService

from nardy_tui.serve.deliveries import LARGEST, WAITING, Delivered, Deliveries


class Game:
    """A game that hands over ``chunks`` one per request, then says it is done, or, once
    ``cancelled``, answers nothing more (its deliveries are cancelled, as when it ends)."""

    app_service_id = "game"

    def __init__(self, deliveries: Deliveries, chunks: list[bytes], *, ends: bool = False):
        self.deliveries = deliveries
        self.chunks = chunks
        self.ends = ends

    async def send_meta(self, data: dict[str, object]) -> bool:
        key = str(data["key"])
        if self.ends:
            await self.deliveries.cancel_app_downloads(self.app_service_id)
        else:
            await self.deliveries.chunk_received(key, self.chunks.pop(0) if self.chunks else b"")
        return True


async def announce(
    deliveries: Deliveries, game: Game, name: str = "nardy-1.txt", mime_type: str = "text/plain"
) -> str:
    key = uuid.uuid4().hex
    await deliveries.create_download(
        app_service=cast(AppService, game),
        delivery_key=key,
        file_name=name,
        open_method="download",
        mime_type=mime_type,
        encoding="utf-8",
    )
    return key


async def test_a_file_is_read_whole_and_taken_once() -> None:
    deliveries = Deliveries()
    key = await announce(deliveries, Game(deliveries, [b"Long Nardy ", b"match record\n"]))
    assert await deliveries.take(key) == Delivered(
        "nardy-1.txt", "text/plain; charset=utf-8", b"Long Nardy match record\n"
    )
    assert await deliveries.take(key) is None


async def test_an_unknown_key_finds_nothing() -> None:
    assert await Deliveries().take(uuid.uuid4().hex) is None


async def test_a_file_larger_than_the_largest_is_refused() -> None:
    deliveries = Deliveries()
    chunks = [b"x" * (64 * 1024)] * (LARGEST // (64 * 1024) + 1)
    key = await announce(deliveries, Game(deliveries, chunks))
    assert await deliveries.take(key) is None
    assert await deliveries.take(key) is None


async def test_a_file_cut_short_by_a_game_that_ends_is_refused() -> None:
    deliveries = Deliveries()
    key = await announce(deliveries, Game(deliveries, [b"Long"], ends=True))
    assert await deliveries.take(key) is None


async def test_only_a_few_files_may_wait_and_only_keys_of_textuals_form() -> None:
    deliveries = Deliveries()
    game = Game(deliveries, [])
    keys = [await announce(deliveries, game) for _ in range(WAITING + 1)]
    await deliveries.create_download(
        app_service=cast(AppService, game),
        delivery_key="../../etc",
        file_name="x",
        open_method="download",
        mime_type="text/plain",
    )
    assert await deliveries.take(keys[-1]) is None
    assert await deliveries.take("../../etc") is None
    assert await deliveries.take(keys[0]) is not None


@pytest.mark.parametrize(
    ("name", "mime_type", "headers"),
    [
        ('a"; b.txt', "text/plain", ("a___b.txt", "text/plain; charset=utf-8")),
        ("", "text/html\r\nSet-Cookie: x", ("download", "application/octet-stream")),
    ],
)
async def test_only_plain_words_of_the_game_reach_the_headers(
    name: str, mime_type: str, headers: tuple[str, str]
) -> None:
    deliveries = Deliveries()
    key = await announce(deliveries, Game(deliveries, [b"x"]), name, mime_type)
    delivered = await deliveries.take(key)
    assert delivered is not None and (delivered.name, delivered.content_type) == headers
