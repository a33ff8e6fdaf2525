"""[18.1] A move chosen on one side's world, named in the whole game's terms: the computer
player plays on what its side may see, where each hidden enemy counter is a phantom
(rules/worlds/phantoms.py). An action that names a phantom (a unit fired at, a lead it
must pick) names in the whole game one of the hidden counters of the phantom's hex."""

from __future__ import annotations

from owsqt.rules.core.actions import Action
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import UnitStatus
from owsqt.rules.worlds.naming import names_in, told_action
from owsqt.rules.worlds.phantoms import is_phantom


def in_whole_game(state: GameState, seen: GameState, action: Action) -> Action | None:
    """`action`, chosen on the world `seen` of the whole game `state`, with each phantom it
    names replaced by a hidden unit of the phantom's hex, each used once, top of the stack
    first; None when a hex holds fewer hidden units than the action names phantoms there."""
    phantoms = list(dict.fromkeys(names_in(action, is_phantom)))  # each once
    if not phantoms:
        return action
    hidden = _hidden_by_hex(state, seen)
    names: dict[str, str | None] = {}
    for phantom in phantoms:
        unit = seen.units.get(phantom)
        stand_for = hidden.get(unit.hex, []) if unit is not None and unit.hex is not None else []
        if not stand_for:
            return None
        names[phantom] = stand_for.pop(0)
    return told_action(action, names)


def _hidden_by_hex(state: GameState, seen: GameState) -> dict[Hex, list[str]]:
    """The units on the map of the whole game that the world `seen` does not show by name,
    by hex, top of the stack first."""
    hidden: dict[Hex, list[tuple[int, str]]] = {}
    for unit_id, unit in state.units.items():
        if unit.status is not UnitStatus.ON_MAP or unit.hex is None or unit_id in seen.units:
            continue
        hidden.setdefault(unit.hex, []).append((unit.stack_order, unit_id))
    return {hex_: [unit_id for _, unit_id in sorted(units)] for hex_, units in hidden.items()}
