"""The context menu of a counter: flip, set strength, markers, eliminate, force pool (2.2).
Each entry carries the action it sends (`data()`), for the rules to judge before it opens."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QInputDialog, QMenu, QWidget

from owsqt.rules.core.actions import (
    Action,
    FlipUnit,
    SetMarker,
    SetStrength,
    SetSupply,
    SetUnitStatus,
)
from owsqt.rules.core.state import UnitState
from owsqt.rules.core.vocabulary import Supply, UnitMarker, UnitStatus
from owsqt.rules.data.units import UnitDef

_MARKERS = (
    (UnitMarker.DISRUPTED, "Disrupted (DIS)", "disrupted"),
    (UnitMarker.FIRED, "Fired", "fired"),
    (UnitMarker.MOVED, "Moved", "moved"),
    (UnitMarker.RESERVE, "Reserve", "reserve"),
)
_SUPPLY = (
    (Supply.REGULAR, "Regular supply"),
    (Supply.ORGANIC, "Organic supply"),
    (Supply.OUT, "Out of supply"),
)
_OFF_MAP = (
    (UnitStatus.ELIMINATED, "Eliminate"),
    (UnitStatus.FORCE_POOL, "Send to force pool"),
    (UnitStatus.PERMANENTLY_LOST, "Permanently lost"),
)


def unit_menu(
    parent: QWidget, unit: UnitDef, state: UnitState, submit: Callable[[Action], None]
) -> QMenu:
    """A menu whose every entry submits one ManualEdit action for `unit`."""
    menu = QMenu(unit.name, parent)
    flip = menu.addAction("Flip to the reduced side" if not state.reduced else "Flip to the front")
    flip.setEnabled(unit.combat_reduced is not None)
    flip.triggered.connect(lambda: submit(FlipUnit(unit=unit.id)))
    flip.setData(FlipUnit(unit=unit.id))  # what the rules judge (qt/app/menurules.py)
    strength = menu.addAction("Set strength…")
    strength.setData(SetStrength(unit=unit.id, strength=state.strength))  # a representative
    strength.triggered.connect(lambda: _ask_strength(parent, unit, state, submit))
    menu.addSeparator()
    for marker, label, field in _MARKERS:
        action = menu.addAction(label)
        action.setCheckable(True)
        action.setChecked(getattr(state, field))
        action.setData(SetMarker(units=(unit.id,), marker=marker, on=not getattr(state, field)))
        action.triggered.connect(
            lambda checked, m=marker: submit(SetMarker(units=(unit.id,), marker=m, on=checked))
        )
    supply_menu = menu.addMenu("Supply")
    for supply, label in _SUPPLY:
        action = supply_menu.addAction(label)
        action.setCheckable(True)
        action.setChecked(state.supply is supply)
        action.setData(SetSupply(units=(unit.id,), supply=supply))
        action.triggered.connect(
            lambda _=False, s=supply: submit(SetSupply(units=(unit.id,), supply=s))
        )
    menu.addSeparator()
    for status, label in _OFF_MAP:
        action = menu.addAction(label)
        action.setData(SetUnitStatus(units=(unit.id,), status=status))
        action.triggered.connect(
            lambda _=False, s=status: submit(SetUnitStatus(units=(unit.id,), status=s))
        )
    return menu


def _ask_strength(
    parent: QWidget, unit: UnitDef, state: UnitState, submit: Callable[[Action], None]
) -> None:
    value, accepted = QInputDialog.getInt(
        parent,
        "Strength marker",
        f"Strength points of {unit.name} (1 to {unit.combat}):",
        state.strength,
        1,
        unit.combat,
    )
    if accepted and value != state.strength:
        submit(SetStrength(unit=unit.id, strength=value))
