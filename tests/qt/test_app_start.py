"""Starting the desktop: a damaged key stops the start with a message, and nothing is written;
a game file that cannot be opened is said so, and a new game starts."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from owsqt.qt.app import launch as app


def test_a_damaged_key_is_reported_and_never_replaced(qapp, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    key = tmp_path / "config" / "owsqt" / "identity.pem"
    key.parent.mkdir(parents=True)
    key.write_text("-----BEGIN PRIVATE KEY-----\ngarbage\n")
    shown = []
    monkeypatch.setattr(
        app.QMessageBox, "critical", lambda parent, title, text: shown.append((title, text))
    )
    assert app.run(["owsqt"]) == 2
    ((title, text),) = shown
    assert title == "owsqt cannot start"
    assert str(key) in text and "damaged" in text and "restore it from a backup" in text
    assert key.read_text() == "-----BEGIN PRIVATE KEY-----\ngarbage\n"
    assert not (tmp_path / "data" / "owsqt" / "autosave").exists()


OPEN_PROBE = """
import json, sys
from pathlib import Path
from PySide6.QtWidgets import QApplication, QMessageBox
from owsqt.qt.app import launch
shown = []
QMessageBox.warning = lambda *args: shown.append(args[1:])
QApplication.exec = lambda self: 0  # the window is made and shown; no event loop
code = launch.run(["owsqt"], Path(sys.argv[1]))
window = next(w for w in QApplication.topLevelWidgets() if isinstance(w, launch.MainWindow))
print(json.dumps({"code": code, "shown": shown, "scenario": window.session.state.scenario}))
"""


def test_defect_7_the_desktop_opened_on_a_pipe_says_why_and_starts_a_new_game(tmp_path):
    # In a process of its own, with a time limit: the old code read the pipe forever.
    fifo = tmp_path / "game.owsg"
    os.mkfifo(fifo)
    env = {
        **os.environ,
        "PYTHONPATH": str(Path(__file__).resolve().parents[2]),
        "QT_QPA_PLATFORM": "offscreen",
        "HOME": str(tmp_path),
    }
    done = subprocess.run(
        [sys.executable, "-c", OPEN_PROBE, str(fifo)],
        capture_output=True, text=True, timeout=120, env=env, check=True,
    )  # fmt: skip
    result = json.loads(done.stdout.splitlines()[-1])
    assert result["code"] == 0 and result["scenario"] == app.INTRODUCTORY_SCENARIO
    assert result["shown"] == [["Cannot open this game", f"game.owsg\n\n{fifo}: is a pipe, "
                                "not a game file"]]  # fmt: skip
    assert f"owsqt: --open {fifo}: not opened; a new game instead" in done.stderr.splitlines()
    assert "Traceback" not in done.stderr


def test_issue_24_the_self_test_opens_the_campaign_saves_a_picture_and_exits_cleanly(
    qapp, tmp_path, monkeypatch, capsys
):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    picture = tmp_path / "self-test.png"
    before = set(qapp.topLevelWidgets())  # windows other tests of this process left
    assert app.run(["owsqt"], None, picture) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert report["scenario"] == "operation-winter-storm" and report["on_map"] > 200
    assert picture.is_file() and report["picture"] == str(picture)
    (window,) = [
        w for w in qapp.topLevelWidgets() if isinstance(w, app.MainWindow) and w not in before
    ]
    assert window.session.mode.value == "strict"
    window.close()


def test_issue_24_a_game_file_the_system_opens_goes_to_the_running_desktop(qapp):
    from PySide6.QtGui import QFileOpenEvent

    from owsqt.qt.app.fileopen import FileOpenFilter

    opened: list[Path] = []
    opener = FileOpenFilter(opened.append)
    qapp.installEventFilter(opener)
    try:
        qapp.sendEvent(qapp, QFileOpenEvent("/games/Kotelnikovo.owsg"))
    finally:
        qapp.removeEventFilter(opener)
    assert opened == [Path("/games/Kotelnikovo.owsg")]
