"""The fog of war at the table (18.1): the map, the stack viewer, the stack inspector and the
counters' menus show a side only what it may see; free play may show everything; in hot-seat
play a curtain covers the table while the computer changes hands."""

from __future__ import annotations

import re
from dataclasses import replace

from PySide6.QtCore import QPoint, QPointF, Qt, QTimer
from PySide6.QtWidgets import QApplication

from owsqt.journal.textformat import Play
from owsqt.qt.app.mainwindow import MainWindow
from owsqt.qt.counters.facecache import FACES
from owsqt.qt.counters.items import CounterItem
from owsqt.qt.counters.painter import far_ground_face, ground_face
from owsqt.qt.counters.unittext import unit_lines
from owsqt.qt.map.mapitem import SCENE_LAYOUT
from owsqt.qt.play.handover import hand_over
from owsqt.rules.core.actions import AllocateAir, SetStrength
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.state import EntrenchmentState
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Entrenchment, Player
from owsqt.rules.fog.option import FOG_OF_WAR
from owsqt.rules.fog.view import view
from owsqt.rules.movement.moveaction import movable_units
from owsqt.session import GameSession, new_game
from tests.qt.tabletools import walk_to


def fogged(ruleset, mode=Mode.STRICT, play=Play.HOT_SEAT) -> GameSession:
    session = new_game(ruleset, "hoths-last-gasp", mode, seed=1, options=(FOG_OF_WAR,), play=play)
    session.apply_default_setup()
    return session


def table(qtbot, ruleset, mode=Mode.STRICT, play=Play.HOT_SEAT) -> MainWindow:
    """A fogged game of Hoth's Last Gasp after its default set-up, the Soviet player at the
    computer (the curtain of the game put on the table lifted)."""
    window = MainWindow(ruleset, fogged(ruleset, mode, play))
    qtbot.addWidget(window)
    if window.hot_seat.curtain.covers():
        assert window.hot_seat.curtain.player is Player.SOVIET
        window.hot_seat.curtain.button.click()
    assert window.bridge.viewer is Player.SOVIET
    return window


def hidden_units(window: MainWindow) -> set[str]:
    full = window.session.state
    seen = window.bridge.seen()
    return {u for u in full.units if full.units[u].hex is not None and not seen.knows(u)}


def naming(ruleset, units: set[str]) -> re.Pattern[str]:
    """A pattern that finds any of `units` by id or by name (not inside a longer name)."""
    words = {*units, *(ruleset.unit_name(u) for u in units)}
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![\w/])(?:{alternatives})(?![\w/])")


def test_18_1_no_counter_tooltip_viewer_or_inspector_names_a_hidden_unit(qtbot, shipped):
    window = table(qtbot, shipped)
    hidden = hidden_units(window)
    assert len(hidden) > 20  # the German stacks' lower units, entrenched ones whole
    leak = naming(shipped, hidden)
    for item in window.scene.items():
        assert not leak.search(item.toolTip()), item.toolTip()
        if isinstance(item, CounterItem):
            assert item.unit.id not in hidden
    layer, seen = window.counters, window.bridge.seen()
    for hex_ in seen.hidden:
        window.stack_viewer.show_hex(hex_, QPoint(10, 10))
        assert window.stack_viewer.hidden == seen.hidden[hex_]
        shown = window.stack_viewer.units
        assert not set(shown) & hidden
        for unit_id in shown:
            words = "\n".join(
                unit_lines(shipped.catalogue.ground[unit_id], layer.state.units[unit_id])
            )
            assert not leak.search(words)
        window.select_hex(hex_)
        inspector = window.inspector
        cells = [
            text
            for row in range(inspector.rowCount())
            for column in range(inspector.columnCount())
            for text in (inspector.item(row, column).text(), inspector.item(row, column).toolTip())
        ]
        assert not any(leak.search(text) for text in cells), cells
        assert not leak.search(inspector.statusTip())


def test_18_1_no_face_of_a_hidden_unit_is_painted_or_cached(qtbot, shipped):
    window = table(qtbot, shipped)
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    FACES.clear()
    for _ in range(2):  # the face cache keeps pixmaps from a size's second frame on
        window.view.viewport().grab()
    assert len(FACES)
    faces = {key[0] for key in FACES._pixmaps}
    ground = shipped.catalogue.ground
    for unit_id in hidden_units(window):
        for reduced in (False, True):
            assert ground_face(ground[unit_id], reduced) not in faces
            assert far_ground_face(ground[unit_id], reduced) not in faces


def test_18_1_a_placeholder_counts_the_hidden_counters_of_its_hex(qtbot, shipped):
    window = table(qtbot, shipped)
    full, seen = window.session.state, window.bridge.seen()
    placeholders = window.counters.hidden_items
    assert set(placeholders) == set(seen.hidden)
    for hex_, item in placeholders.items():
        shown = len(seen.state.stack(hex_))
        assert item.count == len(full.stack(hex_)) - shown
        assert item.side is Player.GERMAN
        plural = "s" if item.count > 1 else ""
        assert item.toolTip() == f"{item.count} German unit{plural} hidden (18.1)"
        # Under the top unit in the cascade, its count on the edge above it.
        assert item.zValue() < min(
            (window.counters.items[u].zValue() for u in seen.state.stack(hex_)), default=99
        )
        assert item.badge.isVisible() is (shown > 0)


