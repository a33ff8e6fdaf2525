"""Events: what an action did, for the UI to redraw and the log to read aloud."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from owsqt.rules.hexgrid import Hex, Hexside
from owsqt.rules.vocabulary import (
    AirBox,
    BridgeState,
    Entrenchment,
    Player,
    Supply,
    UnitMarker,
    UnitStatus,
)


class Narrator(Protocol):
    """Names for the log: unit names and hex ids as players read them."""

    def unit_name(self, unit_id: str) -> str: ...
    def hex_name(self, hex_: Hex | None) -> str: ...
    def hexside_name(self, hexside: Hexside) -> str: ...


@dataclass(frozen=True, slots=True)
class Event:
    """Base of all events."""

    def describe(self, narrator: Narrator) -> str:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class UnitPlaced(Event):
    unit: str
    hex: Hex
    previous_hex: Hex | None
    previous_status: UnitStatus

    def describe(self, narrator: Narrator) -> str:
        if self.previous_status is UnitStatus.ON_MAP:
            origin = f"from {narrator.hex_name(self.previous_hex)}"
        else:
            origin = f"from {self.previous_status.value.replace('_', ' ')}"
        return f"{narrator.unit_name(self.unit)} placed on {narrator.hex_name(self.hex)} {origin}"


@dataclass(frozen=True, slots=True)
class UnitStatusChanged(Event):
    unit: str
    status: UnitStatus
    previous_hex: Hex | None

    def describe(self, narrator: Narrator) -> str:
        where = f" from {narrator.hex_name(self.previous_hex)}" if self.previous_hex else ""
        status = self.status.value.replace("_", " ")
        return f"{narrator.unit_name(self.unit)}{where} is now {status}"


@dataclass(frozen=True, slots=True)
class UnitFlipped(Event):
    unit: str
    reduced: bool
    strength: int

    def describe(self, narrator: Narrator) -> str:
        side = "reduced" if self.reduced else "full-strength"
        return f"{narrator.unit_name(self.unit)} flipped to its {side} side ({self.strength})"


@dataclass(frozen=True, slots=True)
class StrengthChanged(Event):
    unit: str
    strength: int
    previous: int

    def describe(self, narrator: Narrator) -> str:
        return f"{narrator.unit_name(self.unit)} strength {self.previous} -> {self.strength}"


@dataclass(frozen=True, slots=True)
class MarkerChanged(Event):
    unit: str
    marker: UnitMarker
    on: bool

    def describe(self, narrator: Narrator) -> str:
        verb = "gains" if self.on else "loses"
        return f"{narrator.unit_name(self.unit)} {verb} its {self.marker.value} marker"


@dataclass(frozen=True, slots=True)
class SupplyChanged(Event):
    unit: str
    supply: Supply
    previous: Supply

    def describe(self, narrator: Narrator) -> str:
        return (
            f"{narrator.unit_name(self.unit)} supply {self.previous.value} -> {self.supply.value}"
        )


@dataclass(frozen=True, slots=True)
class StackReordered(Event):
    hex: Hex
    order: tuple[str, ...]

    def describe(self, narrator: Narrator) -> str:
        names = ", ".join(narrator.unit_name(unit) for unit in self.order)
        return f"stack on {narrator.hex_name(self.hex)} reordered: {names}"


@dataclass(frozen=True, slots=True)
class AirUnitMoved(Event):
    air_unit: str
    box: AirBox
    target: Hex | None

    def describe(self, narrator: Narrator) -> str:
        target = f" over {narrator.hex_name(self.target)}" if self.target else ""
        box = self.box.value.replace("_", " ")
        return f"{narrator.unit_name(self.air_unit)} to the {box} box{target}"


@dataclass(frozen=True, slots=True)
class EntrenchmentChanged(Event):
    hex: Hex
    status: Entrenchment | None
    owner: Player | None

    def describe(self, narrator: Narrator) -> str:
        where = narrator.hex_name(self.hex)
        if self.status is None:
            return f"entrenchment removed from {where}"
        owner = f"{self.owner.title} " if self.owner else ""
        return f"{owner}entrenchment {self.status.value.replace('_', ' ')} on {where}"


@dataclass(frozen=True, slots=True)
class BridgeChanged(Event):
    hexside: Hexside
    state: BridgeState | None

    def describe(self, narrator: Narrator) -> str:
        where = narrator.hexside_name(self.hexside)
        if self.state is None:
            return f"bridge marker removed from {where}"
        return f"bridge {self.state.value} on {where}"


@dataclass(frozen=True, slots=True)
class InterdictionChanged(Event):
    center: Hex
    penalty: int

    def describe(self, narrator: Narrator) -> str:
        where = narrator.hex_name(self.center)
        if self.penalty == 0:
            return f"interdiction zone on {where} removed"
        return f"interdiction zone INT {self.penalty} around {where}"


@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    """Every roll of the die is an event, so the log and the journal show it."""

    purpose: str
    player: Player | None
    value: int

    def describe(self, narrator: Narrator) -> str:
        who = f"{self.player.title} " if self.player else ""
        purpose = f" ({self.purpose})" if self.purpose else ""
        return f"{who}die roll{purpose}: {self.value}"


@dataclass(frozen=True, slots=True)
class StepChanged(Event):
    turn: int
    phase: str
    segment: str
    active: Player | None

    def describe(self, narrator: Narrator) -> str:
        who = f", {self.active.title} player" if self.active else ""
        return (
            f"turn {self.turn}: {self.phase.replace('_', ' ')}, "
            f"{self.segment.replace('_', ' ')}{who}"
        )
