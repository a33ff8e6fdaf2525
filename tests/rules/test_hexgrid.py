"""Tests for the hex grid: coordinates, map ids, hexsides, layout and shapes."""

from __future__ import annotations

import math
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from owsqt.rules.core.hexgrid import (
    DIRECTIONS,
    Hex,
    HexGrid,
    Hexside,
    Layout,
    distance,
    hex_polygon,
    hexes_polygon,
    hexes_within,
    hexside_line,
    hexside_towards,
    line,
    neighbour,
    opposite_hexside,
    ring,
)

EVEN = HexGrid(1, 50, 1, 55, shifted_columns="even")
ODD = HexGrid(1, 50, 1, 55, shifted_columns="odd")

coords = st.integers(min_value=-300, max_value=300)
hexes = st.builds(Hex.from_axial, coords, coords)
hexsides = st.integers(min_value=1, max_value=6)
radii = st.integers(min_value=1, max_value=8)
layouts = st.builds(
    Layout,
    st.floats(min_value=1.0, max_value=200.0),
    st.tuples(
        st.floats(min_value=-1000.0, max_value=1000.0),
        st.floats(min_value=-1000.0, max_value=1000.0),
    ),
)


def ids_by_hexside(grid: HexGrid, id: str) -> dict[int, str]:
    return {side: grid.id_of(h) for side, h in grid.neighbours(grid.hex_of(id))}


# -- distance ---------------------------------------------------------------------------


@given(hexes, hexes)
def test_distance_is_the_same_counted_from_either_end(a, b):
    assert distance(a, b) == distance(b, a)


