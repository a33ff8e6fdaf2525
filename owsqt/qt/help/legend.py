"""Help ▸ Map legend: the terrain, lines, areas and overlays of the map and every marker,
each drawn by the code that draws it on the table (swatches.py for the map's inks and
shapes; the counters' chits and the map markers painted by their own items); and the
gazetteer of the map's places, in a tab of its own (gazetteer.py)."""

from __future__ import annotations

import re
from dataclasses import replace

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QScrollArea,
    QStyleOptionGraphicsItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from owsqt.qt.counters.markers import ChitItem, ChitLook, HexMarkerLayer, unit_chits
from owsqt.qt.fonts import table_font
from owsqt.qt.help.gazetteer import Gazetteer
from owsqt.qt.help.swatches import MAP_FEATURES, SUPPLY_OVERLAYS, Draw, hex_path
from owsqt.qt.map.mapitem import MAP_SCALE, SCENE_LAYOUT
from owsqt.qt.map.style import CLEAR
from owsqt.qt.map.zones import INTERDICTION_EDGE, INTERDICTION_FILL, AreaItem, ZoneOverlays
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.hexgrid import Hexside
from owsqt.rules.core.state import EntrenchmentState, GameState, InterdictionZone, UnitState
from owsqt.rules.core.vocabulary import BridgeState, Entrenchment, Player, Supply
from owsqt.rules.map.zones import Area
from owsqt.rules.scenario.ruleset import Ruleset

Row = tuple[str, Draw | QGraphicsItem]  # what it means, and the swatch or marker drawn
ROW = 44  # px per row
SWATCH = 40  # px across a swatch's hex
COLUMNS = 2
COLUMN_WIDTH = 320
MARKER_SCALE = 1.7


def chit_looks(ruleset: Ruleset) -> list[ChitLook]:
    """Every chit a counter can carry (2.2), from the function that gives a counter its own."""
    unit = next(u for u in ruleset.catalogue.ground.values() if u.combat and u.combat > 1)
    loaded = UnitState(
        strength=unit.combat - 1, disrupted=True, fired=True, moved=True, reserve=True,
        supply=Supply.OUT,
    )  # fmt: skip
    return unit_chits(unit, loaded) + unit_chits(
        unit, UnitState(strength=unit.combat, supply=Supply.ORGANIC)
    )


