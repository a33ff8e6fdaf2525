"""Fog of war (18.1) in the combat dialogs and the other panels that name units: before an
attack is declared the attacker sees the defenders as the map shows them and no odds; the
attack reveals every engaged unit to both sides in the Combat panel; the panels that list
units (Replacements, set-up tray, Thunderclap, victory) keep to what the viewer sees."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import pytest
from PySide6.QtWidgets import QMainWindow, QWidget

from owsqt.qt.bridge import SessionBridge
from owsqt.qt.combat.resultpages import retreat_text
from owsqt.qt.play.victory import VictoryControl
from owsqt.qt.pocket.ringpanel import RingPanel
from owsqt.qt.pocket.thunderclap_panel import ThunderclapPanel
from owsqt.qt.recovery.panel import ReplacementsPanel
from owsqt.qt.setup.tray import SetupTray
from owsqt.rules.combat.retreat import RetreatPath, ZocEntry
from owsqt.rules.core.actions import (
    BombardmentMission,
    ContinueCombat,
    Defend,
    PreparedAttack,
    RollRingRelease,
)
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.engine import apply
from owsqt.rules.fog.option import FOG_OF_WAR
from owsqt.rules.fog.view import view
from owsqt.rules.scenario.ruleset import Ruleset, default_ruleset
from owsqt.rules.victory.crossing import Standing
from owsqt.rules.victory.result import live_standing
from owsqt.session import GameSession, new_game
from tests.qt.fogwalk import widget_texts
from tests.qt.tabletools import window_for
from tests.qt.test_combat_dialog import ATTACKERS, example_game, example_hexes
from tests.qt.test_replacements_dock import RAISED, replacement_game
from tests.rules.combatkit import combat_rules, with_german_gun
from tests.rules.ringkit import ARMY, campaign_setup, ring_segment

GERMAN, SOVIET = Player.GERMAN, Player.SOVIET
FOG = (FOG_OF_WAR,)


@cache
def shipped() -> Ruleset:
    return default_ruleset()


@pytest.fixture
def viewer(monkeypatch):
    """Set the side the table draws for (as hot-seat's seat or e-mail's side would)."""
    seat: list[Player | None] = [None]
    monkeypatch.setattr(SessionBridge, "viewer", property(lambda self: seat[0]))

    def sit(side: Player | None) -> None:
        seat[0] = side

    return sit


def behind(rules, target: str, *fronts: str) -> str:
    """A hex next to `target` and to none of `fronts`: the defender's second line."""
    grid = rules.grid
    near = {h for f in fronts for _, h in grid.neighbours(grid.hex_of(f))}
    return next(
        grid.id_of(h)
        for _, h in grid.neighbours(grid.hex_of(target))
        if h not in near and h in rules.game_map.hexes
    )


# --- before the attack: the dialog -----------------------------------------------------------


def test_18_1_the_attack_dialog_shows_the_top_defender_and_no_odds(qtbot, ruleset, viewer):
    viewer(GERMAN)
    session = example_game(ruleset, options=FOG)
    window = window_for(qtbot, ruleset, session)
    target = example_hexes(ruleset)[0]
    dialog = window.combat.open_attack(ruleset.grid.hex_of(target))
    defenders = dialog.defenders.text()
    assert "823 Rifle Rgt" in defenders and "and 1 hidden unit (18.1)" in defenders
    assert "1111 AT Rgt" not in defenders
    assert (
        dialog.target_box.currentText() == f"{target}: 823 Rifle Rgt (5-5) and 1 hidden unit (18.1)"
    )
    preview = dialog.preview.text()
    assert "odds shown once the attack is declared (18.1)" in preview
    assert "column" not in preview and "1111 AT Rgt" not in preview
    assert "I/11 Pz (12-10): 12" in preview  # his own side in full
    assert dialog.attack_button.isEnabled()


def test_18_1_without_fog_the_dialog_names_every_defender_and_works_the_fire_out(
    qtbot, ruleset, viewer
):
    viewer(GERMAN)
    session = example_game(ruleset)
    window = window_for(qtbot, ruleset, session)
    dialog = window.combat.open_attack(ruleset.grid.hex_of(example_hexes(ruleset)[0]))
    assert "1111 AT Rgt" in dialog.defenders.text()
    assert "column" in dialog.preview.text()


def test_18_1_the_calculator_lists_only_seen_units_and_works_out_no_hidden_strength(
    qtbot, ruleset, viewer
):
    viewer(SOVIET)
    session = example_game(ruleset, mode=Mode.FREE, options=FOG)
    window = window_for(qtbot, ruleset, session)
    target = example_hexes(ruleset)[0]
    calculator = window.combat.open_calculator(ruleset.grid.hex_of(target))
    listed = {calculator.attackers.item(i).text() for i in range(calculator.attackers.count())}
    # The Soviet side sees the top of each German stack: the 12-10 tanks, the 6-12 infantry.
    assert {line.split(" · ")[0] for line in listed} == {"I/11 Pz (12-10)", "II/4 PzGr (6-12)"}
    assert "18.1" in calculator.fire_solution.text()
    assert "column" not in calculator.fire_solution.text()