@given(hexes, hexes)
def test_distance_is_zero_only_from_a_hex_to_itself(a, b):
    assert (distance(a, b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_a_detour_is_never_shorter_than_the_direct_route(a, b, c):
    assert distance(a, c) <= distance(a, b) + distance(b, c)


def test_distance_counts_hexes_across_the_printed_map():
    assert distance(EVEN.hex_of("2428"), EVEN.hex_of("2433")) == 5
    assert distance(EVEN.hex_of("0101"), EVEN.hex_of("0501")) == 4
    assert distance(ODD.hex_of("0101"), ODD.hex_of("0501")) == 4


# -- neighbours and hexsides ------------------------------------------------------------


@given(hexes, hexsides)
def test_every_neighbour_is_one_hex_away_across_the_named_hexside(h, side):
    other = neighbour(h, side)
    assert distance(h, other) == 1
    assert hexside_towards(h, other) == side


@given(hexes, hexsides)
def test_the_neighbour_sees_us_across_the_opposite_hexside(h, side):
    assert hexside_towards(neighbour(h, side), h) == opposite_hexside(side)
    assert neighbour(neighbour(h, side), opposite_hexside(side)) == h


@given(hexsides)
def test_opposite_hexsides_point_opposite_ways(side):
    assert DIRECTIONS[opposite_hexside(side) - 1] == -DIRECTIONS[side - 1]
    assert opposite_hexside(opposite_hexside(side)) == side


def test_hexsides_are_numbered_clockwise_from_north():
    assert [opposite_hexside(n) for n in range(1, 7)] == [4, 5, 6, 1, 2, 3]
    with pytest.raises(ValueError, match="hexside"):
        opposite_hexside(0)
    with pytest.raises(ValueError, match="hexside"):
        neighbour(Hex.from_axial(0, 0), 7)


@given(hexes, hexes)
def test_asking_the_hexside_towards_a_distant_hex_is_refused(a, b):
    if distance(a, b) != 1:
        with pytest.raises(ValueError, match="not adjacent"):
            hexside_towards(a, b)


def test_neighbours_of_2428_when_even_columns_are_shifted_down():
    assert ids_by_hexside(EVEN, "2428") == {
        1: "2427",
        2: "2528",
        3: "2529",
        4: "2429",
        5: "2329",
        6: "2328",
    }


def test_neighbours_of_2428_when_odd_columns_are_shifted_down():
    assert ids_by_hexside(ODD, "2428") == {
        1: "2427",
        2: "2527",
        3: "2528",
        4: "2429",
        5: "2328",
        6: "2327",
    }


def test_neighbours_of_an_odd_column_hex_under_both_shifts():
    assert ids_by_hexside(EVEN, "2528") == {
        1: "2527",
        2: "2627",
        3: "2628",
        4: "2529",
        5: "2428",
        6: "2427",
    }
    assert ids_by_hexside(ODD, "2528") == {
        1: "2527",
        2: "2628",
        3: "2629",
        4: "2529",
        5: "2429",
        6: "2428",
    }


@pytest.mark.parametrize("grid", [EVEN, ODD], ids=["even", "odd"])
def test_north_is_the_row_above_and_south_the_row_below(grid):
    sides = ids_by_hexside(grid, "2428")
    assert sides[1] == "2427"
    assert sides[4] == "2429"


def test_corner_and_edge_hexes_have_fewer_neighbours():
    # Column 01 is shifted down only when odd columns are.
    assert ids_by_hexside(EVEN, "0101") == {3: "0201", 4: "0102"}
    assert ids_by_hexside(ODD, "0101") == {2: "0201", 3: "0202", 4: "0102"}
    assert ids_by_hexside(EVEN, "5055") == {1: "5054", 6: "4955"}
    assert ids_by_hexside(ODD, "5055") == {1: "5054", 5: "4955", 6: "4954"}
    assert sorted(ids_by_hexside(EVEN, "2401")) == [2, 3, 4, 5, 6]
    assert sorted(ids_by_hexside(ODD, "2401")) == [3, 4, 5]
    assert sorted(ids_by_hexside(EVEN, "0128")) == [1, 2, 3, 4]


@pytest.mark.parametrize("grid", [EVEN, ODD], ids=["even", "odd"])
def test_interior_hexes_have_six_neighbours_and_every_neighbour_is_on_the_map(grid):
    for h in grid.hexes():
        found = grid.neighbours(h)
        assert [side for side, _ in found] == sorted(side for side, _ in found)
        for side, other in found:
            assert grid.contains(other)
            assert neighbour(h, side) == other
        column, row = grid.offset_of(h)
        if 1 < column < 50 and 1 < row < 55:
            assert len(found) == 6


def test_neighbours_of_a_hex_just_off_the_map_are_those_on_it():
    outside = EVEN.hex_from_offset(0, 28)
    assert not EVEN.contains(outside)
    assert [EVEN.id_of(h) for _, h in EVEN.neighbours(outside)] == ["0128", "0129"]


def test_changing_the_returned_neighbour_list_does_not_change_the_map():
    h = EVEN.hex_of("2428")
    EVEN.neighbours(h).clear()
    assert len(EVEN.neighbours(h)) == 6


# -- rings, ranges and lines ------------------------------------------------------------


@given(hexes, radii)
def test_a_ring_holds_six_hexes_per_step_of_radius_all_that_far_away(center, radius):
    found = ring(center, radius)
    assert len(found) == 6 * radius
    assert len(set(found)) == len(found)
    assert all(distance(center, h) == radius for h in found)


@given(hexes)
def test_a_ring_of_radius_zero_is_the_centre_alone(center):
    assert ring(center, 0) == [center]


def test_a_ring_starts_due_north_and_runs_clockwise():
    center = Hex.from_axial(0, 0)
    assert ring(center, 1) == [neighbour(center, side) for side in range(1, 7)]


@given(hexes, st.integers(min_value=0, max_value=8))
def test_a_range_holds_every_hex_within_it_and_the_centre(center, radius):
    found = hexes_within(center, radius)
    assert len(found) == 3 * radius * (radius + 1) + 1
    assert len(set(found)) == len(found)
    assert center in found
    assert all(distance(center, h) <= radius for h in found)


@given(hexes, hexes)
def test_a_line_runs_hex_by_hex_from_one_end_to_the_other(a, b):
    found = line(a, b)
    assert len(found) == distance(a, b) + 1
    assert found[0] == a
    assert found[-1] == b
    assert all(distance(x, y) == 1 for x, y in pairwise(found))
    assert all(x + y + z == 0 for x, y, z in found)


def test_a_line_along_a_hexside_spine_always_picks_the_same_side():
    a, b = Hex.from_axial(0, 0), Hex.from_axial(2, -1)
    assert line(a, b) == line(a, b)
    assert line(a, b)[1] in (Hex.from_axial(1, -1), Hex.from_axial(1, 0))


def test_the_grid_keeps_only_the_part_of_a_range_on_the_map():
    corner = EVEN.hex_of("0101")
    on_map = EVEN.on_map(hexes_within(corner, 1))
    assert sorted(EVEN.id_of(h) for h in on_map) == ["0101", "0102", "0201"]


# -- CCRR ids ---------------------------------------------------------------------------


@given(
    st.integers(0, 99),
    st.integers(0, 99),
    st.integers(0, 20),
    st.integers(0, 20),
    st.sampled_from(["odd", "even"]),
)
def test_every_hex_id_on_any_map_reads_back_as_the_same_hex(column, row, width, height, shift):
    grid = HexGrid(column, min(column + width, 99), row, min(row + height, 99), shift)
    ids = grid.ids()
    assert len(set(ids)) == len(ids) == len(set(grid.hexes()))
    for id, h in zip(ids, grid.hexes(), strict=True):
        assert grid.hex_of(id) == h
        assert grid.id_of(h) == id
        assert grid.hex_from_offset(*grid.offset_of(h)) == h


@pytest.mark.parametrize("grid", [EVEN, ODD], ids=["even", "odd"])
def test_every_hex_id_on_the_map_reads_back_as_the_same_hex(grid):
    ids = grid.ids()
    assert len(ids) == 50 * 55
    assert len(set(grid.hexes())) == 50 * 55
    for id, h in zip(ids, grid.hexes(), strict=True):
        assert grid.hex_of(id) == h
        assert grid.id_of(h) == id
        assert grid.contains(h)
        assert grid.hex_from_offset(*grid.offset_of(h)) == h


def test_hexes_are_listed_column_by_column_north_to_south():
    assert EVEN.ids()[:3] == ["0101", "0102", "0103"]
    assert EVEN.ids()[55] == "0201"
    assert EVEN.ids()[-1] == "5055"


def test_ids_are_always_four_digits():
    small = HexGrid(0, 9, 0, 9, shifted_columns="odd")
    assert small.id_of(small.hex_from_offset(3, 7)) == "0307"
    assert small.ids()[0] == "0000"


def test_column_parity_follows_the_printed_column_number():
    # With even columns shifted, 2428 sits half a hex below 2328 and 2528.
    layout = Layout(10.0)
    y = {id: layout.center(EVEN.hex_of(id))[1] for id in ("2328", "2428", "2528")}
    assert y["2428"] > y["2328"] == y["2528"]
    y = {id: layout.center(ODD.hex_of(id))[1] for id in ("2328", "2428", "2528")}
    assert y["2428"] < y["2328"] == y["2528"]


@pytest.mark.parametrize("bad", ["24a8", "123", "24281", "", " 2428", "２４２８", "-123"])
def test_a_malformed_hex_id_is_rejected_by_name(bad):
    with pytest.raises(ValueError, match="malformed") as raised:
        EVEN.hex_of(bad)
    assert repr(bad) in str(raised.value)


def test_an_id_off_the_map_is_rejected_by_name():
    with pytest.raises(ValueError, match="'5156' is not on this map"):
        EVEN.hex_of("5156")
    with pytest.raises(ValueError, match="'0000'"):
        EVEN.hex_of("0000")


def test_a_hex_too_far_off_the_map_has_no_id():
    with pytest.raises(ValueError, match="no CCRR id"):
        EVEN.id_of(EVEN.hex_from_offset(-1, 5))


def test_a_grid_with_an_unknown_shift_is_refused():
    with pytest.raises(ValueError, match="shifted_columns"):
        HexGrid(1, 10, 1, 10, shifted_columns="both")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="columns"):
        HexGrid(10, 1, 1, 10)


# -- hexsides between hexes -------------------------------------------------------------


@given(hexes, hexsides)
def test_a_hexside_is_the_same_whichever_hex_is_named_first(h, side):
    other = neighbour(h, side)
    assert Hexside.between(h, other) == Hexside.between(other, h)
    assert Hexside.at(h, side) == Hexside.at(other, opposite_hexside(side))


def test_a_hexside_between_distant_or_equal_hexes_is_refused():
    h = Hex.from_axial(0, 0)
    with pytest.raises(ValueError, match="not adjacent"):
        Hexside.between(h, Hex.from_axial(2, 0))
    with pytest.raises(ValueError, match="not adjacent"):
        Hexside.between(h, h)


@pytest.mark.parametrize("grid", [EVEN, ODD], ids=["even", "odd"])
def test_a_river_hexside_reads_the_same_in_either_order(grid):
    side = grid.hexside_of("2428/2429")
    assert side == grid.hexside_of("2429/2428")
    assert side == Hexside.between(grid.hex_of("2428"), grid.hex_of("2429"))
    assert grid.hexside_id(side) == "2428/2429"
    assert grid.hexside_id(grid.hexside_of("2528/2428")) == "2428/2528"


@pytest.mark.parametrize("grid", [EVEN, ODD], ids=["even", "odd"])
def test_every_hexside_id_on_the_map_reads_back(grid):
    for h in grid.hexes():
        for _, other in grid.neighbours(h):
            side = Hexside.between(h, other)
            assert grid.hexside_of(grid.hexside_id(side)) == side


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ("2428", "malformed"),
        ("2428/2429/2430", "malformed"),
        ("2428-2429", "malformed"),
        ("2428/24x9", "malformed"),
        ("2428/2430", "not adjacent"),
        ("2428/2428", "not adjacent"),
        ("2428/2628", "not adjacent"),
    ],
)
def test_a_bad_hexside_id_is_rejected(bad, message):
    with pytest.raises(ValueError, match=message):
        EVEN.hexside_of(bad)


