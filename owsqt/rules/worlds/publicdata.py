"""[18.1] An entry's public part as the data a fogged e-mail file holds, and back.

The writer's exposure after the entry is written as its changes from the exposure the
writer told last (`told`), which both programs hold: a stack that moved or a unit that
came to show costs a few units' records, not the whole side's. Maps whose order counts
(the units an entry shows, in the stack order they replace phantoms in) are written as
lists of pairs, since a file writes objects with their keys sorted.

Reading checks everything a file from the other side could get wrong on purpose before a
world takes it in: every unit an entry shows or names is one of the game's, of the side
that may name it; every hex is on the map; a stack's hidden counters number at least one,
and those of all stacks at most the side's units; the writer settles only what `settling`
lets it settle, and of the tallies only his own. CodecError says what and where."""

from __future__ import annotations

import typing
from functools import cache
from typing import Any

from owsqt.rules.core.actions import Action, action_from_data, action_to_data
from owsqt.rules.core.codec import CodecError, HexNames, decode, decode_record, encode
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState, UnitState
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.worlds.exposure import Exposure, HiddenCounters
from owsqt.rules.worlds.naming import is_placeholder
from owsqt.rules.worlds.phantoms import PHANTOM_MARK, is_phantom
from owsqt.rules.worlds.public import Public
from owsqt.rules.worlds.settling import SETTLED_BY_WRITER, not_the_writers

_KEYS = frozenset({"writer", "action", "introduced", "after", "settled", "acted"})
_AFTER_KEYS = frozenset({"units", "hidden"})


def public_to_data(public: Public, told: Exposure, names: HexNames) -> dict[str, Any]:
    """[18.1] `public` as JSON-ready data; its exposure as changes from `told`, the
    exposure its writer told last."""
    if told.side is not public.writer:
        raise ValueError("an entry's exposure is told against its own writer's last one")
    after = public.after
    units = [  # by id: the same data whatever order a world holds its units in
        [unit_id, None if unit is None else encode(unit, names)]
        for unit_id, unit in sorted(_changes(told.units, after.units), key=lambda pair: pair[0])
    ]
    hidden = [
        [names.id_of(hex_), None if counters is None else encode(counters, names)]
        for hex_, counters in _changes(told.hidden, after.hidden)
    ]
    hidden.sort(key=lambda pair: str(pair[0]))
    return {
        "writer": public.writer.value,
        "action": None if public.action is None else action_to_data(public.action, names),
        "introduced": [[u, encode(unit, names)] for u, unit in public.introduced.items()],
        "after": {"units": units, "hidden": hidden},
        "settled": {name: encode(value, names) for name, value in public.settled.items()},
        "acted": public.acted,
    }


def public_from_data(data: Any, told: Exposure, ruleset: Ruleset) -> Public:
    """[18.1] The public part `data` holds, written by the side `told` is the exposure of
    (told last); CodecError says what is wrong and where."""
    grid = ruleset.grid
    record = _mapping(data, "public part", _KEYS)
    writer = decode(Player, record.get("writer"), grid, "writer")
    if writer is not told.side:
        raise CodecError(f"writer: the entry is the {told.side.value} player's, not {writer}")
    acted = decode(bool, record.get("acted", True), grid, "acted")
    action = _action(record.get("action"), ruleset)
    if action is not None and not acted:
        raise CodecError("action: a resolution applies no action")
    shown = _units(record.get("introduced", []), writer, ruleset, "introduced")
    introduced = {unit_id: unit for unit_id, unit in shown.items() if unit is not None}
    after_data = _mapping(record.get("after"), "after", _AFTER_KEYS)
    changed = _units(after_data.get("units", []), writer, ruleset, "after.units", gone=True)
    units = _applied(told.units, changed)
    hidden = _applied(told.hidden, _hidden(after_data.get("hidden", []), writer, ruleset))
    settled = _settled(record.get("settled", {}), writer, grid)
    most = _most(writer, ruleset)
    if sum(counters.count for counters in hidden.values()) > most:
        raise CodecError(f"after.hidden: more hidden counters than the {most} {writer} units")
    after = Exposure(writer, FrozenMap(units), FrozenMap(hidden))
    return Public(writer, action, FrozenMap(introduced), after, FrozenMap(settled), acted)


def _changes(old: FrozenMap[Any, Any], new: FrozenMap[Any, Any]) -> list[tuple[Any, Any]]:
    """The entries of `new` that `old` does not hold as they are, then those it dropped."""
    found = [(key, value) for key, value in new.items() if old.get(key) != value]
    found.extend((key, None) for key in old if key not in new)
    return found


