"""The immutable map of a state's units and what is derived from it (FrozenMap.derived): the
one cache of a game's state."""

from __future__ import annotations

from owsqt.rules.core.frozenmap import FrozenMap


def test_a_derived_value_is_made_once_per_map_and_argument():
    calls: list[tuple[object, ...]] = []

    def total(units: FrozenMap[str, int], bonus: object) -> int:
        calls.append((units, bonus))
        return sum(units.values())

    units = FrozenMap({"a": 1, "b": 2})
    first, second = object(), object()
    assert units.derived(total, first) == 3
    assert units.derived(total, first) == 3  # kept
    assert units.derived(total, second) == 3  # another argument: made again
    changed = units.set("a", 5)
    assert changed.derived(total, first) == 7  # another map: made again
    assert len(calls) == 3


def test_a_remembered_value_is_what_derived_gives_without_building_it():
    def never(units: FrozenMap[str, int]) -> str:
        raise AssertionError("built although remembered")

    units = FrozenMap({"a": 1})
    units.remember(never, "known")
    assert units.derived(never) == "known"
