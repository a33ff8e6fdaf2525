"""File ▸ Export image (issue 20, item 7): the current view or the whole map, PNG or SVG."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QFileDialog

from owsqt.qt.app import imageexport
from owsqt.qt.app.imageexport import ExportCancelled, export_scene, image_format, visible_rect
from owsqt.qt.app.mainwindow import MainWindow
from owsqt.qt.app.newgamedialog import NewGameChoice, start_game


@pytest.fixture(autouse=True)
def no_warning_box(monkeypatch):
    """A failed export says why in a message box: here the test fails with its text."""

    def fail(parent, title, text):
        raise AssertionError(f"{title}: {text}")

    monkeypatch.setattr(imageexport.QMessageBox, "warning", fail)


@pytest.fixture
def window(qtbot, shipped) -> MainWindow:
    window = MainWindow(shipped, start_game(shipped, NewGameChoice("we-are-coming"), None, seed=1))
    qtbot.addWidget(window)
    window.resize(1000, 700)
    window.show()
    qtbot.waitExposed(window)
    return window


def coloured(image: QImage) -> int:
    """How many sampled pixels are neither white nor transparent: something was drawn."""
    return sum(
        1
        for y in range(0, image.height(), 7)
        for x in range(0, image.width(), 7)
        if QColor(image.pixel(x, y)).name() != "#ffffff"
    )


def test_the_view_as_a_png_is_what_the_view_shows(window, tmp_path):
    path = window.image_export.export("view", tmp_path / "view.png")
    assert path == tmp_path / "view.png"
    image = QImage(str(path))
    viewport = window.view.viewport().size()
    assert abs(image.width() - viewport.width()) <= 1
    assert abs(image.height() - viewport.height()) <= 1
    assert coloured(image) > 0
    assert "Exported" in window.statusBar().currentMessage()


def test_the_view_as_an_svg(window, tmp_path):
    path = window.image_export.export("view", tmp_path / "view.svg")
    text = path.read_text()
    assert text.lstrip().startswith("<?xml") and "<svg" in text and "owsqt" in text


def test_the_whole_map_as_png_and_svg(window, tmp_path):
    map_rect = window.map_item.sceneBoundingRect()
    png = window.image_export.export("map", tmp_path / "map.png", scale=0.25)
    image = QImage(str(png))
    margin = 2 * imageexport.PAPER_MARGIN
    assert image.width() == round((map_rect.width() + margin) * 0.25)
    assert image.height() == round((map_rect.height() + margin) * 0.25)
    assert coloured(image) > 100
    svg = window.image_export.export("map", tmp_path / "map.svg")
    assert "<svg" in svg.read_text()
    width = round((map_rect.width() + margin) * imageexport.WHOLE_MAP_SCALE)
    height = round((map_rect.height() + margin) * imageexport.WHOLE_MAP_SCALE)
    assert f'viewBox="0 0 {width} {height}"' in svg.read_text()[:400]


def test_the_whole_map_is_drawn_in_strips_with_progress_and_can_be_cancelled(window, tmp_path):
    source = window.map_item.sceneBoundingRect()
    seen: list[tuple[int, int]] = []
    export_scene(
        window.scene, source, tmp_path / "a.png", 0.4, lambda d, t: not seen.append((d, t))
    )
    strips = -(-round(source.height() * 0.4) // imageexport.STRIP_HEIGHT)
    assert strips > 1 and seen == [(n, strips) for n in range(strips + 1)]
    with pytest.raises(ExportCancelled):
        export_scene(window.scene, source, tmp_path / "b.png", 0.4, lambda d, t: d < 1)
    assert not (tmp_path / "b.png").exists()  # nothing written when cancelled


def test_only_png_and_svg(tmp_path):
    assert image_format(Path("a.PNG")) == "png" and image_format(Path("b.svg")) == "svg"
    with pytest.raises(ValueError, match=r"export as \.png or \.svg"):
        image_format(Path("c.jpg"))


def test_the_menu_asks_for_a_file_and_adds_the_suffix_of_the_chosen_kind(
    window, tmp_path, monkeypatch
):
    target = tmp_path / "picture"
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", lambda *args: (str(target), "SVG drawing (*.svg)")
    )
    window.image_export.view_action.trigger()
    assert (tmp_path / "picture.svg").is_file()
    assert window.image_export.menu.title() == "Export &image"
    assert visible_rect(window.view).intersects(QRectF(window.map_item.sceneBoundingRect()))
