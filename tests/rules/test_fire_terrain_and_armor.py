"""Column shifts of cities and villages and the units that negate armor superiority
(11.4, TEC), read off the fire the engine resolves in a prepared attack played in STRICT
mode on the movement kit's counters."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.rules.core.actions import ContinueCombat, Defend, Fire, PlaceUnits, PreparedAttack
from owsqt.rules.core.dice import DiceState
from owsqt.rules.core.events import FireResolved
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.data.units import UnitCatalogue, UnitType
from owsqt.rules.map.gamemap import HexFeature, Terrain
from tests.rules.combatkit import act
from tests.rules.movekit import OPEN, at_step, hx, kit_ruleset, kit_state, put

GERMAN, SOVIET = Player.GERMAN, Player.SOVIET


@pytest.fixture(scope="module")
def kit(ruleset):
    """The movement kit with a German self-propelled antitank and a German and a Soviet
    antiaircraft battalion, built on the filler counters."""
    rules = kit_ruleset(ruleset)
    ground = dict(rules.catalogue.ground)
    for unit_id, base, name, unit_type in (
        ("gspat", "gfill2", "Pz Jg Abt (6-6)", UnitType.SELF_PROPELLED_ANTITANK),
        ("gflak", "gfill3", "Flak Abt (6-6)", UnitType.ANTIAIRCRAFT),
        ("sflak", "sfill2", "AA Rgt (5-5)", UnitType.ANTIAIRCRAFT),
    ):
        ground[unit_id] = replace(ground[base], id=unit_id, name=name, type=unit_type)
    catalogue = UnitCatalogue(ground, rules.catalogue.air, rules.catalogue.formations)
    return replace(rules, catalogue=catalogue)


def fire_of_both_sides(rules, state, attack, defender_lead, hold_first_fire=False):
    """Play `attack` (in STRICT mode, the die scripted to 1s): the defender names his lead
    and fires first at the attacking hex (or holds his fire), then the attacker fires.
    The FireResolved events of the fires, in order."""
    attacker = rules.catalogue.ground[attack.lead].player
    state = replace(state, dice=DiceState(seed=1, script=(1, 1)))
    state, _ = act(rules, state, attack, attacker)
    state, _ = act(rules, state, Defend(lead=defender_lead), attacker.opponent)
    attacking = state.units[attack.lead].hex
    first = ContinueCombat() if hold_first_fire else Fire(at=attacking)
    state, first_events = act(rules, state, first, attacker.opponent)
    state, second_events = act(rules, state, Fire(), attacker)
    return [e for e in (*first_events, *second_events) if isinstance(e, FireResolved)]


@pytest.mark.parametrize(
    ("hex_id", "terrain", "features", "column"),
    [
        (OPEN, Terrain.CLEAR, set(), "12"),
        ("2443", Terrain.CLEAR, {HexFeature.VILLAGE}, "10"),  # one column left
        ("1652", Terrain.CLEAR, {HexFeature.CITY}, "8"),  # two columns left
        ("4733", Terrain.ELEVATED, {HexFeature.VILLAGE}, "8"),  # 1 + 1: "additive"
    ],
)
def test_11_4_a_village_shifts_the_attackers_fire_one_column_a_city_two_and_terrain_adds_up(
    kit, hex_id, terrain, features, column
):
    """The 12-10 tank battalion attacks a rifle regiment from a clear hex beside it, not
    across a river: its 12 factors fire on the 12 column less the defender's terrain."""
    target = hx(kit, hex_id)
    game_map = kit.game_map
    assert game_map.terrain(target) is terrain and game_map.hexes[target].features == features
    beside = next(
        n
        for _, n in kit.grid.neighbours(target)
        if n in game_map.hexes
        and game_map.river_between(target, n) is None
        and not game_map.hexes[n].features
    )
    state = put(
        kit,
        kit_state(kit),
        PlaceUnits(units=("sfill1",), to=target),
        PlaceUnits(units=("tank",), to=beside),
    )
    state = at_step(state, Segment.MECHANIZED_COMBAT, GERMAN)
    attack = PreparedAttack(target=target, units=("tank",), lead="tank")
    (german,) = fire_of_both_sides(kit, state, attack, "sfill1", hold_first_fire=True)
    assert (german.what, german.factors, german.column) == ("German fire", 12, column)


@pytest.mark.parametrize(("second", "soviet_drm"), [("gfill2", 3), ("gspat", 1), ("gflak", 1)])
def test_11_4_german_self_propelled_antitank_and_antiaircraft_units_negate_armor_superiority(
    kit, second, soviet_drm
):
    """A Soviet tank brigade (proficiency 6) attacks a German infantry battalion
    (proficiency 5, the lead) stacked with a second unit: the Soviet fire takes +1 for
    proficiency and +2 for armor superiority unless that unit is a self-propelled
    antitank or antiaircraft unit. Neither generates the superiority itself: the German
    fire has no DRM."""
    target, attacking = hx(kit, OPEN), hx(kit, "3444")
    state = put(
        kit,
        kit_state(kit),
        PlaceUnits(units=("gfill1", second), to=target),
        PlaceUnits(units=("stank",), to=attacking),
    )
    state = at_step(state, Segment.MECHANIZED_COMBAT, SOVIET)
    attack = PreparedAttack(target=target, units=("stank",), lead="stank")
    german, soviet = fire_of_both_sides(kit, state, attack, "gfill1")
    assert (german.what, german.drm) == ("German fire", 0)
    assert (soviet.what, soviet.drm) == ("Soviet fire", soviet_drm)


@pytest.mark.parametrize(("second", "german_drm"), [("sfill2", 4), ("sflak", 4), ("at", 2)])
def test_11_4_soviet_antiaircraft_units_do_not_negate_armor_superiority(kit, second, german_drm):
    """Reading 180: the German tank battalion (proficiency 8) attacks a rifle regiment
    (proficiency 5) stacked with a second unit: +2 for proficiency and +2 for armor
    superiority, which a Soviet antitank regiment negates and a Soviet antiaircraft
    regiment does not."""
    target, attacking = hx(kit, OPEN), hx(kit, "3444")
    state = put(
        kit,
        kit_state(kit),
        PlaceUnits(units=("sfill1", second), to=target),
        PlaceUnits(units=("tank",), to=attacking),
    )
    state = at_step(state, Segment.MECHANIZED_COMBAT, GERMAN)
    attack = PreparedAttack(target=target, units=("tank",), lead="tank")
    _, german = fire_of_both_sides(kit, state, attack, "sfill1")
    assert (german.what, german.drm) == ("German fire", german_drm)
