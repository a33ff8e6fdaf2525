"""Events: what an action did, for the UI to redraw and the log to read aloud."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from owsqt.rules.core.hexgrid import Hex, Hexside
from owsqt.rules.core.state import Award, GameResult, Tally
from owsqt.rules.core.steps import CombatStep, Phase, Segment
from owsqt.rules.core.vocabulary import (
    AirBox,
    BridgeState,
    Entrenchment,
    Player,
    Supply,
    TallyNationality,
    ThunderclapStatus,
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
class AirAllocated(Event):
    """[4.3] A side allocated its air units; the boxes stay secret until the reveal."""

    player: Player
    step: int
    how: str = ""  # "sealed": allocated, boxes shown later; "shown": the sealed boxes shown

    def describe(self, narrator: Narrator) -> str:
        if self.step == 3:
            return "German ready fighters placed after the charts were revealed (4.3 step 3)"
        if self.how == "shown":
            return f"{self.player.title} sealed air allocation shown (4.3 step {self.step})"
        sealed = ", sealed until the other side has allocated" if self.how == "sealed" else ""
        return f"{self.player.title} air units allocated to missions (4.3 step {self.step}{sealed})"


@dataclass(frozen=True, slots=True)
class AirFireResolved(Event):
    """[4.4] One air unit's fire at another on the Air Combat Results Table."""

    firer: str
    target: str
    column: str
    drm: int
    roll: int
    result: str

    def describe(self, narrator: Narrator) -> str:
        drm = f", DRM {self.drm:+d}" if self.drm else ""
        return (
            f"{narrator.unit_name(self.firer)} fires at {narrator.unit_name(self.target)}: "
            f"the {self.column} column{drm}, roll {self.roll}: {self.result}"
        )


@dataclass(frozen=True, slots=True)
class AirCheck(Event):
    """[4.4, 4.7] An air unit's roll against a number: an interception (proficiency) or
    its recovery to ready status."""

    air_unit: str
    what: str
    roll: int
    needed: int | None
    passed: bool

    def describe(self, narrator: Narrator) -> str:
        need = f"{self.needed} or less" if self.needed is not None else "no roll recovers it"
        outcome = "passed" if self.passed else "failed"
        return f"{narrator.unit_name(self.air_unit)} {self.what}: {self.roll} ({need}), {outcome}"


@dataclass(frozen=True, slots=True)
class BounceRolled(Event):
    """[4.4] The bounce: each side's die plus its best engaged fighter's proficiency."""

    totals: tuple[tuple[Player, int], ...]
    winner: Player

    def describe(self, narrator: Narrator) -> str:
        sums = ", ".join(f"{p.title} {total}" for p, total in self.totals)
        return f"the bounce: {sums}; the {self.winner.title} player gains it (4.4)"


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
class BridgeWorkBegun(Event):
    """[16.2] An engineer starts a bridge; it is finished at the end of the phase."""

    unit: str
    hexside: Hexside

    def describe(self, narrator: Narrator) -> str:
        where = narrator.hexside_name(self.hexside)
        return f"{narrator.unit_name(self.unit)} begins a bridge on {where} (16.2)"


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


_DIE_ROLL_LINE = re.compile(
    rf"(?:(?:{'|'.join(re.escape(player.title) for player in Player)}) )?"
    r"die roll(?: \(.*\))?: (?:10|[1-9])"
)


def is_die_roll(line: str) -> bool:
    """[2.0] Whether `line`, a line of the log, tells one roll of the die (DiceRolled.describe):
    what a journal's narration says of the dice, read without replaying it."""
    return _DIE_ROLL_LINE.fullmatch(line) is not None


@dataclass(frozen=True, slots=True)
class StepChanged(Event):
    turn: int
    phase: Phase
    segment: Segment
    active: Player | None

    def describe(self, narrator: Narrator) -> str:
        who = f", {self.active.title} player" if self.active else ""
        return f"turn {self.turn}: {self.phase.title}, {self.segment.title}{who}"


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """[3.1] What the rules did by themselves because nobody had a choice to make: a step
    that passed, or the one allocation a side without ready air units could make."""

    rule: str
    what: str  # "the soviet ring forces segment passes: no Ring army was attacked"

    def describe(self, narrator: Narrator) -> str:
        return f"{self.what} ({self.rule})"


def is_step_change(line: str) -> bool:
    """Whether `line`, a line of the log, tells a change of step (StepChanged.describe); no
    other event's line begins with "turn N: "."""
    return _STEP_LINE.match(line) is not None


