"""[18.1] The desktop opening a fogged e-mail reply whose Soviet tell acts on the German's
units, or cannot be applied at all (issue 36, defect 3): a warning that says so in one line
naming the entry, and the German's game as it was; never a traceback."""

from __future__ import annotations

import pytest

from owsqt.qt.app.mainwindow import MainWindow
from owsqt.rules.worlds.reach import TRESPASS_RULE
from tests.qt.test_email_play import Desk
from tests.session.test_fog_email_trespass import ACTS_WITH, Fogged, fogged


@pytest.fixture
def desk(monkeypatch, tmp_path) -> Desk:
    return Desk(monkeypatch, tmp_path)


def _opened_by_the_german(qtbot, shipped, desk: Desk, game: Fogged, text: str) -> MainWindow:
    """The German's window on his game, after he opened the reply `text` in it."""
    window = MainWindow(shipped, game.german)
    qtbot.addWidget(window)
    reply = desk.folder / "reply.owsg"
    reply.write_text(text)
    desk.open(window, reply)
    return window


def test_18_1_the_desktop_refuses_a_tell_acting_on_a_german_unit(qtbot, shipped, desk):
    game = fogged(shipped)
    action = {"kind": "set_strength", "player": "soviet", "unit": game.shown, "strength": 1}
    text, number = game.forged(action)
    before = game.german.text()
    window = _opened_by_the_german(qtbot, shipped, desk, game, text)
    ((title, message, details),) = desk.warnings
    assert title == "Cannot open your opponent's file"
    assert "reply.owsg" in message and "break the rules (1 found" in message
    assert details == (
        f"entry {number}: {TRESPASS_RULE}: a Soviet tell's set_strength edits the German unit "
        f"{shipped.unit_name(game.shown)}: {ACTS_WITH}"
    )
    assert game.german.text() == before and not window.replay.is_active()


def test_18_1_the_desktop_refuses_a_tell_the_engine_cannot_apply_in_one_line(qtbot, shipped, desk):
    game = fogged(shipped)
    action = {"kind": "take_losses", "player": "soviet", "hits": ["su-51a-hq"]}
    text, number = game.forged(action)
    before = game.german.text()
    window = _opened_by_the_german(qtbot, shipped, desk, game, text)
    ((title, message, details),) = desk.warnings
    assert title == "Cannot open your opponent's file"
    said = f"entry {number}: the soviet tell cannot be taken in: InvalidAction: no combat"
    assert message.startswith(f"reply.owsg\n\n{said}") and message.count("\n") == 4
    assert message.endswith("Your game is as it was.") and details == ""
    assert game.german.text() == before and not window.replay.is_active()
