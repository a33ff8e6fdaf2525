"""Taking in an opponent's file at the table (issue 36, defect 8): the import runs off the
window's thread, a progress dialog shows when it takes longer than a moment, the window's
input is held meanwhile, and what the file brought is applied on the window's thread; a
flooded reply is refused at its first illegal move in one line, the game as it was."""

from __future__ import annotations

import threading
import time

from PySide6.QtWidgets import QProgressDialog

from owsqt.journal.identity import Identity
from owsqt.qt.play import offthread
from owsqt.session.email import EmailExchange
from tests.qt.test_email_play import creator_window, desk, opening, other_window, send
from tests.session.floodkit import appended_moves

__all__ = ["desk"]  # fixtures


def test_defect_8_the_import_runs_off_the_window_thread_with_a_progress_dialog(
    qtbot, shipped, tmp_path, desk, monkeypatch
):
    german, _soviet, file_2 = opening(qtbot, shipped, tmp_path, desk)
    seen: dict[str, object] = {}
    real = EmailExchange.import_text

    def slow_import(exchange, text, progress=None):
        seen["import thread"] = threading.current_thread()
        time.sleep(2 * offthread.DELAY_MS / 1000)  # longer than a moment
        return real(exchange, text, progress)

    shown: list[threading.Thread] = []
    monkeypatch.setattr(EmailExchange, "import_text", slow_import)
    monkeypatch.setattr(
        QProgressDialog, "showEvent", lambda d, e: shown.append(threading.current_thread())
    )
    desk.open(german, file_2)
    assert seen["import thread"] is not threading.main_thread()
    assert shown == [threading.main_thread()]  # drawn while the import ran
    assert german.session.text().startswith(file_2.read_text())  # and the reveal after it
    assert german.replay.is_active()  # what it brought is shown, on the window's thread
    assert desk.warnings == []


def test_defect_8_a_quick_import_shows_no_dialog(qtbot, shipped, tmp_path, desk, monkeypatch):
    """An import done before its moment is up shows no dialog. The moment is made a minute
    long, so that a busy machine cannot make the quick import slow: no time is asserted."""
    german, _soviet, file_2 = opening(qtbot, shipped, tmp_path, desk)
    shown: list[object] = []
    monkeypatch.setattr(offthread, "DELAY_MS", 60_000)
    monkeypatch.setattr(QProgressDialog, "showEvent", lambda d, e: shown.append(d))
    desk.open(german, file_2)
    assert shown == [] and german.replay.is_active()


def test_3_1_a_flooded_reply_is_refused_at_its_first_illegal_move_at_the_table(
    qtbot, shipped, tmp_path, desk
):
    german = creator_window(qtbot, shipped, tmp_path, Identity.generate())
    soviet = other_window(qtbot, shipped)
    desk.join(soviet, send(german, desk))
    before = german.session.text()
    flood = desk.folder / "flood.owsg"
    flood.write_text(appended_moves(shipped, soviet.session, soviet.session.identity, 1_000))
    desk.open(german, flood)
    ((title, message, details),) = desk.warnings
    assert title == "Cannot open your opponent's file"
    assert "break the rules (" in message
    first = f"entry {len(soviet.session.entries) + 1}: "
    assert details and all(line.startswith(first) for line in details.splitlines())
    assert german.session.text() == before
