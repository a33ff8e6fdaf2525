"""Issue 23, tank strengths: one formula turns every tank and assault gun counter's tank count
into its combat factors (2.1), anchored on the 12-10 battalion of the 11.8 example; the counts,
their dates and sources are data (resources/units/tank-strengths.yaml) the loader checks."""

from __future__ import annotations

import re
import shutil
from fractions import Fraction
from pathlib import Path

import pytest

from owsqt.rules.data.datafile import DataError
from owsqt.rules.data.oobexport import oob_data, oob_markdown
from owsqt.rules.data.tankstrength import equivalent, is_tank_unit, problems, tank_strength
from owsqt.rules.data.unitfiles import load_catalogue
from owsqt.rules.data.units import TankFormula, UnitType

REPO = Path(__file__).resolve().parents[2]
UNITS = REPO / "resources" / "units"
TABLE = "tank-strengths.yaml"


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue(UNITS)


def _tank_ids():
    return sorted(u.id for u in load_catalogue(UNITS).ground.values() if is_tank_unit(u))


def _per_factor_deviation(catalogue, unit_id):
    """How far the printed factor is from the unit's tanks at the formula's rate."""
    table = catalogue.tanks
    count = table.counts[unit_id]
    tanks = equivalent(table.formula, count.medium, count.light)
    return abs(catalogue.ground[unit_id].combat - tanks / table.formula.tanks_per_factor)


def _division_rate(catalogue, formation_id):
    """Printed tank factors per medium-tank equivalent, over a formation's tank units."""
    table = catalogue.tanks
    units = [u for u in catalogue.units_of(formation_id) if is_tank_unit(u)]
    factors = sum(u.combat for u in units)
    tanks = sum(
        equivalent(table.formula, table.counts[u.id].medium, table.counts[u.id].light)
        for u in units
    )
    return Fraction(factors) / tanks


@pytest.mark.parametrize("unit_id", _tank_ids())
def test_issue_23_every_tank_unit_prints_the_formula_value_for_its_tanks(catalogue, unit_id):
    unit = catalogue.ground[unit_id]
    count = catalogue.tanks.counts[unit_id]
    assert (unit.combat, unit.combat_reduced) == tank_strength(
        catalogue.tanks.formula, count.medium, count.light
    )
    assert count.source in catalogue.tanks.sources and count.as_of


def test_issue_23_the_shipped_manifest_has_no_tank_strength_problems(catalogue):
    assert problems(catalogue) == []


def test_11_8_the_formula_keeps_the_6th_panzer_battalions_at_12_10(catalogue):
    formula = catalogue.tanks.formula
    for unit_id in ("de-6pz-11pzr-1", "de-6pz-11pzr-2"):
        unit = catalogue.ground[unit_id]
        count = catalogue.tanks.counts[unit_id]
        assert tank_strength(formula, count.medium, count.light) == (12, 6)
        assert (unit.combat, unit.movement, unit.proficiency) == (12, 10, 8)
        assert count.source == "forczyk" and not count.estimated
    # 159 tanks on arrival (21 Pz II, 129 Pz III/IV, 9 command) less the 5 lost on 5 December
    both = [catalogue.tanks.counts[f"de-6pz-11pzr-{n}"] for n in (1, 2)]
    assert sum(c.medium for c in both) == 129 - 5 and sum(c.light for c in both) == 21 + 9


def test_2_1_the_formula_rounds_half_up_and_halves_the_tanks_for_the_reduced_side():
    formula = TankFormula(tanks_per_factor=6, light_weight=Fraction(1, 2))
    assert tank_strength(formula, 9, 0) == (2, 1)  # 1.5 -> 2, 0.75 -> 1
    assert tank_strength(formula, 8, 1) == (1, 1)  # 8.5 tanks: 1.42 -> 1, 0.71 -> 1
    assert tank_strength(formula, 0, 2) == (0, 0)  # two light tanks are one medium
    assert tank_strength(formula, 72, 0) == (12, 6)


