"""The question a drop on an enemy hex asks (8.4): make a hasty attack? With its cost, what
the stack keeps and the rules it would break; in STRICT play a broken rule leaves only
Cancel."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from owsqt.qt.movement.bill import hasty_html
from owsqt.rules.combat.offers import HastyOffer
from owsqt.rules.core.verdict import Mode
from owsqt.rules.scenario.ruleset import Ruleset


def ask_hasty_attack(parent: QWidget, ruleset: Ruleset, offer: HastyOffer, mode: Mode) -> bool:
    """Whether the player makes the hasty attack `offer` describes."""
    box = QMessageBox(parent)
    box.setObjectName("hastyAttackQuestion")
    box.setWindowTitle("Hasty attack")
    box.setTextFormat(Qt.TextFormat.RichText)
    box.setText(hasty_html(ruleset, offer))
    attack = box.addButton("&Attack", QMessageBox.ButtonRole.AcceptRole)
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    allowed = not (offer.problems and mode is Mode.STRICT)
    attack.setEnabled(allowed)
    attack.setToolTip(
        "Pay the cost and open the combat (8.4, 11.2)" if allowed else "Not allowed: see why above"
    )
    box.setDefaultButton(attack if allowed else cancel)
    box.exec()
    return allowed and box.clickedButton() is attack
