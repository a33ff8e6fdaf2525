"""The child process of bench_app: start a window, report when it is up and what it holds.

    python -m bench.appstart {program,bare} START

`program` runs the desktop's own start (owsqt.qt.app.launch.run) and `bare` shows an empty
QMainWindow, the floor. Once the window has been shown and its first events (its first
paint among them) are handled, the child prints one line of JSON: the seconds since START
(a time.time() the parent took just before starting it), its own CPU seconds, and the
resident memory in bytes.

    python -m bench.appstart campaign START

opens the campaign (Operation Winter Storm, its default set-up) in the main window instead
of the introductory scenario, for the memory figure.

The parent sets QT_QPA_PLATFORM=offscreen and empty XDG directories, so no game of the
player is read or written and no question is asked.
"""

from __future__ import annotations

import json
import os
import sys
import time

AT_EXIT = lambda: None  # noqa: E731  (a profiler of the start may hook here)


def resident_bytes() -> int:
    """This process's resident set (Linux /proc); 0 where there is none."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def _report_when_up(start: float) -> None:
    """Print the figures once the event loop has run a turn, then quit."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    def report() -> None:
        app = QApplication.instance()
        assert app is not None
        app.processEvents()  # the first paint of the shown window
        times = os.times()
        cpu = times.user + times.system  # this process's own work, whatever the load
        up = {"up_s": time.time() - start, "cpu_s": cpu, "rss": resident_bytes()}
        print(json.dumps(up), flush=True)
        AT_EXIT()
        os._exit(0)  # wherever the start is (a loop before the main one, a dialog): done

    QTimer.singleShot(0, report)


def program(start: float) -> None:
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(["owsqt"])
    _report_when_up(start)
    from owsqt.qt.app import launch

    launch.run(["owsqt"])
    del app


def bare(start: float) -> None:
    from PySide6.QtWidgets import QApplication, QMainWindow

    app = QApplication(["bare"])
    window = QMainWindow()
    window.resize(1280, 800)
    window.show()
    _report_when_up(start)
    app.exec()


def campaign(start: float) -> None:
    from PySide6.QtWidgets import QApplication

    app = QApplication(["owsqt"])
    from owsqt.qt.app.mainwindow import MainWindow
    from owsqt.qt.fonts import load_fonts
    from owsqt.rules.core.verdict import Mode
    from owsqt.rules.scenario.ruleset import default_ruleset
    from owsqt.session import new_game

    load_fonts()
    ruleset = default_ruleset()
    session = new_game(ruleset, "operation-winter-storm", Mode.FREE)
    session.apply_default_setup()
    window = MainWindow(ruleset, session)
    window.resize(1920, 1080)
    window.show()
    _report_when_up(start)
    app.exec()


if __name__ == "__main__":
    {"program": program, "bare": bare, "campaign": campaign}[sys.argv[1]](float(sys.argv[2]))
