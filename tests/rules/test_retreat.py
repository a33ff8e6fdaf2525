"""Retreats after combat (owsqt/rules/combat/retreat.py, 11.7) on the real map: the paths a stack
may take, what each costs, and why a stack cannot retreat."""

from __future__ import annotations

from itertools import pairwise

import pytest

from owsqt.rules.combat.retreat import Blocked, BridgeLoss, ZocEntry, retreat_paths
from owsqt.rules.core.actions import PlaceUnits, SetBridge, SetInterdiction, SetMarker
from owsqt.rules.core.hexgrid import Hexside, distance, neighbour
from owsqt.rules.core.vocabulary import BridgeState, Player, UnitMarker
from owsqt.rules.map.gamemap import RiverClass
from owsqt.rules.movement.zoc import zoc_of
from tests.rules.movekit import OPEN, hx, kit_ruleset, kit_state, put

# The 11.8 example on an elevated hex: the 5-5 rifle and 4-8 antitank regiments on 4444,
# the 6-12 and 5-12 motorized battalions south-east of it, the tank and mechanized
# battalions north-west of it. Soviet supply lies east (14.2).
EXAMPLE = {"4444": ("rifle", "at"), "4545": ("mot6", "mot5"), "4344": ("tank", "mech")}


@pytest.fixture(scope="module")
def rules(ruleset):
    return kit_ruleset(ruleset)


def scene(rules, where, *actions):
    """A state with units placed by hex id, then `actions` applied (free play)."""
    state = kit_state(rules)
    for hex_id, units in where.items():
        state = put(rules, state, PlaceUnits(units=units, to=hx(rules, hex_id)))
    return put(rules, state, *actions)


def retreat(rules, state, units, hexes, *firing_ids):
    return retreat_paths(rules, state, units, hexes, firing=tuple(hx(rules, i) for i in firing_ids))


def ids(rules, hexes):
    return [rules.grid.id_of(h) for h in hexes]


def firsts(rules, options):
    return {rules.grid.id_of(p.hexes[0]) for p in options.paths}


# --- measured from the firing units -------------------------------------------------------


def test_11_7_each_step_takes_the_stack_one_hex_farther_from_the_firing_unit(rules):
    state = scene(rules, {OPEN: ("rifle",), "3444": ("tank",)})
    options = retreat(rules, state, ("rifle",), 3, "3444")
    assert options.paths and options.blocked is None
    firing = hx(rules, "3444")
    for path in options.paths:
        assert path.length == 3 and not path.extended and not path.off_map
        assert [distance(firing, h) for h in path.hexes] == [2, 3, 4]


def test_11_7_a_retreat_slips_past_one_firing_hex_but_never_comes_nearer_to_one(rules):
    state = scene(rules, EXAMPLE)
    options = retreat(rules, state, ("rifle", "at"), 4, "4545", "4344")
    origins = (hx(rules, "4545"), hx(rules, "4344"))
    for path in options.paths:
        hexes = (path.start, *path.hexes)
        for a, b in pairwise(hexes):
            assert all(distance(f, b) >= distance(f, a) for f in origins)
        assert any([distance(f, h) for h in path.hexes] == [2, 3, 4, 5] for f in origins)
    # 4445 then 4546 both touch the motorized battalions' hex, measured from the tank's.
    assert ["4445", "4546", "4646", "4747"] in [ids(rules, p.hexes) for p in options.paths]


def test_11_7_a_retreat_comes_no_nearer_to_any_hex_that_fired(rules):
    state = scene(rules, {OPEN: ("rifle",), "3444": ("tank",)})
    gun = hx(rules, "3646")  # a hex two away that fired too (no unit: no ZOC in the way)
    assert distance(gun, hx(rules, OPEN)) == 2
    alone = retreat(rules, state, ("rifle",), 2, "3444")
    assert any(distance(gun, h) < 2 for p in alone.paths for h in p.hexes)
    both = retreat(rules, state, ("rifle",), 2, "3444", "3646")
    assert both.paths and all(distance(gun, h) >= 2 for p in both.paths for h in p.hexes)


# --- enemy zones of control -----------------------------------------------------------------


def test_11_7_units_retreat_through_an_enemy_zoc_only_if_no_other_path_is_available(rules):
    alone = scene(rules, {OPEN: ("rifle",), "3444": ("tank",)})
    guarded = scene(rules, {OPEN: ("rifle",), "3444": ("tank",), "3447": ("mot6",)})
    zone = zoc_of(rules, guarded, Player.GERMAN) - zoc_of(rules, alone, Player.GERMAN)
    open_paths = retreat(rules, alone, ("rifle",), 2, "3444").paths
    assert any(h in zone for p in open_paths for h in p.hexes)  # the mot6 closes some
    options = retreat(rules, guarded, ("rifle",), 2, "3444")
    assert options.paths and not options.through_zoc
    assert all(not p.zoc_entries and not set(p.hexes) & zone for p in options.paths)


