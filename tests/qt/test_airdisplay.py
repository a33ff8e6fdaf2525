"""The air display beside the map: counters in their chart boxes, dragged between boxes (4.3)."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, QRect, Qt
from PySide6.QtGui import QDrag, QDragEnterEvent, QDropEvent, QFontMetrics
from PySide6.QtWidgets import QApplication, QLabel

from owsqt.qt.air.chart import AirChartWidget
from owsqt.qt.air.display import (
    MIME_TYPE,
    AirBoxWidget,
    AirDisplay,
    air_unit_from_mime,
    air_unit_mime,
)
from owsqt.rules import engine
from owsqt.rules.core.actions import PlaceAirUnit
from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import AirBox, Player
from owsqt.rules.data.unitfiles import load_catalogue
from owsqt.rules.data.units import UnitCatalogue
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.rules.scenario.scenario import initial_state

REPO = Path(__file__).resolve().parents[2]
FIGHTER = "lw-jg52-2"  # II/JG 52: 6-5-1, proficiency 8
STUKA = "lw-stg2-1"
SOVIET_FIGHTER = "su-235iad"


@pytest.fixture(scope="module")
def catalogue() -> UnitCatalogue:
    return load_catalogue(REPO / "resources" / "units")


@pytest.fixture(scope="module")
def new_game(catalogue) -> GameState:
    return initial_state(catalogue, default_ruleset().scenarios["we-are-coming"], seed=7)


@pytest.fixture
def make_display(qtbot, catalogue):
    def make(state: GameState, width: int = 360, height: int = 900) -> AirDisplay:
        display = AirDisplay(catalogue)
        qtbot.addWidget(display)
        display.resize(width, height)
        display.show()
        display.show_state(state)
        QApplication.processEvents()
        return display

    return make


def place(state: GameState, unit_id: str, box: AirBox) -> GameState:
    """The state after the window's PlaceAirUnit, as free play applies it."""
    action = PlaceAirUnit(air_unit=unit_id, box=box)
    return engine.apply(default_ruleset(), state, action, Mode.FREE).state


def side_of(catalogue: UnitCatalogue, player: Player) -> set[str]:
    return {unit.id for unit in catalogue.air.values() if unit.player is player}


def assert_no_text_is_cut(chart: AirChartWidget) -> None:
    """Every title on `chart` shows whole at the width it was given: wrapped, never clipped.

    Measured with the fonts the text is drawn in, so it holds whatever their widths are.
    """
    for label in chart.findChildren(QLabel):
        assert label.width() >= label.minimumSizeHint().width(), label.text()
        if label.wordWrap():
            assert label.height() >= label.heightForWidth(label.width()), label.text()
        else:
            assert label.height() >= label.minimumSizeHint().height(), label.text()
    for box in chart.boxes.values():
        # A title wraps between words; a word wider than the room beside the count is cut.
        metrics = QFontMetrics(box._title_font)
        room = box._title_rect(box.width())
        for word in box.title.split():
            assert metrics.horizontalAdvance(word) <= room.width(), (box.title, word)


