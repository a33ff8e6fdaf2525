"""[18.1] A side's world: the game as one side's program plays it in e-mail play under fog
of war, knowing its own units whole and the enemy's only as they show (`exposure`).

Each hidden enemy counter stands in the world as a phantom: a unit of no stacking value
that occupies its hex, fights (a strength of 1, a convoy's 0, as 16.3 tells them apart)
and carries what the enemy's exposure says of the stack's hidden counters, and nothing
more: a zone of control (10.1), armour or artillery
holding one (11.8), or only convoys (16.3). The rules then judge the side's own actions on
its world as they would on the whole game: moves, their costs and reaches, advances and
attacks do not depend on what a phantom does not carry. What only the enemy can compute,
because it needs his hidden units, is his program's to resolve (docs/pbem-format.md).

Phantoms come from a fixed pool of definitions per side and kind, added once to the
ruleset (`with_phantoms`), so that building a world copies no definitions."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache

from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState, UnitState
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.rules.data.units import (
    MovementClass,
    Nationality,
    UnitCatalogue,
    UnitDef,
    UnitSize,
    UnitType,
)
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.worlds.exposure import Exposure, HiddenCounters, exposure, ids_by_side
from owsqt.rules.worlds.phantoms import PHANTOM_MARK, PhantomKind, is_phantom, phantom_id
from owsqt.rules.worlds.rename import renamed
from owsqt.rules.worlds.settling import UNKNOWN_DETAIL

PHANTOM_NAME = "hidden unit"
_BELOW_EVERY_STACK = 1_000_000  # phantoms lie under the counters the enemy shows
_OWNER_ONLY = frozenset({"movement", "arrivals", "artillery_phase", "bridge_works"})
"""GameState fields whose entries about a unit only its owner's rules read, and which the
enemy cannot know even of a unit he sees: how far it has moved this segment and what it
may still spend, when it entered, what its artillery did this phase, the bridge its
engineers build. A world keeps only its own side's."""
_NAMING_UNITS = (
    *sorted(_OWNER_ONLY),
    "combat",
    "special_fire",
    "ring",
    "thunderclap",
    "victory_ledger",
    "victory_flags",
)
"""The GameState fields besides `units` that name ground units: those a world renames.
tests/rules/test_worlds_belief.py searches whole worlds of fuzzed games for hidden ones."""

_SHAPES = {
    PhantomKind.QUIET: (UnitType.INFANTRY, UnitSize.COMPANY),
    PhantomKind.ZOC: (UnitType.INFANTRY, UnitSize.BATTALION),
    PhantomKind.ARMOUR: (UnitType.TANK, UnitSize.BATTALION),
    PhantomKind.ARTILLERY: (UnitType.ARTILLERY, UnitSize.BATTALION),
    PhantomKind.ANTIAIRCRAFT: (UnitType.ANTIAIRCRAFT, UnitSize.BATTALION),
    PhantomKind.CONVOY: (UnitType.CONVOY, UnitSize.BATTALION),
}
_NATIONALITY = {Player.GERMAN: Nationality.GERMAN_ARMY, Player.SOVIET: Nationality.SOVIET}


def with_phantoms(ruleset: Ruleset) -> Ruleset:
    """The ruleset whose catalogue also defines every phantom a world may need: of each
    side and kind, as many as the side has ground units. Made once per ruleset; a ruleset
    that has them is its own."""
    if phantom_id(Player.GERMAN, PhantomKind.QUIET, 0) in ruleset.catalogue.ground:
        return ruleset
    return ruleset.derived(_phantom_ruleset)


def _phantom_ruleset(ruleset: Ruleset) -> Ruleset:
    ground = dict(ruleset.catalogue.ground)
    clash = next((unit_id for unit_id in ground if is_phantom(unit_id)), None)
    if clash is not None:
        raise ValueError(f"the unit id {clash!r} begins with the phantoms' mark {PHANTOM_MARK!r}")
    for side in Player:
        size = sum(1 for unit in ruleset.catalogue.ground.values() if unit.player is side)
        for kind in PhantomKind:
            for index in range(size):
                unit_id = phantom_id(side, kind, index)
                ground[unit_id] = _phantom(unit_id, side, kind)
    catalogue = UnitCatalogue(ground, ruleset.catalogue.air, ruleset.catalogue.formations)
    return replace(ruleset, catalogue=catalogue)


