"""Undo and redo over the journal's effective actions, and the state after any entry.

The effective actions form a chain of Steps, each pointing to the one before it;
undo moves the tip back, redo forward again, and each journal entry remembers
where the tip stood after it. States are immutable, but keeping one per action
would cost hundreds of megabytes in a long game; instead a state is kept every
CHECKPOINT_EVERY steps, and any other is rebuilt from the nearest one before it.
That serves undo and the replay controls alike (step back, jump to an entry).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace

from owsqt.rules.core.actions import Action
from owsqt.rules.core.dice import DieKeys
from owsqt.rules.core.events import DiceRolled
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.verdict import Mode
from owsqt.rules.engine import Outcome, apply
from owsqt.rules.scenario.ruleset import Ruleset

CHECKPOINT_EVERY = 32
RECENT_STATES = 8  # rebuilt states kept for stepping back and forth


@dataclass(frozen=True, slots=True)
class Applied:
    """One effective action: its journal entry, whether undo must stop before it, and the
    dice seed it rolled from (e-mail play agrees a seed for each file)."""

    entry: int
    action: Action
    barrier: str | None  # why it cannot be undone outside FREE play, or None
    seed: int = 0


@dataclass(frozen=True, slots=True, eq=False)
class Step:
    """An effective action in the chain; compared and hashed by identity."""

    applied: Applied
    parent: Step | None
    depth: int = field(default=1)


def rolls_dice(outcome: Outcome) -> bool:
    return any(isinstance(event, DiceRolled) for event in outcome.events)


def undo_barrier(before: GameState, outcome: Outcome) -> str | None:
    """Undo stops at a die roll and at a change of active player (architecture: undo). The
    end of the game hands the game to nobody: a forfeit (6.2) is taken back like a move."""
    if rolls_dice(outcome):
        return "it rolled the die"
    over = outcome.state.phase is Phase.GAME_OVER
    if outcome.state.active != before.active and not over:
        return "the active player changed"
    return None


# What History.save_point() keeps: the tip, the undone steps, how many marks, the state
# the history starts from, the current state and the seed the next action rolls from.
SavePoint = tuple["Step | None", list["Step"], int, GameState, GameState, "int | None"]
StepRule = Callable[[GameState, Action, Mode], Outcome]
"""What one effective action does to a state in a mode: the engine's `apply` on the whole
game, or a step of one side's world (fog of war in e-mail play, worlds/takein.py)."""


