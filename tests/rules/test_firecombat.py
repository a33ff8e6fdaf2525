"""Fire combat arithmetic (11.4, 12.1): factors, column shifts and DRMs, with the 11.8
comprehensive example's numbers and dice."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.rules.combat.fire import (
    Engagement,
    fire_factors,
    fire_solution,
    retreat_fire_solution,
)
from owsqt.rules.core.actions import PlaceUnits, SetEntrenchment, SetSupply
from owsqt.rules.core.state import InitiativeState
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Entrenchment, Player, Supply
from owsqt.rules.engine import apply
from owsqt.rules.map.gamemap import Terrain
from owsqt.rules.scenario.scenario import initial_state
from tests.conftest import TEST_SCENARIO


def put(ruleset, state, *actions):
    for action in actions:
        state = apply(ruleset, state, action, Mode.FREE).state
    return state


def open_elevated_hex(ruleset):
    """An elevated hex, no feature, with two neighbours not across a river, themselves
    neither elevated nor river-bound to each other's use."""
    game_map = ruleset.game_map
    for hex_, info in sorted(game_map.hexes.items()):
        if info.terrain is not Terrain.ELEVATED or info.features or info.pocket:
            continue
        dry = [
            n
            for _, n in ruleset.grid.neighbours(hex_)
            if n in game_map.hexes and game_map.river_between(hex_, n) is None
        ]
        if len(dry) >= 2:
            return hex_, dry[0], dry[1]
    raise AssertionError("no open elevated hex on the map")


@pytest.fixture
def example(ruleset):
    """The 11.8 example: the 5-5 rifle regiment and the 4-8 AT regiment on elevated
    ground; the 12-10 tank with the 7-10 mechanized infantry in one hex, the 6-12 and
    5-12 motorized infantry in another."""
    target, armored, motorized = open_elevated_hex(ruleset)
    state = initial_state(ruleset.catalogue, TEST_SCENARIO, seed=1)
    state = put(
        ruleset,
        state,
        PlaceUnits(units=("rifle", "at"), to=target),
        PlaceUnits(units=("tank", "mech"), to=armored),
        PlaceUnits(units=("mot6", "mot5"), to=motorized),
    )
    engagement = Engagement(
        attacker=Player.GERMAN,
        target=target,
        attackers=("tank", "mech", "mot6", "mot5"),
        defenders=("rifle", "at"),
        attacker_lead="tank",
        defender_lead="rifle",
    )
    return state, engagement


def test_11_8_the_soviet_fire_uses_the_8_column_unmodified_and_a_10_gives_1_3(ruleset, example):
    state, engagement = example
    # After the bombardment's 1 point the rifle regiment fires with 4, the AT regiment 4.
    state = state.with_unit("rifle", replace(state.units["rifle"], strength=4))
    fire = fire_solution(ruleset, state, engagement, Player.SOVIET, ("rifle", "at"))
    assert fire.total_factors == 8 and fire.column == "8"
    assert fire.shifts == () and fire.drms == ()  # in supply, inferior lead; the AT negates
    assert str(fire.result(ruleset, roll=10)) == "1/3"


def test_11_8_the_german_fire_uses_the_20_column_with_plus_3_and_a_7_gives_2_4(ruleset, example):
    state, engagement = example
    # After its losses (1 mandatory, 3 optional: lead, mech, lead) the Germans fire with 26.
    state = state.with_unit("tank", replace(state.units["tank"], strength=9))
    state = state.with_unit("mech", replace(state.units["mech"], strength=6))
    fire = fire_solution(ruleset, state, engagement, Player.GERMAN, engagement.attackers)
    assert fire.total_factors == 26
    assert [(i.label, i.value, i.rule) for i in fire.shifts] == [("elevated", 1, "11.4")]
    assert fire.column == "20"  # 11.8: "from the 25 column to the 20 column"
    drms = {i.label: (i.value, i.rule) for i in fire.drms}
    assert drms == {"lead unit proficiency": (2, "11.4"), "combined arms": (1, "11.4")}
    assert fire.drm == 3
    assert str(fire.result(ruleset, roll=7)) == "2/4"