def test_18_1_shown_enemy_units_carry_no_strength_marker(qtbot, shipped):
    window = table(qtbot, shipped)
    session = window.session
    german = next(
        u
        for u, item in window.counters.items.items()
        if item.unit.player is Player.GERMAN and item.unit.combat > 2
    )
    weakened = replace(
        session.state,
        units=FrozenMap(
            {**session.state.units, german: replace(session.state.units[german], strength=1)}
        ),
    )
    window.counters.sync(weakened, window.bridge.seen(weakened))
    item = window.counters.items[german]
    assert item.state.strength == item.unit.combat
    assert not [child for child in item.childItems() if child.toolTip().startswith("strength")]
    assert "strength 1 " not in item.toolTip()
    # Its menu offers the strength marker at the printed value, not the real one.
    menu = window.unit_menu_for(german)
    data = [a.data() for a in menu.actions() if isinstance(a.data(), SetStrength)]
    assert data and all(d.strength != 1 for d in data)


def test_18_1_an_entrenched_enemy_stack_shows_only_the_placeholder(qtbot, shipped):
    window = table(qtbot, shipped)
    state = window.session.state
    seen = window.bridge.seen()
    hex_ = next(h for h in seen.hidden if seen.state.stack(h))
    marker = EntrenchmentState(Player.GERMAN, Entrenchment.COMPLETE, 1)
    dug_in = replace(state, entrenchments=FrozenMap({**state.entrenchments, hex_: marker}))
    window.counters.sync(dug_in, window.bridge.seen(dug_in))
    stack = state.stack(hex_)
    assert not [u for u in stack if u in window.counters.items]
    placeholder = window.counters.hidden_items[hex_]
    assert placeholder.count == len(stack)
    assert placeholder.pos() == QPointF(*SCENE_LAYOUT.center(hex_))
    assert not placeholder.badge.isVisible()  # the count is on the placeholder itself


def test_18_1_a_press_on_an_enemy_stack_picks_nothing_up(qtbot, shipped):
    window = table(qtbot, shipped, Mode.FREE)
    layer = window.counters
    enemy = next(i for i in layer.items.values() if i.unit.player is Player.GERMAN)
    own = next(i for i in layer.items.values() if i.unit.player is Player.SOVIET)
    assert layer.pick(enemy, enemy.scenePos(), alone=False) == []
    assert layer.pick(enemy, enemy.scenePos(), alone=True) == []
    assert own in layer.pick(own, own.scenePos(), alone=False)


def test_18_1_free_play_may_show_every_unit(qtbot, shipped):
    window = table(qtbot, shipped, Mode.FREE)
    toggle = window.fog.action
    assert toggle.isEnabled() and toggle in window.view_menu.actions()
    assert "18.1" in toggle.toolTip()
    toggle.trigger()
    assert window.bridge.show_all and window.bridge.viewer is None
    on_map = {u for u, s in window.session.state.units.items() if s.hex is not None}
    assert on_map <= set(window.counters.items) and not window.counters.hidden_items
    toggle.trigger()
    assert window.bridge.viewer is Player.SOVIET and window.counters.hidden_items
    toggle.trigger()
    window.bridge.replace(fogged(shipped, Mode.FREE))  # another game starts fogged
    assert not window.bridge.show_all and not toggle.isChecked()
    assert window.hot_seat.curtain.covers()


def test_18_1_strict_play_may_not_show_every_unit(qtbot, shipped):
    window = table(qtbot, shipped, Mode.STRICT)
    toggle = window.fog.action
    assert not toggle.isEnabled() and not toggle.isChecked()
    window.bridge.show_all = True  # not by the menu; the rules keep the fog in STRICT
    assert window.bridge.viewer is Player.SOVIET and window.counters.hidden_items


