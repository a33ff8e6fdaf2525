"""[18.1] A side's world under fog of war: its own units whole, the enemy's as they show and a
phantom for each hidden counter, on which the rules judge the side as on the whole game."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from owsqt.rules.actors import who_acts
from owsqt.rules.core.actions import PreparedAttack
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.state import EntrenchmentState
from owsqt.rules.core.verdict import InvalidAction, Mode
from owsqt.rules.core.vocabulary import Entrenchment, Player
from owsqt.rules.data.units import UnitCatalogue, UnitClass, UnitType
from owsqt.rules.engine import judge
from owsqt.rules.fog.option import FOG_OF_WAR
from owsqt.rules.fog.view import view
from owsqt.rules.legalactions import candidate_actions, movable_stacks
from owsqt.rules.movement.arrivals import WAITING
from owsqt.rules.movement.stackmove import stack_move
from owsqt.rules.movement.zoc import zoc_holders, zoc_of
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.rules.worlds.belief import (
    belief,
    believed,
    phantoms_by_hex,
    phantoms_renamed,
    with_phantoms,
)
from owsqt.rules.worlds.exposure import exposure
from owsqt.rules.worlds.phantoms import PhantomKind, is_phantom
from owsqt.rules.worlds.rename import renamed
from owsqt.session import new_game
from tests.rules.combatkit import combat_rules, fogged_board
from tools.fuzz.solo import choose_legal

GERMAN, SOVIET = Player.GERMAN, Player.SOVIET


@pytest.fixture
def rules(ruleset):
    return combat_rules(ruleset)


@pytest.fixture
def board(rules):
    return fogged_board(rules)


def disrupt(state, *unit_ids):
    for unit_id in unit_ids:
        state = state.with_unit(unit_id, replace(state.units[unit_id], disrupted=True))
    return state


def entrench(state, hex_, owner):
    marker = EntrenchmentState(owner, Entrenchment.COMPLETE, 1)
    return replace(state, entrenchments=FrozenMap({hex_: marker}))


def test_18_1_a_world_holds_no_hidden_enemy_unit_and_each_own_unit_whole(rules, board):
    state, target, armored, _motorized = board
    world = belief(rules, state, GERMAN)
    assert "at" not in world.state.units  # under the rifles (18.1)
    rifle, phantom = world.state.stack(target)
    assert rifle == "rifle" and is_phantom(phantom)
    assert world.phantoms[target] == (phantom,)
    assert world.ruleset.catalogue.ground[phantom].player is SOVIET
    for unit_id in ("tank", "mech", "mot6", "mot5"):
        assert world.state.units[unit_id] == state.units[unit_id]
    # The Soviet world sees the German tanks on top, and a phantom for the mech under them.
    soviet = belief(rules, state, SOVIET)
    assert soviet.state.stack(armored)[0] == "tank"
    assert "mech" not in soviet.state.units
    assert view(rules, state, SOVIET).hidden[armored] == len(soviet.phantoms[armored]) == 1


def test_18_1_a_world_is_built_from_the_enemy_exposure_only(rules, board):
    state = board[0]
    with pytest.raises(ValueError, match="enemy's exposure"):
        believed(rules, state, GERMAN, exposure(rules, state, GERMAN))


def test_18_1_no_unit_of_the_data_may_look_like_a_phantom(rules):
    ground = dict(rules.catalogue.ground)
    ground["~odd"] = replace(ground["rifle"], id="~odd")
    odd = replace(rules, catalogue=UnitCatalogue(ground, rules.catalogue.air))
    with pytest.raises(ValueError, match="~odd"):
        with_phantoms(odd)


@pytest.mark.parametrize("hidden_type", [UnitType.ANTITANK, UnitType.INFANTRY])
@pytest.mark.parametrize("hidden_disrupted", [False, True])
def test_10_1_a_hidden_zone_of_control_is_felt_without_seeing_its_unit(
    rules, board, hidden_disrupted, hidden_type
):
    state, _target, _armored, _motorized = board
    ground = dict(rules.catalogue.ground)
    ground["at"] = replace(ground["at"], type=hidden_type)
    rules = replace(rules, catalogue=replace(rules.catalogue, ground=ground))
    # The rifles on top are disrupted (their DIS marker shows) and have no ZOC (13.0); the
    # antitank regiment under them keeps one unless it is disrupted too.
    state = disrupt(state, "rifle", *(["at"] if hidden_disrupted else []))
    truth = zoc_of(rules, state, SOVIET)
    assert bool(truth) is not hidden_disrupted
    world = belief(rules, state, GERMAN)
    assert zoc_of(world.ruleset, world.state, SOVIET) == truth


def test_11_8_armour_hidden_in_an_entrenched_stack_still_stops_an_advance(rules, board):
    state, _target, armored, _motorized = board
    state = entrench(state, armored, GERMAN)  # the tanks and the mech: nothing shows
    world = belief(rules, state, SOVIET)
    assert world.state.stack(armored) == world.phantoms[armored]
    kinds = {world.ruleset.catalogue.ground[u].type for u in world.phantoms[armored]}
    assert UnitType.TANK in kinds

    def armour_holds(rules_, state_):
        return {
            hex_
            for hex_ in zoc_of(rules_, state_, GERMAN)
            if any(
                rules_.catalogue.ground[u].unit_class is UnitClass.ARMOR
                for u in zoc_holders(rules_, state_, GERMAN, hex_)
            )
        }

    assert armour_holds(rules, state)
    assert armour_holds(world.ruleset, world.state) == armour_holds(rules, state)


def test_16_3_a_hidden_stack_of_convoys_is_felt_as_convoys(rules, board):
    state, target, _armored, _motorized = board
    ground = dict(rules.catalogue.ground)
    for unit_id in ("rifle", "at"):
        ground[unit_id] = replace(ground[unit_id], type=UnitType.CONVOY, combat=0)
        state = state.with_unit(unit_id, replace(state.units[unit_id], strength=0))
    convoys = replace(rules, catalogue=replace(rules.catalogue, ground=ground))
    world = belief(convoys, state, GERMAN)
    assert [world.ruleset.catalogue.ground[u].unit_class for u in world.phantoms[target]] == [
        UnitClass.CONVOY
    ]
    attack = PreparedAttack(target=target, units=("tank", "mech"), lead="tank", player=GERMAN)
    for ruleset, board_state, convoy_only in ((convoys, state, True), (rules, board[0], False)):
        for dug_in in (False, True):  # 18.1: entrenched, no counter shows
            truth = entrench(board_state, target, SOVIET) if dug_in else board_state
            world = belief(ruleset, truth, GERMAN)
            broken = [v.rule for v in judge(ruleset, truth, attack).violations]
            assert ("16.3" in broken) is convoy_only
            assert [v.rule for v in judge(world.ruleset, world.state, attack).violations] == broken


SCENARIO = "hoths-last-gasp"
PLAYED = 240  # random legal actions after both set-ups: into the second player's phase
EVERY = 6  # a world is built for each acting side at every sixth state


@pytest.fixture(scope="module")
def compared():
    """Judged candidates, reaches and zones of control of a fuzzed fogged strict game,
    each on the acting side's world and on the whole game: (kind, same) pairs."""
    rules = default_ruleset()
    session = new_game(rules, SCENARIO, Mode.STRICT, seed=5, options=(FOG_OF_WAR,))
    session.apply_default_setup()
    rng = random.Random(5)
    found: list[tuple[str, bool]] = []
    for number in range(PLAYED):
        state = session.state
        if number % EVERY == 0:
            for side in who_acts(rules, state):
                found.extend(_compare(rules, state, side, random.Random(number)))
        assert session.submit(choose_legal(rules, state, rng, AssertionError)).applied
    return found