def test_17th_and_23rd_panzer_carry_the_same_strength_per_tank_as_6th_panzer(catalogue):
    sixth = _division_rate(catalogue, "de-6pz")
    for division in ("de-17pz", "de-23pz"):
        assert (
            Fraction(85, 100) <= _division_rate(catalogue, division) / sixth <= Fraction(115, 100)
        ), division
        for unit in catalogue.units_of(division):
            if is_tank_unit(unit):
                assert _per_factor_deviation(catalogue, unit.id) <= Fraction(1, 2), unit.id


def test_16th_motorized_and_the_assault_guns_carry_the_same_strength_per_tank_as_6th_panzer(
    catalogue,
):
    sixth = _division_rate(catalogue, "de-6pz")
    assert Fraction(85, 100) <= _division_rate(catalogue, "de-16mot") / sixth <= Fraction(115, 100)
    for unit_id in ("de-16mot-116pza", "de-57pzk-228stug", "de-57pzk-203stug"):
        assert _per_factor_deviation(catalogue, unit_id) <= Fraction(1, 2), unit_id


def test_the_sixth_army_attack_group_tanks_follow_the_same_formula_5_1(catalogue):
    for unit_id in ("de-6a-langenthal", "de-29mot-129pza"):
        assert _per_factor_deviation(catalogue, unit_id) <= Fraction(1, 2), unit_id


@pytest.mark.parametrize(
    "formation", ["su-4mc", "su-13tc", "su-7tc", "su-2gmc", "su-51a", "su-57a", "su-64a"]
)
def test_soviet_tank_brigades_regiments_and_corps_follow_the_same_formula(catalogue, formation):
    tanks = [u for u in catalogue.units_of(formation) if is_tank_unit(u)]
    assert tanks
    for unit in tanks:
        assert _per_factor_deviation(catalogue, unit.id) <= Fraction(1, 2), unit.id


def test_a_full_soviet_tank_brigade_of_53_tanks_is_two_4_2_battalions(catalogue):
    counts = [catalogue.tanks.counts[f"su-254tb-{n}"] for n in (1, 2)]
    assert sum(c.medium for c in counts) == 32 and sum(c.light for c in counts) == 21
    assert [catalogue.ground[f"su-254tb-{n}"].combat for n in (1, 2)] == [4, 4]


def test_11_4_assault_guns_are_priced_as_tanks_and_self_propelled_antitank_guns_are_not(
    catalogue,
):
    for unit in catalogue.ground.values():
        counted = unit.id in catalogue.tanks.counts
        assert counted == (unit.type in (UnitType.TANK, UnitType.ASSAULT_GUN)), unit.id


def test_estimated_counts_say_what_they_rest_on(catalogue):
    for count in catalogue.tanks.counts.values():
        if count.estimated:
            assert count.note, count.unit


def test_the_order_of_battle_lists_every_tank_count_with_its_source(catalogue):
    text = oob_markdown(catalogue).split("## Tank strengths", 1)[1]
    assert "equivalent = medium tanks + light tanks x 1/2" in text
    for count in catalogue.tanks.counts.values():
        name = re.escape(catalogue.name_of(count.unit))
        assert re.search(
            rf"^\| {name} \| {count.medium} \| {count.light} \|.*{count.source}", text, re.M
        )
    for key in catalogue.tanks.sources:
        assert f"- **{key}**:" in text


def test_the_exported_order_of_battle_gives_each_tank_unit_its_count(catalogue):
    units = {u["id"]: u for u in oob_data(catalogue, [])["units"]}
    assert units["de-6pz-11pzr-1"]["tanks"] == {
        "medium": 62,
        "light": 15,
        "as_of": "12 Dec 1942",
        "source": "forczyk",
        "estimated": False,
    }
    assert "tanks" not in units["de-6pz-114pgr-2"]
    assert sum("tanks" in u for u in units.values()) == len(catalogue.tanks.counts)


