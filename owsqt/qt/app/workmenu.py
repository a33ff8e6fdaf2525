"""The rules' own orders for one counter, in its menu (ASSIST and STRICT play): begin an
entrenchment (15.1), build or blow a bridge (16.2), take the lead in a combat (11.3), fire
a bombardment mission (12.4). Only the orders the rules accept now are offered."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QMenu

from owsqt.rules.core.actions import (
    Action,
    BombardmentMission,
    BuildBridge,
    BuildEntrenchment,
    ChangeLead,
    DestroyBridge,
)
from owsqt.rules.core.state import GameState
from owsqt.rules.data.units import UnitType
from owsqt.rules.engine import judge
from owsqt.rules.engineering.bridging import bridged, river_sides
from owsqt.rules.scenario.ruleset import Ruleset


def unit_orders(ruleset: Ruleset, state: GameState, unit_id: str) -> list[tuple[str, Action]]:
    """(label, action) for every order of this unit the rules accept now."""
    unit = state.units[unit_id]
    definition = ruleset.catalogue.ground[unit_id]
    player = definition.player
    if unit.hex is None:
        return []
    grid = ruleset.grid
    offers: list[tuple[str, Action]] = [
        ("Begin an entrenchment here (15.1)", BuildEntrenchment(player=player, hex=unit.hex)),
        ("Lead this combat (11.3)", ChangeLead(player=player, lead=unit_id)),
    ]
    if definition.type is UnitType.ENGINEER:
        for side in river_sides(ruleset, unit.hex):
            name = grid.hexside_id(side)
            if bridged(ruleset, state, side):
                offers.append(
                    (
                        f"Blow the bridge {name} (16.2)",
                        DestroyBridge(player=player, unit=unit_id, hexside=side),
                    )
                )
            else:
                offers.append(
                    (
                        f"Build a bridge across {name} (16.2)",
                        BuildBridge(player=player, unit=unit_id, hexside=side),
                    )
                )
    if definition.bombardment is not None and definition.range is not None:
        for hex_, stack in sorted(state.stacks.items()):
            if ruleset.catalogue.ground[stack[0]].player is not player:
                mission = BombardmentMission(player=player, target=hex_, units=(unit_id,))
                offers.append((f"Bombardment mission on {grid.id_of(hex_)} (12.4)", mission))
    return [(label, action) for label, action in offers if _accepted(ruleset, state, action)]


def _accepted(ruleset: Ruleset, state: GameState, action: Action) -> bool:
    try:
        return judge(ruleset, state, action).legal
    except ValueError:  # an order that means nothing here (InvalidAction)
        return False


def add_unit_orders(
    menu: QMenu,
    ruleset: Ruleset,
    state: GameState,
    unit_id: str,
    submit: Callable[[Action], None],
) -> None:
    """Put the unit's orders at the top of `menu` (missions in a submenu)."""
    orders = unit_orders(ruleset, state, unit_id)
    if not orders:
        return
    first = menu.actions()[0] if menu.actions() else None
    missions = [(label, a) for label, a in orders if isinstance(a, BombardmentMission)]
    for label, action in orders:
        if isinstance(action, BombardmentMission):
            continue
        entry = menu.addAction(label)
        entry.triggered.connect(lambda _=False, a=action: submit(a))
        if first is not None:  # addAction() put it last; an empty menu keeps it there
            menu.insertAction(first, entry)
    if missions:
        sub = QMenu("Bombardment mission (12.4)", menu)
        sub.setObjectName("missionMenu")
        for label, action in missions:
            entry = sub.addAction(label.replace("Bombardment mission on ", "on "))
            entry.triggered.connect(lambda _=False, a=action: submit(a))
        if first is not None:
            menu.insertMenu(first, sub)
        else:
            menu.addMenu(sub)
    if first is not None:
        menu.insertSeparator(first)