def _compare(rules, state, side, rng):
    world = belief(rules, state, side)
    hidden = set(state.units) - set(view(rules, state, side).state.units)
    text = repr(world.state)
    yield "secret", not any(repr(unit_id) in text for unit_id in hidden)
    enemy = side.opponent
    yield "zoc", zoc_of(rules, state, enemy) == zoc_of(world.ruleset, world.state, enemy)
    for action in candidate_actions(rules, state, random.Random(rng.random())):
        if action.player not in (None, side):
            continue
        try:
            believed_verdict = judge(world.ruleset, world.state, action)
        except InvalidAction:
            # A counterbattery (no single actor) of the enemy's own guns: not the side's.
            assert any(u not in world.state.units for u in action.unit_references())
            continue
        true_verdict = judge(rules, state, action)
        yield "verdict", believed_verdict.violations == true_verdict.violations
    if state.active is side:
        stacks = movable_stacks(rules, state)
        for _hex, units in rng.sample(stacks, min(3, len(stacks))):
            reach = stack_move(world.ruleset, world.state, units).reach()
            yield "reach", dict(reach.spent) == dict(stack_move(rules, state, units).reach().spent)


@pytest.mark.parametrize(
    "kind, at_least", [("verdict", 200), ("reach", 40), ("zoc", 40), ("secret", 40)]
)
def test_18_1_the_rules_judge_a_side_alike_on_its_world_and_the_whole_game(
    compared, kind, at_least
):
    results = [same for found, same in compared if found == kind]
    assert len(results) >= at_least
    assert all(results), f"{results.count(False)} of {len(results)} {kind}s differ"


