"""Actions: the small serialisable records every change to a game is made of.

Each action type has a stable `kind` used in journals, PBEM files and the CLI.
The ManualEdit family serves free play: it moves, flips, marks or removes
anything, and the engine judges it like any other action.
"""

from __future__ import annotations

import difflib
import json
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, TypeVar

from owsqt.rules.core.codec import (
    OMITTED_AT_DEFAULT,
    CodecError,
    HexNames,
    decode_record,
    encode,
    text_of_at_most,
)
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.hexgrid import Hex, Hexside
from owsqt.rules.core.vocabulary import (
    AirBox,
    BridgeState,
    Entrenchment,
    Player,
    Supply,
    UnitMarker,
    UnitStatus,
)

A = TypeVar("A", bound="Action")
PURPOSE_CHARS = 200  # a roll's purpose: a few words ("initiative", "Thunderclap")
# An action's JSON as the journal writes it: the largest made in play is a placement of a
# few hundred characters; a record of a game file holds at most 65,536 (journal/limits.py).
MAX_ACTION_CHARS = 16 * 1024
ACTION_TYPES: dict[str, type[Action]] = {}


def registered(cls: type[A]) -> type[A]:
    """Make an action type known to the journal and the CLI by its kind."""
    if cls.kind in ACTION_TYPES:
        raise TypeError(f"two action types share the kind {cls.kind!r}")
    ACTION_TYPES[cls.kind] = cls
    return cls


@dataclass(frozen=True, slots=True, kw_only=True)
class Action:
    """Base of all actions. `player` is who submits it (None: the active player)."""

    kind: ClassVar[str] = ""
    player: Player | None = None

    def unit_references(self) -> tuple[str, ...]:
        """Ground unit ids this action names, so the engine can check they exist."""
        refs: list[str] = []
        for name in (f.name for f in fields(self)):
            if name in ("unit", "target_unit"):
                if (value := getattr(self, name)) is not None:  # none: drawn at random, 18.1
                    refs.append(value)
            elif name == "units":
                refs.extend(getattr(self, name))
        return tuple(refs)


def action_to_data(action: Action, names: HexNames) -> dict[str, Any]:
    """The action as JSON-ready data, its kind first."""
    data = encode(action, names)
    if data.get("player") is None:
        del data["player"]
    return {"kind": action.kind, **data}


def action_from_data(data: Any, names: HexNames) -> Action:
    """Rebuild an action; a clear CodecError for an unknown kind or a bad field."""
    if not isinstance(data, dict):
        raise CodecError(f"an action must be a mapping, found {data!r}")
    fields_ = dict(data)
    kind = fields_.pop("kind", None)
    cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        if "kind" not in data:
            raise CodecError("an action needs a 'kind', e.g. 'end_step' (docs/actions.md)")
        close = difflib.get_close_matches(str(kind), ACTION_TYPES, n=1)
        hint = f"did you mean {close[0]!r}?" if close else "docs/actions.md lists the kinds"
        raise CodecError(f"unknown action kind {kind!r}; {hint}")
    action = decode_record(cls, fields_, names, kind)
    size = len(json.dumps(action_to_data(action, names), ensure_ascii=False))
    if size > MAX_ACTION_CHARS:  # written, it would make a game file too long to read back
        raise CodecError(
            f"{kind}: an action is at most {MAX_ACTION_CHARS:,} characters of JSON; this one "
            f"is {size:,}"
        )
    return action