def test_18_1_the_curtain_covers_the_table_until_the_new_player_has_the_computer(qtbot, shipped):
    window = table(qtbot, shipped)
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    curtain = window.hot_seat.curtain
    soviet_view = set(window.counters.items)
    german_view = {
        u
        for u in window.session.state.units
        if view(shipped, window.session.state, Player.GERMAN).knows(u)
    }
    soviet_hex = next(
        h for h, stack in window.session.state.stacks.items() if not german_view.issuperset(stack)
    )
    window.select_hex(soviet_hex)
    window.stack_viewer.show_hex(soviet_hex, QPoint(10, 10))
    assert window.stack_viewer.isVisible()
    outcome = window._submit(AllocateAir(player=Player.SOVIET, missions=FrozenMap()))
    assert outcome is not None and outcome.applied  # step 2: the German player allocates
    assert curtain.covers() and curtain.player is Player.GERMAN
    assert curtain.title.text() == "Hand the computer to the German player"
    assert curtain.button.text() == "I am the German player"
    # The whole window is under it: the map, the docks, the menus.
    assert curtain.geometry() == window.rect()
    for widget in (window.view.viewport(), window.log, window.menuBar()):
        centre = widget.mapTo(window, widget.rect().center())
        assert curtain.isAncestorOf(window.childAt(centre)) or window.childAt(centre) is curtain
    # Nothing of the German view is drawn yet: the table is still the Soviet player's.
    assert window.bridge.seat is Player.SOVIET is window.hot_seat.seated
    assert not (set(window.counters.items) - soviet_view)
    # No shortcut reaches the table behind it: Undo (Ctrl+Z) takes nothing back.
    entries = len(window.session.entries)
    window.activateWindow()  # where shortcuts work
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    qtbot.keyClick(curtain.button, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert len(window.session.entries) == entries and curtain.covers()
    qtbot.keyClick(curtain.button, Qt.Key.Key_Return)
    assert not curtain.covers()
    assert window.bridge.seat is Player.GERMAN is window.hot_seat.seated
    # Nothing the Soviet player had open stays: his stack's units, its selection.
    assert not window.stack_viewer.isVisible()
    assert window.inspector.hex is None and window.inspector.rowCount() == 0
    on_map = {u for u in window.counters.items}
    assert on_map - soviet_view  # the German's own units, hidden from the Soviet player
    assert on_map <= german_view and not on_map & (soviet_view - german_view)


def test_18_1_without_fog_the_hand_over_is_a_message_box(qtbot, shipped, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    asked = []
    monkeypatch.setattr(
        QMessageBox, "exec", lambda box: asked.append(box.text()) or box.defaultButton().click()
    )
    session = new_game(shipped, "hoths-last-gasp", Mode.STRICT, seed=1, play=Play.HOT_SEAT)
    session.apply_default_setup()
    window = MainWindow(shipped, session)
    qtbot.addWidget(window)
    assert not window.hot_seat.curtain.covers()
    window._submit(AllocateAir(player=Player.SOVIET, missions=FrozenMap()))
    assert asked and asked[0].startswith("Hand the computer to the German player")
    assert not window.hot_seat.curtain.covers()


def test_6_1_18_1_a_bid_is_handed_over_behind_the_curtain(qtbot, shipped):
    window = table(qtbot, shipped)
    curtain = window.hot_seat.curtain
    seen_covered = []

    def answer() -> None:
        seen_covered.append((curtain.covers(), not curtain.cancel.isHidden(), window.bridge.seat))
        curtain.button.click()

    QTimer.singleShot(0, answer)
    assert hand_over(window, Player.GERMAN, "Soviet player: please look away.", may_cancel=True)
    assert seen_covered == [(True, True, Player.SOVIET)]
    assert window.bridge.seat is Player.GERMAN is window.hot_seat.seated
    QTimer.singleShot(0, curtain.cancel.click)
    assert not hand_over(window, Player.SOVIET, "", may_cancel=True)
    assert window.bridge.seat is Player.GERMAN and not curtain.covers()


def test_18_1_the_supply_overlay_draws_the_viewer_s_own_lines_only(qtbot, shipped):
    window = table(qtbot, shipped)
    window.supply_action.setChecked(True)
    assert set(window.supply_overlay.views) == {Player.SOVIET}
    window.bridge.seat = Player.GERMAN
    assert set(window.supply_overlay.views) == {Player.GERMAN}


def test_18_1_an_enemy_stack_selected_shows_no_reach_and_names_no_unit(qtbot, shipped):
    session = fogged(shipped)
    walk_to(session, Segment.MECHANIZED_MOVEMENT, Player.GERMAN)
    window = MainWindow(shipped, session)
    qtbot.addWidget(window)
    window.hot_seat.curtain.button.click()  # the German player moves
    german = window.bridge.seen()
    own = next(
        h for h, stack in session.state.stacks.items() if movable_units(shipped, session.state, h)
    )
    window.select_hex(own)
    assert window.moves.plan is not None  # his own stack: its reach is shaded
    window.bridge.seat = Player.SOVIET  # the Soviet player looks at the German's move
    soviet = window.bridge.seen()
    assert own in soviet.hidden and german.knows(session.state.stack(own)[-1])
    window.select_hex(own)
    assert window.moves.plan is None
    leak = naming(shipped, set(session.state.stack(own)) - set(soviet.state.stack(own)))
    assert not leak.search(window.statusBar().currentMessage())


def test_18_1_a_replay_shows_the_past_as_the_viewer_saw_it(qtbot, shipped):
    window = table(qtbot, shipped)
    session = window.session
    now = window.bridge.seen()
    entry = next(  # the German set-up under way: some of his stacks hidden, not all yet
        e
        for e in range(len(session.entries), 0, -1)
        if view(shipped, session.state_after(e), Player.SOVIET).hidden not in ({}, now.hidden)
    )
    window.replay_game()
    window.replay.show_entry(entry)
    past = view(shipped, session.state_after(entry), Player.SOVIET)
    assert set(window.counters.items) == set(past.state.units) & {
        u for u, s in past.state.units.items() if s.hex is not None
    }
    assert {h: i.count for h, i in window.counters.hidden_items.items()} == dict(past.hidden)
