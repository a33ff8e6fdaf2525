"""A campaign state at the start of a Stalingrad Pocket Phase, every counter off the map,
and small helpers for the Operation Thunderclap tests (5.1)."""

from __future__ import annotations

from dataclasses import replace

from owsqt.rules.core.actions import Action, MoveStack
from owsqt.rules.core.dice import DiceState
from owsqt.rules.core.state import GameState, ThunderclapState
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, ThunderclapStatus, UnitStatus
from owsqt.rules.engine import apply, judge
from owsqt.rules.movement.stackmove import stack_move
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.scenario.scenario import initial_state

GERMAN = Player.GERMAN
SIXTH_HQ, CORPS_HQ = "de-14pz-hq", "de-57pzk-hq"
PANZER_1, PANZER_2, GRENADIERS, SIXTH_HQ_6PZ = (
    "de-6pz-11pzr-1",  # 5 stacking points
    "de-6pz-11pzr-2",  # 5
    "de-6pz-114pgr-2",  # 4
    "de-6pz-hq",  # 2
)
LANGENTHAL = "de-6a-langenthal"
SIXTH_ARMY = (
    "de-14pz-hq",
    "de-6a-langenthal",
    "de-29mot-129pza",
    "de-14pz-103pgr-kg",
    "de-29mot-15ir-kg",
    "de-29mot-71ir-kg",
    "de-14pz-4ar-1",
)
# Hexes by their distance to the nearest pocket hex, on the relief's side of the Don.
AT_10 = ("2008", "2009", "2010", "2011")
AT_11 = "1910"
AT_5, AT_6 = "2507", "2407"
POCKET = ("3104", "3105", "3106", "3107")


def pocket_phase(rules: Ruleset, turn: int = 2, script: tuple[int, ...] = ()) -> GameState:
    """The campaign on `turn`, its Operation Thunderclap Initiation Segment, counters
    off the map, the dice scripted."""
    state = initial_state(rules.catalogue, rules.scenarios["operation-winter-storm"], seed=5)
    for unit_id in SIXTH_ARMY:  # 19.32 f: set up in the force pool
        state = state.with_unit(
            unit_id, replace(state.units[unit_id], status=UnitStatus.FORCE_POOL)
        )
    return replace(
        state,
        turn=turn,
        phase=Phase.STALINGRAD_POCKET,
        segment=Segment.THUNDERCLAP_INITIATION,
        active=GERMAN,
        dice=DiceState(5, script=script),
    )


def on(rules: Ruleset, state: GameState, unit_id: str, hex_id: str) -> GameState:
    unit = replace(state.units[unit_id], status=UnitStatus.ON_MAP, hex=rules.grid.hex_of(hex_id))
    return state.with_unit(unit_id, unit)


def eligible(rules: Ruleset, state: GameState) -> GameState:
    """12 stacking points of the 57th Panzer Corps exactly 10 hexes from the pocket."""
    for unit_id, hex_id in zip((PANZER_1, PANZER_2, SIXTH_HQ_6PZ), AT_10, strict=False):
        state = on(rules, state, unit_id, hex_id)
    return state


def activated(rules: Ruleset, state: GameState) -> GameState:
    """Thunderclap active since this turn, in the Sixth Army Activation Segment."""
    thunderclap = ThunderclapState(ThunderclapStatus.ACTIVE, activated_turn=state.turn)
    return replace(state, segment=Segment.SIXTH_ARMY_ACTIVATION, thunderclap=thunderclap)


def act(rules: Ruleset, state: GameState, action: Action) -> GameState:
    outcome = apply(rules, state, action, Mode.STRICT)
    assert outcome.applied, outcome.verdict
    return outcome.state


def refused(rules: Ruleset, state: GameState, action: Action) -> list[str]:
    verdict = judge(rules, state, action)
    assert not verdict.legal
    return [f"{v.rule} {v.message}" for v in verdict.violations]


def move_to(rules: Ruleset, state: GameState, units: tuple[str, ...], hex_id: str) -> MoveStack:
    """A move of `units` to `hex_id` by its cheapest path."""
    reach = stack_move(rules, state, units).reach()
    return MoveStack(
        player=GERMAN, units=units, path=tuple(reach.path_to(rules.grid.hex_of(hex_id)))
    )
