"""Supply (14.1-14.4, 10.3): the chains of command, tracing lines through the map and past
enemy zones of control, the modes' history, and the Supply Determination Segment."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.rules.core.actions import EndStep, PlaceUnits
from owsqt.rules.core.hexgrid import distance, ring
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, Supply
from owsqt.rules.data.units import UnitClass
from owsqt.rules.engine import apply
from owsqt.rules.supply.chains import chains_of
from owsqt.rules.supply.determination import determine_supply, next_mode
from owsqt.rules.supply.lines import trace_supply
from owsqt.session import new_game

HQ = "de-6pz-hq"
CENTRE = "2448"  # open country, nothing within four hexes at the start of We are coming


@pytest.fixture(scope="module")
def start(shipped):
    return start_state(shipped)


def start_state(rules):
    """We are coming!, both sides set up by default."""
    session = new_game(rules, "we-are-coming", Mode.FREE, seed=1)
    session.apply_default_setup()
    return session.state


def place(rules, state, units, hex_id):
    to = rules.grid.hex_of(hex_id) if isinstance(hex_id, str) else hex_id
    outcome = apply(rules, state, PlaceUnits(units=tuple(units), to=to), Mode.FREE)
    assert outcome.applied
    return outcome.state


def soviet_fighters(rules, state, count):
    return [
        u
        for u, unit in state.units.items()
        if unit.hex is not None
        and rules.catalogue.ground[u].player is Player.SOVIET
        and rules.catalogue.ground[u].unit_class is UnitClass.INFANTRY
    ][:count]


def ringed(rules, state):
    """The 6th Panzer Division HQ alone on CENTRE, Soviet units on the six corners of the
    ring two hexes away: every hex next to it lies in a Soviet ZOC."""
    state = place(rules, state, (HQ,), CENTRE)
    centre = rules.grid.hex_of(CENTRE)
    corners = ring(centre, 2)[::2]
    for unit_id, corner in zip(soviet_fighters(rules, state, 6), corners, strict=True):
        state = place(rules, state, (unit_id,), corner)
    return state


# --- the chains (14.2) ---------------------------------------------------------------------


def test_14_2_each_unit_traces_to_its_division_then_its_army(shipped):
    chains = chains_of(shipped)
    regiment = next(
        u for u in shipped.catalogue.ground if u.startswith("su-302rd-") and u != "su-302rd-hq"
    )
    link = chains.links[regiment]
    assert link.headquarters == ("su-302rd-hq",) and link.hexes == 8
    assert chains.division_tops["su-302rd-hq"] == "su-51a-hq" and "su-51a-hq" in chains.tops
    tank = next(u for u in shipped.catalogue.ground if u.startswith("su-4mc-") and u != "su-4mc-hq")
    assert chains.links[tank].hexes == 15  # tank and mechanized corps
    assert chains.links["de-6pz-11pzr-1"] == replace(chains.links["de-6pz-11pzr-1"], hexes=20)
    assert chains.division_tops["de-6pz-hq"] is None  # German divisions trace to the edge
    assert chains.division_tops["ro-4id-hq"] == "ro-7c-hq"  # Rumanian: to the corps HQ


def test_14_2_the_three_corps_act_as_armies_and_independents_use_any_division(shipped):
    chains = chains_of(shipped)
    assert {"su-4cc-hq", "su-1grc-hq", "su-13grc-hq"} <= chains.tops
    assert chains.division_tops["su-61cd-hq"] == "su-4cc-hq"
    independent = next(
        u
        for u, d in shipped.catalogue.ground.items()
        if d.formation == "su-51a" and d.unit_class is not UnitClass.HEADQUARTERS
    )
    link = chains.links[independent]
    assert link.independent and "su-302rd-hq" in link.headquarters and link.hexes == 8
    assert "de-57pzk-hq" in chains.tops  # reading: the corps HQ traces to the edge


def test_14_2_5_1_the_sixth_army_is_not_traced_here(shipped):
    chains = chains_of(shipped)
    sixth = [u for u, d in shipped.catalogue.ground.items() if d.formation == "de-6a-ag"]
    assert sixth and not any(chains.traced(u) for u in sixth)


# --- tracing (14.2, 10.3) ------------------------------------------------------------------


def test_14_2_every_unit_set_up_by_the_scenario_is_in_supply(shipped, start):
    for player in Player:
        assert trace_supply(shipped, start, player).why_not == {}


def test_14_2_a_unit_farther_than_its_leg_allows_is_cut_off(shipped, start):
    unit = "de-6pz-11pzr-1"
    hq = start.units[HQ].hex
    near = next(h for h in ring(hq, 1) if not start.stack(h))
    far = next(h for h in ring(hq, 24) if h in shipped.game_map.hexes and not start.stack(h))
    assert distance(hq, far) > 20  # no line of 20 hexes can reach it
    assert (
        unit in trace_supply(shipped, place(shipped, start, (unit,), near), Player.GERMAN).supplied
    )
    trace = trace_supply(shipped, place(shipped, start, (unit,), far), Player.GERMAN)
    assert unit not in trace.supplied
    assert "20 hexes" in trace.why_not[unit] and "(14.2" in trace.why_not[unit]


def test_10_3_no_line_passes_an_enemy_zoc(shipped, start):
    alone = place(shipped, start, (HQ,), CENTRE)
    assert HQ in trace_supply(shipped, alone, Player.GERMAN).supplied
    trace = trace_supply(shipped, ringed(shipped, start), Player.GERMAN)
    assert HQ not in trace.supplied and "map edge" in trace.why_not[HQ]
    cut = [u for u, d in shipped.catalogue.ground.items() if d.formation == "de-6pz"]
    assert all(u not in trace.supplied for u in cut if start.units[u].hex is not None)


def test_10_3_friendly_units_negate_enemy_zocs_for_the_line(shipped, start):
    state = ringed(shipped, start)
    centre = shipped.grid.hex_of(CENTRE)
    first = ring(centre, 1)[0]
    second = next(h for h in ring(centre, 2)[1::2] if distance(h, first) == 1)
    third = next(h for h in ring(centre, 3) if distance(h, second) == 1 and distance(h, first) == 2)
    germans = ["de-6pz-11pzr-2", "de-6pz-4pgr-1", "de-6pz-4pgr-2"]
    for unit_id, hex_ in zip(germans, (first, second, third), strict=True):
        state = place(shipped, state, (unit_id,), hex_)
    assert HQ in trace_supply(shipped, state, Player.GERMAN).supplied


# --- the modes (14.3, 14.4) ----------------------------------------------------------------


def test_14_3_14_4_regular_then_organic_then_out_of_supply():
    assert next_mode(Supply.REGULAR, traced=False) is Supply.ORGANIC
    assert next_mode(Supply.ORGANIC, traced=False) is Supply.OUT
    assert next_mode(Supply.OUT, traced=False) is Supply.OUT
    assert next_mode(Supply.OUT, traced=True) is Supply.REGULAR


def test_14_1_the_segment_sets_the_phasing_players_modes(shipped, start):
    state = ringed(shipped, start)
    state, events = determine_supply(shipped, state, Player.GERMAN)
    assert state.units[HQ].supply is Supply.ORGANIC and events
    state, _ = determine_supply(shipped, state, Player.GERMAN)
    assert state.units[HQ].supply is Supply.OUT
    soviet = soviet_fighters(shipped, state, 1)[0]
    assert state.units[soviet].supply is Supply.REGULAR  # only the phasing side's units


def test_14_1_14_4_a_cut_off_division_goes_organic_then_out_of_supply_turn_by_turn(shipped, start):
    """The German division HQ ringed at the start of turn 1 in STRICT play: organic in the
    German Player Phase of turn 1, out of supply in that of turn 2."""
    state = ringed(shipped, start)
    modes = {}
    while state.turn <= 2:
        if state.segment is Segment.SUPPLY_DETERMINATION and state.active is Player.GERMAN:
            modes.setdefault(state.turn, state.units[HQ].supply)
        state = _end_step(shipped, state)
    assert modes == {1: Supply.ORGANIC, 2: Supply.OUT}


def _end_step(rules, state):
    from owsqt.rules.air.allocation import STEP_THREE, allocation_step
    from owsqt.rules.core.actions import AllocateAir, DeclareAttacks
    from owsqt.rules.core.frozenmap import FrozenMap
    from owsqt.rules.turn.initiative import determined_this_turn

    step = allocation_step(rules, state)
    if step is not None and step[1] != STEP_THREE:
        action = AllocateAir(player=step[0], missions=FrozenMap())
    elif state.phase is Phase.INITIATIVE and not determined_this_turn(state):
        bidder = next(p for p in Player if p not in state.initiative.planned_attacks)
        action = DeclareAttacks(player=bidder, planned=0)
    else:
        action = EndStep(player=state.active)
    outcome = apply(rules, state, action, Mode.STRICT)
    assert outcome.applied, outcome.verdict
    return outcome.state
