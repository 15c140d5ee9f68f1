"""The one type of every message a match with a friend on another machine posts to the app
(``NetworkGame.Notice`` is this class), apart from the network game itself.

The app handles them all with one ``@on`` handler, so it must name the type when its class
is made; the network game's module (``ui.network``) imports the network layer, which the
first screen does not need, and is imported only when such a match is asked for.
"""

from __future__ import annotations

from textual.message import Message


class NetworkNotice(Message):
    """Any of the network game's messages, for the one handler that shows them all
    (``ui.network_match.NetworkScreens``)."""
