"""Air operations at the table (4.3-4.6): the allocation drafted on the charts and sent in
one action, the other side's boxes covered until the reveal, an air battle's targets, and a
ground attack sent from its page. The shipped scenario: turn 1 of "We are coming" is clear."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QMimeData, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QPixmap
from PySide6.QtWidgets import QApplication

from owsqt.qt.air.box import AirBoxWidget, air_unit_mime
from owsqt.rules.air.allocation import allocation_step, charts_revealed
from owsqt.rules.air.battles import current_battle
from owsqt.rules.core.actions import AllocateAir, EndStep
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.steps import AirBattleStage, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import AirBox, Player
from owsqt.session import GameSession, new_game
from tests.qt.tabletools import window_for

# Screenshots for a person to look at: saved only when OWSQT_SHOTS names a folder.
SHOTS = os.environ.get("OWSQT_SHOTS")
SOVIET_MISSIONS = {
    "su-202shad": AirBox.GROUND_ATTACK,
    "su-226shad": AirBox.GROUND_ATTACK,
    "su-235iad": AirBox.GROUND_ATTACK_ESCORT,
    "su-268iad": AirBox.GROUND_ATTACK_ESCORT,
}


def allocation_game(shipped, mode=Mode.STRICT, seed=3) -> GameSession:
    """We are coming, set up by default: turn 1, the Air Allocation Segment, step 1."""
    session = new_game(shipped, "we-are-coming", mode, seed=seed)
    session.apply_default_setup()
    assert session.state.segment is Segment.AIR_ALLOCATION
    return session


def allocate(session, player, missions) -> None:
    outcome = session.submit(AllocateAir(player=player, missions=FrozenMap(missions)))
    assert outcome.applied, outcome.verdict


def drop(widget: AirBoxWidget, unit_id: str) -> bool:
    """A counter dragged over `widget` and let go; whether the box took it."""
    mime: QMimeData = air_unit_mime(unit_id)
    move = Qt.DropAction.MoveAction
    held, keys = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    enter = QDragEnterEvent(widget.rect().center(), move, mime, held, keys)
    widget.dragEnterEvent(enter)
    if not enter.isAccepted():
        return False
    widget.dropEvent(QDropEvent(QPointF(widget.rect().center()), move, mime, held, keys))
    return True


def shoot(window, name: str) -> QPixmap:
    """The widget as drawn (saved as `name`.png under OWSQT_SHOTS when it is set)."""
    QApplication.processEvents()  # the scroll areas settle their widths first
    picture = window.grab()
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        picture.save(str(Path(SHOTS) / f"{name}.png"))
    return picture


def dock_forward(window, qtbot) -> None:
    window.air.dock.setFloating(True)
    window.air.dock.resize(460, 900)
    window.air.dock.show()
    qtbot.waitExposed(window.air.dock)


def test_4_3_a_drafted_allocation_is_sent_in_one_action(qtbot, shipped):
    session = allocation_game(shipped)
    window = window_for(qtbot, shipped, session)
    display, page = window.air_display, window.air.panel.allocation
    assert window.air.dock.isVisible()
    entries = len(session.entries)
    ground_attack = display.box_widget(Player.SOVIET, AirBox.GROUND_ATTACK)
    escort = display.box_widget(Player.SOVIET, AirBox.GROUND_ATTACK_ESCORT)
    assert drop(ground_attack, "su-202shad")
    assert drop(escort, "su-235iad")
    assert len(session.entries) == entries  # a draft: nothing sent yet
    assert display.box_of("su-202shad") is AirBox.GROUND_ATTACK
    assert ground_attack.unit_ids == ("su-202shad",)
    assert page.allocate.text() == "Allocate (step 1)"
    assert page.allocate.isEnabled()
    qtbot.mouseClick(page.allocate, Qt.MouseButton.LeftButton)
    state = session.state
    assert state.air_units["su-202shad"].box is AirBox.GROUND_ATTACK
    assert state.air_units["su-235iad"].box is AirBox.GROUND_ATTACK_ESCORT
    assert session.entries[-1].action["kind"] == "allocate_air"
    assert allocation_step(shipped, state) == (Player.GERMAN, 2)
    assert page.allocate.text() == "Allocate (step 2)" and page.draft == {}


def test_4_2_a_box_the_unit_may_not_fly_refuses_the_drop_with_its_rule(qtbot, shipped):
    window = window_for(qtbot, shipped, allocation_game(shipped))
    escort = window.air_display.box_widget(Player.SOVIET, AirBox.GROUND_ATTACK_ESCORT)
    assert not drop(escort, "su-202shad")  # a ground attack regiment is not a fighter
    assert escort.refusal is not None and escort.refusal.startswith("4.2:")
    assert "not a fighter" in escort.refusal
    assert window.air.panel.allocation.draft == {}


def test_4_3_fly_no_missions_sends_an_empty_allocation(qtbot, shipped):
    session = allocation_game(shipped)
    window = window_for(qtbot, shipped, session)
    qtbot.mouseClick(window.air.panel.allocation.none, Qt.MouseButton.LeftButton)
    assert Player.SOVIET in session.state.air.allocated
    assert all(u.box is AirBox.READY for u in session.state.air_units.values())


def test_4_3_the_other_sides_boxes_are_covered_until_the_reveal(qtbot, shipped):
    session = allocation_game(shipped)
    allocate(session, Player.SOVIET, SOVIET_MISSIONS)
    window = window_for(qtbot, shipped, session)
    display = window.air_display
    soviet_attack = display.box_widget(Player.SOVIET, AirBox.GROUND_ATTACK)
    assert soviet_attack.covered and soviet_attack.unit_ids == ()
    assert "secret" in soviet_attack.tooltip_at(soviet_attack.rect().center()).lower()
    soviet_ready = display.box_widget(Player.SOVIET, AirBox.READY)
    assert not soviet_ready.covered
    # 4.3: the secret units still show as ready, so the count tells nothing either
    assert {"su-202shad", "su-226shad"} <= set(soviet_ready.unit_ids)
    assert not display.box_widget(Player.GERMAN, AirBox.GROUND_ATTACK).covered
    dock_forward(window, qtbot)
    shoot(window.air.dock, "allocation-step-2")
    page = window.air.panel.allocation
    assert drop(display.box_widget(Player.GERMAN, AirBox.GROUND_ATTACK), "lw-stg2-1")
    qtbot.mouseClick(page.allocate, Qt.MouseButton.LeftButton)
    assert charts_revealed(shipped, session.state)
    assert not soviet_attack.covered
    assert set(soviet_attack.unit_ids) == {"su-202shad", "su-226shad"}
    assert page.allocate.text() == "Allocate (step 3)"


def test_4_3_end_step_before_the_allocation_points_to_it(qtbot, shipped):
    window = window_for(qtbot, shipped, allocation_game(shipped))
    window.air.dock.hide()
    window.end_step()
    message = window.statusBar().currentMessage()
    assert "4.3" in message and "Air operations" in message
    assert window.air.dock.isVisible()


def test_free_play_drops_are_still_edits(qtbot, shipped):
    session = allocation_game(shipped, mode=Mode.FREE)
    window = window_for(qtbot, shipped, session)
    assert not window.air.panel.isVisible()
    assert drop(window.air_display.box_widget(Player.SOVIET, AirBox.FLOWN), "su-202shad")
    assert session.entries[-1].action["kind"] == "place_air"


def battle_game(shipped) -> GameSession:
    """The 4.4 example's shape: Soviet ground attack escorted; II/JG 52 intercepts."""
    session = allocation_game(shipped)
    allocate(session, Player.SOVIET, SOVIET_MISSIONS)
    allocate(session, Player.GERMAN, {"lw-stg2-1": AirBox.GROUND_ATTACK})
    allocate(session, Player.GERMAN, {"lw-jg52-2": AirBox.AIR_SUPERIORITY_VS_GROUND_ATTACK})
    # 3.1: everyone has allocated, so the Air Allocation Segment ends within that step 3
    assert session.state.segment is Segment.AIR_COMBAT
    return session


