"""The New Game dialog's memory: the last choice started, kept with QSettings, so the next
new game opens as the last one was made (issue 20), the computer's player and strength too
(issue 38). A value the settings hold that no longer
fits (a scenario or option removed, a mode renamed) is ignored, never an error."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSettings

from owsqt.journal.identity import config_dir
from owsqt.journal.textformat import Play
from owsqt.players.names import LEVEL_NAMES, PLAYER_NAMES
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.fog.option import GAME_OPTIONS
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.session.orders import orders_from_text

GROUP = "newGame"


def settings() -> QSettings:
    """The program's settings: owsqt.conf in the player's config folder (platformdirs; on
    Linux ~/.config/owsqt/owsqt.conf, where Qt always kept them)."""
    return QSettings(str(config_dir() / "owsqt.conf"), QSettings.Format.IniFormat)


def remember(store: QSettings, choice: Any) -> None:
    """Keep `choice`, a NewGameChoice (the dialog imports this module, not the reverse)."""
    store.beginGroup(GROUP)
    store.setValue("scenario", choice.scenario)
    store.setValue("options", ",".join(choice.options))
    store.setValue("mode", choice.mode.value)
    store.setValue("play", choice.play.value)
    store.setValue("side", choice.side.value)
    store.setValue("defaultSetup", "yes" if choice.default_setup else "no")
    store.setValue("computerPlayer", choice.computer_player)  # issue 38
    store.setValue("computerLevel", choice.computer_level)
    store.setValue("standingOrders", choice.orders)  # issue 39
    store.endGroup()
    store.sync()


def recall(store: QSettings, ruleset: Ruleset) -> dict[str, Any] | None:
    """The fields of the last choice (NewGameChoice's), cleaned of what no longer exists;
    None when there is none."""
    store.beginGroup(GROUP)
    try:
        scenario_id = str(store.value("scenario", "") or "")
        scenario = ruleset.scenarios.get(scenario_id)
        if scenario is None:
            return None
        known = {option.id for option in scenario.options} | set(GAME_OPTIONS)  # 18.1
        options = tuple(
            option for option in str(store.value("options", "") or "").split(",") if option in known
        )
        return {
            "scenario": scenario_id,
            "options": options,
            "mode": _enum(Mode, store.value("mode"), Mode.FREE),
            "default_setup": str(store.value("defaultSetup", "yes")) != "no",
            "play": _enum(Play, store.value("play"), Play.SOLITAIRE),
            "side": _enum(Player, store.value("side"), Player.GERMAN),
            **_computer(store),
            "orders": _orders(store),
        }
    finally:
        store.endGroup()


def _orders(store: QSettings) -> str:
    """The standing orders last chosen, if this owsqt still reads them (else none)."""
    text = str(store.value("standingOrders", "") or "")
    try:
        orders_from_text(text or "-")
    except ValueError:
        return ""
    return text


def _computer(store: QSettings) -> dict[str, str]:
    """The computer's player and strength last chosen, if this owsqt still offers them."""
    found = {}
    for key, field, known in (
        ("computerPlayer", "computer_player", PLAYER_NAMES),
        ("computerLevel", "computer_level", LEVEL_NAMES),
    ):
        value = str(store.value(key, "") or "")
        if value in known:
            found[field] = value
    return found


def _enum(kind: Any, value: object, default: Any) -> Any:
    try:
        return kind(str(value))
    except ValueError:
        return default
