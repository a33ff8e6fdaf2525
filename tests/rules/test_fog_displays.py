"""Fog of war (18.1) in the rules' answers the displays draw: the victory standing as one
side may know it."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from owsqt.rules.core.state import Award
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.fog.option import FOG_OF_WAR
from owsqt.rules.fog.view import view
from owsqt.rules.scenario.ruleset import Ruleset, default_ruleset
from owsqt.rules.victory.crossing import across_seen
from owsqt.rules.victory.points import count
from owsqt.session import GameSession, new_game


@cache
def shipped() -> Ruleset:
    return default_ruleset()


def fogged(scenario: str) -> GameSession:
    session = new_game(shipped(), scenario, Mode.STRICT, seed=3, options=(FOG_OF_WAR,))
    session.apply_default_setup()
    return session


def test_18_1_only_the_german_side_knows_his_stacking_points_across_the_river():
    rules = shipped()
    state = fogged("hoths-last-gasp").state
    assert across_seen(view(rules, state, Player.GERMAN))
    assert across_seen(view(rules, state, None))
    assert not across_seen(view(rules, state, Player.SOVIET))


def test_18_1_the_victory_points_name_no_unit_and_no_loss_the_side_does_not_see():
    rules = shipped()
    state = fogged("operation-winter-storm").state
    soviet = count(rules, state, view(rules, state, Player.SOVIET))
    german = count(rules, state, view(rules, state, Player.GERMAN))
    whole = count(rules, state)
    assert soviet is not None and german is not None and whole is not None
    losses = {line.source: line for line in soviet.lines}["losses"]
    assert (
        "not seen under the fog of war" in losses.text
        and str(whole.strength_lost) not in (losses.text.split("(")[0])
    )
    assert {line.source: line for line in german.lines}["losses"].text.startswith(
        f"{whole.strength_lost} German"
    )
    assert (soviet.german, soviet.soviet, soviet.result) == (
        whole.german,
        whole.soviet,
        whole.result,
    )


def test_18_1_an_award_names_its_unit_only_to_a_side_that_sees_it():
    rules = shipped()
    state = fogged("operation-winter-storm").state
    soviet_view = view(rules, state, Player.SOVIET)
    hidden = next(
        unit_id
        for unit_id, unit in state.units.items()
        if unit.hex is not None
        and rules.catalogue.ground[unit_id].player is Player.GERMAN
        and not soviet_view.knows(unit_id)
    )
    award = Award("within_18", Player.GERMAN, 1, state.turn, state.phase, state.segment, hidden)
    state = replace(state, victory_ledger=(award,))
    name = rules.unit_name(hidden)

    def award_text(side: Player | None) -> str:
        counted = count(rules, state, view(rules, state, side))
        assert counted is not None
        return next(line.text for line in counted.lines if line.award == award)

    assert award_text(Player.GERMAN).startswith(name)
    assert award_text(None).startswith(name)
    assert award_text(Player.SOVIET).startswith("A German unit within 18 hexes")
    assert name not in award_text(Player.SOVIET)
