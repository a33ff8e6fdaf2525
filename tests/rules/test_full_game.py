"""A whole game of We are coming! in STRICT mode with movement only (issue 6's "done when").

Both players bid no attacks (6.1), bring on every reinforcement they may (19.12) and
move up to five stacks per movement segment to the dearest free hex they can reach
(8.1); every action must be accepted by the strict rules, from set-up to game over.
"""

from __future__ import annotations

import pytest

from owsqt.rules.core.actions import DeclareAttacks, EndStep, MoveStack
from owsqt.rules.core.events import ReservesReleased, UnitsMoved
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.rules.movement.arrivals import pool_points_left, waiting
from owsqt.rules.movement.stacking import stacking_points
from owsqt.rules.movement.stackmove import StackMove
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.rules.turn.formations import may_move_in_segment
from owsqt.rules.turn.sequence import MOVEMENT_SEGMENTS
from owsqt.session import GameSession, new_game
from tests.airsteps import allocate_nothing

STACKS_PER_SEGMENT = 5


class StrictPlayer:
    """Plays a session by submitting actions that must all be legal."""

    def __init__(self, session: GameSession) -> None:
        self.session = session
        self.ruleset = session.ruleset
        self.events = []

    def submit(self, action) -> None:
        turn = self.session.state.turn
        outcome = self.session.submit(action)
        assert outcome.applied, (action, outcome.verdict.violations)
        self.events.extend((turn, event) for event in outcome.events)

    def bid(self) -> None:
        for player in Player:
            self.submit(DeclareAttacks(player=player, planned=0))

    def bring_on_arrivals(self) -> None:
        state, ruleset = self.session.state, self.ruleset
        limit = ruleset.tables.stacking_limit
        for arrival in waiting(ruleset, state, state.active):
            state = self.session.state
            if arrival.turn > state.turn or not may_move_in_segment(
                ruleset, arrival.unit, state.segment
            ):
                continue
            points = ruleset.catalogue.ground[arrival.unit].stacking
            room = [
                h for h in arrival.hexes if stacking_points(ruleset, state, h) + points <= limit
            ]
            if arrival.force_pool is not None:
                room = (
                    room if pool_points_left(ruleset, state, arrival.force_pool) >= points else []
                )
            if room:
                self.submit(MoveStack(units=(arrival.unit,), path=(room[0],)))

    def move_stacks(self) -> None:
        ruleset = self.ruleset
        moved = 0
        for hex_, stack in sorted(self.session.state.stacks.items()):
            state = self.session.state
            if moved == STACKS_PER_SEGMENT or state.stack(hex_) != stack:
                continue
            if not all(self._may_move(unit_id) for unit_id in stack):
                continue
            reach = StackMove(ruleset, state, stack).reach()
            free = [h for h in reach.spent if h != hex_ and not state.stack(h)]
            if free:
                target = max(free, key=lambda h: (reach.spent[h], h))
                self.submit(MoveStack(units=stack, path=tuple(reach.path_to(target))))
                moved += 1

    def _may_move(self, unit_id: str) -> bool:
        state = self.session.state
        unit = state.units[unit_id]
        return (
            self.ruleset.catalogue.ground[unit_id].player is state.active
            and may_move_in_segment(self.ruleset, unit_id, state.segment)
            and not unit.reserve
            and unit_id not in state.movement.done
        )


@pytest.mark.slow
def test_3_1_8_1_a_strict_game_of_we_are_coming_runs_from_setup_to_the_end_with_movement():
    ruleset = default_ruleset()
    session = new_game(ruleset, "we-are-coming", Mode.STRICT, seed=7)
    session.apply_default_setup()
    player = StrictPlayer(session)
    while session.state.phase != Phase.GAME_OVER:
        state = session.state
        if state.segment == Segment.INITIATIVE_DETERMINATION:
            player.bid()
        elif state.segment in MOVEMENT_SEGMENTS:
            player.bring_on_arrivals()
            player.move_stacks()
        allocate_nothing(session)
        player.submit(EndStep())
    scenario = ruleset.scenarios["we-are-coming"]
    assert session.state.turn == scenario.last_turn
    turns_with_moves = {turn for turn, e in player.events if isinstance(e, UnitsMoved)}
    assert turns_with_moves == set(range(scenario.first_turn, scenario.last_turn + 1))
    entered = [e for _, e in player.events if isinstance(e, UnitsMoved) and e.entered]
    assert {u for e in entered for u in e.units} >= {
        "de-57pzk-54wr-1",
        "de-57pzk-54wr-2",
        "de-57pzk-54wr-3",
    }  # the turn-one reinforcements of the track (19.12 d)
    released = [e for _, e in player.events if isinstance(e, ReservesReleased)]
    assert any("turn record track, turn 3" in e.reason for e in released)  # 19.11
    pool = [u for u in session.state.arrivals if u.startswith("de-23pz")]
    assert pool and all(session.state.units[u].status is UnitStatus.ON_MAP for u in pool)
