"""[18.1] The log as one side may read it: the lines of a journal entry's events, told so that
they name no enemy unit the fog of war hides from that side.

An entry is read between the state before it and the state after it. An enemy unit the side
knows (`view(...).knows`) after it, or saw on the map before it, is named; any other is
"hidden" for the entry (one that comes onto the map unseen included: known off the map, it
is not known where it goes): it is told without its name ("a German unit", "3 Soviet
units"), and what would tell only its hidden face is left out. The side's own units, air
units, places, markers on the map and every die roll are told as they are. By kind of event:

- no ground unit in it (the sequence of play, dice, initiative, air allocation, fire on a
  table, entrenchments, bridges, interdiction, victory, Thunderclap, the Ring): told as is;
- a unit doing something that is seen on the map (placed, leaving the map, beginning a
  bridge, a proficiency check, the lead, the 88s, a convoy destroyed, a Ring release, victory
  points for an advance): told, a hidden unit unnamed;
- a stack doing something (a move, a retreat or advance, displacement, a release from
  reserve, an attack or bombardment declared, passage fire offered, a stack reordered): the
  known units named, the hidden ones counted ("I/39 Pz, 2 German units moved ...");
- a unit's own condition (strength, its face, a marker on it, its supply): left out when the
  unit is hidden; a strength change is told only where the side sees the figure (its own
  units, units engaged in a combat, units off the map), never from an enemy's strength
  marker; an enemy unit flipped in sight is told with the printed strength now up;
- any other event (a kind this module does not know yet, "target drawn"): told with hidden
  units unnamed.

Every line, and the broken rules an entry of ASSIST play writes, then has the id or name of a
hidden unit that a sentence holds (a die roll "recovery of I/39 Pz", a reason, a rule's
message) put as "a German unit"."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import fields, is_dataclass, replace
from functools import cached_property

from owsqt.rules.core.events import (
    AirAllocated,
    AirCheck,
    AirFireResolved,
    AirUnitMoved,
    AttackDeclared,
    AttacksDeclared,
    AttackShortfall,
    BombardmentDeclared,
    BounceRolled,
    BridgeChanged,
    BridgeWorkBegun,
    CombatEnded,
    CombatMoved,
    CombatStepReached,
    ConditionMet,
    ConvoyDestroyed,
    DiceRolled,
    Eighty88,
    EntrenchmentChanged,
    Event,
    FireResolved,
    GameEnded,
    InitiativeDetermined,
    InterdictionChanged,
    LeadChanged,
    MarkerChanged,
    OptionalAnswered,
    Passed,
    ProficiencyChecked,
    ReplacementPointsChanged,
    ReservesReleased,
    RingReleaseRolled,
    RingUnitReleased,
    SegmentOrderChosen,
    SpecialFireHeld,
    SpecialFireOffered,
    StackReordered,
    StepChanged,
    StrengthChanged,
    SupplyChanged,
    ThunderclapChanged,
    ThunderclapRolled,
    UnitFlipped,
    UnitPlaced,
    UnitsDisplaced,
    UnitsMoved,
    UnitStatusChanged,
    VictoryPointsEarned,
)
from owsqt.rules.core.hexgrid import Hex, Hexside
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.rules.fog.option import fog_on
from owsqt.rules.fog.view import SideView, view
from owsqt.rules.scenario.ruleset import Ruleset

Viewer = Callable[[GameState], SideView]
"""The side's view of a state (`fog.view.view` for one side, perhaps remembered)."""

PUBLIC: tuple[type[Event], ...] = (
    AirAllocated,
    AirCheck,
    AirFireResolved,
    AirUnitMoved,
    AttacksDeclared,
    AttackShortfall,
    BounceRolled,
    BridgeChanged,
    CombatEnded,
    CombatStepReached,
    ConditionMet,
    DiceRolled,
    EntrenchmentChanged,
    FireResolved,
    GameEnded,
    InitiativeDetermined,
    InterdictionChanged,
    OptionalAnswered,
    Passed,
    ReplacementPointsChanged,
    RingReleaseRolled,
    SegmentOrderChosen,
    SpecialFireHeld,
    StepChanged,
    ThunderclapChanged,
    ThunderclapRolled,
)
"""Events that name no ground unit (air units are not hidden by 18.1): told as they are."""

SEEN_ACTS: tuple[type[Event], ...] = (
    BridgeWorkBegun,
    ConvoyDestroyed,
    Eighty88,
    LeadChanged,
    ProficiencyChecked,
    RingUnitReleased,
    UnitPlaced,
    UnitStatusChanged,
    VictoryPointsEarned,
)
"""A unit doing what is seen on the map: told, a hidden unit unnamed."""

STACK_ACTS: dict[type[Event], str] = {
    AttackDeclared: "units",
    BombardmentDeclared: "units",
    CombatMoved: "units",
    ReservesReleased: "units",
    SpecialFireOffered: "firers",
    StackReordered: "order",
    UnitsDisplaced: "units",
    UnitsMoved: "units",
}
"""A stack doing what is seen on the map, and the field of its units: the known units
named, the hidden ones counted."""

