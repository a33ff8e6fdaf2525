"""The features of the table installed from one list (qt/app/features.py): its order is the
order of the tabs, of the View menu's entries, of the status line's notes and of the map's
clicks; a headline (a combat under way) is said alone."""

from __future__ import annotations

from PySide6.QtWidgets import QDockWidget, QTabBar

from owsqt.qt.app.feature import status_line
from owsqt.rules.core.verdict import Mode
from tests.qt.tabletools import game, window_for

LIST = [
    "StackDock",
    "AirControl",
    "ArrivalsDock",
    "CombatControl",
    "ThunderclapControl",
    "ReplacementsControl",
    "RingControl",
    "VictoryControl",
    "SetupControl",
    "HelpControl",
]
TABS = [
    "stackDock",
    "airDock",
    "arrivalsDock",
    "combatDock",
    "pocketDock",
    "replacementsDock",
    "ringDock",
    "victoryDock",
    "setupTrayDock",
]
VIEW_ENTRIES = [
    "&Arrivals",
    "&Combat panel",
    "&Pocket",
    "&Replacements",
    "Rin&g Forces",
    "&Victory",
    "Set-&up tray",
    "&Rulebook",
]


def table(qtbot, ruleset, mode=Mode.STRICT):
    return window_for(qtbot, ruleset, game(ruleset, mode))


def test_the_features_are_made_in_the_order_of_the_list(qtbot, ruleset):
    window = table(qtbot, ruleset)
    assert [type(f).__name__ for f in window.features.in_order] == LIST


def test_the_docks_are_tabbed_in_the_order_of_the_list(qtbot, ruleset):
    window = table(qtbot, ruleset)
    first = window.findChild(QDockWidget, "stackDock")
    tabbed = [first, *window.tabifiedDockWidgets(first)]
    assert [d.objectName() for d in tabbed] == TABS
    bars = [b for b in window.findChildren(QTabBar) if b.parent() is window]
    titles = [[b.tabText(i) for i in range(b.count())] for b in bars]
    assert [d.windowTitle() for d in tabbed] in titles  # as the player sees them
    assert window.help.dock not in tabbed  # the Rulebook is a column of its own


def test_the_view_menu_lists_the_docks_in_the_order_of_the_list(qtbot, ruleset):
    window = table(qtbot, ruleset)
    texts = [a.text() for a in window.view_menu.actions()]
    first = texts.index(VIEW_ENTRIES[0])
    assert texts[first : first + len(VIEW_ENTRIES)] == VIEW_ENTRIES


def test_a_click_on_a_stack_is_offered_to_each_feature_in_the_list_s_order(
    qtbot, ruleset, monkeypatch
):
    window = table(qtbot, ruleset)
    heard = []
    for feature in window.features.in_order:
        name = type(feature).__name__
        monkeypatch.setattr(feature, "pick", lambda hex_, name=name: heard.append((name, hex_)))
    target = ruleset.grid.hex_of("2434")
    window.counters.hex_selected.emit(target)
    assert heard == [(name, target) for name in LIST]
    heard.clear()
    window.counters.hex_selected.emit(None)  # the background: nothing picked
    assert heard == []


class Saying:
    def __init__(self, hint=None, headline=None):
        self._hint, self._headline = hint, headline

    def hint(self):
        return self._hint

    def headline(self):
        return self._headline


def test_the_status_line_is_the_step_s_hint_then_each_feature_s_note_in_order():
    features = [Saying("air"), Saying(), Saying("pocket")]
    assert status_line("step", features) == "step; air; pocket"
    assert status_line("step", [Saying(), Saying()]) == "step"


def test_a_feature_s_headline_is_said_alone_the_last_one_s_first():
    features = [Saying("air"), Saying(headline="Combat on 2434"), Saying("ring")]
    assert status_line("step", features) == "Combat on 2434"
    both = [Saying(headline="first"), Saying(headline="last")]
    assert status_line("step", both) == "last"


def test_the_window_s_status_line_is_made_from_the_list(qtbot, ruleset, monkeypatch):
    window = table(qtbot, ruleset)
    monkeypatch.setattr(window.ring, "hint", lambda: "ring note")
    monkeypatch.setattr(window.air, "hint", lambda: "air note")
    window.refresh()
    assert window.hint.text().endswith("; air note; ring note")
    monkeypatch.setattr(window.combat, "headline", lambda: "Combat on 2434")
    window.refresh()
    assert window.hint.text() == "Combat on 2434"
