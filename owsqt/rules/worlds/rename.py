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

_PLAIN = frozenset({int, bool, float, type(None)})
"""Kinds of value that never name a unit: returned as they are without a look inside."""
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}  # a dataclass's fields, found once per class


def renamed(value: Any, names: Names) -> Any:
    """`value` (a state, or any part of one) with its units renamed; the same object when
    nothing in it changes."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if isinstance(value, str):
        return names.get(value, value)
    if kind is tuple or kind is frozenset:  # not a Hex, a tuple of its own kind
        kept = []
        changed = False
        for item in value:
            if _dropped(item, names):
                changed = True
                continue
            new_item = renamed(item, names)
            changed = changed or _changed(new_item, item)
            kept.append(new_item)
        if not changed:
            return value
        new = kind(kept)
        return value if new == value else new
    if isinstance(value, FrozenMap):
        return _renamed_map(value, names)
    if is_dataclass(value) and not isinstance(value, type):
        changed_fields = {
            name: new
            for name in _field_names(kind)
            if _changed(new := renamed(old := getattr(value, name), names), old)
        }
        return replace(value, **changed_fields) if changed_fields else value
    return value


def _renamed_map(value: FrozenMap[Any, Any], names: Names) -> FrozenMap[Any, Any]:
    data: dict[Any, Any] = {}
    changed = False
    for key, item in value.items():
        if _dropped(key, names):
            changed = True
            continue
        new_key = renamed(key, names)
        new_item = renamed(item, names)
        changed = changed or _changed(new_key, key) or _changed(new_item, item)
        data[new_key] = new_item
    if not changed:
        return value
    new_map = FrozenMap(data)
    return value if new_map == value else new_map


def _changed(new: object, old: object) -> bool:
    return new is not old and new != old


def _field_names(kind: type) -> tuple[str, ...]:
    found = _FIELD_NAMES.get(kind)
    if found is None:
        found = _FIELD_NAMES[kind] = tuple(f.name for f in fields(kind))
    return found


def _dropped(item: object, names: Names) -> bool:
    return isinstance(item, str) and item in names and names[item] is None
