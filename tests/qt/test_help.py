"""The Help of the table (issue 20, item 5): the rulebook in a dock, opened at the clause by
a click on any rule citation, searchable; the keyboard shortcut list gathered from the
menus; the map legend drawn with the map's own painters."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtWidgets import QApplication, QListWidgetItem, QMessageBox

from owsqt.about import about_lines
from owsqt.qt.help.citations import citations, first_citation, linkify
from owsqt.qt.help.gazetteer import Gazetteer
from owsqt.qt.help.legend import Legend, chit_looks
from owsqt.qt.help.rulebook import load_rulebook, parse
from owsqt.qt.help.shortcuts import ShortcutsDialog, gather_shortcuts
from owsqt.rules.core.actions import PlaceUnits
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.verdict import Mode
from owsqt.session import new_game
from tests.qt.tabletools import window_for

SHOTS = os.environ.get("OWSQT_SHOTS")  # a folder: the Help dock's picture is saved there


@pytest.fixture
def window(qtbot, ruleset):
    return window_for(qtbot, ruleset, new_game(ruleset, "test", Mode.STRICT, seed=3))


def test_citations_are_rule_numbers_never_hex_ids_dice_or_sums():
    assert citations("8.2") == ["8.2"]
    assert citations("a retreat (11.7) ends") == ["11.7"]
    assert citations("19.13 Victory Conditions") == ["19.13"]
    assert citations("5.1: the attempt is made once") == ["5.1"]
    assert citations("artillery (11.1-11.3) and 7.1, 11.1") == ["11.1", "11.3", "7.1"]
    for text in ("hex 3006", "a 2/4 result", "the sum 12-10", "2.5 MP", "1.5x", "0.1.0"):
        assert citations(text) == [], text
    assert '<a href="rule:5.1"' in linkify("(5.1)")
    assert "rule:" not in linkify("3006 2/4 12-10")
    assert first_citation("#4  9.2: overstacked; see 11.7") == "9.2"


def test_citations_in_rich_text_link_the_words_not_the_tags():
    html = "<span style='width:11.5px'>(11.4)</span> <a href='x'>8.2</a>"
    linked = linkify(html)
    assert "width:11.5px" in linked and linked.count("rule:") == 1 and "rule:11.4" in linked


def test_the_rulebook_is_shipped_and_cut_into_its_clauses():
    book = load_rulebook()
    keys = book.keys()
    assert {"1.0", "8.2", "11.7", "14.2", "19.13", "19.42", "20.0"} <= keys
    assert any(s.title == "Combat Results Table" for s in book.sections)
    assert book.resolve("19.13") == "19.13"
    assert book.resolve("19.19") == "19.1"  # no such clause: the clause that holds it
    assert book.resolve("8.9") == "8.0"
    assert book.resolve("25.1") is None


def test_19_4_the_second_heading_numbered_19_3_is_19_4_reading_r135():
    book = load_rulebook()
    variant = book.section("19.4")
    assert variant is not None and "Maximum Effort" in variant.title
    assert book.section("19.41").parent == "19.4"
    assert "Maximum Effort" not in book.section("19.3").title
    cut = parse("1.0 A\n\n(1.1) One\n\n1.1 Again\n\n1.21 Two\n")
    assert [s.key for s in cut.sections] == ["1.0", "1.1", "1.2", "1.21"]


def test_a_refusal_link_opens_the_rulebook_at_its_clause(qtbot, ruleset, window):
    window.end_step_action.trigger()
    window.session.submit(PlaceUnits(units=("tank", "mech", "mot6", "mot5", "hq57"),
                                     to=ruleset.grid.hex_of("2041")))  # fmt: skip
    window.end_step_action.trigger()  # 19 stacking points: STRICT refuses (9.2)
    assert window.session.state.segment == Segment.GERMAN_SETUP
    links = window.help.status_links
    assert links.isVisible() and 'href="rule:9.2"' in links.text()
    dock = window.help.dock
    assert dock.isHidden()
    links.linkActivated.emit("rule:9.2")
    assert dock.isVisible() and dock.current_key == "9.2"
    assert dock.shown_heading().startswith("9.2 No more than 18 stacking points")
    assert dock.index.currentItem().text(0).startswith("9.2")
    window.help.open_rule("19.19")  # a clause the book does not have: its parent
    assert dock.current_key == "19.1"


def test_the_status_line_links_the_hints_rules_and_a_click_on_a_label_opens_its_rule(qtbot, window):
    window.hint.setText("Set up your units (19.11), then End step (3.1)")
    window.statusBar().clearMessage()
    assert window.help.link_texts() >= 1
    assert window.hint.text() == "Set up your units (19.11), then End step (3.1)"  # as it was
    links = window.help.status_links
    assert 'href="rule:19.11"' in links.text() and 'href="rule:3.1"' in links.text()
    menu = window.help.label_links.menu_for(window.hint)
    assert [a.text() for a in menu.actions()] == [
        "Read 19.11 Soviet set-up",
        "Read 3.1 Each turn consists of a number of different phases",
    ]
    menu.actions()[0].trigger()
    assert window.help.dock.current_key == "19.11"
    one = window.victory.label
    one.setText("<b>We are coming!</b> (19.13)")
    window.help.link_texts()
    qtbot.mouseClick(one, Qt.MouseButton.LeftButton)
    assert window.help.dock.current_key == "19.13"


def test_a_double_click_on_a_log_line_opens_its_first_citation(qtbot, window):
    item = QListWidgetItem("#7  9.2: 19 stacking points in 2041")
    window.log.addItem(item)
    assert item.toolTip().startswith("9.2 No more than 18")
    window.log.itemDoubleClicked.emit(item)
    assert window.help.dock.current_key == "9.2"


def test_links_inside_the_rulebook_and_its_index_move_the_dock(qtbot, window):
    dock = window.help.dock
    dock.browser.anchorClicked.emit(QUrl("rule:11.7"))
    assert dock.current_key == "11.7"
    item = dock.index.topLevelItem(0)
    dock.index.itemClicked.emit(item, 0)
    assert dock.current_key == "1.0"


def test_the_search_finds_and_highlights_every_match(qtbot, window):
    dock = window.help.dock
    window.help.rulebook_action.trigger()  # F1
    QApplication.processEvents()
    assert dock.isVisible() and dock.width() >= 400  # wide enough to read the charts
    found = dock.search("hasty attack")
    assert found > 5 and dock.count_label.text() == f"1 of {found}"
    assert len(dock.highlighted()) == found
    assert all(text.lower() == "hasty attack" for text in dock.highlighted())
    first = dock.browser.textCursor().position()
    dock.find_next()
    assert dock.browser.textCursor().position() > first
    assert dock.count_label.text() == f"2 of {found}"
    dock.find_previous()
    dock.find_previous()
    assert dock.count_label.text() == f"{found} of {found}"
    assert dock.search("no such words in any rulebook") == 0
    assert dock.count_label.text() == "no match" and dock.highlighted() == []


def test_the_shortcut_list_is_gathered_from_the_menus(qtbot, window):
    groups = gather_shortcuts(window)
    assert ("Undo", "Ctrl+Z") in groups["Edit"]
    assert ("Rulebook", "F1") in groups["View"]
    dialog = ShortcutsDialog(window)
    qtbot.addWidget(dialog)
    assert ("Edit", "Undo", "Ctrl+Z") in dialog.rows()
    assert ("Game", "End step", "Ctrl+E") in dialog.rows()


def test_the_legend_shows_every_marker_and_map_feature(qtbot, shipped):
    session = new_game(shipped, "we-are-coming", Mode.STRICT, seed=1)
    legend = Legend(shipped, session.state)
    qtbot.addWidget(legend)
    kinds = legend.kinds()
    for chit in ("strength", "disrupted", "fired", "moved", "organic supply", "out of supply",
                 "reserve"):  # fmt: skip
        assert any(k.startswith(chit) for k in kinds), chit
    assert len(chit_looks(shipped)) == 7
    for marker in ("interdiction zone", "entrenchment complete",
                   "entrenchment under construction", "bridge (16.2)", "bridge out"):  # fmt: skip
        assert any(k.startswith(marker) for k in kinds), marker
    for feature in ("Clear", "Elevated", "Marsh", "City", "Village", "Primary road",
                    "Secondary road", "Railroad", "Minor river", "Major river", "Bridge",
                    "Stalingrad pocket (5.0)", "Interdiction zone (4.5)",
                    "Supply chain cut (14.2)"):  # fmt: skip
        assert feature in kinds
    legend.resize(legend.minimumSize())
    image = legend.grab().toImage()
    assert image.pixelColor(12 + 22, 8 + 44 + 22).name() == "#f0e8cf"  # the clear hex
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        legend.grab().save(str(Path(SHOTS) / "map-legend.png"))


def test_issue_23_the_gazetteer_lists_every_place_with_its_former_names(qtbot, shipped):
    centred = []
    gazetteer = Gazetteer(shipped.game_map, centred.append)
    qtbot.addWidget(gazetteer)
    rows = {row[0].rstrip(" ~"): row for row in gazetteer.rows()}
    assert set(rows) == {place.name for place in shipped.game_map.places}
    assert rows["Aksai"][1:3] == ("4034", "Gnilo-Aksaiskaya")
    assert rows["Stalingrad"][3] == "Volgograd"
    assert [row[0] for row in gazetteer.rows()] == sorted(row[0] for row in gazetteer.rows())
    gazetteer.table.cellDoubleClicked.emit(0, 0)
    assert centred == [gazetteer.rows()[0][1]]
    if SHOTS:
        gazetteer.resize(640, 720)
        gazetteer.grab().save(str(Path(SHOTS) / "gazetteer.png"))


def test_help_dock_picture_after_a_citation_click(qtbot, shipped):
    session = new_game(shipped, "we-are-coming", Mode.STRICT, seed=4)
    session.apply_default_setup()
    window = window_for(qtbot, shipped, session)
    window.resize(1920, 1080)
    window.end_step_action.trigger()  # STRICT: the allocation comes first (4.3)
    message = window.statusBar().currentMessage()
    assert message.startswith("Not allowed") and "4.3" in message
    links = window.help.status_links
    assert links.isVisible() and 'href="rule:4.3"' in links.text()
    links.linkActivated.emit("rule:4.3")
    assert window.help.dock.current_key == "4.3"
    assert window.help.dock.shown_heading() == "4.3 Air Allocation Segment"
    QApplication.processEvents()
    if SHOTS:
        window.centre_on_hex("2442")  # the front south of the Aksai beside the rulebook
        QApplication.processEvents()
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        window.grab().save(str(Path(SHOTS) / "help-dock.png"))


def test_the_rulebook_renders_charts_monospaced_and_clauses_as_anchors():
    from owsqt.qt.help.rulebookhtml import rulebook_html

    html = rulebook_html(load_rulebook())
    assert '<a name="8.2">8.2 Movement Restrictions</a>' in html
    crt = html.split(">Combat Results Table</a></h3>", 1)[1]
    table = crt.split("</pre>", 1)[0]
    assert table.startswith("\n<pre") and "10 or more" in table and "2/4" in table
    assert "<p>- = No effect</p>" in crt  # a result's dash, not a bullet
    assert 'href="rule:11.7"' in html  # cross-references inside the rules are links


def test_issue_24_about_shows_the_version_the_file_format_and_the_rulebook(
    qtbot, window, monkeypatch
):
    shown = []
    monkeypatch.setattr(QMessageBox, "about", lambda parent, title, text: shown.append(text))
    window.about()
    (text,) = shown
    for line in about_lines():
        assert line in text
