"""Plain-data codec for states, actions and events, driven by their type hints.

One mechanism turns every frozen record of the core into JSON-ready data and
back: hexes become their CCRR ids (ids at the edges, cube coordinates inside),
enums their values, FrozenMaps objects, tuples and frozensets lists.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from enum import Enum
from fractions import Fraction
from functools import cache
from typing import Any, Protocol, TypeVar

from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.hexgrid import Hex, Hexside
from owsqt.rules.core.plaintext import unsafe_character


class HexNames(Protocol):
    """What the codec needs from the grid to write hexes as CCRR ids."""

    def id_of(self, hex_: Hex) -> str: ...
    def hex_of(self, hex_id: str) -> Hex: ...
    def hexside_id(self, hexside: Hexside) -> str: ...
    def hexside_of(self, text: str) -> Hexside: ...


R = TypeVar("R")

OMITTED_AT_DEFAULT: Mapping[str, bool] = types.MappingProxyType({"omitted_at_default": True})
"""The metadata of a field added to a record (or made optional) after files were written
with it: `encode` leaves the field out while it holds its default, and decoding gives it
back, so that every record that does not use it is written byte for byte as before and
the files written before read as they did."""


def _retired(kind: type) -> Mapping[str, Any]:
    """The fields a record lost after files were written with them, each with the one value
    files held (its class's `RETIRED_FIELDS`): `encode` still writes them, and decoding
    takes each at that value only and drops it, so that files written before and after
    read, and compare, alike."""
    retired: Mapping[str, Any] = getattr(kind, "RETIRED_FIELDS", {})
    return retired


def text_of_at_most(chars: int) -> Mapping[str, int]:
    """The metadata of a text field no longer than `chars` characters, which decoding
    refuses beyond: text a player types, bounded far above any real use so that a record
    that holds it is never too long to be written and read back (docs/pbem-format.md)."""
    return types.MappingProxyType({"max_chars": chars})


class CodecError(ValueError):
    """Data that does not fit the record it should describe; says where and what."""


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    return tuple(f for f in dataclasses.fields(cls) if f.init)


def encode(value: Any, names: HexNames) -> Any:
    """Turn a core value into JSON-ready data."""
    if value is None or isinstance(value, bool | int | str):
        return value.value if isinstance(value, Enum) else value
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Hex):
        return names.id_of(value)
    if isinstance(value, Hexside):
        return names.hexside_id(value)
    if isinstance(value, Fraction):
        return str(value)
    if dataclasses.is_dataclass(value):
        data = {
            f.name: encode(getattr(value, f.name), names)
            for f in _fields(type(value))
            if not _left_out(f, value)
        }
        data.update({name: encode(held, names) for name, held in _retired(type(value)).items()})
        return data
    if isinstance(value, FrozenMap | dict):
        return {_encode_key(k, names): encode(v, names) for k, v in value.items()}
    if isinstance(value, frozenset | set):
        return sorted(encode(item, names) for item in value)
    if isinstance(value, tuple | list):
        return [encode(item, names) for item in value]
    raise CodecError(f"cannot encode a {type(value).__name__}")


def _left_out(field: dataclasses.Field[Any], record: Any) -> bool:
    """Whether the field is one added later that still holds its default."""
    return (
        bool(field.metadata.get("omitted_at_default"))
        and getattr(record, field.name) == field.default
    )


def _encode_key(key: Any, names: HexNames) -> str:
    encoded = encode(key, names)
    if not isinstance(encoded, str):
        raise CodecError(f"map keys must encode as text, not {type(key).__name__}")
    return encoded


def decode(kind: Any, data: Any, names: HexNames, where: str = "") -> Any:
    """Rebuild a value of type `kind` from data made by `encode`; errors name `where`."""
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(kind)
        if data is None and type(None) in options:
            return None
        real = [option for option in options if option is not type(None)]
        if len(real) == 1:
            return decode(real[0], data, names, where)
        raise CodecError(f"{where}: unsupported union {kind}")
    if kind is Any:
        return data
    if origin is tuple:
        args = typing.get_args(kind)
        items = _expect(list, data, where, "a list")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(
                decode(args[0], item, names, f"{where}[{i}]") for i, item in enumerate(items)
            )
        if len(args) != len(items):
            raise CodecError(f"{where}: expected {len(args)} items, found {len(items)}")
        return tuple(
            decode(arg, item, names, f"{where}[{i}]")
            for i, (arg, item) in enumerate(zip(args, items, strict=True))
        )
    if origin is frozenset:
        (arg,) = typing.get_args(kind)
        items = _expect(list, data, where, "a list")
        return frozenset(decode(arg, item, names, f"{where}[{i}]") for i, item in enumerate(items))
    if origin is FrozenMap:
        key_kind, value_kind = typing.get_args(kind)
        mapping = _expect(dict, data, where, "a mapping")
        return FrozenMap(
            {
                decode(key_kind, key, names, f"{where}.{key}"): decode(
                    value_kind, value, names, f"{where}.{key}"
                )
                for key, value in mapping.items()
            }
        )
    if isinstance(kind, type):
        return _decode_plain(kind, data, names, where)
    raise CodecError(f"{where}: unsupported type {kind}")


def _decode_plain(kind: type, data: Any, names: HexNames, where: str) -> Any:
    if kind is bool:
        return _expect(bool, data, where, "true or false")
    if kind is int:
        if isinstance(data, bool):
            raise CodecError(f"{where}: expected an integer, found {data!r}")
        return _expect(int, data, where, "an integer")
    if kind is str:
        text = _expect(str, data, where, "text")
        bad = unsafe_character(text)
        if bad is not None:  # it would break, or hide in, the line of a file or a terminal
            raise CodecError(f"{where}: expected text on one line, found the character {bad}")
        return text
    if kind is Fraction:
        try:
            return Fraction(_expect(str, data, where, "a fraction such as '1/2'"))
        except ValueError as error:
            raise CodecError(f"{where}: expected a fraction, found {data!r}") from error
    if issubclass(kind, Enum):
        try:
            return kind(data)
        except ValueError as error:
            allowed = ", ".join(repr(member.value) for member in kind)
            raise CodecError(f"{where}: expected one of {allowed}, found {data!r}") from error
    if kind is Hex:
        try:
            return names.hex_of(_expect(str, data, where, "a hex id such as '2428'"))
        except ValueError as error:
            raise CodecError(f"{where}: {error}") from error
    if kind is Hexside:
        try:
            return names.hexside_of(_expect(str, data, where, "a hexside such as '2428/2429'"))
        except ValueError as error:
            raise CodecError(f"{where}: {error}") from error
    if dataclasses.is_dataclass(kind):
        return decode_record(kind, data, names, where)
    raise CodecError(f"{where}: unsupported type {kind.__name__}")


def decode_record(kind: type[R], data: Any, names: HexNames, where: str = "") -> R:
    """Rebuild a dataclass; unknown keys are errors, missing keys take their defaults."""
    mapping = _expect(dict, data, where, "a mapping")
    # As a plain type: mypy does not see that a type[R] is hashable, as the cache needs.
    record: type = kind
    hints = _hints(record)
    fields = _fields(kind)
    retired = _retired(record)
    unknown = sorted(set(mapping) - {f.name for f in fields} - set(retired))
    if unknown:
        raise CodecError(f"{where or kind.__name__}: unknown field {unknown[0]!r}")
    for name, held in retired.items():
        if name in mapping and mapping[name] != encode(held, names):
            raise CodecError(f"{where or kind.__name__}.{name}: expected {encode(held, names)}")
    mapping = {name: raw for name, raw in mapping.items() if name not in retired}
    missing = [f.name for f in fields if f.name not in mapping and _required(f)]
    if missing:
        raise CodecError(f"{where or kind.__name__}: missing field {missing[0]!r}")
    values = {}
    for name, raw in mapping.items():
        values[name] = decode(hints[name], raw, names, f"{where}.{name}" if where else name)
    for f in fields:
        most = f.metadata.get("max_chars")
        if most is not None and f.name in values and len(values[f.name]) > most:
            raise CodecError(
                f"{where}.{f.name}: expected text of at most {most} characters, found "
                f"{len(values[f.name]):,}"
            )
    try:
        return kind(**values)
    except TypeError as error:  # the type's own checks refuse the values (no Python text shown)
        raise CodecError(f"{where or kind.__name__}: not a valid {kind.__name__}") from error


def _required(field: dataclasses.Field[Any]) -> bool:
    return field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING


def _expect(kind: type, data: Any, where: str, what: str) -> Any:
    if not isinstance(data, kind):
        raise CodecError(f"{where or 'value'}: expected {what}, found {data!r}")
    return data