# --- free play: the ManualEdit family -------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class ManualEdit(Action):
    """Base of the edits a player makes by hand, as on a real table."""


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class PlaceUnits(ManualEdit):
    """Put units on a hex, at the bottom of its stack, from wherever they are."""

    kind: ClassVar[str] = "place"
    units: tuple[str, ...]
    to: Hex


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class SetUnitStatus(ManualEdit):
    """Take units off the map: eliminated, to a force pool, permanently lost, ..."""

    kind: ClassVar[str] = "set_status"
    units: tuple[str, ...]
    status: UnitStatus
    return_hex: Hex | None = None


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class FlipUnit(ManualEdit):
    """Turn a counter to its other side; its strength becomes that side's printed value."""

    kind: ClassVar[str] = "flip"
    unit: str


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class SetStrength(ManualEdit):
    """Set a strength marker (2.2); the side follows the strength."""

    kind: ClassVar[str] = "set_strength"
    unit: str
    strength: int


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class SetMarker(ManualEdit):
    """Place or remove a DIS, fired, moved or reserve marker."""

    kind: ClassVar[str] = "set_marker"
    units: tuple[str, ...]
    marker: UnitMarker
    on: bool


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class SetSupply(ManualEdit):
    """Place, flip or remove Organic Supply / Out of Supply markers (14.3, 14.4)."""

    kind: ClassVar[str] = "set_supply"
    units: tuple[str, ...]
    supply: Supply


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class ReorderStack(ManualEdit):
    """Put the units of a hex in a new order, top first."""

    kind: ClassVar[str] = "reorder"
    hex: Hex
    order: tuple[str, ...]


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class PlaceAirUnit(ManualEdit):
    """Move an air unit between the boxes of its Air Operations Chart (4.3)."""

    kind: ClassVar[str] = "place_air"
    air_unit: str
    box: AirBox
    target: Hex | None = None


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class SetEntrenchment(ManualEdit):
    """Place, turn over or remove an entrenchment marker (15.1); None removes it."""

    kind: ClassVar[str] = "set_entrenchment"
    hex: Hex
    status: Entrenchment | None
    owner: Player | None = None


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class SetBridge(ManualEdit):
    """Place a Bridge or Bridge Out marker (16.2); None removes the marker."""

    kind: ClassVar[str] = "set_bridge"
    hexside: Hexside
    state: BridgeState | None


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class SetInterdiction(ManualEdit):
    """Place an INT marker of `penalty` MP on a hex (4.5); penalty 0 removes it."""

    kind: ClassVar[str] = "set_interdiction"
    center: Hex
    penalty: int


# --- any mode -------------------------------------------------------------------------


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class RollDice(Action):
    """Roll the die openly, for anything the players agree to settle by a roll."""

    kind: ClassVar[str] = "roll"
    purpose: str = field(default="", metadata=text_of_at_most(PURPOSE_CHARS))
    count: int = 1


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class EndStep(Action):
    """Finish the current segment and go on to the next step of the sequence of play (3.1).
    `forfeit`: the initiative holder ends his player phase short of his planned attacks and
    so forfeits the game (6.2)."""

    kind: ClassVar[str] = "end_step"
    forfeit: bool = False


# --- the sequence of play -------------------------------------------------------------


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class MoveStack(Action):
    """Move a stack, or units leaving one, along `path` (8.1). The path starts on the
    units' hex; for units entering the map (reinforcements, 11.7 returns) it starts on the
    hex they enter. A stack in motion may move again: the units it leaves behind stop."""

    kind: ClassVar[str] = "move"
    units: tuple[str, ...]
    path: tuple[Hex, ...]
    administrative: bool = False  # 8.3: up to one and a half times the movement allowance


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class DeclareAttacks(Action):
    """A player's secret bid of planned attacks for the initiative (6.1)."""

    kind: ClassVar[str] = "declare_attacks"
    planned: int


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class ChooseSegmentOrder(Action):
    """[7.2] Resolve the mechanized combat segment before the mechanized movement one."""

    kind: ClassVar[str] = "segment_order"
    combat_first: bool


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class Displace(Action):
    """[9.3] Move units off an overstacked hex along `path` (start hex first) at the end of
    a movement segment; they are disrupted. An empty path eliminates them instead."""

    kind: ClassVar[str] = "displace"
    units: tuple[str, ...]
    path: tuple[Hex, ...] = ()


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class BuildEntrenchment(Action):
    """[15.1] Units on `hex` start building an entrenchment at the start of their phase."""

    kind: ClassVar[str] = "build_entrenchment"
    hex: Hex


