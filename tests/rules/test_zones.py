"""The areas the rules measure (owsqt/rules/map/zones.py) and the queries that read them:
interdiction (4.5), the Soviet ground attack reach (4.6), the pocket band (5.1, 19.31)
and artillery range with the two-hex limit (12.4), each checked against plain hex
distance."""

from __future__ import annotations

import functools

from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point

from owsqt.rules.combat.artillery import bombardment_problems
from owsqt.rules.combat.targets import (
    GROUND_ATTACK_REACH,
    SPOTTING_LIMIT,
    artillery_range,
    ground_attack_reach,
    spotting_area,
)
from owsqt.rules.core.hexgrid import Hex, distance, hexes_within
from owsqt.rules.core.state import InterdictionZone
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.map.gamemap import MAP_LAYOUT
from owsqt.rules.map.zones import Area, disc, pocket_band, reach, whole_map
from owsqt.rules.movement.interdiction import interdiction_cover
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.session import new_game


@functools.cache
def _set_up(scenario: str):
    ruleset = default_ruleset()
    session = new_game(ruleset, scenario, Mode.STRICT, seed=1)
    session.apply_default_setup()
    return ruleset, session.state


def _brute(game_map, sources, radius):
    return frozenset(
        h for h in game_map.grid.hexes() if any(distance(h, s) <= radius for s in sources)
    )


# --- the Area and its builders ----------------------------------------------------------------


def test_4_5_a_disc_of_radius_five_holds_91_hexes_on_open_map(ruleset):
    game_map = ruleset.game_map
    centre = ruleset.grid.hex_of("3030")
    area = disc(game_map, centre, 5)
    assert len(area) == 91
    assert area.hexes == frozenset(hexes_within(centre, 5))
    assert disc(game_map, centre, 5) is area  # cached: the rule and the overlay share it


def test_4_5_a_disc_is_clipped_at_the_map_edge(ruleset):
    game_map = ruleset.game_map
    corner = ruleset.grid.hex_of("1001")
    area = disc(game_map, corner, 5)
    assert area.hexes == _brute(game_map, [corner], 5)
    assert len(area) < 91 and all(game_map.grid.contains(h) for h in area.hexes)


def test_areas_combine_as_sets_of_hexes(ruleset):
    game_map, hx = ruleset.game_map, ruleset.grid.hex_of
    a, b = disc(game_map, hx("3030"), 3), disc(game_map, hx("3330"), 3)
    assert (a | b).hexes == a.hexes | b.hexes
    assert (a & b).hexes == a.hexes & b.hexes
    assert (a - b).hexes == a.hexes - b.hexes
    assert a & b == Area(game_map, a.hexes & b.hexes)  # equal by their hexes


def test_a_ring_has_one_hole_and_exports_it(ruleset):
    game_map, centre = ruleset.game_map, ruleset.grid.hex_of("3030")
    ring = disc(game_map, centre, 2) - disc(game_map, centre, 0)
    (polygon,) = ring.polygons()
    assert len(polygon.interiors) == 1
    data = ring.to_json()
    assert data["hexes"] == sorted(ruleset.grid.id_of(h) for h in ring.hexes)
    assert len(data["polygons"]) == 1 and len(data["polygons"][0]["holes"]) == 1
    assert Area(game_map, frozenset()).to_json() == {"hexes": [], "polygons": []}


_WINDOW = [Hex.from_axial(q, r) for q in range(30, 38) for r in range(8, 16)]


@settings(max_examples=40, deadline=None)
@given(st.sets(st.sampled_from(_WINDOW), max_size=30))
def test_an_areas_outline_holds_the_centre_of_each_of_its_hexes_and_no_other(ruleset, chosen):
    game_map = ruleset.game_map
    area = Area(game_map, frozenset(h for h in chosen if game_map.grid.contains(h)))
    shape = area.shape
    for hex_ in _WINDOW:
        centre = Point(MAP_LAYOUT.center(hex_))
        assert shape.contains(centre) == (hex_ in area), hex_


def test_reach_is_every_hex_within_the_radius_of_any_source(ruleset):
    game_map, hx = ruleset.game_map, ruleset.grid.hex_of
    sources = [hx("1001"), hx("2020"), hx("2123"), hx("4855")]
    assert reach(game_map, sources, 4).hexes == _brute(game_map, sources, 4)
    assert not reach(game_map, [], 4)


def test_5_1_the_pocket_band_is_the_hexes_outside_within_n_of_the_pocket(ruleset):
    game_map = ruleset.game_map
    pocket = game_map.pocket
    assert pocket
    band = pocket_band(game_map, 5)
    assert band.hexes == _brute(game_map, pocket, 5) - pocket
    assert pocket_band(game_map, 10).hexes > band.hexes


# --- 4.5 interdiction -------------------------------------------------------------------------


