"""The footer of every screen: Textual's, rebuilt only when the keys it shows change."""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable

from textual.dom import DOMNode
from textual.widgets import Footer

from nardy_tui.ui.textual_patches import footer_ready, node_bindings


class KeysFooter(Footer):
    """Textual's footer, rebuilt only when the keys it would show differ from those shown.

    Textual rebuilds the footer, a widget per key, whenever the bindings may have changed:
    after focus moves, after an action, when the game's live keys change. Many of those
    change nothing on screen, and every rebuild restyled, laid out and drew each key again.
    What it would show is compared first; the keys, their words and whether they are
    enabled are all in the comparison, so the footer still changes whenever a key comes,
    goes or is renamed (another language).
    """

    _shown: tuple[Hashable, ...] | None = None

    async def recompose(self) -> None:
        shown = self._keys_to_show()
        if shown == self._shown:
            return
        self._shown = shown
        await super().recompose()

    def _keys_to_show(self) -> tuple[Hashable, ...]:
        """Everything ``Footer.compose`` reads, in the order it reads it."""
        if not footer_ready(self) or not self.is_attached:
            return ()
        app = self.app
        bindings = tuple(
            (
                binding.key,
                app.get_key_display(binding),
                binding.description,
                binding.action,
                binding.show,
                binding.group,
                enabled,
                tooltip,
            )
            for _node, binding, enabled, tooltip in self.screen.active_bindings.values()
        )
        return (*bindings, self.compact, self.show_command_palette, app.ENABLE_COMMAND_PALETTE)


def show_in_footer(node: DOMNode, actions: frozenset[str], shown: bool) -> None:
    """Whether the footer lists ``node``'s keys for ``actions`` (named without their
    parameters, "show" for every ``show('all')``, or with them, ``mistake(-1)`` for that
    one; the keys work either way): a narrow terminal leaves some to the help, so that the
    rest fit on the line."""
    bindings = node_bindings(node).key_to_bindings
    for key, key_bindings in bindings.items():
        bindings[key] = [
            dataclasses.replace(binding, show=shown)
            if {binding.action, binding.action.partition("(")[0]} & actions
            else binding
            for binding in key_bindings
        ]


def describe_in_footer(node: DOMNode, action: str, description: str) -> None:
    """The footer's words for ``node``'s key for ``action`` (named with its parameters):
    a narrow terminal says less of a key rather than leave it out."""
    bindings = node_bindings(node).key_to_bindings
    for key, key_bindings in bindings.items():
        bindings[key] = [
            dataclasses.replace(binding, description=description)
            if binding.action == action
            else binding
            for binding in key_bindings
        ]