# --- during the attack: the Combat panel --------------------------------------------------


def test_18_1_a_declared_attack_shows_both_sides_whole_and_not_the_defenders_guns(
    qtbot, ruleset, viewer
):
    rules = combat_rules(ruleset)
    target, armored, motorized = example_hexes(rules)
    second = behind(rules, target, armored, motorized)
    session = example_game(rules, options=FOG, extra={"art": second})
    viewer(GERMAN)
    window = window_for(qtbot, rules, session)
    attack = PreparedAttack(
        player=GERMAN, target=rules.grid.hex_of(target), units=ATTACKERS, lead="tank"
    )
    assert session.submit(attack).applied
    window.refresh()
    panel = window.combat.panel
    assert panel.page is panel.defend
    forces = panel.forces.text()
    assert "823 Rifle Rgt" in forces and "1111 AT Rgt" in forces  # revealed by the attack
    assert "1114 Art Rgt" not in forces  # not engaged: his gun behind the line
    assert panel.defend.guns.count() == 0
    assert "Soviet player chooses his artillery" in panel.defend.guns_label.text()
    viewer(SOVIET)
    window.bridge.view_changed.emit()
    assert panel.defend.guns.count() == 1
    assert "1114 Art Rgt" in panel.defend.guns.item(0).text()


def test_18_1_when_the_combat_ends_the_panel_keeps_none_of_the_units_it_revealed(
    qtbot, ruleset, viewer
):
    session = example_game(ruleset, options=FOG)
    viewer(GERMAN)
    window = window_for(qtbot, ruleset, session)
    panel = window.combat.panel
    target = ruleset.grid.hex_of(example_hexes(ruleset)[0])

    def shown() -> str:
        return "\n".join(s.text for w in panel.findChildren(QWidget) for s in widget_texts(w))

    for action in (
        PreparedAttack(player=GERMAN, target=target, units=ATTACKERS, lead="tank"),
        Defend(player=SOVIET, lead="rifle"),
    ):
        assert window.bridge.submit(action).applied
    assert "1111 AT Rgt" in shown()  # engaged: seen whole while the combat lasts
    for side in (SOVIET, GERMAN):
        assert window.bridge.submit(ContinueCombat(player=side)).applied
    assert session.state.combat is None
    assert "1111 AT Rgt" not in shown()


def _gun_mission(qtbot, ruleset, viewer, side):
    """A fogged game with a German gun that has just declared a bombardment mission (12.4)
    on the example's target, its window drawn for `side`."""
    rules = with_german_gun(ruleset)
    target, armored, _ = example_hexes(rules)
    session = example_game(rules, options=FOG, extra={"gart": armored})
    viewer(side)
    window = window_for(qtbot, rules, session)
    mission = BombardmentMission(player=GERMAN, target=rules.grid.hex_of(target), units=("gart",))
    assert session.submit(mission).applied
    return session, window


def test_18_1_12_4_a_bombardment_mission_shows_the_target_side_its_declared_gun_only(
    qtbot, ruleset, viewer
):
    session, window = _gun_mission(qtbot, ruleset, viewer, SOVIET)
    assert session.submit(ContinueCombat(player=SOVIET)).applied  # 12.4: no gun answers
    window.refresh()
    panel = window.combat.panel
    forces = panel.forces.text()
    # 12.4: the gun is declared (counterbattery may answer it), and shown to the target side.
    assert "II/128 Art" in forces and "hidden" not in forces
    assert "823 Rifle Rgt" in forces  # his own units
    panel.artillery.fire.click()
    assert session.state.combat is None
    assert panel.log.isHidden() and panel.last.isHidden()  # the last combat is not kept
    viewer(None)
    window.bridge.view_changed.emit()
    assert not panel.log.isHidden()


def test_18_1_a_retreat_names_only_the_firers_the_retreating_side_sees(ruleset):
    rules = combat_rules(ruleset)
    session = example_game(rules, options=FOG)
    state = session.state
    target, armored, _ = (rules.grid.hex_of(h) for h in example_hexes(rules))
    option = RetreatPath(
        start=target,
        hexes=(armored,),
        required=1,
        off_map=False,
        minor_rivers=(),
        river_loss=0,
        bridge_losses=(),
        zoc_entries=(ZocEntry(armored, ("tank", "mech")),),
        supply_distance=0,
    )
    soviet = retreat_text(rules, 1, option, view(rules, state, SOVIET))
    assert "fire from I/11 Pz (12-10), 1 hidden unit (18.1)" in soviet
    assert "I/114 PzGr" not in soviet
    whole = retreat_text(rules, 1, option, view(rules, state, None))
    assert "I/114 PzGr (7-10)" in whole


# --- the other panels -------------------------------------------------------------------


