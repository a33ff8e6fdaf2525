"""A stack drag is one gesture object (qt/movement/drag.py: StackDrag): the press shows the
reach, the hover asks the rules once for the hex under the pointer, the drop reuses that
answer and emits one action, or a cancel that says why (8.1-8.4)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF

from owsqt.qt.map.mapitem import SCENE_LAYOUT
from owsqt.qt.movement import answers, drag, hastyask
from owsqt.rules.core.actions import HastyAttack, MoveStack
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.movement.moveplan import move_plan
from tests.qt.tabletools import game, walk_to, window_for

GERMANS = {"tank": "2438", "mech": "2438"}


@pytest.fixture
def table(qtbot, ruleset):
    """The German stack next to the Soviet rifle regiment, in its movement segment."""
    session = game(ruleset, Mode.STRICT, soviet={"rifle": "2437"}, german=GERMANS)
    walk_to(session, Segment.NON_MECHANIZED_MOVEMENT, Player.GERMAN)
    return window_for(qtbot, ruleset, session)


@pytest.fixture
def asked(monkeypatch):
    """Every question the rules are asked about a hasty attack, by target."""
    targets = []
    real = answers.hasty_offer

    def counting(ruleset, state, mode, units, target):
        targets.append(target)
        return real(ruleset, state, mode, units, target)

    monkeypatch.setattr(answers, "hasty_offer", counting)
    return targets


def answer(monkeypatch, attack: bool) -> None:
    """The hasty attack's question (combat/hastyask.py) answered `attack`."""
    monkeypatch.setattr(hastyask, "ask_hasty_attack", lambda parent, rules, offer, mode: attack)


def heard(window):
    """What the window's drag emits, in order."""
    said = []
    window.drag.acted.connect(lambda action: said.append(("acted", action)))
    window.drag.cancelled.connect(lambda why: said.append(("cancelled", why)))
    return said


def hover(window, hex_id):
    x, y = SCENE_LAYOUT.center(window.ruleset.grid.hex_of(hex_id))
    window.moves.hover(QPointF(x, y))


def test_the_press_shows_the_reach_of_the_units_carried(table):
    units = ("tank", "mech")
    table.drag.press(units)
    assert table.drag.carried == units
    plan = move_plan(table.ruleset, table.session.state, units)
    assert table.moves.shading.hexes == set(plan.hexes)


def test_8_4_the_hover_asks_once_per_hex_and_the_drop_reuses_its_answer(table, asked, monkeypatch):
    answer(monkeypatch, True)
    said = heard(table)
    enemy = table.ruleset.grid.hex_of("2437")
    table.drag.press(("tank", "mech"))
    for _ in range(3):
        hover(table, "2437")  # the pointer moves within the hex
    assert asked == [enemy]
    assert table.moves.bill.isVisible()  # the hasty attack's bill
    table.drag.drop_on_hex(("tank", "mech"), enemy)
    assert asked == [enemy]  # the drop asked nothing more
    assert [kind for kind, _ in said] == ["acted"]
    assert isinstance(said[0][1], HastyAttack)
    assert table.session.entries[-1].action["kind"] == "hasty_attack"
    assert table.drag.carried == ()


def test_8_4_a_hasty_attack_declined_is_a_cancel_with_nothing_to_say(table, monkeypatch):
    answer(monkeypatch, False)
    said, entries = heard(table), len(table.session.entries)
    table.drag.press(("tank", "mech"))
    table.drag.drop_on_hex(("tank", "mech"), table.ruleset.grid.hex_of("2437"))
    assert said == [("cancelled", "")]
    assert len(table.session.entries) == entries


def test_8_1_a_drop_in_reach_emits_one_move_which_is_journaled(table, asked):
    said = heard(table)
    target = table.ruleset.grid.hex_of("2439")
    table.drag.press(("tank", "mech"))
    hover(table, "2439")
    table.drag.drop_on_hex(("tank", "mech"), target)
    assert asked == [target]
    assert [kind for kind, _ in said] == ["acted"]
    move = said[0][1]
    assert isinstance(move, MoveStack) and move.path[-1] == target
    assert table.session.state.units["tank"].hex == target
    assert table.selection.hex == target  # the stack in motion stays selected


def test_a_drop_where_the_stack_stands_asks_for_nothing(table):
    said, entries = heard(table), len(table.session.entries)
    table.drag.press(("tank", "mech"))
    table.drag.drop_on_hex(("tank", "mech"), table.ruleset.grid.hex_of("2438"))
    assert said == [("cancelled", "")]
    assert len(table.session.entries) == entries


def test_a_drop_off_the_map_is_a_cancel_that_says_why(table):
    said, entries = heard(table), len(table.session.entries)
    table.drag.press(("tank", "mech"))
    off = table.ruleset.grid.hex_of("2438")
    off = Hex.from_axial(off.q + 500, off.r)
    table.drag.drop_on_hex(("tank", "mech"), off)
    assert said == [("cancelled", drag.OFF_THE_MAP)]
    assert table.statusBar().currentMessage() == drag.OFF_THE_MAP
    assert len(table.session.entries) == entries
    assert not table.moves.shading.hexes  # the gesture's reach is gone


def test_units_carried_off_the_map_cancel_the_gesture(table):
    said = heard(table)
    table.drag.enter(("tank",))
    assert table.drag.carried == ("tank",)
    table.drag.cancel()
    assert table.drag.carried == () and said == []
    assert not table.moves.entry_shading.hexes
