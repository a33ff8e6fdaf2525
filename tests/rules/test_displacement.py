"""Displacement (owsqt/rules/movement/displacement.py, 9.3): an overstacked hex at the end of a
movement segment sheds units to an adjacent hex, farther only if none can take them,
and loses them only if no hex can; displaced units are disrupted. EndStep refuses to end
the segment in STRICT play while a hex is overstacked (9.2, 9.3)."""

from __future__ import annotations

import pytest

from owsqt.rules.actors import who_acts
from owsqt.rules.core.actions import (
    Displace,
    EndStep,
    MoveStack,
    PlaceUnits,
    SetMarker,
    SpecialFire,
)
from owsqt.rules.core.events import MarkerChanged, UnitsDisplaced
from owsqt.rules.core.hexgrid import ring
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import InvalidAction, Mode
from owsqt.rules.core.vocabulary import Player, UnitMarker, UnitStatus
from owsqt.rules.engine import apply
from owsqt.rules.movement.displacement import takers
from tests.rules.movekit import OPEN, at_step, hx, kit_ruleset, kit_state, path_of, put

GERMAN, SOVIET = Player.GERMAN, Player.SOVIET
OVER = ("tank", "mech", "mot6", "mot5", "hq57")  # 6 + 4 + 4 + 4 + 1 = 19 stacking points


@pytest.fixture(scope="module")
def rules(ruleset):
    return kit_ruleset(ruleset)


@pytest.fixture
def state(rules):
    """19 German stacking points on 3445 at the end of the German mechanized movement."""
    state = put(rules, kit_state(rules), PlaceUnits(units=OVER, to=hx(rules, OPEN)))
    return at_step(state, Segment.MECHANIZED_MOVEMENT, GERMAN)


def surround(rules, state, *friendly_full):
    """Soviet units on every hex around 3445 but `friendly_full`, which get 18 German
    stacking points each."""
    fillers = iter(f"gfill{i}" for i in range(1, 7))
    enemies = iter(f"sfill{i}" for i in range(1, 9))
    for neighbour in ring(hx(rules, OPEN), 1):
        hex_id = rules.grid.id_of(neighbour)
        if hex_id in friendly_full:
            units = (next(fillers), next(fillers), next(fillers))
        else:
            units = (next(enemies),)
        state = put(rules, state, PlaceUnits(units=units, to=neighbour))
    return state


def displace(rules, state, units, ids, mode=Mode.STRICT):
    return apply(rules, state, Displace(units=units, path=path_of(rules, ids)), mode)


def hold_fire(rules, state):
    """Answer every special fire the displacement waits for with held fire (11.7)."""
    while state.special_fire is not None:
        answer = SpecialFire(player=state.special_fire.player, fire=False)
        outcome = apply(rules, state, answer, Mode.STRICT)
        assert outcome.applied, outcome.verdict
        state = outcome.state
    return state


def rules_of(outcome):
    return [v.rule for v in outcome.verdict.violations]


# --- to an adjacent hex --------------------------------------------------------------------


def test_9_3_overstacked_units_go_to_an_adjacent_hex_and_are_disrupted(rules, state):
    outcome = displace(rules, state, ("hq57",), [OPEN, "3444"])
    assert outcome.applied and outcome.verdict.legal
    after = outcome.state
    assert after.units["hq57"].hex == hx(rules, "3444") and after.units["hq57"].disrupted
    assert outcome.events == (
        UnitsDisplaced(("hq57",), path_of(rules, [OPEN, "3444"])),
        MarkerChanged("hq57", UnitMarker.DISRUPTED, True),
    )
    assert outcome.events[0].describe(rules) == (
        "57 Pz Corps HQ displaced 3445 > 3444 and disrupted (9.3)"
    )
    assert apply(rules, after, EndStep(), Mode.STRICT).applied


def test_8_1_9_3_displaced_units_have_finished_moving_for_the_segment(rules, state):
    """Fuzz seed 11: a displacement was a free move, the units moving on afterwards."""
    after = displace(rules, state, ("hq57",), [OPEN, "3444"]).state
    assert "hq57" in after.movement.done and "hq57" not in after.movement.moving
    again = apply(
        rules, after, MoveStack(units=("hq57",), path=path_of(rules, ["3444", OPEN])), Mode.STRICT
    )
    assert not again.applied and "8.1" in rules_of(again)


