"""Game ▸ Standing orders… and the New Game dialog's button of the same name: how the
opponent's program answers, while the player is away, the questions his phase asks of him
(players/standing.py; docs/pbem-format.md, "Standing orders"). One row a question, each
"Ask me" (the file comes to him, as without orders) or one of its answers."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from owsqt.players.standing import ANSWER_WORDS, QUESTIONS, Orders
from owsqt.rules.core.frozenmap import FrozenMap

ASK = "Ask me"
INTRO = (
    "By e-mail, each question the other side's phase asks you costs a file. Answer the ones "
    "you choose here once for all: your opponent's program answers them by these orders, "
    "and your program checks every answer when his file comes back. They go with the next "
    "file you send, and you may change them with any file. Not used under the fog of war."
)
AS_SIDE = "As my side's orders"
STACK_QUESTIONS = ("lead", "return-fire", "losses", "optional", "retreat")  # of a stack attacked
STACK_INTRO = (
    "The orders of the stack of {stack} alone: each question asked about it is answered so, "
    "before your side's orders. They go with the next file you send."
)
USUAL = {  # the orders the button "Usual orders" sets: every question answered, retreating
    "lead": "best",
    "return-fire": "fire",
    "losses": "priority",
    "optional": "retreat",
    "retreat": "supply",
    "special-fire": "fire",
}


class StandingOrdersDialog(QDialog):
    """The player's standing orders, one choice a question; `orders()` when accepted."""

    def __init__(
        self,
        parent: QWidget | None,
        orders: Mapping[str, str],
        stack: str | None = None,
    ) -> None:
        """`stack`: the name of the stack whose own orders these are (None: the side's)."""
        super().__init__(parent)
        self.setWindowTitle("Standing orders" if stack is None else f"Standing orders: {stack}")
        ask = ASK if stack is None else AS_SIDE
        layout = QVBoxLayout(self)
        intro = QLabel(INTRO if stack is None else STACK_INTRO.format(stack=stack))
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.choices: dict[str, QComboBox] = {}
        for name, question in QUESTIONS.items():
            if stack is not None and name not in STACK_QUESTIONS:
                continue
            box = QComboBox()
            box.addItem(ask, None)
            for answer in question.answers:
                box.addItem(_first_up(ANSWER_WORDS[answer]), answer)
            box.setCurrentIndex(max(box.findData(orders.get(name)), 0))
            tip = f"{_first_up(question.words)} ({question.rule}): how it is answered"
            box.setToolTip(tip)
            label = QLabel(f"{_first_up(question.words)} ({question.rule})")
            label.setToolTip(tip)
            form.addRow(label, box)
            self.choices[name] = box
        layout.addLayout(form)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
        buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        usual = buttons.addButton("&Usual orders", QDialogButtonBox.ButtonRole.ResetRole)
        usual.setToolTip("Answer every question: the best lead, fire back, retreat when hit")
        usual.clicked.connect(lambda: self.set_orders(USUAL))
        if stack is None:
            none = buttons.addButton("Ask me &always", QDialogButtonBox.ButtonRole.ResetRole)
            none.setToolTip("No standing orders: every question comes to you by file")
        else:
            none = buttons.addButton("As my &side's", QDialogButtonBox.ButtonRole.ResetRole)
            none.setToolTip("No orders of its own: the stack is answered by your side's orders")
        none.clicked.connect(lambda: self.set_orders({}))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def set_orders(self, orders: Mapping[str, str]) -> None:
        for name, box in self.choices.items():
            box.setCurrentIndex(max(box.findData(orders.get(name)), 0))

    def orders(self) -> Orders:
        """The orders chosen: each question's answer, the questions left to him out."""
        return FrozenMap(
            {name: box.currentData() for name, box in self.choices.items() if box.currentData()}
        )


def _first_up(words: str) -> str:
    """`words` with a capital first letter, the rest as written (ZOC stays ZOC)."""
    return words[:1].upper() + words[1:]
