"""The New Game dialog: scenario, its options, who plays (one player, against the computer,
two at this computer or two by e-mail, and then one's side), how strictly the rules are
enforced, and whether the counters start in the default set-up or off the map for a set-up
by hand."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QSettings, QSize, Qt, QTimer
from PySide6.QtGui import QPalette, QShowEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QButtonGroup,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from owsqt.journal.textformat import Play
from owsqt.qt.app import newgamememory
from owsqt.qt.app.computerchoice import DEFAULT_SEAT, ComputerChoice
from owsqt.qt.app.scenarioinfo import describe
from owsqt.qt.play.ordersdialog import StandingOrdersDialog
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.fog.option import FOG_OF_WAR
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.scenario.scenario import Scenario, ScenarioOption
from owsqt.session import GameSession, new_game
from owsqt.session.orders import orders_from_text, orders_text
from owsqt.session.seat import Seat

DEFAULT_SCENARIO = "we-are-coming"  # the introductory scenario (19.1): small and short

# The mode's name on its button and the one line that tells a newcomer what it means.
MODE_TEXTS: dict[Mode, tuple[str, str]] = {
    Mode.FREE: (
        "&Free play",
        "Move the counters by hand, as on a real table; the rules check nothing.",
    ),
    Mode.ASSIST: (
        "&Assisted",
        "The rules warn of every illegal action, apply it anyway and log it.",
    ),
    Mode.STRICT: (
        "S&trict",
        "The rules refuse illegal actions.",
    ),
}

# Who plays: its button, the line under it, and the tooltip that says more.
PLAY_TEXTS: dict[Play, tuple[str, str, str]] = {
    Play.SOLITAIRE: (
        "O&ne player (solitaire)",
        "You play both sides at this computer.",
        "You play both sides at this computer, with nobody to hand it to.",
    ),
    Play.COMPUTER: (
        "Against the co&mputer",
        "You play one side; the computer plays the other.",
        "You play one side and the computer the other, by the same rules: it sees only what "
        "its side may see, and each of its moves is logged with its reason.",
    ),
    Play.HOT_SEAT: (
        "Two players at this &computer (hot-seat)",
        "Each player takes the computer when his side acts.",
        "Both sides at this computer: when the other side's player acts, the program asks "
        "you to hand the computer over, and the bids of planned attacks stay secret (6.1).",
    ),
    Play.EMAIL: (
        "Two players by &e-mail",
        "You play one side; you and your opponent trade files by e-mail.",
        "You play one side here and your opponent the other on his computer. You trade game "
        "files by e-mail, each checked and signed, and the dice are agreed by both.",
    ),
}

FOG_TEXT = "Fog of &war (18.1)"
FOG_LINE = "Each side sees only the top unit of enemy stacks, without strength markers."
FOG_TIP = (
    "Each side sees of the enemy only the top unit of each stack (its largest), never a "
    "strength marker and no entrenched unit; the units in a combat are shown while it is "
    "resolved. The log names no hidden unit."
)

# The default set-up's line, for the sides this computer sets up.
DEFAULT_SETUP_TEXTS = {
    False: "Both sides start placed in their set-up areas, ready for turn one; "
    "adjust them by hand if you like.",
    True: "Your side is placed in its set-up areas when its set-up comes; "
    "adjust it by hand if you like.",
}
HAND_SETUP_TEXT = (
    "The counters start off the map, in the Set-up tray: each side drags its own into its "
    "set-up areas, shaded on the map."
)
HAND_SETUP_NOT_AGAINST = "Against the computer both sides start in the default set-up (19.0)."


ORDERS_TIPS = {
    True: "How your opponent's program answers the questions his phase asks you while you "
    "are away (your lead, losses, retreats, return fire): given with your first file, "
    "changed with any later one (Game ▸ Standing orders…)",
    False: "Standing orders are for e-mail games without the fog of war",
}


@dataclass(frozen=True, slots=True)
class NewGameChoice:
    """What the player chose: everything needed to start the game, nothing about Qt."""

    scenario: str
    options: tuple[str, ...] = ()
    mode: Mode = Mode.FREE
    default_setup: bool = True
    play: Play = Play.SOLITAIRE
    side: Player = Player.GERMAN  # the creator's side, in e-mail play and against the computer
    computer_player: str = DEFAULT_SEAT.player  # against the computer: its player
    computer_level: str = DEFAULT_SEAT.level  # and its strength level
    orders: str = ""  # by e-mail: the player's standing orders, as a file writes them
    network: bool = False  # by e-mail through a Matrix room (issue 40)

    @property
    def computer(self) -> Seat | None:
        """The computer's seat, in play against the computer: the side the player left."""
        if self.play is not Play.COMPUTER:
            return None
        return Seat(self.side.opponent, self.computer_player, self.computer_level)