def test_9_3_a_unit_already_disrupted_gets_no_second_marker(rules, state):
    state = put(rules, state, SetMarker(units=("mot5",), marker=UnitMarker.DISRUPTED, on=True))
    outcome = displace(rules, state, ("mot5",), [OPEN, "3444"])
    assert outcome.events == (UnitsDisplaced(("mot5",), path_of(rules, [OPEN, "3444"])),)


def test_9_3_the_adjacent_hexes_that_can_take_the_units(rules, state):
    assert set(takers(rules, state, ("hq57",))) == set(ring(hx(rules, OPEN), 1))
    state = surround(rules, state, "3444")
    assert takers(rules, state, ("hq57",)) == []  # five enemy hexes and a full one


def test_9_3_a_hex_within_the_limit_sheds_no_units(rules, state):
    state = put(rules, state, PlaceUnits(units=("hq57",), to=hx(rules, "3245")))  # 18 left
    outcome = displace(rules, state, ("mot5",), [OPEN, "3444"])
    assert rules_of(outcome) == ["9.3"]
    assert "3445 is not overstacked" in outcome.verdict.violations[0].message


# --- farther, and elimination --------------------------------------------------------------


def test_9_3_units_go_farther_than_an_adjacent_hex_only_if_none_can_take_them(rules, state):
    outcome = displace(rules, state, ("mot5",), [OPEN, "3444", "3443"])
    assert rules_of(outcome) == ["9.3"]
    assert "only if no adjacent hex can take them" in outcome.verdict.violations[0].message
    state = surround(rules, state, "3444")
    outcome = displace(rules, state, ("mot5",), [OPEN, "3444", "3443"])  # through a full hex
    assert outcome.applied and outcome.verdict.legal
    moved = hold_fire(rules, outcome.state)  # 3444 and 3443 lie in Soviet ZOCs (11.7)
    assert moved.units["mot5"].hex == hx(rules, "3443")
    assert moved.units["mot5"].disrupted


def test_9_3_units_are_eliminated_only_when_no_hex_can_take_them(rules, state):
    refused = displace(rules, state, ("hq57",), [])
    assert rules_of(refused) == ["9.3"]
    assert "cannot be displaced" in refused.verdict.violations[0].message
    state = surround(rules, state)  # enemy units all around: nowhere to go
    outcome = displace(rules, state, ("hq57",), [])
    assert outcome.applied and outcome.verdict.legal
    assert outcome.state.units["hq57"].status is UnitStatus.ELIMINATED
    assert outcome.state.units["hq57"].hex is None
    assert outcome.events[0].describe(rules) == (
        "57 Pz Corps HQ eliminated: no hex to displace to (9.3)"
    )


def test_9_3_units_are_not_eliminated_while_a_hex_farther_away_can_take_them(rules, state):
    state = surround(rules, state, "3444")  # no adjacent hex, but 3443 beyond 3444 can
    outcome = displace(rules, state, ("hq57",), [])
    assert rules_of(outcome) == ["9.3"]
    assert "cannot be displaced" in outcome.verdict.violations[0].message


# --- the path ------------------------------------------------------------------------------


def test_9_3_a_displacement_moves_hex_by_hex_and_leaves_the_hex(rules, state):
    gap = displace(rules, state, ("hq57",), [OPEN, "3443"])
    assert rules_of(gap) == ["9.3"] and "not next to" in gap.verdict.violations[0].message
    stay = displace(rules, state, ("hq57",), [OPEN])
    assert rules_of(stay) == ["9.3"]
    assert "leaves the overstacked hex" in stay.verdict.violations[0].message


def test_9_3_a_displacement_may_not_enter_enemy_held_hexes(rules, state):
    state = put(rules, state, PlaceUnits(units=("rifle",), to=hx(rules, "3444")))
    outcome = displace(rules, state, ("hq57",), [OPEN, "3444"])
    assert rules_of(outcome) == ["9.3"]
    assert "held by the enemy" in outcome.verdict.violations[0].message


