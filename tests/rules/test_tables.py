"""Every cell of every rulebook table, checked against the book's own printed text (tables.py)."""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction
from pathlib import Path

import pytest

from owsqt.rules.data.datafile import resources_dir
from owsqt.rules.data.tables import (
    MOVEMENT_CLASSES,
    AirCombatResult,
    BombardmentResult,
    CombatKind,
    CombatResult,
    CounterbatteryResult,
    MoveKind,
    Tables,
    default_tables,
    iter_dataclasses,
    load_tables,
)

RULES_DIR = Path(__file__).resolve().parents[2] / "resources" / "rules"
# CI clones the repository with shared/ beside it, so the rulebook is usually at hand.
BOOK = Path(__file__).resolve().parents[3] / "shared/rules/operation-winter-storm-rules.txt"

# ---------------------------------------------------------------------------------------------
# The rulebook's printed text, copied verbatim from operation-winter-storm-rules.txt (only the
# trailing tabs after some heading lines are dropped). Each block is parsed below by code that
# shares nothing with the YAML loader.

CRT_TEXT = r"""
Combat Results Table

Die roll	Total Factors Firing
	1	2	3	5	8	10	12	15	20	25	30+
10 or more	-/1	-/1	-/2	1/3	1/3	1/3	2/3	2/3	2/4	2/4	2/4
9	-/1	-/1	-/1	-/2	1/3	1/3	1/3	2/3	2/3	2/4	2/4
8	-/-	-/1	-/1	-/1	-/2	1/3	1/3	1/3	2/3	2/3	2/4
7	-/-	-/-	-/1	-/1	-/1	-/2	1/3	1/3	1/3	2/3	2/3
6	-/-	-/-	-/-	-/1	-/1	-/1	-/2	1/3	1/3	1/3	2/3
5	-/-	-/-	-/-	-/-	-/1	-/1	-/1	-/2	1/3	1/3	1/3
4	-/-	-/-	-/-	-/-	-/-	-/1	-/1	-/1	-/2	1/3	1/3
3	-/-	-/-	-/-	-/-	-/-	-/-	-/1	-/1	-/1	-/2	1/3
2	-/-	-/-	-/-	-/-	-/-	-/-	-/-	-/1	-/1	-/1	-/2
1 or less	-/-	-/-	-/-	-/-	-/-	-/-	-/-	-/-	-/1	-/1	-/2
"""

BOMBARDMENT_TEXT = r"""
Bombardment Table

Die roll	Factors Firing
	1	3	5	7	9	11	13	15	18+
10 or more	1	2	2	3	3	3D	3D	3D	4D
9	1	1	2	2	3	3	3D	3D	3D
8	-	1	1	2	2	3	3	3D	3D
7	-	-	1	1	2	2	3	3	3D
6	-	-	-	1	1	2	2	3	3
5	-	-	-	-	1	1	2	2	3
4	-	-	-	-	-	1	1	2	2
3	-	-	-	-	-	-	1	1	2
2	-	-	-	-	-	-	-	1	1
1	-	-	-	-	-	-	-	-	1

Modifiers (cumulative):

- 1 column to the left if target unit is entrenched
- 1 column to the left if target unit is armored
"""

COUNTERBATTERY_TEXT = r"""
Counterbattery Table

Die Roll	Factors Firing
	1	2	3	4	6	8	10	12+
10 or more	S	S	S1	S1	S1	S1	S1	S2
9	S	S	S	S1	S1	S1	S1	S1
8	-	S	S	S	S	S1	S1	S1
7	-	-	S	S	S	S	S1	S1
6	-	-	-	S	S	S	S	S1
5	-	-	-	-	S	S	S	S
4	-	-	-	-	-	S	S	S
3	-	-	-	-	-	-	S	S
2	-	-	-	-	-	-	-	-
1	-	-	-	-	-	-	-	-

Modifiers (cumulative):

- +1 die roll modification if friendly unit is adjacent to target hex
- 1 column to the left if target unit is entrenched
"""

AIR_COMBAT_TEXT = r"""
Air Combat Results Table

Die roll	Differential (Attacker value minus defender value)
	-3/-4	-2	-1	0	+1	+2
10 or more	AD	AD	AD	AD	AD	AD
9	A	AD	AD	AD	AD	AD
8	A	A	AD	AD	AD	AD
7	-	A	A	AD	AD	AD
6	-	-	-	A	AD	AD
5	-	-	-	-	A	A
4	-	-	-	-	-	A
3	-	-	-	-	-	-
2	-	-	-	-	-	-
1 or less	-	-	-	-	-	-

Die Roll Modifiers (cumulative):

- +1 if attacking unit has a greater proficiency rating than the target unit
- +2 if attacking unit has a proficiency rating three greater than the target unit
- -1 if a non-fighter unit fires on a fighter unit
"""

GERMAN_RECOVERY_TEXT = r"""
Die rolls required to return a unit to ready status:

JG	1-7, if disrupted 1-5
ZG	1-5, if disrupted 1-3
STG/SG	1-5, if disrupted 1-3
KG	1-2, disrupted units may not recover
"""

SOVIET_RECOVERY_TEXT = r"""
Die rolls required to return a unit to ready status:

IAD	1-7, if disrupted 1-5
SHAD	1-7, if disrupted 1-5
BAD	1-6, if disrupted 1-4
SAD	1-7, if disrupted 1-5
"""

