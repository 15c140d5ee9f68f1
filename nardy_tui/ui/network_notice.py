"""The type of every message a match with a friend on another machine posts to the app,
in a module of its own (``NetworkGame.Notice`` is this type).

The app handles them all with one ``@on`` handler, so it names the type when its class is
made; the network game's module (``ui.network``) imports the network layer, which the
first screen does not need, so the app imports that only when such a match is asked for.
"""

from __future__ import annotations

from textual.message import Message


class NetworkNotice(Message):
    """Any of the network game's messages, for the one handler that shows them all
    (``ui.network_match.NetworkScreens``)."""
