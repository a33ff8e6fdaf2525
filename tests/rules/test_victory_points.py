"""The campaigns' victory points (19.33, 19.42): each German and Soviet source, each
boundary, the corridor opened and closed, the penalties of the optional units, the
Victory Table's rows, and the result the game ends with."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.rules.core.actions import EndStep, SetMarker
from owsqt.rules.core.codec import decode_record, encode
from owsqt.rules.core.events import GameEnded, VictoryPointsEarned
from owsqt.rules.core.hexgrid import ring
from owsqt.rules.core.state import Award, GameState, ThunderclapState
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, ThunderclapStatus, UnitMarker, UnitStatus
from owsqt.rules.data.units import Nationality
from owsqt.rules.engine import apply
from owsqt.rules.movement.zoc import zoc_holders
from owsqt.rules.victory.corridor import corridor, corridor_gap
from owsqt.rules.victory.points import count, strength_lost
from owsqt.rules.victory.result import live_standing, scenario_result
from tests.rules.victorykit import (
    FAR,
    HQ,
    SIXTH,
    TANK,
    empty_campaign,
    hex_at,
    place,
    pocket_hex,
    put,
    remove,
    with_losses,
    zoc_units,
)

MOVING = (Phase.FIRST_PLAYER, Segment.MECHANIZED_MOVEMENT)


@pytest.fixture(scope="module")
def empty(shipped):
    return empty_campaign(shipped)


def sources(state: GameState) -> list[str]:
    return [award.source for award in state.victory_ledger]


def lines_of(rules, state):
    found = count(rules, state)
    return {line.source: line for line in found.lines}


# --- within 18 and 5 hexes -------------------------------------------------------------------


def test_19_33_a_german_unit_19_hexes_from_the_pocket_earns_nothing(shipped, empty):
    outcome = place(shipped, empty, TANK, hex_at(shipped, 19))
    assert outcome.state.victory_ledger == () and outcome.events[-1:] != ()
    assert not any(isinstance(e, VictoryPointsEarned) for e in outcome.events)


def test_19_33_within_18_hexes_earns_1_vp_once_with_its_turn_and_step(shipped, empty):
    state = replace(empty, turn=5)
    outcome = place(shipped, state, TANK, hex_at(shipped, 18))
    (award,) = outcome.state.victory_ledger
    assert (award.source, award.player, award.points, award.turn) == (
        "within_18",
        Player.GERMAN,
        1,
        5,
    )
    assert (award.phase, award.segment, award.detail) == (state.phase, state.segment, TANK)
    earned = [e for e in outcome.events if isinstance(e, VictoryPointsEarned)]
    assert earned == [VictoryPointsEarned(award)]
    assert "19.33" in earned[0].describe(shipped) and "18 hexes" in earned[0].describe(shipped)
    again = place(shipped, outcome.state, "de-6pz-11pzr-2", hex_at(shipped, 18, 1))
    assert sources(again.state) == ["within_18"]  # once in the game


def test_19_33_within_5_hexes_at_5_not_6(shipped, empty):
    six = place(shipped, empty, TANK, hex_at(shipped, 6)).state
    assert sources(six) == ["within_18"]
    five = place(shipped, six, TANK, hex_at(shipped, 5)).state
    assert sources(five) == ["within_18", "within_5"]
    assert count(shipped, five).german == 2


def test_19_33_the_award_stays_when_the_unit_goes_back(shipped, empty):
    state = place(shipped, empty, TANK, hex_at(shipped, 5)).state
    state = place(shipped, state, TANK, hex_at(shipped, 30)).state
    assert sources(state) == ["within_18", "within_5"]
    assert count(shipped, state).german == 2


def test_19_33_sixth_army_and_rumanian_units_advance_to_nothing(shipped, empty):
    state = place(shipped, empty, SIXTH, pocket_hex(shipped)).state
    rumanian = next(
        uid
        for uid, unit in sorted(shipped.catalogue.ground.items())
        if unit.nationality is Nationality.RUMANIAN and uid in empty.units
    )
    state = place(shipped, state, rumanian, hex_at(shipped, 3)).state
    assert state.victory_ledger == ()


def test_19_33_nothing_is_earned_during_the_set_up(shipped, empty):
    state = replace(empty, phase=Phase.SETUP, segment=Segment.GERMAN_SETUP)
    assert place(shipped, state, TANK, hex_at(shipped, 2)).state.victory_ledger == ()


def test_19_33_the_short_scenarios_keep_no_ledger(shipped, empty):
    state = replace(empty, scenario="we-are-coming")
    assert place(shipped, state, TANK, hex_at(shipped, 2)).state.victory_ledger == ()


# --- the relief convoys ----------------------------------------------------------------------


def test_19_33_each_convoy_entering_the_pocket_earns_1_vp_once(shipped, empty):
    state = place(shipped, empty, "de-convoy-1", hex_at(shipped, 1)).state
    assert "convoy_in_pocket" not in sources(state)
    state = place(shipped, state, "de-convoy-1", pocket_hex(shipped)).state
    state = place(shipped, state, "de-convoy-1", pocket_hex(shipped, 1)).state
    assert sources(state).count("convoy_in_pocket") == 1
    state = place(shipped, state, "de-convoy-2", pocket_hex(shipped, 2)).state
    convoys = [a.detail for a in state.victory_ledger if a.source == "convoy_in_pocket"]
    assert convoys == ["de-convoy-1", "de-convoy-2"]
    state = remove(shipped, state, "de-convoy-1").state  # destroyed later: still earned
    assert sources(state).count("convoy_in_pocket") == 2


# --- the corridor ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def ringed(shipped, empty):
    """The 57th Panzer Corps HQ on 1652 with a Soviet unit on each hex around it."""
    state = put(shipped, empty, HQ, FAR)
    around = sorted(shipped.grid.id_of(h) for h in ring(shipped.grid.hex_of(FAR), 1))
    for unit_id, hex_id in zip(zoc_units(shipped, 6), around, strict=True):
        state = put(shipped, state, unit_id, hex_id)
    return state, around


def test_19_33_no_corridor_while_soviet_units_and_their_zocs_shut_the_path(shipped, ringed):
    state, around = ringed
    assert corridor(shipped, state) is None
    blocker = state.stack(shipped.grid.hex_of(around[0]))[0]
    gone = remove(shipped, state, blocker).state  # its hex is still in the others' ZOC
    assert corridor(shipped, gone) is None and "corridor_opened" not in sources(gone)


def test_19_33_a_german_unit_blocks_the_soviet_zoc_and_opens_the_corridor(shipped, ringed):
    state, around = ringed
    blocker = state.stack(shipped.grid.hex_of(around[0]))[0]
    state = remove(shipped, state, blocker).state
    opened = place(shipped, replace(state, turn=7), TANK, around[0]).state
    award = opened.victory_ledger[-1]
    assert (award.source, award.points, award.turn) == ("corridor_opened", 1, 7)
    assert shipped.grid.hex_of(award.detail) in shipped.game_map.pocket


def test_19_33_10_3_the_corridor_gap_counts_what_shuts_it(shipped, ringed):
    """corridor_gap: the fewest hexes between the pocket and the HQ that shut the
    corridor, 2 for one a Soviet unit holds, 1 for one only in a Soviet ZOC: a Soviet
    unit and the ZOC hex beyond it around the HQ; its hex alone once it is gone, still in
    the others' ZOC; none once a German unit stands there: the corridor is open."""
    state, around = ringed
    assert corridor_gap(shipped, state) == 3
    blocker = state.stack(shipped.grid.hex_of(around[0]))[0]
    gone = remove(shipped, state, blocker).state
    assert corridor_gap(shipped, gone) == 1
    opened = place(shipped, gone, TANK, around[0]).state
    assert corridor_gap(shipped, opened) == 0 and corridor(shipped, opened) is not None