TEC_TEXT = r"""
Terrain Effects Chart (TEC)

<u>Terrain Type</u>	<u>Movement Costs</u>			<u>Combat Effects</u>
	<u>Tracked</u>	<u>Motorized</u>	<u>Non-motorized</u>
Clear	1 MP	2 MP	1 MP	None
Elevated	1 MP	2 MP	1 MP	1 column
Marsh	2 MP	3 MP	2 MP	1 column
Major River	Prohibited			Prohibited
Minor River	+4 MP	+6 MP	+3 MP	2 columns
City	Other terrain in hex			2 columns
Village	Other terrain in hex			1 column
Primary Road	1/2 MP	1/2 MP	1 MP	None
Secondary Road	1 MP	1 MP	1 MP	None
Railroad	Other terrain in hex			None
Bridge	+1 MP	+1 MP	+1 MP	See rivers
Stalingrad Pocket	Soviet units cannot enter			None
Entrenchments	Other terrain in hex			1 column

Note: On icy turns, roads are treated as clear terrain
"""

COMBAT_MODIFICATIONS_TEXT = r"""
Combat Modifications

Column shifts (cumulative):

Attacker:

Terrain (see Terrain Effects Chart)
Entrenchments 1 column left

Die Roll Modifiers (cumulative):

Attacker:

Initiative

+1 if the initiative has been held for three consecutive turns
+2 if the initiative has been held for five consecutive turns

Armor Superiority

+2 if conditions of 11.4 are met

Combined Arms (German only)

+1 if conditions in section 11.4 met

Multi-hex attack

+1 if coordinated attack from 4 hexes
+2 if coordinated attack from 5 hexes
+3 if coordinated attack from 6 hexes

Unit proficiency

+1 if lead unit proficiency rating is 1 or 2 greater than defender
+2 if lead unit proficiency rating is 3 or 4 greater than defender
+3 if lead unit proficiency rating is 5 or more greater than defender

Supply

-1 if in organic supply status
-2 if in out of supply status

Special considerations

+1 if lead unit is engineer attacking defender in entrenchments

Defender:

Initiative

+1 if the initiative has been held for three consecutive turns
+2 if the initiative has been held for five consecutive turns

Armor Superiority

+2 if conditions of 11.4 are met

Unit proficiency

+1 if lead unit proficiency rating is 1 or 2 greater than attacker
+2 if lead unit proficiency rating is 3 or 4 greater than attacker
+3 if lead unit proficiency rating is 5 or more greater than attacker

Supply

-1 if in organic supply status
-2 if in out of supply status
"""

HASTY_ATTACK_TEXT = r"""
Hasty Attack Movement Costs

German units	2 movement points (MP)
Soviet units	3 MP
Rumanian units	4 MP
"""

VICTORY_TEXT = r"""
Victory Table

<u>VP's</u>	<u>Result</u>
8	German decisive victory
5	German significant victory
2	German marginal victory
1	Draw
0	Soviet marginal victory
-1	Soviet significant victory
-2	Soviet decisive victory
"""

STACKING_TEXT = r"""
(9.2) No more than 18 stacking points may occupy a single hex.
"""

REPLACEMENTS_TEXT = r"""
Soviet

losses $\times .25$ = replacement points available.

German

losses $\times .50$ = replacement points available.

Rumanian

losses $\times .25$ = replacement points available.
"""

THUNDERCLAP_TEXT = r"""
Operation Thunderclap Initiation Table

Die roll 1-5 - The attempt fails; permission for Thunderclap is denied.

Die roll 6-10 Sixth Army units are activated.

Modifiers:

- +1 DRM if any German unit is within five hexes of the pocket.
"""

# Fragments of long lines (whole lines would not fit the line length).
FRAGMENTS = {
    "bombardment_spotting": "- -1 die roll modification if no friendly unit of is adjacent "
    "to target hex (artillery bombardment only)",
    "bombardment_entrenched": "1/2/3/4/5 = number of strength points lost if bombardment; "
    "result reduced by 1 if target unit entrenched",
    "thunderclap_eligibility": "(defined as at least 12 stacking points) of the 57th Panzer "
    "Corps have approached to within 10 hexes of the pocket",
    "initiative_2": "On the second consecutive turn, all units of the owning player gain one "
    "additional movement point.",
    "initiative_3": "On the third consecutive turn, all units of the owning player gain an "
    "additional movement point and each of his attacks (hasty and prepared, not bombardments) "
    "are given a +1 die roll modifier.",
    "initiative_5": "On the fifth consecutive turn, all units of the owning player gain an "
    "additional movement point and each of his attacks (hasty and prepared, not bombardments) "
    "are given a +2 die roll modifier.",
    "supply_soviet": "cannot exceed eight hexes for non-mechanized units and fifteen hexes for "
    "tank and mechanized corps",
    "supply_rumanian": "The unit must first trace a supply line to its division headquarters "
    "that cannot exceed eight hexes.",
    "supply_german": "German units trace supply to their division headquarters. This supply "
    "line cannot exceed twenty hexes.",
    "supply_any_length": "This portion of the supply line can be of any length.",
    "supply_movement": "Out of Supply\t- one-half movement.",
}

NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "five": 5, "eight": 8, "ten": 10}
NUMBER_WORDS.update({"fifteen": 15, "twenty": 20})


@pytest.fixture(scope="module")
def tables() -> Tables:
    return load_tables(RULES_DIR)


# ---------------------------------------------------------------------------------------------
# Independent parsing of the printed text


def book_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip()]


