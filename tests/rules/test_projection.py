"""The projection: the least-squares affine fit, the thin-plate spline on top, control.yaml."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from owsqt.rules.core.hexgrid import Layout
from owsqt.rules.data.datafile import DataError
from owsqt.rules.map.mapsources import load_sources
from owsqt.rules.map.projection import (
    Affine,
    ControlPoint,
    fit,
    fit_affine,
    largest_correction,
    residuals,
)

LAYOUT = Layout(1.0)
HEX = math.sqrt(3)  # layout units from one hex centre to the next

# Some ground: a 5 x 5 lattice of points about 20 km apart around 48N 43.5E.
LATTICE = [(47.8 + 0.1 * i, 43.2 + 0.15 * j) for i in range(5) for j in range(5)]

# An affine map from local kilometres to layout units, roughly the shape of the game's.
KNOWN = Affine((0.6, -0.08, 40.0, 0.1, -0.7, 57.0))


def points_on(targets) -> list[ControlPoint]:
    return [
        ControlPoint(f"P{index}", lat, lon, target)
        for index, ((lat, lon), target) in enumerate(zip(LATTICE, targets, strict=True))
    ]


def bent(lat: float, lon: float) -> tuple[float, float]:
    """KNOWN with a smooth bend of a few hexes: no affine map can fit it."""
    x, y = KNOWN(lat, lon)
    return x + 3 * math.sin(8 * (lat - 47.8)), y - 40 * (lon - 43.5) ** 2


def test_the_affine_fit_recovers_a_known_affine_map_exactly():
    points = points_on(KNOWN(lat, lon) for lat, lon in LATTICE)
    found = fit_affine(points)
    assert found.coefficients == pytest.approx(KNOWN.coefficients, abs=1e-9)
    assert max(residuals(found, points, LAYOUT).values()) == 0.0


def test_three_points_give_an_exact_affine_map_and_no_correction():
    points = [
        ControlPoint("south-west", 47.8, 43.2, (10.0, 60.0)),
        ControlPoint("north", 48.2, 43.4, (30.0, 25.0)),
        ControlPoint("east", 48.0, 43.8, (60.0, 40.0)),
    ]
    projection = fit(points)
    assert set(residuals(projection, points, LAYOUT).values()) == {0.0}
    for lat, lon in LATTICE:
        assert projection.correction(lat, lon) == pytest.approx((0.0, 0.0), abs=1e-9)


def test_with_more_points_than_parameters_the_fit_reports_its_residuals():
    points = points_on(bent(lat, lon) for lat, lon in LATTICE)
    found = residuals(fit(points), points, LAYOUT)
    assert set(found) == {point.name for point in points}
    assert all(value >= 0 for value in found.values())
    assert max(found.values()) > 0.5  # the bend is a few hexes: the affine fit misses it
    # The residuals are those of the affine part alone, measured centre to centre in hexes.
    affine = fit_affine(points)
    first = points[0]
    assert found["P0"] == round(
        math.dist(affine(first.latitude, first.longitude), first.target) / HEX, 3
    )


def test_the_spline_takes_every_control_point_to_its_target():
    points = points_on(bent(lat, lon) for lat, lon in LATTICE)
    projection = fit(points)
    for point in points:
        assert projection(point.latitude, point.longitude) == pytest.approx(point.target, abs=1e-9)


def test_the_projection_inverts():
    projection = fit(points_on(bent(lat, lon) for lat, lon in LATTICE))
    for lat, lon in [(47.85, 43.25), (48.05, 43.61), (48.17, 43.33)]:
        assert projection.inverse(*projection(lat, lon)) == pytest.approx((lat, lon), abs=1e-9)


def test_moving_one_control_point_moves_distant_ground_less():
    points = points_on(bent(lat, lon) for lat, lon in LATTICE)
    before = fit(points)
    corner = points[0]
    nudge = 0.5  # layout units, about 0.3 of a hex
    points[0] = ControlPoint(
        corner.name, corner.latitude, corner.longitude, (corner.target[0] + nudge, corner.target[1])
    )
    after = fit(points)
    assert math.dist(
        after(corner.latitude, corner.longitude), before(corner.latitude, corner.longitude)
    ) == pytest.approx(nudge)

    def moved(lat: float, lon: float) -> float:
        return math.dist(after(lat, lon), before(lat, lon))

    def worst_beyond(spacings: int) -> float:
        """The most any ground in the lattice moves that far (or further) from the corner."""
        return max(
            moved(47.8 + 0.01 * i, 43.2 + 0.015 * j)
            for i in range(41)
            for j in range(41)
            if max(i, j) >= 10 * spacings
        )

    # Ground next to the moved point follows it almost all the way; ground a lattice spacing
    # away hardly moves, and two spacings away less still.
    assert nudge > moved(47.801, 43.201) > 0.9 * nudge
    assert worst_beyond(1) < 0.1 * nudge
    assert worst_beyond(2) < 0.05 * nudge


def test_the_largest_correction_is_measured_in_hexes():
    points = points_on(bent(lat, lon) for lat, lon in LATTICE)
    projection = fit(points)
    samples = [projection(lat, lon) for lat, lon in LATTICE]
    expected = max(math.hypot(*projection.correction(lat, lon)) for lat, lon in LATTICE) / HEX
    assert largest_correction(projection, samples, LAYOUT) == pytest.approx(expected)
    assert largest_correction(projection, [], LAYOUT) == 0.0


@pytest.mark.parametrize(
    ("points", "message"),
    [
        ([ControlPoint("a", 48.0, 43.0, (0, 0)), ControlPoint("b", 48.1, 43.0, (0, 1))], "three"),
        (
            [ControlPoint(name, 48.0 + k, 43.0 + k, (k, k)) for k, name in enumerate("abc")],
            "one line",
        ),
        (
            [
                ControlPoint("a", 48.0, 43.0, (0, 0)),
                ControlPoint("b", 48.1, 43.0, (0, 1)),
                ControlPoint("c", 48.0, 43.2, (1, 0)),
                ControlPoint("d", 48.0, 43.0, (2, 2)),
            ],
            "same place",
        ),
    ],
)
def test_points_that_fix_no_projection_are_refused(points, message):
    with pytest.raises(ValueError, match=message):
        fit(points)


# --- control.yaml -------------------------------------------------------------------------

OTHER_SOURCES = {
    "places.yaml": "places: []\n",
    "rivers.yaml": "rivers: []\n",
    "roads.yaml": "roads: []\nrailroads: []\n",
    "terrain.yaml": (
        "areas: []\npocket: {name: Pocket, points: [[48.6, 44.0], [48.7, 44.1], [48.6, 44.2]]}\n"
    ),
    "areas.yaml": "start_lines: {}\nentry_areas: {}\n",
}


def load_with_control(folder: Path, text: str):
    for name, content in OTHER_SOURCES.items():
        (folder / name).write_text(content)
    (folder / "control.yaml").write_text(text)
    return load_sources(folder)


def test_control_points_are_read_with_a_hex_or_a_grid_position(tmp_path):
    sources = load_with_control(
        tmp_path,
        """
