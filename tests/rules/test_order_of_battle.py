"""The shipped counter manifest against every count the rulebook gives (19.1-19.4, 5.1, 2.1)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from owsqt.rules.data.oobexport import oob_markdown
from owsqt.rules.data.unitfiles import load_catalogue
from owsqt.rules.data.units import UnitType

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue(REPO / "resources" / "units")


def count(catalogue, formation_id):
    return len(catalogue.units_of(formation_id))


def stacking(catalogue, formation_id):
    return sum(unit.stacking for unit in catalogue.units_of(formation_id))


@pytest.mark.parametrize(
    ("formation", "units", "rule"),
    [
        ("de-6pz", 16, "19.12: 15 units and the reconnaissance battalion"),
        ("de-23pz", 15, "19.12"),
        ("de-16mot", 17, "19.41"),
        ("lw-15lfd", 5, "19.41"),
        ("de-6a-ag", 7, "19.32 f"),
        ("de-convoys", 3, "16.3"),
        ("su-4mc", 16, "19.11"),
        ("su-13tc", 15, "19.11"),
        ("su-7tc", 12, "19.11"),
        ("su-302rd", 5, "19.11"),
        ("su-126rd", 5, "19.11"),
        ("su-91rd", 5, "19.11"),
        ("su-38rd", 5, "19.11"),
        ("su-87rd", 5, "19.11"),
        ("su-300rd", 5, "19.11"),
        ("su-4grd", 5, "19.11"),
        ("su-315rd", 5, "19.11"),
        ("ro-8cd", 6, "19.12"),
        ("ro-18id", 8, "19.12"),
        ("ro-5cd", 6, "19.12"),
        ("ro-4id", 10, "19.12"),
        ("ro-christea", 4, "19.12 e"),
        ("su-21a", 13, "19.31 d: HQ, 2 divisions of 5, 2 independent units"),
        (
            "su-57a",
            27,
            "19.31 d: HQ, 2 divisions of 5, 6 brigades and regiments (tank brigades 2), 9 others",
        ),
        ("su-64a", 43, "19.31 d"),
    ],
)
def test_formation_counts_match_the_rulebook_19(catalogue, formation, units, rule):
    assert count(catalogue, formation) == units, rule


def test_the_23rd_panzer_division_totals_48_stacking_points_19_12(catalogue):
    assert stacking(catalogue, "de-23pz") == 48


def test_the_17th_panzer_division_totals_52_stacking_points_turn_record_track(catalogue):
    assert stacking(catalogue, "de-17pz") == 52


def test_the_54th_nebelwerfer_regiment_has_three_rocket_units_turn_1(catalogue):
    werfer = [u for u in catalogue.ground.values() if "54" in u.name and u.type is UnitType.ROCKET]
    assert len(werfer) == 3


def test_the_german_air_force_flies_the_15_groups_of_19_12(catalogue):
    """The Gruppen of 19.12 c, read from the rulebook's own lines ("I, II and IV
    Gruppe/STG 2"), are the Luftwaffe's air units, and the data file's header counts them."""
    text = (REPO / "resources" / "rulebook" / "operation-winter-storm-rules.txt").read_text(
        encoding="utf-8"
    )
    listing = text.split("- c. German air units", 1)[1].split("All start", 1)[0]
    named = set()
    for line in filter(str.strip, listing.splitlines()[1:]):
        numerals, _, wing = line.strip().partition(" Gruppe/")
        for numeral in re.split(r", | and ", numerals):
            named.add(f"{numeral}/{wing}".lower())
    german = [a for a in catalogue.air.values() if a.nationality.value == "luftwaffe"]
    assert len(named) == len(german) == 15
    assert {a.name.lower() for a in german} == named
    header = (REPO / "resources" / "units" / "luftwaffe.yaml").read_text(encoding="utf-8")
    assert re.search(r"(\d+) Gruppen", header.splitlines()[0]).group(1) == "15"


def test_the_8th_air_army_flies_seven_divisions_19_11(catalogue):
    soviet = [a for a in catalogue.air.values() if a.nationality.value == "soviet_air_force"]
    assert len(soviet) == 7


def test_every_rifle_division_of_every_scenario_has_five_units_19(catalogue):
    divisions = [f for f in catalogue.formations.values() if "Rifle Division" in f.name]
    assert len(divisions) == 23  # 8 of the 51st Army, 6 of the 2nd Guards Army, 9 Ring
    for division in divisions:
        assert count(catalogue, division.id) == 5, division.name


def test_the_rulebook_example_counters_exist_with_their_values_11_8_4_4(catalogue):
    ground = list(catalogue.ground.values())
    assert any((u.combat, u.movement, u.proficiency) == (12, 10, 8) for u in ground)
    assert any((u.combat, u.movement) == (7, 10) for u in ground)
    assert any((u.combat, u.movement, u.proficiency) == (5, 5, 5) for u in ground)
    assert any((u.combat, u.movement, u.proficiency) == (4, 8, 4) for u in ground)
    assert any((u.combat, u.bombardment, u.range) == (4, 3, 4) for u in ground)
    jg52 = next(a for a in catalogue.air.values() if "JG 52" in a.name)
    assert (jg52.air_to_air, jg52.proficiency) == (6, 8)


def test_every_reference_resolves_and_every_unit_has_a_formation(catalogue):
    for unit in [*catalogue.ground.values(), *catalogue.air.values()]:
        assert unit.formation is not None, unit.id
        assert catalogue.formation_chain(unit.formation), unit.id


def test_artillery_class_units_with_a_range_are_artillery_mortar_or_rocket_12_1(catalogue):
    for unit in catalogue.ground.values():
        if unit.bombardment is not None:
            assert unit.type in (UnitType.ARTILLERY, UnitType.MORTAR, UnitType.ROCKET), unit.id


def test_the_shipped_order_of_battle_document_is_current(catalogue):
    shipped = (REPO / "docs" / "order-of-battle.md").read_text(encoding="utf-8")
    assert oob_markdown(catalogue) == shipped, (
        "run: owsqt export-oob --markdown docs/order-of-battle.md"
    )