def start_game(
    ruleset: Ruleset, choice: NewGameChoice, path: Path | None, *, seed: int | None = None
) -> GameSession:
    """A new session as chosen, journalling to `path`; with the default set-up both sides
    are placed (as ordinary journal entries) and the game stands at the start of turn one.
    In e-mail play only the player's own side is placed, if its set-up comes first, and
    `seed` is not used: both players make the dice seed. Against the computer its side is
    set up as its own entries.

    OSError when the journal cannot be written; the caller keeps its current game then."""
    session = new_game(
        ruleset,
        choice.scenario,
        choice.mode,
        seed=None if choice.play is Play.EMAIL else seed,
        options=choice.options,
        path=path,
        play=choice.play,
        side=choice.side,
        computer=None if choice.computer is None else choice.computer.text,
    )
    if choice.default_setup:
        try:
            session.apply_default_setup()
        except BaseException:
            session.close()  # do not leave the journal file open behind a failed start
            raise
    exchange = session.email
    if choice.orders and exchange is not None and exchange.why_not_give_orders() is None:
        exchange.give_orders(orders_from_text(choice.orders))  # they go with file 1
    return session


def scenario_label(scenario: Scenario) -> str:
    """'We are coming! (19.1) – turns 1-6'."""
    turns = (
        f"turn {scenario.first_turn}"
        if scenario.first_turn == scenario.last_turn
        else f"turns {scenario.first_turn}-{scenario.last_turn}"
    )
    return f"{scenario.title} ({scenario.rule}) – {turns}"


def option_label(option: ScenarioOption) -> str:
    """'16th Motorized Division – 19.41 – Soviet +2 VP'."""
    parts = [option.title]
    if option.rule:
        parts.append(option.rule)
    points = option.victory_points_to_soviet
    parts.append(f"Soviet +{points} VP" if points else "no VP penalty")
    return " – ".join(parts)


def option_penalty(options: tuple[ScenarioOption, ...]) -> int:
    """The victory points the chosen options give the Soviet player; options of one penalty
    group share a single penalty (19.42: the support units and the 15th count once)."""
    grouped: dict[str, int] = {}
    total = 0
    for option in options:
        if option.penalty_group is None:
            total += option.victory_points_to_soviet
        else:
            group = option.penalty_group
            grouped[group] = max(grouped.get(group, 0), option.victory_points_to_soviet)
    return total + sum(grouped.values())


def _rule_order(scenario: Scenario) -> tuple[tuple[int, str], ...]:
    """Sort by rule number as a reader would: 19.2 before 19.10."""
    return tuple(
        (int(part), "") if part.isdigit() else (0, part)
        for part in re.split(r"[.\s]", scenario.rule)
    )


def _text_indent(radio: QAbstractButton) -> int:
    """How far a radio button's text stands from its left edge."""
    style = radio.style()
    indent = style.pixelMetric(QStyle.PixelMetric.PM_ExclusiveIndicatorWidth, None, radio)
    return indent + style.pixelMetric(QStyle.PixelMetric.PM_RadioButtonLabelSpacing, None, radio)


