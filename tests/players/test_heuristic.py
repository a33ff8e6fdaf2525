"""Issue 38, item 2: the heuristic player: the exact odds of an attack's fire (11.4,
11.5), its choice of a clearly winning attack, the fog of war it plays under (18.1) and a
whole short game against the random player."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from owsqt.cli.arenagames import ArenaGame, play_arena_game
from owsqt.players.catalogue import make_player
from owsqt.players.heuristic.odds import attack_odds, check_chance, fire_distribution
from owsqt.players.heuristic.player import HeuristicPlayer
from owsqt.players.interface import NORMAL, situation_of
from owsqt.players.legal import legal_actions
from owsqt.rules.actors import who_acts
from owsqt.rules.core.actions import DeclareAttacks, EndStep, PreparedAttack
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.session import new_game
from owsqt.session.computer import think
from owsqt.session.seat import Seat
from tests.rules.combatkit import combat_rules, example_board, fogged_board

GERMAN, SOVIET = Player.GERMAN, Player.SOVIET


def test_i38_2_11_5_the_8_column_as_the_rulebook_prints_it(ruleset):
    """The CRT's 8 column, no shift nor DRM: rolls 9 and 10 give 1/3, 8 gives -/2, 5 to 7
    give -/1, 1 to 4 nothing (11.5, the Combat Results Table)."""
    found = fire_distribution(ruleset, 8, 0, 0)
    assert sum(found.values()) == pytest.approx(1.0)
    expected = {"1/3": 0.2, "-/2": 0.1, "-/1": 0.3, "-/-": 0.4}
    assert {str(result): chance for result, chance in found.items()} == pytest.approx(expected)


def test_i38_2_11_4_the_rulebooks_combat_example_german_fire(ruleset):
    """11.8's example: 26 German factors, elevated terrain one column left (the 20
    column), +3 DRM; its roll of seven, modified to ten, gives 2/4: so do all rolls of
    seven and up, a roll of one (modified to four) gives -/2."""
    found = fire_distribution(ruleset, 26, 1, 3)
    expected = {"-/2": 0.1, "1/3": 0.3, "2/3": 0.2, "2/4": 0.4}
    assert {str(result): chance for result, chance in found.items()} == pytest.approx(expected)


def test_i38_2_11_5_a_check_passes_on_a_roll_at_most_the_proficiency():
    assert check_chance(8) == pytest.approx(0.8) and check_chance(12) == 1.0


def test_i38_2_11_2_the_branches_of_an_attack_sum_to_one(ruleset):
    rules = combat_rules(ruleset)
    state, target, _armored, _motorized = example_board(rules)
    units = ("tank", "mech", "mot6", "mot5")
    odds = attack_odds(rules, state, GERMAN, target, units, "tank", prepared=True)
    assert odds is not None and odds.defender is not None
    assert sum(branch.probability for branch in odds.branches) == pytest.approx(1.0)
    assert odds.attacker.column == "25"  # 30 factors (the 30+ column), elevated: one left
    expected = odds.expected(retreat_cost=3.0, defender_strength=9)
    assert expected.inflicted > expected.lost and 0 < expected.falls <= 1


def test_i38_2_11_1_the_heuristic_attacks_rather_than_pass(ruleset):
    """Four German battalions next to two weak Soviet units in the German combat segment:
    only ending the segment is offered, the heuristic player finds the attack itself."""
    rules = combat_rules(ruleset)
    state, target, _armored, _motorized = example_board(rules)
    legal = [EndStep(player=GERMAN)]
    for seed in range(3):
        choice = HeuristicPlayer(random.Random(seed)).choose(
            situation_of(rules, state, GERMAN), legal, NORMAL.budget
        )
        assert isinstance(choice.action, PreparedAttack), choice.reason
        assert choice.action.target == target
        assert choice.reason.startswith("attack ") and "expected +" in choice.reason


def test_i38_1_18_1_the_heuristic_decides_alike_whatever_its_side_may_not_see(ruleset):
    """Two fogged states that differ only in the hidden Soviet antitank unit: the German
    decision is the same, its score and reason too; without the fog they differ."""
    rules = combat_rules(ruleset)
    state, _target, _armored, _motorized = fogged_board(rules)
    weaker = state.with_unit("at", replace(state.units["at"], strength=1, disrupted=True))
    choices = [_heuristic_choice(rules, truth) for truth in (state, weaker)]
    assert choices[0] == choices[1]
    seen = [_heuristic_choice(rules, replace(truth, options=())) for truth in (state, weaker)]
    assert seen[0].score != seen[1].score


def _heuristic_choice(rules, truth):
    situation = situation_of(rules, truth, GERMAN)
    legal = legal_actions(situation.ruleset, situation.state, random.Random(2))
    return HeuristicPlayer(random.Random(4)).choose(situation, legal, NORMAL.budget)


def test_i38_2_the_catalogue_makes_the_heuristic_player():
    assert make_player("heuristic", random.Random(1)).name == "heuristic"


@pytest.mark.slow  # a whole game, about 12 s
def test_i38_2_19_1_a_whole_short_game_heuristic_against_random_finishes(shipped):
    record = play_arena_game(shipped, ArenaGame("we-are-coming", 2, "heuristic", "random"))
    assert record.winner is GERMAN, record.outcome
    assert record.outcome.startswith("German")
    assert {name for name, _ in record.decisions} == {"heuristic", "random"}


def test_i38_2_6_1_the_heuristic_makes_its_own_bid_whatever_the_sample_offers(shipped):
    """In the initiative phase no side is active (6.1): the heuristic player still weighs
    every bid itself. At the start of We are coming! no German unit stands next to a Soviet
    one, so it bids no attack it would have to make (6.2), though the sample of legal
    actions offers it only a bid of three."""
    session = new_game(shipped, "we-are-coming", Mode.STRICT, seed=1)
    session.apply_default_setup()
    made = 0
    while session.state.phase is not Phase.INITIATIVE:  # the steps before it, at random
        side = GERMAN if GERMAN in who_acts(shipped, session.state) else SOVIET
        move = think(shipped, session.state, Seat(side, "random"), str(made), alone=True)
        assert move is not None and session.submit(move.action).applied
        made += 1
    state = session.state
    offered = [DeclareAttacks(player=GERMAN, planned=3)]
    choice = HeuristicPlayer(random.Random(1)).choose(
        situation_of(shipped, state, GERMAN), offered, NORMAL.budget
    )
    assert choice.action == DeclareAttacks(player=GERMAN, planned=0), choice.reason