def test_which_diagonal_hexsides_exist_depends_on_the_shift():
    assert EVEN.hexside_id(EVEN.hexside_of("2428/2529")) == "2428/2529"
    with pytest.raises(ValueError, match="not adjacent"):
        ODD.hexside_of("2428/2529")


# -- screen layout ----------------------------------------------------------------------


@given(layouts, hexes)
def test_clicking_a_hex_centre_picks_that_hex(layout, h):
    assert layout.hex_at_point(*layout.center(h)) == h


@given(layouts, hexes, st.floats(0.0, 0.85), st.floats(0.0, 2 * math.pi))
def test_clicking_anywhere_well_inside_a_hex_picks_that_hex(layout, h, fraction, angle):
    # 0.85 of the inner radius (sqrt(3)/2 of size) keeps clear of the rounding at the edge.
    reach = fraction * layout.size * math.sqrt(3) / 2
    x, y = layout.center(h)
    assert layout.hex_at_point(x + reach * math.cos(angle), y + reach * math.sin(angle)) == h


@given(layouts, hexes)
def test_north_is_up_and_south_is_down_on_screen(layout, h):
    x, y = layout.center(h)
    north_x, north_y = layout.center(neighbour(h, 1))
    south_x, south_y = layout.center(neighbour(h, 4))
    assert north_y < y < south_y
    assert north_x == x == south_x
    (_, y1), (_, y2) = layout.hexside_segment(h, neighbour(h, 1))
    assert y1 < y and y2 < y