def test_4_4_the_battle_page_proposes_and_sends_a_legal_pairing(qtbot, shipped):
    session = battle_game(shipped)
    window = window_for(qtbot, shipped, session)
    page = window.air.panel.battle
    battle = current_battle(session.state)
    assert battle is not None and battle.stage is AirBattleStage.PAIRING
    assert "interception" in page.rolls.text() and "bounce" in page.rolls.text()
    assert set(page.combos) == {"lw-jg52-2"}
    assert page.pairs()["lw-jg52-2"] in {"su-235iad", "su-268iad"}
    assert "DRM" in page.columns["lw-jg52-2"].text()
    assert page.engage.isEnabled()
    dock_forward(window, qtbot)
    shot = shoot(window.air.dock, "air-battle")
    assert not shot.isNull() and shot.width() >= 400
    entries = len(session.entries)
    qtbot.mouseClick(page.engage, Qt.MouseButton.LeftButton)
    assert len(session.entries) == entries + 1
    assert session.entries[-1].action["kind"] == "air_engage"
    assert session.state.air.battles != (battle,)


def walk_to_bombardment(session) -> None:
    """Answer every air battle with the page's proposal, then on to the bombardment."""
    for _ in range(20):
        if session.state.segment is Segment.AIR_BOMBARDMENT:
            return
        assert session.submit(EndStep()).applied