_STEP_LINE = re.compile(r"turn [0-9]+: ")


@dataclass(frozen=True, slots=True)
class ReplacementPointsChanged(Event):
    """[17.3, 17.4] A nationality's replacement points now, and why they changed."""

    nationality: TallyNationality
    points: Tally
    reason: str

    def describe(self, narrator: Narrator) -> str:
        p = self.points
        return (
            f"{self.nationality.value.capitalize()} replacement points: {p.armor} armor, "
            f"{p.infantry} infantry, {p.artillery} artillery ({self.reason})"
        )


def _names(narrator: Narrator, units: tuple[str, ...]) -> str:
    return ", ".join(narrator.unit_name(u) for u in units)


def _points(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}" if value.denominator != 1 else f"{value}"


@dataclass(frozen=True, slots=True)
class UnitsMoved(Event):
    """A stack moved along a path (8.1); `entered` when it came onto the map there."""

    units: tuple[str, ...]
    path: tuple[Hex, ...]
    cost: Fraction
    entered: bool = False
    administrative: bool = False

    def describe(self, narrator: Narrator) -> str:
        route = " > ".join(narrator.hex_name(h) for h in self.path)
        how = " (administrative movement)" if self.administrative else ""
        verb = "entered the map at" if self.entered else "moved"
        return f"{_names(narrator, self.units)} {verb} {route}, {_points(self.cost)} MP{how}"


@dataclass(frozen=True, slots=True)
class ConvoyDestroyed(Event):
    """[16.3] A Soviet unit moved through a hex held only by a convoy."""

    unit: str
    hex: Hex

    def describe(self, narrator: Narrator) -> str:
        where = narrator.hex_name(self.hex)
        return f"{narrator.unit_name(self.unit)} destroyed on {where} (16.3)"


@dataclass(frozen=True, slots=True)
class ReservesReleased(Event):
    """[19.11] Reserve units free to move, and why."""

    units: tuple[str, ...]
    reason: str

    def describe(self, narrator: Narrator) -> str:
        return f"released from reserve ({self.reason}): {_names(narrator, self.units)}"


@dataclass(frozen=True, slots=True)
class AttacksDeclared(Event):
    """[6.1] A player's bid, hidden from the other player until both have declared."""

    player: Player

    def describe(self, narrator: Narrator) -> str:
        return f"{self.player.title} player declared his planned attacks (hidden)"


@dataclass(frozen=True, slots=True)
class InitiativeDetermined(Event):
    """[6.1, 6.3] The bids revealed, the totals, and who holds the initiative."""

    holder: Player
    planned: tuple[tuple[Player, int], ...]
    totals: tuple[tuple[Player, int], ...]
    streak: int

    def describe(self, narrator: Narrator) -> str:
        bids = ", ".join(f"{p.title} {n} planned" for p, n in self.planned)
        totals = ", ".join(f"{p.title} {n}" for p, n in self.totals)
        turns = f" ({self.streak} turns running)" if self.streak > 1 else ""
        return f"initiative: {bids}; totals {totals}; {self.holder.title} player first{turns}"


@dataclass(frozen=True, slots=True)
class AttackShortfall(Event):
    """[6.2] The initiative holder made fewer attacks than he planned: he forfeits."""

    player: Player
    planned: int
    made: int

    def describe(self, narrator: Narrator) -> str:
        return (
            f"{self.player.title} player made {self.made} of {self.planned} planned attacks: "
            "6.2, he forfeits the game"
        )


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """The game is over with a result: who wins and why (6.2 forfeit, 19.0 victory)."""

    result: GameResult

    def describe(self, narrator: Narrator) -> str:
        return self.result.text()


@dataclass(frozen=True, slots=True)
class VictoryPointsEarned(Event):
    """[19.33] Victory points earned the moment they happen (the ledger's new award)."""

    award: Award

    def describe(self, narrator: Narrator) -> str:
        award = self.award
        what = {
            "within_18": "{unit} advanced to within 18 hexes of the pocket",
            "within_5": "{unit} advanced to within 5 hexes of the pocket",
            "corridor_opened": "a corridor opened into the pocket at {detail}",
            "convoy_in_pocket": "{unit} entered the pocket",
        }.get(award.source, "{detail}")
        unit = narrator.unit_name(award.detail) if award.detail else ""
        why = what.format(unit=unit, detail=award.detail)
        points = f"{award.points} victory point{'s' if award.points != 1 else ''}"
        return f"{points} to the {award.player.title} player: {why} (19.33)"