# --- combat (11.0-12.0) -----------------------------------------------------------------


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class PreparedAttack(Action):
    """[11.1, 11.2 step 1] Attack the units on `target` with adjacent `units`, led by
    `lead`, with `artillery` designated to bombard."""

    kind: ClassVar[str] = "prepared_attack"
    target: Hex
    units: tuple[str, ...]
    lead: str
    artillery: tuple[str, ...] = ()
    stukas: tuple[str, ...] = ()  # 4.6: withheld Ju-87s supporting a German attack


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class HastyAttack(Action):
    """[8.4] The stack moving (or about to move) attacks an adjacent hex during its move,
    paying the hasty attack cost and the defender's terrain."""

    kind: ClassVar[str] = "hasty_attack"
    target: Hex
    units: tuple[str, ...]
    lead: str
    artillery: tuple[str, ...] = ()
    stukas: tuple[str, ...] = ()  # 4.6: withheld Ju-87s supporting a German attack


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class Defend(Action):
    """[11.2 step 2] The defender's lead unit and artillery for defensive bombardment."""

    kind: ClassVar[str] = "defend"
    lead: str
    artillery: tuple[str, ...] = ()


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class Bombard(Action):
    """[11.2 steps 4-5, 12.4] Designated artillery bombards one enemy unit: `target_unit`,
    or, in a bombardment mission under the fog of war (18.1), a hidden unit of the hex
    `hidden_in` drawn at random."""

    kind: ClassVar[str] = "bombard"
    units: tuple[str, ...]
    target_unit: str | None = field(default=None, metadata=OMITTED_AT_DEFAULT)
    hidden_in: Hex | None = field(default=None, metadata=OMITTED_AT_DEFAULT)


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class Counterbattery(Action):
    """[11.2 step 3, 12.4] Artillery fires at an enemy artillery unit designated to fire."""

    kind: ClassVar[str] = "counterbattery"
    units: tuple[str, ...]
    target_unit: str


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class Fire(Action):
    """[11.2 steps 6-7] A side's fire combat; the defender names the attacking hex."""

    kind: ClassVar[str] = "fire"
    at: Hex | None = None


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class TakeLosses(Action):
    """[11.6] The units losing each strength point of a result, in order."""

    kind: ClassVar[str] = "take_losses"
    hits: tuple[str, ...]


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class AnswerOptional(Action):
    """[11.5] Take an optional result as a proficiency check (True) or a retreat (False)."""

    kind: ClassVar[str] = "answer_optional"
    check: bool


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class Retreat(Action):
    """[11.7] The stack hit retreats along `path` (its hex first)."""

    kind: ClassVar[str] = "retreat"
    path: tuple[Hex, ...]


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class SpecialFire(Action):
    """[11.7, 9.3] The player whose ZOC a retreating or displaced stack entered fires at
    it there (True) or holds his fire (False)."""

    kind: ClassVar[str] = "special_fire"
    fire: bool


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class Advance(Action):
    """[11.8] Attacking units advance along `path` (the vacated hex first)."""

    kind: ClassVar[str] = "advance"
    units: tuple[str, ...]
    path: tuple[Hex, ...]


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class ContinueCombat(Action):
    """Done with the current combat step (no more counterbattery, bombardment or advance)."""

    kind: ClassVar[str] = "continue_combat"


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class ChangeLead(Action):
    """[11.3] A side whose lead unit was disrupted (or lost) names another."""

    kind: ClassVar[str] = "change_lead"
    lead: str


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class BombardmentMission(Action):
    """[12.2, 12.4] Artillery bombards a hex that is not under attack: the opponent may
    answer with counterbattery, then the guns fire at one unit there."""

    kind: ClassVar[str] = "bombardment_mission"
    target: Hex
    units: tuple[str, ...]


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class BuildBridge(Action):
    """[16.2] An engineer begins a bridge across a river hexside of its hex, at the start
    of its player phase; it stands there all phase and checks its proficiency at the end."""

    kind: ClassVar[str] = "build_bridge"
    unit: str
    hexside: Hexside


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class DestroyBridge(Action):
    """[16.2] An engineer at a bridge blows it, spending 6 MP (motorized) or 3."""

    kind: ClassVar[str] = "destroy_bridge"
    unit: str
    hexside: Hexside


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class AirStrike(Action):
    """[4.6, 11.2 step 5] Withheld Ju-87s designated for the attack bombard one defending
    unit, separately from the artillery."""

    kind: ClassVar[str] = "air_strike"
    air_units: tuple[str, ...]
    target_unit: str