def test_11_7_11_8_example_the_4_hex_retreat_has_to_enter_the_zoc_of_the_motorized_battalions(
    rules,
):
    state = scene(rules, EXAMPLE)
    assert rules.game_map.terrain(hx(rules, "4444")).value == "elevated"
    options = retreat(rules, state, ("rifle", "at"), 4, "4545", "4344")
    # Every path enters a German ZOC; those past the tanks lead west, away from supply.
    assert options.through_zoc and options.toward_supply
    assert all(p.firers == ("mot6", "mot5") for p in options.paths)
    best = options.paths[0]
    assert ids(rules, best.hexes) == ["4544", "4643", "4743", "4842"]
    assert best.zoc_entries == (ZocEntry(hx(rules, "4544"), ("mot6", "mot5")),)
    assert best.length == 4 and best.end == hx(rules, "4842") and best.strength_loss == 0


def test_11_7_12_4_13_0_artillery_fires_at_a_retreating_stack_disrupted_units_and_hqs_do_not(
    rules,
):
    where = {**EXAMPLE, "4545": ("mot6", "mot5", "gart", "hq57")}
    state = scene(rules, where)
    assert retreat(rules, state, ("rifle", "at"), 4, "4545", "4344").paths[0].firers == (
        "mot6",
        "mot5",
        "gart",
    )
    state = put(rules, state, SetMarker(units=("mot5",), marker=UnitMarker.DISRUPTED, on=True))
    assert retreat(rules, state, ("rifle", "at"), 4, "4545", "4344").paths[0].firers == (
        "mot6",
        "gart",
    )


def test_11_7_a_retreat_may_not_end_in_an_enemy_zoc_and_goes_on_beyond_the_result(rules):
    state = scene(rules, EXAMPLE)
    zone = zoc_of(rules, state, Player.GERMAN)
    options = retreat(rules, state, ("rifle", "at"), 1, "4545", "4344")
    assert options.paths
    for path in options.paths:
        assert path.extended and path.length > 1 and path.required == 1
        assert path.end not in zone  # out at last
        assert all(h in zone for h in path.hexes[:-1])  # and not a hex farther
    assert ["4544", "4643"] in [ids(rules, p.hexes) for p in options.paths]


# --- terrain ----------------------------------------------------------------------------------


def test_8_2_11_7_units_never_retreat_across_the_don_bridges_included(rules):
    start = hx(rules, "1412")
    for side in (1, 6):  # north and north-west of 1412: the Don
        river = rules.game_map.river_between(start, neighbour(start, side))
        assert river is not None and river.river is RiverClass.MAJOR
    don = Hexside.at(start, 1)
    for actions in ((), (SetBridge(hexside=don, state=BridgeState.BUILT),)):
        state = scene(rules, {"1412": ("tank",), "1413": ("rifle",)}, *actions)
        options = retreat(rules, state, ("tank",), 1, "1413")
        assert firsts(rules, options) == {rules.grid.id_of(neighbour(start, 2))}


def test_11_7_terrain_that_prevents_a_retreat_leaves_no_path_and_says_why(rules):
    start = hx(rules, "1119")  # the Don north, south-west and north-west
    firing = neighbour(start, 3)
    state = scene(rules, {"1119": ("tank",), rules.grid.id_of(firing): ("rifle",)})
    options = retreat(rules, state, ("tank",), 1, rules.grid.id_of(firing))
    assert not options and options.paths == ()
    assert options.blocked is Blocked.TERRAIN
    assert options.reason.startswith("11.7") and "disrupted" in options.reason


def test_11_7_a_surrounded_stack_has_no_path_and_must_make_a_proficiency_check(rules):
    start = hx(rules, OPEN)
    behind = [rules.grid.id_of(neighbour(start, side)) for side in (4, 3, 5)]
    where = {
        OPEN: ("rifle",),
        "3444": ("tank",),
        **dict(zip(behind, [("mech",), ("mot6",), ("mot5",)], strict=True)),
    }
    options = retreat(rules, scene(rules, where), ("rifle",), 1, "3444")
    assert options.blocked is Blocked.SURROUNDED
    assert "proficiency check" in options.reason


def test_8_2_11_7_soviet_units_never_retreat_into_the_pocket(rules):
    pocket = rules.game_map.pocket
    start = hx(rules, "4512")
    assert all(neighbour(start, side) in pocket for side in (1, 2, 6))
    soviet = scene(rules, {"4512": ("rifle",), "4513": ("tank",)})
    assert retreat(rules, soviet, ("rifle",), 1, "4513").blocked is Blocked.TERRAIN
    german = scene(rules, {"4512": ("tank",), "4513": ("rifle",)})
    entered = firsts(rules, retreat(rules, german, ("tank",), 1, "4513"))
    assert entered and entered <= {rules.grid.id_of(h) for h in pocket}