@given(layouts, hexes)
def test_north_east_and_south_east_lie_to_the_right(layout, h):
    x, y = layout.center(h)
    ne_x, ne_y = layout.center(neighbour(h, 2))
    se_x, se_y = layout.center(neighbour(h, 3))
    assert ne_x > x and se_x > x
    assert ne_y < y < se_y


def test_corners_go_clockwise_from_the_top_left():
    layout = Layout(10.0, origin=(100.0, 50.0))
    corners = layout.corners(Hex.from_axial(0, 0))
    h = 10.0 * math.sqrt(3) / 2
    expected = [(95, 50 - h), (105, 50 - h), (110, 50), (105, 50 + h), (95, 50 + h), (90, 50)]
    assert corners == [pytest.approx(c) for c in expected]


@given(layouts, hexes, hexsides)
def test_the_shared_edge_lies_between_the_two_hex_centres(layout, h, side):
    other = neighbour(h, side)
    (x1, y1), (x2, y2) = layout.hexside_segment(h, other)
    assert math.dist((x1, y1), (x2, y2)) == pytest.approx(layout.size)
    (cx, cy), (ox, oy) = layout.center(h), layout.center(other)
    assert ((x1 + x2) / 2, (y1 + y2) / 2) == pytest.approx(((cx + ox) / 2, (cy + oy) / 2))
    assert set(layout.hexside_segment(other, h)) == {(x1, y1), (x2, y2)}