# --- air operations (4.0) ---------------------------------------------------------------


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class AllocateAir(Action):
    """[4.3] A side places ready air units in the mission boxes of its Air Operations
    Chart: the Soviet side secretly (step 1), then the German side (step 2), then, the
    charts revealed, the German ready fighters (step 3). `missions`: air unit -> box."""

    kind: ClassVar[str] = "allocate_air"
    missions: FrozenMap[str, AirBox]
    sealed: bool = False  # e-mail play: allocated, its boxes shown after the other's (4.3)


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class AirEngage(Action):
    """[4.4] In the air battle under way, the deciding side names the enemy air unit each
    of its units fires at: fighters paired by the side with the bounce, the other side's
    unpaired fighters, or the interceptors' targets among the bombers."""

    kind: ClassVar[str] = "air_engage"
    pairs: FrozenMap[str, str]


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class GroundAttack(Action):
    """[4.6] Ground attack mission aircraft (and unengaged escorts) bombard one enemy
    ground unit in the Air Bombardment Segment: `target_unit`, or, under the fog of war
    (18.1), a hidden unit of the hex `hidden_in` drawn at random."""

    kind: ClassVar[str] = "ground_attack"
    air_units: tuple[str, ...]
    target_unit: str | None = field(default=None, metadata=OMITTED_AT_DEFAULT)
    hidden_in: Hex | None = field(default=None, metadata=OMITTED_AT_DEFAULT)


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class Interdict(Action):
    """[4.5] German interdiction aircraft attack a hex: a success makes a zone of five
    hexes around it where Soviet units lose movement points."""

    kind: ClassVar[str] = "interdict"
    air_units: tuple[str, ...]
    target: Hex


# --- replacements (17.3, 17.4) ----------------------------------------------------------


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class AssignReplacements(Action):
    """[17.4] In the Replacement Segment, `points` replacement points of the unit's
    nationality and class raise a unit on the map in regular supply, up to its original
    strength."""

    kind: ClassVar[str] = "assign_replacements"
    unit: str
    points: int = 1


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class Reenter(Action):
    """[17.4] In the Replacement Segment, a destroyed unit re-enters on `hex` at the
    strength of the `points` spent on it, on or next to its headquarters; a lost
    headquarters returns next to one of its units and spends nothing (`points` 0)."""

    kind: ClassVar[str] = "reenter"
    unit: str
    hex: Hex
    points: int = 1


# --- Operation Thunderclap (5.1) ----------------------------------------------------------


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class AttemptThunderclap(Action):
    """[5.1] In the Operation Thunderclap Initiation Segment, the German player rolls one
    die on the Initiation Table: denied, or the Sixth Army units are activated."""

    kind: ClassVar[str] = "attempt_thunderclap"


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class PlaceSixthArmy(Action):
    """[5.1] Once Thunderclap is activated, a Sixth Army unit is placed on a hex inside
    the pocket (in the Sixth Army Activation Segment)."""

    kind: ClassVar[str] = "place_sixth_army"
    unit: str
    hex: Hex


# --- the Soviet Ring Forces (5.2) ---------------------------------------------------------


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class RollRingRelease(Action):
    """[5.2] In the Soviet Ring Forces Segment, the Soviet player rolls the die for a Ring
    army (a formation id) attacked since the last segment: "eight" or more lets him release
    one of its pieces."""

    kind: ClassVar[str] = "roll_ring_release"
    army: str


@registered
@dataclass(frozen=True, slots=True, kw_only=True)
class ReleaseRingUnit(Action):
    """[5.2] After a release roll of "eight" or more, the Soviet player releases one piece
    of that army: it may move in this segment and is free for the rest of the game."""

    kind: ClassVar[str] = "release_ring_unit"
    unit: str