@dataclass(frozen=True, slots=True)
class SegmentOrderChosen(Event):
    player: Player | None
    combat_first: bool

    def describe(self, narrator: Narrator) -> str:
        order = "combat, then movement" if self.combat_first else "movement, then combat"
        who = f"{self.player.title} " if self.player else ""
        return f"{who}mechanized formations: {order} (7.2)"


@dataclass(frozen=True, slots=True)
class UnitsDisplaced(Event):
    """[9.3] Units displaced from an overstacked hex (disrupted), or eliminated."""

    units: tuple[str, ...]
    path: tuple[Hex, ...]

    def describe(self, narrator: Narrator) -> str:
        if not self.path:
            return f"{_names(narrator, self.units)} eliminated: no hex to displace to (9.3)"
        route = " > ".join(narrator.hex_name(h) for h in self.path)
        return f"{_names(narrator, self.units)} displaced {route} and disrupted (9.3)"


@dataclass(frozen=True, slots=True)
class ConditionMet(Event):
    """A conditional entry's condition (19.12 e: Group Christea) met this turn."""

    name: str
    turn: int

    def describe(self, narrator: Narrator) -> str:
        return f"{self.name} may enter from turn {self.turn + 1}"


# --- combat ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AttackDeclared(Event):
    """[11.2 step 1, 8.4] A prepared or hasty attack on a hex, with its lead unit."""

    attacker: Player
    target: Hex
    units: tuple[str, ...]
    lead: str
    hasty: bool = False

    def describe(self, narrator: Narrator) -> str:
        kind = "hasty" if self.hasty else "prepared"
        return (
            f"{self.attacker.title} {kind} attack on {narrator.hex_name(self.target)} by "
            f"{_names(narrator, self.units)}, led by {narrator.unit_name(self.lead)}"
        )


@dataclass(frozen=True, slots=True)
class BombardmentDeclared(Event):
    """[12.4] A bombardment mission on a hex not under attack."""

    player: Player
    target: Hex
    units: tuple[str, ...]

    def describe(self, narrator: Narrator) -> str:
        return (
            f"{self.player.title} bombardment mission on {narrator.hex_name(self.target)} by "
            f"{_names(narrator, self.units)}"
        )


@dataclass(frozen=True, slots=True)
class TargetDrawn(Event):
    """[18.1, 12.4, 4.6] Under the fog of war, the hidden unit a bombardment or a ground
    attack strikes, drawn at random: `unit`, candidate `number` of the `among` units that
    could be drawn on `hex`, numbered from the top of the stack. The event names the unit
    (by its id, for a side's log to leave out) and its hex."""

    player: Player  # the bombarding side
    hex: Hex
    unit: str
    number: int
    among: int
    what: str  # "bombardment" or "ground attack"

    def describe(self, narrator: Narrator) -> str:
        return (
            f"{self.player.title} {self.what} of a hidden unit on {narrator.hex_name(self.hex)}: "
            f"drawn at random, {self.number} of {self.among}: "
            f"{narrator.unit_name(self.unit)} (18.1)"
        )


@dataclass(frozen=True, slots=True)
class CombatStepReached(Event):
    step: CombatStep

    def describe(self, narrator: Narrator) -> str:
        return f"combat: {self.step.title} (11.2)"


@dataclass(frozen=True, slots=True)
class FireResolved(Event):
    """A fire on a table: factors, column, DRM, the roll and the result (11.4, 12.4)."""

    what: str
    factors: int
    column: str
    drm: int
    roll: int
    result: str

    def describe(self, narrator: Narrator) -> str:
        drm = f", DRM {self.drm:+d}" if self.drm else ""
        return (
            f"{self.what}: {self.factors} factors on the {self.column} column{drm}, "
            f"roll {self.roll}: {self.result}"
        )


@dataclass(frozen=True, slots=True)
class ProficiencyChecked(Event):
    unit: str
    roll: int
    proficiency: int
    why: str

    def describe(self, narrator: Narrator) -> str:
        verdict = "passed" if self.roll <= self.proficiency else "failed"
        return (
            f"{narrator.unit_name(self.unit)} proficiency check ({self.why}): roll "
            f"{self.roll} against {self.proficiency}, {verdict}"
        )


