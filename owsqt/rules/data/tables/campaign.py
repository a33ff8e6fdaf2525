"""The small turn and game tables: initiative (6.3), Operation Thunderclap (5.1), victory."""

from __future__ import annotations

import re
from dataclasses import dataclass

from owsqt.rules.data.datafile import Node
from owsqt.rules.data.tables.grid import DIE_HIGH, DIE_LOW, check_int, check_roll
from owsqt.rules.data.tables.modifiers import Modifier


@dataclass(frozen=True, slots=True)
class InitiativeEffects:
    """What holding the initiative for ``consecutive_turns`` turns gives (rule 6.3)."""

    consecutive_turns: int
    extra_mp: int
    attack_drm: int


@dataclass(frozen=True, slots=True)
class InitiativeTable:
    """Effects of gaining the initiative on consecutive turns (rule 6.3)."""

    levels: tuple[InitiativeEffects, ...]
    rule: str = "6.3"

    def effects_for_streak(self, consecutive_turns: int) -> InitiativeEffects:
        """Effects of the highest printed threshold not above the streak (4 acts as 3, 7 as 5);
        below the first threshold there are none (consecutive_turns 0 in the result)."""
        check_int("consecutive_turns", consecutive_turns)
        found = InitiativeEffects(0, 0, 0)
        for level in self.levels:
            if consecutive_turns >= level.consecutive_turns:
                found = level
        return found


@dataclass(frozen=True, slots=True)
class ThunderclapOutcome:
    """A line of the Operation Thunderclap Initiation Table (5.1)."""

    low: int
    high: int
    activated: bool
    text: str


@dataclass(frozen=True, slots=True)
class ThunderclapTable:
    """Operation Thunderclap Initiation Table and its conditions (rule 5.1)."""

    eligibility_stacking_points: int
    eligibility_within_hexes: int
    outcomes: tuple[ThunderclapOutcome, ...]
    near_pocket: Modifier
    near_pocket_hexes: int
    rule: str = "5.1"

    def is_eligible(self, stacking_points_near_pocket: int) -> bool:
        """True once at least 12 stacking points of the 57th Panzer Corps are within 10 hexes
        of the pocket (the caller counts the points within that range)."""
        return stacking_points_near_pocket >= self.eligibility_stacking_points

    def drm(self, *, german_unit_near_pocket: bool) -> int:
        """+1 if any German unit is within five hexes of the pocket."""
        return self.near_pocket.drm if german_unit_near_pocket else 0

    def outcome(self, roll: int, *, german_unit_near_pocket: bool = False) -> ThunderclapOutcome:
        """The table line for a roll; the modified roll is clamped to 1-10."""
        modified = check_roll(roll) + self.drm(german_unit_near_pocket=german_unit_near_pocket)
        modified = max(DIE_LOW, min(DIE_HIGH, modified))
        for entry in self.outcomes:
            if entry.low <= modified <= entry.high:
                return entry
        raise AssertionError("validated outcomes cover every roll")  # pragma: no cover

    def activates(self, roll: int, *, german_unit_near_pocket: bool = False) -> bool:
        """True on a modified 6-10: Sixth Army units are activated."""
        return self.outcome(roll, german_unit_near_pocket=german_unit_near_pocket).activated


@dataclass(frozen=True, slots=True)
class VictoryLevel:
    """A row of the Victory Table (19.33); ``winner`` None and ``degree`` None for a draw."""

    vp: int
    result: str
    winner: str | None
    degree: str | None


@dataclass(frozen=True, slots=True)
class VictoryTable:
    """The Victory Table (rule 19.33), highest row first."""

    levels: tuple[VictoryLevel, ...]
    rule: str = "19.33"

    def level_for(self, net_vp: int) -> VictoryLevel:
        """The highest printed row not above the net VP; the bottom row covers all below it
        (so 7 is German significant, 3 German marginal, -5 Soviet decisive)."""
        check_int("net_vp", net_vp)
        for level in self.levels:
            if net_vp >= level.vp:
                return level
        return self.levels[-1]


