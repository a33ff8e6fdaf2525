"""GameState: everything the rules track during a game, as one immutable value.

Definitions that never change (map, unit values, tables) live in the Ruleset;
this module holds only what changes. Every part is a frozen dataclass, a tuple,
a frozenset or a FrozenMap, so a state can be hashed, compared, serialised and
"copied" by sharing everything an action did not touch.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import ClassVar

from owsqt.rules.core.codec import OMITTED_AT_DEFAULT
from owsqt.rules.core.dice import DiceState
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.hexgrid import Hex, Hexside
from owsqt.rules.core.steps import (
    AirBattleStage,
    CombatStep,
    PassageKind,
    Phase,
    ResultStage,
    Segment,
)
from owsqt.rules.core.vocabulary import (
    AirBox,
    BridgeState,
    Entrenchment,
    LossClass,
    Player,
    Supply,
    TallyNationality,
    ThunderclapStatus,
    UnitStatus,
)


@dataclass(frozen=True, slots=True)
class UnitState:
    """One ground unit (or convoy marker): where it is and every marker on it (2.2)."""

    status: UnitStatus = UnitStatus.NOT_ARRIVED
    hex: Hex | None = None
    strength: int = 0  # current strength points; the strength marker when not a printed value
    reduced: bool = False  # showing its reduced (back) side
    disrupted: bool = False  # 13.0
    fired: bool = False  # 12.2
    moved: bool = False  # 12.3, German artillery that moved up to half and may still fire
    supply: Supply = Supply.REGULAR
    reserve: bool = False  # 19.11: may not move until released
    return_hex: Hex | None = None  # exit hex of a unit retreated off the map (11.7)
    # [11.7] the turn of its side's next Player Phase after the retreat off the map: it
    # returns from then on (0: at once, for units set off the map by hand)
    return_turn: int = field(default=0, metadata=OMITTED_AT_DEFAULT)
    stack_order: int = 0  # smaller is nearer the top of its stack

    # What files were written with and no rule ever read, at the one value files hold
    # (core.codec): the unit's earlier supply determinations.
    RETIRED_FIELDS: ClassVar[Mapping[str, object]] = {"supply_history": ()}


@dataclass(frozen=True, slots=True)
class AirUnitState:
    """One air unit: the box it is in on its Air Operations Chart and its target (4.3)."""

    box: AirBox = AirBox.READY
    target: Hex | None = None


@dataclass(frozen=True, slots=True)
class AirBattle:
    """[4.4] The air superiority fighters of `interceptor` that made their interception,
    against the enemy mission in `mission` (its escort box's fighters first). `bounce` is
    the side that gained the bounce over the escorts; `pairs` its fighters' targets, then
    the other side's; `stage` says whose choice the battle waits for."""

    interceptor: Player
    mission: AirBox  # the enemy mission box: ground attack or interdiction
    interceptors: tuple[str, ...]
    stage: AirBattleStage
    bounce: Player | None = None
    pairs: FrozenMap[str, str] = field(default_factory=FrozenMap)  # firer -> target


@dataclass(frozen=True, slots=True)
class AirOperations:
    """What the Air Operations Phase of `turn` has done (4.3-4.6): the sides that made
    their secret allocation (steps 1 and 2; `sealed`, in e-mail play, those whose boxes
    are not shown yet), whether the German fighters were placed
    after the reveal (step 3), the air battles still to fight (the current one first) and
    the fighters that fought air to air (their bombardment factors no longer count, 4.6).
    A record of an earlier turn is read as empty (GameState.air)."""

    turn: int = 0
    allocated: frozenset[Player] = frozenset()
    sealed: frozenset[Player] = frozenset()  # allocated in secret, boxes not shown yet
    fighters_placed: bool = False
    battles: tuple[AirBattle, ...] = ()
    engaged: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class EntrenchmentState:
    """An entrenchment marker on a hex and who built it (15.1-15.3)."""

    owner: Player
    status: Entrenchment
    since_turn: int


@dataclass(frozen=True, slots=True)
class InterdictionZone:
    """An INT marker: Soviet units within `radius` of `center` lose `penalty` MP (4.5)."""

    center: Hex
    penalty: int
    turn: int
    radius: int = 5  # the hexes within it: movement/interdiction.py (map/zones.py discs)


@dataclass(frozen=True, slots=True)
class Tally:
    """Strength points by loss class, for losses and replacement points (17.3)."""

    armor: int = 0
    infantry: int = 0
    artillery: int = 0

    def of(self, loss_class: LossClass) -> int:
        points: int = getattr(self, loss_class.value)
        return points

    def add(self, loss_class: LossClass, points: int) -> Tally:
        return replace(self, **{loss_class.value: self.of(loss_class) + points})

    @property
    def total(self) -> int:
        return self.armor + self.infantry + self.artillery


def empty_tallies() -> FrozenMap[TallyNationality, Tally]:
    return FrozenMap({nationality: Tally() for nationality in TallyNationality})


@dataclass(frozen=True, slots=True)
class InitiativeState:
    """Who holds the initiative, for how many consecutive turns, and the bids (6.1-6.3)."""

    holder: Player | None = None
    streak: int = 0
    planned_attacks: FrozenMap[Player, int] = field(default_factory=FrozenMap)
    attacks_made: FrozenMap[Player, int] = field(default_factory=FrozenMap)
    determined_turn: int | None = None  # the turn of the last determination (6.1)


@dataclass(frozen=True, slots=True)
class GameResult:
    """How the game ended: the winner (None: nobody), the rule that decided it, and why."""

    winner: Player | None
    rule: str
    reason: str  # e.g. "the German player forfeited: 1 of 3 planned attacks made"

    def text(self) -> str:
        """One line for the players: "The Soviet player wins: ... (6.2)"."""
        who = f"The {self.winner.title} player wins" if self.winner else "Nobody wins"
        return f"{who}: {self.reason} ({self.rule})"


@dataclass(frozen=True, slots=True)
class Award:
    """[19.33] Victory points earned the moment something happens ("at any time"): the
    source (a key of the scenario's victory points: within_18, within_5, corridor_opened,
    convoy_in_pocket), the side, the points, when (turn, phase, segment) and what earned
    them (a unit, a convoy, or a pocket hex the corridor reached)."""

    source: str
    player: Player
    points: int
    turn: int
    phase: Phase
    segment: Segment
    detail: str = ""


@dataclass(frozen=True, slots=True)
class MovementState:
    """The movement segment under way (8.1): units whose move is over, and the stack in
    motion with the movement points each of its units has left."""

    done: frozenset[str] = frozenset()
    moving: FrozenMap[str, Fraction] = field(default_factory=FrozenMap)
    administrative: bool = False  # 8.3: the stack in motion uses administrative movement


@dataclass(frozen=True, slots=True)
class ThunderclapState:
    """Operation Thunderclap's status and the turn it was activated (5.1)."""

    status: ThunderclapStatus = ThunderclapStatus.NOT_ATTEMPTED
    activated_turn: int | None = None
    left_pocket: frozenset[str] = frozenset()  # Sixth Army units that have left the pocket
    supplied_turn: int | None = None  # the 14th Panzer HQ first traced to another German HQ


@dataclass(frozen=True, slots=True)
class RingState:
    """[5.2] The Soviet Ring Forces' record (readings 100-104): the Ring armies attacked and
    the Ring units forced to retreat since the last Soviet Ring Forces Segment (cleared
    when it ends), this segment's release rolls and the unit each army released in it,
    and every unit ever released (free for the rest of the game)."""

    attacked: frozenset[str] = frozenset()  # Ring army (formation) ids
    retreated: frozenset[str] = frozenset()  # Ring unit ids
    rolls: FrozenMap[str, int] = field(default_factory=FrozenMap)  # army -> die, this segment
    freed: FrozenMap[str, str] = field(default_factory=FrozenMap)  # army -> unit, this segment
    released: frozenset[str] = frozenset()  # unit ids, for the rest of the game


@dataclass(frozen=True, slots=True)
class PendingResult:
    """A fire result waiting for the side it hit (11.5): the stack hit, its lead, what is
    left to settle and at which stage (ResultStage)."""

    player: Player
    units: tuple[str, ...]
    lead: str | None
    mandatory: int
    optional: int
    stage: ResultStage
    fired_from: tuple[Hex, ...] = ()


@dataclass(frozen=True, slots=True)
class SpecialFireChoice:
    """[11.7, 9.3] Units retreating or displaced through enemy ZOCs, stopped until the
    player whose units exert those ZOCs chooses, ZOC by ZOC, whether they fire. `zocs`
    and `firers` hold the ZOC hexes still to answer and the units that may fire at each,
    the next first; what follows the fire (the river and bridge losses, the move) is
    kept here so that it can be finished when the last answer is given."""

    player: Player  # whose units may fire
    kind: PassageKind
    units: tuple[str, ...]  # the passing units
    lead: str | None  # the passing stack's lead, for its loss priorities (11.6)
    path: tuple[Hex, ...]  # the whole path, its start first
    zocs: tuple[Hex, ...]
    firers: tuple[tuple[str, ...], ...]
    extra_losses: int = 0  # 11.7: strength points lost to minor rivers and bridges
    exit_hex: Hex | None = None  # 11.7: set when the retreat leaves the map there


@dataclass(frozen=True, slots=True)
class CombatState:
    """A prepared attack under way (11.2): who fights, who leads, whose artillery was
    designated, the step reached, and a result waiting for its side's choices."""

    attacker: Player
    target: Hex
    attackers: tuple[str, ...]
    attacker_lead: str
    step: CombatStep
    defending: tuple[str, ...] = ()  # the units on the hex when it was attacked
    defender_lead: str | None = None
    attack_artillery: tuple[str, ...] = ()
    defense_artillery: tuple[str, ...] = ()
    stukas: tuple[str, ...] = ()  # 4.6: withheld Ju-87s designated to bombard
    bombarded: frozenset[str] = frozenset()  # artillery whose mission is done or stopped
    no_fire: frozenset[str] = frozenset()  # 11.5: attackers that failed a check
    no_advance: frozenset[str] = frozenset()
    fired: frozenset[Player] = frozenset()  # sides that have fired (steps 6 and 7)
    retreat: tuple[Hex, ...] = ()  # the defender's retreat path, for the advance (11.8)
    advance_length: int = 0  # 11.8: the retreat's hexes, or the results left unfulfilled
    hasty: bool = False  # 8.4: made during movement by the stack in motion
    opening_fire: Player | None = None  # who fires first, fixed when step 6 begins (13.0)
    pending: PendingResult | None = None


@dataclass(frozen=True, slots=True)
class ArtilleryPhase:
    """What artillery did in one Player Phase (12.1, 12.3, 8.4), for the rules that last
    only that phase; the fired and moved markers on UnitState last until the Recovery
    Phase (17.1) and keep their own meaning (one mission a turn, half factors, half
    movement). `turn` and `phase` name the phase the record belongs to: a record of an
    earlier phase is read as empty (GameState.artillery), so nothing has to clear it."""

    turn: int = 0
    phase: Phase | None = None
    bombarded: frozenset[str] = frozenset()  # 12.1: fired a mission (or was stopped, 12.4)
    fought: frozenset[str] = frozenset()  # 12.1: joined an attack's fire combat
    moved_adjacent: frozenset[str] = frozenset()  # 12.3: moved next to an enemy unit
    marked_moving: frozenset[str] = frozenset()  # 12.3: its marker came from this move (8.4)


@dataclass(frozen=True)
class GameState:
    """The whole changing state of one game."""

    scenario: str
    first_turn: int
    last_turn: int
    turn: int
    phase: Phase
    segment: Segment
    active: Player | None
    dice: DiceState
    setup_first: Player = Player.SOVIET  # who sets up first (19.11: the Soviet player)
    options: tuple[str, ...] = ()  # the scenario options chosen (19.41)
    units: FrozenMap[str, UnitState] = field(default_factory=FrozenMap)
    air_units: FrozenMap[str, AirUnitState] = field(default_factory=FrozenMap)
    entrenchments: FrozenMap[Hex, EntrenchmentState] = field(default_factory=FrozenMap)
    interdiction_zones: tuple[InterdictionZone, ...] = ()
    bridges: FrozenMap[Hexside, BridgeState] = field(default_factory=FrozenMap)
    initiative: InitiativeState = field(default_factory=InitiativeState)
    replacement_points: FrozenMap[TallyNationality, Tally] = field(default_factory=empty_tallies)
    losses: FrozenMap[TallyNationality, Tally] = field(default_factory=empty_tallies)
    thunderclap: ThunderclapState = field(default_factory=ThunderclapState)
    ring: RingState = field(default_factory=RingState)  # 5.2
    victory_flags: FrozenMap[str, int] = field(default_factory=FrozenMap)
    victory_ledger: tuple[Award, ...] = ()  # 19.33: the points earned during play, in order
    movement: MovementState = field(default_factory=MovementState)
    combat_first: bool = False  # 7.2: mechanized combat before mechanized movement this phase
    arrivals: FrozenMap[str, int] = field(default_factory=FrozenMap)  # unit -> turn it entered
    conditions_met: FrozenMap[str, int] = field(default_factory=FrozenMap)  # entry -> turn met
    combat: CombatState | None = None  # the engagement under way (11.2)
    prepared_targets: frozenset[Hex] = frozenset()  # 11.1: one prepared attack a phase
    bridge_works: FrozenMap[str, Hexside] = field(default_factory=FrozenMap)  # 16.2: engineer
    artillery_phase: ArtilleryPhase = field(default_factory=ArtilleryPhase)  # read .artillery
    special_fire: SpecialFireChoice | None = None  # 11.7: waiting for the ZOC owner's choice
    air_operations: AirOperations = field(default_factory=AirOperations)  # read .air
    result: GameResult | None = None  # set when the game ends with a result (6.2, 19.0)

    def bridged(self, hexside: Hexside) -> bool | None:
        """A Bridge (True) or Bridge Out (False) marker on `hexside` (16.2); None when
        there is no marker and the map's own bridges stand."""
        marker = self.bridges.get(hexside)
        return None if marker is None else marker is BridgeState.BUILT

    @property
    def artillery(self) -> ArtilleryPhase:
        """[12.1, 12.3] What artillery did in the Player Phase under way: empty when the
        record belongs to an earlier phase."""
        record = self.artillery_phase
        if record.turn == self.turn and record.phase is self.phase:
            return record
        return ArtilleryPhase(self.turn, self.phase)

    @property
    def air(self) -> AirOperations:
        """[4.3-4.6] This turn's Air Operations: empty when the record is of an earlier turn."""
        record = self.air_operations
        return record if record.turn == self.turn else AirOperations(self.turn)

    def with_air_unit(self, air_id: str, box: AirBox, target: Hex | None = None) -> GameState:
        """The state with one air unit in `box` (4.3-4.7)."""
        return replace(self, air_units=self.air_units.set(air_id, AirUnitState(box, target)))

    def with_artillery(
        self,
        *,
        bombarded: frozenset[str] = frozenset(),
        fought: frozenset[str] = frozenset(),
        moved_adjacent: frozenset[str] = frozenset(),
        marked_moving: frozenset[str] = frozenset(),
    ) -> GameState:
        """The state with units added to this Player Phase's artillery record."""
        if not (bombarded or fought or moved_adjacent or marked_moving):
            return self
        record = self.artillery
        record = replace(
            record,
            bombarded=record.bombarded | bombarded,
            fought=record.fought | fought,
            moved_adjacent=record.moved_adjacent | moved_adjacent,
            marked_moving=record.marked_moving | marked_moving,
        )
        return replace(self, artillery_phase=record)

    def unit(self, unit_id: str) -> UnitState:
        return self.units[unit_id]

    def with_unit(self, unit_id: str, unit: UnitState) -> GameState:
        return replace(self, units=self.units.set(unit_id, unit))

    def with_dice(self, dice: DiceState) -> GameState:
        """The state with `dice` (a roll made, an action begun). What is derived from a
        state is derived from its units (`units.derived`), which it shares."""
        rolled = replace(self, dice=dice)
        object.__setattr__(rolled, "_undiced", self.undiced)
        return rolled

    @property
    def undiced(self) -> GameState:
        """The state this one was made from by `with_dice` alone, or itself: the same
        position, for what never reads a die (a stack's move, stack_move)."""
        found: GameState = self.__dict__.get("_undiced", self)
        return found

    def stack(self, hex_: Hex) -> tuple[str, ...]:
        """Ids of the units on `hex_`, top of the stack first."""
        return self.stacks.get(hex_, ())

    @property
    def stacks(self) -> dict[Hex, tuple[str, ...]]:
        """Units on the map by hex, top first; derived once per units map, never stored."""
        return self.units.derived(stacks_of)


ON_MAP = UnitStatus.ON_MAP


def stacks_of(units: FrozenMap[str, UnitState]) -> dict[Hex, tuple[str, ...]]:
    """`units` on the map by hex, top of each stack first (GameState.stacks)."""
    stacks: dict[Hex, list[tuple[int, str]]] = {}
    for unit_id, unit in units.items():
        if unit.status is ON_MAP and unit.hex is not None:
            stacks.setdefault(unit.hex, []).append((unit.stack_order, unit_id))
    return {
        hex_: (entries[0][1],) if len(entries) == 1 else tuple(u for _, u in sorted(entries))
        for hex_, entries in stacks.items()
    }