@dataclass(frozen=True, slots=True)
class Eighty88(Event):
    """[16.1] The extra mandatory point the 88s take from a Soviet tank."""

    tank: str

    def describe(self, narrator: Narrator) -> str:
        return f"the 88s add a mandatory point against {narrator.unit_name(self.tank)} (16.1)"


@dataclass(frozen=True, slots=True)
class LeadChanged(Event):
    unit: str

    def describe(self, narrator: Narrator) -> str:
        return f"{narrator.unit_name(self.unit)} now leads (11.3)"


@dataclass(frozen=True, slots=True)
class OptionalAnswered(Event):
    """How a side takes an optional result (11.5), or what terrain leaves it (11.7)."""

    player: Player
    answer: str
    rule: str

    def describe(self, narrator: Narrator) -> str:
        return f"{self.player.title} optional result: {self.answer} ({self.rule})"


@dataclass(frozen=True, slots=True)
class CombatMoved(Event):
    """Units retreating (11.7) or advancing after combat (11.8): hexes, not movement points."""

    units: tuple[str, ...]
    path: tuple[Hex, ...]
    how: str  # "retreated" or "advanced"

    def describe(self, narrator: Narrator) -> str:
        route = " > ".join(narrator.hex_name(h) for h in self.path)
        return f"{_names(narrator, self.units)} {self.how} {route}"


@dataclass(frozen=True, slots=True)
class SpecialFireOffered(Event):
    """[11.7, 9.3] Passing units entered the ZOC of `firers` at `zoc`: their player
    chooses whether they fire."""

    player: Player
    zoc: Hex
    firers: tuple[str, ...]

    def describe(self, narrator: Narrator) -> str:
        return (
            f"{_names(narrator, self.firers)} may fire at the units entering their zone of "
            f"control at {narrator.hex_name(self.zoc)}: the {self.player.title} player "
            "chooses (11.7)"
        )


@dataclass(frozen=True, slots=True)
class SpecialFireHeld(Event):
    """[11.7] The player whose ZOC was entered at `zoc` chose not to fire."""

    player: Player
    zoc: Hex

    def describe(self, narrator: Narrator) -> str:
        return (
            f"The {self.player.title} player holds his fire at {narrator.hex_name(self.zoc)} (11.7)"
        )


@dataclass(frozen=True, slots=True)
class CombatEnded(Event):
    target: Hex

    def describe(self, narrator: Narrator) -> str:
        return f"combat on {narrator.hex_name(self.target)} over"


@dataclass(frozen=True, slots=True)
class ThunderclapRolled(Event):
    """[5.1] The Operation Thunderclap Initiation Table: the roll, its modifier, the result."""

    roll: int
    drm: int
    activated: bool
    text: str

    def describe(self, narrator: Narrator) -> str:
        modified = f"{self.roll} + {self.drm} = {self.roll + self.drm}" if self.drm else self.roll
        return f"5.1 Operation Thunderclap: die {modified}: {self.text}"


@dataclass(frozen=True, slots=True)
class ThunderclapChanged(Event):
    """[5.1] Thunderclap linked up or ended, and why."""

    status: ThunderclapStatus
    reason: str

    def describe(self, narrator: Narrator) -> str:
        words = {
            ThunderclapStatus.LINKED: "the Sixth Army has linked up",
            ThunderclapStatus.ENDED: "Operation Thunderclap has ended",
        }.get(self.status, f"Operation Thunderclap is {self.status.value}")
        return f"5.1 {words}: {self.reason}"


@dataclass(frozen=True, slots=True)
class RingReleaseRolled(Event):
    """[5.2] The release roll for an attacked Ring army: "eight" or more releases a piece."""

    army: str
    army_name: str
    roll: int
    needed: int

    def describe(self, narrator: Narrator) -> str:
        outcome = (
            "the Soviet player may release one of its pieces"
            if self.roll >= self.needed
            else "no piece is released"
        )
        return (
            f"{self.army_name} (Ring Forces) release roll: {self.roll}, "
            f"{self.needed} or more needed: {outcome} (5.2)"
        )


@dataclass(frozen=True, slots=True)
class RingUnitReleased(Event):
    """[5.2] A Ring Forces piece released: it may move now and is free from now on."""

    unit: str
    army_name: str

    def describe(self, narrator: Narrator) -> str:
        return (
            f"{narrator.unit_name(self.unit)} of the {self.army_name} is released from the "
            "Stalingrad ring (5.2)"
        )