def test_11_8_the_retreat_fire_of_11_factors_uses_the_10_column_and_a_5_gives_minus_1(
    ruleset, example
):
    state, _ = example
    fire = retreat_fire_solution(ruleset, state, ("mot6", "mot5"))
    assert fire.total_factors == 11 and fire.column == "10" and fire.drms == ()
    assert str(fire.result(ruleset, roll=5)) == "-/1"


def test_11_4_armor_superiority_needs_armor_on_one_side_and_no_negating_unit_on_the_other(
    ruleset, example
):
    state, engagement = example
    without_at = replace(engagement, defenders=("rifle",))
    fire = fire_solution(ruleset, state, without_at, Player.GERMAN, engagement.attackers)
    assert ("armor superiority", 2, "11.4") in [(i.label, i.value, i.rule) for i in fire.drms]
    soviet = fire_solution(ruleset, state, without_at, Player.SOVIET, ("rifle",))
    assert "armor superiority" not in [i.label for i in soviet.drms]


def test_11_4_combined_arms_needs_armor_and_infantry_in_one_hex(ruleset, example):
    state, engagement = example
    apart = replace(engagement, attackers=("tank", "mot6", "mot5"))
    state = put(ruleset, state, PlaceUnits(units=("mech",), to=state.units["mot6"].hex))
    fire = fire_solution(ruleset, state, apart, Player.GERMAN, apart.attackers)
    assert "combined arms" not in [i.label for i in fire.drms]


def test_15_2_an_entrenched_defender_shifts_the_attackers_fire_one_more_column(ruleset, example):
    state, engagement = example
    state = put(
        ruleset,
        state,
        SetEntrenchment(hex=engagement.target, status=Entrenchment.COMPLETE, owner=Player.SOVIET),
    )
    fire = fire_solution(ruleset, state, engagement, Player.GERMAN, engagement.attackers)
    assert fire.total_shift == 2
    assert ("entrenched", 1, "15.2") in [(i.label, i.value, i.rule) for i in fire.shifts]
    defending = fire_solution(ruleset, state, engagement, Player.SOVIET, ("rifle", "at"))
    assert defending.shifts == ()  # column shifts favour the defender only (11.4)


def test_14_5_a_lead_unit_out_of_supply_costs_its_side_two(ruleset, example):
    state, engagement = example
    state = put(ruleset, state, SetSupply(units=("rifle",), supply=Supply.OUT))
    fire = fire_solution(ruleset, state, engagement, Player.SOVIET, ("rifle", "at"))
    assert [(i.value, i.rule) for i in fire.drms] == [(-2, "14.5")]


def test_6_3_the_initiative_holder_adds_its_drm_to_his_attacks_only(ruleset, example):
    state, engagement = example
    held = InitiativeState(holder=Player.GERMAN, streak=5, determined_turn=state.turn)
    state = replace(state, initiative=held)
    attack = fire_solution(ruleset, state, engagement, Player.GERMAN, engagement.attackers)
    assert ("initiative held turns running", 2, "6.3") in [
        (i.label, i.value, i.rule) for i in attack.drms
    ]
    defence = fire_solution(ruleset, state, engagement, Player.SOVIET, ("rifle", "at"))
    assert "initiative held turns running" not in [i.label for i in defence.drms]


def test_12_1_artillery_alone_fires_with_half_its_factors(ruleset, example):
    state, _ = example
    alone = state.units["tank"].hex  # any free hex: put the artillery by itself
    free = next(
        n
        for _, n in ruleset.grid.neighbours(alone)
        if not state.stack(n) and n in ruleset.game_map.hexes
    )
    state = put(ruleset, state, PlaceUnits(units=("art",), to=free))
    assert [i.value for i in fire_factors(ruleset, state, ("art",))] == [2]  # 4 halved
    state = put(ruleset, state, PlaceUnits(units=("at",), to=free))
    assert [i.value for i in fire_factors(ruleset, state, ("art",))] == [2]  # AT: artillery too
    state = put(ruleset, state, PlaceUnits(units=("rifle",), to=free))
    assert [i.value for i in fire_factors(ruleset, state, ("art",))] == [4]  # escorted