def test_19_33_no_corridor_gap_without_the_hq_on_the_map(shipped, empty):
    assert corridor_gap(shipped, empty) is None
    assert corridor_gap(shipped, put(shipped, empty, HQ, FAR)) == 0


def test_19_33_a_rumanian_unit_does_not_block_the_soviet_zoc_a_german_one_does(shipped, ringed):
    """Reading 170: "German units block Soviet ZOCs for this purpose"; a Rumanian unit
    is no German unit, so the hole it stands in stays shut until a German one joins it."""
    state, around = ringed
    blocker = state.stack(shipped.grid.hex_of(around[0]))[0]
    state = remove(shipped, state, blocker).state
    rumanian = place(shipped, state, "ro-8cd-3ros", around[0]).state
    assert corridor(shipped, rumanian) is None and rumanian.victory_ledger == ()
    german = place(shipped, rumanian, TANK, around[0]).state
    assert sources(german) == ["corridor_opened"]


def test_19_33_a_corridor_opened_by_a_disruption_alone_earns_1_vp_at_its_turn_and_step(
    shipped, ringed
):
    """13.0: a disrupted unit has no ZOC. No unit moves: the two Soviet units whose ZOC
    alone shuts the hole in the ring are disrupted, and the corridor opens there."""
    state, around = ringed
    gap = shipped.grid.hex_of(around[0])
    state = remove(shipped, state, state.stack(gap)[0]).state
    holders = zoc_holders(shipped, state, Player.SOVIET, gap)
    assert len(holders) == 2 and corridor(shipped, state) is None
    combat = (Phase.SECOND_PLAYER, Segment.NON_MECHANIZED_COMBAT)
    state = replace(state, turn=9, phase=combat[0], segment=combat[1])
    disrupt = SetMarker(units=holders, marker=UnitMarker.DISRUPTED, on=True)
    outcome = apply(shipped, state, disrupt, Mode.FREE)
    (award,) = outcome.state.victory_ledger
    assert (award.source, award.points, award.turn) == ("corridor_opened", 1, 9)
    assert (award.phase, award.segment) == combat
    assert award.detail == shipped.grid.id_of(corridor(shipped, outcome.state))
    assert VictoryPointsEarned(award) in outcome.events


