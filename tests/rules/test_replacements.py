"""The Replacement Segment (17.3, 17.4): points from the turn's losses and the track,
assigned class to class, re-entry of destroyed units and headquarters, permanent loss."""

from __future__ import annotations

from dataclasses import replace

from owsqt.rules.combat.casualties import lose_points
from owsqt.rules.core.actions import AssignReplacements, EndStep, Reenter
from owsqt.rules.core.state import GameState, Tally
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, Supply, TallyNationality, UnitStatus
from owsqt.rules.engine import apply, judge
from owsqt.rules.movement.movecost import closed_crossing
from owsqt.rules.recovery.reentry import reentry_hexes, return_hexes
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.scenario.scenario import initial_state

SOVIET = Player.SOVIET
HQ, RR1, RR2, ART = "su-302rd-hq", "su-302rd-823rr", "su-302rd-825rr", "su-302rd-ar"
PANZER = "de-6pz-11pzr-1"
CENTRE = "3445"  # open steppe all around


def recovery(rules: Ruleset, turn: int = 1) -> GameState:
    """Every counter off the map, in the Disruption Removal Segment of `turn`."""
    state = initial_state(rules.catalogue, rules.scenarios["operation-winter-storm"], seed=3)
    return replace(
        state, turn=turn, phase=Phase.RECOVERY, segment=Segment.DISRUPTION_REMOVAL, active=None
    )


def on(rules: Ruleset, state: GameState, unit_id: str, hex_id: str, **changes) -> GameState:
    unit = replace(
        state.units[unit_id], status=UnitStatus.ON_MAP, hex=rules.grid.hex_of(hex_id), **changes
    )
    return state.with_unit(unit_id, unit)


def around(rules: Ruleset, hex_id: str) -> set[str]:
    return {rules.grid.id_of(h) for _, h in rules.grid.neighbours(rules.grid.hex_of(hex_id))}


def end_step(rules: Ruleset, state: GameState) -> GameState:
    outcome = apply(rules, state, EndStep(), Mode.STRICT)
    assert outcome.applied, outcome.verdict
    return outcome.state


def act(rules: Ruleset, state: GameState, action) -> GameState:
    outcome = apply(rules, state, action, Mode.STRICT)
    assert outcome.applied, outcome.verdict
    return outcome.state


def refused(rules: Ruleset, state: GameState, action) -> list[str]:
    verdict = judge(rules, state, action)
    assert not verdict.legal
    return [f"{v.rule} {v.message}" for v in verdict.violations]


def division(rules: Ruleset) -> GameState:
    """The 302nd Rifle Division on the steppe: its HQ in the centre, two regiments and its
    artillery next to it."""
    state = recovery(rules)
    state = on(rules, state, HQ, CENTRE)
    for unit_id, hex_id in zip((RR1, RR2, ART), sorted(around(rules, CENTRE)), strict=False):
        state = on(rules, state, unit_id, hex_id)
    return state


def with_points(state: GameState, nationality: TallyNationality, tally: Tally) -> GameState:
    points = state.replacement_points.set(nationality, tally)
    return replace(state, segment=Segment.REPLACEMENT, replacement_points=points)


def test_17_4_the_example_of_the_302nd_rifle_division(shipped):
    state = division(shipped)
    for unit_id, points in ((RR1, 5), (RR2, 4), (ART, 1)):  # 9 infantry, 1 weapons point
        state, _ = lose_points(shipped, state, unit_id, points)
    assert state.units[RR1].status is UnitStatus.ELIMINATED  # the entire 5-5 regiment
    state = end_step(shipped, state)  # into the Replacement Segment
    assert state.replacement_points[TallyNationality.SOVIET] == Tally(infantry=2)  # 2.25, .25
    state = act(shipped, state, AssignReplacements(player=SOVIET, unit=RR2, points=1))
    assert state.units[RR2].strength == 2
    beside = sorted(around(shipped, CENTRE) - {shipped.grid.id_of(state.units[RR2].hex)})[0]
    state = act(shipped, state, Reenter(player=SOVIET, unit=RR1, hex=shipped.grid.hex_of(beside)))
    reborn = state.units[RR1]
    assert (reborn.status, reborn.strength, reborn.reduced) == (UnitStatus.ON_MAP, 1, True)
    assert state.replacement_points[TallyNationality.SOVIET] == Tally()


def test_17_4_points_augment_units_of_their_own_class_only(shipped):
    state = with_points(division(shipped), TallyNationality.SOVIET, Tally(armor=2))
    state = on(shipped, state, RR2, sorted(around(shipped, CENTRE))[1], strength=3)
    assert any("17.4" in r for r in refused(shipped, state, AssignReplacements(unit=RR2)))
    state = with_points(state, TallyNationality.SOVIET, Tally(infantry=1))
    assert act(shipped, state, AssignReplacements(unit=RR2)).units[RR2].strength == 4


def test_17_4_only_a_unit_in_regular_supply_receives_replacements(shipped):
    state = with_points(division(shipped), TallyNationality.SOVIET, Tally(infantry=2))
    for supply in (Supply.ORGANIC, Supply.OUT):
        state = state.with_unit(RR2, replace(state.units[RR2], strength=3, supply=supply))
        why = refused(shipped, state, AssignReplacements(unit=RR2))
        assert why == ["17.4 to receive replacements, a unit must be in regular supply"]