class History:
    """The effective actions of a game, the undone ones that can be redone, and the state."""

    def __init__(
        self,
        ruleset: Ruleset,
        initial: GameState,
        mode: Mode,
        step: StepRule | None = None,
        count_afresh: bool = False,
    ) -> None:
        """`count_afresh`: the keyed die counts the actions afresh from each new seed
        (roll_from), so that the dice of e-mail play's file depend on nothing of the files
        before it but its seed (journal/filedice.py)."""
        self._step: StepRule = step or (
            lambda state, action, judging: apply(ruleset, state, action, judging)
        )
        self._mode = mode
        self._initial = initial
        self._tip: Step | None = None
        self._undone: list[Step] = []
        self._checkpoints: dict[Step, GameState] = {}
        self._recent: OrderedDict[Step, GameState] = OrderedDict()
        self._marks: list[Step | None] = []  # the tip after each journal entry
        self._resumed_at = 0  # resume(): the entries before it have no steps here
        self._seed: int | None = None  # roll_from(): the seed the next action rolls from
        self._count_afresh = count_afresh
        self.state = initial

    def roll_from(self, seed: int) -> None:
        """[Dice] The actions from now on roll from `seed`: e-mail play agrees a seed for each
        file (journal/filedice.py). Each step keeps the seed it rolled from, so a state
        rebuilt after an undo or for the replay is the one played, and an action made after
        an undo rolls from `seed` still."""
        self._seed = seed
        self.state = self._seeded(self.state, seed)

    def resume(self, state: GameState, entries: int) -> None:
        """Go on from `state`, the state after journal entry `entries` as a checkpoint holds
        it (session/checkpoint.py): the history starts there, so nothing before it can be
        undone or shown (open the whole journal for that)."""
        assert not self._marks  # only a history that holds nothing yet resumes
        self._initial = self.state = state
        self._marks = [None] * entries
        self._resumed_at = entries

    def save_point(self) -> SavePoint:
        """Everything restore() needs to put the history back as it is now."""
        saved = self._tip, list(self._undone), len(self._marks), self._initial, self.state
        return (*saved, self._seed)

    def restore(self, saved: SavePoint) -> None:
        tip, undone, marks, initial, state, seed = saved
        self._tip, self._undone, self._initial, self.state, self._seed = (
            tip, undone, initial, state, seed
        )  # fmt: skip
        del self._marks[marks:]

    def record(self, entry: int, action: Action, before: GameState, outcome: Outcome) -> None:
        """Take an applied action into the history; it ends any chance to redo."""
        parent = self._tip
        applied = Applied(entry, action, undo_barrier(before, outcome), before.dice.seed)
        self._tip = Step(applied, parent, parent.depth + 1 if parent else 1)
        self._undone.clear()
        self._keep(self._tip, outcome.state)

    def mark(self) -> None:
        """Remember the tip as it stands after the journal entry just written."""
        self._marks.append(self._tip)

    def why_not_undo(self) -> str | None:
        """None when undo is possible, else a sentence saying why not."""
        if self._tip is None:
            return "there is nothing to undo"
        barrier = self._tip.applied.barrier
        if barrier and self._mode is not Mode.FREE:
            return f"the last action cannot be undone: {barrier}"
        return None

    def why_not_redo(self) -> str | None:
        return None if self._undone else "there is nothing to redo"

    def undo(self, despite_barrier: bool = False) -> Applied:
        """Take back the last effective action (ValueError saying why when it cannot be);
        `despite_barrier`: even one the rules keep (a die rolled), as an audit of a file does
        after listing it, to go on checking what follows."""
        reason = self.why_not_undo()
        if reason and not (despite_barrier and self._tip is not None):
            raise ValueError(reason)
        undone = self._tip
        assert undone is not None  # why_not_undo() found a step to take back
        self._undone.append(undone)
        self._tip = undone.parent
        self.state = self.state_of(self._tip)
        if self._seed is not None:  # the action before it may have rolled from an older seed
            self.state = self._seeded(self.state, self._seed)
        return undone.applied

    def redo(self, mode: Mode | None = None) -> tuple[Applied, Outcome]:
        """Apply the last undone action again (judged in `mode`, the game's by default)."""
        redone, outcome = self.preview_redo(mode)
        self._undone.pop()
        # Made again on the tip, rolling from the seed it rolled from now (e-mail play: the
        # seed of the file that redoes it), so that a state rebuilt later is the one played.
        again = replace(redone, seed=self.state.dice.seed)
        self._tip = Step(again, self._tip, self._tip.depth + 1 if self._tip else 1)
        self._keep(self._tip, outcome.state)
        return again, outcome

    def preview_redo(self, mode: Mode | None = None) -> tuple[Applied, Outcome]:
        """What redo would do, without doing it (so the journal can be written first); an
        audit judges a STRICT game's redo in ASSIST `mode`, as it does its acts, so that an
        action the rules refuse is listed and applied again rather than lost."""
        reason = self.why_not_redo()
        if reason:
            raise ValueError(reason)
        redone = self._undone[-1].applied
        judging = self._mode if mode is None else mode
        return redone, self._step(self.state, redone.action, judging)

    @property
    def last_applied(self) -> Applied | None:
        return self._tip.applied if self._tip else None

    def effective(self) -> Iterator[Applied]:
        """The effective actions, the last first: those undo would take back in turn."""
        node = self._tip
        while node is not None:
            yield node.applied
            node = node.parent

    @property
    def next_redo(self) -> Applied | None:
        return self._undone[-1].applied if self._undone else None

    def state_after(self, entry: int) -> GameState:
        """The state as it stood after journal entry `entry` (0: the start of the game)."""
        if not 0 <= entry <= len(self._marks):
            raise IndexError(f"there is no entry {entry}; the journal has {len(self._marks)}")
        if entry < self._resumed_at:
            raise IndexError(f"entry {entry} is before the checkpoint; replay the whole journal")
        return self.state_of(self._marks[entry - 1] if entry else None)

    def state_of(self, step: Step | None) -> GameState:
        """The state after `step`, rebuilt from the nearest kept state before it."""
        chain: list[Step] = []
        node = step
        while node is not None and node not in self._checkpoints and node not in self._recent:
            chain.append(node)
            node = node.parent
        state = self._initial if node is None else self._kept(node)
        for link in reversed(chain):
            # Resolving does not depend on the mode; FREE skips judging, which replay needs not.
            before = self._seeded(state, link.applied.seed)
            state = self._step(before, link.applied.action, Mode.FREE).state
            self._keep(link, state)
        return state

    def _seeded(self, state: GameState, seed: int) -> GameState:
        """`state` rolling from `seed`; under `count_afresh`, a keyed die that takes a new seed
        counts its actions from 0 again."""
        dice = state.dice
        if dice.seed == seed:
            return state
        afresh = self._count_afresh and dice.keys is not None
        return state.with_dice(replace(dice, seed=seed, keys=DieKeys() if afresh else dice.keys))

    def _kept(self, step: Step) -> GameState:
        kept = self._checkpoints.get(step)
        return kept if kept is not None else self._recent[step]

    def _keep(self, step: Step, state: GameState) -> None:
        if step is self._tip:  # rolling from the seed of now, which may be newer than its own
            self.state = state if self._seed is None else self._seeded(state, self._seed)
        if step.depth % CHECKPOINT_EVERY == 0:
            self._checkpoints[step] = state
            return
        self._recent[step] = state
        self._recent.move_to_end(step)
        while len(self._recent) > RECENT_STATES:
            self._recent.popitem(last=False)