def test_9_2_a_displacement_may_not_overstack_the_hex_it_ends_in(rules, state):
    state = put(rules, state, PlaceUnits(units=("gfill1", "gfill2"), to=hx(rules, "3444")))
    assert displace(rules, state, ("mot5",), [OPEN, "3444"]).verdict.legal  # 12 + 4
    outcome = displace(rules, state, ("tank",), [OPEN, "3444"])  # 12 + 6
    assert outcome.verdict.legal
    state = put(rules, state, PlaceUnits(units=("gfill3",), to=hx(rules, "3444")))
    outcome = displace(rules, state, ("mot5",), [OPEN, "3444"])  # 18 + 4
    assert rules_of(outcome) == ["9.2"]
    assert "3444 would be overstacked" in outcome.verdict.violations[0].message


def test_8_2_a_displacement_may_not_cross_the_don(rules, state):
    state = put(rules, state, PlaceUnits(units=OVER, to=hx(rules, "1511")))
    assert hx(rules, "1611") not in takers(rules, state, ("hq57",))
    outcome = displace(rules, state, ("hq57",), ["1511", "1611"])
    assert rules_of(outcome) == ["8.2"]


def test_8_2_a_soviet_displacement_may_not_enter_the_pocket(rules, state):
    fillers = ("sfill1", "sfill2", "sfill3", "rifle")  # 24 stacking points
    state = put(rules, state, PlaceUnits(units=fillers, to=hx(rules, "4512")))
    state = at_step(state, Segment.MECHANIZED_MOVEMENT, SOVIET)
    assert hx(rules, "4411") not in takers(rules, state, ("rifle",))
    assert rules_of(displace(rules, state, ("rifle",), ["4512", "4411"])) == ["8.2"]
    assert displace(rules, state, ("rifle",), ["4512", "4513"]).verdict.legal


# --- when and by whom ----------------------------------------------------------------------


def test_9_3_units_are_displaced_at_the_end_of_a_movement_or_combat_segment(rules, state):
    combat = at_step(state, Segment.AIR_COMBAT, None, phase=Phase.AIR_OPERATIONS)
    outcome = displace(rules, combat, ("hq57",), [OPEN, "3444"])
    assert rules_of(outcome) == ["9.3"]
    assert "end of a movement or combat segment" in outcome.verdict.violations[0].message
    assert displace(rules, combat, ("hq57",), [OPEN, "3444"], Mode.ASSIST).applied
    ground_combat = at_step(state, Segment.MECHANIZED_COMBAT, GERMAN)
    assert displace(rules, ground_combat, ("hq57",), [OPEN, "3444"]).verdict.legal


def test_9_3_a_combat_segment_ends_only_within_the_stacking_limit(rules, state):
    ground_combat = at_step(state, Segment.MECHANIZED_COMBAT, GERMAN)
    refused = apply(rules, ground_combat, EndStep(), Mode.STRICT)
    assert not refused.applied and "9.2" in rules_of(refused)


def test_9_3_the_owning_player_displaces_his_own_units_even_in_the_others_segment(rules, state):
    """A retreat may overstack the side not moving; its owner displaces at the segment's end."""
    soviet = at_step(state, Segment.MECHANIZED_MOVEMENT, SOVIET)
    assert displace(rules, soviet, ("hq57",), [OPEN, "3444"]).verdict.legal
    refused = apply(
        rules,
        soviet,
        Displace(player=SOVIET, units=("hq57",), path=path_of(rules, [OPEN, "3444"])),
        Mode.STRICT,
    )
    assert rules_of(refused) == ["9.3"]
    ending = apply(rules, soviet, EndStep(), Mode.STRICT)  # the German hex blocks the end too
    assert not ending.applied and "9.2" in rules_of(ending)


def test_3_1_9_3_the_step_waits_on_the_side_a_retreat_overstacked_too(rules, state):
    """Its end waits on the German displacement: the German side acts in it too."""
    soviet = at_step(state, Segment.MECHANIZED_MOVEMENT, SOVIET)
    assert who_acts(rules, soviet) == {GERMAN, SOVIET}
    moved = displace(rules, soviet, ("hq57",), [OPEN, "3444"])
    assert who_acts(rules, hold_fire(rules, moved.state)) == {SOVIET}
    assert who_acts(rules, at_step(state, Segment.AIR_COMBAT, SOVIET)) == {SOVIET}  # no 9.3