def test_17_4_replacements_go_up_to_the_original_strength(shipped):
    state = with_points(division(shipped), TallyNationality.SOVIET, Tally(infantry=5))
    state = state.with_unit(RR2, replace(state.units[RR2], strength=3, reduced=True))
    assert any(
        "original 5" in r for r in refused(shipped, state, AssignReplacements(unit=RR2, points=3))
    )
    raised = act(shipped, state, AssignReplacements(unit=RR2, points=2)).units[RR2]
    assert (raised.strength, raised.reduced) == (5, False)  # flipped to its full side


def test_17_4_unused_points_are_lost_when_the_segment_ends(shipped):
    state = with_points(division(shipped), TallyNationality.GERMAN, Tally(armor=3))
    after = end_step(shipped, state)
    assert after.segment is Segment.FIRED_MARKER_REMOVAL
    assert after.replacement_points[TallyNationality.GERMAN] == Tally()


def test_17_4_a_destroyed_unit_reenters_on_or_next_to_its_hq_not_in_an_enemy_zoc(shipped):
    state = with_points(division(shipped), TallyNationality.SOVIET, Tally(infantry=1))
    state = state.with_unit(RR1, replace(state.units[RR1], status=UnitStatus.ELIMINATED, hex=None))
    free = {shipped.grid.id_of(h) for h in reentry_hexes(shipped, state, RR1, 1)}
    assert free == around(shipped, CENTRE) | {CENTRE}
    far = sorted(around(shipped, CENTRE))[0]
    enemy = sorted(around(shipped, far) - around(shipped, CENTRE) - {CENTRE})[0]
    state = on(shipped, state, PANZER, enemy)  # its ZOC covers some of the HQ's neighbours
    near = {shipped.grid.id_of(h) for h in reentry_hexes(shipped, state, RR1, 1)}
    assert far not in near and CENTRE in near
    assert any("not in an enemy ZOC" in r for r in refused(
        shipped, state, Reenter(unit=RR1, hex=shipped.grid.hex_of(far))
    ))  # fmt: skip


def test_17_4_with_its_hq_in_an_enemy_zoc_a_unit_enters_next_to_its_division(shipped):
    state = with_points(division(shipped), TallyNationality.SOVIET, Tally(infantry=1))
    state = state.with_unit(RR1, replace(state.units[RR1], status=UnitStatus.ELIMINATED, hex=None))
    art_hex = shipped.grid.id_of(state.units[ART].hex)
    enemy = sorted(around(shipped, CENTRE) - {art_hex, shipped.grid.id_of(state.units[RR2].hex)})[
        -1
    ]
    state = on(shipped, state, PANZER, enemy)
    hexes = {shipped.grid.id_of(h) for h in reentry_hexes(shipped, state, RR1, 1)}
    zoc = around(shipped, enemy)
    beyond = (around(shipped, art_hex) - zoc - around(shipped, CENTRE)) - {CENTRE}
    assert beyond and beyond <= hexes  # next to the artillery, beyond the HQ's reach
    assert not hexes & zoc


def test_17_4_independent_units_may_use_any_headquarters(shipped):
    state = with_points(division(shipped), TallyNationality.SOVIET, Tally(artillery=1))
    gun = "su-51a-art"  # the 51st Army's own artillery: no division
    state = state.with_unit(gun, replace(state.units[gun], status=UnitStatus.ELIMINATED))
    assert CENTRE in {shipped.grid.id_of(h) for h in reentry_hexes(shipped, state, gun, 1)}
    state = act(shipped, state, Reenter(unit=gun, hex=shipped.grid.hex_of(CENTRE)))
    assert state.units[gun].hex == shipped.grid.hex_of(CENTRE)


def test_17_4_a_unit_not_reentered_in_the_next_replacement_phase_is_permanently_lost(shipped):
    state = division(shipped)
    state, _ = lose_points(shipped, state, RR1, 5)
    state = end_step(shipped, state)  # the Replacement Segment of the same turn
    assert state.units[RR1].status is UnitStatus.ELIMINATED  # it may still re-enter now
    state = end_step(shipped, state)
    assert state.units[RR1].status is UnitStatus.PERMANENTLY_LOST
    why = refused(shipped, with_points(state, TallyNationality.SOVIET, Tally(infantry=1)),
                  Reenter(unit=RR1, hex=shipped.grid.hex_of(CENTRE)))  # fmt: skip
    assert "17.4 only a destroyed unit re-enters; it is permanently lost" in why


