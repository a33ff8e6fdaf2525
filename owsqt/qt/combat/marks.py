"""A combat drawn over the map: the hex attacked and the attacking hexes shaded, the retreat
paths offered (11.7) as numbered lines, and the hexes a player may pick by a click (the
attacking hex the defender fires at, a retreat's end, the hex of an advance, 11.8)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from PySide6.QtCore import QObject
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsScene

from owsqt.qt.kit.pathitem import PATH_Z, PathItem
from owsqt.qt.kit.shading import HexShading, PickShading
from owsqt.qt.map.mapitem import SCENE_LAYOUT
from owsqt.rules.core.hexgrid import Hex

TARGET_FILL = QColor(200, 40, 30, 55)
TARGET_EDGE = QColor(160, 20, 10, 230)
ATTACKER_FILL = QColor(230, 150, 20, 45)
ATTACKER_EDGE = QColor(160, 95, 0, 220)
OTHER_PATHS = 0.45  # opacity of the retreat paths not chosen
MAX_PATHS = 12  # more than this are listed in the panel but not drawn


class CombatMarks(QObject):
    """Everything of the combat on the map; `picked(hex)` reaches `on_pick`."""

    def __init__(self, scene: QGraphicsScene, on_pick: Callable[[Hex], None]) -> None:
        super().__init__(scene)
        self.scene = scene
        self.target = HexShading(TARGET_FILL, TARGET_EDGE, 3.0)
        self.attackers = HexShading(ATTACKER_FILL, ATTACKER_EDGE, 2.0)
        self.picks = PickShading(on_pick)
        for item in (self.target, self.attackers, self.picks):
            scene.addItem(item)
        self.paths: list[PathItem] = []

    def show_engagement(self, target: Hex | None, attacking: Iterable[Hex]) -> None:
        self.target.set_hexes((target,) if target is not None else ())
        self.attackers.set_hexes(attacking)

    def set_picks(self, hexes: Iterable[Hex]) -> None:
        self.picks.set_hexes(hexes)

    def set_paths(
        self, paths: Sequence[Sequence[Hex]], chosen: int | None, numbered: bool = True
    ) -> None:
        """Draw `paths` (each from the start hex), numbered at their ends from 1 (when
        `numbered`); the `chosen` one (an index) at full strength, the others fainter."""
        paths = list(paths)[:MAX_PATHS]
        while len(self.paths) < len(paths):
            item = PathItem()
            self.scene.addItem(item)
            self.paths.append(item)
        for index, item in enumerate(self.paths):
            if index >= len(paths):
                item.clear()
                continue
            hexes = list(paths[index])
            labels = [""] * len(hexes)
            labels[-1] = str(index + 1) if numbered else ""
            item.set_path(hexes, labels, len(hexes))
            item.setOpacity(1.0 if chosen in (None, index) else OTHER_PATHS)
            item.setZValue(PATH_Z + (0.5 if chosen == index else 0.0))

    def clear(self) -> None:
        self.show_engagement(None, ())
        self.set_picks(())
        self.set_paths((), None)

    @property
    def drawn_paths(self) -> list[list[Hex]]:
        """The retreat paths on the map, for tests: each as its hexes."""
        return [
            [SCENE_LAYOUT.hex_at_point(p.x(), p.y()) for p in item.points]
            for item in self.paths
            if item.points
        ]