def _phantom(unit_id: str, side: Player, kind: PhantomKind) -> UnitDef:
    unit_type, size = _SHAPES[kind]
    return UnitDef(
        id=unit_id,
        name=PHANTOM_NAME,
        nationality=_NATIONALITY[side],
        type=unit_type,
        movement_class=MovementClass.NON_MOTORIZED,
        combat=_strength(kind),  # never above a shown top unit's: it stays on top (18.1)
        combat_reduced=None,
        movement=0,
        proficiency=0,
        stacking=0,
        stacking_reduced=0,
        size=size,
    )


@dataclass(frozen=True)
class World:
    """[18.1] The game as `side` knows it: `state` holds its own units whole, the enemy's
    as they show and a phantom for each hidden counter; judge and apply actions against
    `ruleset`, which defines the phantoms."""

    side: Player
    ruleset: Ruleset
    state: GameState
    phantoms: FrozenMap[Hex, tuple[str, ...]]


def belief(ruleset: Ruleset, state: GameState, side: Player) -> World:
    """[18.1] `side`'s world of a whole game: what its program would hold in e-mail play."""
    return believed(ruleset, state, side, exposure(ruleset, state, side.opponent))


def believed(ruleset: Ruleset, own: GameState, side: Player, enemy: Exposure) -> World:
    """[18.1] `side`'s world from `own` (whose units of `side` are whole) and what the
    enemy's units show: every enemy unit of `own` is replaced by the exposure's."""
    if enemy.side is side:
        raise ValueError("a world is built from the enemy's exposure, not the side's own")
    phantom_rules = with_phantoms(ruleset)
    pool = phantom_rules.derived(_pool)
    mine = pool.ids[side]
    units = {unit_id: unit for unit_id, unit in own.units.items() if unit_id in mine}
    units.update(enemy.units)
    stray = not pool.every_phantom.isdisjoint(units)  # none but those made below
    grid = ruleset.grid
    used = dict.fromkeys(PhantomKind, 0)
    phantoms: dict[Hex, tuple[str, ...]] = {}
    for hex_, counters in sorted(enemy.hidden.items(), key=lambda item: grid.id_of(item[0])):
        ids = []
        for kind, unit in _stand_ins(hex_, counters):
            unit_id = pool.phantoms[enemy.side, kind][used[kind]]
            used[kind] += 1
            units[unit_id] = unit
            ids.append(unit_id)
        phantoms[hex_] = tuple(ids)
    # Every enemy unit, with the phantoms of an earlier world (they are made anew); of
    # them the side knows those its enemy shows, except in what only their owner reads.
    everyone = pool.none_of[enemy.side]
    unknown = dict(everyone)
    for unit_id in enemy.units:
        unknown.pop(unit_id, None)
    # A phantom of the world rebuilt keeps its place where the world names it (the
    # defenders of an attack under way), as the phantom of its hex in the same order.
    for hex_, old_ids in phantoms_by_hex(own).items():
        for old, new in zip(old_ids, phantoms.get(hex_, ()), strict=False):
            unknown[old] = new
    rest = {
        name: renamed(getattr(own, name), everyone if name in _OWNER_ONLY else unknown)
        for name in _NAMING_UNITS
        if name != "victory_ledger"
    }
    # 19.33: an award earned by a unit the side may not see, by nobody it may name
    rest["victory_ledger"] = renamed(
        own.victory_ledger,
        {old: UNKNOWN_DETAIL if new is None else new for old, new in unknown.items()},
    )
    if not rest["movement"].moving:  # 8.3: of a stack in motion the enemy owns, nothing
        rest["movement"] = replace(rest["movement"], administrative=False)
    state = replace(own, units=FrozenMap(units), **rest)
    if not stray:
        # Its only phantoms are those just made, each hex's in stack order: what
        # `phantoms_by_hex` finds, kept so that it need not look through every unit.
        state.units.remember(_placed_phantoms, phantoms)
    return World(side, phantom_rules, state, FrozenMap(phantoms))


def phantoms_by_hex(state: GameState) -> dict[Hex, list[str]]:
    """Every phantom of `state` on each hex, in stack order: also one that a combat
    engages, which the world names beside the units it shows."""
    found = state.units.derived(_placed_phantoms)
    return {hex_: list(ids) for hex_, ids in found.items()}


