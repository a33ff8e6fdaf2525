"""The Qt binding itself: guard against releases that corrupt reference counts."""

from __future__ import annotations

import sys

from PySide6.QtGui import QPainterPath


def test_void_qt_calls_leave_the_reference_count_of_none_alone():
    # PySide6 6.12.0 released a reference to None per void call, which aborts Python 3.11.
    path = QPainterPath()
    before = sys.getrefcount(None)
    for _ in range(200):
        path.lineTo(1.0, 1.0)
    assert sys.getrefcount(None) >= before - 10
