"""Displacement in a counter's menu (9.3): a unit on an overstacked hex of the acting player
goes to an adjacent hex that can take it, or is eliminated when none can."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QMenu

from owsqt.rules.core.actions import Action, Displace
from owsqt.rules.core.state import GameState
from owsqt.rules.movement.displacement import may_displace_now, takers
from owsqt.rules.movement.stacking import stacking_points
from owsqt.rules.scenario.ruleset import Ruleset


def add_displacement(
    menu: QMenu,
    ruleset: Ruleset,
    state: GameState,
    unit_id: str,
    submit: Callable[[Action], None],
) -> None:
    """Put "Displace to ▸" (or "Eliminate (no hex can take it)") at the top of `menu` when
    the unit's hex is overstacked in its player's movement segment."""
    if not may_displace_now(ruleset, state, unit_id):
        return
    start = state.units[unit_id].hex
    assert start is not None
    # None inserts at the end, as Qt takes a null `before`; PySide6's stubs want an action,
    # hence the narrow ignores below.
    first = menu.actions()[0] if menu.actions() else None
    hexes = sorted(takers(ruleset, state, (unit_id,)), key=ruleset.grid.id_of)
    limit = ruleset.tables.stacking_limit
    if hexes:
        sub = QMenu("Displace to (9.3)", menu)
        sub.setToolTipsVisible(True)
        sub.setObjectName("displaceMenu")
        for hex_ in hexes:
            points = stacking_points(ruleset, state, hex_)
            action = sub.addAction(f"{ruleset.grid.id_of(hex_)}  ({points} of {limit} points)")
            action.setToolTip("The unit is disrupted when it is displaced (9.3, 13.0)")
            action.triggered.connect(
                lambda _=False, h=hex_: submit(Displace(units=(unit_id,), path=(start, h)))
            )
        menu.insertMenu(first, sub)  # type: ignore[arg-type]
    else:
        entry = menu.addAction("Eliminate (no hex can take it, 9.3)")
        entry.triggered.connect(lambda: submit(Displace(units=(unit_id,), path=())))
        menu.insertAction(first, entry)  # type: ignore[arg-type]
    menu.insertSeparator(first)  # type: ignore[arg-type]
