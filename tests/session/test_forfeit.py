"""The 6.2 forfeit in a game session: the holder short of his planned attacks ends the game
by forfeiting; the result is replayed from the game file and taken back by undo."""

from __future__ import annotations

from owsqt.rules.core.actions import EndStep
from owsqt.rules.core.codec import decode, encode
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Phase
from owsqt.session import open_journal
from tests.session.forfeitkit import must, owing_session


def test_6_2_forfeit_survives_save_and_reload(ruleset, tmp_path):
    session = owing_session(ruleset, path=tmp_path / "game.owsg")
    holder = session.state.initiative.holder
    must(session, EndStep(forfeit=True))
    result = session.state.result
    assert result is not None and result.winner is holder.opponent and result.rule == "6.2"
    assert session.entries[-1].action == {"kind": "end_step", "forfeit": True}
    session.close()
    reopened = open_journal(ruleset, tmp_path / "game.owsg")
    assert reopened.state == session.state
    assert reopened.state.phase is Phase.GAME_OVER and reopened.state.result == result
    data = encode(reopened.state, ruleset.grid)
    assert data["result"]["winner"] == holder.opponent.value
    assert decode(GameState, data, ruleset.grid) == reopened.state
    del data["result"]  # a state written before the field: no result
    assert decode(GameState, data, ruleset.grid).result is None


def test_6_2_the_forfeit_is_taken_back_by_undo_like_any_action(ruleset):
    session = owing_session(ruleset)
    before = session.state
    must(session, EndStep(forfeit=True))
    assert session.why_not_undo() is None
    session.undo()
    assert session.state == before and session.state.result is None
    session.redo()
    assert session.state.result is not None
