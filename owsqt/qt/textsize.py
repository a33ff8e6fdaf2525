"""The text size setting: View ▸ Text size scales every dock, dialog and menu (the
application's font) and the counters' print, at once and for the next start (QSettings).

The counters read the factor as `counters.style.PRINT_SCALE` (set here); their faces are
built again and every view of the table repaints."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSettings
from PySide6.QtGui import QAction, QActionGroup, QFont, QKeySequence
from PySide6.QtWidgets import QApplication, QDockWidget, QGraphicsScene, QMenu, QWidget

from owsqt.qt.counters import painter, style
from owsqt.qt.counters.facecache import FACES

SETTING = "view/textSize"
LEVELS: dict[str, tuple[str, float]] = {  # name: (menu text, factor)
    "smaller": ("&Smaller", 0.85),
    "normal": ("&Normal", 1.0),
    "larger": ("&Larger", 1.25),
    "largest": ("L&argest", 1.5),
}
STEP_KEYS = ("Ctrl+Alt+=", "Ctrl+Alt+-")  # a size larger, a size smaller
_base: list[QFont] = []  # the application's font before any scaling
_set: list[QFont] = []  # the font set here last: another means someone else changed it


def _settings() -> QSettings:
    return QSettings("owsqt", "owsqt")


def stored_level() -> str:
    """The level chosen last (normal when none, or an unknown one)."""
    value = str(_settings().value(SETTING, "normal"))
    return value if value in LEVELS else "normal"


def text_scale() -> float:
    """The factor of the level chosen last."""
    return LEVELS[stored_level()][1]


def apply_scale(scale: float, scenes: tuple[QGraphicsScene, ...] = ()) -> None:
    """Scale the application's font and the counters' print by `scale`, now."""
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return
    if not _base or app.font() != _set[0]:  # first, or someone else set it since (fonts)
        _base[:] = [QFont(app.font())]
    font = QFont(_base[0])
    if _base[0].pointSizeF() > 0:
        font.setPointSizeF(_base[0].pointSizeF() * scale)
    elif _base[0].pixelSize() > 0:
        font.setPixelSize(max(1, round(_base[0].pixelSize() * scale)))
    QApplication.setFont(font)
    _set[:] = [QFont(app.font())]
    # A dock draws its title in a font it took once, when made, unless its own font differs
    # from the application's: give each dock the new size, marked by a harmless difference.
    titles = QFont(font)
    titles.setStyleStrategy(QFont.StyleStrategy.PreferQuality)
    for dock in (w for w in QApplication.allWidgets() if isinstance(w, QDockWidget)):
        dock.setFont(titles)
    # Qt posts the change to every widget: deliver it now, so that what follows (a layout,
    # a grab, the next line of a test) sees the new size.
    QApplication.sendPostedEvents(None, QEvent.Type.ApplicationFontChange)
    if scale != style.PRINT_SCALE:
        style.set_print_scale(scale)
        painter.ground_face.cache_clear()
        painter.air_face.cache_clear()
        FACES.clear()  # the table's pixmaps of the old faces
    for scene in scenes:
        scene.update()
    for widget in QApplication.allWidgets():
        if widget.styleSheet():  # a styled widget keeps the font it was polished with
            widget.setStyleSheet(widget.styleSheet())
        widget.update()


class TextSize(QObject):
    """The View ▸ Text size submenu; it applies the stored level when made."""

    def __init__(self, window: QWidget, view_menu: QMenu, counters: QObject) -> None:
        super().__init__(window)
        self._window = window
        self._scene = getattr(counters, "scene", None)
        self.menu = QMenu("&Text size", view_menu)
        self.menu.setObjectName("textSizeMenu")
        self.menu.setToolTipsVisible(True)
        self.group = QActionGroup(self)
        self.actions: dict[str, QAction] = {}
        for name, (text, factor) in LEVELS.items():
            action = QAction(text, self.menu)
            action.setCheckable(True)
            action.setToolTip(f"Text of docks, dialogs and counters at {round(factor * 100)}%")
            action.triggered.connect(lambda _=False, n=name: self.choose(n))
            self.group.addAction(action)
            self.menu.addAction(action)
            self.actions[name] = action
        self.menu.addSeparator()
        for keys, step, text in (
            (STEP_KEYS[0], 1, "Lar&ger text"),
            (STEP_KEYS[1], -1, "S&maller text"),
        ):
            action = QAction(text, self.menu)
            action.setShortcut(QKeySequence(keys))
            action.triggered.connect(lambda _=False, s=step: self.step(s))
            self.menu.addAction(action)
            window.addAction(action)
        view_menu.addSeparator()
        view_menu.addMenu(self.menu)
        self.choose(stored_level(), store=False)

    def level(self) -> str:
        return next(name for name, action in self.actions.items() if action.isChecked())

    def choose(self, name: str, store: bool = True) -> None:
        """Show every text at level `name` now (and from the next start when `store`)."""
        if name not in LEVELS:
            raise ValueError(f"unknown text size {name!r}; known: {', '.join(LEVELS)}")
        self.actions[name].setChecked(True)
        if store:
            _settings().setValue(SETTING, name)
        scenes = (self._scene,) if isinstance(self._scene, QGraphicsScene) else ()
        apply_scale(LEVELS[name][1], scenes)

    def step(self, by: int) -> None:
        """A size larger (+1) or smaller (-1), within the levels."""
        names = list(LEVELS)
        index = max(0, min(len(names) - 1, names.index(self.level()) + by))
        self.choose(names[index])


def set_level(window: QWidget, name: str) -> None:
    """Choose a text size in `window`'s menu (for scripts and screenshots)."""
    size = getattr(window, "text_size", None)
    if isinstance(size, TextSize):
        size.choose(name)
