"""The desktop and game files that cannot be written or were cut off: a torn file is offered
for recovery, a failed write is said once with Save As, a file another owsqt writes is
refused (docs/pbem-format.md, "Writing the file")."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from owsqt.qt.app.mainwindow import MainWindow
from owsqt.rules.core.actions import RollDice
from owsqt.rules.core.verdict import Mode
from owsqt.session import new_game, open_journal
from owsqt.userfiles import autosave_dir
from tests.journal.test_file_writes import rolls_in


class Boxes:
    """Message boxes answered without blocking: each one's text is kept and the button
    named `answer` clicked."""

    def __init__(self, monkeypatch, answer: str) -> None:
        self.answer = answer
        self.texts: list[str] = []
        self.warnings: list[str] = []
        monkeypatch.setattr(QMessageBox, "exec", lambda box: self._exec(box))
        monkeypatch.setattr(QMessageBox, "warning", lambda *args: self.warnings.append(args[2]))

    def _exec(self, box: QMessageBox) -> int:
        self.texts.append(f"{box.text()} {box.informativeText()}".strip())
        for button in box.buttons():
            if button.text().replace("&", "") == self.answer:
                button.click()
                return 0
        raise AssertionError(f"no button {self.answer!r} in {box.text()!r}")


def played(ruleset, path: Path, actions: int) -> None:
    session = new_game(ruleset, "test", Mode.FREE, seed=4, path=path)
    for number in range(1, actions + 1):
        session.submit(RollDice(purpose=f"action {number}"))
    session.close()


@pytest.fixture
def window(qtbot, ruleset):
    window = MainWindow(ruleset, new_game(ruleset, "test", Mode.FREE, seed=3))
    qtbot.addWidget(window)
    yield window
    window.session.close()


def torn(ruleset, tmp_path) -> tuple[Path, bytes]:
    path = tmp_path / "game.owsg"
    played(ruleset, path, 3)
    data = path.read_bytes()[:-50]  # in the middle of entry 3's signature
    path.write_bytes(data)
    return path, data


def test_a_torn_file_is_recovered_to_its_whole_entries_and_a_copy_kept(
    window, ruleset, tmp_path, monkeypatch
):
    path, data = torn(ruleset, tmp_path)
    cut = len(data) - data.rindex(b"\n\n#") - 2
    boxes = Boxes(monkeypatch, "Recover")
    assert window.load(path)
    (asked,) = boxes.texts
    assert asked.startswith(
        f"The end of game.owsg was cut off in the middle of entry 3 ({cut} bytes): a save "
        "that did not finish. Recover the 2 whole entries? The file as it is now is kept "
        "beside it as\ngame.torn-"
    )
    assert window.session.path == path and len(window.session.entries) == 2
    (copy,) = tmp_path.glob("game.torn-*.owsg")
    assert copy.name in asked and copy.read_bytes() == data
    assert rolls_in(path) == ["action 1", "action 2"]
    assert "Recovered 2 entries" in window.statusBar().currentMessage()


def test_a_torn_file_not_recovered_is_left_as_it_is(window, ruleset, tmp_path, monkeypatch):
    path, data = torn(ruleset, tmp_path)
    before = window.session
    boxes = Boxes(monkeypatch, "Cancel")
    assert window.load(path) is False
    assert len(boxes.texts) == 1 and not boxes.warnings
    assert window.session is before and path.read_bytes() == data
    assert not list(tmp_path.glob("game.torn-*"))


def test_a_file_another_owsqt_writes_is_not_opened_and_says_who(
    window, ruleset, tmp_path, monkeypatch
):
    path = tmp_path / "game.owsg"
    played(ruleset, path, 1)
    other = open_journal(ruleset, path)  # as another window would hold it
    boxes = Boxes(monkeypatch, "")
    before = window.session
    assert window.load(path) is False
    other.close()
    assert window.session is before
    assert f"game.owsg is open in this owsqt already (process {os.getpid()})" in boxes.warnings[0]


def test_opening_the_game_on_the_table_again_keeps_it(window, ruleset, tmp_path, monkeypatch):
    path = tmp_path / "game.owsg"
    played(ruleset, path, 1)
    boxes = Boxes(monkeypatch, "")
    assert window.load(path)
    on_table = window.session
    assert window.load(path) and window.session is on_table and not boxes.warnings


def _disk_full_for(path: Path, monkeypatch) -> None:
    inode, real_write = path.stat().st_ino, os.write

    def write(descriptor, data):
        if os.fstat(descriptor).st_ino != inode:
            return real_write(descriptor, data)
        real_write(descriptor, data[:10])
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", write)


def test_defect_2_a_failed_write_is_said_once_and_save_as_keeps_the_game(
    window, ruleset, tmp_path, monkeypatch
):
    path, elsewhere = tmp_path / "game.owsg", tmp_path / "elsewhere.owsg"
    played(ruleset, path, 2)
    boxes = Boxes(monkeypatch, "Save As…")
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: (str(elsewhere), ""))
    assert window.load(path)
    before = path.read_bytes()
    _disk_full_for(path, monkeypatch)
    assert window.bridge.submit(RollDice(purpose="action 3")) is None
    (said,) = boxes.texts
    assert said.startswith(
        "game.owsg could not be written: No space left on device.\n\nThe last action was "
        "not made. game.owsg holds the game up to the action before it, and nothing more "
        "will be written there."
    )
    assert path.read_bytes() == before  # cut back to its whole entries
    assert window.session.path == elsewhere  # saved where the player chose
    window.bridge.submit(RollDice(purpose="action 3"))
    assert rolls_in(elsewhere) == ["action 1", "action 2", "action 3"]
    assert rolls_in(path) == ["action 1", "action 2"]


def test_a_failed_write_left_unsaved_is_autosaved_at_the_next_action(
    window, ruleset, tmp_path, monkeypatch
):
    path = tmp_path / "game.owsg"
    played(ruleset, path, 2)
    boxes = Boxes(monkeypatch, "Not now")
    assert window.load(path)
    _disk_full_for(path, monkeypatch)
    window.bridge.submit(RollDice(purpose="action 3"))
    assert len(boxes.texts) == 1
    assert window.session.path is None and "unsaved" in window.windowTitle()
    window.bridge.submit(RollDice(purpose="action 3"))
    saved = window.session.path
    assert saved is not None and saved.parent == autosave_dir()
    assert rolls_in(saved) == ["action 1", "action 2", "action 3"]
    assert len(boxes.texts) == 1  # said once
