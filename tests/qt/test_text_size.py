"""Issue 20, item 9: View ▸ Text size scales the docks, the dialogs and the counters' print,
at once and for the next start; at 200% display scaling the table is drawn at device
resolution (twice the pixels, not a blown-up picture)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QDialog, QLabel

from owsqt.qt import textsize
from owsqt.qt.app.mainwindow import MainWindow
from owsqt.qt.counters import painter, style
from owsqt.rules.core.verdict import Mode
from owsqt.session import new_game

REPO = Path(__file__).resolve().parents[2]
SHOTS = os.environ.get("OWSQT_SHOTS")


@pytest.fixture
def window(qtbot, ruleset):
    window = MainWindow(ruleset, new_game(ruleset, "test", Mode.FREE, seed=3))
    qtbot.addWidget(window)
    yield window
    window.text_size.choose("normal")  # the next tests see the normal size


def test_text_size_scales_a_dock_and_a_new_dialog_live(window):
    before = window.log.font().pointSizeF()
    assert window.text_size.level() == "normal"
    window.text_size.choose("largest")
    assert window.log.font().pointSizeF() == pytest.approx(before * 1.5, rel=0.02)
    # The dock's title, and a widget with a style sheet of its own, follow too.
    assert window.log_dock.font().pointSizeF() == pytest.approx(before * 1.5, rel=0.02)
    styled = window.combat.panel.last
    assert styled.styleSheet() and styled.font().pointSizeF() == pytest.approx(before * 1.5, 0.02)
    dialog = QDialog(window)
    label = QLabel("a dialog", dialog)
    assert label.font().pointSizeF() == pytest.approx(before * 1.5, rel=0.02)
    window.text_size.step(-1)
    assert window.text_size.level() == "larger"
    assert window.log.font().pointSizeF() == pytest.approx(before * 1.25, rel=0.02)


def test_text_size_is_kept_for_the_next_start(window, qtbot, ruleset):
    window.text_size.choose("smaller")
    assert QSettings("owsqt", "owsqt").value(textsize.SETTING) == "smaller"
    again = MainWindow(ruleset, new_game(ruleset, "test", Mode.FREE, seed=3))
    qtbot.addWidget(again)
    assert again.text_size.level() == "smaller"
    assert textsize.text_scale() == 0.85


def test_unknown_text_size_names_the_known_ones(window):
    with pytest.raises(ValueError, match="normal"):
        window.text_size.choose("huge")


def test_text_size_scales_the_counters_print(window, ruleset):
    unit = ruleset.catalogue.ground["rifle"]
    normal = painter.render_counter(unit, False, 160).toImage()
    normal_cap = style.factors_cap_height()
    window.text_size.choose("larger")
    assert style.PRINT_SCALE == 1.25
    assert style.factors_cap_height() > normal_cap
    assert style.name_cap_height() == pytest.approx(style.NAME_CAP_HEIGHT * 1.25)
    larger = painter.render_counter(unit, False, 160).toImage()
    assert larger != normal  # the print is drawn again, larger
    assert ink_rows(larger) > ink_rows(normal)
    cache = painter.CounterPixmapCache()
    first = cache.pixmap(unit, False, 80)
    window.text_size.choose("normal")
    assert cache.pixmap(unit, False, 80).cacheKey() != first.cacheKey()  # not a stale face


def ink_rows(image) -> int:
    """Rows of the bottom third (the factors) with dark print in the middle of the counter."""
    size = image.width()
    rows = 0
    for y in range(size * 2 // 3, size - 4):
        if any(lightness(image.pixel(x, y)) < 60 for x in range(size // 4, size * 3 // 4)):
            rows += 1
    return rows


def lightness(rgb: int) -> int:
    red, green, blue = (rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255
    return (max(red, green, blue) + min(red, green, blue)) // 2


_SCALED_GRAB = textwrap.dedent(
    """
    import sys
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtWidgets import QApplication, QGraphicsScene, QGraphicsView
    app = QApplication([])
    from owsqt.qt.fonts import load_fonts
    load_fonts()
    from owsqt.qt.counters.items import CounterItem, CounterLayer
    from owsqt.rules.scenario.ruleset import default_ruleset
    ruleset = default_ruleset()
    scene = QGraphicsScene()
    layer = CounterLayer(scene, ruleset)
    unit = next(iter(ruleset.catalogue.ground.values()))
    item = CounterItem(layer, unit)
    scene.addItem(item)
    view = QGraphicsView(scene)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    view.resize(120, 120)
    view.scale(2.5, 2.5)
    view.centerOn(item)
    view.show()
    app.processEvents()
    grab = view.viewport().grab()
    image = grab.toImage()
    # The same counter drawn at one pixel per logical pixel, then blown up twice.
    low = QImage(view.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied)
    low.fill(Qt.GlobalColor.white)
    p = QPainter(low)
    p.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    view.render(p, QRectF(low.rect()), view.viewport().rect())
    p.end()
    blown = low.scaled(image.width(), image.height())
    differing = sum(
        image.pixel(x, y) != blown.pixel(x, y)
        for x in range(0, image.width(), 2) for y in range(0, image.height(), 2)
    )
    if len(sys.argv) > 1:
        image.save(sys.argv[1])
    print(grab.devicePixelRatio(), view.viewport().width(), image.width(), differing)
    """
)


def test_a_counter_grabbed_at_200_percent_has_twice_the_pixels_drawn_not_blown_up(tmp_path):
    env = dict(os.environ, QT_SCALE_FACTOR="2", QT_QPA_PLATFORM="offscreen")
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    out = [str(Path(SHOTS) / "counter-200.png")] if SHOTS else []
    done = subprocess.run(
        [sys.executable, "-c", _SCALED_GRAB, *out],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    ratio, logical, pixels, differing = done.stdout.split()[-4:]
    assert float(ratio) == 2.0
    assert int(pixels) == 2 * int(logical)
    assert int(differing) > 50  # edges and print drawn at device resolution


def test_the_application_font_is_the_normal_one_again(window):
    window.text_size.choose("largest")
    window.text_size.choose("normal")
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    assert app.font().pointSizeF() == pytest.approx(textsize._base[0].pointSizeF())
    assert style.PRINT_SCALE == 1.0
