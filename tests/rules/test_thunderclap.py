"""Operation Thunderclap (5.1): when it may be attempted, the roll, the placement of the
Sixth Army in the pocket, its special phase, the link-up, its end, its supply and no air
support."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.rules.combat.prepared import stuka_violations
from owsqt.rules.core.actions import (
    AttemptThunderclap,
    EndStep,
    MoveStack,
    PlaceSixthArmy,
    PlaceUnits,
)
from owsqt.rules.core.events import ThunderclapRolled
from owsqt.rules.core.state import ThunderclapState
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, Supply, ThunderclapStatus, UnitStatus
from owsqt.rules.engine import apply
from owsqt.rules.pocket.linkup import remove_if_ended, sixth_army_supply
from owsqt.rules.pocket.thunderclap import readiness
from owsqt.rules.recovery.reentry import end_reentry
from owsqt.rules.scenario.ruleset import Ruleset
from tests.rules.thunderkit import (
    AT_5,
    AT_6,
    AT_10,
    AT_11,
    CORPS_HQ,
    GERMAN,
    GRENADIERS,
    LANGENTHAL,
    PANZER_1,
    PANZER_2,
    POCKET,
    SIXTH_ARMY,
    SIXTH_HQ,
    SIXTH_HQ_6PZ,
    act,
    activated,
    eligible,
    move_to,
    on,
    pocket_phase,
    refused,
)


def test_5_1_twelve_stacking_points_exactly_ten_hexes_away_allow_the_attempt(shipped):
    state = eligible(shipped, pocket_phase(shipped))
    ready = readiness(shipped, state)
    assert (ready.corps_points, ready.eligible, ready.drm) == (12, True, 0)
    assert act(shipped, state, AttemptThunderclap(player=GERMAN)).thunderclap.status in (
        ThunderclapStatus.ACTIVE,
        ThunderclapStatus.DENIED,
    )


def test_5_1_eleven_stacking_points_are_not_enough(shipped):
    state = pocket_phase(shipped)
    for unit_id, hex_id in zip((PANZER_1, GRENADIERS, SIXTH_HQ_6PZ), AT_10, strict=False):
        state = on(shipped, state, unit_id, hex_id)
    assert readiness(shipped, state).corps_points == 11
    assert any("12 stacking points" in r for r in refused(shipped, state, AttemptThunderclap()))


def test_5_1_a_unit_eleven_hexes_away_does_not_count(shipped):
    state = on(shipped, eligible(shipped, pocket_phase(shipped)), SIXTH_HQ_6PZ, AT_11)
    assert readiness(shipped, state).corps_points == 10
    assert any(r.startswith("5.1") for r in refused(shipped, state, AttemptThunderclap()))


def test_5_1_the_attempt_belongs_to_the_initiation_segment(shipped):
    state = replace(eligible(shipped, pocket_phase(shipped)), segment=Segment.SIXTH_ARMY_ACTIVATION)
    assert any("Initiation Segment" in r for r in refused(shipped, state, AttemptThunderclap()))


@pytest.mark.parametrize(
    ("hex_id", "roll", "status", "drm"),
    [
        (AT_5, 5, ThunderclapStatus.ACTIVE, 1),  # 5 + 1 = 6: activated
        (AT_6, 5, ThunderclapStatus.DENIED, 0),  # 5: denied
        (AT_6, 6, ThunderclapStatus.ACTIVE, 0),  # 6: activated
        (AT_5, 10, ThunderclapStatus.ACTIVE, 1),  # 10 + 1 = 11: activated (reading 13)
    ],
)
def test_5_1_the_roll_and_its_modifier_at_five_hexes(shipped, hex_id, roll, status, drm):
    state = on(
        shipped, eligible(shipped, pocket_phase(shipped, script=(roll,))), GRENADIERS, hex_id
    )
    outcome = apply(shipped, state, AttemptThunderclap(player=GERMAN), Mode.STRICT)
    assert outcome.applied
    rolled = [e for e in outcome.events if isinstance(e, ThunderclapRolled)]
    assert rolled == [
        ThunderclapRolled(roll, drm, status is ThunderclapStatus.ACTIVE, rolled[0].text)
    ]
    assert outcome.state.thunderclap.status is status
    turn = outcome.state.turn if status is ThunderclapStatus.ACTIVE else None
    assert outcome.state.thunderclap.activated_turn == turn
    assert "5.1 Operation Thunderclap" in rolled[0].describe(shipped)


RUMANIAN_CAVALRY = "ro-8cd-3ros"


def test_5_1_a_rumanian_unit_within_five_hexes_is_no_german_unit_and_gives_no_drm(shipped):
    """Reading 170: "any German unit" is a German Army or Luftwaffe counter; with a
    Rumanian one alone at five hexes, a 5 is not raised to the 6 that activates."""
    state = on(
        shipped, eligible(shipped, pocket_phase(shipped, script=(5,))), RUMANIAN_CAVALRY, AT_5
    )
    ready = readiness(shipped, state)
    assert (ready.near_unit, ready.drm) == (None, 0)
    outcome = apply(shipped, state, AttemptThunderclap(player=GERMAN), Mode.STRICT)
    (rolled,) = [e for e in outcome.events if isinstance(e, ThunderclapRolled)]
    assert (rolled.roll, rolled.drm, rolled.activated) == (5, 0, False)
    assert outcome.state.thunderclap.status is ThunderclapStatus.DENIED


def test_5_1_only_once_per_game(shipped):
    state = act(
        shipped, eligible(shipped, pocket_phase(shipped, script=(1,))), AttemptThunderclap()
    )
    assert state.thunderclap.status is ThunderclapStatus.DENIED
    later = replace(state, turn=state.turn + 1)
    assert any("once per game" in r for r in refused(shipped, later, AttemptThunderclap()))


def test_5_1_declining_is_ending_the_segment(shipped):
    state = act(shipped, eligible(shipped, pocket_phase(shipped)), EndStep(player=GERMAN))
    assert state.segment is Segment.SIXTH_ARMY_ACTIVATION
    assert state.thunderclap.status is ThunderclapStatus.NOT_ATTEMPTED


def test_5_1_the_sixth_army_is_placed_only_inside_the_pocket(shipped):
    state = activated(shipped, pocket_phase(shipped))
    outside = refused(
        shipped, state, PlaceSixthArmy(unit=LANGENTHAL, hex=shipped.grid.hex_of(AT_5))
    )
    assert any("inside the pocket" in r for r in outside)
    state = act(shipped, state, PlaceSixthArmy(unit=LANGENTHAL, hex=shipped.grid.hex_of(POCKET[0])))
    placed = state.units[LANGENTHAL]
    assert (placed.status, shipped.grid.id_of(placed.hex)) == (UnitStatus.ON_MAP, POCKET[0])
    again = refused(
        shipped, state, PlaceSixthArmy(unit=LANGENTHAL, hex=shipped.grid.hex_of(POCKET[1]))
    )
    assert any("placed already" in r for r in again)


def test_5_1_the_segment_of_activation_ends_once_all_are_placed(shipped):
    state = activated(shipped, pocket_phase(shipped))
    assert any("placed in the pocket first" in r for r in refused(shipped, state, EndStep()))
    state = place_all(shipped, state)
    assert act(shipped, state, EndStep()).segment is Segment.SOVIET_RING_FORCES


def test_5_1_no_placement_before_activation(shipped):
    state = replace(pocket_phase(shipped), segment=Segment.SIXTH_ARMY_ACTIVATION)
    action = PlaceSixthArmy(unit=LANGENTHAL, hex=shipped.grid.hex_of(POCKET[0]))
    assert any("not attempted" in r for r in refused(shipped, state, action))


def german_movement(state):
    """The German mechanized movement segment of the same turn (the German player first)."""
    return replace(state, phase=Phase.FIRST_PLAYER, segment=Segment.MECHANIZED_MOVEMENT)


def place_all(rules: Ruleset, state):
    for unit_id, hex_id in zip(SIXTH_ARMY, POCKET * 2, strict=False):
        state = act(rules, state, PlaceSixthArmy(unit=unit_id, hex=rules.grid.hex_of(hex_id)))
    return state


def test_5_1_sixth_army_units_move_in_the_pocket_phase_once_activated(shipped):
    state = place_all(shipped, activated(shipped, pocket_phase(shipped)))
    state = act(shipped, state, move_to(shipped, state, (LANGENTHAL,), "2906"))
    assert shipped.grid.id_of(state.units[LANGENTHAL].hex) == "2906"
    assert LANGENTHAL in state.thunderclap.left_pocket
    other = on(shipped, state, PANZER_1, AT_6)
    why = refused(shipped, other, move_to(shipped, other, (PANZER_1,), AT_5))
    assert any("only Sixth Army units move" in r for r in why)


def test_5_1_sixth_army_units_do_not_move_before_activation(shipped):
    state = on(shipped, pocket_phase(shipped), LANGENTHAL, POCKET[0])
    state = german_movement(state)
    action = MoveStack(units=(LANGENTHAL,), path=(shipped.grid.hex_of(POCKET[0]),) * 2)
    assert any(
        "once Operation Thunderclap is activated" in r for r in refused(shipped, state, action)
    )


def test_5_1_active_sixth_army_units_do_not_move_in_the_player_phase(shipped):
    state = place_all(shipped, activated(shipped, pocket_phase(shipped)))
    state = german_movement(state)
    why = refused(shipped, state, move_to(shipped, state, (LANGENTHAL,), "2906"))
    assert any("until they link up" in r for r in why)


def test_5_1_the_link_up_and_the_mechanized_segment_after_it(shipped):
    state = place_all(shipped, activated(shipped, pocket_phase(shipped)))
    state = on(shipped, state, CORPS_HQ, "2806")
    state = act(shipped, state, move_to(shipped, state, (SIXTH_HQ,), "2906"))
    assert state.thunderclap.status is ThunderclapStatus.LINKED
    pocket_move = move_to(shipped, state, (LANGENTHAL,), "2907")
    assert any("mechanized movement segment" in r for r in refused(shipped, state, pocket_move))
    state = german_movement(state)
    state = act(shipped, state, move_to(shipped, state, (LANGENTHAL,), "2907"))
    assert shipped.grid.id_of(state.units[LANGENTHAL].hex) == "2907"


def test_5_1_a_soviet_zoc_blocks_the_line_of_communications(shipped):
    state = place_all(shipped, activated(shipped, pocket_phase(shipped)))
    state = on(shipped, state, CORPS_HQ, "1810")  # far away: the line passes round anything
    state = act(shipped, state, move_to(shipped, state, (LANGENTHAL,), "2906"))
    assert state.thunderclap.status is ThunderclapStatus.LINKED  # open steppe, no Soviets
    blocked = place_all(shipped, activated(shipped, pocket_phase(shipped)))
    blocked = on(shipped, blocked, CORPS_HQ, "1810")
    for hex_id in ring_around(shipped, "1810"):
        blocked = on(shipped, blocked, next_soviet(shipped, blocked), hex_id)
    blocked = act(shipped, blocked, move_to(shipped, blocked, (LANGENTHAL,), "2906"))
    assert blocked.thunderclap.status is ThunderclapStatus.ACTIVE


def ring_around(rules: Ruleset, hex_id: str) -> list[str]:
    centre = rules.grid.hex_of(hex_id)
    return sorted(
        rules.grid.id_of(h)
        for _, n in rules.grid.neighbours(centre)
        for _, h in rules.grid.neighbours(n)
        if h != centre and h not in {m for _, m in rules.grid.neighbours(centre)}
    )


def next_soviet(rules: Ruleset, state) -> str:
    return next(
        u
        for u, definition in sorted(rules.catalogue.ground.items())
        if definition.player.value == "soviet"
        and definition.combat > 0
        and definition.unit_class.value == "infantry"
        and state.units[u].status is not UnitStatus.ON_MAP
    )


def test_5_1_a_return_to_the_pocket_ends_thunderclap_and_removes_the_sixth_army(shipped):
    state = place_all(shipped, activated(shipped, pocket_phase(shipped)))
    state = act(shipped, state, move_to(shipped, state, (LANGENTHAL,), "2906"))
    assert state.thunderclap.status is ThunderclapStatus.ACTIVE
    state = replace(
        state, movement=replace(state.movement, done=frozenset(), moving=state.movement.moving)
    )
    state = act(shipped, state, move_to(shipped, state, (LANGENTHAL,), POCKET[0]))
    assert state.thunderclap.status is ThunderclapStatus.ENDED
    assert state.units[LANGENTHAL].status is UnitStatus.ON_MAP  # until the phase ends
    state = act(shipped, state, EndStep())  # to the Soviet Ring Forces Segment
    assert state.units[SIXTH_HQ].status is UnitStatus.ON_MAP
    state = act(shipped, state, EndStep(player=state.active))  # the pocket phase ends
    assert {state.units[u].status for u in SIXTH_ARMY} == {UnitStatus.PERMANENTLY_LOST}


@pytest.mark.parametrize(
    ("turns_after", "mode"), [(0, Supply.REGULAR), (1, Supply.ORGANIC), (2, Supply.OUT)]
)
def test_5_1_supply_by_the_turn_of_activation(shipped, turns_after, mode):
    state = place_all(shipped, activated(shipped, pocket_phase(shipped)))
    state = replace(state, turn=state.turn + turns_after)
    supplied, _ = sixth_army_supply(shipped, state, GERMAN)
    assert {supplied.units[u].supply for u in SIXTH_ARMY} == {mode}


def test_5_1_supply_by_the_normal_rules_once_the_14th_panzer_hq_reaches_another_hq(shipped):
    state = place_all(shipped, activated(shipped, pocket_phase(shipped)))
    state = on(shipped, state, SIXTH_HQ_6PZ, "2806")
    state = replace(state, turn=state.turn + 3)
    supplied, _ = sixth_army_supply(shipped, state, GERMAN)
    assert {supplied.units[u].supply for u in SIXTH_ARMY} == {Supply.REGULAR}


def test_5_1_a_rumanian_headquarters_is_no_other_german_headquarters(shipped):
    """Reading 170: the 14th Panzer HQ next to the Rumanian VI Corps HQ alone traces no
    line to "any other German headquarters unit": the schedule holds (out of supply by
    the third turn), as it does not next to the 6th Panzer Division's HQ."""
    state = place_all(shipped, activated(shipped, pocket_phase(shipped)))
    state = replace(state, turn=state.turn + 3)
    rumanian, _ = sixth_army_supply(shipped, on(shipped, state, "ro-6c-hq", "2806"), GERMAN)
    assert {rumanian.units[u].supply for u in SIXTH_ARMY} == {Supply.OUT}
    german, _ = sixth_army_supply(shipped, on(shipped, state, SIXTH_HQ_6PZ, "2806"), GERMAN)
    assert {german.units[u].supply for u in SIXTH_ARMY} == {Supply.REGULAR}