def _placed_phantoms(units: FrozenMap[str, UnitState]) -> dict[Hex, tuple[str, ...]]:
    found: dict[Hex, list[str]] = {}
    placed = [(unit_id, units[unit_id]) for unit_id in units if unit_id.startswith(PHANTOM_MARK)]
    for unit_id, unit in sorted(placed, key=lambda item: item[1].stack_order):
        if unit.hex is not None:
            found.setdefault(unit.hex, []).append(unit_id)
    return {hex_: tuple(ids) for hex_, ids in found.items()}


def phantoms_renamed(state: GameState, names: Mapping[str, str]) -> GameState:
    """`state` with its phantoms renamed by `names` (phantom -> unit id): in `units` and in
    every field that names units (`_NAMING_UNITS`). Only those can hold a phantom's id (a
    unit's state names no unit), so this is `renamed(state, names)` without a look into
    every unit."""
    if not all(is_phantom(unit_id) for unit_id in names):
        raise ValueError("only phantoms are renamed this way")
    units = state.units
    if any(unit_id in names for unit_id in units):
        units = FrozenMap({names.get(u, u): unit for u, unit in units.items()})
    changed = {
        name: new
        for name in _NAMING_UNITS
        if (new := renamed(old := getattr(state, name), names)) is not old and new != old
    }
    if units is state.units and not changed:
        return state
    return replace(state, units=units, **changed)


@dataclass(frozen=True)
class _Pool:
    """A phantom ruleset's ground unit ids, derived once: each side's (phantoms included),
    each side's as a map to None (the names that take them all out), and the phantoms of
    each side and kind in the order a world uses them."""

    ids: dict[Player, frozenset[str]]
    every_phantom: frozenset[str]
    none_of: dict[Player, dict[str, str | None]]
    phantoms: dict[tuple[Player, PhantomKind], tuple[str, ...]]


def _pool(ruleset: Ruleset) -> _Pool:
    ids = ids_by_side(ruleset)
    size = {side: sum(1 for u in ids[side] if not is_phantom(u)) for side in Player}
    return _Pool(
        ids,
        frozenset(u for side in Player for u in ids[side] if is_phantom(u)),
        {side: dict.fromkeys(ids[side]) for side in Player},
        {
            (side, kind): tuple(phantom_id(side, kind, index) for index in range(size[side]))
            for side in Player
            for kind in PhantomKind
        },
    )


@lru_cache(maxsize=4096)
def _stand_ins(hex_: Hex, counters: HiddenCounters) -> tuple[tuple[PhantomKind, UnitState], ...]:
    """The phantoms of one stack's hidden counters, each as its kind and its state (frozen:
    shared by every world that holds them; the cache holds at most a few thousand)."""
    return tuple(
        (
            kind,
            UnitState(
                status=UnitStatus.ON_MAP,
                hex=hex_,
                strength=_strength(kind),
                disrupted=kind is PhantomKind.ANTIAIRCRAFT and not zoc,  # 13.0: no ZOC
                stack_order=_BELOW_EVERY_STACK + order,
            ),
        )
        for order, (kind, zoc) in enumerate(_kinds(counters))
    )


def _strength(kind: PhantomKind) -> int:
    """[16.3] A convoy has no combat strength; any other unit has some."""
    return 0 if kind is PhantomKind.CONVOY else 1


def _kinds(counters: HiddenCounters) -> list[tuple[PhantomKind, bool]]:
    """[10.1, 11.8, 16.1, 16.3] One phantom per hidden counter, and whether it has a zone of
    control, carrying between them exactly what the counters are felt to carry."""
    if counters.only_convoys:
        return [(PhantomKind.CONVOY, False)] * counters.count
    # 16.1: the antiaircraft units each count; one of them holds the zone of control of
    # the artillery when it is theirs, the others are felt to have none.
    kinds = [
        (PhantomKind.ANTIAIRCRAFT, index == 0 and counters.antiaircraft_zoc)
        for index in range(counters.antiaircraft)
    ]
    if counters.armour_zoc:
        kinds.append((PhantomKind.ARMOUR, True))
    if counters.artillery_zoc and not counters.antiaircraft_zoc:
        kinds.append((PhantomKind.ARTILLERY, True))
    if counters.zoc and not any(zoc for _, zoc in kinds):
        kinds.append((PhantomKind.ZOC, True))
    return kinds + [(PhantomKind.QUIET, False)] * (counters.count - len(kinds))