@pytest.mark.parametrize(
    ("units", "path", "message"),
    [
        ((), (OPEN, "3444"), "name the units"),
        (("hq57", "gart"), (OPEN, "3444"), "one hex of the map together"),
        (("christea",), ("4831", "4830"), "one hex of the map together"),
        (("hq57",), ("3444", "3443"), "starts on the overstacked hex"),
    ],
)
def test_9_3_displacements_that_mean_nothing_are_invalid(rules, state, units, path, message):
    state = put(rules, state, PlaceUnits(units=("gart",), to=hx(rules, "3245")))
    for mode in Mode:
        with pytest.raises(InvalidAction, match=message):
            apply(rules, state, Displace(units=units, path=path_of(rules, path)), mode)


# --- the end of the movement segment -------------------------------------------------------


def test_9_3_the_movement_segment_does_not_end_while_a_hex_is_overstacked(rules, state):
    refused = apply(rules, state, EndStep(), Mode.STRICT)
    assert not refused.applied
    assert [str(v) for v in refused.verdict.violations] == [
        "9.2: 3445 holds 19 stacking points; no more than 18 may occupy a hex"
    ]
    logged = apply(rules, state, EndStep(), Mode.ASSIST)
    assert logged.applied and rules_of(logged) == ["9.2"]
    state = displace(rules, state, ("hq57",), [OPEN, "3444"]).state
    assert apply(rules, state, EndStep(), Mode.STRICT).applied


def test_9_3_either_sides_overstacked_hex_holds_up_the_end_of_a_segment(rules, state):
    """A retreat in the phasing player's hasty attack may overstack the other side's hex;
    its owner displaces before the segment ends."""
    state = put(rules, state, PlaceUnits(units=("hq57",), to=hx(rules, "3245")))  # 18: fine
    soviet = ("sfill1", "sfill2", "sfill3", "rifle")  # 24 Soviet stacking points
    state = put(rules, state, PlaceUnits(units=soviet, to=hx(rules, "3040")))
    assert rules_of(apply(rules, state, EndStep(), Mode.STRICT)) == ["9.2"]
    non_mech = at_step(state, Segment.NON_MECHANIZED_MOVEMENT, SOVIET)
    assert rules_of(apply(rules, non_mech, EndStep(), Mode.STRICT)) == ["9.2"]


# --- what the table asks ------------------------------------------------------------------


def test_9_2_the_overstacked_hexes_are_those_of_the_player_over_the_limit(rules, state):
    from owsqt.rules.movement.stacking import overstacked_hexes

    assert overstacked_hexes(rules, state, GERMAN) == [hx(rules, OPEN)]
    assert overstacked_hexes(rules, state, SOVIET) == []


def test_9_3_a_unit_may_be_displaced_from_an_overstacked_hex_in_its_segment_only(rules, state):
    from owsqt.rules.movement.displacement import may_displace_now

    assert may_displace_now(rules, state, "tank")
    air = at_step(state, Segment.AIR_ALLOCATION, None, phase=Phase.AIR_OPERATIONS)
    assert not may_displace_now(rules, air, "tank")
    fewer = put(rules, state, PlaceUnits(units=("hq57",), to=None))  # 18 points: within
    assert not may_displace_now(rules, fewer, "tank")


# --- as a retreat through enemy ZOCs (9.3, 11.7) and tallied (17.3) ----------------------------


def test_9_3_a_displacement_into_an_enemy_zoc_draws_fire_as_a_retreat_would(rules, state):
    from owsqt.rules.combat.fire import retreat_fire_solution
    from owsqt.rules.core.events import DiceRolled, FireResolved

    state = put(rules, state, PlaceUnits(units=("sfill1",), to=hx(rules, "3443")))
    before = state.units["mot5"].strength
    outcome = displace(rules, state, ("mot5",), [OPEN, "3444"])
    assert outcome.applied and outcome.verdict.legal
    assert outcome.state.special_fire.player is Player.SOVIET  # 11.7: the Soviet player chooses
    outcome = apply(rules, outcome.state, SpecialFire(player=Player.SOVIET, fire=True), Mode.STRICT)
    assert outcome.applied
    rolls = [e for e in outcome.events if isinstance(e, DiceRolled)]
    assert [r.purpose for r in rolls] == ["fire at a retreat"]
    assert any(isinstance(e, FireResolved) for e in outcome.events)
    solution = retreat_fire_solution(rules, state, ("sfill1",))
    lost = solution.result(rules, rolls[0].value).total  # 11.7: all strength point losses
    after = outcome.state.units["mot5"]
    assert before - after.strength == min(lost, before)


