"""The context menu of a hex: place or remove INT, entrenchment and bridge markers (2.2).
Each entry carries the action it sends (`data()`), for the rules to judge before it opens."""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtWidgets import QMenu, QWidget

from owsqt.rules.core.actions import Action, SetBridge, SetEntrenchment, SetInterdiction
from owsqt.rules.core.hexgrid import Hex, Hexside, Layout
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import BridgeState, Entrenchment


def nearest_hexside(layout: Layout, hex_: Hex, x: float, y: float, neighbours) -> Hexside:
    """The hexside of `hex_` nearest the point (x, y): where a bridge marker goes."""

    def distance_to(side: Hexside) -> float:
        (x1, y1), (x2, y2) = layout.hexside_segment(side.a, side.b)
        return math.dist((x, y), ((x1 + x2) / 2, (y1 + y2) / 2))

    return min((Hexside.between(hex_, other) for _, other in neighbours), key=distance_to)


def hex_menu(
    parent: QWidget,
    hex_name: str,
    hex_: Hex,
    hexside: Hexside,
    state: GameState,
    submit: Callable[[Action], None],
) -> QMenu:
    """A menu whose every entry submits one ManualEdit action for `hex_` or `hexside`."""
    menu = QMenu(hex_name, parent)
    interdiction = menu.addMenu("Interdiction marker (4.5)")
    current = next((z.penalty for z in state.interdiction_zones if z.center == hex_), 0)
    for penalty in range(1, 5):
        action = interdiction.addAction(f"INT {penalty}")
        action.setCheckable(True)
        action.setChecked(current == penalty)
        action.setData(SetInterdiction(center=hex_, penalty=penalty))
        action.triggered.connect(
            lambda _=False, p=penalty: submit(SetInterdiction(center=hex_, penalty=p))
        )
    remove_int = interdiction.addAction("Remove")
    remove_int.setEnabled(current > 0)
    remove_int.setData(SetInterdiction(center=hex_, penalty=0))
    remove_int.triggered.connect(lambda: submit(SetInterdiction(center=hex_, penalty=0)))

    entrenchment = menu.addMenu("Entrenchment (15.1)")
    marker = state.entrenchments.get(hex_)
    # A new marker belongs to the side standing on the hex (the engine reads the stack).
    owner = marker.owner if marker else None
    for status, label in (
        (Entrenchment.UNDER_CONSTRUCTION, "Under construction"),
        (Entrenchment.COMPLETE, "Complete"),
    ):
        action = entrenchment.addAction(label)
        action.setCheckable(True)
        action.setChecked(marker is not None and marker.status is status)
        action.setData(SetEntrenchment(hex=hex_, status=status, owner=owner))
        action.triggered.connect(
            lambda _=False, s=status: submit(SetEntrenchment(hex=hex_, status=s, owner=owner))
        )
    remove_entrenchment = entrenchment.addAction("Remove")
    remove_entrenchment.setEnabled(marker is not None)
    remove_entrenchment.setData(SetEntrenchment(hex=hex_, status=None))
    remove_entrenchment.triggered.connect(lambda: submit(SetEntrenchment(hex=hex_, status=None)))

    bridge = menu.addMenu("Bridge on the nearest hexside (16.2)")
    state_now = state.bridges.get(hexside)
    for bridge_state, label in (
        (BridgeState.BUILT, "Bridge"),
        (BridgeState.DESTROYED, "Bridge out"),
    ):
        action = bridge.addAction(label)
        action.setCheckable(True)
        action.setChecked(state_now is bridge_state)
        action.setData(SetBridge(hexside=hexside, state=bridge_state))
        action.triggered.connect(
            lambda _=False, b=bridge_state: submit(SetBridge(hexside=hexside, state=b))
        )
    remove_bridge = bridge.addAction("Remove")
    remove_bridge.setEnabled(state_now is not None)
    remove_bridge.setData(SetBridge(hexside=hexside, state=None))
    remove_bridge.triggered.connect(lambda: submit(SetBridge(hexside=hexside, state=None)))
    return menu
