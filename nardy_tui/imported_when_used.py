"""A package's public face that imports some of its modules only when one of their names is
first asked for (PEP 562's module ``__getattr__``), so that starting the game loads none of
what the first screen never needs. The bot, the play core and storage use it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def imported_when_used(
    package: str,
    names: Mapping[str, tuple[str, ...]],
    namespace: dict[str, Any],
    named_there: Mapping[str, str] | None = None,
) -> Callable[[str], object]:
    """The ``__getattr__`` of ``package``'s face: a name of ``names`` (its module's, by
    module) imported when first asked for, and kept in ``namespace`` (the package's
    globals) so that it is looked up only once; ``named_there``: a name the face gives
    that its module names otherwise.

    >>> face: dict[str, Any] = {}
    >>> lookup = imported_when_used("json", {"decoder": ("JSONDecodeError",)}, face)
    >>> lookup("JSONDecodeError").__name__, "JSONDecodeError" in face
    ('JSONDecodeError', True)
    """
    renamed = named_there or {}

    def __getattr__(name: str) -> object:
        for module, offered in names.items():
            if name in offered:
                value = getattr(import_module(f"{package}.{module}"), renamed.get(name, name))
                namespace[name] = value
                return value
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__