# --- bent data ----------------------------------------------------------------------------


@pytest.fixture()
def units_copy(tmp_path):
    target = tmp_path / "units"
    shutil.copytree(UNITS, target)
    return target


def bend(directory: Path, old: str, new: str, name: str = TABLE) -> None:
    path = directory / name
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_a_changed_tank_count_is_named_by_problems(units_copy):
    bend(units_copy, "unit: de-23pz-201pzr-1, medium: 16,", "unit: de-23pz-201pzr-1, medium: 40,")
    found = problems(load_catalogue(units_copy))
    assert found == [
        "I/201 Pz (de-23pz-201pzr-1): printed 3 (1), the formula gives 7 (3) "
        "for 40 medium and 0 light tanks"
    ]


def test_a_changed_printed_strength_is_named_by_problems(units_copy):
    bend(
        units_copy,
        "combat: 2, combat_reduced: 1, proficiency: 7, stacking: 3",
        "combat: 5, combat_reduced: 2, proficiency: 7, stacking: 3",
        "german-57th-panzer-corps.yaml",
    )
    found = problems(load_catalogue(units_copy))
    assert len(found) == 1 and found[0].startswith("II/201 Pz (de-23pz-201pzr-2): printed 5 (2)")


def test_a_tank_unit_without_a_count_is_named_by_problems(units_copy):
    path = units_copy / TABLE
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if "unit: su-234tr," in line)
    del lines[start : start + 2]
    path.write_text("".join(lines), encoding="utf-8")
    assert problems(load_catalogue(units_copy)) == [
        "234 Tank Rgt (su-234tr): a tank unit without a tank count"
    ]


def test_a_count_for_a_unit_that_is_no_tank_is_named_by_problems(units_copy):
    bend(units_copy, "unit: su-234tr,", "unit: su-51a-hq,")
    found = problems(load_catalogue(units_copy))
    assert "51st Army HQ (su-51a-hq): has a tank count but is a headquarters unit" in found
    assert "234 Tank Rgt (su-234tr): a tank unit without a tank count" in found


def test_problems_accepts_a_ruleset_as_well(catalogue):
    class Holder:
        def __init__(self, catalogue):
            self.catalogue = catalogue

    assert problems(Holder(catalogue)) == problems(catalogue) == []


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("unit: su-234tr,", "unit: su-999tr,", "the id of a ground unit"),
        ("unit: su-234tr, medium: 23", "unit: su-234tr, medium: -3", "an integer from 0 to 500"),
        (
            "unit: su-234tr, medium: 23, light: 16",
            "unit: su-234tr, medium: 0, light: 0",
            "at least one",
        ),
        ("light_weight: 1/2", "light_weight: 3", "a number such as"),
        ("tanks_per_factor: 6", "tanks_per_factor: 0", "an integer from 1 to 100"),
        ("unit: su-64a-166tr,", "unit: su-234tr,", "a unit no other tank count names"),
        (
            'source: forczyk,\n       note: "the corps',
            'source: glantz,\n       note: "the corps',
            "a key of",
        ),
        ("as_of: 12 Dec 1942, source: forczyk", "as_of: 1942-12-12, source: forczyk", "text"),
        ('note: "at establishment"', 'colour: "at establishment"', "one of the keys"),
    ],
)
def test_hostile_tank_data_is_one_line_naming_the_file(units_copy, old, new, expected):
    path = units_copy / TABLE
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_catalogue(units_copy)
    message = str(caught.value)
    assert message.startswith(str(path)) and "\n" not in message
    assert expected in message


def test_a_second_tank_table_is_refused(units_copy):
    (units_copy / "zz-more-tanks.yaml").write_text(
        "tank_strengths:\n  formula: {tanks_per_factor: 6, light_weight: 1/2}\n"
        "  sources: {}\n  counts: []\n",
        encoding="utf-8",
    )
    with pytest.raises(DataError, match="a second one"):
        load_catalogue(units_copy)
