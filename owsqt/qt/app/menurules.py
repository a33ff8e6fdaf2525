"""Menus that tell the truth: an entry that carries the action it sends (`QAction.data()`)
is judged by the engine before the menu opens.

In STRICT play an entry the rules refuse now is disabled, with the rule as its tooltip and
status tip (an edit by hand outside set-up, 3.1); a submenu whose every entry is refused is
disabled the same way. In ASSIST play the entry stays, and its tooltip says which rule it
breaks (the engine logs it). FREE play is not judged. Qt holds no rule here: the verdict is
`owsqt.rules.engine.judge`'s, on the very action the entry would send (or, for an entry that
asks a value first, a representative one)."""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from owsqt.rules.core.actions import Action
from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import Mode
from owsqt.rules.engine import judge
from owsqt.rules.scenario.ruleset import Ruleset

NOT_NOW = "Not allowed now"
AGAINST = "Against the rules now (ASSIST logs it)"


def carry(entry: QAction, action: Action) -> QAction:
    """Let `entry` carry the action it sends, for `judge_menu`."""
    entry.setData(action)
    return entry


def why_not(ruleset: Ruleset, state: GameState, action: Action) -> str | None:
    """The rules `action` breaks now, as one line with their numbers; None when legal."""
    try:
        verdict = judge(ruleset, state, action)
    except ValueError as error:  # an action that means nothing here (InvalidAction)
        return str(error)
    if verdict.legal:
        return None
    return "; ".join(str(v) for v in verdict.violations)


def judge_menu(menu: QMenu, ruleset: Ruleset, state: GameState, mode: Mode) -> None:
    """Disable (STRICT) or annotate (ASSIST) the entries of `menu` the rules refuse now."""
    if mode is Mode.FREE:
        return
    menu.setToolTipsVisible(True)
    _judge(menu, ruleset, state, mode)


def _judge(menu: QMenu, ruleset: Ruleset, state: GameState, mode: Mode) -> tuple[bool, str]:
    """Judge `menu`'s entries; (whether any entry is still allowed, the first refusal)."""
    allowed, first_reason = False, ""
    for entry in menu.actions():
        if entry.isSeparator():
            continue
        sub = entry.menu()
        if isinstance(sub, QMenu):
            sub.setToolTipsVisible(True)
            any_allowed, reason = _judge(sub, ruleset, state, mode)
            if not any_allowed and reason and mode is Mode.STRICT:
                _refuse(entry, reason)
            allowed = allowed or any_allowed
            first_reason = first_reason or reason
            continue
        action = entry.data()
        if not isinstance(action, Action):
            allowed = allowed or entry.isEnabled()
            continue
        refused = why_not(ruleset, state, action)
        if refused is None:
            allowed = allowed or entry.isEnabled()
            continue
        first_reason = first_reason or refused
        if mode is Mode.STRICT:
            _refuse(entry, refused)
        else:
            allowed = allowed or entry.isEnabled()
            entry.setToolTip(f"{AGAINST}: {refused}")
            entry.setStatusTip(f"{AGAINST}: {refused}")
    return allowed, first_reason


def _refuse(entry: QAction, reason: str) -> None:
    entry.setEnabled(False)
    entry.setToolTip(f"{NOT_NOW}: {reason}")
    entry.setStatusTip(f"{NOT_NOW}: {reason}")


def explain(entry: QAction, reason: str | None) -> None:
    """Give a greyed `entry` the reason as tooltip and status tip ("Not now: ..."); an
    enabled one gets its own tooltip back."""
    own = entry.property("ownToolTip")
    if own is None:
        own = entry.toolTip()
        entry.setProperty("ownToolTip", own)
    text = own if reason is None else f"Not now: {reason}"
    entry.setToolTip(text)
    entry.setStatusTip(text)
