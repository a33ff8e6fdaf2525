"""The Terrain Effects Chart: movement costs and combat shifts per terrain (8.1, 11.4, 15.2)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType

from owsqt.rules.data.datafile import Node
from owsqt.rules.data.tables.grid import NATIONALITIES, lookup, read_rule

#: The chart's movement columns in printed order; TerrainType.movement_costs follows it.
MOVEMENT_CLASSES = ("tracked", "motorized", "non_motorized")
#: Every row of the Terrain Effects Chart, by key.
TERRAIN_TYPES = (
    "clear",
    "elevated",
    "marsh",
    "major_river",
    "minor_river",
    "city",
    "village",
    "primary_road",
    "secondary_road",
    "railroad",
    "bridge",
    "stalingrad_pocket",
    "entrenchments",
)


class MoveKind(StrEnum):
    """How a Terrain Effects Chart movement cell reads."""

    ENTER = "enter"  # "2 MP": the cost to enter the hex
    HEXSIDE = "hexside"  # "+4 MP": added for crossing the hexside
    PROHIBITED = "prohibited"  # "Prohibited"
    OTHER_TERRAIN = "other_terrain"  # "Other terrain in hex"


@dataclass(frozen=True, slots=True)
class MovementCost:
    """One movement cell of the Terrain Effects Chart; ``mp`` is exact (1/2 for roads)."""

    kind: MoveKind
    mp: Fraction | None = None

    @classmethod
    def parse(cls, text: str) -> MovementCost:
        """Read ``"1 MP"``, ``"1/2 MP"``, ``"+4 MP"``, ``"Prohibited"``, ``"Other terrain in
        hex"``; raises ValueError otherwise."""
        text = " ".join(text.split())
        if text.lower() == "prohibited":
            return cls(MoveKind.PROHIBITED)
        if text.lower() == "other terrain in hex":
            return cls(MoveKind.OTHER_TERRAIN)
        match = re.fullmatch(r"(\+?)(\d+(?:/\d+)?) MP", text)
        if not match:
            raise ValueError(f"not a movement cost: {text!r}")
        plus, number = match.groups()
        mp = Fraction(number)
        if mp <= 0:
            raise ValueError(f"a movement cost must be positive: {text!r}")
        return cls(MoveKind.HEXSIDE if plus else MoveKind.ENTER, mp)

    def __str__(self) -> str:
        if self.kind is MoveKind.PROHIBITED:
            return "Prohibited"
        if self.kind is MoveKind.OTHER_TERRAIN:
            return "Other terrain in hex"
        return f"{'+' if self.kind is MoveKind.HEXSIDE else ''}{self.mp} MP"


class CombatKind(StrEnum):
    """How a Terrain Effects Chart combat cell reads."""

    SHIFT = "shift"  # "None", "1 column", "2 columns"
    PROHIBITED = "prohibited"  # "Prohibited" (major river)
    AS_RIVER = "as_river"  # "See rivers" (bridge)


@dataclass(frozen=True, slots=True)
class TerrainCombat:
    """The combat effect of a terrain type: columns to the left (11.4) or a special case."""

    kind: CombatKind
    columns_left: int = 0

    @classmethod
    def parse(cls, text: str) -> TerrainCombat:
        """Read ``"None"``, ``"1 column"``, ``"2 columns"``, ``"Prohibited"``, ``"See
        rivers"``; raises ValueError otherwise."""
        text = " ".join(text.split())
        lowered = text.lower()
        if lowered == "none":
            return cls(CombatKind.SHIFT, 0)
        if lowered == "prohibited":
            return cls(CombatKind.PROHIBITED)
        if lowered == "see rivers":
            return cls(CombatKind.AS_RIVER)
        match = re.fullmatch(r"(\d+) columns?", lowered)
        if not match or int(match.group(1)) == 0:
            raise ValueError(f"not a combat effect: {text!r}")
        return cls(CombatKind.SHIFT, int(match.group(1)))

    def __str__(self) -> str:
        if self.kind is CombatKind.PROHIBITED:
            return "Prohibited"
        if self.kind is CombatKind.AS_RIVER:
            return "See rivers"
        if self.columns_left == 0:
            return "None"
        return f"{self.columns_left} column{'s' if self.columns_left != 1 else ''}"


