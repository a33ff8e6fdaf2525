"""Advance after combat (owsqt/rules/combat/advance.py, 11.8) on the real map: which units
advance, how far, and where enemy ZOCs, rivers and the pocket stop them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.rules.combat.advance import AdvanceKind, advance_kind, advance_paths
from owsqt.rules.core.actions import PlaceUnits, SetBridge, SetMarker
from owsqt.rules.core.hexgrid import Hexside, distance, hexes_within, neighbour
from owsqt.rules.core.vocabulary import BridgeState, Player, UnitMarker
from owsqt.rules.data.units import UnitCatalogue, UnitType
from owsqt.rules.movement.zoc import zoc_of
from tests.conftest import FOOT, MOTOR, S, ground
from tests.rules.movekit import OPEN, hx, kit_ruleset, kit_state, put

# The 11.8 example after the retreat: the Soviet stack went 4544, 4643, 4743, 4842 from
# the elevated hex 4444; another rifle regiment holds 4546.
EXAMPLE = {
    "4842": ("rifle", "at"),
    "4546": ("sfill1",),
    "4545": ("mot6", "mot5"),
    "4344": ("tank", "mech"),
}
RETREAT = ("4544", "4643", "4743", "4842")

MORE_UNITS = (
    ground("cav", "Cav Rgt (4-6)", S, UnitType.CAVALRY, FOOT, 4, 2, 6, 5, 4),
    ground("recon", "Recon Bn (3-12)", S, UnitType.RECONNAISSANCE, MOTOR, 3, 2, 12, 5, 2),
)


@pytest.fixture(scope="module")
def rules(ruleset):
    kit = kit_ruleset(ruleset)
    catalogue = kit.catalogue
    ground_units = {**catalogue.ground, **{u.id: replace(u, formation="s-rd") for u in MORE_UNITS}}
    return replace(kit, catalogue=UnitCatalogue(ground_units, catalogue.air, catalogue.formations))


def scene(rules, where, *actions):
    state = kit_state(rules)
    for hex_id, units in where.items():
        state = put(rules, state, PlaceUnits(units=units, to=hx(rules, hex_id)))
    return put(rules, state, *actions)


def advance(rules, state, units, length, vacated, retreat=None):
    path = None if retreat is None else tuple(hx(rules, i) for i in retreat)
    return advance_paths(rules, state, units, length, hx(rules, vacated), path)


def ids(rules, hexes):
    return sorted(rules.grid.id_of(h) for h in hexes)


# --- who advances ---------------------------------------------------------------------------


def test_11_8_2_1_armored_motorized_cavalry_and_infantry_units_and_artillery(rules):
    kinds = {u: advance_kind(rules.catalogue.ground[u]) for u in rules.catalogue.ground}
    assert kinds["tank"] is kinds["mech"] is AdvanceKind.ARMORED
    assert kinds["recon"] is AdvanceKind.ARMORED  # armor class, motorized movement
    assert kinds["mot6"] is kinds["mot5"] is AdvanceKind.MOTORIZED
    assert kinds["hq57"] is AdvanceKind.MOTORIZED
    assert kinds["rifle"] is kinds["christea"] is AdvanceKind.INFANTRY
    assert kinds["cav"] is AdvanceKind.CAVALRY
    assert kinds["at"] is kinds["art"] is kinds["gart"] is kinds["rocket"] is AdvanceKind.NONE
    assert kinds["convoy1"] is AdvanceKind.NONE


def test_11_8_artillery_class_units_never_advance(rules):
    state = scene(rules, {"3446": ("at", "art", "rifle")})
    found = advance(rules, state, ("at", "art", "rifle"), 3, OPEN)
    for unit in ("at", "art"):
        assert found[unit].paths == {} and found[unit].reason.startswith("11.8")
    assert found["rifle"].hexes == {hx(rules, OPEN)}


def test_11_8_infantry_class_units_only_enter_the_vacated_hex(rules):
    state = scene(rules, {"3446": ("rifle",)})
    found = advance(rules, state, ("rifle",), 4, OPEN)["rifle"]
    assert found.kind is AdvanceKind.INFANTRY
    assert dict(found.paths) == {hx(rules, OPEN): (hx(rules, OPEN),)}


# --- how far ---------------------------------------------------------------------------------


def test_11_8_the_advance_is_as_long_as_the_retreat_and_starts_on_the_vacated_hex(rules):
    vacated = hx(rules, OPEN)
    state = scene(rules, {"3446": ("tank",)})
    found = advance(rules, state, ("tank",), 4, OPEN)["tank"]
    assert found.hexes == set(hexes_within(vacated, 3))  # the vacated hex and three more
    assert all(path[0] == vacated and len(path) <= 4 for path in found.paths.values())
    for length in (0, 1):  # at a minimum, into the defender's hex
        assert advance(rules, state, ("tank",), length, OPEN)["tank"].hexes == {vacated}


def test_11_8_cavalry_advances_up_to_two_hexes_not_through_enemy_zocs(rules):
    vacated = hx(rules, OPEN)
    state = scene(rules, {"3446": ("cav",)})
    assert advance(rules, state, ("cav",), 4, OPEN)["cav"].hexes == set(hexes_within(vacated, 1))
    guarded = scene(rules, {"3446": ("cav",), "3443": ("tank",)})  # its ZOC reaches 3444
    found = advance(rules, guarded, ("cav",), 4, OPEN)["cav"]
    assert hx(rules, "3444") not in found.hexes and len(found.hexes) == 6
    flanked = scene(rules, {"3446": ("cav",), "3545": ("tank",)})  # next to the vacated hex
    assert advance(rules, flanked, ("cav",), 4, OPEN)["cav"].hexes == {vacated}
    along = advance(rules, flanked, ("cav",), 4, OPEN, ["3444", "3443", "3442"])["cav"]
    assert along.hexes == {vacated, hx(rules, "3444")}  # the retreat path ignores ZOCs


# --- enemy zones of control ------------------------------------------------------------------


def test_11_8_example_motorized_units_stop_at_the_first_soviet_zoc_panzers_go_on(rules):
    state = scene(rules, EXAMPLE)
    zone = zoc_of(rules, state, Player.SOVIET)
    found = advance(rules, state, ("tank", "mech", "mot6", "mot5"), 4, "4444", RETREAT)
    # Following the retreat path, the motorized battalions ignore the ZOCs on it.
    assert found["mot6"].paths[hx(rules, "4743")] == tuple(
        hx(rules, i) for i in ("4444", *RETREAT[:3])
    )
    # Off it, they stop in the first Soviet ZOC: what lies beyond is for the panzers.
    beyond = found["tank"].hexes - found["mot6"].hexes
    assert ids(rules, beyond) == ["4447", "4547", "4646", "4746"]
    assert found["mech"].hexes == found["tank"].hexes and found["mot5"].hexes == found["mot6"].hexes
    for hex_, path in found["mot6"].paths.items():
        off_route = [h for h in path[1:-1] if h not in {hx(rules, i) for i in RETREAT}]
        assert not set(off_route) & zone, rules.grid.id_of(hex_)


def test_11_8_example_german_armor_stops_only_in_the_zoc_of_a_soviet_armored_unit(rules):
    def reach(*extra):
        state = scene(rules, {**EXAMPLE, **dict(extra)})
        return advance(rules, state, ("tank",), 4, "4444", RETREAT)["tank"].hexes

    before = reach()
    assert reach(("4644", ("sfill2",))) == before - {hx(rules, "4644")}  # a rifle regiment
    after = reach(("4644", ("stank",)))
    assert ids(rules, before - after) == ["4644", "4645", "4646", "4745", "4746"]
    tank = scene(rules, {**EXAMPLE, "4644": ("stank",)})
    disrupted = put(rules, tank, SetMarker(units=("stank",), marker=UnitMarker.DISRUPTED, on=True))
    found = advance(rules, disrupted, ("tank",), 4, "4444", RETREAT)["tank"]
    assert found.hexes == before - {hx(rules, "4644")}  # 13.0: no ZOC, no stop


def test_11_8_soviet_armor_stops_in_the_zoc_of_german_armored_or_artillery_units(rules):
    def reach(blocker):
        where = {"3446": ("stank",), "3343": blocker} if blocker else {"3446": ("stank",)}
        return advance(rules, scene(rules, where), ("stank",), 4, OPEN)["stank"].hexes

    free = reach(None)
    infantry = reach(("mot6",))
    assert infantry == free - {hx(rules, "3343")}
    for stopper in (("tank",), ("gart",)):
        stopped = reach(stopper)
        assert infantry - stopped == {hx(rules, "3442")}


# --- terrain ----------------------------------------------------------------------------------


def test_11_8_no_advance_across_an_unbridged_river_but_across_a_bridge(rules):
    vacated = hx(rules, "2332")  # the Aksai to its north, north-east and north-west
    across = {neighbour(vacated, side) for side in (1, 2, 6)}
    assert all(not rules.game_map.river_between(vacated, h).bridge for h in across)
    state = scene(rules, {"2331": ("tank",), "2333": ("mech",)})
    found = advance(rules, state, ("tank", "mech"), 2, "2332", ["2331"])
    assert found["tank"].paths == {} and "unbridged Aksai" in found["tank"].reason
    assert found["mech"].hexes and not found["mech"].hexes & across  # nor along the retreat
    bridged = advance(rules, state, ("mech",), 3, "2332")["mech"]  # 2432 to 2431: a bridge
    assert bridged.paths[hx(rules, "2431")] == tuple(hx(rules, i) for i in ("2332", "2432", "2431"))
    bridge = Hexside.between(hx(rules, "2431"), hx(rules, "2432"))
    out = put(rules, state, SetBridge(hexside=bridge, state=BridgeState.DESTROYED))
    assert hx(rules, "2431") not in advance(rules, out, ("mech",), 3, "2332")["mech"].hexes


def test_8_2_11_8_no_advance_across_the_don_and_soviet_units_not_into_the_pocket(rules):
    start = hx(rules, "1412")  # the Don north and north-west of it, bridged or not
    bridge = SetBridge(hexside=Hexside.at(start, 1), state=BridgeState.BUILT)
    state = scene(rules, {"1413": ("tank",)}, bridge)
    found = advance(rules, state, ("tank",), 2, "1412")["tank"]
    assert neighbour(start, 1) not in found.hexes and neighbour(start, 6) not in found.hexes
    assert neighbour(start, 2) in found.hexes
    pocket = rules.game_map.pocket
    soviet = advance(rules, scene(rules, {"4513": ("stank",)}), ("stank",), 3, "4512")["stank"]
    german = advance(rules, scene(rules, {"4513": ("tank",)}), ("tank",), 3, "4512")["tank"]
    assert soviet.hexes and not soviet.hexes & pocket
    assert german.hexes & pocket


def test_11_8_only_units_next_to_a_vacated_hex_advance(rules):
    state = scene(rules, {"3447": ("tank",), "3446": ("mech",), "3444": ("rifle",)})
    with pytest.raises(ValueError):
        advance(rules, state, ("tank",), 2, OPEN)
    with pytest.raises(ValueError):
        advance(rules, state, ("mech",), 2, "3444")  # still held
    assert distance(hx(rules, "3446"), hx(rules, OPEN)) == 1
