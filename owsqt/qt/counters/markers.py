"""Markers of 2.2 as items: chits on a counter (strength, DIS, fired, moved, supply,
reserve) and markers on the map (INT zones, entrenchments, bridge and bridge out)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from owsqt.qt.counters.style import COUNTER_SIZE
from owsqt.qt.fonts import table_font
from owsqt.qt.map.mapitem import SCENE_LAYOUT
from owsqt.rules.core.state import GameState, UnitState
from owsqt.rules.core.vocabulary import BridgeState, Entrenchment, Supply
from owsqt.rules.data.units import UnitDef

CHIT_SIZE = 13.0
HEX_MARKER_SIZE = 22.0
MARKER_Z = 20.0


@dataclass(frozen=True, slots=True)
class ChitLook:
    text: str
    fill: str
    ink: str
    tip: str


def unit_chits(unit: UnitDef, state: UnitState) -> list[ChitLook]:
    """The markers a unit carries, in the order they are shown down its right edge."""
    chits = []
    printed = (
        unit.combat_reduced if state.reduced and unit.combat_reduced is not None else unit.combat
    )
    if state.strength != printed:
        chits.append(ChitLook(str(state.strength), "#f4efe0", "#202020", "strength marker (2.2)"))
    if state.disrupted:
        chits.append(ChitLook("D", "#b3261e", "#ffffff", "disrupted (13.0)"))
    if state.fired:
        chits.append(ChitLook("F", "#e0a526", "#202020", "fired (12.2)"))
    if state.moved:
        chits.append(ChitLook("M", "#7aa0c4", "#202020", "moved (12.3)"))
    if state.supply is Supply.ORGANIC:
        chits.append(ChitLook("OS", "#d9cf9a", "#202020", "organic supply (14.3)"))
    elif state.supply is Supply.OUT:
        chits.append(ChitLook("OoS", "#5b5b5b", "#ffffff", "out of supply (14.4)"))
    if state.reserve:
        chits.append(ChitLook("R", "#3f6f3f", "#ffffff", "reserve (19.11)"))
    return chits


class ChitItem(QGraphicsItem):
    """One small marker chit laid on a counter's right edge (a child of the counter)."""

    def __init__(self, look: ChitLook, parent: QGraphicsItem) -> None:
        super().__init__(parent)
        self.look = look
        self.setToolTip(look.tip)

    def boundingRect(self) -> QRectF:
        return QRectF(-CHIT_SIZE / 2, -CHIT_SIZE / 2, CHIT_SIZE, CHIT_SIZE)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        _paint_chip(painter, self.boundingRect(), self.look.fill, self.look.ink, self.look.text)


def place_chits(counter: QGraphicsItem, unit: UnitDef, state: UnitState) -> None:
    """Give `counter` exactly the chits of `state`, stacked down its right edge."""
    for child in list(counter.childItems()):
        if isinstance(child, ChitItem):
            # Qt takes a null parent (a top-level item); PySide6's stubs do not say so.
            child.setParentItem(None)  # type: ignore[arg-type]
            if child.scene() is not None:
                child.scene().removeItem(child)
    for index, look in enumerate(unit_chits(unit, state)):
        chit = ChitItem(look, counter)
        chit.setPos(COUNTER_SIZE / 2 - 2, -COUNTER_SIZE / 2 + 6 + index * (CHIT_SIZE + 1))


class HexMarkerItem(QGraphicsItem):
    """A marker on the map: INT n, entrenchment (under construction or complete), bridge."""

    def __init__(self, text: str, fill: str, ink: str, tip: str) -> None:
        super().__init__()
        self.text, self.fill, self.ink = text, fill, ink
        self.setToolTip(tip)
        self.setZValue(MARKER_Z)

    def boundingRect(self) -> QRectF:
        half = HEX_MARKER_SIZE / 2
        return QRectF(-half, -half * 0.7, HEX_MARKER_SIZE, HEX_MARKER_SIZE * 0.7)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        _paint_chip(painter, self.boundingRect(), self.fill, self.ink, self.text)


class HexMarkerLayer:
    """The map markers of a state: rebuilt on each sync (there are only a handful)."""

    def __init__(self, scene: QGraphicsScene) -> None:
        self.scene = scene
        self.items: list[HexMarkerItem] = []

    def sync(self, state: GameState, hex_name) -> None:
        for item in self.items:
            self.scene.removeItem(item)
        self.items = []
        for zone in state.interdiction_zones:
            self._add(
                SCENE_LAYOUT.center(zone.center),
                (0, -18),
                HexMarkerItem(
                    f"INT {zone.penalty}",
                    "#f0d54a",
                    "#202020",
                    f"interdiction zone around {hex_name(zone.center)}: Soviet units lose "
                    f"{zone.penalty} MP within {zone.radius} hexes (4.5)",
                ),
            )
        for hex_, entrenchment in state.entrenchments.items():
            complete = entrenchment.status is Entrenchment.COMPLETE
            self._add(
                SCENE_LAYOUT.center(hex_),
                (0, 20),
                HexMarkerItem(
                    "ENT" if complete else "ENT…",
                    "#6b5a3a" if complete else "#b9a67c",
                    "#ffffff" if complete else "#202020",
                    f"entrenchment {'complete' if complete else 'under construction'} (15.1)",
                ),
            )
        for hexside, bridge in state.bridges.items():
            (x1, y1), (x2, y2) = SCENE_LAYOUT.hexside_segment(hexside.a, hexside.b)
            built = bridge is BridgeState.BUILT
            self._add(
                ((x1 + x2) / 2, (y1 + y2) / 2),
                (0, 0),
                HexMarkerItem(
                    "BR" if built else "OUT",
                    "#d8d8d8" if built else "#8c1d18",
                    "#202020" if built else "#ffffff",
                    "bridge (16.2)" if built else "bridge out (16.2)",
                ),
            )

    def _add(
        self, at: tuple[float, float], offset: tuple[float, float], item: HexMarkerItem
    ) -> None:
        item.setPos(QPointF(at[0] + offset[0], at[1] + offset[1]))
        self.scene.addItem(item)
        self.items.append(item)


def _paint_chip(painter: QPainter, rect: QRectF, fill: str, ink: str, text: str) -> None:
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    pen = QPen(QColor("#202020"), 0.6)
    painter.setPen(pen)
    painter.setBrush(QBrush(QColor(fill)))
    painter.drawRoundedRect(rect, 1.5, 1.5)
    # In pixels of the scene, not points, which grow with the screen's dots per inch.
    font = table_font(max(4.0, rect.height() * (0.6 if len(text) < 3 else 0.48)), bold=True)
    painter.setFont(font)
    painter.setPen(QColor(ink))
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
