"""The question End step asks at the end of the initiative holder's player phase when he has
made fewer attacks than he planned (6.2): forfeit the game, or go back and attack. Outside
strict play the phase may also end against the rule, the game going on."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox, QWidget

from owsqt.rules.core.actions import EndStep
from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import Mode
from owsqt.rules.turn.initiative import shortfall_at_phase_end


def end_step_action(parent: QWidget, state: GameState, mode: Mode) -> EndStep | None:
    """The EndStep that End step submits: a plain one, or, when ending the phase now
    forfeits the game (6.2), what the player chooses; None when he cancels."""
    shortfall = shortfall_at_phase_end(state)
    if shortfall is None:
        return EndStep()
    planned, made = shortfall
    return ask_forfeit(parent, planned, made, mode)


def ask_forfeit(parent: QWidget, planned: int, made: int, mode: Mode) -> EndStep | None:
    """[6.2] Forfeit the game, (outside strict play) end the phase against the rule, or
    cancel (None) to make the attacks still owed."""
    box = QMessageBox(parent)
    box.setObjectName("forfeitQuestion")
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle("Forfeit the game?")
    attacks = f"{planned} attack{'' if planned == 1 else 's'}"
    box.setText(
        f"You planned {attacks} and made {made}. Ending the phase now forfeits the game (6.2)."
    )
    box.setInformativeText(f"Cancel to go back and make {planned - made} more.")
    forfeit = box.addButton("&Forfeit the game", QMessageBox.ButtonRole.DestructiveRole)
    forfeit.setToolTip("End the phase: the game is over and your opponent wins (6.2)")
    play_on = None
    if mode is not Mode.STRICT:
        play_on = box.addButton("&Play on", QMessageBox.ButtonRole.AcceptRole)
        play_on.setToolTip("End the phase against 6.2; the shortfall is recorded")
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(cancel)
    box.exec()
    clicked = box.clickedButton()
    if clicked is forfeit:
        return EndStep(forfeit=True)
    if play_on is not None and clicked is play_on:
        return EndStep()
    return None
