"""The hex grid: cube coordinates, CCRR map ids, hexsides, pixel layout and shapely shapes."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal, NamedTuple, cast

import shapely
from shapely.geometry import LineString, MultiPolygon, Polygon

__all__ = [
    "DIRECTIONS",
    "Hex",
    "HexGrid",
    "Hexside",
    "Layout",
    "Point",
    "distance",
    "hex_polygon",
    "hexes_polygon",
    "hexes_within",
    "hexside_line",
    "hexside_towards",
    "line",
    "neighbour",
    "opposite_hexside",
    "ring",
]

Point = tuple[float, float]
ShiftedColumns = Literal["odd", "even"]


class Hex(NamedTuple):
    """A hex in cube coordinates: q is the printed column (grows east), r grows south along a
    column, and s = -q - r.

    Build it with `Hex.from_axial(q, r)` so that q + r + s == 0 holds; `Hex(q, r, s)` does
    not check. Being a tuple, a Hex
    compares and hashes like the plain tuple (q, r, s).
    """

    q: int
    r: int
    s: int

    @classmethod
    def from_axial(cls, q: int, r: int) -> Hex:
        return _new_hex(cls, (q, r, -q - r))

    # Tuple concatenation makes no sense for coordinates, so + and - are vector arithmetic.
    # Scaling is a named method: * is left as tuple repetition rather than half-overridden.
    def __add__(self, other: tuple[int, int, int]) -> Hex:  # type: ignore[override]
        return _new_hex(Hex, (self[0] + other[0], self[1] + other[1], self[2] + other[2]))

    def __sub__(self, other: tuple[int, int, int]) -> Hex:
        return _new_hex(Hex, (self[0] - other[0], self[1] - other[1], self[2] - other[2]))

    def __neg__(self) -> Hex:
        return _new_hex(Hex, (-self[0], -self[1], -self[2]))

    def scale(self, factor: int) -> Hex:
        return _new_hex(Hex, (self[0] * factor, self[1] * factor, self[2] * factor))


# The NamedTuple __new__ is a Python function taking keywords; going straight to
# tuple.__new__ skips that call in the hot paths.
_new_hex = tuple.__new__

# Flat-topped hexes with screen y growing down: axial r decreases towards the north.
DIRECTIONS: tuple[Hex, ...] = (
    Hex(0, -1, 1),  # 1 north
    Hex(1, -1, 0),  # 2 north-east
    Hex(1, 0, -1),  # 3 south-east
    Hex(0, 1, -1),  # 4 south
    Hex(-1, 1, 0),  # 5 south-west
    Hex(-1, 0, 1),  # 6 north-west
)
"""Unit steps indexed by hexside - 1: hexside 1 is north, then clockwise to 6, north-west."""

_STEP_BY_HEXSIDE: dict[int, tuple[int, int, int]] = {
    side: (step.q, step.r, step.s) for side, step in enumerate(DIRECTIONS, start=1)
}
_HEXSIDE_BY_STEP: dict[tuple[int, int], int] = {
    (step[0], step[1]): side for side, step in enumerate(DIRECTIONS, start=1)
}
_NUMBERED_STEPS: tuple[tuple[int, int, int, int], ...] = tuple(
    (side, step[0], step[1], step[2]) for side, step in enumerate(DIRECTIONS, start=1)
)


def neighbour(hex: Hex, hexside: int) -> Hex:
    """The hex across `hexside` (1..6) of `hex`, on or off any map."""
    try:
        dq, dr, ds = _STEP_BY_HEXSIDE[hexside]
    except KeyError:
        raise ValueError(f"hexside must be 1..6, got {hexside!r}") from None
    return _new_hex(Hex, (hex[0] + dq, hex[1] + dr, hex[2] + ds))


def hexside_towards(a: Hex, b: Hex) -> int:
    """The hexside (1..6) of `a` that `b` lies across; ValueError unless they are adjacent."""
    try:
        return _HEXSIDE_BY_STEP[b[0] - a[0], b[1] - a[1]]
    except KeyError:
        raise ValueError(f"hexes {a} and {b} are not adjacent") from None


def opposite_hexside(hexside: int) -> int:
    """The hexside facing the other way: 1 <-> 4, 2 <-> 5, 3 <-> 6."""
    if hexside not in _STEP_BY_HEXSIDE:
        raise ValueError(f"hexside must be 1..6, got {hexside!r}")
    return (hexside + 2) % 6 + 1


def distance(a: Hex, b: Hex) -> int:
    """The number of hex steps between `a` and `b`."""
    # Indexing beats attribute access and max() here; this is the rules engine's hot path.
    return (abs(a[0] - b[0]) + abs(a[1] - b[1]) + abs(a[2] - b[2])) >> 1


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes exactly `radius` away, starting due north of `center` and going clockwise."""
    if radius < 0:
        raise ValueError(f"radius must not be negative, got {radius}")
    if radius == 0:
        return [center]
    q, r, s = center[0], center[1] - radius, center[2] + radius
    found = []
    # From the north corner of the ring the sides run south-east, south, south-west, ...
    for side in (2, 3, 4, 5, 0, 1):
        dq, dr, ds = DIRECTIONS[side]
        for _ in range(radius):
            found.append(_new_hex(Hex, (q, r, s)))
            q += dq
            r += dr
            s += ds
    return found


