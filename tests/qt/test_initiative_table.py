"""The Initiative Phase and the order of the mechanized segments at the table (6.1, 7.2),
and the status line that says what a step waits for (3.1)."""

from __future__ import annotations

from owsqt.qt.play import initiativedialog
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.turn.initiative import determined_this_turn
from tests.qt.tabletools import game, walk_to, window_for


def initiative_table(qtbot, ruleset):
    session = game(ruleset, Mode.STRICT, soviet={"rifle": "2434"}, german={"tank": "2438"})
    walk_to(session, Segment.INITIATIVE_DETERMINATION)
    return window_for(qtbot, ruleset, session)


def hot_seat(monkeypatch, bids, cancel_for=None):
    """Stand-ins for the hand-over message and the bid dialog; returns what was asked."""
    asked = []

    def hand_over(parent, player):
        asked.append(("screen to", player))
        return True

    def ask(parent, player):
        asked.append(("bid of", player))
        return None if player is cancel_for else bids[player]

    monkeypatch.setattr(initiativedialog, "hand_over", hand_over)
    monkeypatch.setattr(initiativedialog, "ask_planned_attacks", ask)
    return asked


def test_6_1_declaring_planned_attacks_asks_each_player_in_turn_and_decides(
    qtbot, ruleset, monkeypatch
):
    window = initiative_table(qtbot, ruleset)
    assert window.declare_action.isEnabled()
    assert window.declare_action.shortcut().toString() == "Ctrl+I"
    assert "German and Soviet players" in window.hint.text() and "Ctrl+I" in window.hint.text()
    asked = hot_seat(monkeypatch, {Player.GERMAN: 4, Player.SOVIET: 1})
    window.declare_action.trigger()
    assert asked == [
        ("screen to", Player.GERMAN),
        ("bid of", Player.GERMAN),
        ("screen to", Player.SOVIET),
        ("bid of", Player.SOVIET),
    ]
    state = window.session.state
    assert determined_this_turn(state) and state.initiative.holder is not None
    assert dict(state.initiative.planned_attacks) == {Player.GERMAN: 4, Player.SOVIET: 1}
    assert not window.declare_action.isEnabled()
    holder = state.initiative.holder.title
    assert f"The {holder} player holds the initiative" in window.statusBar().currentMessage()
    # 3.1: once determined, the segment passes by itself: the holder moves first
    assert state.segment is Segment.SUPPLY_DETERMINATION and state.active is not None
    assert window.hint.text().startswith(f"{holder} player: supply determination (14.1)")


def test_6_1_a_bid_stays_hidden_until_the_other_player_has_declared(qtbot, ruleset, monkeypatch):
    window = initiative_table(qtbot, ruleset)
    asked = hot_seat(monkeypatch, {Player.GERMAN: 7, Player.SOVIET: 2}, cancel_for=Player.SOVIET)
    window.declare_action.trigger()  # the Soviet player is not ready: he cancels
    assert not determined_this_turn(window.session.state)
    shown = [window.log.item(i).text() for i in range(window.log.count())]
    assert "German player declared his planned attacks (hidden)" in shown[-1]
    assert not any("7" in line.split("  ", 1)[1] for line in shown[-1:])
    assert "planned attacks of the Soviet player" in window.hint.text()
    assert "German" not in window.hint.text()
    asked.clear()
    hot_seat(monkeypatch, {Player.GERMAN: 7, Player.SOVIET: 2})
    window.declare_action.trigger()
    assert determined_this_turn(window.session.state)


def test_6_1_ending_the_step_before_the_bids_is_refused_with_the_rule(qtbot, ruleset):
    window = initiative_table(qtbot, ruleset)
    window.end_step_action.trigger()
    assert window.session.state.segment == Segment.INITIATIVE_DETERMINATION
    assert "6.1" in window.statusBar().currentMessage()


def test_7_2_mechanized_combat_first_is_chosen_before_the_mechanized_segments(qtbot, ruleset):
    session = game(ruleset, Mode.STRICT, soviet={"rifle": "2434"}, german={"tank": "2438"})
    window = window_for(qtbot, ruleset, session)
    assert not window.order_action.isEnabled()  # not in the air operations phase
    walk_to(session, Segment.SUPPLY_DETERMINATION)
    window.refresh()
    assert window.order_action.isEnabled() and not window.order_action.isChecked()
    assert "Ctrl+Shift+C" in window.hint.text()
    window.order_action.trigger()
    assert window.session.state.combat_first
    assert window.order_action.isChecked() and not window.order_action.isEnabled()
    assert window.session.entries[-1].action["kind"] == "segment_order"


def test_3_1_the_status_line_says_what_a_movement_segment_waits_for(qtbot, ruleset):
    session = game(ruleset, Mode.STRICT, soviet={"rifle": "2434"}, german={"tank": "2438"})
    walk_to(session, Segment.NON_MECHANIZED_MOVEMENT, Player.GERMAN)
    window = window_for(qtbot, ruleset, session)
    text = window.hint.text()
    assert "German player moves his non-mechanized units (7.1)" in text
    assert "End step (Ctrl+E)" in text


def test_6_1_by_e_mail_the_menu_asks_only_for_ones_own_bid_and_seals_it(qtbot, monkeypatch):
    from owsqt.rules.scenario.ruleset import default_ruleset
    from tests.session.pbemkit import Exchange

    exchange = Exchange(default_ruleset())
    exchange.opening()
    exchange.to_the_bids()  # the Soviet player holds the file in the Initiative Phase
    window = window_for(qtbot, exchange.soviet.ruleset, exchange.soviet)
    asked = hot_seat(monkeypatch, {Player.GERMAN: 5, Player.SOVIET: 2})
    window.declare_action.trigger()
    assert ("bid of", Player.GERMAN) not in asked and ("bid of", Player.SOVIET) in asked
    assert exchange.soviet.players.open_seals.keys() == {"soviet"}
    assert exchange.soviet.players.waiting_for_opponent()
    assert "sealed" in window.statusBar().currentMessage()
