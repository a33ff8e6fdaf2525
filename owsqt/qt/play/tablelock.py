"""[18.1] The table held still under the hot-seat curtain: while it covers the window no
control of either side is live and nothing of the table can come out over it.

One rule, not a list: every widget of the window but the curtain (the map, every dock, the
menu, tool and status bars, the docks' tab bars) is disabled, every action of the window
is disabled (menus, shortcuts, the docks' own buttons' actions), floating docks are hidden,
and whatever is raised, shown or made in the window while it holds goes under the curtain
again. A dock or an action added later is held by default. Release gives back each one as
it was, and what the window enabled or disabled meanwhile stays as it asked.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QDockWidget, QWidget

_RAISING = (QEvent.Type.ZOrderChange, QEvent.Type.Show)


class TableLock(QObject):
    """Holds every control of `window` but `curtain` (and its own) while `held`."""

    def __init__(self, window: QWidget, curtain: QWidget) -> None:
        super().__init__(curtain)
        self._window, self._curtain = window, curtain
        self.held = False
        self._again = False  # a hold is asked for once the window has done what it does
        self._disabled: list[QWidget] = []  # the widgets it disabled, to enable again
        self._floating: list[QDockWidget] = []  # the floating docks it hid, to show again
        self._groups: list[QActionGroup] = []  # the window's own groups it disabled
        # An action in a disabled group stays disabled whatever it is told, and takes the
        # state it was last told when the group is enabled again (QAction::setEnabled).
        # The window's actions stay in it: an enabled group leaves them as they are told,
        # and PySide deletes an action taken out of a group (removeAction gives it to Python).
        self._actions = QActionGroup(self)
        self._actions.setExclusionPolicy(QActionGroup.ExclusionPolicy.None_)
        window.installEventFilter(self)
        for child in window.children():
            if isinstance(child, QWidget) and child is not curtain:
                child.installEventFilter(self)

    def hold(self) -> None:
        """Hold the table still and keep the curtain over it (again: what is new too)."""
        self.held = True
        self._actions.setEnabled(False)
        for child in self._window.children():
            if isinstance(child, QWidget) and child is not self._curtain:
                self._hold_widget(child)
        for action in self._window.findChildren(QAction):
            group = action.actionGroup()
            if group is None:
                self._actions.addAction(action)
            elif group is not self._actions and group.isEnabled():
                group.setEnabled(False)
                self._groups.append(group)
        self._curtain.raise_()

    def release(self) -> None:
        """Give the table back as it was before the hold."""
        self.held = False
        for widget in self._disabled:
            widget.setEnabled(True)
        self._disabled.clear()
        self._actions.setEnabled(True)  # each action as it was last told
        for group in self._groups:
            group.setEnabled(True)
        self._groups.clear()
        for dock in self._floating:
            dock.show()
        self._floating.clear()

    def _hold_widget(self, widget: QWidget) -> None:
        dock = widget if isinstance(widget, QDockWidget) else None
        if dock is not None and dock.isFloating() and dock.isVisible():
            dock.hide()
            if dock not in self._floating:
                self._floating.append(dock)
        if widget.isWindow() and dock is None:
            return  # a dialog: modal, over the curtain, it is answered before anything
        if widget.isEnabled() and widget not in self._disabled:
            widget.setEnabled(False)
            self._disabled.append(widget)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if watched is self._window:
            if kind == QEvent.Type.ChildAdded:
                child = event.child()  # type: ignore[attr-defined]
                if isinstance(child, QWidget) and child is not self._curtain:
                    child.installEventFilter(self)
                if self.held:  # a widget or an action made now: once it is whole
                    self._hold_later()
        elif self.held and kind in _RAISING:
            # A dock shown or raised (a segment begins) goes under the curtain again once
            # it has done so: a dock raised turns its tab forward only while it is on top.
            self._hold_later()
        return False

    def _hold_later(self) -> None:
        if not self._again:
            self._again = True
            QTimer.singleShot(0, self._hold_again)

    def _hold_again(self) -> None:
        self._again = False
        if self.held:
            self.hold()