def test_9_3_a_displacement_clear_of_enemy_zocs_draws_no_fire(rules, state):
    from owsqt.rules.core.events import DiceRolled

    outcome = displace(rules, state, ("mot5",), [OPEN, "3444"])
    assert outcome.applied and not [e for e in outcome.events if isinstance(e, DiceRolled)]


def test_9_3_17_3_units_eliminated_for_want_of_a_hex_are_tallied_for_replacements(rules, state):
    from owsqt.rules.core.vocabulary import LossClass, TallyNationality

    state = surround(rules, state)  # enemy units all around: nowhere to go
    german = state.losses[TallyNationality.GERMAN].of(LossClass.INFANTRY)
    strength = state.units["mot5"].strength
    outcome = displace(rules, state, ("mot5",), [])
    assert outcome.state.units["mot5"].status is UnitStatus.ELIMINATED
    assert outcome.state.losses[TallyNationality.GERMAN].of(LossClass.INFANTRY) == (
        german + strength
    )


def test_11_7_9_3_the_zoc_owner_may_hold_fire_at_a_displacement(rules, state):
    from owsqt.rules.core.events import DiceRolled, SpecialFireHeld

    state = put(rules, state, PlaceUnits(units=("sfill1",), to=hx(rules, "3443")))
    before = state.units["mot5"].strength
    outcome = displace(rules, state, ("mot5",), [OPEN, "3444"])
    assert outcome.state.units["mot5"].hex == hx(rules, OPEN)  # stopped for the choice
    held = apply(rules, outcome.state, SpecialFire(player=Player.SOVIET, fire=False), Mode.STRICT)
    assert held.applied and held.state.special_fire is None
    assert not [e for e in held.events if isinstance(e, DiceRolled)]
    assert any(isinstance(e, SpecialFireHeld) for e in held.events)
    after = held.state.units["mot5"]
    assert (after.hex, after.strength, after.disrupted) == (hx(rules, "3444"), before, True)


def test_11_7_only_the_zoc_owner_answers_and_nothing_else_is_done_meanwhile(rules, state):
    state = put(rules, state, PlaceUnits(units=("sfill1",), to=hx(rules, "3443")))
    waiting = displace(rules, state, ("mot5",), [OPEN, "3444"]).state
    wrong = apply(rules, waiting, SpecialFire(player=GERMAN, fire=False), Mode.STRICT)
    assert not wrong.applied and rules_of(wrong) == ["11.7"]
    ended = apply(rules, waiting, EndStep(player=GERMAN), Mode.STRICT)
    assert not ended.applied and rules_of(ended) == ["11.7"]
    assert "Soviet player to choose" in ended.verdict.violations[0].message
    from owsqt.rules.actors import who_acts

    assert who_acts(rules, waiting) == {Player.SOVIET}
    nothing = apply(rules, state, SpecialFire(player=Player.SOVIET, fire=True), Mode.STRICT)
    assert not nothing.applied and rules_of(nothing) == ["11.7"]


def test_11_7_each_zoc_entered_is_asked_in_the_order_the_path_enters_them(rules, state):
    from owsqt.rules.core.events import SpecialFireOffered

    state = surround(rules, state, "3444")
    state = put(rules, state, PlaceUnits(units=("sfill8",), to=hx(rules, "3442")))
    outcome = displace(rules, state, ("mot5",), [OPEN, "3444", "3443"])
    assert outcome.applied and outcome.verdict.legal
    asked = [rules.grid.id_of(e.zoc) for e in outcome.events if isinstance(e, SpecialFireOffered)]
    state = outcome.state
    while state.special_fire is not None:
        answer = SpecialFire(player=SOVIET, fire=False)
        outcome = apply(rules, state, answer, Mode.STRICT)
        asked += [
            rules.grid.id_of(e.zoc) for e in outcome.events if isinstance(e, SpecialFireOffered)
        ]
        state = outcome.state
    assert asked == ["3444", "3443"]  # both in Soviet ZOCs: asked one after the other
    assert state.units["mot5"].hex == hx(rules, "3443")
