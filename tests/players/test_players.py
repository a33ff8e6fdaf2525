"""Issue 38, items 1 to 3: the players' interface, the random player (the fuzzer's choice),
the greedy player, and the fog of war a computer player plays under (18.1)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from owsqt.players.catalogue import make_player
from owsqt.players.evaluate import OWED, obligations
from owsqt.players.greedy import GreedyPlayer
from owsqt.players.interface import LEVELS, NORMAL, Budget, Situation, situation_of
from owsqt.players.legal import legal_actions
from owsqt.players.names import LEVEL_NAMES, PLAYER_NAMES
from owsqt.players.randomplayer import RandomPlayer
from owsqt.players.sealed import on_mission
from owsqt.rules.actors import acting_side
from owsqt.rules.core.actions import EndStep, MoveStack, PlaceUnits
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.state import InitiativeState
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.engine import apply
from owsqt.rules.scenario.scenario import initial_state
from owsqt.rules.turn.initiative import determined_this_turn
from owsqt.session import new_game
from tests.rules.combatkit import combat_rules, fogged_board
from tests.rules.movekit import at_step
from tools.fuzz.solo import choose_legal

GERMAN, SOVIET = Player.GERMAN, Player.SOVIET


@pytest.fixture(scope="module")
def opening(shipped):
    """We are coming! from its default set-up."""
    session = new_game(shipped, "we-are-coming", Mode.STRICT, seed=3)
    session.apply_default_setup()
    return session.state


@pytest.mark.parametrize("name", ["random", "greedy"])
def test_i38_1_a_player_returns_one_of_the_legal_actions(shipped, opening, name):
    rng = random.Random(5)
    legal = legal_actions(shipped, opening, rng)
    side = SOVIET  # 4.3 step 1: the Soviet player allocates first
    own = [action for action in legal if acting_side(shipped, opening, action) is side]
    assert own
    player = make_player(name, random.Random(7))
    choice = player.choose(situation_of(shipped, opening, side), own, NORMAL.budget)
    assert choice.action in own and choice.reason


def test_i38_1_an_unknown_player_name_is_refused():
    with pytest.raises(ValueError, match="no computer player"):
        make_player("planning", random.Random(1))


def test_i38_2_the_random_player_is_the_fuzzers_choice_for_a_seed(shipped, opening):
    state = opening
    for seed in range(4):
        fuzzer = choose_legal(shipped, state, random.Random(seed), AssertionError)
        rng = random.Random(seed)
        legal = legal_actions(shipped, state, rng)
        situation = Situation(shipped, state, GERMAN)
        assert RandomPlayer(rng).choose(situation, legal, Budget()).action == fuzzer
        state = apply(shipped, state, fuzzer, Mode.STRICT).state


def test_i38_2_19_13_greedy_takes_the_objective_hex_rather_than_end_its_move(shipped):
    """A German tank next to 2428, which We are coming! is won by holding (19.13)."""
    grid = shipped.grid
    hold = grid.hex_of("2428")
    start = next(near for _, near in grid.neighbours(hold) if near in shipped.game_map.hexes)
    tank = next(
        unit_id
        for unit_id, unit in shipped.catalogue.ground.items()
        if unit.player is GERMAN and unit.movement >= 6 and unit.combat > 0
    )
    state = initial_state(shipped.catalogue, shipped.scenarios["we-are-coming"], seed=1)
    state = apply(shipped, state, PlaceUnits(units=(tank,), to=start), Mode.FREE).state
    state = at_step(state, Segment.MECHANIZED_MOVEMENT, GERMAN)
    capture = MoveStack(player=GERMAN, units=(tank,), path=(start, hold))
    legal = [EndStep(player=GERMAN), capture]
    assert apply(shipped, state, capture, Mode.STRICT).applied
    for seed in range(5):
        choice = GreedyPlayer(random.Random(seed)).choose(
            situation_of(shipped, state, GERMAN), legal, NORMAL.budget
        )
        assert choice.action == capture, choice.reason


def test_i38_1_18_1_greedy_decides_alike_whatever_its_side_may_not_see(ruleset):
    """Two fogged states that differ only in the hidden Soviet antitank unit under the
    rifles (its strength, disrupted or not): the German decision is the same."""
    rules = combat_rules(ruleset)
    state, _target, _armored, _motorized = fogged_board(rules)
    weaker = state.with_unit("at", replace(state.units["at"], strength=1, disrupted=True))
    choices = [_greedy_choice(rules, truth) for truth in (state, weaker)]
    assert choices[0] == choices[1]  # the action, its score and its reason
    # Without the fog the German side sees the antitank unit, and scores the difference.
    seen = [_greedy_choice(rules, replace(truth, options=())) for truth in (state, weaker)]
    assert seen[0].score != seen[1].score


def _greedy_choice(rules, truth):
    situation = situation_of(rules, truth, GERMAN)
    legal = legal_actions(situation.ruleset, situation.state, random.Random(2))
    return GreedyPlayer(random.Random(4)).choose(situation, legal, NORMAL.budget)


def _first_state(rules, start, found, seed=1, limit=400):
    """The first state of a random game from `start` for which `found` holds."""
    state, rng = start, random.Random(seed)
    for _ in range(limit):
        if found(state):
            return state
        state = apply(rules, state, choose_legal(rules, state, rng, AssertionError), Mode.STRICT)
        state = state.state
    raise AssertionError("no such state in the game")


def test_i38_1_6_1_the_side_that_bids_second_decides_without_the_enemys_bid(shipped, opening):
    def german_bid_in(state):
        planned = state.initiative.planned_attacks
        return GERMAN in planned and SOVIET not in planned and not determined_this_turn(state)

    state = _first_state(shipped, opening, german_bid_in)
    assert GERMAN not in situation_of(shipped, state, SOVIET).state.initiative.planned_attacks
    assert situation_of(shipped, state, GERMAN).state == state
    other = FrozenMap({GERMAN: 5 - state.initiative.planned_attacks[GERMAN]})
    bolder = replace(state, initiative=replace(state.initiative, planned_attacks=other))
    legal = [a for a in legal_actions(shipped, state, random.Random(3)) if a.player is SOVIET]
    choices = {
        GreedyPlayer(random.Random(4)).choose(situation_of(shipped, truth, SOVIET), legal, Budget())
        for truth in (state, bolder)
    }
    assert len(choices) == 1


def test_i38_1_4_3_the_side_that_allocates_second_sees_no_enemy_mission_box(shipped, opening):
    def soviet_allocated(state):
        allocated = state.air.allocated
        return SOVIET in allocated and GERMAN not in allocated

    state = _first_state(shipped, opening, soviet_allocated)
    seen = situation_of(shipped, state, GERMAN).state
    soviet_air = [a for a, unit in shipped.catalogue.air.items() if unit.player is SOVIET]
    assert any(on_mission(state.air_units[a]) for a in soviet_air)
    assert not any(on_mission(seen.air_units[a]) for a in soviet_air)
    assert SOVIET not in seen.air.allocated


def test_i38_3_the_light_names_are_the_players_and_levels_declared():
    assert tuple(LEVELS) == LEVEL_NAMES
    assert all(make_player(name, random.Random(1)).name == name for name in PLAYER_NAMES)


def test_i38_2_6_2_greedy_counts_the_planned_attacks_it_still_owes(opening):
    def holding(made):
        initiative = InitiativeState(
            holder=GERMAN,
            planned_attacks=FrozenMap({GERMAN: 2}),
            attacks_made=FrozenMap({GERMAN: made}),
            determined_turn=opening.turn,
        )
        return replace(opening, phase=Phase.FIRST_PLAYER, initiative=initiative)

    assert obligations(holding(0), GERMAN) == -2 * OWED
    assert obligations(holding(2), GERMAN) == 0 == obligations(holding(0), SOVIET)