@dataclass(frozen=True, slots=True)
class TerrainType:
    """One row of the Terrain Effects Chart (rules 8.1, 11.4, 15.2)."""

    key: str
    name: str
    movement_costs: tuple[MovementCost, ...]  # in MOVEMENT_CLASSES order
    combat: TerrainCombat
    closed_to: tuple[str, ...] = ()
    rule: str | None = None
    leaving: Fraction | None = None  # 15.2: the share of its allowance a unit pays to leave

    def movement(self, movement_class: str) -> MovementCost:
        """The chart cell for ``tracked``, ``motorized`` or ``non_motorized``."""
        if movement_class not in MOVEMENT_CLASSES:
            raise KeyError(
                f"unknown movement class {movement_class!r}; known: {', '.join(MOVEMENT_CLASSES)}"
            )
        return self.movement_costs[MOVEMENT_CLASSES.index(movement_class)]

    def cost(self, movement_class: str) -> Fraction:
        """The MP to enter a hex of this terrain, e.g. ``marsh.cost("motorized") == 3``.

        Raises ValueError where the chart gives no entry cost: hexside features (use
        :meth:`hexside_extra`), prohibited terrain, and "other terrain in hex".
        """
        cell = self.movement(movement_class)
        if cell.kind is MoveKind.ENTER and cell.mp is not None:
            return cell.mp
        hints = {
            MoveKind.HEXSIDE: "it is a hexside cost: use hexside_extra()",
            MoveKind.PROHIBITED: "it is prohibited",
            MoveKind.OTHER_TERRAIN: "it costs the other terrain in the hex",
        }
        raise ValueError(f"{self.name} has no entry cost for {movement_class}: {hints[cell.kind]}")

    def hexside_extra(self, movement_class: str) -> Fraction:
        """The MP added for crossing this hexside, e.g. ``minor_river`` tracked -> 4."""
        cell = self.movement(movement_class)
        if cell.kind is MoveKind.HEXSIDE and cell.mp is not None:
            return cell.mp
        raise ValueError(f"{self.name} is not an additive hexside cost for {movement_class}")

    @property
    def column_shift(self) -> int:
        """Columns left for a defender in or behind this terrain (11.4; additive).

        0 for "None", for "Prohibited" (see :attr:`combat`) and for a bridge's "See rivers":
        the river hexside it spans still gives its own shift.
        """
        return self.combat.columns_left if self.combat.kind is CombatKind.SHIFT else 0


@dataclass(frozen=True, slots=True)
class TerrainEffectsChart:
    """The Terrain Effects Chart (TEC) with its icy-turn note (8.1): every module asks it
    what terrain costs and what it forbids, and cites the rule it gives."""

    title: str
    terrain_types: tuple[TerrainType, ...]
    icy_note: str
    icy_treat_as: str
    icy_terrain: tuple[str, ...]
    _rows: Mapping[str, TerrainType] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # The move graph asks for rows tens of thousands of times: look them up by key.
        rows = MappingProxyType({t.key: t for t in self.terrain_types})
        object.__setattr__(self, "_rows", rows)

    def terrain(self, key: str) -> TerrainType:
        """The row for a terrain key such as ``"marsh"`` (see :data:`TERRAIN_TYPES`)."""
        row = self._rows.get(key)
        if row is None:
            return lookup(self.terrain_types, key, "terrain type", lambda t: t.key)  # raises
        return row

    def for_turn(self, key: str, *, icy: bool) -> TerrainType:
        """The row that applies this turn: on icy turns roads are treated as clear (8.1)."""
        if icy and key in self.icy_terrain:
            return self.terrain(self.icy_treat_as)
        return self.terrain(key)

    def entering(self, key: str, movement_class: str, *, icy: bool) -> tuple[TerrainType, Fraction]:
        """[8.1] The row that prices entering a hex of `key` this turn (on icy turns a road
        as clear terrain) and the MP it costs `movement_class`."""
        row = self.for_turn(key, icy=icy)
        return row, row.cost(movement_class)

    def crossing(
        self, river: str, movement_class: str, *, bridged: bool
    ) -> tuple[TerrainType, Fraction]:
        """[8.1] The row that prices crossing a `river` hexside and the MP it adds: the
        bridge's where one spans it. Raises ValueError where the crossing is prohibited
        (see :meth:`crossing_rule`)."""
        if self.crossing_rule(river) is not None:
            raise ValueError(f"{self.terrain(river).name} may not be crossed, bridged or not")
        row = self.terrain("bridge" if bridged else river)
        return row, row.hexside_extra(movement_class)

    def crossing_rule(self, river: str) -> str | None:
        """The rule that forbids every unit to cross a `river` hexside, bridges included
        (8.2: the Don); None where units may cross."""
        row = self.terrain(river)
        if all(c.kind is MoveKind.PROHIBITED for c in row.movement_costs):
            return row.rule
        return None

    def entry_rule(self, key: str, nationality: str) -> str | None:
        """The rule that bars `nationality`'s units from hexes of `key` (8.2: Soviet units
        and the Stalingrad pocket); None where they may enter."""
        row = self.terrain(key)
        return row.rule if nationality in row.closed_to else None

    def attack_rule(self, river: str) -> str | None:
        """The rule that forbids combat across a `river` hexside (the chart's combat
        column: a major river, 8.2); None where units may attack across it."""
        row = self.terrain(river)
        return row.rule if row.combat.kind is CombatKind.PROHIBITED else None

    def leaving_cost(self, key: str, allowance: Fraction) -> tuple[Fraction, str]:
        """The MP a unit with `allowance` spends to leave a hex of `key`, and the rule that
        says so (15.2: entrenchments, half of it). Raises ValueError for terrain that costs
        nothing to leave."""
        row = self.terrain(key)
        if row.leaving is None or row.rule is None:
            raise ValueError(f"{row.name} costs nothing to leave")
        return allowance * row.leaving, row.rule


