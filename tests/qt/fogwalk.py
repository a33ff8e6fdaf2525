"""The leak walk of the fog of war (18.1): every text a main window shows, and the hidden
facts of a side's view that none of them may name.

`texts(window)` reads each widget of the window, of its docks and of its dialogs, the
items of every item view in every role a player can see, the actions of its menus and the
items of the map's scene; `leaks(...)` lists each hidden unit's id, full name or strength
found there, with the widget that shows it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from PySide6.QtCore import QAbstractItemModel, QAbstractListModel, QModelIndex, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QGraphicsSimpleTextItem,
    QGraphicsTextItem,
    QGraphicsView,
    QLabel,
    QLineEdit,
    QMainWindow,
    QPlainTextEdit,
    QTabBar,
    QTextEdit,
    QWidget,
)

from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.rules.data.units import UnitDef
from owsqt.rules.fog.view import SideView, view
from owsqt.rules.scenario.ruleset import Ruleset

ROLES = (
    Qt.ItemDataRole.DisplayRole,
    Qt.ItemDataRole.ToolTipRole,
    Qt.ItemDataRole.StatusTipRole,
    Qt.ItemDataRole.WhatsThisRole,
)
# How the program writes a unit's present strength after its name: "7 SP", "7/12",
# "7 of 12", "7→6" (unit_line, the combat panel's forces, the Replacements dock, the
# losses page); not movement points ("5/2 MP").
STRENGTH_FORMS = r"(?:\s*(?:SP\b|of\b|→)|/\d+(?!\d*\s*MP))"
NEAR = 80  # how far after a unit's name its strength may be written, in characters
LINES = 4  # how many lines under a unit's name its "strength N" may be written


@dataclass(frozen=True)
class Hidden:
    """What `side` may not know: the enemy units on the map it does not see (their ids
    and names), and the present strengths of the enemy units it sees only by their
    counter's printed side (those with a strength marker)."""

    side: Player
    units: frozenset[str]
    marked: dict[str, int]  # a seen enemy unit -> the strength its marker holds


def hidden_facts(ruleset: Ruleset, state: GameState, side: Player) -> Hidden:
    seen: SideView = view(ruleset, state, side)
    units, marked = set(), {}
    for unit_id, unit in state.units.items():
        if unit.status is not UnitStatus.ON_MAP or unit.hex is None:
            continue
        if ruleset.catalogue.ground[unit_id].player is side:
            continue
        if not seen.knows(unit_id):
            units.add(unit_id)
        elif unit_id not in seen.revealed:
            face = seen.state.units[unit_id].strength
            if unit.strength != face:
                marked[unit_id] = unit.strength
    return Hidden(side, frozenset(units), marked)


@dataclass(frozen=True)
class Shown:
    """A text a player can read, and where: the widget's objectName (or class) and what."""

    where: str
    text: str


def _name(obj: QWidget | QAction) -> str:
    """The object's name, or its class after the nearest named widget it is in."""
    own = obj.objectName() or type(obj).__name__
    if obj.objectName() or not isinstance(obj, QWidget):
        return own
    parent = obj.parentWidget()
    while parent is not None and not parent.objectName():
        parent = parent.parentWidget()
    return f"{parent.objectName()} › {own}" if parent is not None else own


def _model_texts(model: QAbstractItemModel, parent: QModelIndex, where: str) -> Iterator[Shown]:
    flat = isinstance(model, QAbstractListModel)  # its columnCount is private in Qt
    for row in range(model.rowCount(parent)):
        for column in range(1 if flat else max(1, model.columnCount(parent))):
            index = model.index(row, column, parent)
            for role in ROLES:
                value = model.data(index, role)
                if isinstance(value, str) and value:
                    yield Shown(f"{where} row {row} ({role.name})", value)
            if not flat and column == 0 and model.rowCount(index):
                yield from _model_texts(model, index, where)
    if not parent.isValid():
        for orientation in (Qt.Orientation.Horizontal, Qt.Orientation.Vertical):
            horizontal = orientation is Qt.Orientation.Horizontal
            count = model.columnCount() if horizontal and not flat else 0
            for section in range(count):
                value = model.headerData(section, orientation, Qt.ItemDataRole.DisplayRole)
                if isinstance(value, str) and value:
                    yield Shown(f"{where} header", value)