def test_5_1_no_stuka_supports_sixth_army_units(shipped):
    state = activated(shipped, pocket_phase(shipped))
    stuka = next(a for a, d in shipped.catalogue.air.items() if d.type.value == "dive_bomber")
    state = replace(state, thunderclap=ThunderclapState(ThunderclapStatus.LINKED, 1))
    found = stuka_violations(shipped, state, GERMAN, (stuka,), (LANGENTHAL, PANZER_2))
    assert any(v.rule == "5.1" and "no air support" in v.message for v in found)
    assert not any(
        v.rule == "5.1" for v in stuka_violations(shipped, state, GERMAN, (stuka,), (PANZER_2,))
    )


def test_5_1_once_the_line_to_another_hq_was_traced_the_normal_rules_hold(shipped):
    state = place_all(shipped, activated(shipped, pocket_phase(shipped)))
    state = on(shipped, state, SIXTH_HQ_6PZ, "2806")
    supplied, _ = sixth_army_supply(shipped, replace(state, turn=state.turn + 1), GERMAN)
    assert supplied.thunderclap.supplied_turn == state.turn + 1
    cut = replace(supplied, turn=state.turn + 2)
    cut = cut.with_unit(
        SIXTH_HQ_6PZ, replace(cut.units[SIXTH_HQ_6PZ], status=UnitStatus.ELIMINATED)
    )
    after, _ = sixth_army_supply(shipped, cut, GERMAN)
    assert {after.units[u].supply for u in SIXTH_ARMY} == {Supply.ORGANIC}  # 14.3, not out


