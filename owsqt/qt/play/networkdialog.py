"""The dialog of a game played through a Matrix room (issue 40): to host one (the scenario,
the player's homeserver, Matrix id and password, the opponent's Matrix id) or to join one
(the same, with the room's id for the opponent's). The homeserver and Matrix id are
remembered; the password never is (the homeserver's token is kept in the keyring)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from owsqt.network.account import Account
from owsqt.qt.kit.dialogs import ok_cancel
from owsqt.rules.scenario.ruleset import Ruleset

HOMESERVER_SETTING = "network/homeserver"
USER_SETTING = "network/user"
DEFAULT_HOMESERVER = "https://matrix.org"
INTRODUCTORY = "we-are-coming"  # the scenario offered first, as a new game opens it


@dataclass(frozen=True, slots=True)
class NetworkChoice:
    """What the player chose: `other` is the opponent's Matrix id (hosting) or the room's
    id (joining)."""

    scenario: str
    homeserver: str
    user: str
    password: str
    other: str

    @property
    def account(self) -> Account:
        return Account(self.homeserver, self.user)


class NetworkGameDialog(QDialog):
    def __init__(
        self, parent: QWidget | None, ruleset: Ruleset, hosting: bool, scenario: str | None = None
    ) -> None:
        """`scenario`: chosen already (the New Game dialog's), not asked again."""
        super().__init__(parent)
        self.hosting = hosting
        self.setWindowTitle("Host a network game" if hosting else "Join a network game")
        settings = QSettings()
        text = QLabel(
            "Your game goes through a Matrix room: each move reaches your opponent as you make "
            "it, and his Matrix app tells him when it is his move."
            if hosting
            else "Join the game of a Matrix room your opponent invited you to."
        )
        text.setWordWrap(True)
        form = QFormLayout()
        self.scenario = QComboBox(self)
        for scenario_id, offered in ruleset.scenarios.items():
            self.scenario.addItem(offered.title, scenario_id)
        self.scenario.setCurrentIndex(max(self.scenario.findData(scenario or INTRODUCTORY), 0))
        if hosting and scenario is None:
            form.addRow("&Scenario:", self.scenario)
        else:
            self.scenario.hide()
        self.homeserver = QLineEdit(str(settings.value(HOMESERVER_SETTING, DEFAULT_HOMESERVER)))
        self.homeserver.setToolTip("Your homeserver's address, as your Matrix app shows it")
        form.addRow("&Homeserver:", self.homeserver)
        self.user = QLineEdit(str(settings.value(USER_SETTING, "")))
        self.user.setPlaceholderText("@you:matrix.org")
        form.addRow("Your Matrix &id:", self.user)
        self.password = QLineEdit(self)
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.password.setToolTip(
            "Asked once: the token your homeserver gives is kept in your system's keyring"
        )
        form.addRow("&Password:", self.password)
        self.other = QLineEdit(self)
        self.other.setPlaceholderText("@opponent:matrix.org" if hosting else "!room:matrix.org")
        form.addRow("&Opponent's Matrix id:" if hosting else "&Room id:", self.other)
        layout = QVBoxLayout(self)
        layout.addWidget(text)
        layout.addLayout(form)
        layout.addWidget(ok_cancel(self))
        self.setMinimumWidth(460)

    def choice(self) -> NetworkChoice:
        settings = QSettings()
        settings.setValue(HOMESERVER_SETTING, self.homeserver.text().strip())
        settings.setValue(USER_SETTING, self.user.text().strip())
        return NetworkChoice(
            str(self.scenario.currentData()),
            self.homeserver.text().strip(),
            self.user.text().strip(),
            self.password.text(),
            self.other.text().strip(),
        )
