"""Key descriptions in the player's language, for the footer, the key panel and the palette.

A class's ``BINDINGS`` hold English, marked with ``N_`` (class attributes are made at
import, before a language is chosen). Textual gives every screen and widget a copy of them
(``textual_patches.node_bindings``), so each node translates its own copy when it is made, in the
language in use then: the class keeps the English.
"""

from __future__ import annotations

import dataclasses
from weakref import WeakKeyDictionary

from textual.binding import Binding
from textual.dom import DOMNode

from nardy_tui.i18n import _
from nardy_tui.ui.textual_patches import node_bindings

_ENGLISH: WeakKeyDictionary[DOMNode, dict[str, list[Binding]]] = WeakKeyDictionary()
"""Each node's bindings as its class wrote them (English), by node."""


def translate_bindings(node: DOMNode) -> None:
    """Show ``node``'s key descriptions and tooltips in the language in use.

    Call it from ``__init__``, after ``super().__init__()``, and again after the language
    changes (the app's own keys: its screens are made anew). The bindings are replaced, not
    changed: Textual's copy shares its lists with the class's own bindings, and each node's
    English ones are kept to be translated again.
    """
    bindings = node_bindings(node)
    english = _ENGLISH.setdefault(node, dict(bindings.key_to_bindings))
    bindings.key_to_bindings = {
        key: [translated(binding) for binding in key_bindings]
        for key, key_bindings in english.items()
    }


def translated(binding: Binding) -> Binding:
    """``binding`` with its description and tooltip translated (an empty one stays empty:
    the catalog's translation of "" is its header)."""
    return dataclasses.replace(
        binding,
        description=_(binding.description) if binding.description else "",
        tooltip=_(binding.tooltip) if binding.tooltip else "",
    )
