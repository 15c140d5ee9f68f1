"""Every place the tests reach into Textual's private parts, each in one function: whether
an app crashed, the toasts it showed, what it printed on leaving, how often Pilot looks
for an idle app, and a stylesheet parsed once a worker. Textual may rename any of them in
a minor version; this module is the one to mend then (the game's own reaches are fenced
the same way, in ``ui/textual_patches.py``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import pytest
import textual._wait
from textual.css.stylesheet import Stylesheet

if TYPE_CHECKING:
    from textual.app import App
    from textual.css.model import RuleSet
    from textual.css.types import CSSLocation
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


@contextmanager
def stylesheets_parsed_once() -> Iterator[None]:
    """Each stylesheet parsed once a test worker, not once an app.

    Textual keeps what it parsed per app, so each of the suite's thousand apps parsed the
    game's CSS and every widget's default CSS again (some 30 ms an app). Parsed rules are
    read, never changed, once made; the key holds the theme's variables, which the parse
    puts into the rules."""
    parsed: dict[tuple[object, ...], list[RuleSet]] = {}
    parse_for_one_app = Stylesheet._parse_rules

    def parse_once(
        self: Stylesheet,
        css: str,
        read_from: CSSLocation,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> list[RuleSet]:
        variables = tuple(sorted(self._variables.items()))
        key = (css, read_from, is_default_rules, tie_breaker, scope, variables)
        if key not in parsed:
            parsed[key] = parse_for_one_app(
                self, css, read_from, is_default_rules, tie_breaker, scope
            )
        return parsed[key]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Stylesheet, "_parse_rules", parse_once)
        yield
