"""The Set-up tray (19.0): a set-up by hand from the scenario's groups, dragged onto the
map into the shaded zones, each placement judged as it is made (19.11, 19.12, 9.2)."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtWidgets import QDockWidget, QMenu

from owsqt.journal.identity import Identity
from owsqt.journal.textformat import Play
from owsqt.qt.app.newgamedialog import NewGameChoice, start_game
from owsqt.qt.map.unitmime import ground_units_from_mime
from owsqt.rules.core.actions import EndStep
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.rules.defaultsetup import default_setup
from owsqt.rules.setup.setupcheck import allowed_hexes
from owsqt.session import new_game
from tests.qt.tabletools import carrying, drop_from_dock, hex_of, window_for

SHOTS = os.environ.get("OWSQT_SHOTS")  # a folder: the tray's picture is saved there


def _table(qtbot, shipped, mode=Mode.STRICT):
    choice = NewGameChoice("we-are-coming", mode=mode, default_setup=False)
    session = start_game(shipped, choice, None, seed=4)
    return window_for(qtbot, shipped, session)


def _group(shipped, name):
    return next(g for g in shipped.scenarios["we-are-coming"].setup if g.name == name)


def _ids(window, hexes):
    return sorted(window.ruleset.grid.id_of(h) for h in hexes)


def _outside(window, group) -> str:
    allowed = allowed_hexes(window.ruleset, window.session.state, group)
    ids = sorted(window.ruleset.grid.id_of(h) for h in window.ruleset.game_map.hexes)
    return next(i for i in ids if window.ruleset.grid.hex_of(i) not in allowed and i > "3000")


def test_19_0_a_hand_set_up_opens_the_tray_with_the_groups_and_counts(qtbot, shipped):
    window = _table(qtbot, shipped)
    dock = window.findChild(QDockWidget, "setupTrayDock")
    assert dock is not None and dock.isVisible()
    tray = window.setup.tray
    soviet = [g for g in shipped.scenarios["we-are-coming"].setup if g.player is Player.SOVIET]
    assert tray.list.topLevelItemCount() == len(soviet)
    first = tray.list.topLevelItem(0)
    assert first.text(0) == "• 51st Army HQ (19.11)\n1 of 1 to place"
    assert "within 1 hex of 4030" in first.toolTip(0)
    division = tray.list.group_item("302nd Rifle Division")
    units = _group(shipped, "302nd Rifle Division").units
    assert division.text(0).endswith(f"{len(units)} of {len(units)} to place")
    assert tray.list.units_of([division]) == units
    assert "Soviet set-up (19.11)" in tray.heading.text()
    left = sum(len(g.units) for g in soviet)
    assert tray.blocks_label.text() == f"Before End step: {left} units still in the tray."
    assert "Set-up tray" in window.hint.text()
    view = next(a for a in window.menuBar().actions() if a.text() == "&View").menu()
    (toggle,) = [a for a in view.actions() if a.text() == "Set-&up tray"]
    toggle.trigger()
    assert not dock.isVisible()


def test_19_11a_a_drag_from_the_tray_into_the_zone_places_the_unit(qtbot, shipped):
    window = _table(qtbot, shipped)
    tray = window.setup.tray.list
    carried = ground_units_from_mime(tray.mimeData([tray.unit_item("su-51a-hq")]))
    assert carried == ("su-51a-hq",)
    drop_from_dock(window, carried, "4030")
    assert hex_of(window, "su-51a-hq") == "4030"
    first = window.setup.tray.list.topLevelItem(0)
    assert first.text(0) == "✓ 51st Army HQ (19.11)\nall placed"
    assert window.setup.tray.list.unit_item("su-51a-hq") is None


def test_19_11a_a_drop_outside_the_zone_is_refused_with_the_rule(qtbot, shipped):
    window = _table(qtbot, shipped)
    outside = _outside(window, _group(shipped, "51st Army HQ"))
    drop_from_dock(window, ("su-51a-hq",), outside)
    assert window.session.state.units["su-51a-hq"].status is UnitStatus.NOT_ARRIVED
    message = window.statusBar().currentMessage()
    assert message.startswith("Not allowed: 19.11: 51st Army HQ may not set up on")
    assert "within 1 hex of 4030" in message


def test_19_11a_assist_places_outside_the_zone_with_the_warning(qtbot, shipped):
    window = _table(qtbot, shipped, Mode.ASSIST)
    outside = _outside(window, _group(shipped, "51st Army HQ"))
    drop_from_dock(window, ("su-51a-hq",), outside)
    assert hex_of(window, "su-51a-hq") == outside
    assert window.statusBar().currentMessage().startswith("Done, against the rules: 19.11")
    blocks = [
        window.setup.tray.blocks.item(i).text() for i in range(window.setup.tray.blocks.count())
    ]
    assert any(b.startswith("19.11: 51st Army HQ on ") for b in blocks)  # outside its zone


def test_19_0_the_zone_is_shaded_while_a_unit_is_chosen_or_carried(qtbot, shipped):
    window = _table(qtbot, shipped)
    zone = allowed_hexes(shipped, window.session.state, _group(shipped, "81st Cavalry Division"))
    assert not window.setup.shading.isVisible()
    with carrying(window, ("su-51a-hq",), "4030"):  # carried, not dropped
        hq_zone = allowed_hexes(shipped, window.session.state, _group(shipped, "51st Army HQ"))
        assert window.setup.shading.hexes == hq_zone
    assert not window.setup.shading.hexes  # the drag left the map
    tray = window.setup.tray
    tray.list.group_item("81st Cavalry Division").setSelected(True)
    assert window.setup.shading.hexes == zone and window.setup.shading.isVisible()
    assert tray.chosen_label.text().startswith("<b>5 units of 81st Cavalry Division</b>")
    assert "sets up within 2 hexes of 1832 (19.11 a)" in tray.chosen_label.text()
    hex_ = min(zone, key=shipped.grid.id_of)
    window.setup._picked(hex_)  # a click on the shaded zone places the chosen units
    for unit_id in _group(shipped, "81st Cavalry Division").units:
        assert window.session.state.units[unit_id].hex == hex_


def test_19_0_a_counter_returns_to_the_tray_from_its_menu(qtbot, shipped):
    window = _table(qtbot, shipped)
    drop_from_dock(window, ("su-51a-hq",), "4030")
    menu = window.unit_menu_for("su-51a-hq")
    (back,) = [a for a in menu.actions() if a.text() == "Return to tray"]
    back.trigger()
    assert window.session.state.units["su-51a-hq"].status is UnitStatus.NOT_ARRIVED
    assert window.setup.tray.list.unit_item("su-51a-hq") is not None
    assert isinstance(menu, QMenu)
    division = _group(shipped, "81st Cavalry Division").units
    drop_from_dock(window, division[:2], "1832")
    menu = window.unit_menu_for(division[0])
    (every,) = [a for a in menu.actions() if a.text() == "Return the stack to tray (2)"]
    every.trigger()
    assert all(window.session.state.units[u].hex is None for u in division[:2])


def test_19_0_place_the_rest_by_default_then_end_the_set_up_step(qtbot, shipped):
    window = _table(qtbot, shipped)
    drop_from_dock(window, ("su-51a-hq",), "4030")
    window.setup.tray.rest_button.click()
    assert hex_of(window, "su-51a-hq") == "4030"  # what was placed by hand stays
    tray = window.setup.tray
    assert all(p.complete for p in tray.progress)
    assert tray.blocks.isHidden()
    assert window.session.submit(EndStep(player=Player.SOVIET)).applied
    window.refresh()
    assert "German set-up (19.12)" in tray.heading.text()
    assert all(p.group.player is Player.GERMAN for p in tray.progress)


def test_19_0_the_tray_picture(qtbot, shipped):
    """docs/images/setup-tray.png: We are coming!, the Soviet set-up half done, a group
    chosen with its zone shaded (saved when OWSQT_SHOTS names a folder)."""
    window = _table(qtbot, shipped)
    window.resize(1600, 950)
    scenario = shipped.scenarios["we-are-coming"]
    soviet = [g for g in scenario.setup if g.player is Player.SOVIET]
    actions = default_setup(shipped, scenario, window.session.state, Player.SOVIET)
    placed = {u for g in soviet[::2] for u in g.units}  # every other group: half done
    for action in actions:
        units = getattr(action, "units", ())
        if units and set(units) <= placed:
            window.session.submit(action)
    window.refresh()
    tray = window.setup.tray
    chosen = tray.list.group_item("126th Rifle Division")
    chosen.setSelected(True)
    tray.list.scrollToItem(chosen)
    zone = window.setup.shading.hexes
    assert zone == allowed_hexes(
        shipped, window.session.state, _group(shipped, "126th Rifle Division")
    )
    middle = sorted(zone, key=lambda h: (h.q, h.r))[len(zone) // 2]
    window.view.set_zoom(0.62)  # the whole zone with its name at the top
    window.centre_on_hex(shipped.grid.id_of(middle))
    assert window.setup.label.label == "126th Rifle Division sets up here (19.11)"
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        window.grab().save(str(Path(SHOTS) / "setup-tray.png"))


def test_19_12a_units_the_23rd_panzer_choice_leaves_off_go_to_the_force_pool(qtbot, shipped):
    window = _table(qtbot, shipped)
    window.setup.tray.rest_button.click()  # the Soviet side
    window.session.submit(EndStep(player=Player.SOVIET))
    window.refresh()
    tray = window.setup.tray
    units = _group(shipped, "23rd Panzer Division").units
    tray.list.unit_item(units[-1]).setSelected(True)
    (pool,) = window.setup.tray_menu().actions()
    assert pool.text() == "Send to the force pool (19.12)"
    pool.trigger()
    assert window.session.state.units[units[-1]].status is UnitStatus.FORCE_POOL
    assert tray.list.unit_item(units[-1]) is None
    assert tray.list.group_item("51st Army HQ") is None  # a German tray now
    tray.list.unit_item(units[0]).setSelected(True)
    assert window.setup.tray_menu().actions()  # still a choice group
    tray.list.clearSelection()
    tray.list.unit_item(
        _group(shipped, "57th Panzer Corps HQ and the relief convoys").units[0]
    ).setSelected(True)
    assert window.setup.tray_menu().isEmpty()  # a group that all sets up on the map


def test_19_21a_a_group_heading_shows_the_losses_it_starts_with(qtbot, shipped):
    choice = NewGameChoice("hoths-last-gasp", mode=Mode.STRICT, default_setup=False)
    window = window_for(qtbot, shipped, start_game(shipped, choice, None, seed=4))
    heading = window.setup.tray.list.group_item("61st Cavalry Division")
    assert (
        heading.text(0) == "• 61st Cavalry Division (19.21)\n5 of 5 to place · losses −4 inf −1 art"
    )
    assert "Soviet set-up (19.21)" in window.setup.tray.heading.text()
    assert "sets up (19.21)" in window.hint.text()


def test_19_11_in_e_mail_play_the_other_sides_set_up_is_not_placed_from_this_tray(
    qtbot, shipped, tmp_path
):
    session = new_game(
        shipped, "we-are-coming", Mode.STRICT, play=Play.EMAIL, side=Player.GERMAN,
        identity=Identity.generate(), path=tmp_path / "german.owsg",
    )  # fmt: skip
    window = window_for(qtbot, shipped, session)
    tray = window.setup.tray
    assert "Soviet set-up (19.11)" in tray.heading.text()
    assert "Not yours to place" in tray.heading.text()
    assert not tray.list.isEnabled() and not tray.rest_button.isEnabled()
    assert "Set-up tray" not in window.hint.text()


def test_19_0_a_new_game_set_up_by_hand_brings_the_tray_forward_again(qtbot, shipped):
    window = _table(qtbot, shipped)
    dock = window.setup.dock
    stack = window.findChild(QDockWidget, "stackDock")
    stack.raise_()  # the player looks at another tab of the same dock area
    assert not dock.isVisible() or dock.visibleRegion().isEmpty()
    choice = NewGameChoice("we-are-coming", mode=Mode.STRICT, default_setup=False)
    window.bridge.replace(start_game(shipped, choice, None, seed=9))
    assert dock.isVisible() and not dock.visibleRegion().isEmpty()
