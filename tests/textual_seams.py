"""Every place the tests reach into Textual's private parts, each in one function: whether
an app crashed, the toasts it showed, what it printed on leaving, and how often Pilot looks
for an idle app. Textual may rename any of them in a minor version; this module is the one
to mend then (the game's own reaches are fenced the same way, in ``ui/textual_patches.py``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import pytest
import textual._wait

if TYPE_CHECKING:
    from textual.app import App
    from textual.notifications import Notification


def crash_of(app: App[Any]) -> BaseException | None:
    """The exception that ended ``app``, if one did (Pilot re-raises it only on leaving)."""
    error: BaseException | None = app._exception
    return error


def notifications(app: App[Any]) -> list[Notification]:
    """The toasts ``app`` shows now."""
    return list(app._notifications)


def exit_words(app: App[Any]) -> list[str]:
    """What ``app`` prints once it has left the terminal (``App.exit(message=...)``)."""
    return [str(renderable) for renderable in app._exit_renderables]


@contextmanager
def idle_checks_every(seconds: float) -> Iterator[None]:
    """Pilot's look for an idle app every ``seconds`` (Textual 8: 20 ms), a look ending the
    wait only if the app used under a quarter of it; nothing if Textual renamed them."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(textual._wait, "SLEEP_GRANULARITY", seconds, raising=False)
        patch.setattr(textual._wait, "SLEEP_IDLE", seconds / 4, raising=False)
        yield
