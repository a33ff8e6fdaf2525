"""`owsqt --self-test PICTURE.png`: an installed owsqt checks itself, as `make dist-test`
does with the bundle: the desktop starts as a player's does, opens a new game of the
campaign in strict play, saves a picture of its window and quits.

It prints one line of JSON: `up_at`, the time (time.time()) at which the main window was
first shown and painted, which a caller subtracts from the time it started the program at
(the bundle's cold start, bench/bench_dist.py), and `up_cpu_s`, the processor time the
program had used by then; the scenario opened, its units on the map, and the picture's
path and size. The exit code is 0, or 1 with one line saying what failed.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from owsqt.qt.app.mainwindow import MainWindow
from owsqt.qt.app.newgamedialog import NewGameChoice, start_game
from owsqt.rules.core.verdict import Mode

SELF_TEST_SCENARIO = "operation-winter-storm"


def schedule_self_test(window: MainWindow, picture: Path) -> None:
    """Run the self-test once the event loop has shown `window`, then leave the loop."""
    QTimer.singleShot(0, lambda: QApplication.exit(_self_test(window, picture)))


def _self_test(window: MainWindow, picture: Path) -> int:
    QApplication.processEvents()  # the first paint of the shown window
    up_at = time.time()
    used = os.times()
    try:
        choice = NewGameChoice(SELF_TEST_SCENARIO, mode=Mode.STRICT)
        window.bridge.replace(start_game(window.ruleset, choice, None))
        QApplication.processEvents()
        image = window.grab()
        if not image.save(str(picture)):
            raise OSError(f"cannot write {picture}")
    except Exception as error:  # a check says what failed, in one line
        print(f"owsqt --self-test: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    state = window.session.state
    report = {
        "up_at": up_at,
        "up_cpu_s": used.user + used.system,
        "scenario": state.scenario,
        "on_map": sum(1 for unit in state.units.values() if unit.hex is not None),
        "picture": str(picture),
        "size": [image.width(), image.height()],
    }
    print(json.dumps(report), flush=True)
    return 0
