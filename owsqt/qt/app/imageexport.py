"""File ▸ Export image: the current view or the whole map with its counters, as a PNG
picture or an SVG drawing (issue 20). The whole map is drawn in strips, with a progress
dialog that shows itself only when the drawing takes a while, and can be cancelled."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QRectF, QSize, Qt
from PySide6.QtGui import QAction, QImage, QPainter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import (
    QFileDialog,
    QGraphicsScene,
    QGraphicsView,
    QMenu,
    QMessageBox,
    QProgressDialog,
    QWidget,
)

from owsqt.userfiles import games_dir

IMAGE_FILTER = "PNG picture (*.png);;SVG drawing (*.svg)"
WHOLE_MAP_SCALE = 1.5  # scene units to pixels: a counter about 60 px across, factors readable
STRIP_HEIGHT = 512  # pixels drawn at a time, so that progress can be shown and cancelled
PAPER_MARGIN = 8.0  # scene units of paper around the whole map

# Told with (strips done, strips in all); answers False to cancel.
Progress = Callable[[int, int], bool]


class ExportCancelled(Exception):
    """The player cancelled the export; nothing was written."""


def image_format(path: Path) -> str:
    """'png' or 'svg', from the file's suffix (ValueError for anything else)."""
    suffix = path.suffix.lower().lstrip(".")
    if suffix not in ("png", "svg"):
        raise ValueError(f"{path.name}: export as .png or .svg")
    return suffix


def export_scene(
    scene: QGraphicsScene,
    source: QRectF,
    path: Path,
    scale: float,
    progress: Progress | None = None,
) -> QSize:
    """Draw the `source` rectangle of `scene`, `scale` pixels a scene unit, into `path`
    (PNG or SVG by its suffix). ValueError when it cannot be written, ExportCancelled when
    `progress` says stop (the file is then left as it was)."""
    kind = image_format(path)
    size = QSize(max(1, round(source.width() * scale)), max(1, round(source.height() * scale)))
    if kind == "svg":
        _write_svg(scene, source, path, size)
    else:
        _write_png(scene, source, path, size, progress)
    return size


def _write_svg(scene: QGraphicsScene, source: QRectF, path: Path, size: QSize) -> None:
    generator = QSvgGenerator()
    generator.setFileName(str(path))
    generator.setSize(size)
    generator.setViewBox(QRectF(0, 0, size.width(), size.height()))
    generator.setTitle("Operation Winter Storm")
    generator.setDescription("Exported from owsqt")
    painter = QPainter()
    if not painter.begin(generator):
        raise ValueError(f"cannot write {path}")
    try:
        scene.render(painter, QRectF(0, 0, size.width(), size.height()), source)
    finally:
        painter.end()
    if not path.is_file():
        raise ValueError(f"cannot write {path}")


def _write_png(
    scene: QGraphicsScene,
    source: QRectF,
    path: Path,
    size: QSize,
    progress: Progress | None,
) -> None:
    """Each strip is drawn on a picture of its own, which bounds the drawing far faster
    than a clip on the whole picture would, then copied into place."""
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    if image.isNull():
        raise ValueError(f"a picture of {size.width()} x {size.height()} pixels is too large")
    strips = max(1, -(-size.height() // STRIP_HEIGHT))
    scale_y = source.height() / size.height()
    whole = QPainter(image)
    try:
        for strip in range(strips):
            if progress is not None and not progress(strip, strips):
                raise ExportCancelled
            top = strip * STRIP_HEIGHT
            height = min(STRIP_HEIGHT, size.height() - top)
            part = QRectF(
                source.left(), source.top() + top * scale_y, source.width(), height * scale_y
            )
            whole.drawImage(0, top, _draw(scene, part, QSize(size.width(), height)))
    finally:
        whole.end()
    if progress is not None and not progress(strips, strips):
        raise ExportCancelled
    if not image.save(str(path)):  # as PNG: image_format checked the suffix
        raise ValueError(f"cannot write {path}")


def _draw(scene: QGraphicsScene, source: QRectF, size: QSize) -> QImage:
    """The `source` rectangle of `scene` drawn on white, filling a picture of `size`."""
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    try:
        target = QRectF(0, 0, size.width(), size.height())
        scene.render(painter, target, source, Qt.AspectRatioMode.IgnoreAspectRatio)
    finally:
        painter.end()
    return image


def visible_rect(view: QGraphicsView) -> QRectF:
    """The part of the scene the view shows now."""
    return view.mapToScene(view.viewport().rect()).boundingRect()


class ImageExport(QObject):
    """The File menu's Export image submenu: the current view, or the whole map."""

    def __init__(
        self, parent: QWidget, view: QGraphicsView, map_rect: Callable[[], QRectF]
    ) -> None:
        super().__init__(parent)
        self.parent_widget = parent
        self.view = view
        self._map_rect = map_rect
        self.menu = QMenu("Export &image", parent)
        self.menu.setObjectName("exportImageMenu")
        self.menu.setToolTipsVisible(True)
        self.view_action = QAction("Current &view…", parent)
        self.view_action.setToolTip("Save what the map shows now, as PNG or SVG")
        self.view_action.triggered.connect(lambda: self.ask("view"))
        self.map_action = QAction("Whole &map…", parent)
        self.map_action.setToolTip("Save the whole map with every counter, as PNG or SVG")
        self.map_action.triggered.connect(lambda: self.ask("map"))
        self.menu.addAction(self.view_action)
        self.menu.addAction(self.map_action)

    def ask(self, what: str) -> Path | None:
        """Ask where to save, then export; says why on failure."""
        folder = games_dir()
        suggestion = folder / ("map.png" if what == "map" else "view.png")
        name, chosen = QFileDialog.getSaveFileName(
            self.parent_widget, "Export image", str(suggestion), IMAGE_FILTER
        )
        if not name:
            return None
        path = Path(name)
        if path.suffix.lower() not in (".png", ".svg"):
            path = path.with_suffix(".svg" if "svg" in chosen.lower() else ".png")
        return self.export(what, path)

    def export(self, what: str, path: Path, scale: float | None = None) -> Path | None:
        """Export the current view ('view', at the view's zoom) or the whole map ('map', at
        WHOLE_MAP_SCALE) to `path`; `scale` sets another size, pixels a scene unit."""
        if what == "view":
            source, zoom = visible_rect(self.view), self.view.transform().m11()
        else:
            margin = PAPER_MARGIN
            source = self._map_rect().adjusted(-margin, -margin, margin, margin)
            zoom = WHOLE_MAP_SCALE
        scale = zoom if scale is None else scale
        dialog = QProgressDialog("Drawing the map…", "Cancel", 0, 1, self.parent_widget)
        dialog.setWindowTitle("Export image")
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setMinimumDuration(400)  # shown only when the drawing takes a while
        dialog.setValue(0)

        def progress(done: int, total: int) -> bool:
            dialog.setMaximum(total)
            dialog.setValue(done)
            return not dialog.wasCanceled()

        try:
            size = export_scene(self.view.scene(), source, path, scale, progress)
        except ExportCancelled:
            return None
        except (OSError, ValueError) as error:
            QMessageBox.warning(self.parent_widget, "Cannot export the image", str(error))
            return None
        finally:
            dialog.reset()
        message = f"Exported {path} ({size.width()} x {size.height()})"
        if hasattr(self.parent_widget, "statusBar"):
            self.parent_widget.statusBar().showMessage(message, 8000)
        return path