def parse_printed_grid(text: str) -> tuple[list[str], list[tuple[str, list[str]]]]:
    """The column headings and (die label, cells) rows of a tab-separated printed grid."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("\t"))
    headers = lines[start].split("\t")[1:]
    rows = []
    for line in lines[start + 1 :]:
        if not line.strip():
            continue
        parts = line.split("\t")
        if not re.fullmatch(r"\d+( or more| or less)?", parts[0]):
            break
        rows.append((parts[0], parts[1:]))
    return headers, rows


def find(pattern: str, text: str) -> re.Match[str]:
    match = re.search(pattern, text)
    assert match, f"{pattern!r} not found in {text!r}"
    return match


def die_roll_of(label: str) -> int:
    return int(label.split()[0])


def expect_crt(cell: str) -> tuple[int, int]:
    mandatory, optional = cell.split("/")
    return (0 if mandatory == "-" else int(mandatory), 0 if optional == "-" else int(optional))


def expect_bombardment(cell: str) -> tuple[int, bool]:
    if cell == "-":
        return 0, False
    return int(cell.rstrip("D")), cell.endswith("D")


def expect_counterbattery(cell: str) -> tuple[bool, int]:
    if cell == "-":
        return False, 0
    return cell.startswith("S"), int(cell[1:] or 0) if cell.startswith("S") else int(cell)


def expect_air(cell: str) -> tuple[bool, bool]:
    return "A" in cell, "D" in cell


# ---------------------------------------------------------------------------------------------
# The embedded text really is the book's


def test_book_text_embedded_here_is_verbatim_from_the_rulebook() -> None:
    if not BOOK.exists():
        pytest.skip(f"rulebook not found at {BOOK}")
    book = BOOK.read_text(encoding="utf-8")
    printed = {line.rstrip() for line in book.splitlines()}
    blocks = (
        CRT_TEXT,
        BOMBARDMENT_TEXT,
        COUNTERBATTERY_TEXT,
        AIR_COMBAT_TEXT,
        GERMAN_RECOVERY_TEXT,
        SOVIET_RECOVERY_TEXT,
        TEC_TEXT,
        COMBAT_MODIFICATIONS_TEXT,
        HASTY_ATTACK_TEXT,
        VICTORY_TEXT,
        STACKING_TEXT,
        REPLACEMENTS_TEXT,
        THUNDERCLAP_TEXT,
    )
    for block in blocks:
        for line in book_lines(block):
            assert line in printed, f"not a line of the rulebook: {line!r}"
    for name, fragment in FRAGMENTS.items():
        assert fragment in book, f"{name} is not in the rulebook: {fragment!r}"


# ---------------------------------------------------------------------------------------------
# The four result grids, cell by cell


def _crt_result(cell: str) -> CombatResult:
    return CombatResult(*expect_crt(cell))


def _bombardment_result(cell: str) -> BombardmentResult:
    return BombardmentResult(*expect_bombardment(cell))


def _counterbattery_result(cell: str) -> CounterbatteryResult:
    return CounterbatteryResult(*expect_counterbattery(cell))


@pytest.mark.parametrize(
    ("text", "table", "expected", "columns"),
    [
        (CRT_TEXT, "crt", _crt_result, 11),
        (BOMBARDMENT_TEXT, "bombardment", _bombardment_result, 9),
        (COUNTERBATTERY_TEXT, "counterbattery", _counterbattery_result, 8),
    ],
    ids=["crt_11_4", "bombardment_12_4", "counterbattery_12_4"],
)
def test_factor_tables_11_4_12_4_every_cell_matches_the_printed_table(
    tables: Tables, text: str, table: str, expected, columns: int
) -> None:
    headers, rows = parse_printed_grid(text)
    lookup = getattr(tables, table)
    grid = lookup.grid
    assert [c.label for c in grid.columns] == headers
    assert [r.label for r in grid.rows] == [label for label, _ in rows]
    checked = 0
    for (label, cells), row in zip(rows, grid.cells, strict=True):
        assert len(cells) == len(headers) == len(row)
        for heading, cell, result in zip(headers, cells, row, strict=True):
            assert str(result) == cell
            assert result == expected(cell)
            assert grid.lookup(label, heading) == result
            looked_up = lookup.resolve(int(heading.rstrip("+")), roll=die_roll_of(label))
            assert looked_up == expected(cell)
            checked += 1
    assert checked == 10 * columns


def test_air_combat_4_4_every_cell_matches_the_printed_table(tables: Tables) -> None:
    headers, rows = parse_printed_grid(AIR_COMBAT_TEXT)
    grid = tables.air_combat.grid
    assert [c.label for c in grid.columns] == headers
    assert [r.label for r in grid.rows] == [label for label, _ in rows]
    checked = 0
    for (label, cells), row in zip(rows, grid.cells, strict=True):
        assert len(cells) == len(headers) == len(row)
        for heading, cell, result in zip(headers, cells, row, strict=True):
            assert str(result) == cell
            assert (result.abort, result.disrupted) == expect_air(cell)
            # "-3/-4" is one column for both differentials.
            for differential in (int(part) for part in heading.split("/")):
                looked_up = tables.air_combat.resolve(differential, roll=die_roll_of(label))
                assert looked_up == AirCombatResult(*expect_air(cell))
            checked += 1
    assert checked == 10 * 6


# ---------------------------------------------------------------------------------------------
# Modifier lists printed under the grids


def test_air_combat_4_4_printed_modifiers(tables: Tables) -> None:
    lines = [line for line in book_lines(AIR_COMBAT_TEXT) if line.startswith("- ")]
    assert lines[0].startswith("- +1 if attacking unit has a greater proficiency rating")
    assert lines[1].startswith("- +2 if attacking unit has a proficiency rating three greater")
    assert lines[2] == "- -1 if a non-fighter unit fires on a fighter unit"
    bands = tables.air_combat.modifiers.proficiency.bands
    assert [(b.at_least, b.drm) for b in bands] == [(1, 1), (NUMBER_WORDS["three"], 2)]
    assert tables.air_combat.modifiers.non_fighter_fires_on_fighter.drm == -1


def test_bombardment_12_4_printed_modifiers(tables: Tables) -> None:
    lines = [FRAGMENTS["bombardment_spotting"]]
    lines += [line for line in book_lines(BOMBARDMENT_TEXT) if line.startswith("- ")]
    mods = tables.bombardment.modifiers
    assert lines[0].startswith("- -1 die roll modification if no friendly unit")
    assert "(artillery bombardment only)" in lines[0]
    assert (mods.no_friendly_adjacent.drm, mods.no_friendly_adjacent.only_for) == (
        -1,
        "artillery",
    )
    assert lines[1] == "- 1 column to the left if target unit is entrenched"
    assert mods.target_entrenched.columns_left == 1
    assert lines[2] == "- 1 column to the left if target unit is armored"
    assert mods.target_armored.columns_left == 1
    legend = FRAGMENTS["bombardment_entrenched"]
    assert legend.endswith("result reduced by 1 if target unit entrenched")
    assert mods.target_entrenched.result_reduction == 1


def test_counterbattery_12_4_printed_modifiers(tables: Tables) -> None:
    lines = [line for line in book_lines(COUNTERBATTERY_TEXT) if line.startswith("- ")]
    mods = tables.counterbattery.modifiers
    assert lines[0] == "- +1 die roll modification if friendly unit is adjacent to target hex"
    assert mods.friendly_adjacent.drm == 1
    assert lines[1] == "- 1 column to the left if target unit is entrenched"
    assert mods.target_entrenched.columns_left == 1


# ---------------------------------------------------------------------------------------------
# Air Operations Charts: recovery numbers


RECOVERY_LINE = re.compile(
    r"(\S+)\t1-(\d+), (?:if disrupted 1-(\d+)|disrupted units may not recover)"
)


def test_air_recovery_4_7_every_line_matches_both_air_operations_charts(tables: Tables) -> None:
    checked = 0
    for nationality, text in (("german", GERMAN_RECOVERY_TEXT), ("soviet", SOVIET_RECOVERY_TEXT)):
        lines = [line for line in book_lines(text) if "\t" in line]
        assert len(lines) == 4
        for line in lines:
            match = RECOVERY_LINE.fullmatch(line)
            assert match, line
            name, flown, disrupted = match.group(1), int(match.group(2)), match.group(3)
            entry = tables.air_recovery.recovery_class(name)
            assert (entry.name, entry.nationality) == (name, nationality)
            assert entry.flown == flown
            assert entry.disrupted == (int(disrupted) if disrupted else None)
            for roll in range(1, 11):
                assert tables.air_recovery.recovers(name, False, roll) == (roll <= flown)
                expected = disrupted is not None and roll <= int(disrupted)
                assert tables.air_recovery.recovers(name, True, roll) == expected
            checked += 2
    assert checked == 16


def test_air_recovery_4_7_stg_sg_line_serves_both_classes(tables: Tables) -> None:
    assert tables.air_recovery.threshold("STG", disrupted=True) == 3
    assert tables.air_recovery.threshold("SG", disrupted=False) == 5
    assert tables.air_recovery.threshold("KG", disrupted=True) is None
    assert tables.air_recovery.recovery_class("BADS").name == "BAD"


# ---------------------------------------------------------------------------------------------
# Terrain Effects Chart


def test_tec_8_1_every_cell_matches_the_printed_chart(tables: Tables) -> None:
    tec = tables.tec
    rows = [line.split("\t") for line in book_lines(TEC_TEXT) if "\t" in line and "<u>" not in line]
    assert [t.name for t in tec.terrain_types] == [row[0] for row in rows]
    checked = 0
    for name, *cells in rows:
        assert len(cells) == 4
        terrain = tec.terrain(name.lower().replace(" ", "_"))
        assert terrain.name == name
        movement = cells[:3] if cells[1] else [cells[0]] * 3
        for movement_class, cell in zip(MOVEMENT_CLASSES, movement, strict=True):
            cost = terrain.movement(movement_class)
            if match := re.fullmatch(r"(\d+(?:/\d+)?) MP", cell):
                assert cost.kind is MoveKind.ENTER
                assert terrain.cost(movement_class) == Fraction(match.group(1))
                assert str(cost) == cell
            elif match := re.fullmatch(r"\+(\d+) MP", cell):
                assert terrain.hexside_extra(movement_class) == int(match.group(1))
                assert str(cost) == cell
            elif cell == "Prohibited":
                assert cost.kind is MoveKind.PROHIBITED and str(cost) == cell
                assert tec.crossing_rule(terrain.key) == "8.2"  # bridges included
            elif cell == "Other terrain in hex":
                assert cost.kind is MoveKind.OTHER_TERRAIN and str(cost) == cell
            elif cell == "Soviet units cannot enter":
                assert terrain.closed_to == ("soviet",)
                assert tec.entry_rule(terrain.key, "soviet") == "8.2"
                assert tec.entry_rule(terrain.key, "german") is None
                assert cost.kind is MoveKind.OTHER_TERRAIN
            else:
                pytest.fail(f"unexpected movement cell {cell!r}")
            checked += 1
        combat = cells[3]
        assert str(terrain.combat) == combat
        if combat == "None":
            assert terrain.column_shift == 0 and terrain.combat.kind is CombatKind.SHIFT
        elif match := re.fullmatch(r"(\d+) columns?", combat):
            assert terrain.column_shift == int(match.group(1))
        elif combat == "Prohibited":
            assert tec.attack_rule(terrain.key) == "8.2"
        elif combat == "See rivers":
            assert terrain.combat.kind is CombatKind.AS_RIVER
        else:
            pytest.fail(f"unexpected combat cell {combat!r}")
        checked += 1
    assert checked == 13 * 4
    note = next(line for line in book_lines(TEC_TEXT) if line.startswith("Note: "))
    assert note == f"Note: {tec.icy_note}"
    for road in ("primary_road", "secondary_road"):
        assert tec.for_turn(road, icy=True).key == "clear"
        assert tec.for_turn(road, icy=False).key == road
    assert tec.for_turn("railroad", icy=True).key == "railroad"


def test_tec_8_1_8_2_15_2_the_questions_modules_ask_the_chart(tables: Tables) -> None:
    tec = tables.tec
    assert tec.terrain("marsh").cost("motorized") == Fraction(3)
    assert tec.terrain("minor_river").hexside_extra("tracked") == 4
    assert tec.terrain("primary_road").cost("tracked") == Fraction(1, 2)
    assert tec.crossing("minor_river", "tracked", bridged=False)[1] == 4
    assert tec.crossing("minor_river", "tracked", bridged=True)[0].key == "bridge"
    assert tec.crossing_rule("minor_river") is None and tec.attack_rule("minor_river") is None
    with pytest.raises(ValueError, match="may not be crossed"):
        tec.crossing("major_river", "tracked", bridged=True)
    assert tec.entering("primary_road", "motorized", icy=True)[1] == 2  # as clear (8.1)
    with pytest.raises(ValueError, match="hexside"):
        tec.terrain("minor_river").cost("tracked")
    with pytest.raises(ValueError, match="other terrain"):
        tec.terrain("city").cost("motorized")
    with pytest.raises(KeyError, match="unknown terrain type 'swamp'"):
        tec.terrain("swamp")
    assert tables.tec.terrain("entrenchments").rule == "15.2"
    assert tec.leaving_cost("entrenchments", Fraction(7)) == (Fraction(7, 2), "15.2")
    with pytest.raises(ValueError, match="nothing to leave"):
        tec.leaving_cost("marsh", Fraction(7))


# ---------------------------------------------------------------------------------------------
# The Combat Modifications chart (11.4, 6.3, 14.5, 15.2, 16.2)


def parse_modifications(text: str) -> dict[str, dict[str, list[str]]]:
    """{side: {heading: [lines]}} for the die roll part; column shifts under 'shifts'."""
    result: dict[str, dict[str, list[str]]] = {"shifts": {}, "attacker": {}, "defender": {}}
    section, side, heading = "", "", ""
    for line in book_lines(text):
        if line.startswith("Column shifts"):
            section = "shifts"
        elif line.startswith("Die Roll Modifiers"):
            section = "drm"
        elif line in ("Attacker:", "Defender:"):
            side = line[:-1].lower()
        elif section == "shifts":
            result["shifts"][line] = []
        elif re.match(r"[+-]\d", line):
            result[side][heading].append(line)
        elif section == "drm":
            heading = line
            result[side][heading] = []
    return result


def test_combat_modifiers_11_4_every_line_matches_the_printed_chart(tables: Tables) -> None:
    chart = parse_modifications(COMBAT_MODIFICATIONS_TEXT)
    mods = tables.combat_modifiers
    checked = 0

    assert "Terrain (see Terrain Effects Chart)" in chart["shifts"]
    assert "Entrenchments 1 column left" in chart["shifts"]
    assert mods.entrenchment_shift == 1 and mods.entrenchments.rule == "15.2"
    checked += 1

    def drm(line: str) -> int:
        return int(find(r"^([+-]\d)", line).group(1))

    for side in ("attacker", "defender"):
        for heading, lines in chart[side].items():
            for line in lines:
                if heading == "Initiative":
                    turns = NUMBER_WORDS[find(r"for (\w+) consecutive", line).group(1)]
                    assert mods.initiative_drm(turns) == drm(line)
                    assert mods.initiative_drm(turns - 1) < drm(line)
                elif heading == "Armor Superiority":
                    assert mods.armor_superiority.drm == drm(line)
                elif heading == "Combined Arms (German only)":
                    assert mods.combined_arms.drm == drm(line)
                    assert mods.combined_arms.nationality == "german"
                elif heading == "Multi-hex attack":
                    hexes = int(find(r"from (\d) hexes", line).group(1))
                    assert mods.multi_hex_drm(hexes) == drm(line)
                elif heading == "Unit proficiency":
                    found = re.search(r"is (\d) or (\d|more) greater", line)
                    assert found
                    low = int(found.group(1))
                    high = low + 4 if found.group(2) == "more" else int(found.group(2))
                    for better in range(low, high + 1):
                        assert mods.proficiency_drm(5 + better, 5) == drm(line)
                elif heading == "Supply":
                    status = "organic" if "organic" in line else "out_of_supply"
                    assert "out of supply" in line or status == "organic"
                    assert mods.supply_drm(status) == drm(line)
                elif heading == "Special considerations":
                    assert "engineer" in line
                    assert mods.assault_engineers.drm == drm(line)
                else:
                    pytest.fail(f"unexpected heading {heading!r}")
                checked += 1
        # The chart lists each modifier under the sides it applies to.
        keys = {
            "Initiative": "initiative",
            "Armor Superiority": "armor_superiority",
            "Combined Arms (German only)": "combined_arms",
            "Multi-hex attack": "multi_hex_attack",
            "Unit proficiency": "unit_proficiency",
            "Supply": "supply",
            "Special considerations": "assault_engineers",
        }
        printed = {keys[h] for h in chart[side]}
        held = {
            entry.key
            for entry in mods.entries()
            if side in entry.sides and entry.key not in ("terrain", "entrenchments")
        }
        assert held == printed
    assert checked == 1 + 13 + 8
    assert mods.supply_drm("regular") == 0
    assert mods.proficiency_drm(5, 5) == 0
    assert mods.proficiency_drm(5, 8) == 0


# ---------------------------------------------------------------------------------------------
# The small tables


def test_hasty_attack_8_4_costs_match_the_printed_table(tables: Tables) -> None:
    lines = [line.split("\t") for line in book_lines(HASTY_ATTACK_TEXT) if "\t" in line]
    assert len(lines) == 3
    for who, cost in lines:
        nationality = who.removesuffix(" units").lower()
        assert tables.hasty_attack.cost(nationality) == int(cost.split()[0])


def test_stacking_9_2_limit_matches_the_rulebook(tables: Tables) -> None:
    limit = int(find(r"No more than (\d+) stacking points", STACKING_TEXT).group(1))
    assert tables.stacking.max_points_per_hex == limit == tables.stacking_limit == 18


def test_victory_19_33_every_row_matches_the_printed_table(tables: Tables) -> None:
    rows = [line.split("\t") for line in book_lines(VICTORY_TEXT) if "\t" in line]
    rows = [(int(vp), result) for vp, result in rows if "<u>" not in vp]
    assert [(level.vp, level.result) for level in tables.victory.levels] == rows
    for vp, result in rows:
        assert tables.victory.level_for(vp).result == result


def test_victory_19_33_between_and_beyond_the_printed_rows(tables: Tables) -> None:
    victory = tables.victory
    assert victory.level_for(7).result == "German significant victory"
    assert victory.level_for(3).result == "German marginal victory"
    assert victory.level_for(8).result == victory.level_for(30).result == "German decisive victory"
    assert victory.level_for(-2).result == victory.level_for(-9).result == "Soviet decisive victory"
    assert victory.level_for(1).winner is None and victory.level_for(1).result == "Draw"
    assert (victory.level_for(-1).winner, victory.level_for(-1).degree) == ("soviet", "significant")


def test_victory_19_33_historical_note_is_a_soviet_marginal_victory(tables: Tables) -> None:
    # 1 German VP (within 18 hexes) against 1 Soviet VP (over 50 strength points destroyed).
    assert tables.victory.level_for(1 - 1).result == "Soviet marginal victory"


def test_replacements_17_3_rates_match_the_rulebook(tables: Tables) -> None:
    found = re.findall(r"(Soviet|German|Rumanian)\s+losses \$\\times (\.\d+)\$", REPLACEMENTS_TEXT)
    assert len(found) == 3
    for nationality, rate in found:
        assert tables.replacements.rate(nationality.lower()) == Fraction(rate)


def test_thunderclap_5_1_table_matches_the_rulebook(tables: Tables) -> None:
    table = tables.thunderclap
    ranges = re.findall(r"Die roll (\d+)-(\d+) -? ?(.+)", THUNDERCLAP_TEXT)
    assert len(ranges) == 2
    for low, high, text in ranges:
        activated = "activated" in text
        for roll in range(int(low), int(high) + 1):
            assert table.activates(roll) is activated
    modifier = re.search(r"\+(\d) DRM if any German unit is within (\w+) hexes", THUNDERCLAP_TEXT)
    assert modifier
    assert table.drm(german_unit_near_pocket=True) == int(modifier.group(1))
    assert table.near_pocket_hexes == NUMBER_WORDS[modifier.group(2)]
    eligibility = re.search(
        r"at least (\d+) stacking points.* within (\d+) hexes", FRAGMENTS["thunderclap_eligibility"]
    )
    assert eligibility
    assert table.eligibility_stacking_points == int(eligibility.group(1))
    assert table.eligibility_within_hexes == int(eligibility.group(2))


def test_initiative_6_3_effects_match_the_rulebook(tables: Tables) -> None:
    turns_of = {"second": 2, "third": 3, "fifth": 5}
    checked = 0
    for key in ("initiative_2", "initiative_3", "initiative_5"):
        text = FRAGMENTS[key]
        turns = turns_of[find(r"^On the (\w+) consecutive", text).group(1)]
        effects = tables.initiative.effects_for_streak(turns)
        assert effects.consecutive_turns == turns
        assert effects.extra_mp == 1 and "additional movement point" in text
        drm = re.search(r"\+(\d) die roll modifier", text)
        assert effects.attack_drm == (int(drm.group(1)) if drm else 0)
        checked += 2


def test_initiative_6_3_streak_between_thresholds(tables: Tables) -> None:
    effects = tables.initiative.effects_for_streak
    assert (effects(1).extra_mp, effects(1).attack_drm) == (0, 0)
    assert (effects(0).extra_mp, effects(0).attack_drm) == (0, 0)
    assert effects(4) == effects(3)
    assert effects(7) == effects(5)
    assert (effects(2).extra_mp, effects(2).attack_drm) == (1, 0)


def test_supply_14_2_ranges_match_the_rulebook(tables: Tables) -> None:
    supply = tables.supply
    soviet = re.search(
        r"exceed (\w+) hexes for non-mechanized units and (\w+) hexes", FRAGMENTS["supply_soviet"]
    )
    assert soviet
    assert supply.line("soviet_non_mechanized").first_segment_hexes == NUMBER_WORDS[soviet.group(1)]
    assert (
        supply.line("soviet_tank_mechanized_corps").first_segment_hexes
        == NUMBER_WORDS[soviet.group(2)]
    )
    rumanian = find(r"exceed (\w+) hexes", FRAGMENTS["supply_rumanian"])
    assert supply.line("rumanian").first_segment_hexes == NUMBER_WORDS[rumanian.group(1)]
    german = find(r"exceed (\w+) hexes", FRAGMENTS["supply_german"])
    assert supply.line("german").first_segment_hexes == NUMBER_WORDS[german.group(1)]
    for line in supply.lines:
        assert all(segment.max_hexes is None for segment in line.segments[1:])
    assert "one-half movement" in FRAGMENTS["supply_movement"]
    assert supply.movement_factor("out_of_supply") == Fraction(1, 2)
    assert supply.movement_factor("organic") == 1


# ---------------------------------------------------------------------------------------------
# Worked examples from the rulebook, with their dice


def test_crt_11_8_example_soviet_fire_8_factors_roll_10_gives_1_3(tables: Tables) -> None:
    mods = tables.combat_modifiers
    # Soviet lead 5 against German lead 8: no proficiency DRM for the Soviet player.
    drm = mods.proficiency_drm(5, 8) + mods.supply_drm("regular")
    assert drm == 0
    assert tables.crt.column_for(8) == "8"
    result = tables.crt.resolve(4 + 4, drm=drm, roll=10)
    assert str(result) == "1/3"
    assert (result.mandatory, result.optional) == (1, 3)


def test_crt_11_8_example_german_fire_gives_2_4(tables: Tables) -> None:
    mods = tables.combat_modifiers
    drm = mods.proficiency_drm(8, 5) + mods.combined_arms.drm
    assert drm == 3
    shifts = tables.tec.terrain("elevated").column_shift
    assert shifts == 1
    assert tables.crt.column_for(26) == "25"
    assert tables.crt.column_for(26, shifts) == "20"
    result = tables.crt.resolve(26, shifts=shifts, drm=drm, roll=7)
    assert str(result) == "2/4"


def test_crt_11_8_example_retreat_fire_11_factors_roll_5_gives_one_loss(tables: Tables) -> None:
    # 11.7: fire at units retreating through a ZOC has no modifications; the book reads the
    # result "-1" and all of it is taken as strength point losses.
    assert tables.crt.column_for(6 + 5) == "10"
    result = tables.crt.resolve(11, roll=5)
    assert str(result) == "-/1"
    assert result.total == 1


def test_bombardment_11_8_example_soviet_3_column_roll_6_no_effect(tables: Tables) -> None:
    assert tables.bombardment.column_for(3) == "3"
    result = tables.bombardment.resolve(3, roll=6)
    assert result.no_effect and str(result) == "-"


def test_bombardment_11_8_example_german_7_column_roll_6_gives_1(tables: Tables) -> None:
    result = tables.bombardment.resolve(7, roll=6)
    assert str(result) == "1" and result == BombardmentResult(1, False)


def test_bombardment_4_5_interdiction_example_7_column_roll_7_costs_1_mp(tables: Tables) -> None:
    assert tables.bombardment.modifiers.interdiction_drm(0) == 0
    assert tables.bombardment.resolve(7, roll=7).losses == 1


def test_bombardment_4_6_example_armored_target_3_column_roll_8_gives_1(tables: Tables) -> None:
    mods = tables.bombardment.modifiers
    shifts = mods.column_shifts(armored=True)
    assert shifts == 1
    assert tables.bombardment.column_for(5, shifts) == "3"
    drm = mods.drm(by_air=True, antiaircraft_present=False)
    assert drm == 0
    assert str(tables.bombardment.resolve(5, shifts, drm, roll=8)) == "1"


def test_counterbattery_12_4_example_6_factors_roll_7_suppresses(tables: Tables) -> None:
    result = tables.counterbattery.resolve(6, roll=7)
    assert str(result) == "S"
    assert result.suppressed and result.losses == 0


def test_air_combat_4_4_example_german_fighter_fires_on_plus_1_column(tables: Tables) -> None:
    air = tables.air_combat
    differential = 6 - 5
    assert air.column_for(differential) == "+1"
    drm = air.drm(8, 6, attacker_is_fighter=True, target_is_fighter=True)
    assert drm == 1
    result = air.resolve(differential, drm, roll=4)
    assert str(result) == "A" and result.abort and not result.disrupted


def test_air_combat_4_4_example_soviet_fighter_fires_on_minus_1_column(tables: Tables) -> None:
    air = tables.air_combat
    drm = air.drm(6, 8, attacker_is_fighter=True, target_is_fighter=True)
    assert drm == 0
    assert air.resolve(-1, drm, roll=5).no_effect


def test_air_combat_4_4_example_fighter_on_ground_attack_roll_6_gives_ad(tables: Tables) -> None:
    air = tables.air_combat
    # German proficiency 8, three better than the ground attack regiment: +2, not +3.
    drm = air.drm(8, 5, attacker_is_fighter=True, target_is_fighter=False)
    assert drm == 2
    # The example gives no factors for this pairing; AD at a modified 8 holds on every column
    # from -1 up, and the table gives only A further left, so the differential was -1 or more.
    for differential in (-1, 0, 1, 2):
        assert str(air.resolve(differential, drm, roll=6)) == "AD"
    for differential in (-2, -3, -4):
        assert str(air.resolve(differential, drm, roll=6)) == "A"


def test_air_combat_4_4_example_ground_attack_returns_fire_roll_7_no_effect(
    tables: Tables,
) -> None:
    air = tables.air_combat
    drm = air.drm(5, 8, attacker_is_fighter=False, target_is_fighter=True)
    assert drm == -1
    # No effect at a modified 6 holds on the -1 column and left of it (0 would give A).
    for differential in (-1, -2, -3, -4):
        assert air.resolve(differential, drm, roll=7).no_effect
    assert str(air.resolve(0, drm, roll=7)) == "A"


def test_air_combat_4_4_drm_bands(tables: Tables) -> None:
    drm = tables.air_combat.drm
    assert drm(5, 5, True, True) == 0
    assert drm(7, 5, True, True) == 1
    assert drm(8, 5, True, True) == 2
    assert drm(10, 5, True, True) == 2
    assert drm(4, 5, False, True) == -1
    assert drm(9, 5, False, True) == 1
    assert drm(4, 5, False, False) == 0


def test_air_combat_4_4_differentials_beyond_the_printed_columns(tables: Tables) -> None:
    air = tables.air_combat
    assert air.column_for(-3) == air.column_for(-4) == air.column_for(-9) == "-3/-4"
    assert air.column_for(2) == air.column_for(7) == "+2"
    assert air.column_for(0) == "0"


def test_replacements_17_4_example_302nd_rifle_division(tables: Tables) -> None:
    assert tables.replacements.replacement_points("soviet", 9) == 2
    assert tables.replacements.replacement_points("soviet", 1) == 0
    assert tables.replacements.replacement_points("soviet", 2) == 1  # 0.50 rounds up (2.5)
    assert tables.replacements.replacement_points("german", 3) == 2
    assert tables.replacements.replacement_points("rumanian", 0) == 0


def test_thunderclap_5_1_modifier_and_eligibility(tables: Tables) -> None:
    table = tables.thunderclap
    assert not table.activates(5)
    assert table.activates(5, german_unit_near_pocket=True)
    assert table.activates(10, german_unit_near_pocket=True)
    assert not table.is_eligible(11) and table.is_eligible(12)


def test_hasty_attack_8_4_costs(tables: Tables) -> None:
    assert [tables.hasty_attack.cost(n) for n in ("german", "soviet", "rumanian")] == [2, 3, 4]


# ---------------------------------------------------------------------------------------------
# Column finding, shifts, clamping and bad arguments


def test_crt_11_4_totals_between_columns_use_the_highest_column_not_above(tables: Tables) -> None:
    crt = tables.crt
    assert crt.column_for(1) == "1"
    assert crt.column_for(4) == "3"
    assert crt.column_for(29) == "25"
    assert crt.column_for(30) == crt.column_for(31) == crt.column_for(99) == "30+"


def test_crt_11_4_shifts_move_left_and_stop_at_the_first_column(tables: Tables) -> None:
    crt = tables.crt
    assert crt.column_for(30, 2) == "20"
    assert crt.column_for(2, 1) == "1"
    assert crt.column_for(2, 5) == "1"
    assert crt.resolve(2, shifts=5, roll=10) == crt.resolve(1, roll=10)
    with pytest.raises(ValueError, match="always move left"):
        crt.column_for(10, -1)


def test_crt_11_4_modified_roll_clamps_to_the_printed_rows(tables: Tables) -> None:
    crt = tables.crt
    assert crt.resolve(8, drm=3, roll=10) == crt.resolve(8, roll=10)
    assert crt.resolve(30, drm=-4, roll=2) == crt.resolve(30, roll=1)
    assert str(crt.resolve(30, drm=-4, roll=2)) == "-/2"
    assert tables.bombardment.resolve(18, drm=-1, roll=1) == tables.bombardment.resolve(18, roll=1)


def test_crt_11_4_fewer_than_one_factor_is_refused(tables: Tables) -> None:
    with pytest.raises(ValueError, match="0 factors is below the first column"):
        tables.crt.resolve(0, roll=5)
    with pytest.raises(ValueError, match="below the first column"):
        tables.bombardment.resolve(-2, roll=5)
    with pytest.raises(ValueError, match="die roll must be from 1 to 10"):
        tables.crt.resolve(5, roll=11)
    with pytest.raises(TypeError):
        tables.crt.resolve(5, roll=True)


def test_crt_11_5_result_notation_round_trips() -> None:
    for text in ("-/-", "-/1", "1/3", "2/4"):
        assert str(CombatResult.parse(text)) == text
    assert CombatResult(0, 0).no_effect and CombatResult(2, 4).total == 6
    for text in ("x/y", "1", "1/", ""):
        with pytest.raises(ValueError):
            CombatResult.parse(text)


def test_bombardment_15_2_entrenched_target_shift_and_reduction(tables: Tables) -> None:
    mods = tables.bombardment.modifiers
    assert mods.column_shifts(entrenched=True, armored=True) == 2
    assert str(mods.apply_entrenchment(BombardmentResult.parse("3D"))) == "2D"
    assert str(mods.apply_entrenchment(BombardmentResult.parse("1"))) == "-"
    assert mods.drm(by_air=False, friendly_adjacent=False) == -1
    assert mods.drm(by_air=True, friendly_adjacent=False) == 0
    assert mods.drm(by_air=True, antiaircraft_present=True) == -1
    assert mods.interdiction_drm(3) == -3
    assert tables.counterbattery.modifiers.drm(friendly_adjacent=True) == 1
    assert tables.counterbattery.modifiers.column_shifts(entrenched=True) == 1


def test_tables_results_print_as_the_book() -> None:
    assert [str(BombardmentResult.parse(t)) for t in ("-", "2", "3D", "D")] == ["-", "2", "3D", "D"]
    assert [str(CounterbatteryResult.parse(t)) for t in ("-", "S", "S1", "S2")] == [
        "-",
        "S",
        "S1",
        "S2",
    ]
    assert [str(AirCombatResult.parse(t)) for t in ("-", "A", "AD")] == ["-", "A", "AD"]


# ---------------------------------------------------------------------------------------------
# Immutability and the default loader


def test_tables_every_loaded_object_is_frozen(tables: Tables) -> None:
    count = 0
    for obj in iter_dataclasses(tables):
        assert type(obj).__dataclass_params__.frozen, type(obj).__name__
        first = dataclasses.fields(obj)[0].name
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(obj, first, None)
        assert not hasattr(obj, "__dict__"), f"{type(obj).__name__} should use slots"
        for f in dataclasses.fields(obj):
            assert not isinstance(getattr(obj, f.name), list | dict | set), (
                f"{type(obj).__name__}.{f.name} is mutable"
            )
        count += 1
    assert count > 100


def test_tables_default_tables_loads_the_shipped_files_once() -> None:
    first = default_tables()
    assert first is default_tables()
    assert str(first.crt.resolve(26, 1, 3, roll=7)) == "2/4"
    assert str(first.crt.resolve(8, roll=10)) == "1/3"


def test_tables_resources_dir_honours_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("OWSQT_RESOURCES", str(tmp_path))
    assert resources_dir() == tmp_path
    monkeypatch.delenv("OWSQT_RESOURCES")
    assert resources_dir() == RULES_DIR.parent