class NewGameDialog(QDialog):
    """Asks for a new game. Enter starts it, Escape cancels; `choice()` tells what was picked."""

    def __init__(
        self,
        ruleset: Ruleset,
        parent: QWidget | None = None,
        settings: QSettings | None = None,
    ) -> None:
        super().__init__(parent)
        self.ruleset = ruleset
        # Where the last choice is remembered (newgamememory); the program's settings.
        self.settings = settings if settings is not None else newgamememory.settings()
        self.setWindowTitle("New game")
        self.setObjectName("newGameDialog")
        self._option_boxes: dict[str, QCheckBox] = {}

        self.scenario_list = QListWidget(self)
        self.scenario_list.setObjectName("scenarioList")
        self.scenario_list.setToolTip("The scenarios of rule 19; the first is the introduction")
        scenarios = sorted(ruleset.scenarios.values(), key=_rule_order)
        metrics = self.scenario_list.fontMetrics()
        row_height = metrics.height() + 8  # room to breathe: these rows are the main choice
        for scenario in scenarios:
            item = QListWidgetItem(scenario_label(scenario))
            item.setData(Qt.ItemDataRole.UserRole, scenario.id)
            item.setToolTip(self._scenario_tooltip(scenario))
            item.setSizeHint(QSize(metrics.horizontalAdvance(item.text()) + 12, row_height))
            self.scenario_list.addItem(item)
        frame = 2 * self.scenario_list.frameWidth()
        # Every scenario in sight at once, and every title whole: no scroll bars for four rows.
        self.scenario_list.setFixedHeight(max(len(scenarios), 3) * row_height + frame)
        self.scenario_list.setMinimumWidth(
            self.scenario_list.sizeHintForColumn(0)
            + frame
            + self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        )
        scenario_label_widget = QLabel("&Scenario:", self)
        scenario_label_widget.setBuddy(self.scenario_list)
        # The chosen scenario's dates, length, rule and victory conditions (scenarioinfo).
        self.description = QLabel(self)
        self.description.setObjectName("scenarioDescription")
        self.description.setWordWrap(True)
        self.description.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.description.setContentsMargins(4, 2, 4, 6)

        self.options_group = QGroupBox("&Options", self)
        self.options_group.setObjectName("optionsGroup")
        self.options_group.setToolTip(
            "Optional forces; most give the Soviet player victory points for the German's help"
        )
        self._options_layout = QVBoxLayout(self.options_group)
        self.penalty_label = QLabel(self.options_group)
        self.penalty_label.setObjectName("penaltyLabel")

        self.mode_group = QGroupBox("Rules", self)
        self.mode_buttons = QButtonGroup(self)
        mode_layout = QVBoxLayout(self.mode_group)
        self._mode_radios: dict[Mode, QRadioButton] = {}
        for mode, (text, explanation) in MODE_TEXTS.items():
            radio = QRadioButton(text, self.mode_group)
            radio.setObjectName(f"mode_{mode.value}")
            radio.setToolTip(explanation)
            self.mode_buttons.addButton(radio)
            self._mode_radios[mode] = radio
            mode_layout.addWidget(radio)
            mode_layout.addWidget(self._explanation(explanation, radio))
        self.fog_box = QCheckBox(FOG_TEXT, self.mode_group)  # 18.1, a game option
        self.fog_box.setObjectName("option_fog")
        self.fog_box.setToolTip(FOG_TIP)
        self.fog_box.toggled.connect(self._show_description)
        self.fog_box.toggled.connect(self._on_play_changed)  # no standing orders under fog
        mode_layout.addWidget(self.fog_box)
        self.fog_label = self._explanation(FOG_LINE, self.fog_box)
        mode_layout.addWidget(self.fog_label)

        self._build_players()

        self.setup_group = QGroupBox("Set-up", self)
        self.setup_buttons = QButtonGroup(self)
        setup_layout = QVBoxLayout(self.setup_group)
        self.default_setup_radio = QRadioButton("&Default set-up", self.setup_group)
        self.default_setup_radio.setObjectName("defaultSetup")
        self.hand_setup_radio = QRadioButton("Set up by &hand", self.setup_group)
        self.hand_setup_radio.setObjectName("handSetup")
        explanations = []
        for radio, explanation in (
            (self.default_setup_radio, DEFAULT_SETUP_TEXTS[False]),
            (self.hand_setup_radio, HAND_SETUP_TEXT),
        ):
            radio.setToolTip(explanation)
            self.setup_buttons.addButton(radio)
            explanations.append(self._explanation(explanation, radio))
            setup_layout.addWidget(radio)
            setup_layout.addWidget(explanations[-1])
        self.default_setup_label = explanations[0]

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        start = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        start.setText("Start game")
        start.setToolTip("Start the game as chosen (Enter)")
        start.setDefault(True)  # Enter anywhere in the dialog starts the game
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setToolTip(
            "Keep the current game (Esc)"
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(scenario_label_widget)
        layout.addWidget(self.scenario_list)
        layout.addWidget(self.description)
        layout.addWidget(self.options_group)
        layout.addWidget(self.players_group)
        layout.addWidget(self.mode_group)
        layout.addWidget(self.setup_group)
        layout.addWidget(self.buttons)

        self.scenario_list.currentItemChanged.connect(self._on_scenario_changed)
        # A double click chooses and starts; Enter already reaches the default button.
        self.scenario_list.itemDoubleClicked.connect(self.accept)
        self._mode_radios[Mode.FREE].setChecked(True)
        self.set_play(Play.SOLITAIRE)
        self.default_setup_radio.setChecked(True)
        self.select_scenario(DEFAULT_SCENARIO if DEFAULT_SCENARIO in ruleset.scenarios else None)
        last = newgamememory.recall(self.settings, ruleset)
        if last is not None:
            self.set_choice(NewGameChoice(**last))
        self.scenario_list.setFocus()

    def accept(self) -> None:
        """Start the game, and remember the choice for the next new game."""
        newgamememory.remember(self.settings, self.choice())
        super().accept()

    def set_choice(self, choice: NewGameChoice) -> None:
        """Show `choice` in the controls (the options its scenario no longer has are left)."""
        self.select_scenario(choice.scenario)
        for option_id, box in self._option_boxes.items():
            box.setChecked(option_id in choice.options)
        self.set_mode(choice.mode)
        self.set_play(choice.play)
        self.set_side(choice.side)
        self.set_orders(choice.orders)
        self.computer_choice.set_player(choice.computer_player)
        self.computer_choice.set_level(choice.computer_level)
        self.set_fog(FOG_OF_WAR in choice.options)
        default = choice.default_setup or choice.play is Play.COMPUTER
        radio = self.default_setup_radio if default else self.hand_setup_radio
        radio.setChecked(True)

    # --- reading and setting the choice ---------------------------------------------------

    def choice(self) -> NewGameChoice:
        scenario = self.current_scenario()
        options = tuple(
            option.id
            for option in scenario.options
            if option.id in self._option_boxes and self._option_boxes[option.id].isChecked()
        )
        if self.fog():
            options += (FOG_OF_WAR,)
        return NewGameChoice(
            scenario=scenario.id,
            options=options,
            mode=self.mode(),
            default_setup=self.default_setup_radio.isChecked(),
            play=self.play(),
            side=self.side(),
            computer_player=self.computer_choice.player(),
            computer_level=self.computer_choice.level(),
            orders=self._orders,
            network=self.play() is Play.EMAIL and self.network_box.isChecked(),
        )

    def current_scenario(self) -> Scenario:
        item = self.scenario_list.currentItem()
        if item is None:  # only possible with a ruleset without scenarios
            raise LookupError("the ruleset has no scenario to choose")
        return self.ruleset.scenarios[item.data(Qt.ItemDataRole.UserRole)]

    def select_scenario(self, scenario_id: str | None) -> None:
        """Make `scenario_id` current (the first scenario for None or an unknown id)."""
        for row in range(self.scenario_list.count()):
            if self.scenario_list.item(row).data(Qt.ItemDataRole.UserRole) == scenario_id:
                self.scenario_list.setCurrentRow(row)
                return
        if self.scenario_list.count():
            self.scenario_list.setCurrentRow(0)

    def mode(self) -> Mode:
        return next(mode for mode, radio in self._mode_radios.items() if radio.isChecked())

    def set_mode(self, mode: Mode) -> None:
        self._mode_radios[mode].setChecked(True)

    def play(self) -> Play:
        return next(play for play, radio in self._play_radios.items() if radio.isChecked())

    def set_play(self, play: Play) -> None:
        self._play_radios[play].setChecked(True)

    def side(self) -> Player:
        """The side chosen for an e-mail game or against the computer (German for the other
        kinds of play)."""
        play = self.play()
        if play is Play.COMPUTER:
            return self.computer_choice.side()
        if play is Play.EMAIL and self._side_radios[Player.SOVIET].isChecked():
            return Player.SOVIET
        return Player.GERMAN

    def set_side(self, side: Player) -> None:
        """`side` is the player's, by e-mail and against the computer alike."""
        self._side_radios[side].setChecked(True)
        self.computer_choice.set_side(side)

    def fog(self) -> bool:
        """[18.1] Whether the game is played with the fog of war."""
        return self.fog_box.isChecked()

    def set_fog(self, on: bool) -> None:
        self.fog_box.setChecked(on)

    def option_box(self, option_id: str) -> QCheckBox:
        """The check box of one option of the current scenario (KeyError if it has none)."""
        return self._option_boxes[option_id]

    # --- building ---------------------------------------------------------------------

    def _build_players(self) -> None:
        """Who plays: one player, against the computer (with one's side and the computer's
        player and strength), two at this computer or two by e-mail (with one's side)."""
        self.players_group = QGroupBox("&Players", self)
        self.players_group.setObjectName("playersGroup")
        self.play_buttons = QButtonGroup(self)
        layout = QVBoxLayout(self.players_group)
        self._play_radios: dict[Play, QRadioButton] = {}
        for play, (text, explanation, tooltip) in PLAY_TEXTS.items():
            radio = QRadioButton(text, self.players_group)
            radio.setObjectName(f"play_{play.name.lower()}")
            radio.setToolTip(tooltip)
            radio.toggled.connect(self._on_play_changed)
            self.play_buttons.addButton(radio)
            self._play_radios[play] = radio
            layout.addWidget(radio)
            layout.addWidget(self._explanation(explanation, radio))
            if play is Play.COMPUTER:
                self.computer_choice = ComputerChoice(self.players_group, _text_indent(radio))
                layout.addWidget(self.computer_choice)
        layout.addLayout(self._side_row(self._play_radios[Play.EMAIL]))

    def _side_row(self, email: QRadioButton) -> QHBoxLayout:
        """ "Your side: German / Soviet", under the e-mail choice and only for it."""
        self.side_label = QLabel("Your side:", self.players_group)
        self.side_buttons = QButtonGroup(self)
        row = QHBoxLayout()
        row.setContentsMargins(_text_indent(email), 0, 0, 0)
        row.addWidget(self.side_label)
        self._side_radios: dict[Player, QRadioButton] = {}
        for side, key in ((Player.GERMAN, "&German"), (Player.SOVIET, "So&viet")):
            radio = QRadioButton(key, self.players_group)
            radio.setObjectName(f"side_{side.value}")
            radio.setToolTip(
                f"You play the {side.title} side and make the game; your opponent joins it "
                f"as the {side.opponent.title} player with your first file"
            )
            self.side_buttons.addButton(radio)
            self._side_radios[side] = radio
            row.addWidget(radio)
        row.addSpacing(24)
        self._orders = ""
        self.orders_button = QPushButton("Standing &orders…", self.players_group)
        self.orders_button.setObjectName("standingOrders")
        self.orders_button.clicked.connect(self._choose_orders)
        row.addWidget(self.orders_button)
        self.network_box = QCheckBox("Through a Matrix &room", self.players_group)
        self.network_box.setObjectName("overTheNetwork")
        self.network_box.setToolTip(
            "Over the network: the files go through a Matrix room instead of by hand; each "
            "move reaches your opponent as you make it (docs/network-play.md)"
        )
        row.addWidget(self.network_box)
        row.addStretch(1)
        self._side_radios[Player.GERMAN].setChecked(True)
        return row

    def set_orders(self, text: str) -> None:
        """The standing orders to give with the first file, as a file writes them."""
        self._orders = text
        count = len(orders_from_text(text)) if text else 0
        self.orders_button.setText(f"Standing &orders… ({count})" if count else "Standing &orders…")
        self._on_play_changed()

    def _choose_orders(self) -> None:
        current = orders_from_text(self._orders) if self._orders else {}
        dialog = StandingOrdersDialog(self, current)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            chosen = dialog.orders()
            self.set_orders(orders_text(chosen) if chosen else "")

    def _on_play_changed(self) -> None:
        """The side matters by e-mail and against the computer; so does 'your side' in the
        set-up's line. Against the computer both sides start in the default set-up."""
        email = self._play_radios[Play.EMAIL].isChecked()
        computer = self._play_radios[Play.COMPUTER].isChecked()
        for widget in (self.side_label, *self._side_radios.values()):
            widget.setEnabled(email)
        fog = self.fog_box.isChecked()
        self.orders_button.setEnabled(email and not fog)
        self.network_box.setEnabled(email)
        self.orders_button.setToolTip(ORDERS_TIPS[email and not fog])
        self.computer_choice.setEnabled(computer)
        if computer:
            self.default_setup_radio.setChecked(True)
        self.hand_setup_radio.setEnabled(not computer)
        hand = HAND_SETUP_NOT_AGAINST if computer else HAND_SETUP_TEXT
        self.hand_setup_radio.setToolTip(hand)
        self.default_setup_radio.setToolTip(DEFAULT_SETUP_TEXTS[email])
        self.default_setup_label.setText(DEFAULT_SETUP_TEXTS[email])
        self.default_setup_label.setToolTip(DEFAULT_SETUP_TEXTS[email])

    def _explanation(self, text: str, radio: QAbstractButton) -> QLabel:
        """A quieter line under a radio button, indented to line up with the button's text."""
        label = QLabel(text, self)
        label.setWordWrap(True)
        # The theme's secondary text colour rather than a fixed grey: readable in dark themes.
        label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        label.setContentsMargins(_text_indent(radio), 0, 0, 4)
        label.setToolTip(radio.toolTip())
        return label

    def _scenario_tooltip(self, scenario: Scenario) -> str:
        lines = [
            f"{scenario.title}, rule {scenario.rule}",
            f"Turns {scenario.first_turn} to {scenario.last_turn}; "
            f"the {scenario.sets_up_first.title} player sets up first",
        ]
        if scenario.options:
            lines.append(f"{len(scenario.options)} optional forces")
        return "\n".join(lines)

    def _on_scenario_changed(self, current: QListWidgetItem | None, _previous=None) -> None:
        for box in self._option_boxes.values():
            self._options_layout.removeWidget(box)
            box.deleteLater()
        self._option_boxes.clear()
        self._options_layout.removeWidget(self.penalty_label)
        if current is None:
            self.options_group.hide()
            return
        scenario = self.ruleset.scenarios[current.data(Qt.ItemDataRole.UserRole)]
        self._show_description()
        for option in scenario.options:
            box = QCheckBox(option_label(option), self.options_group)
            box.setObjectName(f"option_{option.id}")
            box.setToolTip(self._option_tooltip(scenario, option))
            box.toggled.connect(self._update_penalty)
            self._options_layout.addWidget(box)
            self._option_boxes[option.id] = box
        self._options_layout.addWidget(self.penalty_label)
        self.options_group.setVisible(bool(scenario.options))
        self._update_penalty()
        if self.isVisible():
            # Once the new boxes are laid out: measured now, the size is the old scenario's.
            QTimer.singleShot(0, self._fit_height)

    def _show_description(self) -> None:
        """The scenario's dates, length, rule and victory, and the fog of war if chosen."""
        item = self.scenario_list.currentItem()
        if item is not None:
            scenario = self.ruleset.scenarios[item.data(Qt.ItemDataRole.UserRole)]
            self.description.setText(describe(self.ruleset, scenario, fog=self.fog()))

    def showEvent(self, event: QShowEvent) -> None:
        """Fit the height once shown: before, the wrapped explanations measure for another
        width, and a group's lines were drawn over each other."""
        super().showEvent(event)
        QTimer.singleShot(0, self._fit_height)

    def _fit_height(self) -> None:
        """Grow for the options, shrink back without them, keeping the player's width.

        adjustSize() would not do: for a window whose labels wrap it stops at the minimum."""
        width = max(self.width(), self.minimumSizeHint().width())
        height = self.heightForWidth(width)
        self.resize(width, height if height > 0 else self.sizeHint().height())

    def _option_tooltip(self, scenario: Scenario, option: ScenarioOption) -> str:
        text = f"{option.title} ({option.rule or 'rule 19'})"
        if option.penalty_group is not None:
            partners = [
                other.title
                for other in scenario.options
                if other.penalty_group == option.penalty_group and other.id != option.id
            ]
            if partners:
                text += (
                    f"\nShares one penalty of {option.victory_points_to_soviet} VP with: "
                    + ", ".join(partners)
                )
        return text

    def _update_penalty(self) -> None:
        scenario = self.current_scenario()
        chosen = tuple(o for o in scenario.options if self._option_boxes[o.id].isChecked())
        points = option_penalty(chosen)
        self.penalty_label.setText(
            f"Chosen options: Soviet +{points} VP" if points else "Chosen options: no VP penalty"
        )