def test_4_6_a_ground_attack_is_sent_from_its_page(qtbot, shipped):
    session = allocation_game(shipped)
    allocate(session, Player.SOVIET, {})
    allocate(session, Player.GERMAN, {"lw-stg2-1": AirBox.GROUND_ATTACK})
    allocate(session, Player.GERMAN, {})
    walk_to_bombardment(session)
    window = window_for(qtbot, shipped, session)
    page = window.air.panel.ground_attack
    assert page.player is Player.GERMAN and set(page.checks) == {"lw-stg2-1"}
    assert page.target.count() > 0
    target = page.target.itemData(0)
    assert page.pick(session.state.units[target].hex)
    assert "Bombardment" in page.solution.text() and "4.6" in page.solution.text()
    assert page.send_button.isEnabled()
    dock_forward(window, qtbot)
    shoot(window.air.dock, "ground-attack")
    qtbot.mouseClick(page.send_button, Qt.MouseButton.LeftButton)
    assert session.entries[-1].action["kind"] == "ground_attack"
    assert session.state.air_units["lw-stg2-1"].box is AirBox.FLOWN


def test_4_5_an_interdiction_is_sent_at_the_hex_clicked(qtbot, shipped):
    session = allocation_game(shipped)
    allocate(session, Player.SOVIET, {})
    allocate(session, Player.GERMAN, {"lw-kg51-1": AirBox.INTERDICTION})
    allocate(session, Player.GERMAN, {})
    for _ in range(20):
        if session.state.segment is Segment.INTERDICTION:
            break
        assert session.submit(EndStep()).applied
    window = window_for(qtbot, shipped, session)
    page = window.air.panel.interdiction
    assert page.player is Player.GERMAN and set(page.checks) == {"lw-kg51-1"}
    assert not page.send_button.isEnabled()  # no hex yet
    window.air.pick(shipped.grid.hex_of("2538"))
    assert page.hex_edit.text() == "2538"
    assert "column" in page.solution.text() and "16.1" in page.solution.text()
    qtbot.mouseClick(page.send_button, Qt.MouseButton.LeftButton)
    assert session.entries[-1].action["kind"] == "interdict"
    assert session.state.air_units["lw-kg51-1"].box is AirBox.FLOWN


def test_4_3_hot_seat_hands_the_computer_over_between_the_secret_allocations(
    qtbot, shipped, monkeypatch
):
    from owsqt.journal.textformat import Play
    from owsqt.qt.play import handover

    session = new_game(shipped, "we-are-coming", Mode.STRICT, seed=3, play=Play.HOT_SEAT)
    session.apply_default_setup()
    asked = []
    monkeypatch.setattr(handover, "hand_over", lambda parent, player, why: asked.append(player))
    window = window_for(qtbot, shipped, session)
    assert window.hint.text().startswith("Soviet player: air allocation (4.3)")
    qtbot.mouseClick(window.air.panel.allocation.none, Qt.MouseButton.LeftButton)
    assert Player.GERMAN in asked  # the curtain falls before the German sees the charts
    assert window.hint.text().startswith("German player: air allocation (4.3)")


def test_4_4_4_5_4_6_free_play_has_a_calculator_that_changes_nothing(qtbot, shipped):
    session = allocation_game(shipped, mode=Mode.FREE)
    window = window_for(qtbot, shipped, session)
    calculator = window.air.calculator
    assert calculator.isVisibleTo(window.air.dock) and not window.air.panel.isVisibleTo(
        window.air.dock
    )
    entries = len(session.entries)
    calculator.firer.setCurrentIndex(calculator.firer.findData("lw-jg52-2"))
    calculator.target.setCurrentIndex(calculator.target.findData("su-235iad"))
    duel = calculator.duel.text()
    assert "the +1 column" in duel and "DRM +1" in duel  # 4.4: 6 against 5, proficiency 8 to 6
    for index in range(calculator.aircraft.count()):
        item = calculator.aircraft.item(index)
        if item.data(Qt.ItemDataRole.UserRole) == "lw-stg77-2":
            item.setCheckState(Qt.CheckState.Checked)
    calculator.hex.setText("2538")
    text = calculator.strike.text()
    assert "Interdiction of 2538" in text and "7 factors" in text and "(4.5, 16.1)" in text
    assert "Ground attack" in text
    assert len(session.entries) == entries  # nothing was sent


def test_4_3_by_e_mail_the_sealed_allocation_is_seen_by_its_owner_only(qtbot, shipped):
    from tests.session.pbemkit import Exchange, must

    exchange = Exchange(shipped)
    exchange.opening()
    exchange.soviet.email.import_text(exchange.send(exchange.german))
    missions = FrozenMap({"su-202shad": AirBox.GROUND_ATTACK})
    must(exchange.soviet, AllocateAir(player=Player.SOVIET, missions=missions))
    assert exchange.soviet.state.air.sealed == {Player.SOVIET}
    window = window_for(qtbot, shipped, exchange.soviet)
    own = window.air_display.box_widget(Player.SOVIET, AirBox.GROUND_ATTACK)
    assert own.unit_ids == ("su-202shad",)  # his own, though the file does not show it
    exchange.german.email.import_text(exchange.send(exchange.soviet))
    other = window_for(qtbot, shipped, exchange.german)
    theirs = other.air_display.box_widget(Player.SOVIET, AirBox.GROUND_ATTACK)
    assert theirs.unit_ids == () and theirs.covered