def test_18_1_the_replacements_dock_lists_no_enemy_unit_below_strength(qtbot):
    session = replacement_game(shipped())
    state = replace(session.state, options=(*session.state.options, FOG_OF_WAR))
    panel = ReplacementsPanel(shipped(), lambda action: None)
    qtbot.addWidget(panel)  # a QApplication even when this test runs alone
    name = shipped().unit_name(RAISED)  # a Soviet regiment at 3 of 5

    def listed(side: Player) -> str:
        panel.show_state(state, view(shipped(), state, side))
        raised = panel.units.topLevelItem(0)
        return "\n".join(raised.child(i).text(0) for i in range(raised.childCount()))

    assert name in listed(SOVIET)
    assert name not in listed(GERMAN)


def test_18_1_the_set_up_tray_shows_the_other_sides_set_up_only_as_progress(qtbot):
    session = new_game(shipped(), "hoths-last-gasp", Mode.STRICT, seed=3, options=FOG)
    state = session.state  # the Soviet player sets up first
    tray = SetupTray(shipped())
    qtbot.addWidget(tray)
    tray.show_state(state, None, SOVIET)
    assert tray.list.topLevelItemCount() > 0
    tray.show_state(state, None, GERMAN)
    assert tray.list.topLevelItemCount() == 0
    assert "Soviet set-up" in tray.heading.text() and "(18.1)" in tray.heading.text()


def test_18_1_the_thunderclap_condition_is_the_german_sides_to_see(qtbot):
    session = new_game(shipped(), "operation-winter-storm", Mode.STRICT, seed=3, options=FOG)
    session.apply_default_setup()
    state = session.state
    panel = ThunderclapPanel(shipped(), lambda action: None)
    qtbot.addWidget(panel)
    panel.show_state(state, view(shipped(), state, GERMAN))
    assert "stacking points" in panel.condition.text()
    panel.show_state(state, view(shipped(), state, SOVIET))
    assert "stacking points" not in panel.condition.text()
    assert "18.1" in panel.condition.text()


def control_across(session: GameSession) -> int:
    standing = live_standing(shipped(), session.state)
    assert isinstance(standing, Standing)
    return standing.across


def test_18_1_the_victory_dock_hides_the_german_points_across_from_the_soviet_side(qtbot, viewer):
    session = new_game(shipped(), "hoths-last-gasp", Mode.STRICT, seed=3, options=FOG)
    session.apply_default_setup()
    window = QMainWindow()
    qtbot.addWidget(window)
    control = VictoryControl(window, SessionBridge(session, window))
    viewer(SOVIET)
    control.refresh()
    assert "not seen under the fog of war (18.1)" in control.label.text()
    assert "If the game ended now" not in control.label.text()
    assert not control.result_button.isEnabled()  # its headline turns on those points
    assert "18.1" in control.result_button.toolTip()
    viewer(GERMAN)
    control.refresh()
    assert "not seen" not in control.label.text()
    assert "If the game ended now" in control.label.text()
    assert control.result_button.isEnabled()
    assert control.show_result().summary["across"] == control_across(session)


def test_18_1_the_ring_dock_lists_to_the_german_side_only_the_ring_units_he_sees(qtbot):
    rules = shipped()
    state = ring_segment(campaign_setup(rules), attacked=frozenset({ARMY}), dice=(9,))
    state = apply(rules, state, RollRingRelease(player=SOVIET, army=ARMY), Mode.STRICT).state
    state = replace(state, options=(*state.options, FOG_OF_WAR))
    panel = RingPanel(rules, lambda action: None)
    qtbot.addWidget(panel)

    def pieces(side: Player) -> set[str]:
        panel.show_state(state, view(rules, state, side))
        root = panel.pieces.invisibleRootItem()
        places = [
            root.child(i).child(j)
            for i in range(root.childCount())
            for j in range(root.child(i).childCount())
        ]
        return {place.child(k).text(0) for place in places for k in range(place.childCount())}

    soviet, german = pieces(SOVIET), pieces(GERMAN)
    assert german < soviet  # the German side sees only the top of each Ring stack
    seen = view(rules, state, GERMAN)
    assert all(any(rules.unit_name(u) == name for u in seen.state.units) for name in german)
    piece = next(u for u in state.units if rules.unit_name(u) in soviet - german)
    freed = replace(state, ring=replace(state.ring, freed=FrozenMap({ARMY: piece})))
    panel.show_state(freed, view(rules, freed, GERMAN))
    assert panel.states[ARMY].text() == "rolled 9: released a piece"
    panel.show_state(freed, view(rules, freed, SOVIET))
    assert panel.states[ARMY].text() == f"rolled 9: released {rules.unit_name(piece)}"


def test_12_4_18_1_the_counterbattery_page_claims_no_answer_the_attacker_cannot_know(
    qtbot, ruleset, viewer
):
    """Under fog the attacker's page does not say no enemy gun reaches his gun: the enemy's
    guns are hidden, and the enemy fires or passes (reading 152). Its owner is told."""
    _session, window = _gun_mission(qtbot, ruleset, viewer, GERMAN)
    window.refresh()
    label = window.combat.panel.artillery.guns_label
    assert "No Soviet artillery" not in label.text()
    assert "names his own artillery" in label.text()
    viewer(SOVIET)
    window.bridge.view_changed.emit()
    window.refresh()
    assert label.text().startswith("No Soviet artillery reaches it")