def read_initiative(root: Node) -> InitiativeTable:
    """The initiative effects (rows must ascend), from its YAML root."""
    root.keys_exactly("initiative")
    levels: list[InitiativeEffects] = []
    for item in root.get("initiative").as_list(min_length=1):
        item.keys_exactly("consecutive_turns", "extra_mp", "attack_drm")
        turns = item.get("consecutive_turns")
        count = turns.as_int(minimum=1)
        if levels and count <= levels[-1].consecutive_turns:
            raise turns.error(f"more than {levels[-1].consecutive_turns} (rows must ascend)")
        levels.append(
            InitiativeEffects(
                count,
                item.get("extra_mp").as_int(minimum=0),
                item.get("attack_drm").as_int(minimum=0),
            )
        )
    return InitiativeTable(tuple(levels))


def _parse_die_range(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"\s*(\d+)\s*-\s*(\d+)\s*", text)
    if not match:
        raise ValueError(text)
    low, high = int(match.group(1)), int(match.group(2))
    if not DIE_LOW <= low <= high <= DIE_HIGH:
        raise ValueError(text)
    return low, high


def read_thunderclap(root: Node) -> ThunderclapTable:
    """The Thunderclap Initiation Table (ranges must cover every roll), from its YAML root."""
    root.keys_exactly("thunderclap")
    node = root.get("thunderclap")
    node.keys_exactly("eligibility", "results", "modifiers")
    eligibility = node.get("eligibility")
    eligibility.keys_exactly("stacking_points", "within_hexes")
    outcomes: list[ThunderclapOutcome] = []
    results = node.get("results").as_list(min_length=1)
    for item in results:
        item.keys_exactly("die", "activated", "text")
        die = item.get("die")
        low, high = die.as_parsed(_parse_die_range, "a die range such as '1-5'")
        start = outcomes[-1].high + 1 if outcomes else DIE_LOW
        if low != start:
            raise die.error(f"a range starting at {start} (ranges must cover every roll)")
        activated = item.get("activated").as_bool()
        outcomes.append(ThunderclapOutcome(low, high, activated, item.get("text").as_str()))
    if outcomes[-1].high != DIE_HIGH:
        raise results[-1].get("die").error(f"the last range to end at {DIE_HIGH}")
    mods = node.get("modifiers")
    mods.keys_exactly("german_unit_near_pocket")
    near = mods.get("german_unit_near_pocket")
    near.keys_exactly("text", "within_hexes", "drm")
    return ThunderclapTable(
        eligibility_stacking_points=eligibility.get("stacking_points").as_int(minimum=1),
        eligibility_within_hexes=eligibility.get("within_hexes").as_int(minimum=1),
        outcomes=tuple(outcomes),
        near_pocket=Modifier(
            "german_unit_near_pocket", "5.1", near.get("text").as_str(), near.get("drm").as_int()
        ),
        near_pocket_hexes=near.get("within_hexes").as_int(minimum=1),
    )


def _parse_victory_result(text: str) -> tuple[str | None, str | None]:
    text = text.strip()
    if text == "Draw":
        return None, None
    match = re.fullmatch(r"(German|Soviet) (decisive|significant|marginal) victory", text)
    if not match:
        raise ValueError(text)
    return match.group(1).lower(), match.group(2)


def read_victory(root: Node) -> VictoryTable:
    """The Victory Table (rows must descend), from its YAML root."""
    root.keys_exactly("victory")
    levels: list[VictoryLevel] = []
    for item in root.get("victory").as_list(min_length=1):
        item.keys_exactly("vp", "result")
        vp_node = item.get("vp")
        vp = vp_node.as_int()
        if levels and vp >= levels[-1].vp:
            raise vp_node.error(f"less than {levels[-1].vp} (rows must descend)")
        result = item.get("result")
        winner, degree = result.as_parsed(
            _parse_victory_result, "'Draw' or e.g. 'German decisive victory'"
        )
        levels.append(VictoryLevel(vp, result.as_str(), winner, degree))
    return VictoryTable(tuple(levels))
