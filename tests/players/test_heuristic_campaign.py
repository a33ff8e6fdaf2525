"""Issue 38, item 2: the heuristic Soviet player of a campaign (19.33). He scores the German
strength points destroyed (German units, not Rumanian) and keeps the German out of the
rings around the pocket: the analysis names the German stacks whose losses score
(analysis.prey), his attacks on them are worth more (combat.SCORING), and his stacks look
at the hexes across the way of the German stack nearest the ring (movement._in_the_way);
both sides count the hexes that shut the corridor into the pocket (position.corridor)."""

from __future__ import annotations

from dataclasses import replace

from owsqt.players.evaluate import objective_distances
from owsqt.players.heuristic import combat, movement, position
from owsqt.players.heuristic.analysis import analyse
from owsqt.players.interface import situation_of
from owsqt.rules.core.actions import PreparedAttack
from owsqt.rules.core.hexgrid import distance
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.victory.corridor import corridor_gap
from owsqt.rules.victory.points import german_units
from tests.players.openings import set_up

GERMAN, SOVIET = Player.GERMAN, Player.SOVIET


def test_i38_2_19_33_the_soviet_prey_is_the_german_strength_that_scores(shipped, campaign):
    soviet = analyse(situation_of(shipped, campaign, SOVIET))
    scoring = shipped.derived(german_units)
    expected = {}
    for hex_, stack in campaign.stacks.items():
        strength = sum(campaign.units[u].strength for u in stack if u in scoring)
        if strength:
            expected[hex_] = strength
    assert soviet.prey == expected and expected
    ground = shipped.catalogue.ground
    rumanian = [
        h
        for h, s in campaign.stacks.items()
        if all(ground[u].player is GERMAN and not ground[u].german for u in s)
    ]
    assert rumanian and not set(rumanian) & set(soviet.prey)  # reading 170: they score nothing
    assert not analyse(situation_of(shipped, campaign, GERMAN)).prey
    hlg = set_up(shipped, "hoths-last-gasp")
    assert not analyse(situation_of(shipped, hlg, SOVIET)).prey  # no points to score


def test_i38_2_19_33_an_attack_on_german_units_is_worth_more_to_the_soviet(shipped, campaign):
    """The same attack, valued with and without the German strength that scores."""
    ground = shipped.catalogue.ground
    soviet = analyse(situation_of(shipped, campaign, SOVIET))
    target = max(soviet.prey, key=soviet.prey.get)
    strongest = sorted(
        (u for u, d in ground.items() if d.player is SOVIET), key=lambda u: -ground[u].combat
    )
    beside = [
        n
        for _, n in shipped.grid.neighbours(target)
        if n in shipped.game_map.hexes and not campaign.stack(n)
    ]
    state = campaign
    for unit_id, hex_ in zip(strongest[:3], beside, strict=False):
        state = state.with_unit(unit_id, replace(state.units[unit_id], hex=hex_))
    units = tuple(strongest[: min(3, len(beside))])
    attack = PreparedAttack(player=SOVIET, target=target, units=units, lead=units[0])
    analysis = analyse(situation_of(shipped, state, SOVIET))
    scoring = combat.value(shipped, state, analysis, attack)
    plain = combat.value(shipped, state, replace(analysis, prey={}), attack)
    assert scoring is not None and plain is not None
    assert scoring.value > plain.value


def test_i38_2_19_33_the_soviet_looks_across_the_way_of_the_nearest_german(shipped, campaign):
    soviet = analyse(situation_of(shipped, campaign, SOVIET))
    pocket = objective_distances(shipped, "operation-winter-storm")
    outside = [h for h in soviet.prey if pocket[h] > soviet.ring]
    leader = min(outside, key=lambda h: pocket[h])
    room = sorted(shipped.game_map.hexes, key=shipped.grid.id_of)
    found = movement._in_the_way(shipped, campaign, soviet, room)
    assert found
    assert all(soviet.ring < pocket[h] < pocket[leader] for h in found)
    apart = [distance(h, leader) for h in found]
    assert apart == sorted(apart)  # the nearest the German first
    german = analyse(situation_of(shipped, campaign, GERMAN))
    assert movement._in_the_way(shipped, campaign, german, room) == []


def test_i38_2_19_33_the_german_counts_what_shuts_the_corridor(shipped, campaign):
    """In a campaign each hex that shuts the corridor into the pocket (corridor_gap: the
    Soviet ring at the start) costs the German side OPEN and is worth OPEN to the Soviet."""
    gap = corridor_gap(shipped, campaign)
    assert gap and gap > 0
    german = analyse(situation_of(shipped, campaign, GERMAN))
    assert position.corridor(shipped, campaign, german) == -position.OPEN * gap
    soviet = analyse(situation_of(shipped, campaign, SOVIET))
    assert position.corridor(shipped, campaign, soviet) == position.OPEN * gap
    hlg = set_up(shipped, "hoths-last-gasp")
    assert position.corridor(shipped, hlg, analyse(situation_of(shipped, hlg, GERMAN))) == 0.0
