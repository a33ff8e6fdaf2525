"""Greyed commands that say why: Undo and Redo carry the session's reason as tooltip and
status tip (and `statusline.say_why_when_disabled` says it when the shortcut is pressed);
End step and Roll the die are greyed while a replay shows the past."""

from __future__ import annotations

from PySide6.QtGui import QAction

from owsqt.qt.app.menurules import explain
from owsqt.session import GameSession

UNDO_TIP = "Take back the last action (Ctrl+Z)"
REDO_TIP = "Make again the action taken back last (Ctrl+Shift+Z)"
IN_REPLAY = "a replay shows the past: leave it first (Esc / Continue play)"


def explain_undo(undo: QAction, redo: QAction, session: GameSession) -> None:
    """Enable Undo and Redo as the session allows; when greyed, their tip is the reason."""
    for action, reason, tip in (
        (undo, session.why_not_undo(), UNDO_TIP),
        (redo, session.why_not_redo(), REDO_TIP),
    ):
        action.setEnabled(reason is None)
        text = tip if reason is None else f"Not now: {reason}"
        action.setToolTip(text)
        action.setStatusTip(text)


def replay_gates(replaying: bool, *actions: QAction) -> None:
    """While a replay shows the past, nothing is played: the actions are greyed with the
    reason (their own tooltip comes back after)."""
    for action in actions:
        action.setEnabled(not replaying)
        explain(action, IN_REPLAY if replaying else None)
