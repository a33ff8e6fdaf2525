"""An immutable, hashable mapping whose updates return new maps (for GameState), with what
is derived from it kept beside it (`derived`)."""

from __future__ import annotations

from collections.abc import Callable, ItemsView, Iterator, KeysView, Mapping, ValuesView
from typing import Generic, TypeVar, cast, overload

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")


class FrozenMap(Mapping[K, V], Generic[K, V]):
    """A read-only dict. `set` and `remove` copy: cheap for the few hundred units a game has."""

    __slots__ = ("_data", "_derived", "_hash")

    def __init__(self, data: Mapping[K, V] | None = None) -> None:
        self._data: dict[K, V] = dict(data) if data else {}
        self._hash: int | None = None
        self._derived: dict[tuple[object, ...], tuple[tuple[object, ...], object]] | None = None

    def derived(self, build: Callable[..., T], *args: object) -> T:
        """`build(self, *args)`, made once for this map: a map never changes, so what is made
        from it alone (a state's stacks from its units, the zones of control of a side)
        is kept beside it, and every state that holds the same map shares it.

        The arguments are told apart by identity (a ruleset is not hashable, a Player is
        one object) and kept alive with the value, so that an id is not reused while the
        value is kept. `build` must read nothing but the map and the arguments."""
        derived = self._kept()
        key = _derived_key(build, args)
        kept = derived.get(key)
        if kept is None:
            kept = derived[key] = (args, build(self, *args))
        return cast(T, kept[1])

    def remember(self, build: Callable[..., T], value: T, *args: object) -> None:
        """Keep `value` as what `build(self, *args)` makes of this map, known already by whoever
        made the map (a world's phantoms, placed by hex as it made them)."""
        self._kept()[_derived_key(build, args)] = (args, value)

    def _kept(self) -> dict[tuple[object, ...], tuple[tuple[object, ...], object]]:
        if self._derived is None:
            self._derived = {}
        return self._derived

    def __getitem__(self, key: K) -> V:
        return self._data[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, key: object) -> bool:
        return key in self._data

    # The Mapping mixins go through __getitem__ item by item; the dict's own views are
    # several times faster, and the rules iterate over every unit often.
    # The overloads are Mapping.get's, so that a default of the value's type gives a value.
    @overload
    def get(self, key: K, /) -> V | None: ...
    @overload
    def get(self, key: K, default: V, /) -> V: ...
    @overload
    def get(self, key: K, default: T, /) -> V | T: ...
    def get(self, key: K, default: object = None) -> object:
        return self._data.get(key, default)

    def keys(self) -> KeysView[K]:
        return self._data.keys()

    def values(self) -> ValuesView[V]:
        return self._data.values()

    def items(self) -> ItemsView[K, V]:
        return self._data.items()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenMap):
            return self._data == other._data
        if isinstance(other, Mapping):
            return self._data == dict(other)
        return NotImplemented

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._data.items()))
        return self._hash

    def __repr__(self) -> str:
        return f"FrozenMap({self._data!r})"

    def set(self, key: K, value: V) -> FrozenMap[K, V]:
        """A copy with `key` bound to `value`."""
        data = dict(self._data)
        data[key] = value
        return FrozenMap._wrap(data)

    def update(self, changes: Mapping[K, V]) -> FrozenMap[K, V]:
        """A copy with every binding of `changes` applied."""
        if not changes:
            return self
        data = dict(self._data)
        data.update(changes)
        return FrozenMap._wrap(data)

    def remove(self, key: K) -> FrozenMap[K, V]:
        """A copy without `key` (the same map if it was absent)."""
        if key not in self._data:
            return self
        data = dict(self._data)
        del data[key]
        return FrozenMap._wrap(data)

    @classmethod
    def _wrap(cls, data: dict[K, V]) -> FrozenMap[K, V]:
        instance = cls.__new__(cls)
        instance._data = data
        instance._hash = None
        instance._derived = None
        return instance


def _derived_key(build: Callable[..., object], args: tuple[object, ...]) -> tuple[object, ...]:
    """What tells a derived value apart: its build and the identity of each argument."""
    return (build, *(id(arg) for arg in args))
