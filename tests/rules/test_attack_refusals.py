"""Attacks and bombardments the engine refuses whoever attacks (8.2, TEC, 7.1, 12.4),
played through the engine in STRICT mode with the rule and the unit each names."""

from __future__ import annotations

from owsqt.rules.core.actions import Bombard, Defend, HastyAttack, PlaceUnits, PreparedAttack
from owsqt.rules.core.hexgrid import distance
from owsqt.rules.core.steps import CombatStep, Segment
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.map.gamemap import RiverClass
from tests.rules.combatkit import COMBAT, act, combat_rules, example_board, refused
from tests.rules.movekit import OPEN, at_step, hx, kit_ruleset, kit_state, put

GERMAN, SOVIET = Player.GERMAN, Player.SOVIET


def test_8_2_no_hasty_or_prepared_attack_across_the_don(ruleset):
    """The tank on 1511 and the rifle regiment on 1611, the Don between them: the Terrain
    Effects Chart prohibits combat across a major river, and a hasty attack would enter
    the defender's hex across it (8.2)."""
    rules = kit_ruleset(ruleset)
    west, east = hx(rules, "1511"), hx(rules, "1611")
    river = rules.game_map.river_between(west, east)
    assert river.name == "Don" and river.river is RiverClass.MAJOR and not river.bridge
    state = put(
        rules,
        kit_state(rules),
        PlaceUnits(units=("tank",), to=west),
        PlaceUnits(units=("rifle",), to=east),
    )
    across = ("8.2", f"{rules.unit_name('tank')} may not attack across the Don")
    moving = at_step(state, Segment.MECHANIZED_MOVEMENT, GERMAN)
    hasty = HastyAttack(target=east, units=("tank",), lead="tank")
    assert refused(rules, moving, hasty, GERMAN) == [
        across,
        (
            "8.2",
            "a hasty attack enters the defender's hex: no unit may cross the Don, bridges included",
        ),
    ]
    fighting = at_step(state, Segment.MECHANIZED_COMBAT, GERMAN)
    prepared = PreparedAttack(target=east, units=("tank",), lead="tank")
    assert refused(rules, fighting, prepared, GERMAN) == [across]


def test_7_1_a_unit_fights_only_in_its_formations_combat_segment(ruleset):
    """A battalion of the non-mechanized infantry division joins the panzer battalion's
    prepared attack in the mechanized combat segment: it alone is refused."""
    rules = kit_ruleset(ruleset)
    target = hx(rules, "3444")
    state = put(
        rules,
        kit_state(rules),
        PlaceUnits(units=("tank", "gfill1"), to=hx(rules, OPEN)),
        PlaceUnits(units=("rifle",), to=target),
    )
    state = at_step(state, Segment.MECHANIZED_COMBAT, GERMAN)
    attack = PreparedAttack(target=target, units=("tank", "gfill1"), lead="tank")
    assert refused(rules, state, attack, GERMAN) == [
        ("7.1", f"{rules.unit_name('gfill1')} fights in the other combat segment")
    ]


def test_12_4_headquarters_units_may_not_be_bombarded(ruleset):
    """The 11.8 example turned round: the rifle and antitank regiments attack the tank
    stack, with the 57th Panzer Corps HQ on it, supported by the 4(3)4 artillery
    regiment two hexes away. The gun may bombard the mechanized battalion, not the HQ."""
    rules = combat_rules(ruleset)
    state, target, armored, motorized = example_board(rules)
    state = put(rules, state, PlaceUnits(units=("hq57",), to=armored))
    gun_hex = min(
        h
        for h in rules.game_map.hexes
        if distance(h, armored) == 2
        and distance(h, target) <= 2
        and distance(h, motorized) > 1
        and not state.stack(h)
    )
    state = put(rules, state, PlaceUnits(units=("art",), to=gun_hex))
    state = at_step(state, COMBAT, SOVIET)
    attack = PreparedAttack(target=armored, units=("rifle", "at"), lead="rifle", artillery=("art",))
    state, _ = act(rules, state, attack, SOVIET)
    state, _ = act(rules, state, Defend(lead="tank"), GERMAN)
    assert state.combat.step is CombatStep.OFFENSIVE_BOMBARDMENT
    at_hq = Bombard(units=("art",), target_unit="hq57")
    assert refused(rules, state, at_hq, SOVIET) == [
        ("12.4", "headquarters units may not be bombarded")
    ]
    act(rules, state, Bombard(units=("art",), target_unit="mech"), SOVIET)