def _share(text: str) -> Fraction:
    share = Fraction(text)
    if not 0 < share <= 1:
        raise ValueError(f"a share of the allowance is more than 0 and at most 1: {text!r}")
    return share


def read_tec(root: Node) -> TerrainEffectsChart:
    """The Terrain Effects Chart with its icy-turn note, from its YAML root."""
    root.keys_exactly("terrain_effects")
    node = root.get("terrain_effects")
    node.keys_exactly("title", "movement_classes", "terrain", "icy_turns")
    classes_node = node.get("movement_classes")
    classes = tuple(item.as_str() for item in classes_node.as_list())
    if classes != MOVEMENT_CLASSES:
        raise classes_node.error(f"the movement classes {list(MOVEMENT_CLASSES)}")
    terrain_node = node.get("terrain")
    terrain_node.keys_exactly(*TERRAIN_TYPES)
    cost_expected = "a movement cost such as '2 MP', '1/2 MP', '+4 MP' or 'Prohibited'"
    types: list[TerrainType] = []
    for key, entry in terrain_node.as_mapping().items():
        entry.check_keys(
            required=("name", "movement", "combat"), optional=("closed_to", "rule", "leaving")
        )
        movement = entry.get("movement")
        if isinstance(movement.value, list):
            cells = movement.as_list(length=len(MOVEMENT_CLASSES))
            costs = tuple(c.as_parsed(MovementCost.parse, cost_expected) for c in cells)
        else:
            spanning = movement.as_parsed(MovementCost.parse, cost_expected)
            if spanning.kind in (MoveKind.ENTER, MoveKind.HEXSIDE):
                raise movement.error(
                    f"a list of {len(MOVEMENT_CLASSES)} costs, one per movement class"
                )
            costs = (spanning,) * len(MOVEMENT_CLASSES)
        closed = entry.optional("closed_to")
        leaving = entry.optional("leaving")
        row = TerrainType(
            key=key,
            name=entry.get("name").as_str(),
            movement_costs=costs,
            combat=entry.get("combat").as_parsed(
                TerrainCombat.parse, "'None', 'N column(s)', 'Prohibited' or 'See rivers'"
            ),
            closed_to=tuple(c.as_choice(NATIONALITIES) for c in closed.as_list()) if closed else (),
            leaving=leaving.as_parsed(_share, "a share of the allowance such as '1/2'")
            if leaving
            else None,
        )
        # What the chart forbids or charges beyond its cells is cited by the rule that says so.
        forbids = (
            all(c.kind is MoveKind.PROHIBITED for c in costs)
            or row.combat.kind is CombatKind.PROHIBITED
            or row.closed_to
            or row.leaving is not None
        )
        rule = read_rule(entry) if forbids or entry.optional("rule") else None
        types.append(replace(row, rule=rule))
    icy = node.get("icy_turns")
    icy.keys_exactly("note", "treat_as", "terrain")
    return TerrainEffectsChart(
        title=node.get("title").as_str(),
        terrain_types=tuple(types),
        icy_note=icy.get("note").as_str(),
        icy_treat_as=icy.get("treat_as").as_choice(TERRAIN_TYPES),
        icy_terrain=tuple(t.as_choice(TERRAIN_TYPES) for t in icy.get("terrain").as_list()),
    )
