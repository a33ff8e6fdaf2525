"""Enforced movement at the table (8.1-8.3): reach shaded, path and bill under the pointer,
drops judged by the engine."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel

from owsqt.qt.map.mapitem import SCENE_LAYOUT
from owsqt.qt.movement.bill import mp_text
from owsqt.rules.core.actions import EndStep
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.movement.moveplan import MovePlan
from owsqt.rules.movement.stackmove import StackMove
from tests.qt.tabletools import (
    SHIFT,
    click,
    drag,
    game,
    hex_of,
    hover,
    press_and_move,
    walk_to,
    window_for,
)

GERMANS = {"tank": "2438", "mech": "2438"}  # the tank on top
SOVIETS = {"rifle": "2434"}


def moving_table(qtbot, ruleset, mode=Mode.STRICT):
    """The German player's non-mechanized movement segment (the test units have no
    formation, so all of them are non-mechanized, 7.1)."""
    session = game(ruleset, mode, soviet=SOVIETS, german=GERMANS)
    walk_to(session, Segment.NON_MECHANIZED_MOVEMENT, Player.GERMAN)
    return window_for(qtbot, ruleset, session)


def reach_of(window, *units, administrative=False):
    state = window.session.state
    return StackMove(window.ruleset, state, units, administrative=administrative).reach()


def test_8_1_selecting_a_stack_shades_exactly_the_hexes_it_can_reach(qtbot, ruleset):
    window = moving_table(qtbot, ruleset)
    click(window, "tank")
    assert window.moves.shading.isVisible()
    assert window.moves.shading.hexes == set(reach_of(window, "tank", "mech").spent)
    assert ruleset.grid.hex_of("2434") not in window.moves.shading.hexes  # enemy-held
    assert "10 MP" in window.statusBar().currentMessage()
    window.deselect_action.trigger()  # Esc: the selection goes, and the shading with it
    assert not window.moves.shading.isVisible() and not window.moves.shading.hexes


def test_8_1_the_shading_never_outlives_the_state_it_was_drawn_for(qtbot, ruleset):
    window = moving_table(qtbot, ruleset)
    click(window, "tank")
    assert window.moves.shading.hexes
    window.end_step_action.trigger()  # the mechanized segment: these units may not move now
    assert window.session.state.segment == Segment.MECHANIZED_MOVEMENT
    assert not window.moves.shading.hexes


def test_8_1_no_shading_in_free_play_or_for_the_other_players_units(qtbot, ruleset):
    window = moving_table(qtbot, ruleset)
    click(window, "rifle")
    assert not window.moves.shading.hexes
    free = moving_table(qtbot, ruleset, Mode.FREE)
    click(free, "tank")
    assert not free.moves.shading.hexes


def test_8_1_pointing_at_a_hex_draws_the_cheapest_path_and_its_bill(qtbot, ruleset):
    window = moving_table(qtbot, ruleset)
    click(window, "tank")
    hover(window, "2435")
    expected = reach_of(window, "tank", "mech").path_to(ruleset.grid.hex_of("2435"))
    drawn = [SCENE_LAYOUT.hex_at_point(p.x(), p.y()) for p in window.moves.path.points]
    assert drawn == expected and window.moves.path.legal == len(expected)
    bill = window.view.findChild(QLabel, "moveBill")
    assert bill.isVisible()
    text = bill.text()
    price = window.moves.route.price
    assert "entering an enemy ZOC +2" in text and "(10.2)" in text
    assert f"{mp_text(price.total)} of 10 MP" in text
    assert "movement factor of I/11 Pz (12-10) 10" in text  # the allowance, item by item


def test_8_1_pointing_at_a_closed_hex_names_the_rule_that_closes_it(qtbot, ruleset):
    window = moving_table(qtbot, ruleset)
    click(window, "tank")
    hover(window, "2434")
    text = window.view.findChild(QLabel, "moveBill").text()
    assert "out of reach" in text and "8.1" in text and "2434 is held by enemy units" in text
    assert window.moves.path.legal < len(window.moves.path.points)  # drawn red beyond
    hover(window, "2410")  # far beyond the allowance
    assert "no minimum move" in window.view.findChild(QLabel, "moveBill").text()


def test_8_1_a_drag_shades_the_reach_of_the_units_dragged(qtbot, ruleset):
    window = moving_table(qtbot, ruleset)
    press_and_move(window, "mech", "2436", SHIFT)  # one unit alone: its own allowance
    assert window.moves.shading.hexes == set(reach_of(window, "mech").spent)
    assert window.moves.path.isVisible()


def test_8_1_a_drop_within_reach_moves_the_stack_along_the_path_shown(qtbot, ruleset):
    window = moving_table(qtbot, ruleset)
    path = reach_of(window, "tank", "mech").path_to(ruleset.grid.hex_of("2436"))
    drag(window, "tank", "2436")
    assert (hex_of(window, "tank"), hex_of(window, "mech")) == ("2436", "2436")
    action = window.session.entries[-1].action
    assert action["kind"] == "move" and action["units"] == ["tank", "mech"]
    assert action["path"] == [ruleset.grid.id_of(h) for h in path]
    # The stack in motion stays selected, with what it has left (8.1).
    assert window.moves.selected == ruleset.grid.hex_of("2436")
    left = window.session.state.movement.moving
    assert 0 < window.moves.plan.allowance == min(left["tank"], left["mech"]) < 10


def test_8_1_strict_refuses_an_unreachable_drop_and_the_counters_snap_back(qtbot, ruleset):
    window = moving_table(qtbot, ruleset)
    before = window.session.state
    where = window.counters.item_for("tank").scenePos()
    drag(window, "tank", "2410")
    assert window.session.state is before
    message = window.statusBar().currentMessage()
    assert message.startswith("Not allowed") and "8.1" in message and "no minimum move" in message
    assert window.counters.item_for("tank").scenePos() == where


def test_8_1_assist_applies_an_unreachable_drop_and_logs_the_broken_rule(qtbot, ruleset):
    window = moving_table(qtbot, ruleset, Mode.ASSIST)
    drag(window, "tank", "2410")
    assert hex_of(window, "tank") == "2410"
    entry = window.session.entries[-1]
    assert entry.action["kind"] == "move" and entry.action["path"][-1] == "2410"
    assert any(v.startswith("8.1") for v in entry.violations)
    last = window.log.item(window.log.count() - 1).text()
    assert "8.1" in last and "no minimum move" in last
    assert "against the rules" in window.statusBar().currentMessage()


def test_8_1_shift_drag_drops_one_unit_off_the_stack(qtbot, ruleset):
    window = moving_table(qtbot, ruleset)
    drag(window, "mech", "2439", SHIFT)
    assert (hex_of(window, "tank"), hex_of(window, "mech")) == ("2438", "2439")
    assert window.session.entries[-1].action["units"] == ["mech"]


def test_3_1_a_move_outside_a_movement_segment_is_refused_with_its_rule(qtbot, ruleset):
    session = game(ruleset, Mode.STRICT, soviet=SOVIETS, german=GERMANS)
    session.submit(EndStep())  # air combat
    window = window_for(qtbot, ruleset, session)
    drag(window, "tank", "2437")
    assert hex_of(window, "tank") == "2438"
    assert "3.1" in window.statusBar().currentMessage()


def test_8_3_administrative_movement_reaches_further_and_is_journalled(qtbot, ruleset):
    window = moving_table(qtbot, ruleset)
    action = window.administrative_action
    assert action.isEnabled() and "1.5" in action.toolTip()
    click(window, "tank")
    normal = set(window.moves.shading.hexes)
    action.trigger()
    assert window.moves.shading.hexes == set(
        reach_of(window, "tank", "mech", administrative=True).spent
    )
    assert window.moves.plan.allowance == 15
    assert ruleset.grid.hex_of("2435") in normal - window.moves.shading.hexes  # next to enemy
    drag(window, "tank", "2440")
    assert window.session.entries[-1].action["administrative"] is True
    window.end_step_action.trigger()
    assert not action.isChecked()  # a new segment starts with ordinary movement


@pytest.mark.parametrize(("points", "text"), [(0, "0"), (1.5, "1½"), (0.5, "½"), (7, "7")])
def test_8_1_movement_points_are_written_as_players_write_them(points, text):
    from fractions import Fraction

    assert mp_text(Fraction(points)) == text


def test_8_1_a_click_on_the_bare_map_clears_the_selection(qtbot, ruleset):
    from PySide6.QtCore import QEvent, Qt

    from tests.qt.tabletools import centre, send

    window = moving_table(qtbot, ruleset)
    click(window, "tank")
    assert window.moves.shading.hexes
    point = centre(window, "2441")
    window.view.centerOn(point)
    send(window, QEvent.Type.MouseButtonPress, point, Qt.MouseButton.LeftButton)
    send(window, QEvent.Type.MouseButtonRelease, point, Qt.MouseButton.NoButton)
    assert window.moves.selected is None and not window.moves.shading.hexes
    assert window.inspector.hex is None


def test_6_3_4_5_the_bill_lists_the_initiative_bonus_and_interdiction(ruleset):
    from dataclasses import replace

    from owsqt.qt.movement.bill import bill_html
    from owsqt.rules.core.state import InitiativeState, InterdictionZone

    session = game(ruleset, Mode.STRICT, soviet=SOVIETS, german=GERMANS)
    walk_to(session, Segment.NON_MECHANIZED_MOVEMENT, Player.GERMAN)
    state = session.state
    held = InitiativeState(holder=Player.GERMAN, streak=2, determined_turn=state.turn)
    plan = MovePlan(ruleset, replace(state, initiative=held), ("tank",))
    text = bill_html(ruleset, plan.route_to(ruleset.grid.hex_of("2440")))
    assert "Allowance 11 MP" in text and "initiative held turns running +1" in text
    assert "(6.3)" in text
    zone = InterdictionZone(ruleset.grid.hex_of("2431"), penalty=2, turn=state.turn, radius=1)
    soviet = MovePlan(ruleset, replace(state, interdiction_zones=(zone,)), ("rifle",))
    text = bill_html(ruleset, soviet.route_to(ruleset.grid.hex_of("2432")))
    assert "moving into an interdiction zone +2" in text and "(4.5)" in text


# --- the hasty attack (8.4) ------------------------------------------------------------------


def hasty_table(qtbot, ruleset, monkeypatch, answer: bool):
    """The German tank stack next to the Soviet rifle regiment, in its movement segment;
    the hasty attack question answered `answer`. Returns the window and the offers asked."""
    from owsqt.qt.movement import hastyask

    session = game(ruleset, Mode.STRICT, soviet={"rifle": "2437"}, german=GERMANS)
    walk_to(session, Segment.NON_MECHANIZED_MOVEMENT, Player.GERMAN)
    window = window_for(qtbot, ruleset, session)
    asked = []

    def ask(parent, rules, offer, mode):
        asked.append(offer)
        return answer

    monkeypatch.setattr(hastyask, "ask_hasty_attack", ask)
    return window, asked


def test_8_4_dropping_a_stack_on_the_enemy_next_to_it_makes_a_hasty_attack(
    qtbot, ruleset, monkeypatch
):
    window, asked = hasty_table(qtbot, ruleset, monkeypatch, answer=True)
    drag(window, "tank", "2437")
    assert len(asked) == 1 and asked[0].nationality_cost == 2  # 8.4: German
    assert window.session.entries[-1].action["kind"] == "hasty_attack"
    assert window.session.state.combat is not None
    assert window.combat.dock.isVisible()  # the combat panel comes forward
    assert hex_of(window, "tank") == "2438"  # the attackers stay until the combat ends
    panel = window.combat.panel
    assert panel.log.isVisible() and "This combat's" in panel.log_label.text()
    assert any("hasty" in panel.log.item(i).text().lower() for i in range(panel.log.count()))


def test_8_4_a_hasty_attack_declined_changes_nothing(qtbot, ruleset, monkeypatch):
    window, asked = hasty_table(qtbot, ruleset, monkeypatch, answer=False)
    entries = len(window.session.entries)
    drag(window, "tank", "2437")
    assert len(asked) == 1 and len(window.session.entries) == entries
    assert window.session.state.combat is None and hex_of(window, "tank") == "2438"


def test_8_4_the_bill_over_the_enemy_next_to_the_stack_shows_the_attack_and_what_is_left(
    qtbot, ruleset, monkeypatch
):
    window, _ = hasty_table(qtbot, ruleset, monkeypatch, answer=False)
    press_and_move(window, "tank", "2437")
    text = window.moves.bill.text()
    offer = window.moves.route  # no move route: the bill is the attack's
    assert offer is None and "Hasty attack on 2437" in text
    assert "German attack 2 MP" in text and "MP left after it" in text
