"""Operation Thunderclap's initiation (5.1): when it may be attempted, and the roll.

- It may be attempted once per game, in the Operation Thunderclap Initiation Segment, when
  at least 12 stacking points of the 57th Panzer Corps (units whose formation chain
  reaches it) stand within 10 hexes of the pocket: on a hex outside the pocket at most 10
  hexes from its nearest pocket hex (`pocket_band`, as for 19.31 d). The condition is
  measured on the state the segment finds; nothing moves before the roll (reading 91).
- One die on the Initiation Table (resources/rules/thunderclap.yaml), +1 when any German
  unit (German Army or Luftwaffe, not Rumanian: reading 170) other than the Sixth Army's
  stands within 5 hexes of the pocket: denied for good, or the Sixth Army units are
  activated this turn (reading 92). Declining is ending the segment without a roll.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from owsqt.rules.core.actions import AttemptThunderclap
from owsqt.rules.core.events import Event, ThunderclapRolled
from owsqt.rules.core.rolls import roll_die
from owsqt.rules.core.state import GameState, ThunderclapState
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.verdict import Violation
from owsqt.rules.core.vocabulary import Player, ThunderclapStatus, UnitStatus
from owsqt.rules.map.zones import pocket_band
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.turn.formations import is_sixth_army
from owsqt.rules.turn.sequence import wrong_player

RELIEF_CORPS = "de-57pzk"  # 5.1: the 57th Panzer Corps and every formation under it


@dataclass(frozen=True, slots=True)
class Readiness:
    """[5.1] What the initiation condition and the modifier measure now."""

    corps_points: int  # stacking points of 57th Panzer Corps units within 10 hexes
    needed: int  # 12
    within: int  # 10
    near_unit: str | None  # a German unit within 5 hexes of the pocket, if any
    near_within: int  # 5
    drm: int  # +1 with such a unit

    @property
    def eligible(self) -> bool:
        return self.corps_points >= self.needed

    def activation_chance(self, low: int) -> int:
        """In percent: the rolls of 1-10 that, modified, reach `low` (the first
        activating result)."""
        return 10 * sum(1 for roll in range(1, 11) if roll + self.drm >= low)


def in_relief_corps(ruleset: Ruleset, unit_id: str) -> bool:
    """[5.1] A unit of the 57th Panzer Corps: its formation chain reaches it."""
    catalogue = ruleset.catalogue
    chain = catalogue.formation_chain(catalogue.ground[unit_id].formation)
    return any(f.id == RELIEF_CORPS for f in chain)


def readiness(ruleset: Ruleset, state: GameState) -> Readiness:
    """[5.1] The stacking points of the 57th Panzer Corps within 10 hexes of the pocket,
    and the first German unit (by id) within 5 hexes of it, Sixth Army units aside; a
    Rumanian unit is no German unit (reading 170)."""
    table = ruleset.tables.thunderclap
    catalogue = ruleset.catalogue.ground
    band = pocket_band(ruleset.game_map, table.eligibility_within_hexes)
    near = pocket_band(ruleset.game_map, table.near_pocket_hexes)
    points, near_unit = 0, None
    for unit_id in sorted(state.units):
        unit = state.units[unit_id]
        definition = catalogue[unit_id]
        if unit.status is not UnitStatus.ON_MAP or definition.player is not Player.GERMAN:
            continue
        if unit.hex in band and in_relief_corps(ruleset, unit_id):
            points += definition.stacking_value(unit.reduced)
        if (
            near_unit is None
            and unit.hex in near
            and definition.german
            and not is_sixth_army(ruleset, unit_id)
        ):
            near_unit = unit_id
    drm = table.drm(german_unit_near_pocket=near_unit is not None)
    return Readiness(
        points,
        table.eligibility_stacking_points,
        table.eligibility_within_hexes,
        near_unit,
        table.near_pocket_hexes,
        drm,
    )


def attempt_violations(ruleset: Ruleset, state: GameState) -> list[Violation]:
    """[5.1] Why Thunderclap may not be attempted now (the step is the table's, 3.1)."""
    status = state.thunderclap.status
    if status is not ThunderclapStatus.NOT_ATTEMPTED:
        return [Violation("5.1", f"Thunderclap is attempted once per game; it is {status.value}")]
    ready = readiness(ruleset, state)
    if ready.eligible:
        return []
    return [
        Violation(
            "5.1",
            f"{ready.needed} stacking points of the 57th Panzer Corps must be within "
            f"{ready.within} hexes of the pocket; {ready.corps_points} are",
        )
    ]


def may_attempt(ruleset: Ruleset, state: GameState) -> bool:
    """[5.1] Whether the German player may roll for Thunderclap now."""
    return state.segment is Segment.THUNDERCLAP_INITIATION and not attempt_violations(
        ruleset, state
    )


def _judge(ruleset: Ruleset, state: GameState, action: AttemptThunderclap) -> list[Violation]:
    violations = []
    if action.player is not None and action.player is not Player.GERMAN:
        violations.append(Violation("5.1", "only the German player attempts Thunderclap"))
    wrong = wrong_player(state, action.player, "only that player rolls")
    if wrong:
        violations.append(wrong)
    return [*violations, *attempt_violations(ruleset, state)]


def _resolve(
    ruleset: Ruleset, state: GameState, action: AttemptThunderclap
) -> tuple[GameState, list[Event]]:
    ready = readiness(ruleset, state)
    roll, state, rolled = roll_die(state, "5.1 Operation Thunderclap", Player.GERMAN)
    table = ruleset.tables.thunderclap
    outcome = table.outcome(roll, german_unit_near_pocket=ready.near_unit is not None)
    if outcome.activated:
        thunderclap = ThunderclapState(ThunderclapStatus.ACTIVE, activated_turn=state.turn)
    else:
        thunderclap = ThunderclapState(ThunderclapStatus.DENIED)
    state = replace(state, thunderclap=thunderclap)
    return state, [rolled, ThunderclapRolled(roll, ready.drm, outcome.activated, outcome.text)]


HANDLERS = {AttemptThunderclap: (_judge, _resolve)}