def enter(widget: AirBoxWidget, mime: QMimeData) -> QDragEnterEvent:
    """A drag coming over `widget`; accepted means the cursor promises a drop."""
    event = QDragEnterEvent(
        widget.rect().center(),
        Qt.DropAction.MoveAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(widget, event)
    return event


def drop(widget: AirBoxWidget, mime: QMimeData) -> QDropEvent:
    """Let go of a drag over `widget`.

    Qt hands a drop only to a widget that accepted the drag's entry, so a refused drop would
    never reach the handler that way; the handler is called directly to show it refuses too.
    """
    enter(widget, mime)
    event = QDropEvent(
        QPointF(widget.rect().center()),
        Qt.DropAction.MoveAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    event.ignore()  # a drop event starts accepted; only the handler may accept it
    widget.dropEvent(event)
    return event


def test_every_air_unit_starts_in_the_ready_box_of_its_own_chart(make_display, new_game, catalogue):
    display = make_display(new_game)
    for player in Player:
        ready = display.box_widget(player, AirBox.READY)
        assert set(ready.unit_ids) == side_of(catalogue, player)
        for box, widget in display.charts[player].boxes.items():
            if box is not AirBox.READY:
                assert widget.unit_ids == (), (player, box)
    assert FIGHTER in display.box_widget(Player.GERMAN, AirBox.READY).unit_ids
    assert SOVIET_FIGHTER in display.box_widget(Player.SOVIET, AirBox.READY).unit_ids


def test_the_boxes_carry_the_titles_of_the_printed_charts(make_display, new_game):
    display = make_display(new_game)
    german = {w.title for w in display.charts[Player.GERMAN].boxes.values()}
    soviet = {w.title for w in display.charts[Player.SOVIET].boxes.values()}
    common = {"Ready Units", "Flown Units", "Disrupted Units", "Ground attack",
              "Ground attack escort"}  # fmt: skip
    assert german == common | {
        "Interdiction",
        "Interdiction escort",
        "Air superiority (against Soviet ground attack missions)",
        "Withheld Stukas",
    }
    assert soviet == common | {
        "Air superiority against German ground attack",
        "Air superiority against German interdiction",
    }


def test_show_state_moves_a_counter_to_the_box_the_state_names(make_display, new_game):
    flown = place(new_game, FIGHTER, AirBox.FLOWN)
    display = make_display(flown)
    assert display.box_widget(Player.GERMAN, AirBox.FLOWN).unit_ids == (FIGHTER,)
    assert FIGHTER not in display.box_widget(Player.GERMAN, AirBox.READY).unit_ids

    escorting = place(flown, FIGHTER, AirBox.GROUND_ATTACK_ESCORT)
    display.show_state(escorting)
    assert display.box_widget(Player.GERMAN, AirBox.FLOWN).unit_ids == ()
    assert display.box_widget(Player.GERMAN, AirBox.GROUND_ATTACK_ESCORT).unit_ids == (FIGHTER,)
    assert display.box_of(FIGHTER) is AirBox.GROUND_ATTACK_ESCORT


def test_a_drop_on_another_box_of_its_chart_asks_for_the_move_and_changes_nothing(
    qtbot, make_display, new_game
):
    display = make_display(new_game)
    target = display.box_widget(Player.GERMAN, AirBox.GROUND_ATTACK)
    mime = air_unit_mime(STUKA)
    assert enter(target, mime).isAccepted()
    with qtbot.waitSignal(display.move_requested, timeout=1000) as blocker:
        event = drop(target, mime)
    assert blocker.args == [STUKA, AirBox.GROUND_ATTACK]
    assert event.isAccepted() and event.dropAction() is Qt.DropAction.MoveAction
    # Only the window moves counters, by an action and the next show_state.
    assert STUKA in display.box_widget(Player.GERMAN, AirBox.READY).unit_ids
    assert target.unit_ids == ()


def test_a_drop_on_the_other_sides_chart_is_refused(qtbot, make_display, new_game):
    display = make_display(new_game)
    cases = (
        (SOVIET_FIGHTER, display.box_widget(Player.GERMAN, AirBox.GROUND_ATTACK_ESCORT)),
        (FIGHTER, display.box_widget(Player.SOVIET, AirBox.FLOWN)),
    )
    for unit_id, target in cases:
        mime = air_unit_mime(unit_id)
        assert not enter(target, mime).isAccepted()
        with qtbot.assertNotEmitted(display.move_requested):
            assert not drop(target, mime).isAccepted()


def test_a_drop_back_on_its_own_box_or_of_foreign_data_asks_for_nothing(
    qtbot, make_display, new_game
):
    display = make_display(new_game)
    ready = display.box_widget(Player.GERMAN, AirBox.READY)
    text = QMimeData()
    text.setText(FIGHTER)  # a plain text drag from elsewhere, not one of our counters
    with qtbot.assertNotEmitted(display.move_requested):
        drop(ready, air_unit_mime(FIGHTER))
        assert not drop(ready, text).isAccepted()
        assert not drop(ready, air_unit_mime("no-such-unit")).isAccepted()


def test_the_drag_data_round_trips_the_unit_id():
    mime = air_unit_mime(FIGHTER)
    assert mime.hasFormat(MIME_TYPE)
    assert air_unit_from_mime(mime) == FIGHTER
    assert air_unit_from_mime(QMimeData()) is None


def test_pressing_and_dragging_a_counter_starts_a_drag_carrying_its_id(
    qtbot, make_display, new_game, monkeypatch
):
    display = make_display(place(new_game, STUKA, AirBox.WITHHELD))
    withheld = display.box_widget(Player.GERMAN, AirBox.WITHHELD)
    dragged = []

    def fake_exec(drag: QDrag, *args) -> Qt.DropAction:
        # A real drag runs its own event loop until the mouse is released; note what it carries.
        dragged.append((air_unit_from_mime(drag.mimeData()), drag.pixmap().isNull()))
        return Qt.DropAction.IgnoreAction

    monkeypatch.setattr(QDrag, "exec", fake_exec)
    start = withheld.counter_rect(0).center()
    qtbot.mousePress(withheld, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(withheld, start + QPoint(30, 30))
    qtbot.mouseRelease(withheld, Qt.MouseButton.LeftButton, pos=start + QPoint(30, 30))
    assert dragged == [(STUKA, False)]
    assert withheld.unit_ids == (STUKA,)  # an unanswered drag leaves the counter in its box


def test_a_counter_tooltip_names_the_unit_and_gives_its_values(make_display, new_game):
    display = make_display(place(new_game, FIGHTER, AirBox.AIR_SUPERIORITY_VS_GROUND_ATTACK))
    box = display.box_widget(Player.GERMAN, AirBox.AIR_SUPERIORITY_VS_GROUND_ATTACK)
    text = box.tooltip_at(box.counter_rect(0).center())
    assert "II/JG 52" in text
    assert "Air-to-air 6" in text and "defence 5" in text and "bombardment 1" in text
    assert "Proficiency 8" in text
    empty_spot = box.counter_rect(3).center()
    assert "intercept" in box.tooltip_at(empty_spot)  # what the box is for (4.4)


def test_a_unit_in_a_box_its_chart_lacks_stays_on_the_table(qtbot, make_display, new_game):
    display = make_display(place(new_game, SOVIET_FIGHTER, AirBox.WITHHELD))
    elsewhere = display.charts[Player.SOVIET].elsewhere
    assert elsewhere.isVisible() and elsewhere.unit_ids == (SOVIET_FIGHTER,)
    assert "Withheld Stukas" in elsewhere.tooltip_at(elsewhere.counter_rect(0).center())
    assert not display.charts[Player.GERMAN].elsewhere.isVisible()
    with qtbot.assertNotEmitted(display.move_requested):
        assert not drop(elsewhere, air_unit_mime(SOVIET_FIGHTER)).isAccepted()
    display.show_state(new_game)
    assert not elsewhere.isVisible()


@pytest.mark.parametrize("width", [300, 420])
def test_in_a_dock_nothing_overlaps_and_the_charts_scroll(make_display, new_game, width):
    state = new_game
    for unit_id, box in (
        (FIGHTER, AirBox.AIR_SUPERIORITY_VS_GROUND_ATTACK),
        (STUKA, AirBox.GROUND_ATTACK),
        ("lw-stg2-2", AirBox.GROUND_ATTACK),
        ("lw-stg77-1", AirBox.GROUND_ATTACK),
        ("lw-kg55-1", AirBox.FLOWN),
        ("su-270bad", AirBox.DISRUPTED),
    ):
        state = place(state, unit_id, box)
    display = make_display(state, width=width, height=500)
    scroll = display.scroll_area
    assert scroll.horizontalScrollBar().maximum() == 0  # boxes wrap; nothing is cut off
    assert scroll.verticalScrollBar().maximum() > 0  # two charts do not fit in 500 px
    for chart in display.charts.values():
        boxes = list(chart.boxes.values())
        for first, second in combinations(boxes, 2):
            assert not first.geometry().intersects(second.geometry()), (first.title, second.title)
        for box in boxes:
            assert chart.rect().contains(box.geometry())
            inside = QRect(0, 0, box.width(), box.height())
            rects = [box.counter_rect(i) for i in range(len(box.unit_ids))]
            for rect in rects:
                assert inside.contains(rect), box.title
            for first, second in combinations(rects, 2):
                assert not first.intersects(second)
        assert_no_text_is_cut(chart)


def test_a_dock_too_narrow_for_a_title_word_scrolls_sideways_rather_than_cut_it(
    make_display, new_game
):
    display = make_display(new_game, width=200, height=500)
    QApplication.processEvents()  # the sideways scroll bar takes height: lay out once more
    assert display.scroll_area.horizontalScrollBar().maximum() > 0
    for chart in display.charts.values():
        assert_no_text_is_cut(chart)