def test_18_1_a_world_keeps_only_its_own_side_in_what_this_phase_recorded(rules, board):
    state, _target, _armored, _motorized = board
    # This phase's records name the Soviet antitank regiment (hidden under the rifles) and
    # the rifles (on top): what they moved, fired, built is their owner's to know, even of
    # a unit that shows. The German world keeps only the German tanks' record.
    moved = replace(
        state,
        movement=replace(state.movement, done=frozenset({"at", "rifle", "tank"})),
        artillery_phase=replace(
            state.artillery, moved_adjacent=frozenset({"at"}), fought=frozenset({"rifle"})
        ),
        arrivals=FrozenMap({"at": 1, "tank": 1}),
    )
    world = belief(rules, moved, GERMAN)
    assert world.state.movement.done == {"tank"}
    assert world.state.artillery_phase.moved_adjacent == world.state.artillery_phase.fought
    assert world.state.artillery_phase.fought == frozenset()
    assert dict(world.state.arrivals) == {"tank": 1}
    assert "'at'" not in repr(world.state)
    soviet = belief(rules, moved, SOVIET).state
    assert soviet.movement.done == {"at", "rifle"}  # not the tanks, though they show


def test_18_1_a_world_phantom_kinds_cover_the_pool(rules):
    pool = with_phantoms(rules).catalogue.ground
    kinds = {unit_id.split("~")[2] for unit_id in pool if is_phantom(unit_id)}
    assert kinds == {kind.value for kind in PhantomKind}


def _exposure_by_view(rules, state, side):
    """An exposure as the enemy's whole view defines it: the side's units the view keeps
    (no phantom, none still to set up or to arrive), and the count of each of the side's
    stacks' others."""
    kept = view(rules, state, side.opponent).state.units
    ground = rules.catalogue.ground
    units = {
        u: s
        for u, s in kept.items()
        if ground[u].player is side and not is_phantom(u) and s.status not in WAITING
    }
    hidden = {
        hex_: sum(1 for u in stack if u not in units)
        for hex_, stack in state.stacks.items()
        if ground[stack[0]].player is side and any(u not in units for u in stack)
    }
    return units, hidden


def test_18_1_an_exposure_shows_what_the_enemy_view_keeps_of_a_fuzzed_game():
    rules = default_ruleset()
    session = new_game(rules, SCENARIO, Mode.STRICT, seed=7, options=(FOG_OF_WAR,))
    session.apply_default_setup()
    rng = random.Random(7)  # combats engage units within the first hundred actions
    compared = 0
    for _ in range(100):
        state = session.state
        for side in Player:
            world = belief(rules, state, side.opponent)  # a world: its phantoms stay hidden
            for ruleset, seen in ((rules, state), (world.ruleset, world.state)):
                shown = exposure(ruleset, seen, side)
                units, counts = _exposure_by_view(ruleset, seen, side)
                assert list(shown.units.items()) == list(units.items())
                assert {h: c.count for h, c in shown.hidden.items()} == counts
                compared += 1
        assert session.submit(choose_legal(rules, state, rng, AssertionError)).applied
    assert compared == 400


def test_18_1_a_world_state_finds_the_phantoms_it_was_built_with(rules, board):
    state, target, _armored, _motorized = board
    world = belief(rules, state, GERMAN)
    found = phantoms_by_hex(world.state)
    assert found == {hex_: list(ids) for hex_, ids in world.phantoms.items()}
    assert phantoms_by_hex(replace(world.state)) == found  # the same, looked for afresh
    found[target].clear()  # a caller's own copy
    assert phantoms_by_hex(world.state)[target] == list(world.phantoms[target])


def test_18_1_renaming_phantoms_renames_as_a_whole_state_renaming_does(rules, board):
    state, target, _armored, _motorized = board
    world = belief(rules, state, GERMAN)
    (phantom,) = world.phantoms[target]
    named = replace(
        world.state,
        movement=replace(world.state.movement, done=frozenset({phantom, "tank"})),
        arrivals=FrozenMap({phantom: 1}),
    )
    names = {phantom: "at"}
    assert phantoms_renamed(named, names) == renamed(named, names)
    assert "at" in phantoms_renamed(named, names).movement.done
    assert phantoms_renamed(named, {}) is named
    with pytest.raises(ValueError, match="only phantoms"):
        phantoms_renamed(named, {"rifle": "at"})
