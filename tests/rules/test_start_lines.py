"""The 12 December start lines on the shipped map (19.11, 19.12): one line a side across
the map, apart and in order, and set-up zones that reach only into their owner's rear."""

from __future__ import annotations

import copy
import itertools

import pytest

from owsqt.rules.map.frontlines import front_problems, rear_area, rear_hexes
from owsqt.rules.map.gamemap import GameMap
from owsqt.rules.map.setupzones import NearStartLine

# The segments 19.11 and 19.12 name, by their end hexes.
SOVIET_SEGMENTS = [("1045", "2042"), ("2142", "2840"), ("2940", "3747"), ("3847", "4842")]
AXIS_SEGMENTS = [("1046", "2043"), ("2143", "2541"), ("2942", "3450"), ("3550", "4047"),
                 ("4343", "4843")]  # fmt: skip


@pytest.fixture(scope="module")
def game_map(ruleset):
    return ruleset.game_map


def ids(game_map, hexes):
    return {game_map.grid.id_of(hex_) for hex_ in hexes}


def bent(game_map, side, front_ids):
    """The shipped map with one side's front replaced."""
    data = copy.deepcopy(dict(game_map.data))
    data["fronts"][side] = front_ids
    return GameMap(data)


def test_19_11_the_shipped_start_lines_have_no_problem(game_map):
    assert front_problems(game_map) == []


@pytest.mark.parametrize("side", ["soviet", "axis"])
def test_19_11_each_start_line_is_one_line_from_the_west_edge_to_the_east_edge(game_map, side):
    grid = game_map.grid
    front = game_map.fronts[side]
    assert grid.offset_of(front[0])[0] == grid.first_column
    assert grid.offset_of(front[-1])[0] == grid.last_column
    for a, b in itertools.pairwise(front):
        assert b in {h for _, h in grid.neighbours(a)}, (grid.id_of(a), grid.id_of(b))


@pytest.mark.parametrize(
    ("side", "segments"), [("soviet", SOVIET_SEGMENTS), ("axis", AXIS_SEGMENTS)]
)
def test_19_11_and_19_12_each_named_segment_is_a_part_of_its_front(game_map, side, segments):
    front = game_map.fronts[side]
    ends = [
        (game_map.grid.id_of(s[0]), game_map.grid.id_of(s[-1])) for s in game_map.start_lines[side]
    ]
    assert ends == segments
    for segment in game_map.start_lines[side]:
        start = front.index(segment[0])
        assert front[start : start + len(segment)] == segment


def test_19_11_the_start_lines_never_share_a_hex_where_they_used_to_cross(game_map):
    soviet, axis = ids(game_map, game_map.fronts["soviet"]), ids(game_map, game_map.fronts["axis"])
    assert not soviet & axis
    # Straight lines between the rulebook's ends crossed here.
    assert not {"2342", "2441", "2541", "4643", "4743"} & soviet


def test_19_11_the_soviet_line_runs_north_of_the_axis_line_in_every_column(game_map):
    grid = game_map.grid
    rows: dict[str, dict[int, list[int]]] = {"soviet": {}, "axis": {}}
    for side, front in game_map.fronts.items():
        for hex_ in front:
            column, row = grid.offset_of(hex_)
            rows[side].setdefault(column, []).append(row)
    assert (
        set(rows["soviet"])
        == set(rows["axis"])
        == set(range(grid.first_column, grid.last_column + 1))
    )
    for column, soviet_rows in rows["soviet"].items():
        assert max(soviet_rows) < min(rows["axis"][column]), column


def test_19_11_the_two_rears_do_not_overlap(game_map):
    soviet, axis = rear_area(game_map, "soviet"), rear_area(game_map, "axis")
    assert soviet.is_valid and axis.is_valid
    assert soviet.intersection(axis).area == pytest.approx(0.0)
    assert not rear_hexes(game_map, "soviet") & rear_hexes(game_map, "axis")


def test_19_12_gruppe_bischof_and_the_vii_corps_hexes_lie_on_the_axis_side(game_map):
    axis = ids(game_map, rear_hexes(game_map, "axis"))
    soviet = ids(game_map, rear_hexes(game_map, "soviet"))
    # 19.12 b: Gruppe Bischof 4146, 57th Cavalry Battalion 4246, 57th Engineers 4443;
    # 19.12 a: 6th Panzer's reconnaissance battalion 2641, 23rd Panzer round 2841.
    for hex_id in ("4146", "4246", "4443", "2641", "2841", "1945", "4053"):
        assert hex_id in axis and hex_id not in soviet, hex_id
    # 19.21 a: the 91st Rifle Division's 4441 is behind the Soviet line; 19.11 a's HQs too.
    for hex_id in ("4441", "4030", "1836", "1832"):
        assert hex_id in soviet, hex_id


@pytest.mark.parametrize(
    ("side", "segment", "distance"),
    [("soviet", seg, 5) for seg in SOVIET_SEGMENTS] + [("axis", seg, 2) for seg in AXIS_SEGMENTS],
)
def test_19_11_and_19_12_a_zone_near_the_start_line_lies_in_its_owners_rear(
    game_map, side, segment, distance
):
    zone = NearStartLine(side, *segment, distance).hexes(game_map)
    other = "axis" if side == "soviet" else "soviet"
    assert zone <= rear_hexes(game_map, side)
    assert not zone & rear_hexes(game_map, other)
    assert not zone & set(game_map.fronts[other])


def test_19_11_the_91st_rifle_divisions_zone_stays_north_of_the_rumanians(game_map):
    zone = ids(game_map, NearStartLine("soviet", "3847", "4842", 5).hexes(game_map))
    assert {"4842", "4441", "4342"} <= zone
    assert not {"4643", "4743", "4146", "4443"} & zone


def test_a_front_that_crosses_the_other_is_named(game_map):
    soviet = [game_map.grid.id_of(h) for h in game_map.fronts["soviet"]]
    # Through 4343 and 4443, the Axis line's hexes.
    crossing = [*soviet[: soviet.index("4342") + 1], "4343", "4443", "4543", "4642", "4742", "4842"]
    problems = front_problems(bent(game_map, "soviet", crossing))
    assert problems == ["the start lines share 4343, 4443, 4543"]


def test_a_soviet_front_south_of_the_axis_front_is_named(game_map):
    soviet = [game_map.grid.id_of(h) for h in game_map.fronts["soviet"]]
    axis = [game_map.grid.id_of(h) for h in game_map.fronts["axis"]]
    swapped = bent(bent(game_map, "soviet", axis), "axis", soviet)
    (problem,) = front_problems(swapped)
    assert problem.startswith("the Soviet start line runs south of the Axis line at 1046, ")


def test_a_front_with_a_gap_or_short_of_an_edge_is_named(game_map):
    soviet = [game_map.grid.id_of(h) for h in game_map.fronts["soviet"]]
    gapped = [h for h in soviet if h != "2540"]
    assert "the Soviet start line jumps from 2440 to 2640" in front_problems(
        bent(game_map, "soviet", gapped)
    )
    short = soviet[: soviet.index("4742") + 1]
    assert any(
        "not from the west edge to the east edge" in p
        for p in front_problems(bent(game_map, "soviet", short))
    )
