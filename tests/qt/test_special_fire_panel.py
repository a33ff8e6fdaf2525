"""The special fire at a stack passing through the player's ZOC (11.7, 9.3), chosen in the
Combat panel: the page, whose turn it is, the path on the map, Fire and Hold fire."""

from __future__ import annotations

from owsqt.rules.core.actions import Displace, MoveStack
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from tests.qt.tabletools import game, hex_of, walk_to, window_for

CROWD = {"mech": "2437", "mot6": "2437", "mot5": "2437", "hq57": "2437", "tank": "2438"}


def displaced_into_a_zoc(qtbot, ruleset):
    """19 German stacking points on 2437; the HQ displaced to 2436, next to a Soviet rifle
    regiment on 2435: the Soviet player chooses whether it fires."""
    session = game(ruleset, Mode.STRICT, soviet={"rifle": "2435"}, german=CROWD)
    walk_to(session, Segment.NON_MECHANIZED_MOVEMENT, Player.GERMAN)
    grid = ruleset.grid
    assert session.submit(
        MoveStack(units=("tank",), path=(grid.hex_of("2438"), grid.hex_of("2437")))
    ).applied
    window = window_for(qtbot, ruleset, session)
    path = (grid.hex_of("2437"), grid.hex_of("2436"))
    assert session.submit(Displace(units=("hq57",), path=path)).applied
    window.refresh()
    return window


def test_11_7_9_3_the_panel_asks_the_zoc_owner_and_holding_fire_lets_the_stack_pass(qtbot, ruleset):
    window = displaced_into_a_zoc(qtbot, ruleset)
    panel = window.combat.panel
    assert panel.page is panel.special_fire
    assert window.combat.dock.isVisible()
    assert "Soviet player" in panel.actor.text() and "2436" in panel.actor.text()
    assert "Soviet player" in window.hint.text()
    text = panel.special_fire.text.text()
    assert "(11.7)" in text and "factors" in text.lower()
    assert "column" in panel.special_fire.fire.text()
    grid = window.ruleset.grid
    assert window.combat.marks.drawn_paths == [[grid.hex_of("2437"), grid.hex_of("2436")]]
    assert hex_of(window, "hq57") == "2437"  # it waits for the answer
    rolls = window.session.state.dice.rolls_made
    panel.special_fire.hold.click()
    state = window.session.state
    assert state.special_fire is None and state.dice.rolls_made == rolls
    assert hex_of(window, "hq57") == "2436" and state.units["hq57"].disrupted
    assert window.session.entries[-1].action == {
        "kind": "special_fire",
        "player": "soviet",
        "fire": False,
    }
    assert panel.page is panel.idle and not window.combat.marks.drawn_paths


def test_11_7_firing_from_the_panel_rolls_on_the_crt(qtbot, ruleset):
    window = displaced_into_a_zoc(qtbot, ruleset)
    rolls = window.session.state.dice.rolls_made
    window.combat.panel.special_fire.fire.click()
    state = window.session.state
    assert state.special_fire is None and state.dice.rolls_made == rolls + 1
    assert "fire at the retreat" in window.combat.panel.last.text()
