"""Games walked to the end of the initiative holder's player phase, his planned attacks
not made (6.2): for the forfeit's tests at every level (session, command line, table)."""

from __future__ import annotations

from owsqt.rules.core.actions import DeclareAttacks, EndStep, PlaceUnits
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.turn.initiative import shortfall_at_phase_end
from owsqt.session import GameSession, new_game
from tests.airsteps import allocate_nothing


def must(session: GameSession, action) -> None:
    outcome = session.submit(action)
    assert outcome.applied, (action, outcome.verdict)


def to_the_holders_phase_end(session: GameSession, planned: int = 2) -> None:
    """End steps, both players planning `planned` attacks, until the last step of the
    holder's player phase, where ending the phase without forfeiting is refused."""
    while shortfall_at_phase_end(session.state) is None:
        state = session.state
        assert state.phase is not Phase.SECOND_PLAYER, "the holder's phase ended unseen"
        if state.segment is Segment.INITIATIVE_DETERMINATION and state.initiative.holder is None:
            for player in Player:
                must(session, DeclareAttacks(player=player, planned=planned))
            continue
        allocate_nothing(session)
        must(session, EndStep())


def owing_session(ruleset, mode: Mode = Mode.STRICT, path=None) -> GameSession:
    """A game of the test scenario at the end of the holder's phase, 2 attacks owed."""
    session = new_game(ruleset, "test", mode, seed=5, path=path)
    for unit_id, hex_id in (("rifle", "2434"), ("tank", "2438")):  # Soviet, then German
        must(session, PlaceUnits(units=(unit_id,), to=ruleset.grid.hex_of(hex_id)))
        must(session, EndStep())
    to_the_holders_phase_end(session)
    return session
