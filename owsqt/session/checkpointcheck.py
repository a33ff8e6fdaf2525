"""What a checkpoint's state must agree with in the journal it covers, before it is used
(docs/pbem-format.md, "The checkpoint"): a checkpoint is never believed over the journal.

Its MAC says only that this computer's key made it; a state that holds it may still be false
(made by a changed program, or forged by someone who holds the key: a hot-seat opponent at
the same computer). What the journal tells without replaying it is read from its entries and
must be what the state says; a checkpoint that says otherwise is not used, and the journal is
replayed whole:

- the game: its scenario, and the seed of its dice (the header's; 2.0), with no die scripted;
- the dice (2.0, 18.1): every roll is a line of its entry's narration, so the rolls made are
  those of the effective actions (each act and redo adds its action and its rolls, each undo
  takes the last one back, as journal/history.py does), and the keyed die has begun as many
  actions as there are effective ones;
- the step: the turn, phase and segment the last change of step on that chain names (or
  the game began in), and the turn and phase the checkpoint lists after its last entry.
"""

from __future__ import annotations

from owsqt.journal.textformat import EntryKind, ParsedJournal
from owsqt.rules.core.dice import KEYED_DICE
from owsqt.rules.core.events import StepChanged, is_die_roll, is_step_change
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Phase
from owsqt.rules.scenario.ruleset import Ruleset


def agrees(
    ruleset: Ruleset,
    parsed: ParsedJournal,
    count: int,
    initial: GameState,
    at: tuple[GameState, list[tuple[int, Phase]]],
) -> bool:
    """Whether `at`, a checkpoint's state and its turn and phase after each entry, says of
    the game, its dice and its step what entries 1 to `count` of `parsed` say; `initial`
    is the state the game began in."""
    state, phases = at
    chain = _effective(parsed, count)
    if chain is None or len(phases) != count or phases[-1] != (state.turn, state.phase):
        return False
    header, dice = parsed.header, state.dice
    if state.scenario != header.scenario or dice.seed != header.seed or dice.script:
        return False
    if (dice.keys is not None) != (KEYED_DICE in header.options):
        return False
    if dice.keys is not None and dice.keys.action != len(chain):
        return False
    if dice.rolls_made != sum(sum(map(is_die_roll, lines)) for lines in chain):
        return False
    step = StepChanged(state.turn, state.phase, state.segment, None).describe(ruleset)
    changes = [line for lines in chain for line in lines if is_step_change(line)]
    if not changes:  # the step the game began in
        began = (initial.turn, initial.phase, initial.segment)
        return (state.turn, state.phase, state.segment) == began
    return changes[-1] == step or changes[-1].startswith(f"{step}, ")  # any active player


def _effective(parsed: ParsedJournal, count: int) -> list[tuple[str, ...]] | None:
    """The narration of each effective action after entry `count`, in order; None when an
    entry is of a kind a local game does not write, or undoes what is not there."""
    chain: list[tuple[str, ...]] = []
    for entry in parsed.entries[:count]:
        if entry.kind in (EntryKind.ACT, EntryKind.REDO):
            chain.append(entry.narration)
        elif entry.kind is EntryKind.UNDO and chain:
            chain.pop()
        else:
            return None
    return chain
