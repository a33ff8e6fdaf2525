"""The rules' orders in a counter's menu: entrenchments (15.1), missions (12.4)."""

from __future__ import annotations

from owsqt.qt.app.workmenu import unit_orders
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from tests.qt.tabletools import game, walk_to, window_for
from tests.qt.test_combat_dialog import example_game, example_hexes
from tests.rules.combatkit import with_german_gun


def test_15_1_the_menu_offers_an_entrenchment_at_the_start_of_the_phase_only(qtbot, ruleset):
    session = game(ruleset, german={"mot5": "3445"}, soviet={"rifle": "3040"})
    walk_to(session, Segment.SUPPLY_DETERMINATION, Player.GERMAN)
    labels = [label for label, _ in unit_orders(ruleset, session.state, "mot5")]
    assert "Begin an entrenchment here (15.1)" in labels
    window = window_for(qtbot, ruleset, session)
    menu = window.unit_menu_for("mot5")
    entry = next(a for a in menu.actions() if a.text() == "Begin an entrenchment here (15.1)")
    entry.trigger()
    assert ruleset.grid.hex_of("3445") in session.state.entrenchments
    walk_to(session, Segment.NON_MECHANIZED_MOVEMENT, Player.GERMAN)
    assert not [o for o in unit_orders(ruleset, session.state, "mot5") if "15.1" in o[0]]


def test_12_4_a_guns_menu_offers_missions_on_enemy_hexes_in_reach(qtbot, ruleset):
    rules = with_german_gun(ruleset)
    target, armored, _ = example_hexes(rules)
    session = example_game(rules, extra={"gart": armored})
    window = window_for(qtbot, rules, session)
    menu = window.unit_menu_for("gart")
    missions = next(a.menu() for a in menu.actions() if a.menu() and "mission" in a.text())
    entry = next(a for a in missions.actions() if target in a.text())
    entry.trigger()
    assert session.state.combat is not None and session.state.combat.attack_artillery == ("gart",)


def test_the_free_table_offers_no_rule_orders(qtbot, ruleset):
    session = game(ruleset, mode=Mode.FREE, german={"mot5": "3445"})
    window = window_for(qtbot, ruleset, session)
    texts = [a.text() for a in window.unit_menu_for("mot5").actions()]
    assert not any("15.1" in t or "12.4" in t for t in texts)


def test_11_1_a_players_own_counter_never_offers_an_attack_on_its_own_hex(qtbot, ruleset):
    session = example_game(ruleset, mode=Mode.ASSIST)
    window = window_for(qtbot, ruleset, session)
    texts = [a.text() for a in window.unit_menu_for("tank").actions()]
    assert not any(t.startswith("Prepared attack") for t in texts)
    rifle_menu = [a.text() for a in window.unit_menu_for("rifle").actions()]
    assert any(t.startswith("Prepared attack") for t in rifle_menu)