def test_19_33_a_corridor_opened_then_closed_gives_1_vp(shipped, ringed):
    state, around = ringed
    blocker = state.stack(shipped.grid.hex_of(around[0]))[0]
    state = remove(shipped, state, blocker).state
    state = place(shipped, state, TANK, around[0]).state
    state = place(shipped, state, TANK, hex_at(shipped, 40)).state  # closed again
    assert corridor(shipped, state) is None
    lines = lines_of(shipped, state)
    assert lines["corridor_opened"].counted and "corridor_at_end" not in lines
    assert count(shipped, state).german == 1


def test_19_33_a_corridor_at_the_end_gives_5_vp_and_not_the_1(shipped, ringed):
    state, around = ringed
    blocker = state.stack(shipped.grid.hex_of(around[0]))[0]
    state = remove(shipped, state, blocker).state
    state = place(shipped, state, TANK, around[0]).state
    lines = lines_of(shipped, state)
    assert lines["corridor_at_end"].points == 5 and not lines["corridor_opened"].counted
    assert count(shipped, state).german == 5


def test_19_33_no_corridor_without_the_57th_panzer_corps_hq_on_the_map(shipped, empty):
    assert corridor(shipped, empty) is None
    assert corridor(shipped, put(shipped, empty, HQ, FAR)) is not None  # nothing in the way


# --- the Soviet sources ----------------------------------------------------------------------


@pytest.mark.parametrize(("lost", "points"), [(49, 0), (50, 1), (99, 1), (100, 2)])
def test_19_33_1_vp_for_every_full_50_german_strength_points_lost(shipped, empty, lost, points):
    state = with_losses(shipped, empty, lost, hex_at(shipped, 40))
    assert strength_lost(shipped, state) == lost
    assert lines_of(shipped, state)["losses"].points == points
    assert count(shipped, state).soviet == points


def test_19_33_a_destroyed_unit_loses_its_whole_strength_a_unit_never_arrived_none(shipped, empty):
    catalogue = shipped.catalogue.ground
    state = put(shipped, empty, TANK, hex_at(shipped, 40))
    state = state.with_unit(TANK, replace(state.units[TANK], status=UnitStatus.ELIMINATED))
    assert strength_lost(shipped, state) == catalogue[TANK].combat
    lost = state.with_unit(TANK, replace(state.units[TANK], status=UnitStatus.PERMANENTLY_LOST))
    assert strength_lost(shipped, lost) == catalogue[TANK].combat
    assert strength_lost(shipped, empty) == 0  # not arrived: never in play


def test_19_33_rumanian_losses_are_not_german_strength_points(shipped, empty):
    rumanian = next(
        uid
        for uid, unit in sorted(shipped.catalogue.ground.items())
        if unit.nationality is Nationality.RUMANIAN and unit.combat > 0 and uid in empty.units
    )
    state = put(shipped, empty, rumanian, hex_at(shipped, 40))
    state = state.with_unit(rumanian, replace(state.units[rumanian], strength=0))
    assert strength_lost(shipped, state) == 0


@pytest.mark.parametrize(
    ("status", "points"),
    [
        (ThunderclapStatus.NOT_ATTEMPTED, 0),
        (ThunderclapStatus.DENIED, 0),
        (ThunderclapStatus.ACTIVE, 1),
        (ThunderclapStatus.LINKED, 1),
        (ThunderclapStatus.ENDED, 1),
    ],
)
def test_19_33_thunderclap_commenced_without_a_corridor_gives_the_soviet_1_vp(
    shipped, empty, status, points
):
    state = replace(empty, thunderclap=ThunderclapState(status, 3))
    assert count(shipped, state).soviet == points


def test_19_33_thunderclap_with_a_corridor_opened_once_gives_nothing(shipped, empty):
    opened = Award("corridor_opened", Player.GERMAN, 1, 4, *MOVING)
    state = replace(
        empty,
        thunderclap=ThunderclapState(ThunderclapStatus.ENDED, 3),
        victory_ledger=(opened,),
    )
    assert count(shipped, state).soviet == 0 and count(shipped, state).german == 1


