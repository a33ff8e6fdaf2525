"""The Air Operations Charts (4.2, 4.3): each side's mission boxes, which air units may fly
which mission, the boxes that intercept which, and the weather that lets air units fly."""

from __future__ import annotations

from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import Violation
from owsqt.rules.core.vocabulary import AirBox, Player
from owsqt.rules.data.units import AirType
from owsqt.rules.scenario.ruleset import Ruleset

# [4.3] The mission boxes printed on each side's chart (the German Ju-87s may also be
# withheld for the German player phase, 4.6).
MISSION_BOXES: dict[Player, tuple[AirBox, ...]] = {
    Player.GERMAN: (
        AirBox.INTERDICTION,
        AirBox.INTERDICTION_ESCORT,
        AirBox.GROUND_ATTACK,
        AirBox.GROUND_ATTACK_ESCORT,
        AirBox.AIR_SUPERIORITY_VS_GROUND_ATTACK,
        AirBox.WITHHELD,
    ),
    Player.SOVIET: (
        AirBox.GROUND_ATTACK,
        AirBox.GROUND_ATTACK_ESCORT,
        AirBox.AIR_SUPERIORITY_VS_GROUND_ATTACK,
        AirBox.AIR_SUPERIORITY_VS_INTERDICTION,
    ),
}
ESCORT_OF = {
    AirBox.GROUND_ATTACK: AirBox.GROUND_ATTACK_ESCORT,
    AirBox.INTERDICTION: AirBox.INTERDICTION_ESCORT,
}
# [4.4] An air superiority box and the enemy mission box its fighters intercept.
INTERCEPTS = {
    AirBox.AIR_SUPERIORITY_VS_GROUND_ATTACK: AirBox.GROUND_ATTACK,
    AirBox.AIR_SUPERIORITY_VS_INTERDICTION: AirBox.INTERDICTION,
}
FIGHTER_BOXES = frozenset({*ESCORT_OF.values(), *INTERCEPTS})
BOX_NAMES = {
    AirBox.READY: "Ready Units",
    AirBox.FLOWN: "Flown Units",
    AirBox.DISRUPTED: "Disrupted Units",
    AirBox.INTERDICTION: "Interdiction",
    AirBox.INTERDICTION_ESCORT: "Interdiction escort",
    AirBox.GROUND_ATTACK: "Ground attack",
    AirBox.GROUND_ATTACK_ESCORT: "Ground attack escort",
    AirBox.AIR_SUPERIORITY_VS_GROUND_ATTACK: "Air superiority against ground attack",
    AirBox.AIR_SUPERIORITY_VS_INTERDICTION: "Air superiority against interdiction",
    AirBox.WITHHELD: "Withheld Stukas",
}


def flying_weather(ruleset: Ruleset, state: GameState) -> bool:
    """[4.2] Air units fly missions only on clear weather day turns (every turn of the
    Turn Record Track is a day turn, AM or PM: reading in docs)."""
    track = ruleset.turn_record_track
    return 0 < state.turn <= len(track) and track[state.turn - 1].weather.lower() == "clear"


def weather_of(ruleset: Ruleset, state: GameState) -> str:
    track = ruleset.turn_record_track
    return track[state.turn - 1].weather.lower() if 0 < state.turn <= len(track) else "unknown"


def box_problem(ruleset: Ruleset, air_id: str, box: AirBox) -> Violation | None:
    """[4.2, 4.3, 4.6] Why the air unit may not fly the mission of `box`, if it may not.
    Interdiction is asked first: the Soviet chart has no interdiction box because 4.2
    keeps the mission to German units, and that is the rule a Soviet player broke."""
    unit = ruleset.catalogue.air[air_id]
    name = unit.name
    if box is AirBox.INTERDICTION and unit.player is not Player.GERMAN:
        return Violation("4.2", "only German air units fly interdiction")
    if box not in MISSION_BOXES[unit.player]:
        chart = f"the {unit.player.title} Air Operations Chart"
        return Violation("4.3", f"{chart} has no {BOX_NAMES.get(box, box.value)} box")
    if box in FIGHTER_BOXES and not unit.type.is_fighter:
        return Violation(
            "4.2", f"{name} is not a fighter: only fighters fly escort and air superiority"
        )
    if box in (AirBox.GROUND_ATTACK, AirBox.INTERDICTION) and unit.bombardment <= 0:
        return Violation("4.2", f"{name} has no air-to-ground factor")
    if box is AirBox.WITHHELD and unit.type is not AirType.DIVE_BOMBER:
        return Violation("4.6", f"{name} is not a Ju-87: only dive bombers are withheld")
    return None


def units_in(ruleset: Ruleset, state: GameState, player: Player, *boxes: AirBox) -> tuple[str, ...]:
    """The air units of `player` in `boxes`, in catalogue order."""
    catalogue = ruleset.catalogue.air
    return tuple(
        air_id
        for air_id, unit in state.air_units.items()
        if unit.box in boxes and catalogue[air_id].player is player
    )