def _applied(old: FrozenMap[Any, Any], changes: dict[Any, Any]) -> dict[Any, Any]:
    result = dict(old)
    for key, value in changes.items():
        if value is None:
            result.pop(key, None)
        else:
            result[key] = value
    return result


def _mapping(data: Any, where: str, keys: frozenset[str]) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise CodecError(f"{where}: expected a mapping")
    unknown = sorted(set(data) - keys)
    if unknown:
        raise CodecError(f"{where}: unknown field {unknown[0][:40]!r}")
    return data


def _pairs(data: Any, where: str) -> list[tuple[Any, Any]]:
    if not isinstance(data, list) or not all(
        isinstance(pair, list) and len(pair) == 2 for pair in data
    ):
        raise CodecError(f"{where}: expected a list of [key, value] pairs")
    return [(pair[0], pair[1]) for pair in data]


def _units(
    data: Any, writer: Player, ruleset: Ruleset, where: str, gone: bool = False
) -> dict[str, UnitState | None]:
    """Units of `writer` as they show, in order; with `gone`, None for one no longer shown."""
    ground = ruleset.catalogue.ground
    found: dict[str, UnitState | None] = {}
    for index, (unit_id, unit) in enumerate(_pairs(data, where)):
        place = f"{where}[{index}]"
        if not isinstance(unit_id, str) or unit_id not in ground or is_phantom(unit_id):
            raise CodecError(f"{place}: {str(unit_id)[:40]!r} is not a unit of the game")
        if ground[unit_id].player is not writer:
            raise CodecError(f"{place}: {unit_id} is not a {writer.value} unit")
        if unit_id in found:
            raise CodecError(f"{place}: {unit_id} is named twice")
        if unit is None and gone:
            found[unit_id] = None
        else:
            found[unit_id] = decode_record(UnitState, unit, ruleset.grid, place)
    return found


def _most(writer: Player, ruleset: Ruleset) -> int:
    """How many counters `writer` has: at most so many hide, on one hex or on all."""
    return sum(1 for unit in ruleset.catalogue.ground.values() if unit.player is writer)


def _hidden(data: Any, writer: Player, ruleset: Ruleset) -> dict[Hex, HiddenCounters | None]:
    most = _most(writer, ruleset)
    found: dict[Hex, HiddenCounters | None] = {}
    for index, (hex_id, counters) in enumerate(_pairs(data, "after.hidden")):
        place = f"after.hidden[{index}]"
        hex_ = decode(Hex, hex_id, ruleset.grid, place)
        if counters is None:
            found[hex_] = None
            continue
        felt = decode_record(HiddenCounters, counters, ruleset.grid, place)
        if not 1 <= felt.count <= most or not 0 <= felt.antiaircraft <= felt.count:
            raise CodecError(f"{place}: {felt.count} hidden counters cannot stand on a hex")
        found[hex_] = felt
    return found


def _action(data: Any, ruleset: Ruleset) -> Action | None:
    if data is None:
        return None
    action = action_from_data(data, ruleset.grid)
    ground = ruleset.catalogue.ground
    for unit_id in action.unit_references():
        if is_placeholder(unit_id):
            hex_id = unit_id.removeprefix(f"{PHANTOM_MARK}@")
            decode(Hex, hex_id, ruleset.grid, f"action: {unit_id[:40]!r}")
        elif unit_id not in ground or is_phantom(unit_id):
            raise CodecError(f"action: {unit_id[:40]!r} is not a unit of the game")
    return action


@cache
def _state_hints() -> dict[str, Any]:
    return typing.get_type_hints(GameState)


def _settled(data: Any, writer: Player, names: HexNames) -> dict[str, Any]:
    """What `writer` settled, each field read as GameState holds it (a map's entries may be
    None: taken off), and only what is his to settle (`not_the_writers`)."""
    record = _mapping(data, "settled", frozenset(SETTLED_BY_WRITER))
    hints = _state_hints()
    found = {}
    for name, value in record.items():
        kind = hints[name]
        if typing.get_origin(kind) is FrozenMap:
            key_kind, value_kind = typing.get_args(kind)
            kind = FrozenMap[key_kind, value_kind | None]  # type: ignore[valid-type]
        found[name] = decode(kind, value, names, f"settled.{name}")
        foreign = not_the_writers(writer, name, found[name])
        if foreign is not None:
            raise CodecError(f"settled.{name}: {foreign}")
    return found