def test_a_layout_needs_a_positive_size():
    with pytest.raises(ValueError, match="size"):
        Layout(0.0)


# -- shapely shapes ---------------------------------------------------------------------


@given(layouts, hexes, hexsides)
def test_neighbouring_hexes_share_exactly_one_whole_edge(layout, h, side):
    other = neighbour(h, side)
    shared = hex_polygon(layout, h).intersection(hex_polygon(layout, other))
    assert shared.geom_type == "LineString"
    assert shared.length == pytest.approx(layout.size)
    assert shared.equals(hexside_line(layout, h, other))


@given(layouts, st.sets(st.builds(Hex.from_axial, st.integers(-4, 4), st.integers(-4, 4))))
def test_an_area_of_hexes_covers_each_hex_once(layout, chosen):
    one = hex_polygon(layout, Hex.from_axial(0, 0)).area
    area = hexes_polygon(layout, chosen)
    assert area.geom_type in ("Polygon", "MultiPolygon")
    assert area.area == pytest.approx(len(chosen) * one, rel=1e-9, abs=1e-9)


def test_a_hex_has_the_area_of_a_regular_hexagon():
    assert hex_polygon(Layout(2.0), Hex.from_axial(5, -3)).area == pytest.approx(6 * math.sqrt(3))


def test_touching_hexes_merge_into_one_area_and_apart_ones_do_not():
    layout = Layout(10.0)
    a = Hex.from_axial(0, 0)
    assert hexes_polygon(layout, [a, neighbour(a, 2)]).geom_type == "Polygon"
    assert hexes_polygon(layout, [a, Hex.from_axial(3, 0)]).geom_type == "MultiPolygon"
    assert hexes_polygon(layout, []).is_empty


# -- coordinates ------------------------------------------------------------------------


@given(coords, coords)
def test_a_hex_built_from_axial_coordinates_keeps_its_cube_sum_at_zero(q, r):
    h = Hex.from_axial(q, r)
    assert (h.q, h.r, h.s) == (q, r, -q - r)


@given(hexes, hexes, st.integers(-5, 5))
def test_hex_arithmetic_moves_by_whole_hexes(a, b, k):
    assert (a + b) - b == a
    assert distance(a, a + b) == distance(Hex.from_axial(0, 0), b)
    assert distance(a, a + b.scale(k)) == abs(k) * distance(Hex.from_axial(0, 0), b)
    assert sum(a + b) == 0