# --- 19.42 the optional units ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "points"),
    [
        ((), 0),
        (("16th-motorized-division",), 2),
        (("support-units",), 1),
        (("15th-luftwaffe-field-division",), 1),
        (("support-units", "15th-luftwaffe-field-division"), 1),
        (("17th-panzer-from-start",), 0),
        (
            (
                "support-units",
                "15th-luftwaffe-field-division",
                "16th-motorized-division",
                "17th-panzer-from-start",
            ),
            3,
        ),
    ],
)
def test_19_42_the_soviet_points_for_the_optional_units(shipped, empty, options, points):
    state = replace(empty, scenario="maximum-effort", options=options)
    found = count(shipped, state)
    assert found.soviet == points
    assert found.result.rule == "19.42"


# --- the Victory Table -----------------------------------------------------------------------


def german_points(points: int) -> Award:
    return Award("within_18", Player.GERMAN, points, 1, *MOVING)


@pytest.mark.parametrize(
    ("net", "winner", "level"),
    [
        (9, Player.GERMAN, "decisive"),
        (8, Player.GERMAN, "decisive"),
        (7, Player.GERMAN, "significant"),
        (5, Player.GERMAN, "significant"),
        (4, Player.GERMAN, "marginal"),
        (2, Player.GERMAN, "marginal"),
        (1, None, "a draw"),
        (0, Player.SOVIET, "marginal"),
        (-1, Player.SOVIET, "significant"),
        (-2, Player.SOVIET, "decisive"),
        (-3, Player.SOVIET, "decisive"),
    ],
)
def test_19_33_the_net_on_the_victory_table_at_each_row(shipped, empty, net, winner, level):
    soviet = max(0, -net)
    state = with_losses(shipped, empty, 50 * soviet, hex_at(shipped, 40))
    if net > 0:
        state = replace(state, victory_ledger=(german_points(net),))
    found = count(shipped, state)
    assert found.net == net
    assert found.result.winner is winner
    assert found.result.reason.startswith(level)
    assert f"net {net} VP" in found.result.reason and found.result.rule == "19.33"


def test_19_33_the_historical_note_is_a_soviet_marginal_victory(shipped, empty):
    state = place(shipped, empty, TANK, hex_at(shipped, 18)).state
    state = with_losses(shipped, state, 55, hex_at(shipped, 40))
    found = count(shipped, state)
    assert (found.german, found.soviet) == (1, 1)
    assert found.result.text().startswith("The Soviet player wins: marginal victory")


# --- live and at the end ---------------------------------------------------------------------


def test_19_33_the_live_standing_adds_what_the_end_would_add_now(shipped, empty):
    state = place(shipped, empty, TANK, hex_at(shipped, 18)).state
    state = with_losses(shipped, state, 120, hex_at(shipped, 40))
    standing = live_standing(shipped, state)
    assert standing is not None and standing.net == 1 - 2
    assert scenario_result(shipped, state) == standing.result


def test_19_33_the_campaign_ends_after_its_last_turn_with_its_points(shipped, empty):
    state = place(shipped, empty, TANK, hex_at(shipped, 18)).state
    state = replace(state, turn=state.last_turn)
    events = []
    while state.phase is not Phase.GAME_OVER:
        outcome = apply(shipped, state, EndStep(), Mode.FREE)
        state = outcome.state
        events.extend(outcome.events)
    assert state.result is not None and state.result.rule == "19.33"
    assert state.result.reason.startswith("a draw: net 1 VP")
    assert GameEnded(state.result) in events


def test_19_33_the_ledger_is_saved_and_an_old_game_without_it_loads(shipped, empty):
    state = place(shipped, empty, TANK, hex_at(shipped, 18)).state
    data = encode(state, shipped.grid)
    assert decode_record(GameState, data, shipped.grid) == state
    del data["victory_ledger"]
    assert decode_record(GameState, data, shipped.grid).victory_ledger == ()


def test_19_33_the_log_names_the_convoy_and_the_corridors_pocket_hex(shipped, empty):
    state = place(shipped, empty, "de-convoy-3", pocket_hex(shipped, 5)).state
    convoy = next(a for a in state.victory_ledger if a.source == "convoy_in_pocket")
    text = VictoryPointsEarned(convoy).describe(shipped)
    assert text == (
        f"1 victory point to the German player: {shipped.unit_name('de-convoy-3')} entered "
        "the pocket (19.33)"
    )
    opened = Award("corridor_opened", Player.GERMAN, 1, 2, *MOVING, detail="3008")
    assert VictoryPointsEarned(opened).describe(shipped) == (
        "1 victory point to the German player: a corridor opened into the pocket at 3008 (19.33)"
    )
