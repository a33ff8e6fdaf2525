"""From latitude/longitude to map coordinates: an affine map fitted to the pinned places.

The game's map is not a surveyed one: distances along the relief axis are
stretched against the real ground. An affine fit (least squares) to the places
the rules put in given hexes absorbs that; its residuals, in hexes, say how far
each pin lands from its hex centre and go into the compiled map's metadata.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from owsqt.rules.hexgrid import Layout

# Local equirectangular kilometres around the area of the battle.
_REFERENCE_LATITUDE = 48.0
_KM_PER_DEGREE_LATITUDE = 111.2
_KM_PER_DEGREE_LONGITUDE = 111.32 * math.cos(math.radians(_REFERENCE_LATITUDE))


@dataclass(frozen=True, slots=True)
class Pin:
    name: str
    latitude: float
    longitude: float
    target: tuple[float, float]  # the pinned hex centre in layout units


@dataclass(frozen=True, slots=True)
class Projection:
    """x = a*east_km + b*north_km + c;  y = d*east_km + e*north_km + f (layout units, y down)."""

    coefficients: tuple[float, float, float, float, float, float]

    def __call__(self, latitude: float, longitude: float) -> tuple[float, float]:
        a, b, c, d, e, f = self.coefficients
        east, north = _kilometres(latitude, longitude)
        return a * east + b * north + c, d * east + e * north + f

    @property
    def km_per_hex(self) -> float:
        """How many real kilometres one hex spans on average (2.4 says about 3.2)."""
        a, b, _, d, e, _ = self.coefficients
        layout_units_per_km = math.sqrt(abs(a * e - b * d))
        return math.sqrt(3) / layout_units_per_km


def _kilometres(latitude: float, longitude: float) -> tuple[float, float]:
    return longitude * _KM_PER_DEGREE_LONGITUDE, latitude * _KM_PER_DEGREE_LATITUDE


def fit(pins: Sequence[Pin]) -> Projection:
    """The least-squares affine map taking each pin to its hex centre (needs three pins)."""
    if len(pins) < 3:
        raise ValueError(f"the projection needs at least three pinned places, found {len(pins)}")
    rows = np.array([[*_kilometres(pin.latitude, pin.longitude), 1.0] for pin in pins])
    targets = np.array([pin.target for pin in pins])
    solution_x, *_ = np.linalg.lstsq(rows, targets[:, 0], rcond=None)
    solution_y, *_ = np.linalg.lstsq(rows, targets[:, 1], rcond=None)
    return Projection(tuple(float(v) for v in (*solution_x, *solution_y)))


def residuals(projection: Projection, pins: Sequence[Pin], layout: Layout) -> dict[str, float]:
    """How far each pin lands from its hex centre, in hexes (centre to centre)."""
    hex_spacing = math.sqrt(3) * layout.size
    result = {}
    for pin in pins:
        x, y = projection(pin.latitude, pin.longitude)
        result[pin.name] = round(math.dist((x, y), pin.target) / hex_spacing, 3)
    return result