def test_5_1_a_return_outside_the_pocket_phase_removes_them_when_the_next_one_ends(shipped):
    state = place_all(shipped, activated(shipped, pocket_phase(shipped)))
    state = act(shipped, state, move_to(shipped, state, (LANGENTHAL,), "2906"))
    state = german_movement(state)
    back = PlaceUnits(units=(LANGENTHAL,), to=shipped.grid.hex_of(POCKET[2]))  # as if retreated
    state = apply(shipped, state, back, Mode.FREE).state
    assert state.thunderclap.status is ThunderclapStatus.ENDED
    kept, removed = remove_if_ended(shipped, state)
    assert (kept, removed) == (state, [])  # not at the end of this phase
    ring = replace(state, turn=state.turn + 1, phase=Phase.STALINGRAD_POCKET)
    ring = replace(ring, segment=Segment.SOVIET_RING_FORCES, active=Player.SOVIET)
    gone, events = remove_if_ended(shipped, ring)
    assert {gone.units[u].status for u in SIXTH_ARMY} == {UnitStatus.PERMANENTLY_LOST}
    assert len(events) == len(SIXTH_ARMY)


@pytest.mark.parametrize(("turns_after", "mode"), [(0, Supply.REGULAR), (2, Supply.OUT)])
def test_5_1_17_4_a_returning_14th_panzer_hq_keeps_to_the_schedule(shipped, turns_after, mode):
    """Reading 96: a lost 14th Panzer HQ that returns (17.4) while the schedule holds is in
    the supply of its turn of activation; before, it came back in regular supply and went
    out of supply with no turn of organic supply (14.4), as a fuzz game found."""
    state = place_all(shipped, activated(shipped, pocket_phase(shipped)))
    lost = replace(state.units[SIXTH_HQ], status=UnitStatus.ELIMINATED, hex=None)
    state = replace(state.with_unit(SIXTH_HQ, lost), turn=state.turn + turns_after)
    returned, _ = end_reentry(shipped, state)
    assert returned.units[SIXTH_HQ].status is UnitStatus.ON_MAP
    assert returned.units[SIXTH_HQ].supply is mode