def test_11_7_armor_and_artillery_lose_1_sp_per_unbridged_minor_river_for_the_whole_stack(rules):
    start = hx(rules, "2332")
    for side in (1, 2, 6):  # the Aksai to the north, north-east and north-west
        river = rules.game_map.river_between(start, neighbour(start, side))
        assert river.name == "Aksai" and not river.bridge
    cases = {
        ("tank", "mech"): 1,  # armor class, once for the stack
        ("mot6",): 0,  # infantry class
        ("rifle",): 0,
        ("at",): 1,  # artillery class
        ("rifle", "at"): 1,
    }
    for units, loss in cases.items():
        enemy = ("rifle",) if units[0] in ("tank", "mot6") else ("tank",)
        state = scene(rules, {"2332": units, "2333": enemy})
        options = retreat(rules, state, units, 1, "2333")
        assert options.paths
        for path in options.paths:
            assert len(path.minor_rivers) == 1 and path.river_loss == loss
            assert path.strength_loss == loss


def test_11_7_16_2_a_bridge_costs_nothing_but_in_an_interdiction_zone_its_penalty(rules):
    start, across = hx(rules, "3815"), hx(rules, "3915")  # a bridge north-east of 3815
    bridge = Hexside.between(start, across)
    assert rules.game_map.rivers[bridge].bridge and neighbour(start, 2) == across
    firing = rules.grid.id_of(neighbour(start, 5))

    def over_the_bridge(units, enemy, *actions):
        state = scene(rules, {"3815": units, firing: enemy}, *actions)
        paths = retreat(rules, state, units, 1, firing).paths
        return next(p for p in paths if p.hexes == (across,))

    plain = over_the_bridge(("rifle", "at"), ("tank",))
    assert plain.minor_rivers == () and plain.bridge_losses == () and plain.strength_loss == 0
    zone = SetInterdiction(center=across, penalty=2)
    soviet = over_the_bridge(("rifle", "at"), ("tank",), zone)
    assert soviet.bridge_losses == (BridgeLoss(bridge, 2),) and soviet.strength_loss == 2
    german = over_the_bridge(("tank",), ("rifle",), zone)  # 4.5: only Soviet units pay
    assert german.bridge_losses == ()
    out = SetBridge(hexside=bridge, state=BridgeState.DESTROYED)
    blown = over_the_bridge(("rifle", "at"), ("tank",), zone, out)
    assert blown.minor_rivers == (bridge,) and blown.bridge_losses == ()
    assert blown.strength_loss == 1


# --- map edges and supply ---------------------------------------------------------------------


def test_11_7_units_may_retreat_off_the_map_and_return_at_the_exit_hex(rules):
    start = hx(rules, "4844")
    firing = neighbour(start, 6)
    state = scene(rules, {"4844": ("rifle",), rules.grid.id_of(firing): ("tank",)})
    options = retreat(rules, state, ("rifle",), 2, rules.grid.id_of(firing))
    off = [p for p in options.paths if p.off_map]
    assert off and options.toward_supply  # the east edge is a Soviet supply source
    first = off[0]
    assert first.hexes == () and first.exit_hex == start and first.end is None
    assert first.length == 1 and first.supply_distance == -1
    assert options.paths[0].off_map  # best first: nearest the supply source


def test_11_7_14_2_if_possible_units_retreat_towards_a_friendly_supply_source(rules):
    start = hx(rules, OPEN)
    soviet = scene(rules, {OPEN: ("rifle",), "3446": ("tank",)})
    options = retreat(rules, soviet, ("rifle",), 3, "3446")
    assert options.toward_supply
    here = min(distance(start, h) for h in rules.game_map.supply_edges["soviet"])
    assert all(p.supply_distance < here for p in options.paths)
    german = scene(rules, {OPEN: ("tank",), "3446": ("rifle",)})
    unpreferred = retreat(rules, german, ("tank",), 3, "3446")  # south and west lie behind
    assert not unpreferred.toward_supply
    assert len(unpreferred.paths) > len(options.paths)
    shunned = {p.hexes for p in unpreferred.paths} - {p.hexes for p in options.paths}
    assert any(h[0] == neighbour(start, 6) for h in shunned)  # north-west, away from the east


def test_11_7_a_retreat_names_one_stack_and_the_firing_hexes(rules):
    state = scene(rules, {OPEN: ("rifle",), "3444": ("tank", "mech")})
    with pytest.raises(ValueError):
        retreat_paths(rules, state, ("rifle",), 2, firing=())
    with pytest.raises(ValueError):
        retreat(rules, state, ("rifle", "tank"), 2, "3444")
    with pytest.raises(ValueError):
        retreat(rules, state, ("rifle",), 0, "3444")
