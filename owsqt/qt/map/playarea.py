"""Where a game opens: the area of play of its scenario, framed at a zoom that reads.

The area of play is where the two sides meet: the hexes of the units within FRONT_RANGE
hexes of an enemy unit. With no front yet (one side set up, or a set-up by hand), the
hexes of every unit on the map; with no unit on the map, the scenario's small set-up zones
(a fixed hex, a few hexes around one). A campaign's front runs across much of the map, more
than a window shows at a readable zoom: the view centres on its busiest part, the window
of hexes that holds most of its units.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from PySide6.QtCore import QRectF

from owsqt.qt.map.mapitem import SCENE_LAYOUT
from owsqt.qt.map.view import READABLE_ZOOM, MapView
from owsqt.rules.core.hexgrid import Hex, distance
from owsqt.rules.core.state import GameState
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.setup.setupcheck import allowed_hexes

FRONT_RANGE = 4  # hexes between enemy units for both to be part of the front
BUSY_RADIUS = 5  # hexes: about what a 1920x1080 window shows around its centre, readable
SMALL_ZONE = 40  # hexes: a set-up zone this small says where the game is played
HEX_MARGIN = 40.0  # scene units around the area's hex centres


def play_area(ruleset: Ruleset, state: GameState) -> list[Hex]:
    """The hexes of the area of play (see the module's docstring); empty for none."""
    owner = {
        hex_: {ruleset.catalogue.ground[u].player for u in stack if u in ruleset.catalogue.ground}
        for hex_, stack in state.stacks.items()
    }
    occupied = [h for h, players in owner.items() if players]
    front = [
        h
        for h in occupied
        if any(
            owner[other] - owner[h] and distance(h, other) <= FRONT_RANGE
            for other in occupied
            if other != h
        )
    ]
    if front:
        return sorted(front)
    if occupied:
        return sorted(occupied)
    scenario = ruleset.scenarios.get(state.scenario) if state.scenario else None
    hexes: set[Hex] = set()
    for group in scenario.setup if scenario is not None else ():
        zone = allowed_hexes(ruleset, state, group)  # 'with formations' follows its units
        if len(zone) <= SMALL_ZONE:
            hexes |= zone
    return sorted(hexes)


def busiest_part(
    hexes: Iterable[Hex], radius: int = BUSY_RADIUS, weight: Mapping[Hex, int] | None = None
) -> list[Hex]:
    """The hexes within `radius` of the hex that has most of `hexes` around it, each hex
    counted `weight[hex]` times (its units; once without weights); ties: the first in
    order, so the answer does not change between runs."""
    area = list(hexes)
    best: list[Hex] = []
    best_weight = 0
    for centre in area:
        near = [h for h in area if distance(h, centre) <= radius]
        total = sum(weight.get(h, 1) for h in near) if weight else len(near)
        if total > best_weight:
            best, best_weight = near, total
    return best


def scene_rect(hexes: Iterable[Hex]) -> QRectF:
    """The rectangle (scene units) around the centres of `hexes`, with a margin."""
    points = [SCENE_LAYOUT.center(h) for h in hexes]
    if not points:
        return QRectF()
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    rect = QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    return rect.adjusted(-HEX_MARGIN, -HEX_MARGIN, HEX_MARGIN, HEX_MARGIN)


def frame_play_area(view: MapView, ruleset: Ruleset, state: GameState) -> None:
    """Zoom and centre `view` on the area of play, counters readable (READABLE_ZOOM);
    the whole map when the game has no area of play at all."""
    hexes = play_area(ruleset, state)
    if not hexes:
        view.frame(view.map_bounds())
        return
    area = scene_rect(hexes)
    viewport = view.viewport().rect()
    readable = READABLE_ZOOM
    if area.width() * readable > viewport.width() or area.height() * readable > viewport.height():
        # Too big to read whole: a window's worth of it, at the readable zoom.
        units = {h: len(state.stack(h)) for h in hexes}
        centre = scene_rect(busiest_part(hexes, weight=units)).center()
        area = QRectF(0, 0, viewport.width() / readable, viewport.height() / readable)
        area.moveCenter(centre)
    view.frame(area, readable)