control_points:
  - name: Aksai at Zalivskiy
    at: [47.986, 43.459]
    to: [24.5, 31.5]
    note: "19.13: the Aksai runs along the south side of row 31"
  - {name: Abganerovo, at: [48.11, 44.22], hex: "4831", note: "19.12 e"}
""",
    )
    first, second = sources.control_points
    assert (first.name, first.position, first.to, first.hex) == (
        "Aksai at Zalivskiy",
        (47.986, 43.459),
        (24.5, 31.5),
        None,
    )
    assert (second.hex, second.to) == ("4831", None)


GOOD = '{name: A, at: [48.0, 43.5], hex: "2428", note: why}'


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("points: []", "control_points"),
        ("control_points: {}", "control_points"),
        (f"control_points: [{GOOD[:-1]}, to: [24, 28]}}]", "control_points[0]"),
        ("control_points: [{name: A, at: [48.0, 43.5], note: why}]", "control_points[0]"),
        ('control_points: [{name: A, at: [48.0, 43.5], hex: "24x8", note: why}]', ".hex"),
        ("control_points: [{name: A, at: [48.0, 43.5], to: [24, 28, 1], note: why}]", ".to"),
        ("control_points: [{name: A, at: [48.0, 43.5], to: [24, north], note: why}]", ".to[1]"),
        ('control_points: [{name: A, at: [95.0, 43.5], hex: "2428", note: why}]', ".at[0]"),
        ('control_points: [{name: A, at: [48.0, 43.5], hex: "2428"}]', "control_points[0]"),
        (f"control_points: [{GOOD[:-1]}, target: 1}}]", "control_points[0].target"),
        (f"control_points: [{GOOD}, {GOOD}]", "control_points[1].name"),
    ],
)
def test_bad_control_points_name_the_file_and_the_key(tmp_path, text, key):
    with pytest.raises(DataError) as caught:
        load_with_control(tmp_path, text + "\n")
    message = str(caught.value)
    assert "control.yaml" in message and key in message, message


def test_the_control_file_is_required(tmp_path):
    for name, content in OTHER_SOURCES.items():
        (tmp_path / name).write_text(content)
    with pytest.raises(DataError, match=r"control\.yaml"):
        load_sources(tmp_path)
