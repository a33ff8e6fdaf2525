"""From latitude/longitude to map coordinates: an affine fit bent by a thin-plate spline.

The game's printed map is not a surveyed one. It is squeezed between Kotelnikovo and the
Aksai, stretched north of it, and its rivers run straighter across the sheet than on the
ground, so no single affine map puts the real Aksai, Myshkova, Don and pocket where the rules
need them. The sources therefore hold the real ground, and the printed map's distortion
lives here, in two parts:

1. An affine map A, fitted by least squares to every control point: the places the rules
   pin to hexes and the further points of control.yaml, each a real point with the place
   of the printed map where it belongs. A is the best single scale, rotation and shear
   between ground and sheet. Its residuals (how far each point lands from its target, in
   hexes) measure how far the printed map departs from the ground and go into the
   compiled map's metadata.
2. A correction C: a thin-plate spline through those residuals, so that A + C takes every
   control point exactly to its target. The thin-plate spline is the surface of least
   bending energy through given values, C(p) = sum_i w_i U(|p - p_i|) + a0 + a1 e + a2 n
   with U(r) = r^2 log r, the weights w_i orthogonal to the affine functions. Between
   and beyond the control points it bends as little as it can, so it changes slowly and
   smoothly and, far from them, is nearly affine; one control point moved a little moves
   distant ground by less.

The thin-plate spline reproduces affine maps exactly, so A + C is the very map a spline
through the targets themselves would give; fitting A first is what makes its residuals a
measure of the printed map's departure from the ground and keeps C small.

Both parts work on local kilometres (an equirectangular grid around 48N 43.5E), ample at the
size of the map, and give points in MAP_LAYOUT units (hex size 1, y down).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from owsqt.rules.core.hexgrid import Layout

# Every array here holds floats: kilometres, layout units or spline weights.
FloatArray = npt.NDArray[np.floating[Any]]

__all__ = [
    "Affine",
    "ControlPoint",
    "Projection",
    "fit",
    "fit_affine",
    "largest_correction",
    "residuals",
]

Point = tuple[float, float]

# Local equirectangular kilometres around the area of the battle; the origin is near the
# middle of the map so that the fits are well conditioned.
_REFERENCE_LATITUDE = 48.0
_REFERENCE_LONGITUDE = 43.5
_KM_PER_DEGREE_LATITUDE = 111.2
_KM_PER_DEGREE_LONGITUDE = 111.32 * math.cos(math.radians(_REFERENCE_LATITUDE))

# Newton's method for the inverse stops when the image is this close to its target
# (layout units) or after this many steps.
_INVERSE_TOLERANCE = 1e-9
_INVERSE_STEPS = 50


@dataclass(frozen=True, slots=True)
class ControlPoint:
    """A real point and the place of the printed map where it belongs (layout units)."""

    name: str
    latitude: float
    longitude: float
    target: Point


@dataclass(frozen=True, slots=True)
class Affine:
    """x = a*east_km + b*north_km + c;  y = d*east_km + e*north_km + f (layout units, y down)."""

    coefficients: tuple[float, float, float, float, float, float]

    def __call__(self, latitude: float, longitude: float) -> Point:
        east, north = _kilometres(latitude, longitude)
        x, y = self.apply(np.array([[east, north]]))[0]
        return float(x), float(y)

    def apply(self, km: FloatArray) -> FloatArray:
        """The images of an (n, 2) array of (east, north) kilometres."""
        a, b, c, d, e, f = self.coefficients
        return np.column_stack((a * km[:, 0] + b * km[:, 1] + c, d * km[:, 0] + e * km[:, 1] + f))

    @property
    def km_per_hex(self) -> float:
        """How many real kilometres one hex spans on average (2.4 says about 3.2)."""
        a, b, _, d, e, _ = self.coefficients
        layout_units_per_km = math.sqrt(abs(a * e - b * d))
        return math.sqrt(3) / layout_units_per_km


@dataclass(frozen=True, slots=True, eq=False)
class Projection:
    """The affine fit plus the thin-plate-spline correction; call it with (lat, lon)."""

    affine: Affine
    centres: FloatArray  # (n, 2) control points in local kilometres
    weights: FloatArray  # (n, 2) kernel weights for x and y
    plane: FloatArray  # (3, 2) the spline's own affine part: 1, east, north -> x, y

    def __call__(self, latitude: float, longitude: float) -> Point:
        km = np.array([_kilometres(latitude, longitude)])
        x, y = self.project_km(km)[0]
        return float(x), float(y)

    @property
    def coefficients(self) -> tuple[float, float, float, float, float, float]:
        return self.affine.coefficients

    @property
    def km_per_hex(self) -> float:
        return self.affine.km_per_hex

    def project_km(self, km: FloatArray) -> FloatArray:
        """The images of an (n, 2) array of local (east, north) kilometres."""
        return self.affine.apply(km) + self.correction_km(km)

    def correction_km(self, km: FloatArray) -> FloatArray:
        """The spline's correction, in layout units, at an (n, 2) array of kilometres."""
        kernel = _kernel(_distances(km, self.centres))
        return kernel @ self.weights + _with_ones(km) @ self.plane

    def correction(self, latitude: float, longitude: float) -> Point:
        """How far the spline moves this point from where the affine fit puts it."""
        dx, dy = self.correction_km(np.array([_kilometres(latitude, longitude)]))[0]
        return float(dx), float(dy)

    def inverse(self, x: float, y: float) -> tuple[float, float]:
        """The (lat, lon) that projects to the layout point (x, y)."""
        east, north = self.inverse_km(np.array([[x, y]], dtype=float))[0]
        return (
            float(north / _KM_PER_DEGREE_LATITUDE + _REFERENCE_LATITUDE),
            float(east / _KM_PER_DEGREE_LONGITUDE + _REFERENCE_LONGITUDE),
        )

    def inverse_km(self, targets: FloatArray) -> FloatArray:
        """The local kilometres that project to an (n, 2) array of layout points.

        Newton's method from the affine fit's answer; the spline bends smoothly, so a few
        steps do."""
        a, b, c, d, e, f = self.affine.coefficients
        linear = np.array([[a, b], [d, e]])
        km = np.linalg.solve(linear, (targets - (c, f)).T).T
        for _ in range(_INVERSE_STEPS):
            errors = self.project_km(km) - targets
            if np.max(np.hypot(errors[:, 0], errors[:, 1]), initial=0.0) < _INVERSE_TOLERANCE:
                return km
            jacobians = linear + self._correction_jacobians(km)
            km = km - np.linalg.solve(jacobians, errors[:, :, None])[:, :, 0]
        # Only a spline bent so hard that it folds the sheet over itself gets here.
        raise ValueError("the projection cannot be inverted: control points too close together")

    def _correction_jacobians(self, km: FloatArray) -> FloatArray:
        """(n, 2, 2): d(correction x, y) / d(east, north) at each of an (n, 2) array."""
        offsets = km[:, None, :] - self.centres[None, :, :]  # (n, m, 2)
        radii = np.hypot(offsets[..., 0], offsets[..., 1])
        # d/dp of r^2 log r is (p - p_i)(2 log r + 1), which tends to 0 at r = 0.
        with np.errstate(divide="ignore", invalid="ignore"):
            slope = np.where(radii > 0, 2 * np.log(radii) + 1, 0.0)
        gradients = offsets * slope[..., None]  # (n, m, 2)
        # np.einsum is typed to return Any for its subscripts' string.
        spread: FloatArray = np.einsum("mk,nmj->nkj", self.weights, gradients)
        return spread + self.plane[1:].T


