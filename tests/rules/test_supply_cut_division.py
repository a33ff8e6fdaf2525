"""A division headquarters cut from its supplied army headquarters (14.2, 10.3): the
second segment of the Soviet supply line fails, and the division with it, in the Supply
Determination Segment the engine enters in STRICT play."""

from __future__ import annotations

from owsqt.rules.core.actions import EndStep
from owsqt.rules.core.events import SupplyChanged
from owsqt.rules.core.hexgrid import ring
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, Supply
from owsqt.rules.data.units import UnitClass
from owsqt.rules.engine import apply
from owsqt.rules.movement.zoc import exerts_zoc, zoc_of
from owsqt.rules.supply.lines import trace_supply
from tests.rules.movekit import at_step
from tests.rules.test_supply import CENTRE, place, start_state

DIVISION_HQ, ARMY_HQ = "su-302rd-hq", "su-51a-hq"


def german_ring(rules, state):
    """The 302nd Rifle Division's HQ alone on CENTRE, German battalions with a ZOC on
    every other hex of the ring two hexes away: every hex next to it lies in a German
    ZOC that no Soviet unit negates (10.3)."""
    state = place(rules, state, (DIVISION_HQ,), CENTRE)
    centre = rules.grid.hex_of(CENTRE)
    germans = [
        u
        for u, unit in state.units.items()
        if unit.hex is not None
        and rules.catalogue.ground[u].player is Player.GERMAN
        and rules.catalogue.ground[u].unit_class is UnitClass.INFANTRY
        and exerts_zoc(rules, state, u)
    ]
    for unit_id, hex_ in zip(germans, ring(centre, 2)[::2], strict=False):
        state = place(rules, state, (unit_id,), hex_)
    assert set(ring(centre, 1)) <= zoc_of(rules, state, Player.GERMAN)
    return state


def test_14_2_a_division_hq_cut_from_its_supplied_army_hq_loses_supply_with_its_division(
    shipped,
):
    """We are coming!: the 51st Army HQ traces to the map edge; its 302nd Rifle Division's
    HQ, ringed, has no line to it, nor have the division's regiments a supplied HQ. At
    the German phase's end the Soviet Supply Determination Segment puts them all on
    organic supply (14.3), the army HQ staying in regular supply."""
    start = start_state(shipped)
    alone = place(shipped, start, (DIVISION_HQ,), CENTRE)
    assert DIVISION_HQ in trace_supply(shipped, alone, Player.SOVIET).supplied
    state = german_ring(shipped, start)
    trace = trace_supply(shipped, state, Player.SOVIET)
    assert ARMY_HQ in trace.supplied
    assert trace.why_not[DIVISION_HQ] == f"no line to {shipped.unit_name(ARMY_HQ)} (14.2, 10.3)"
    ground = shipped.catalogue.ground
    division = {u for u in state.units if ground[u].formation == "su-302rd"}
    state = at_step(state, Segment.MECHANIZED_COMBAT, Player.GERMAN)
    outcome = apply(shipped, state, EndStep(player=Player.GERMAN), Mode.STRICT)
    assert outcome.applied, outcome.verdict
    assert (outcome.state.phase, outcome.state.segment, outcome.state.active) == (
        Phase.SECOND_PLAYER,
        Segment.SUPPLY_DETERMINATION,
        Player.SOVIET,
    )
    changed = {e.unit: e.supply for e in outcome.events if isinstance(e, SupplyChanged)}
    assert changed == dict.fromkeys(division, Supply.ORGANIC)
    assert outcome.state.units[ARMY_HQ].supply is Supply.REGULAR