def hexes_within(center: Hex, radius: int) -> list[Hex]:
    """Every hex at most `radius` away, `center` included, ordered by q then r."""
    if radius < 0:
        raise ValueError(f"radius must not be negative, got {radius}")
    cq, cr = center[0], center[1]
    found = []
    for dq in range(-radius, radius + 1):
        q = cq + dq
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            r = cr + dr
            found.append(_new_hex(Hex, (q, r, -q - r)))
    return found


def _cube_round(fq: float, fr: float, fs: float) -> Hex:
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    # Rounding each coordinate alone can break q + r + s == 0; rebuild the worst-rounded one.
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    else:
        s = -q - r
    return _new_hex(Hex, (q, r, s))


# Sampling exactly on a hexside would round either way; a fixed nudge that keeps q + r + s == 0
# makes every line come out the same on every machine.
_NUDGE = (1e-6, 1e-6, -2e-6)


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes on the straight line from `a` to `b`, both ends included, each adjacent to the
    next."""
    n = distance(a, b)
    if n == 0:
        return [a]
    aq, ar, as_ = a[0] + _NUDGE[0], a[1] + _NUDGE[1], a[2] + _NUDGE[2]
    bq, br, bs = b[0] + _NUDGE[0], b[1] + _NUDGE[1], b[2] + _NUDGE[2]
    found = [a]
    for i in range(1, n):
        t = i / n
        found.append(_cube_round(aq + (bq - aq) * t, ar + (br - ar) * t, as_ + (bs - as_) * t))
    found.append(b)
    return found


class Hexside(NamedTuple):
    """The edge between two adjacent hexes, the same value whichever hex is named first."""

    a: Hex
    b: Hex

    @classmethod
    def between(cls, a: Hex, b: Hex) -> Hexside:
        hexside_towards(a, b)  # raises unless adjacent
        return cls(a, b) if a < b else cls(b, a)

    @classmethod
    def at(cls, hex: Hex, hexside: int) -> Hexside:
        """The edge on `hexside` (1..6) of `hex`."""
        return cls.between(hex, neighbour(hex, hexside))


@dataclass(frozen=True)
class HexGrid:
    """A printed map: which CCRR ids exist and which columns are drawn half a hex lower.

    The printed column number is the cube q coordinate, so column parity never depends on
    where the map starts.
    """

    first_column: int
    last_column: int
    first_row: int
    last_row: int
    shifted_columns: ShiftedColumns = "even"
    # Added to q before halving, so that columns of the shifted parity gain the extra half row.
    _parity: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.shifted_columns not in ("odd", "even"):
            raise ValueError(
                f"shifted_columns must be 'odd' or 'even', got {self.shifted_columns!r}"
            )
        for low, high, what in (
            (self.first_column, self.last_column, "columns"),
            (self.first_row, self.last_row, "rows"),
        ):
            if not 0 <= low <= high <= 99:
                raise ValueError(f"{what} must satisfy 0 <= first <= last <= 99, got {low}..{high}")
        object.__setattr__(self, "_parity", 1 if self.shifted_columns == "even" else 0)

    # -- offset coordinates ------------------------------------------------------------

    def offset_of(self, hex: Hex) -> tuple[int, int]:
        """The printed (column, row) of `hex`, whether or not it is on this map."""
        q = hex[0]
        return q, hex[1] + ((q + self._parity) >> 1)

    def hex_from_offset(self, column: int, row: int) -> Hex:
        """The hex printed at (column, row), whether or not it is on this map."""
        r = row - ((column + self._parity) >> 1)
        return _new_hex(Hex, (column, r, -column - r))

    def contains(self, hex: Hex) -> bool:
        q = hex[0]
        return (
            self.first_column <= q <= self.last_column
            and self.first_row <= hex[1] + ((q + self._parity) >> 1) <= self.last_row
        )

    def on_map(self, hexes: Iterable[Hex]) -> list[Hex]:
        """Those of `hexes` that are on this map, in the order given."""
        return [h for h in hexes if self.contains(h)]

    # -- CCRR ids ----------------------------------------------------------------------

    def hex_of(self, id: str) -> Hex:
        """The hex named by a CCRR id such as "2428"; ValueError if malformed or off the map."""
        if not (isinstance(id, str) and len(id) == 4 and id.isascii() and id.isdigit()):
            raise ValueError(f"hex id {id!r} is malformed: expected four digits CCRR like '2428'")
        hex = self.hex_from_offset(int(id[:2]), int(id[2:]))
        if not self.contains(hex):
            raise ValueError(
                f"hex id {id!r} is not on this map (columns {self.first_column:02d}.."
                f"{self.last_column:02d}, rows {self.first_row:02d}..{self.last_row:02d})"
            )
        return hex

    def id_of(self, hex: Hex) -> str:
        """The CCRR id of `hex`; off-map hexes get one too as long as it fits in four digits."""
        column, row = self.offset_of(hex)
        if not (0 <= column <= 99 and 0 <= row <= 99):
            raise ValueError(f"hex {hex} at column {column}, row {row} has no CCRR id")
        return f"{column:02d}{row:02d}"

    # -- whole map ---------------------------------------------------------------------

    @cached_property
    def _hexes(self) -> tuple[Hex, ...]:
        return tuple(
            self.hex_from_offset(column, row)
            for column in range(self.first_column, self.last_column + 1)
            for row in range(self.first_row, self.last_row + 1)
        )

    def hexes(self) -> list[Hex]:
        """Every hex on the map, column by column, north to south within a column."""
        return list(self._hexes)

    def ids(self) -> list[str]:
        """Every CCRR id on the map, in the order of `hexes()`."""
        return [self.id_of(h) for h in self._hexes]

    # -- adjacency ---------------------------------------------------------------------

    def _neighbours_uncached(self, hex: Hex) -> tuple[tuple[int, Hex], ...]:
        q0, r0, s0 = hex
        fc, lc, fr, lr, parity = (
            self.first_column,
            self.last_column,
            self.first_row,
            self.last_row,
            self._parity,
        )
        found = []
        for side, dq, dr, ds in _NUMBERED_STEPS:
            q = q0 + dq
            r = r0 + dr
            if fc <= q <= lc and fr <= r + ((q + parity) >> 1) <= lr:
                found.append((side, _new_hex(Hex, (q, r, s0 + ds))))
        return tuple(found)

    # The map never changes, so adjacency is worked out once per grid; the rules engine asks
    # for it far more often than there are hexes.
    @cached_property
    def _neighbour_table(self) -> dict[Hex, tuple[tuple[int, Hex], ...]]:
        return {h: self._neighbours_uncached(h) for h in self._hexes}

    def neighbours(self, hex: Hex) -> list[tuple[int, Hex]]:
        """(hexside, hex) for each neighbour of `hex` that is on the map, by hexside 1..6."""
        # A fresh list each time, so that a caller editing it cannot corrupt the shared table.
        try:
            return [*self._neighbour_table[hex]]
        except KeyError:
            return [*self._neighbours_uncached(hex)]

    # -- hexside ids -------------------------------------------------------------------

    def hexside_id(self, hexside: Hexside) -> str:
        """The hexside as "CCRR/CCRR", lower id first, e.g. "2428/2429"."""
        first, second = sorted((self.id_of(hexside[0]), self.id_of(hexside[1])))
        return f"{first}/{second}"

    def hexside_of(self, text: str) -> Hexside:
        """The hexside named "CCRR/CCRR" in either order; ValueError if malformed or not
        adjacent."""
        parts = text.split("/") if isinstance(text, str) else []
        if len(parts) != 2:
            raise ValueError(f"hexside id {text!r} is malformed: expected 'CCRR/CCRR'")
        a, b = (self.hex_of(part.strip()) for part in parts)
        if distance(a, b) != 1:
            raise ValueError(f"hexside id {text!r} names hexes that are not adjacent")
        return Hexside.between(a, b)


# Corner k of a flat-topped hex, in units of (size / 2, size * sqrt(3) / 2) from its centre.
# The order is clockwise on screen from the top-left corner, so hexside n runs from corner
# n - 1 to corner n % 6.
_CORNER_UNITS: tuple[tuple[int, int], ...] = (
    (-1, -1),  # 0 top left
    (1, -1),  # 1 top right
    (2, 0),  # 2 east
    (1, 1),  # 3 bottom right
    (-1, 1),  # 4 bottom left
    (-2, 0),  # 5 west
)


@dataclass(frozen=True)
class Layout:
    """Where flat-topped hexes sit on screen: y grows down, so north is up.

    `size` is the centre-to-corner distance and `origin` the centre of Hex(0, 0, 0), which
    is column 0, row 0 under either shift parity.
    """

    size: float
    origin: tuple[float, float] = (0.0, 0.0)
    # Coordinates are integer multiples of these two steps, so a corner shared by two hexes
    # is the very same float for both and shapely sees their edges as shared.
    _half: float = field(init=False, repr=False, compare=False)
    _height: float = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.size > 0:
            raise ValueError(f"hex size must be positive, got {self.size!r}")
        object.__setattr__(self, "_half", self.size / 2)
        object.__setattr__(self, "_height", self.size * math.sqrt(3) / 2)

    def center(self, hex: Hex) -> Point:
        q, r = hex[0], hex[1]
        return (
            self.origin[0] + self._half * (3 * q),
            self.origin[1] + self._height * (2 * r + q),
        )

    def corners(self, hex: Hex) -> list[Point]:
        """The six corners, clockwise on screen from top left: top left, top right, east,
        bottom right, bottom left, west. Hexside n joins corners n - 1 and n % 6."""
        q, r = hex[0], hex[1]
        x0, y0 = self.origin
        cx, cy = 3 * q, 2 * r + q
        half, height = self._half, self._height
        return [(x0 + half * (cx + dx), y0 + height * (cy + dy)) for dx, dy in _CORNER_UNITS]

    def hex_at_point(self, x: float, y: float) -> Hex:
        """The hex whose area holds the screen point (x, y)."""
        fq = (x - self.origin[0]) / self._half / 3
        fr = ((y - self.origin[1]) / self._height - fq) / 2
        return _cube_round(fq, fr, -fq - fr)

    def hexside_segment(self, a: Hex, b: Hex) -> tuple[Point, Point]:
        """The edge shared by adjacent hexes `a` and `b`, as drawn; ValueError otherwise."""
        side = hexside_towards(a, b)
        corners = self.corners(a)
        return corners[side - 1], corners[side % 6]


def hex_polygon(layout: Layout, hex: Hex) -> Polygon:
    return Polygon(layout.corners(hex))


def hexes_polygon(layout: Layout, hexes: Iterable[Hex]) -> Polygon | MultiPolygon:
    """The area covered by `hexes`: one Polygon if they touch, else a MultiPolygon."""
    merged = shapely.union_all([hex_polygon(layout, h) for h in hexes])
    if merged.is_empty:
        # union_all of nothing is an empty GeometryCollection; keep the promised type.
        return Polygon()
    # Shapely types union_all as any geometry; the union of polygons is one of these two.
    return cast(Polygon | MultiPolygon, merged)


def hexside_line(layout: Layout, a: Hex, b: Hex) -> LineString:
    """The edge shared by adjacent hexes `a` and `b` as a shapely LineString."""
    return LineString(layout.hexside_segment(a, b))
