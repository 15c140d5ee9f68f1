"""A frame from a visitor's page, read as JSON only if it holds no more arrays and objects
than the page's own frames: ``["stdin", "…"]`` holds one, ``["resize", {"width": …,
"height": …}]`` two.

Python's JSON reader goes one call deeper for each bracket, so a frame of thousands of
``[`` would end in a RecursionError. The brackets outside strings are counted first, and
a frame with too many is dropped, as any other frame that is none of the page's; so few
brackets bound the depth too. Counting is linear in the frame, and done in C.
"""

from __future__ import annotations

import json
import re

MAX_CONTAINERS = 2
"""The most arrays and objects in one of the page's frames (and so the deepest it goes)."""

STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
"""A JSON string (or one left open at the end): its brackets are letters, not structure.
Each string is read once from its quote, so the search is linear whatever the frame."""


def page_frame(text: str) -> object | None:
    """The JSON value of a frame ``text``; None if it is no JSON, or holds more than
    ``MAX_CONTAINERS`` arrays and objects.

    >>> page_frame('["resize", {"width": 80, "height": 24}]')
    ['resize', {'width': 80, 'height': 24}]
    >>> page_frame('["stdin", "[[[[{{{{"]')
    ['stdin', '[[[[{{{{']
    >>> page_frame("[" * 3000 + "]" * 3000) is None, page_frame("[[[]]]") is None
    (True, True)
    >>> page_frame("not json") is None
    True
    """
    outside_strings = STRING.sub("", text)
    if outside_strings.count("[") + outside_strings.count("{") > MAX_CONTAINERS:
        return None
    try:
        frame: object = json.loads(text)
    except ValueError:
        return None
    return frame
