"""Scenarios (19.0) as data: turns, set-up groups and their zones, air, conditional
entries, options and victory conditions, read from scenarios/*.yaml (docs/scenario-format.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from owsqt.rules.core.dice import DiceState
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.state import AirUnitState, GameState, Tally, UnitState
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.vocabulary import AirBox, Player, UnitStatus
from owsqt.rules.data.datafile import DataError, Node, load_yaml
from owsqt.rules.data.units import UnitCatalogue
from owsqt.rules.map.gamemap import GameMap
from owsqt.rules.map.setupzones import (
    AllOf,
    AnyOf,
    AtHex,
    BehindStartLine,
    Choice,
    InPocket,
    NearPocket,
    NearStartLine,
    NorthOfRow,
    SouthOfRiver,
    WithFormations,
    Within,
    Zone,
)

LAST_TURN_OF_THE_TRACK = 23  # Turn Record Track: AM 12 to AM 23 December 1942
TURN_RECORD_TRACK = "turn-record-track.yaml"
VICTORY_EVALUATORS = ("hold_and_cross", "cross_river", "victory_points")
_SIDES = ("soviet", "german")
_ZONE_KINDS = (
    "hex",
    "within",
    "near_start_line",
    "north_of_row",
    "behind_start_line",
    "south_of_river",
    "all_of",
    "any_of",
    "with_formations",
    "choice",
    "near_pocket",
    "in_pocket",
)


@dataclass(frozen=True, slots=True)
class SetupGroup:
    name: str
    rule: str
    player: Player
    units: tuple[str, ...]
    zone: Zone
    reserve: bool = False
    losses: Tally | None = None
    start: UnitStatus = UnitStatus.ON_MAP
    # Hexes of the zone the default set-up fills first, in this order (history); the zone
    # alone decides what is legal.
    default_at: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ConditionalEntry:
    name: str
    rule: str
    units: tuple[str, ...]
    enter_at: str
    condition: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class ScenarioOption:
    id: str
    title: str
    rule: str
    victory_points_to_soviet: int
    penalty_group: str | None
    setup: tuple[SetupGroup, ...]


@dataclass(frozen=True, slots=True)
class ReserveRelease:
    """[19.11] Reserves may not move until released per the Turn Record Track, attacked by
    German or Rumanian ground units, or enemy units end a Player Phase within N hexes."""

    by_turn_record_track: bool
    when_attacked: bool
    enemy_within: int


@dataclass(frozen=True)
class Scenario:
    id: str
    title: str
    rule: str
    first_turn: int
    last_turn: int
    sets_up_first: Player
    setup: tuple[SetupGroup, ...] = ()
    air_ready: Mapping[Player, int | None] = field(default_factory=dict)  # None: all ready
    air_rule: Mapping[Player, str] = field(default_factory=dict)  # the rule of each side's air
    # 19.11 a: "no units start entrenched"; a side starts entrenched only if its scenario says.
    setup_entrenchments: Mapping[Player, bool] = field(default_factory=dict)
    entrenchment_rule: Mapping[Player, str] = field(default_factory=dict)
    conditional: tuple[ConditionalEntry, ...] = ()
    options: tuple[ScenarioOption, ...] = ()
    victory: Mapping[str, Any] = field(default_factory=dict)
    reserve_release: ReserveRelease | None = None

    def groups(self, options: tuple[str, ...] = ()) -> tuple[SetupGroup, ...]:
        """The set-up groups with those of the chosen options; an option's group replaces
        the scenario's groups for the same units (19.42 note: the 17th Panzer from the start
        replaces its force-pool arrival)."""
        added = [g for option in self.options if option.id in options for g in option.setup]
        taken = {unit for group in added for unit in group.units}
        kept = tuple(g for g in self.setup if not taken.intersection(g.units))
        return kept + tuple(added)


def rule_number(text: str) -> str:
    """The rule number a data file's rule text starts with ("19.21 a, reserve" -> "19.21");
    19.0 when the text is empty."""
    return text.split(" ")[0].rstrip(":,") or "19.0"


def load_scenarios(
    directory: Path, catalogue: UnitCatalogue, game_map: GameMap
) -> dict[str, Scenario]:
    """Every scenario file by id; a DataError names the file and key."""
    scenarios: dict[str, Scenario] = {}
    for path in sorted(directory.glob("*.yaml")):
        if path.name == TURN_RECORD_TRACK:
            continue
        scenario = ScenarioReader(catalogue, game_map).scenario(load_yaml(path))
        if scenario.id in scenarios:
            raise DataError(path, "id", "a scenario id used by no other file", repr(scenario.id))
        scenarios[scenario.id] = scenario
    return scenarios


class ScenarioReader:
    """Reads scenario files, checking every unit, formation and hex they name."""

    def __init__(self, catalogue: UnitCatalogue, game_map: GameMap) -> None:
        self.catalogue = catalogue
        self.game_map = game_map

    def scenario(self, root: Node) -> Scenario:
        root.check_keys(
            required=("id", "title", "rule", "first_turn", "last_turn", "sets_up_first"),
            optional=(
                "options",
                "setup",
                "air",
                "conditional",
                "victory",
                "reserve_release",
                "entrenchments",
            ),
        )
        first_turn = root.get("first_turn").as_int(1, LAST_TURN_OF_THE_TRACK)
        last_node = root.get("last_turn")
        last_turn = last_node.as_int(1, LAST_TURN_OF_THE_TRACK)
        if last_turn < first_turn:
            raise last_node.error(f"a turn not before the first turn ({first_turn})")
        setup = root.optional("setup")
        options = root.optional("options")
        conditional = root.optional("conditional")
        victory = root.optional("victory")
        air = root.optional("air")
        release = root.optional("reserve_release")
        entrenchments = root.optional("entrenchments")
        allowed, entrenchment_rule = (
            self.entrenchments(entrenchments) if entrenchments else ({}, {})
        )
        return Scenario(
            id=root.get("id").as_id(),
            title=root.get("title").as_str(),
            rule=root.get("rule").as_scalar_text(),
            first_turn=first_turn,
            last_turn=last_turn,
            sets_up_first=Player(root.get("sets_up_first").as_choice(_SIDES)),
            setup=self.sides(setup) if setup else (),
            air_ready=self.air(air) if air else {Player.SOVIET: None, Player.GERMAN: None},
            air_rule=self.air_rules(air) if air else {},
            setup_entrenchments=allowed,
            entrenchment_rule=entrenchment_rule,
            conditional=tuple(self.conditional(n) for n in conditional.as_list())
            if conditional
            else (),
            options=tuple(self.option(n) for n in options.as_list()) if options else (),
            victory=self.victory(victory) if victory else {},
            reserve_release=self.reserve_release(release) if release else None,
        )

    def sides(self, node: Node) -> tuple[SetupGroup, ...]:
        node.check_keys(optional=_SIDES)
        groups: list[SetupGroup] = []
        for side in _SIDES:
            side_node = node.optional(side)
            if side_node is not None:
                groups.extend(self.group(n, Player(side)) for n in side_node.as_list())
        return tuple(groups)

    def group(self, node: Node, player: Player) -> SetupGroup:
        node.check_keys(
            required=("name", "units", "zone"),
            optional=("rule", "reserve", "losses", "start", "default_at"),
        )
        units = self.selector(node.get("units"))
        for unit_id in units:
            if self.catalogue.ground[unit_id].player is not player:
                raise node.get("units").error(f"{player.value} units only", unit_id)
        rule = node.optional("rule")
        reserve = node.optional("reserve")
        losses = node.optional("losses")
        start = node.optional("start")
        default_at = node.optional("default_at")
        zone = self.zone(node.get("zone"))
        return SetupGroup(
            name=node.get("name").as_str(),
            rule=rule.as_scalar_text() if rule else "",
            player=player,
            units=units,
            zone=zone,
            reserve=reserve.as_bool() if reserve else False,
            losses=self.losses(losses) if losses else None,
            start=UnitStatus(start.as_choice(("on_map", "force_pool")))
            if start
            else UnitStatus.ON_MAP,
            default_at=self.default_hexes(default_at, zone) if default_at else (),
        )

    def selector(self, node: Node) -> tuple[str, ...]:
        node.check_keys(optional=("formation", "direct", "units", "except"))
        chosen: list[str] = []
        formation = node.optional("formation")
        if formation is not None:
            formation_id = self.formation_id(formation)
            direct = node.optional("direct")
            if direct is not None and direct.as_bool():
                chosen += [
                    u.id for u in self.catalogue.ground.values() if u.formation == formation_id
                ]
            else:
                chosen += [u.id for u in self.catalogue.units_of(formation_id)]
        named = node.optional("units")
        if named is not None:
            chosen += [self.unit_id(item) for item in named.as_list(min_length=1)]
        excluded = node.optional("except")
        if excluded is not None:
            dropped = {self.unit_id(item) for item in excluded.as_list()}
            chosen = [unit_id for unit_id in chosen if unit_id not in dropped]
        if not chosen:
            raise node.error("a selector that names at least one unit")
        return tuple(dict.fromkeys(chosen))

    def formation_id(self, node: Node) -> str:
        formation_id = node.as_str()
        if formation_id not in self.catalogue.formations:
            raise node.error("the id of a formation in resources/units")
        return formation_id

    def unit_id(self, node: Node) -> str:
        unit_id = node.as_str()
        if unit_id not in self.catalogue.ground:
            raise node.error("the id of a ground unit in resources/units")
        return unit_id

    def hex_id(self, node: Node) -> str:
        hex_id = node.as_scalar_text()
        try:
            self.game_map.grid.hex_of(hex_id)
        except ValueError as error:
            raise node.error("a hex id on the map", str(error)) from None
        return hex_id

    def default_hexes(self, node: Node, zone: Zone) -> tuple[str, ...]:
        """A group's `default_at`: hexes of its zone, which the default set-up fills first."""
        try:
            allowed = zone.hexes(self.game_map)
        except TypeError:
            raise node.error("no default_at: the zone depends on where others stand") from None
        ids = []
        for item in node.as_list(min_length=1):
            hex_id = self.hex_id(item)
            if self.game_map.grid.hex_of(hex_id) not in allowed:
                raise item.error(f"a hex of the group's zone ({zone.describe()})", hex_id)
            ids.append(hex_id)
        return tuple(ids)

    def zone(self, node: Node) -> Zone:
        mapping = node.as_mapping()
        kinds = _ZONE_KINDS
        kind = next((key for key in kinds if key in mapping), None)
        if kind is None:
            raise node.error("a zone: one of " + ", ".join(kinds))
        value = mapping[kind]
        if kind == "hex":
            node.check_keys(required=("hex",))
            return AtHex(self.hex_id(value))
        if kind == "within":
            node.check_keys(required=("within", "distance"))
            return Within(self.hex_id(value), node.get("distance").as_int(0, 20))
        if kind == "near_start_line":
            node.check_keys(required=("near_start_line", "distance"))
            side, first, last = value.as_list(length=3)
            zone = NearStartLine(
                side.as_choice(("soviet", "axis")),
                self.hex_id(first),
                self.hex_id(last),
                node.get("distance").as_int(0, 20),
            )
            try:
                zone.hexes(self.game_map)
            except ValueError as error:
                raise value.error("a start line segment of the map", str(error)) from None
            return zone
        if kind == "near_pocket":
            node.check_keys(required=("near_pocket",))
            return NearPocket(value.as_int(1, 20))
        if kind == "in_pocket":
            node.check_keys(required=("in_pocket",))
            if not value.as_bool():
                raise value.error("true")
            return InPocket()
        if kind == "north_of_row":
            node.check_keys(required=("north_of_row",))
            return NorthOfRow(value.as_int(1, 99))
        if kind == "behind_start_line":
            node.check_keys(required=("behind_start_line",))
            return BehindStartLine(value.as_choice(("soviet", "axis")))
        if kind == "south_of_river":
            node.check_keys(required=("south_of_river",))
            river = value.as_str()
            if not any(side.name == river for side in self.game_map.rivers.values()):
                raise value.error("the name of a river on the map")
            return SouthOfRiver(river)
        if kind in ("all_of", "any_of"):
            node.check_keys(required=(kind,))
            zones = tuple(self.zone(item) for item in value.as_list(min_length=1))
            return AllOf(zones) if kind == "all_of" else AnyOf(zones)
        if kind == "with_formations":
            node.check_keys(required=(kind,))
            return WithFormations(tuple(self.formation_id(f) for f in value.as_list(min_length=1)))
        node.check_keys(required=("choice",))
        value.check_keys(required=("stacking_points", "zone"))
        return Choice(value.get("stacking_points").as_int(1, 200), self.zone(value.get("zone")))

    def losses(self, node: Node) -> Tally:
        node.check_keys(optional=("armor", "infantry", "artillery"))
        read = {
            key: node.get(key).as_int(0, 99)
            for key in ("armor", "infantry", "artillery")
            if node.has(key)
        }
        return Tally(**read)

    def air(self, node: Node) -> dict[Player, int | None]:
        node.check_keys(optional=_SIDES)
        ready: dict[Player, int | None] = {Player.SOVIET: None, Player.GERMAN: None}
        for side in _SIDES:
            side_node = node.optional(side)
            if side_node is None:
                continue
            side_node.check_keys(required=("ready",), optional=("flown", "rule"))
            count = side_node.get("ready")
            ready[Player(side)] = None if count.value == "all" else count.as_int(0, 30)
        return ready

    def air_rules(self, node: Node) -> dict[Player, str]:
        """The rule each side's starting air boxes come from (19.11 b, 19.21 b, ...)."""
        rules: dict[Player, str] = {}
        for side in _SIDES:
            side_node = node.optional(side)
            rule = side_node.optional("rule") if side_node is not None else None
            if rule is not None:
                rules[Player(side)] = rule.as_scalar_text()
        return rules

    def entrenchments(self, node: Node) -> tuple[dict[Player, bool], dict[Player, str]]:
        """[19.11 a] Whether each side may start entrenched, and the rule that says so."""
        node.check_keys(required=_SIDES)
        allowed: dict[Player, bool] = {}
        rules: dict[Player, str] = {}
        for side in _SIDES:
            side_node = node.get(side)
            side_node.check_keys(required=("allowed", "rule"))
            allowed[Player(side)] = side_node.get("allowed").as_bool()
            rules[Player(side)] = side_node.get("rule").as_scalar_text()
        return allowed, rules

    def conditional(self, node: Node) -> ConditionalEntry:
        node.check_keys(required=("name", "units", "enter_at", "when"), optional=("rule",))
        rule = node.optional("rule")
        when = node.get("when")
        when.check_keys(required=("controls", "by"))
        self.hex_id(when.get("controls"))
        self.formation_id(when.get("by"))
        return ConditionalEntry(
            name=node.get("name").as_str(),
            rule=rule.as_scalar_text() if rule else "",
            units=self.selector(node.get("units")),
            enter_at=self.hex_id(node.get("enter_at")),
            condition={
                "controls": when.get("controls").as_scalar_text(),
                "by": when.get("by").as_str(),
            },
        )

    def option(self, node: Node) -> ScenarioOption:
        node.check_keys(
            required=("id", "title", "setup"),
            optional=("rule", "victory_points_to_soviet", "penalty_group"),
        )
        rule = node.optional("rule")
        points = node.optional("victory_points_to_soviet")
        group = node.optional("penalty_group")
        return ScenarioOption(
            id=node.get("id").as_id(),
            title=node.get("title").as_str(),
            rule=rule.as_scalar_text() if rule else "",
            victory_points_to_soviet=points.as_int(0, 10) if points else 0,
            penalty_group=group.as_str() if group else None,
            setup=self.sides(node.get("setup")),
        )

    def reserve_release(self, node: Node) -> ReserveRelease:
        node.check_keys(required=("turn_record_track", "attacked", "enemy_within"))
        return ReserveRelease(
            by_turn_record_track=node.get("turn_record_track").as_bool(),
            when_attacked=node.get("attacked").as_bool(),
            enemy_within=node.get("enemy_within").as_int(0, 20),
        )

    def victory(self, node: Node) -> dict[str, Any]:
        node.get("evaluator").as_choice(VICTORY_EVALUATORS)
        value = node.value
        assert isinstance(value, dict)  # node.get has refused anything but a mapping
        return dict(value)  # the evaluator reads its own parameters


def initial_state(
    catalogue: UnitCatalogue,
    scenario: Scenario,
    seed: int,
    options: tuple[str, ...] = (),
    in_play: frozenset[str] | None = None,
) -> GameState:
    """A new game before set-up: its counters off the map at full strength, air units ready
    (4.7). `in_play` names the ground counters of the scenario; None means every counter (a
    sandbox for free play)."""
    units = FrozenMap(
        {
            unit_id: UnitState(strength=definition.combat)
            for unit_id, definition in catalogue.ground.items()
            if in_play is None or unit_id in in_play
        }
    )
    air = FrozenMap({unit_id: AirUnitState(box=AirBox.READY) for unit_id in catalogue.air})
    return GameState(
        scenario=scenario.id,
        first_turn=scenario.first_turn,
        last_turn=scenario.last_turn,
        turn=scenario.first_turn,
        phase=Phase.SETUP,
        segment=Segment.setup_of(scenario.sets_up_first),
        active=scenario.sets_up_first,
        dice=DiceState.new(seed, options),  # 18.1: keyed if the options say so
        setup_first=scenario.sets_up_first,
        options=tuple(options),
        units=units,
        air_units=air,
    )
