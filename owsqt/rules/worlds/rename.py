"""Renaming units throughout a state's fields: a world takes out the units its side may not
know, and puts a unit the enemy shows in place of the phantom that stood for it (18.1)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields, is_dataclass, replace
from typing import Any

from owsqt.rules.core.frozenmap import FrozenMap

Names = Mapping[str, str | None]
"""Unit id -> its new id, or None: taken out (from a collection or a map, and a field that
names it left empty)."""


def renamed(value: Any, names: Names) -> Any:
    """`value` (a state, or any part of one) with its units renamed; the same object when
    nothing in it changes."""
    if isinstance(value, str):
        return names.get(value, value)
    if type(value) in (tuple, frozenset):  # not a Hex, a tuple of its own kind
        kept = [renamed(item, names) for item in value if not _dropped(item, names)]
        new = type(value)(kept)
        return value if new == value else new
    if isinstance(value, FrozenMap):
        new_map = FrozenMap(
            {
                renamed(key, names): renamed(item, names)
                for key, item in value.items()
                if not _dropped(key, names)
            }
        )
        return value if new_map == value else new_map
    if is_dataclass(value) and not isinstance(value, type):
        changed = {
            f.name: new
            for f in fields(value)
            if (new := renamed(old := getattr(value, f.name), names)) is not old and new != old
        }
        return replace(value, **changed) if changed else value
    return value


def _dropped(item: object, names: Names) -> bool:
    return isinstance(item, str) and item in names and names[item] is None