def _kilometres(latitude: float, longitude: float) -> Point:
    return (
        (longitude - _REFERENCE_LONGITUDE) * _KM_PER_DEGREE_LONGITUDE,
        (latitude - _REFERENCE_LATITUDE) * _KM_PER_DEGREE_LATITUDE,
    )


def _distances(points: FloatArray, centres: FloatArray) -> FloatArray:
    offsets = points[:, None, :] - centres[None, :, :]
    return np.hypot(offsets[..., 0], offsets[..., 1])


def _kernel(radii: FloatArray) -> FloatArray:
    """U(r) = r^2 log r, the thin-plate spline's radial function (0 at r = 0)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(radii > 0, radii * radii * np.log(radii), 0.0)


def _with_ones(km: FloatArray) -> FloatArray:
    return np.column_stack((np.ones(len(km)), km))


def _as_arrays(points: Sequence[ControlPoint]) -> tuple[FloatArray, FloatArray]:
    km = np.array([_kilometres(p.latitude, p.longitude) for p in points], dtype=float)
    targets = np.array([p.target for p in points], dtype=float)
    return km.reshape(-1, 2), targets.reshape(-1, 2)


def fit_affine(points: Sequence[ControlPoint]) -> Affine:
    """The least-squares affine map taking each point towards its target (three at least,
    not all on one line)."""
    if len(points) < 3:
        raise ValueError(f"the projection needs at least three control points, found {len(points)}")
    km, targets = _as_arrays(points)
    rows = _with_ones(km)
    if np.linalg.matrix_rank(rows) < 3:
        raise ValueError("the control points lie on one line: they cannot fix an affine map")
    solution, *_ = np.linalg.lstsq(rows, targets, rcond=None)  # (3, 2): 1, east, north
    (c, f), (a, d), (b, e) = solution
    return Affine((float(a), float(b), float(c), float(d), float(e), float(f)))


def fit(points: Sequence[ControlPoint]) -> Projection:
    """The affine fit to `points` bent by the thin-plate spline through its residuals, so
    that every point lands exactly on its target."""
    _check_distinct(points)
    affine = fit_affine(points)
    km, targets = _as_arrays(points)
    count = len(points)
    # The spline's linear system: kernel weights w and plane a with K w + P a = residuals
    # and P^T w = 0 (the weights carry no affine part of their own).
    ones = _with_ones(km)
    system = np.zeros((count + 3, count + 3))
    system[:count, :count] = _kernel(_distances(km, km))
    system[:count, count:] = ones
    system[count:, :count] = ones.T
    values = np.zeros((count + 3, 2))
    values[:count] = targets - affine.apply(km)
    solution = np.linalg.solve(system, values)
    return Projection(affine, km, solution[:count], solution[count:])


def _check_distinct(points: Sequence[ControlPoint]) -> None:
    seen: dict[Point, str] = {}
    for point in points:
        key = (point.latitude, point.longitude)
        if key in seen:
            raise ValueError(
                f"control points {seen[key]!r} and {point.name!r} are at the same place: "
                "the spline cannot send one point to two targets"
            )
        seen[key] = point.name


def residuals(
    projection: Projection | Affine, points: Sequence[ControlPoint], layout: Layout
) -> dict[str, float]:
    """How far the affine fit puts each control point from its target, in hexes.

    Given a full Projection, the affine part is measured: the spline's own residuals are
    nil by construction, and it is the affine ones that say how far the printed map departs
    from the ground.
    """
    affine = projection.affine if isinstance(projection, Projection) else projection
    hex_spacing = math.sqrt(3) * layout.size
    return {
        point.name: round(
            math.dist(affine(point.latitude, point.longitude), point.target) / hex_spacing, 3
        )
        for point in points
    }


def largest_correction(projection: Projection, points: Iterable[Point], layout: Layout) -> float:
    """The largest correction, in hexes, the spline applies to the ground that lands on
    `points` (layout points, e.g. every hex centre of the map)."""
    targets = np.array(list(points), dtype=float).reshape(-1, 2)
    if not len(targets):
        return 0.0
    corrections = projection.correction_km(projection.inverse_km(targets))
    worst = float(np.max(np.hypot(corrections[:, 0], corrections[:, 1])))
    return worst / (math.sqrt(3) * layout.size)
