"""Undo and redo over the journal's effective actions, with periodic state checkpoints.

States are immutable, but keeping one per action would cost hundreds of
megabytes in a long game; instead a checkpoint is kept every CHECKPOINT_EVERY
actions and undo replays the few actions after the nearest one.
"""

from __future__ import annotations

from dataclasses import dataclass

from owsqt.rules.actions import Action
from owsqt.rules.engine import Outcome, apply
from owsqt.rules.events import DiceRolled
from owsqt.rules.ruleset import Ruleset
from owsqt.rules.state import GameState
from owsqt.rules.verdict import Mode

CHECKPOINT_EVERY = 32


@dataclass(frozen=True, slots=True)
class Applied:
    """One effective action: its journal entry, and whether undo must stop before it."""

    entry: int
    action: Action
    barrier: str | None  # why it cannot be undone outside FREE play, or None


def undo_barrier(before: GameState, outcome: Outcome) -> str | None:
    """Undo stops at a die roll and at a change of active player (architecture: undo)."""
    if any(isinstance(event, DiceRolled) for event in outcome.events):
        return "it rolled the die"
    if outcome.state.active != before.active:
        return "the active player changed"
    return None


class History:
    """The effective actions of a game, the undone ones that can be redone, and the state."""

    def __init__(self, ruleset: Ruleset, initial: GameState, mode: Mode) -> None:
        self._ruleset = ruleset
        self._mode = mode
        self._applied: list[Applied] = []
        self._undone: list[Applied] = []
        self._checkpoints: dict[int, GameState] = {0: initial}
        self.state = initial

    def record(self, entry: int, action: Action, before: GameState, outcome: Outcome) -> None:
        """Take an applied action into the history; it ends any chance to redo."""
        self._applied.append(Applied(entry, action, undo_barrier(before, outcome)))
        self._undone.clear()
        self.state = outcome.state
        if len(self._applied) % CHECKPOINT_EVERY == 0:
            self._checkpoints[len(self._applied)] = outcome.state

    def why_not_undo(self) -> str | None:
        """None when undo is possible, else a sentence saying why not."""
        if not self._applied:
            return "there is nothing to undo"
        barrier = self._applied[-1].barrier
        if barrier and self._mode is not Mode.FREE:
            return f"the last action cannot be undone: {barrier}"
        return None

    def why_not_redo(self) -> str | None:
        return None if self._undone else "there is nothing to redo"

    def undo(self) -> Applied:
        reason = self.why_not_undo()
        if reason:
            raise ValueError(reason)
        undone = self._applied.pop()
        self._undone.append(undone)
        self.state = self._rebuild(len(self._applied))
        return undone

    def redo(self) -> tuple[Applied, Outcome]:
        """Apply the last undone action again."""
        reason = self.why_not_redo()
        if reason:
            raise ValueError(reason)
        redone = self._undone[-1]
        outcome = apply(self._ruleset, self.state, redone.action, self._mode)
        self._undone.pop()
        self._applied.append(redone)
        self.state = outcome.state
        if len(self._applied) % CHECKPOINT_EVERY == 0:
            self._checkpoints[len(self._applied)] = outcome.state
        return redone, outcome

    def preview_redo(self) -> tuple[Applied, Outcome]:
        """What redo would do, without doing it (so the journal can be written first)."""
        reason = self.why_not_redo()
        if reason:
            raise ValueError(reason)
        redone = self._undone[-1]
        return redone, apply(self._ruleset, self.state, redone.action, self._mode)

    @property
    def last_applied(self) -> Applied | None:
        return self._applied[-1] if self._applied else None

    @property
    def next_redo(self) -> Applied | None:
        return self._undone[-1] if self._undone else None

    def _rebuild(self, count: int) -> GameState:
        """The state after the first `count` effective actions."""
        for stale in [index for index in self._checkpoints if index > count]:
            del self._checkpoints[stale]
        start = max(self._checkpoints)
        state = self._checkpoints[start]
        for applied in self._applied[start:count]:
            state = apply(self._ruleset, state, applied.action, self._mode).state
        return state
