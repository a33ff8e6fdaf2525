"""Issue 38, item 2: the heuristic player's situation analysis (players/heuristic/
analysis.py): objectives of every scenario (19.13, 19.23, 19.33, 19.42), influence, the
front (10.1), threat and the movement-aware distance to the objectives (8.1)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.players.evaluate import distances_to
from owsqt.players.heuristic.analysis import analyse, field_targets
from owsqt.players.interface import Situation, situation_of
from owsqt.rules.core.state import Award
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.victory.ledger import near_pocket
from owsqt.session import new_game
from tests.rules.combatkit import combat_rules, example_board, fogged_board

GERMAN, SOVIET = Player.GERMAN, Player.SOVIET


@pytest.fixture(scope="module")
def openings(shipped):
    """Each scenario from its default set-up."""
    found = {}
    for scenario in shipped.scenarios:
        session = new_game(shipped, scenario, Mode.STRICT, seed=1)
        session.apply_default_setup()
        found[scenario] = session.state
    return found


@pytest.mark.parametrize(
    "scenario", ["we-are-coming", "hoths-last-gasp", "operation-winter-storm", "maximum-effort"]
)
@pytest.mark.parametrize("side", [GERMAN, SOVIET])
def test_i38_2_19_x_every_scenario_has_objectives_and_a_distance_to_them(
    shipped, openings, scenario, side
):
    analysis = analyse(situation_of(shipped, openings[scenario], side))
    assert analysis.side is side and analysis.objectives
    targets = field_targets(shipped, scenario, side, analysis.ring)
    guarded = near_pocket(shipped, analysis.ring + 1) if analysis.ring else frozenset()
    assert targets and targets <= set(analysis.objectives) | guarded  # 19.33: the ring's
    assert all(analysis.distance[hex_] == 0 for hex_ in targets)
    assert set(analysis.distance) == set(shipped.game_map.hexes)
    assert max(analysis.distance.values()) > 5


def test_i38_2_19_13_the_hex_to_hold_comes_first(shipped, openings):
    analysis = analyse(situation_of(shipped, openings["we-are-coming"], GERMAN))
    assert shipped.grid.id_of(analysis.objectives[0]) == "2428"


def test_i38_2_8_2_the_soviet_distance_counts_to_the_pocket_it_may_not_enter(shipped, openings):
    """Once the German has earned both rings (19.33), the Soviet side's field leads to
    the pocket, counted from the hexes next to it."""
    opening = openings["operation-winter-storm"]
    earned = tuple(
        Award(source, GERMAN, 1, 1, opening.phase, opening.segment, "de-6pz-11pzr-1")
        for source in ("within_18", "within_5")
    )
    analysis = analyse(situation_of(shipped, replace(opening, victory_ledger=earned), SOVIET))
    assert analysis.ring is None
    pocket = shipped.game_map.pocket
    beside = {n for h in pocket for _, n in shipped.grid.neighbours(h)} - pocket
    assert min(analysis.distance[h] for h in beside if h in analysis.distance) == 0


def test_i38_2_8_1_the_distance_follows_movement_costs(shipped, openings):
    """Hexes more than 15 hexes from every objective are farther by the terrain costs
    than any hex within 2 of one."""
    analysis = analyse(situation_of(shipped, openings["hoths-last-gasp"], GERMAN))
    distance = analysis.distance
    hexes = distances_to(shipped.game_map, frozenset(analysis.objectives))
    far = [h for h in distance if hexes[h] > 15]
    near = [h for h in distance if hexes[h] < 3]
    assert min(distance[h] for h in far) > max(distance[h] for h in near)


def _apart(a, b):
    return max(abs(a.q - b.q), abs(a.r - b.r), abs(a.s - b.s))


def test_i38_2_influence_is_the_sides_near_its_strong_stacks_and_the_enemys_near_his(ruleset):
    rules = combat_rules(ruleset)
    state, target, armored, motorized = example_board(rules)
    german = analyse(Situation(rules, state, GERMAN))
    soviet = analyse(Situation(rules, state, SOVIET))
    assert german.influence[armored] > 0 and german.influence[motorized] > 0
    assert german.influence[target] < german.influence[armored]
    assert soviet.influence[target] > 0
    assert all(-1.0 <= value <= 1.0 for value in german.influence.values())
    assert german.influence[armored] == pytest.approx(-soviet.influence[armored])


def test_i38_2_10_1_the_front_is_the_sides_hexes_in_contact(ruleset):
    rules = combat_rules(ruleset)
    state, target, armored, motorized = example_board(rules)
    assert analyse(Situation(rules, state, GERMAN)).front == {armored, motorized}
    assert analyse(Situation(rules, state, SOVIET)).front == {target}
    tank = state.units["tank"]
    far = next(h for h in rules.game_map.hexes if _apart(h, target) == 9)
    alone = state.with_unit("rifle", replace(state.units["rifle"], hex=far))
    alone = alone.with_unit("at", replace(state.units["at"], hex=far))
    assert tank.hex == armored
    assert analyse(Situation(rules, alone, GERMAN)).front == frozenset()


def test_i38_2_11_1_the_threat_is_the_enemy_strength_in_reach(ruleset):
    rules = combat_rules(ruleset)
    state, target, armored, _motorized = example_board(rules)
    soviet = analyse(Situation(rules, state, SOVIET))
    german_strength = sum(state.units[u].strength for u in ("tank", "mech", "mot6", "mot5"))
    assert soviet.threat[target] == german_strength
    german = analyse(Situation(rules, state, GERMAN))
    assert german.threat[armored] == state.units["rifle"].strength + state.units["at"].strength
    assert all(value > 0 for value in german.threat.values())


def test_i38_2_18_1_the_analysis_reads_no_hidden_unit(ruleset):
    """Under the fog of war a hidden Soviet unit's strength changes nothing the German
    analysis says (it plays on its own world)."""
    rules = combat_rules(ruleset)
    state, _target, _armored, _motorized = fogged_board(rules)
    weaker = state.with_unit("at", replace(state.units["at"], strength=1, disrupted=True))
    seen = [analyse(situation_of(rules, truth, GERMAN)).complete() for truth in (state, weaker)]
    assert seen[0] == seen[1]
    parts = [(a.influence, a.front, a.unsupplied) for a in seen]
    assert parts[0] == parts[1]
    bare = [analyse(situation_of(rules, replace(t, options=()), GERMAN)) for t in (state, weaker)]
    assert bare[0].threat != bare[1].threat