def hex_markers(ruleset: Ruleset, state: GameState, scene: QGraphicsScene) -> list[QGraphicsItem]:
    """Every marker the map shows (INT, entrenchments, bridge, bridge out), as the map's
    marker layer makes them for a state that holds one of each."""
    grid = ruleset.grid
    hexes = sorted(grid.hexes())
    a = hexes[len(hexes) // 2]
    b, c = (hex_ for _, hex_ in grid.neighbours(a)[:2])
    game = replace(
        state,
        interdiction_zones=(InterdictionZone(center=a, penalty=2, turn=state.turn),),
        entrenchments=FrozenMap(
            {
                a: EntrenchmentState(Player.GERMAN, Entrenchment.COMPLETE, state.turn),
                b: EntrenchmentState(Player.GERMAN, Entrenchment.UNDER_CONSTRUCTION, state.turn),
            }
        ),
        bridges=FrozenMap({Hexside(a, b): BridgeState.BUILT, Hexside(a, c): BridgeState.DESTROYED}),
    )
    layer = HexMarkerLayer(scene)  # the scene keeps the items alive
    layer.sync(game, ruleset.hex_name)
    return list(layer.items)


def zone_rows(ruleset: Ruleset, scene: QGraphicsScene) -> list[tuple[str, Draw]]:
    """The areas the map measures, each drawn by the map's own area item (as the zone
    overlays configure them) around one hex."""
    zones = ZoneOverlays(scene, ruleset)
    hex_ = sorted(ruleset.grid.hexes())[len(ruleset.grid.hexes()) // 2]
    cx, cy = SCENE_LAYOUT.center(hex_)
    area = Area(ruleset.game_map, frozenset({hex_}))

    def drawn(item: AreaItem) -> Draw:
        item.set_area(area)

        def draw(painter: QPainter) -> None:
            painter.fillPath(hex_path(), CLEAR)
            painter.save()
            painter.scale(1 / MAP_SCALE, 1 / MAP_SCALE)
            painter.translate(-cx, -cy)
            item.paint(painter, QStyleOptionGraphicsItem(), None)
            painter.restore()

        return draw

    interdiction = AreaItem(INTERDICTION_EDGE, INTERDICTION_FILL)  # as ZoneOverlays.sync
    scene.addItem(interdiction)
    return [
        ("Interdiction zone (4.5)", drawn(interdiction)),
        ("Artillery range (12.4)", drawn(zones.range)),
        ("Where bombardment may strike (12.4)", drawn(zones.strike)),
        ("Soviet ground attack reach (4.6)", drawn(zones.soviet_reach)),
    ]


def _general(tip: str) -> str:
    """A marker's tooltip without the hex it names on the map."""
    return re.sub(r" around [^:]+:", ":", tip)


class Legend(QWidget):
    """The legend's rows in columns: a swatch and what it means."""

    def __init__(self, ruleset: Ruleset, state: GameState, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("mapLegend")
        self._holder = QGraphicsRectItem()  # the chits' parent: they draw without a counter
        self._scene = QGraphicsScene(self)  # holds the map markers
        overlays: list[Row] = [*zone_rows(ruleset, self._scene), *SUPPLY_OVERLAYS]
        self.sections: list[tuple[str, list[Row]]] = [
            ("The map", list(MAP_FEATURES)),
            ("Overlays (View menu) and zones", overlays),
            (
                "Markers on counters (2.2)",
                [(look.tip, ChitItem(look, self._holder)) for look in chit_looks(ruleset)],
            ),
            (
                "Markers on the map (2.2)",
                [
                    (_general(item.toolTip()), item)
                    for item in hex_markers(ruleset, state, self._scene)
                ],
            ),
        ]
        tallest = max(sum(len(rows) + 1 for _, rows in c) for c in self._columns())
        self.setMinimumSize(COLUMNS * COLUMN_WIDTH + 24, tallest * ROW + 16)

    def kinds(self) -> list[str]:
        """What the legend explains, row by row."""
        return [text for _, rows in self.sections for text, _ in rows]

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), Qt.GlobalColor.white)
        for column, sections in enumerate(self._columns()):
            row = 0
            for title, rows in sections:
                self._title(painter, column, row, title)
                row += 1
                for text, swatch in rows:
                    self._row(painter, column, row, text, swatch)
                    row += 1
        painter.end()

    def _columns(self) -> list[list]:
        """The map and its markers on the left; the overlays and the chits on the right."""
        return [[self.sections[0], self.sections[3]], [self.sections[1], self.sections[2]]]

    def _origin(self, column: int, row: int) -> tuple[float, float]:
        return 12 + column * COLUMN_WIDTH, 8 + row * ROW

    def _title(self, painter: QPainter, column: int, row: int, title: str) -> None:
        x, y = self._origin(column, row)
        painter.setFont(table_font(13, bold=True))
        painter.setPen(Qt.GlobalColor.black)
        painter.drawText(QRectF(x, y + 14, COLUMN_WIDTH, ROW - 14), title)

    def _row(self, painter: QPainter, column: int, row: int, text: str, swatch) -> None:
        x, y = self._origin(column, row)
        painter.save()
        painter.translate(x + SWATCH / 2 + 2, y + ROW / 2)
        if isinstance(swatch, QGraphicsItem):
            painter.scale(MARKER_SCALE, MARKER_SCALE)
            swatch.paint(painter, QStyleOptionGraphicsItem(), None)
        else:
            painter.scale(SWATCH / 2, SWATCH / 2)  # a hex is 2 map units across its corners
            swatch(painter)
        painter.restore()
        painter.setFont(table_font(12))
        painter.setPen(Qt.GlobalColor.black)
        box = QRectF(x + SWATCH + 14, y, COLUMN_WIDTH - SWATCH - 20, ROW)
        painter.drawText(box, int(Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap), text)


class LegendDialog(QDialog):
    def __init__(self, window, parent: QWidget | None = None) -> None:
        super().__init__(parent or window)
        self.setWindowTitle("Map legend")
        self.setObjectName("legendDialog")
        layout = QVBoxLayout(self)
        self.legend = Legend(window.ruleset, window.session.state, self)
        scroll = QScrollArea(self)
        scroll.setWidget(self.legend)
        scroll.setWidgetResizable(True)
        self.gazetteer = Gazetteer(window.ruleset.game_map, window.centre_on_hex, self)
        self.tabs = QTabWidget(self)
        self.tabs.addTab(scroll, "&Legend")
        self.tabs.addTab(self.gazetteer, "&Gazetteer")
        layout.addWidget(self.tabs)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(COLUMNS * COLUMN_WIDTH + 48, 720)
