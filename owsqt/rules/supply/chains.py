"""The chains of command a supply line follows (14.2): which headquarters each unit traces
to, where that headquarters traces on, and how long the first leg may be.

- Soviet: unit -> division (or tank/mechanized corps) HQ, at most 8 hexes (15 for tank
  and mechanized corps) -> army HQ, any length -> the north or east map edge. The 4th
  Cavalry and the 1st and 13th Guards Rifle Corps HQs act as army HQs.
- Rumanian: unit -> division HQ, at most 8 hexes -> corps HQ, any length -> the south or
  west edge south of the Don.
- German: unit -> division HQ, at most 20 hexes -> the south or west edge south of the Don.
- Independent units (assigned directly to an army or corps, or to a formation without a
  headquarters of its own) trace their first leg to any division HQ of their side.

The levels come from the order of battle: a top (army, Rumanian corps, the 57th Panzer
Corps) is a formation with a headquarters whose parent has none; a division is a
formation with a headquarters under one with a headquarters. A top HQ traces to the map
edge (the German corps HQ as the Rumanian corps HQs do: docs/rulebook-readings.md).
Built once per ruleset.
"""

from __future__ import annotations

from dataclasses import dataclass

from owsqt.rules.core.vocabulary import Player
from owsqt.rules.data.units import Nationality, UnitCatalogue, UnitClass
from owsqt.rules.scenario.ruleset import Ruleset

# [14.2] "The Soviet 4th Cavalry Corps and 1st and 13th Guards Rifle Corps headquarters
# act as Army headquarters for their subordinate units for supply purposes."
ARMY_LEVEL_CORPS = frozenset({"su-4cc", "su-1grc", "su-13grc"})
# [5.1] The Sixth Army is supplied by the rules of Operation Thunderclap (issue 19).
OUTSIDE_THE_CHAINS = frozenset({"de-6a"})


@dataclass(frozen=True, slots=True)
class Link:
    """Where one unit's supply line goes: the HQ units its first leg may reach (its own
    division's, or any division's for an independent unit), that leg's longest length,
    and, for a top HQ itself, nothing (it traces to the map edge)."""

    headquarters: tuple[str, ...]
    hexes: int
    independent: bool = False


@dataclass(frozen=True, slots=True)
class Chains:
    """[14.2] Every unit's first leg, every division HQ's top HQ (None: the division HQ
    traces to the map edge itself, as German ones do), and the top HQs."""

    links: dict[str, Link]  # unit -> its first leg (not for top and division HQs)
    division_tops: dict[str, str | None]  # division HQ unit -> its top HQ unit
    tops: frozenset[str]  # HQ units that trace to the map edge

    def traced(self, unit_id: str) -> bool:
        """Whether the unit's supply is traced at all (not the Sixth Army, nor convoys)."""
        return unit_id in self.links or unit_id in self.division_tops or unit_id in self.tops


def chains_of(ruleset: Ruleset) -> Chains:
    """[14.2] The chains of the ruleset's order of battle, built once."""
    return ruleset.derived(_build)


def _build(ruleset: Ruleset) -> Chains:
    catalogue = ruleset.catalogue
    lines = ruleset.tables.supply
    hq_of = {
        u.formation: u.id
        for u in catalogue.ground.values()
        if u.unit_class is UnitClass.HEADQUARTERS and u.formation is not None
    }
    formations = catalogue.formations

    def parent_hq(formation: str) -> str | None:
        parent = formations[formation].parent
        return hq_of.get(parent) if parent is not None else None

    def outside(formation: str | None) -> bool:
        while formation is not None:
            if formation in OUTSIDE_THE_CHAINS:
                return True
            formation = formations[formation].parent
        return False

    tops: set[str] = set()
    division_tops: dict[str, str | None] = {}
    for formation, hq in hq_of.items():
        if outside(formation):
            continue
        german = _army(catalogue.ground[hq].nationality) == "german"
        above = parent_hq(formation)
        if formation in ARMY_LEVEL_CORPS or above is None:  # armies, corps at the top
            tops.add(hq)
        elif german:  # a German division traces to the edge itself
            division_tops[hq] = None
            tops.add(hq)
        else:
            division_tops[hq] = above
    divisions_by_army: dict[str, tuple[str, ...]] = {}
    for hq in division_tops:
        army = _army(catalogue.ground[hq].nationality)
        divisions_by_army[army] = (*divisions_by_army.get(army, ()), hq)
    links: dict[str, Link] = {}
    for unit in catalogue.ground.values():
        if unit.unit_class is UnitClass.CONVOY or outside(unit.formation):
            continue
        if unit.id in tops or unit.id in division_tops:
            continue
        own = hq_of.get(unit.formation) if unit.formation is not None else None
        key = _line_key(catalogue, unit.id)
        hexes = lines.line(key).first_segment_hexes or 0
        if own is not None and own in division_tops:
            links[unit.id] = Link((own,), hexes)
        else:  # 14.2: independent units trace to any division HQ of their army
            any_division = divisions_by_army.get(_army(unit.nationality), ())
            links[unit.id] = Link(any_division, hexes, independent=True)
    return Chains(links, division_tops, frozenset(tops))


def _army(nationality: Nationality) -> str:
    """Whose supply rules a counter follows (14.2): German (the Luftwaffe's field units
    too), Rumanian or Soviet."""
    if nationality is Nationality.RUMANIAN:
        return "rumanian"
    return "german" if nationality.player is Player.GERMAN else "soviet"


def _line_key(catalogue: UnitCatalogue, unit_id: str) -> str:
    """[14.2] The supply line a unit's first leg follows."""
    unit = catalogue.ground[unit_id]
    army = _army(unit.nationality)
    if army != "soviet":
        return army
    formation = catalogue.formations.get(unit.formation) if unit.formation else None
    mechanized = formation is not None and formation.mechanized
    return "soviet_tank_mechanized_corps" if mechanized else "soviet_non_mechanized"