Condition = MarkerChanged | StrengthChanged | SupplyChanged | UnitFlipped
"""A unit's own condition: left out when the unit is hidden."""


def told(
    ruleset: Ruleset,
    events: Sequence[Event],
    before: GameState,
    after: GameState,
    side: Player | None,
) -> tuple[str, ...]:
    """[18.1] The lines of an entry's `events` that `side` may read, between the states
    `before` and `after` the entry; all of them for `side` None or a game without fog."""
    if side is None or not fog_on(before) or not names_enemy(ruleset, events, side):
        return tuple(event.describe(ruleset) for event in events)
    return Sight(ruleset, side, before, after).narration(events)


def names_enemy(ruleset: Ruleset, events: Sequence[Event], side: Player) -> bool:
    """Whether any of `events` holds the id or the name of a ground unit of `side`'s enemy,
    in a field or inside a sentence ("recovery of I/39 Pz"): else they are told as they
    are, without a look at the states (`Sight`)."""
    enemy = ruleset.derived(UnitWords).of[side.opponent]
    return any(enemy.search(word) for event in events for word in _words(event))


def _words(value: object) -> Iterator[str]:
    """Every string an event holds, in its fields, tuples and records, however deep."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, tuple):
        for item in value:
            yield from _words(item)
    elif is_dataclass(value) and not isinstance(value, type):
        for field in fields(value):
            yield from _words(getattr(value, field.name))


class UnitWords:
    """The ids and names of each side's ground units, as words to find in a sentence
    (a name inside a longer one, "I/39 Pz" in "II/39 Pz", is not found)."""

    def __init__(self, ruleset: Ruleset) -> None:
        ground = ruleset.catalogue.ground
        self.unit: dict[str, str] = {}  # a word: the unit it names
        self.of: dict[Player, re.Pattern[str]] = {}
        for player in Player:
            words: list[str] = []
            for unit_id, defn in ground.items():
                if defn.player is player:
                    self.unit[unit_id] = self.unit[defn.name] = unit_id
                    words.extend((unit_id, defn.name))
            words.sort(key=len, reverse=True)
            alternatives = "|".join(re.escape(word) for word in words) or "(?!)"
            self.of[player] = re.compile(rf"(?<![\w/-])(?:{alternatives})(?![\w/-])")


class Sight:
    """[18.1] What `side` may know of the units one entry's events name: its views of the
    states before and after the entry, taken only when an event names an enemy unit.
    `seen` gives a state's view (to share views between entries); `view` by default."""

    def __init__(
        self,
        ruleset: Ruleset,
        side: Player,
        before: GameState,
        after: GameState,
        seen: Viewer | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.side = side
        self.before = before
        self.after = after
        self._seen: Viewer = seen or (lambda state: view(ruleset, state, side))
        self._words = ruleset.derived(UnitWords)

    @cached_property
    def seen_before(self) -> SideView:
        return self._seen(self.before)

    @cached_property
    def seen_after(self) -> SideView:
        return self._seen(self.after)

    @cached_property
    def hidden(self) -> frozenset[str]:
        """The units the side does not see after the entry, nor on the map before it: a
        unit off the map before it (a reinforcement, a unit set up) is known there, but not
        where it goes."""
        unseen_before = self.before.units.keys() - self.seen_before.state.units.keys()
        unseen_after = self.after.units.keys() - self.seen_after.state.units.keys()
        before = self.before.units
        arrived = {  # also a phantom a world made in the entry (worlds/belief.py)
            unit_id
            for unit_id in unseen_after
            if unit_id not in before or before[unit_id].status is not UnitStatus.ON_MAP
        }
        return frozenset(unseen_after & (unseen_before | arrived))

    def is_hidden(self, unit_id: str) -> bool:
        """Whether `unit_id` is an enemy ground unit hidden from the side in this entry."""
        defn = self.ruleset.catalogue.ground.get(unit_id)
        if defn is None or defn.player is self.side:
            return False  # an own unit, an air unit, or no unit at all
        return unit_id in self.hidden

    def sees_strength(self, unit_id: str) -> bool:
        """[18.1] Whether the side sees the unit's strength figure at either moment: its
        own units; an enemy unit engaged in a combat or off the map, where it is known. An
        enemy unit shown on the map shows only its printed side, never a strength marker."""
        defn = self.ruleset.catalogue.ground.get(unit_id)
        if defn is None or defn.player is self.side:
            return True
        return any(
            seen.knows(unit_id)
            and (unit_id in seen.revealed or full.units[unit_id].status is not UnitStatus.ON_MAP)
            for seen, full in ((self.seen_before, self.before), (self.seen_after, self.after))
        )

    def narration(self, events: Sequence[Event]) -> tuple[str, ...]:
        """The lines of `events` the side may read, in order."""
        lines = (self.line(event) for event in events)
        return tuple(self.unnamed(line) for line in lines if line is not None)

    def line(self, event: Event) -> str | None:
        """One event's line as the side may read it, before `unnamed`; None when it would
        tell nothing."""
        if isinstance(event, PUBLIC):
            return event.describe(self.ruleset)
        if isinstance(event, Condition):
            return self._condition(event)
        field = STACK_ACTS.get(type(event))
        if field is not None:
            return self._stack_act(event, field)
        return event.describe(_Unnamed(self))  # SEEN_ACTS, and kinds not known here

    def violations(self, texts: Sequence[str]) -> tuple[str, ...]:
        """Broken rules as written in the entry ("rule: sentence"), hidden units unnamed."""
        return tuple(self.unnamed(text) for text in texts)

    def unnamed(self, text: str) -> str:
        """`text` with every id or name of a hidden unit in it, which a sentence of the
        rules may hold ("recovery of I/39 Pz"), put as "a German unit"."""
        return self._words.of[self.side.opponent].sub(self._unname_match, text)

    def _unname_match(self, found: re.Match[str]) -> str:
        unit_id = self._words.unit[found.group()]
        if not self.is_hidden(unit_id):
            return found.group()
        return f"a {self.ruleset.catalogue.ground[unit_id].player.title} unit"

    def _condition(self, event: Condition) -> str | None:
        unit_id = event.unit
        if self.is_hidden(unit_id):
            return None
        if isinstance(event, StrengthChanged) and not self.sees_strength(unit_id):
            return None  # 18.1: no enemy strength markers
        if isinstance(event, UnitFlipped) and not self.sees_strength(unit_id):
            if not self.seen_after.knows(unit_id):
                return None
            shown = self.seen_after.state.units[unit_id].strength
            event = replace(event, strength=shown)  # the printed side now up
        return event.describe(self.ruleset)

    def _stack_act(self, event: Event, field: str) -> str | None:
        units: tuple[str, ...] = getattr(event, field)
        hidden = [unit for unit in units if self.is_hidden(unit)]
        if not hidden:
            return event.describe(self.ruleset)
        if isinstance(event, StackReordered) and len(hidden) == len(units):
            return None  # the order of a stack the side sees nothing of
        # One hidden unit stands for them all, named by their count; not one another field
        # names alone (an attack's lead), which keeps its own "a German unit".
        alone = {
            getattr(event, f.name) for f in fields(event) if isinstance(getattr(event, f.name), str)
        }
        stand_in = next((unit for unit in hidden if unit not in alone), hidden[0])
        known = tuple(unit for unit in units if unit not in hidden)
        counted = replace(event, **{field: (*known, stand_in)})
        return counted.describe(_Unnamed(self, {stand_in: len(hidden)}))


class _Unnamed:
    """The Narrator of events (core/events.py) that names no hidden unit: "a German unit",
    or, for the unit standing in for several, "3 German units"."""

    def __init__(self, sight: Sight, counts: dict[str, int] | None = None) -> None:
        self._sight = sight
        self._counts = counts or {}

    def unit_name(self, unit_id: str) -> str:
        ruleset = self._sight.ruleset
        if not self._sight.is_hidden(unit_id):
            return ruleset.unit_name(unit_id)
        owner = ruleset.catalogue.ground[unit_id].player.title
        count = self._counts.get(unit_id, 1)
        return f"a {owner} unit" if count == 1 else f"{count} {owner} units"

    def hex_name(self, hex_: Hex | None) -> str:
        return self._sight.ruleset.hex_name(hex_)

    def hexside_name(self, hexside: Hexside) -> str:
        return self._sight.ruleset.hexside_name(hexside)


def enemies_named(ruleset: Ruleset, text: str, side: Player) -> frozenset[str]:
    """The ids of the enemy ground units `text` names, by id or name, for `forgotten`."""
    words = ruleset.derived(UnitWords)
    return frozenset(words.unit[found] for found in words.of[side.opponent].findall(text))


def forgotten(
    ruleset: Ruleset, text: str, now: SideView, named: frozenset[str] | None = None
) -> str:
    """[18.1] A line of the log as `now.side` reads it today: every enemy unit it names
    (`named`, when the caller keeps `enemies_named` of the line) that the side does not see
    now (it went dark after a combat, or under another stack) put as "a German unit", so
    that the log keeps no note of where it is. 18.1: "Players may not make any types of
    notes to track enemy strength or locations"."""
    side = now.side
    if side is None:
        return text
    if named is None:
        named = enemies_named(ruleset, text, side)
    if all(still_seen(now, unit_id) for unit_id in named):
        return text
    words = ruleset.derived(UnitWords)

    def unname(found: re.Match[str]) -> str:
        if still_seen(now, words.unit[found.group()]):
            return found.group()
        return f"a {side.opponent.title} unit"

    return words.of[side.opponent].sub(unname, text)


def still_seen(now: SideView, unit_id: str) -> bool:
    """Whether the side sees the unit now, or it is off the map (not hidden, 18.1)."""
    unit = now.state.units.get(unit_id)
    return unit is not None and (unit.status is not UnitStatus.ON_MAP or now.knows(unit_id))