def test_4_5_overlapping_interdiction_zones_add_their_penalties(ruleset):
    hx = ruleset.grid.hex_of
    zones = (InterdictionZone(hx("3030"), 2, 1), InterdictionZone(hx("3330"), 1, 1))
    cover = interdiction_cover(ruleset.game_map, zones)
    both, first_only, neither = hx("3130"), hx("2630"), hx("3020")
    assert cover.penalty(both) == 3
    assert cover.penalty(first_only) == 2 and cover.penalty(neither) == 0
    # Moving from the first zone into both enters only the second.
    assert cover.entering(first_only, both) == 1
    assert cover.entering(both, first_only) == 0
    assert cover.entering(neither, both) == 3
    assert cover.either(first_only, neither) == 2
    assert [a.hexes for a in cover.areas] == [
        disc(ruleset.game_map, z.center, 5).hexes for z in zones
    ]


def test_4_5_a_zone_holds_the_hexes_five_away_and_overlaps_add_on_hand_counted_hexes(ruleset):
    """The 4.5 example's zone (2538, "a five hex radius", one MP) and a zone of two MP at
    2548, ten hexes down the same column: they meet on 2543 alone. Distances are counted
    by hand along column 25 (one hex per row) and along row 38 (one hex per column)."""
    hx = ruleset.grid.hex_of
    zones = (InterdictionZone(hx("2538"), 1, 1, 5), InterdictionZone(hx("2548"), 2, 1, 5))
    cover = interdiction_cover(ruleset.game_map, zones)
    penalties = {
        "2533": 1,  # five rows up from 2538: the zone's edge
        "2532": 0,  # six rows up
        "2542": 1,  # four from 2538, six from 2548
        "2543": 3,  # five from each: both zones, 1 + 2
        "2544": 2,  # six from 2538, four from 2548
        "2553": 2,  # five rows down from 2548
        "2554": 0,
        "3038": 1,  # five columns east of 2538 along row 38
        "3138": 0,  # six columns east
        "2038": 1,  # five columns west
    }
    assert {h: cover.penalty(hx(h)) for h in penalties} == penalties
    entering = {
        ("2532", "2533"): 1,  # into the 2538 zone
        ("2542", "2543"): 2,  # into the 2548 zone, already in the other
        ("2544", "2543"): 1,  # into the 2538 zone, already in the other
        ("2543", "2544"): 0,  # leaving one zone enters none
        ("3138", "3038"): 1,
    }
    assert {k: cover.entering(hx(k[0]), hx(k[1])) for k in entering} == entering
    either = {("2542", "2544"): 3, ("2533", "2532"): 1, ("2532", "3138"): 0}
    assert {k: cover.either(hx(k[0]), hx(k[1])) for k in either} == either


# --- 4.6 ground attack reach ------------------------------------------------------------------


def test_4_6_the_soviet_reach_is_every_hex_within_five_of_a_soviet_unit():
    ruleset, state = _set_up("we-are-coming")
    soviet = [
        h
        for h, stack in state.stacks.items()
        if ruleset.catalogue.ground[stack[0]].player is Player.SOVIET
    ]
    area = ground_attack_reach(ruleset, state, Player.SOVIET)
    assert area.hexes == _brute(ruleset.game_map, soviet, GROUND_ATTACK_REACH)
    assert ground_attack_reach(ruleset, state, Player.GERMAN) == whole_map(ruleset.game_map)


# --- 12.4 artillery range and the two-hex limit -----------------------------------------------


def _guns(ruleset, state):
    return [
        u
        for u, unit in sorted(state.units.items())
        if unit.hex is not None and ruleset.catalogue.ground[u].range is not None
    ]


def test_12_4_the_range_area_is_where_the_rule_finds_the_target_in_range():
    ruleset, state = _set_up("we-are-coming")
    for gun in _guns(ruleset, state)[:6]:
        area = artillery_range(ruleset, state, gun)
        weapon_range = ruleset.catalogue.ground[gun].range
        assert area.hexes == _brute(ruleset.game_map, [state.units[gun].hex], weapon_range)
        for hex_ in disc(ruleset.game_map, state.units[gun].hex, weapon_range + 1).hexes:
            beyond = any(
                "beyond" in v.message for v in bombardment_problems(ruleset, state, gun, hex_)
            )
            assert beyond == (hex_ not in area)


def test_12_4_the_two_hex_limit_is_where_the_rule_finds_a_friendly_unit_near():
    ruleset, state = _set_up("we-are-coming")
    gun = _guns(ruleset, state)[0]
    player = ruleset.catalogue.ground[gun].player
    area = spotting_area(ruleset, state, player)
    own = [
        h
        for h, stack in state.stacks.items()
        if ruleset.catalogue.ground[stack[0]].player is player
    ]
    assert area.hexes == _brute(ruleset.game_map, own, SPOTTING_LIMIT)
    for hex_ in artillery_range(ruleset, state, gun).hexes:
        unspotted = any(
            "no friendly unit within" in v.message
            for v in bombardment_problems(ruleset, state, gun, hex_)
        )
        assert unspotted == (hex_ not in area)