def test_17_4_a_lost_headquarters_returns_free_next_to_one_of_its_units(shipped):
    state = division(shipped)
    state, _ = lose_points(shipped, state, HQ, 1)
    state = end_step(shipped, state)
    hexes = return_hexes(shipped, state, HQ)
    beside = set().union(
        *(around(shipped, shipped.grid.id_of(state.units[u].hex)) for u in (RR1, RR2, ART))
    )
    assert hexes and {shipped.grid.id_of(h) for h in hexes} <= beside
    assert "17.4 a headquarters returns free: no replacement points expended" in refused(
        shipped, state, Reenter(unit=HQ, hex=hexes[0], points=1)
    )
    back = act(shipped, state, Reenter(unit=HQ, hex=hexes[-1], points=0))
    assert back.units[HQ].hex == hexes[-1] and back.replacement_points == state.replacement_points
    by_itself = end_step(shipped, state)  # not placed: it returns anyway
    assert by_itself.units[HQ].status is UnitStatus.ON_MAP and by_itself.units[HQ].hex == hexes[0]


def test_5_1_sixth_army_units_receive_no_replacements(shipped):
    state = with_points(recovery(shipped), TallyNationality.GERMAN, Tally(infantry=3))
    unit = "de-29mot-15ir-kg"
    state = on(shipped, state, unit, CENTRE, strength=1)
    assert "5.1 Sixth Army units do not receive replacement points" in refused(
        shipped, state, AssignReplacements(unit=unit)
    )


def test_17_3_german_losses_give_half_their_points_rounded_by_2_5(shipped):
    state = recovery(shipped)
    losses = state.losses.set(TallyNationality.GERMAN, Tally(armor=3, infantry=1, artillery=4))
    state = end_step(shipped, replace(state, losses=losses))
    assert state.replacement_points[TallyNationality.GERMAN] == Tally(2, 1, 2)  # 1.5, .5, 2
    assert state.losses[TallyNationality.GERMAN] == Tally()  # the next turn counts anew


def test_17_3_rumanian_points_are_for_rumanian_units(shipped):
    state = recovery(shipped)
    losses = state.losses.set(TallyNationality.RUMANIAN, Tally(infantry=8))
    state = end_step(shipped, replace(state, losses=losses))
    assert state.replacement_points[TallyNationality.RUMANIAN] == Tally(infantry=2)
    state = on(shipped, state, "ro-4id-5ir", CENTRE, strength=1)
    state = on(shipped, state, "de-6pz-114pgr-1", "3045", strength=1)
    assert (
        act(shipped, state, AssignReplacements(unit="ro-4id-5ir")).units["ro-4id-5ir"].strength == 2
    )
    why = refused(shipped, state, AssignReplacements(unit="de-6pz-114pgr-1"))
    assert any("0 German" in r for r in why)


def test_17_3_scheduled_infantry_replacements_come_from_the_track(shipped):
    state = end_step(shipped, recovery(shipped, turn=5))  # the track: Soviet 2, German 1
    assert state.replacement_points[TallyNationality.SOVIET] == Tally(infantry=2)
    assert state.replacement_points[TallyNationality.GERMAN] == Tally(infantry=1)
    assert state.replacement_points[TallyNationality.RUMANIAN] == Tally()


def test_17_4_replacements_are_assigned_in_the_replacement_segment_only(shipped):
    state = replace(division(shipped), replacement_points=with_points(
        division(shipped), TallyNationality.SOVIET, Tally(infantry=1)
    ).replacement_points)  # fmt: skip
    assert refused(shipped, state, AssignReplacements(unit=RR2))[0].startswith("17.4 replacements")


def test_17_4_8_2_a_soviet_unit_never_reenters_in_the_pocket(shipped):
    pocket = sorted(shipped.game_map.pocket, key=shipped.grid.id_of)
    edge = next(
        h
        for h in pocket
        if any(n not in shipped.game_map.pocket for _, n in shipped.grid.neighbours(h))
    )
    outside = next(n for _, n in shipped.grid.neighbours(edge) if n not in shipped.game_map.pocket)
    state = with_points(recovery(shipped), TallyNationality.SOVIET, Tally(infantry=1))
    state = on(shipped, state, HQ, shipped.grid.id_of(outside))
    state = state.with_unit(RR1, replace(state.units[RR1], status=UnitStatus.ELIMINATED))
    hexes = reentry_hexes(shipped, state, RR1, 1)
    assert outside in hexes and not set(hexes) & shipped.game_map.pocket


def test_8_2_17_4_no_unit_reenters_across_the_don_from_its_hq(shipped):
    """Reading 84: "next to" the headquarters is on its side of the Don, which no unit
    crosses (8.2); the fuzzer once put a Soviet regiment across it."""
    grid = shipped.grid
    beside = next(
        (h, n)
        for h in sorted(shipped.game_map.hexes, key=grid.id_of)
        for _, n in grid.neighbours(h)
        if n in shipped.game_map.hexes
        and closed_crossing(shipped, h, n) is not None
        and h not in shipped.game_map.pocket
        and n not in shipped.game_map.pocket
    )
    hq_hex, across = (grid.id_of(h) for h in beside)
    state = with_points(recovery(shipped), TallyNationality.SOVIET, Tally(infantry=1))
    state = on(shipped, state, HQ, hq_hex)
    free = {grid.id_of(h) for h in reentry_hexes(shipped, state, RR1, 1)}
    assert hq_hex in free and across not in free
    assert free <= around(shipped, hq_hex) | {hq_hex}
