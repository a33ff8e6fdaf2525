"""Building entrenchments (15.1) and losing them (15.3).

At the start of his player phase (its supply determination segment) a player may set
undisrupted units, other than companies and headquarters, to build on their hex; an
"Entrenchments Under Construction" marker goes there. It turns over at the start of his
next player phase (recovery.complete_entrenchments). It comes off if the builders move
(any move: movement, retreat, advance, displacement), make a prepared or hasty attack, are
disrupted or come under a prepared attack; bombardment leaves it. Any marker goes when its
hex is vacated of all friendly units, however they leave (movement.leaving.units_left).
"""

from __future__ import annotations

from dataclasses import replace

from owsqt.rules.core.actions import BuildEntrenchment
from owsqt.rules.core.events import EntrenchmentChanged, Event
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import EntrenchmentState, GameState
from owsqt.rules.core.verdict import InvalidAction, Violation
from owsqt.rules.core.vocabulary import Entrenchment, Player
from owsqt.rules.data.units import UnitClass, UnitSize
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.turn.sequence import wrong_player


def builders(ruleset: Ruleset, state: GameState, hex_: Hex, player: Player) -> list[str]:
    """[15.1] The units of `player` on `hex_` that can build: undisrupted, neither
    company-sized nor headquarters. Supply does not matter."""
    catalogue = ruleset.catalogue
    return [
        u
        for u in state.stack(hex_)
        if catalogue.ground[u].player is player
        and not state.units[u].disrupted
        and catalogue.ground[u].size is not UnitSize.COMPANY
        and catalogue.ground[u].unit_class is not UnitClass.HEADQUARTERS
    ]


def _player(state: GameState, action: BuildEntrenchment) -> Player:
    player = action.player or state.active
    if player is None:
        raise InvalidAction("say which player builds the entrenchment")
    return player


def _judge(ruleset: Ruleset, state: GameState, action: BuildEntrenchment) -> list[Violation]:
    player = _player(state, action)
    where = ruleset.grid.id_of(action.hex)
    violations = []  # 15.1: the engine refuses it out of the start of the player phase
    wrong = wrong_player(state, player, "the phasing player builds")
    if wrong:
        violations.append(wrong)
    if not builders(ruleset, state, action.hex, player):
        violations.append(
            Violation(
                "15.1", f"no unit on {where} can build: undisrupted, not a company or headquarters"
            )
        )
    if action.hex in state.entrenchments:
        violations.append(Violation("15.1", f"{where} already has an entrenchment marker"))
    return violations


def _resolve(
    ruleset: Ruleset, state: GameState, action: BuildEntrenchment
) -> tuple[GameState, list[Event]]:
    if action.hex not in ruleset.game_map.hexes:
        raise InvalidAction(f"hex {ruleset.grid.id_of(action.hex)} is not on the map")
    player = _player(state, action)
    marker = EntrenchmentState(player, Entrenchment.UNDER_CONSTRUCTION, state.turn)
    state = replace(state, entrenchments=state.entrenchments.set(action.hex, marker))
    return state, [EntrenchmentChanged(action.hex, Entrenchment.UNDER_CONSTRUCTION, player)]


HANDLERS = {BuildEntrenchment: (_judge, _resolve)}
