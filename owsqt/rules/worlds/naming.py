"""[18.1] How an entry's public action names the writer's units the other side may not
know: by their hex alone, each standing for one of the phantoms of that hex in the other
side's world."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import fields, replace
from typing import Any

from owsqt.rules.core.actions import Action
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.worlds.belief import World
from owsqt.rules.worlds.phantoms import PHANTOM_MARK


def hidden_on(hex_id: str) -> str:
    """How a public action names a hidden unit: by its hex alone (the other side's world
    puts one of the phantoms of that hex in its place)."""
    return f"{PHANTOM_MARK}@{hex_id}"


def resolved(action: Action, world: World, stand_ins: dict[Hex, list[str]]) -> Action | None:
    """A public action in `world`: each hidden unit one of the phantoms `stand_ins` keeps
    for its hex, each used once; None when a field that must name a unit is left without
    one (the world's picture of the hex is behind: the writer's exposure after the entry
    corrects it)."""
    grid = world.ruleset.grid
    free = {grid.id_of(hex_): ids for hex_, ids in stand_ins.items()}

    def take(placeholder: str) -> str | None:
        stand_ins = free.get(placeholder.removeprefix(f"{PHANTOM_MARK}@"), [])
        return stand_ins.pop(0) if stand_ins else None

    changed: dict[str, Any] = {}
    for f in fields(action):
        value = getattr(action, f.name)
        if is_placeholder(value):
            stand_in = take(value)
            if stand_in is None:
                return None
            changed[f.name] = stand_in
        elif type(value) is tuple and any(is_placeholder(item) for item in value):
            items = [take(item) if is_placeholder(item) else item for item in value]
            kept = tuple(item for item in items if item is not None)
            if not kept:
                return None
            changed[f.name] = kept
    return replace(action, **changed) if changed else action


def is_placeholder(value: object) -> bool:
    return isinstance(value, str) and value.startswith(f"{PHANTOM_MARK}@")


def named(action: Action, ground: Mapping[str, object]) -> list[str]:
    """Every ground unit `action` names, in any field."""
    return names_in(action, ground.__contains__)


def names_in(action: Action, keep: Callable[[str], bool]) -> list[str]:
    """Every name in any field of `action`, in a collection too, for which `keep` holds."""
    found: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, str):
            if keep(value):
                found.append(value)
        elif type(value) in (tuple, frozenset, list):
            for item in value:
                walk(item)

    for f in fields(action):
        walk(getattr(action, f.name))
    return found


def told_action(action: Action, names: dict[str, str | None]) -> Action | None:
    """`action` with its units renamed (None: left out); None when a field that must name
    a unit would be left without one."""
    changed: dict[str, Any] = {}
    for f in fields(action):
        value = getattr(action, f.name)
        if isinstance(value, str) and value in names:
            if names[value] is None and f.default is not None:
                return None  # a field that must name a unit
            changed[f.name] = names[value]
        elif type(value) is tuple and any(item in names for item in value):
            renamed = tuple(names.get(item, item) for item in value)
            kept = tuple(item for item in renamed if item is not None)
            if value and not kept:
                return None
            changed[f.name] = kept
    return replace(action, **changed) if changed else action
