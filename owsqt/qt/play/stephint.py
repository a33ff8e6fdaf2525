"""What the current step waits for, in a line for the status bar: who acts, what to do and
the keys that do it (3.1, 6.1, 6.2, 7.1, 7.2, 9.3). The keys of the window's actions live here
too, so the hints and the menus never disagree."""

from __future__ import annotations

import re

from owsqt.rules.actors import who_acts
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.movement.arrivals import waiting
from owsqt.rules.movement.stacking import overstacked_hexes
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.setup.placing import setup_rule
from owsqt.rules.turn.initiative import (
    determined_this_turn,
    may_choose_order,
    shortfall_at_phase_end,
)
from owsqt.rules.turn.sequence import MOVEMENT_SEGMENTS, current_step

END_STEP_KEYS = "Ctrl+E"
DECLARE_KEYS = "Ctrl+I"
ORDER_KEYS = "Ctrl+Shift+C"
ADMINISTRATIVE_KEYS = "Ctrl+Shift+A"
ARRIVALS_KEYS = "Ctrl+Shift+R"
SIDE_WORD = re.compile(r"\b(german|soviet)\b")


def words(name: str) -> str:
    """An engine name as words: "air_operations" -> "air operations", "german" -> "German"."""
    return SIDE_WORD.sub(lambda side: side[0].capitalize(), name.replace("_", " "))


def step_hint(ruleset: Ruleset, state: GameState, mode: Mode) -> str:
    """One line: what the game waits for now and how to give it."""
    end = f"End step ({END_STEP_KEYS})"
    if state.phase is Phase.GAME_OVER:
        if state.result is not None:
            return f"The game is over. {state.result.text()}"
        return "The game is over: victory is determined (19.0)"
    acting = who_acts(ruleset, state)  # 4.3: one side at a time in the air allocation too
    who = f"{next(iter(acting)).title} player" if len(acting) == 1 else "Both players"
    if state.phase is Phase.SETUP:
        scenario = ruleset.scenarios.get(state.scenario)
        rule = ", ".join(setup_rule(scenario, player) for player in sorted(acting))
        return f"{who} sets up ({rule}): place the counters, then {end}"
    if state.segment is Segment.INITIATIVE_DETERMINATION:
        if determined_this_turn(state):
            holder = state.initiative.holder
            title = holder.title if holder is not None else "?"
            return f"The {title} player holds the initiative and moves first (6.1): {end}"
        missing = [p.title for p in Player if p not in state.initiative.planned_attacks]
        return (
            f"Waiting for the planned attacks of the {' and '.join(missing)} player"
            f"{'s' if len(missing) > 1 else ''}: Game ▸ Declare planned attacks ({DECLARE_KEYS})"
        )
    parts = []
    if state.segment in MOVEMENT_SEGMENTS and state.active is not None:
        mechanized = state.segment is Segment.MECHANIZED_MOVEMENT
        kind = "mechanized" if mechanized else "non-mechanized"
        how = "by hand" if mode is Mode.FREE else "click a stack for its reach, drag it to move"
        parts.append(f"{who} moves his {kind} units (7.1): {how}")
        if any(a.turn <= state.turn for a in waiting(ruleset, state, state.active)):
            parts.append("units wait in the Arrivals dock")
        hexes = [ruleset.grid.id_of(h) for h in overstacked_hexes(ruleset, state, state.active)]
        if hexes:
            parts.append(f"displace from {', '.join(hexes)} first (9.3, counter menu)")
    else:
        step = current_step(state)
        parts.append(f"{who}: {state.segment.title} ({step.rule})")
    if may_choose_order(state):
        parts.append(f"mechanized combat first? ({ORDER_KEYS}, 7.2)")
    shortfall = shortfall_at_phase_end(state)
    if shortfall is not None:
        planned, made = shortfall
        owed = planned - made
        attacks = "attack" if owed == 1 else "attacks"
        parts.append(f"{owed} planned {attacks} still owed: ending the phase forfeits (6.2)")
    parts.append(f"then {end}")
    return "; ".join(parts)
