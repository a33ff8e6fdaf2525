"""Greyed commands that say why: Undo and Redo carry the session's reason as tooltip and
status tip (and `statusline.say_why_when_disabled` says it when the shortcut is pressed);
End step and Roll the die are greyed while a replay shows the past."""

from __future__ import annotations

from PySide6.QtGui import QAction

from owsqt.qt.app.menurules import explain
from owsqt.session import GameSession
from owsqt.session.computer import why_not_take_back

UNDO_TIP = "Take back the last action (Ctrl+Z)"
TAKE_BACK_TIP = "Take back your last action, and the computer's moves since (Ctrl+Z)"
REDO_TIP = "Make again the action taken back last (Ctrl+Shift+Z)"
IN_REPLAY = "a replay shows the past: leave it first (Esc / Continue play)"


def explain_undo(undo: QAction, redo: QAction, session: GameSession) -> None:
    """Enable Undo and Redo as the session allows; when greyed, their tip is the reason.
    Against the computer Undo takes back the human's last action with the computer's moves
    since (session/computer.py), never a die."""
    if session.seat is not None:
        undo_reason, undo_tip = why_not_take_back(session), TAKE_BACK_TIP
    else:
        undo_reason, undo_tip = session.why_not_undo(), UNDO_TIP
    for action, reason, tip in (
        (undo, undo_reason, undo_tip),
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