def widget_texts(widget: QWidget) -> Iterator[Shown]:
    where = f"{_name(widget)} ({type(widget).__name__})"
    for what, value in (
        ("toolTip", widget.toolTip()),
        ("statusTip", widget.statusTip()),
        ("whatsThis", widget.whatsThis()),
        ("windowTitle", widget.windowTitle()),
        ("accessibleName", widget.accessibleName()),
    ):
        if value:
            yield Shown(f"{where} {what}", value)
    if isinstance(widget, (QLabel, QAbstractButton, QLineEdit)):
        yield Shown(where, widget.text())
    if isinstance(widget, (QTextEdit, QPlainTextEdit)):
        yield Shown(where, widget.toPlainText())
    if isinstance(widget, QComboBox):
        yield Shown(f"{where} current", widget.currentText())
    if isinstance(widget, QTabBar):
        for tab in range(widget.count()):
            yield Shown(f"{where} tab", widget.tabText(tab))
            yield Shown(f"{where} tab toolTip", widget.tabToolTip(tab))
    if isinstance(widget, QAbstractItemView) and widget.model() is not None:
        yield from _model_texts(widget.model(), QModelIndex(), where)
    if isinstance(widget, QGraphicsView) and widget.scene() is not None:
        for item in widget.scene().items():
            kind = type(item).__name__
            if item.toolTip():
                yield Shown(f"{where} scene {kind} toolTip", item.toolTip())
            if isinstance(item, QGraphicsTextItem):
                yield Shown(f"{where} scene {kind}", item.toPlainText())
            if isinstance(item, QGraphicsSimpleTextItem):
                yield Shown(f"{where} scene {kind}", item.text())
    for action in widget.actions():
        for what, value in (("text", action.text()), ("toolTip", action.toolTip())):
            if value:
                yield Shown(f"{_name(action)} (QAction) {what}", value)


def texts(window: QMainWindow) -> list[Shown]:
    """Every text the window may show a player: its widgets, docks and dialogs (which are
    its children), their item views and actions, and the status bar."""
    found: list[Shown] = []
    for widget in [window, *window.findChildren(QWidget)]:
        found.extend(s for s in widget_texts(widget) if s.text)
    for action in window.findChildren(QAction):
        for what, value in (("text", action.text()), ("toolTip", action.toolTip())):
            if value:
                found.append(Shown(f"{_name(action)} (QAction) {what}", value))
    message = window.statusBar().currentMessage()
    if message:
        found.append(Shown("statusBar message", message))
    return found


def counters_drawn(window: QMainWindow) -> Iterator[tuple[str, UnitDef, object]]:
    """(where, unit, state drawn) of every unit counter in the map's scene that shows."""
    for graphics in window.findChildren(QGraphicsView):
        scene = graphics.scene()
        if scene is None:
            continue
        for item in scene.items():
            unit = getattr(item, "unit", None)
            if isinstance(unit, UnitDef) and item.isVisible():
                where = f"{_name(graphics)} scene {type(item).__name__}"
                yield where, unit, getattr(item, "state", None)


def _pattern(token: str) -> re.Pattern[str]:
    """A whole id or name: not inside a longer word, id or name."""
    return re.compile(rf"(?<![\w/-]){re.escape(token)}(?![\w-])")


def leaks(ruleset: Ruleset, hidden: Hidden, window: QMainWindow) -> list[str]:
    """Each hidden fact a text or a counter of the window shows, as "where: what: text"."""
    tokens: list[tuple[str, re.Pattern[str]]] = []
    for unit_id in sorted(hidden.units):
        tokens.append((f"hidden unit {unit_id}", _pattern(unit_id)))
        name = ruleset.unit_name(unit_id)
        tokens.append((f"hidden unit {name!r}", _pattern(name)))
    strengths = []
    for unit_id, strength in sorted(hidden.marked.items()):
        name = rf"(?<![\w/-]){re.escape(ruleset.unit_name(unit_id))}(?![\w-])"
        what = f"strength {strength} of {ruleset.unit_name(unit_id)!r}"
        # on the name's line, or a few lines under it as "strength 4" (a counter's tooltip)
        same_line = rf"{name}.{{0,{NEAR}}}?(?<![\d/]){strength}{STRENGTH_FORMS}"
        below = rf"{name}(?:[^\n]*\n){{1,{LINES}}}strength {strength}\b"
        strengths.append((what, re.compile(f"{same_line}|{below}")))
    # A seen unit's name that holds a hidden one ("4 Pz Div" in "XLVIII 4 Pz Div") is
    # blotted out first, so that only whole names count.
    names = {ruleset.unit_name(u) for u in hidden.units}
    covering = sorted(
        (
            name
            for unit_id in ruleset.catalogue.ground
            if unit_id not in hidden.units
            and any(h in (name := ruleset.unit_name(unit_id)) for h in names)
        ),
        key=len,
        reverse=True,
    )
    found = []
    for shown in texts(window):
        text = shown.text
        for name in covering:
            text = text.replace(name, "#" * len(name))
        for what, pattern in tokens:
            if pattern.search(text):
                found.append(f"{shown.where}: {what}: {shown.text[:120]!r}")
        for what, pattern in strengths:
            if pattern.search(shown.text):
                found.append(f"{shown.where}: {what}: {shown.text[:120]!r}")
    for where, unit, drawn in counters_drawn(window):
        if unit.id in hidden.units:
            found.append(f"{where}: the counter of hidden unit {unit.id} is drawn")
        strength = getattr(drawn, "strength", None)
        if unit.id in hidden.marked and strength == hidden.marked[unit.id]:
            found.append(f"{where}: {unit.id}'s counter paints its strength marker {strength}")
    return sorted(set(found))
