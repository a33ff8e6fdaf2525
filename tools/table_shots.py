"""Pictures of the table for the documentation: a campaign at its default zoom and the stack
viewer over its largest stack in view, both in a 1920x1080 window.

    QT_QPA_PLATFORM=offscreen python -m tools.table_shots [folder]   (default: docs/images)
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QApplication

from owsqt.qt.app.mainwindow import MainWindow
from owsqt.qt.fonts import load_fonts
from owsqt.qt.map.mapitem import SCENE_LAYOUT
from owsqt.rules.core.verdict import Mode
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.session import new_game

WINDOW = (1920, 1080)
SCENARIO = "operation-winter-storm"


def _settle(app: QApplication) -> None:
    for _ in range(5):
        app.processEvents()


def take(folder: Path) -> list[Path]:
    """Save campaign-default-zoom.png and stack-viewer.png in `folder`; their paths."""
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    load_fonts()
    ruleset = default_ruleset()
    session = new_game(ruleset, SCENARIO, Mode.FREE, seed=1)
    session.apply_default_setup()
    window = MainWindow(ruleset, session)
    window.resize(*WINDOW)
    window.show()
    _settle(app)
    folder.mkdir(parents=True, exist_ok=True)
    default = folder / "campaign-default-zoom.png"
    window.grab().save(str(default))
    view, state = window.view, session.state
    shown = view.visible_area().adjusted(100, 100, -100, -100)
    in_view = [h for h in state.stacks if shown.contains(QPointF(*SCENE_LAYOUT.center(h)))]
    largest = max(in_view, key=lambda h: (len(state.stack(h)), h))
    pointer = view.mapFromScene(QPointF(*SCENE_LAYOUT.center(largest))) + view.viewport().pos()
    window.stack_viewer.show_hex(largest, pointer)
    _settle(app)
    viewer = folder / "stack-viewer.png"
    window.grab().save(str(viewer))
    window.close()
    return [default, viewer]


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/images")
    for path in take(target):
        print(path)
