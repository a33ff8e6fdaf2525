"""The Set-up tray (19.0): the setting-up side's counters still to place, under their
scenario's set-up groups (name, rule, zone, how many left) and, inside a group, by
formation; below, what still keeps the side from ending its set-up. Units, several or a
whole group are dragged from here onto the map (ground-unit MIME type); the panel decides
nothing itself: the rules judge each placement and the set-up (setup/placing.py)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QIcon
from PySide6.QtWidgets import (
    QLabel,
    QListWidget,
    QPushButton,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from owsqt.qt.counters.painter import CounterPixmapCache
from owsqt.qt.setup.traylist import GROUP_ROLE, ICON_PIXELS, UNIT_ROLE, SetupTrayList
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.verdict import Violation
from owsqt.rules.core.vocabulary import LossClass, Player, UnitStatus
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.scenario.scenario import Scenario, rule_number
from owsqt.rules.setup.placing import (
    GroupProgress,
    end_blockers,
    setup_progress,
    setup_rule,
    zone_text,
)

_DONE = QColor("#2f6b2f")
_OPEN = QColor("#7a4a00")
MAX_BLOCKS = 12  # lines of what blocks the end of set-up, then "and N more"


class SetupTray(QWidget):
    """The tray of the side setting up: its groups, the units left, what blocks the end."""

    chosen_changed = Signal()  # other units (or none) are chosen in the tray

    def __init__(self, ruleset: Ruleset, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("setupTray")
        self.ruleset = ruleset
        self._pixmaps = CounterPixmapCache(max_pixmaps=1024)
        self._shown: tuple | None = None
        self.progress: list[GroupProgress] = []
        self.heading = QLabel()
        self.heading.setObjectName("setupTrayHeading")
        self.heading.setWordWrap(True)
        self.list = SetupTrayList(self)
        self.list.itemSelectionChanged.connect(self._on_chosen)
        self.chosen_label = QLabel()
        self.chosen_label.setObjectName("setupChosen")
        self.chosen_label.setWordWrap(True)
        self.chosen_label.setMinimumHeight(self.fontMetrics().lineSpacing() * 3 + 4)
        self.chosen_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.rest_button = QPushButton("Place the &rest by default")
        self.rest_button.setObjectName("placeRestButton")
        self.rest_button.setToolTip(
            "Place every unit still in the tray as the scenario's default set-up has it, "
            "around the units already placed (19.0); for this side only"
        )
        self.blocks_label = QLabel("Before End step:")
        self.blocks_label.setWordWrap(True)
        self.blocks = QListWidget()
        self.blocks.setObjectName("setupBlocks")
        self.blocks.setWordWrap(True)
        self.blocks.setToolTip("What the rules still ask before this side's set-up may end")
        self.blocks.setMaximumHeight(150)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        for widget in (
            self.heading,
            self.list,
            self.chosen_label,
            self.rest_button,
            self.blocks_label,
            self.blocks,
        ):
            layout.addWidget(widget)

    # --- showing the state ----------------------------------------------------------------

    def show_state(
        self, state: GameState, not_yours: str | None = None, viewer: Player | None = None
    ) -> None:
        """The groups of the side setting up, if set-up is on; `not_yours` says why the
        player at this computer may not place them (e-mail play: the other side's set-up).
        `viewer`: the side the table draws for under the fog of war (None: everything); the
        other side's set-up shows only how far it is (18.1)."""
        scenario = self.ruleset.scenarios.get(state.scenario)
        player = state.active if state.phase is Phase.SETUP else None
        key = (state.scenario, player, state.options, state.units, state.phase, not_yours, viewer)
        if key == self._shown:
            return
        self._shown = key
        chosen = set(self.chosen_units())
        self.list.clear()
        self.blocks.clear()
        self.progress = []
        if player is None or scenario is None:
            self.heading.setText("Set-up is over: the tray is empty until a new game (19.0).")
            self._hide_blocks()
            self.rest_button.setEnabled(False)
            self.chosen_label.setText("")
            return
        rule = setup_rule(scenario, player)
        if _hidden_setup(scenario, state, player):  # 18.1: a fogged e-mail world's enemy
            self.heading.setText(
                f"The {player.title} player sets up; under the fog of war his counters show "
                f"only as they are placed ({rule}, 18.1)."
            )
            self.rest_button.setEnabled(False)
            self._hide_blocks()
            self.chosen_label.setText("")
            return
        if not scenario.setup:
            self.heading.setText(
                f"{scenario.title} has no set-up groups: place any counter by hand ({rule})."
            )
            self.rest_button.setEnabled(False)
            self._hide_blocks()
            self.chosen_label.setText("")
            return
        self.progress = setup_progress(self.ruleset, scenario, state, player)
        done = sum(1 for p in self.progress if p.complete)
        left = sum(len(p.waiting) for p in self.progress)
        self.heading.setText(
            f"<b>{player.title} set-up ({rule})</b>: {done} of {len(self.progress)} groups "
            f"complete, {left} units to place."
        )
        if viewer is not None and viewer is not player:
            self.heading.setText(
                f"{self.heading.text()}<br>Where his units go is his to know (18.1)."
            )
            self.progress = []
            self.rest_button.setEnabled(False)
            self._hide_blocks()
            self.chosen_label.setText("")
            return
        for progress in self.progress:
            self._add_group(state, progress)
        self.rest_button.setEnabled(left > 0 and not_yours is None)
        self.list.setEnabled(not_yours is None)
        if not_yours is not None:
            self.heading.setText(f"{self.heading.text()}<br>Not yours to place: {not_yours}.")
        self._set_blocks(end_blockers(self.ruleset, scenario, state, player), left)
        for unit_id in chosen:
            item = self.list.unit_item(unit_id)
            if item is not None:
                item.setSelected(True)
        self._on_chosen()

    def _hide_blocks(self) -> None:
        self.blocks.clear()
        self.blocks.hide()
        self.blocks_label.setText("")

    def _set_blocks(self, violations: list[Violation], left: int = 0) -> None:
        self.blocks.clear()
        if left:
            in_tray = f"{left} unit{'s' if left != 1 else ''} still in the tray"
            self.blocks_label.setText(
                f"Before End step: {in_tray}"
                + (f", and {len(violations)} more to settle:" if violations else ".")
            )
        elif violations:
            self.blocks_label.setText(f"Before End step, {len(violations)} to settle:")
        else:
            self.blocks_label.setText("Nothing blocks End step: this side's set-up is complete.")
        self.blocks.setVisible(bool(violations))
        if not violations:
            return
        for violation in violations[:MAX_BLOCKS]:
            self.blocks.addItem(str(violation))
        if len(violations) > MAX_BLOCKS:
            self.blocks.addItem(f"… and {len(violations) - MAX_BLOCKS} more")

    def _add_group(self, state: GameState, progress: GroupProgress) -> None:
        group = progress.group
        total, waiting = len(group.units), len(progress.waiting)
        if group.start is UnitStatus.FORCE_POOL:
            where = "starts in the force pool"
        else:
            where = zone_text(self.ruleset, group)
        mark = "✓" if progress.complete else "•"
        count = f"{waiting} of {total} to place" if waiting else "all placed"
        if progress.points_left is not None:
            count += f" · {progress.points_left} stacking points may still go on"
        if group.losses is not None and group.losses.total:
            owed = group.losses
            parts = [f"−{owed.of(c)} {c.value[:3]}" for c in LossClass if owed.of(c)]
            count += f" · losses {' '.join(parts)}"
        if not waiting and progress.problems:
            count += f" · {len(progress.problems)} to settle"
        item = QTreeWidgetItem([f"{mark} {group.name} ({rule_number(group.rule)})\n{count}"])
        item.setData(0, GROUP_ROLE, group.name)
        font = item.font(0)
        font.setBold(True)
        item.setFont(0, font)
        item.setForeground(0, QBrush(_DONE if progress.complete else _OPEN))
        tip = [f"{group.name}", f"Rule {group.rule}", f"Set-up zone: {where}"]
        tip += [f"Still: {v}" for v in progress.problems[:6]]
        item.setToolTip(0, "\n".join(tip))
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        item.setFlags(flags | Qt.ItemFlag.ItemIsDragEnabled if waiting else flags)
        self.list.addTopLevelItem(item)
        formations: dict[str, list[str]] = {}
        for unit_id in progress.waiting:
            formation = self.ruleset.catalogue.ground[unit_id].formation or ""
            formations.setdefault(formation, []).append(unit_id)
        for formation, units in formations.items():
            parent = item
            if len(formations) > 1 and formation:
                name = self.ruleset.catalogue.formations[formation].name
                parent = QTreeWidgetItem([f"{name} ({len(units)})"])
                parent.setFlags(flags | Qt.ItemFlag.ItemIsDragEnabled)
                parent.setToolTip(0, f"{name}: drag to place all {len(units)}")
                item.addChild(parent)
            for unit_id in units:
                parent.addChild(self._unit_item(state, unit_id, where))
        item.setExpanded(not progress.complete)
        for index in range(item.childCount()):
            child = item.child(index)
            if child is not None:
                child.setExpanded(True)

    def _unit_item(self, state: GameState, unit_id: str, where: str) -> QTreeWidgetItem:
        unit = self.ruleset.catalogue.ground[unit_id]
        reduced = state.units[unit_id].reduced
        item = QTreeWidgetItem([unit.name])
        item.setData(0, UNIT_ROLE, unit_id)
        item.setIcon(0, QIcon(self._pixmaps.pixmap(unit, reduced, ICON_PIXELS * 2)))
        item.setToolTip(
            0,
            f"{unit.name}: {unit.combat}-{unit.movement}, stacking "
            f"{unit.stacking_value(reduced)}; sets up {where}",
        )
        item.setFlags(
            Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDragEnabled
        )
        return item

    # --- the choice ---------------------------------------------------------------------------

    def _on_chosen(self) -> None:
        units = self.chosen_units()
        progress = self.group_of(units[0]) if units else None
        if progress is None:
            self.chosen_label.setText("Choose units, or a group, to see where they set up.")
        else:
            group = progress.group
            where = (
                "starts in the force pool"
                if group.start is UnitStatus.FORCE_POOL
                else f"sets up {zone_text(self.ruleset, group)}"
            )
            count = f"{len(units)} unit{'s' if len(units) != 1 else ''}"
            self.chosen_label.setText(
                f"<b>{count} of {group.name}</b> {where} ({group.rule}): drag onto the "
                "shaded zone, or click a hex in it."
            )
        self.chosen_changed.emit()

    def chosen_units(self) -> tuple[str, ...]:
        """The units of the lines selected (a heading: all its units)."""
        return self.list.units_of(self.list.selectedItems())

    def group_of(self, unit_id: str) -> GroupProgress | None:
        return next((p for p in self.progress if unit_id in p.group.units), None)


def _hidden_setup(scenario: Scenario, state: GameState, player: Player) -> bool:
    """[18.1] Whether the state is a fogged e-mail player's world that holds none of
    `player`'s counters to set up: the other side's, which it knows only as they show."""
    return any(
        unit not in state.units
        for group in scenario.groups(state.options)
        if group.player is player
        for unit in group.units
    )
