"""A whole game against the computer in each scenario (issue 38, items 5 and 6): the human
played by the random player through `session.submit`, as his clicks would go, the computer
on a side of its own in each scenario (one game under the fog of war, 18.1); each plays to
a result, its journal replays to the same state, and every entry the human did not make is
the computer's, with its reason."""

from __future__ import annotations

import pytest

from owsqt.journal.textformat import EntryKind
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.fog.option import FOG_OF_WAR
from owsqt.session import game_from_text
from owsqt.session.seat import COMPUTER_FIELD, Seat
from tests.session.computerkit import computer_game, play_out

GAMES = [
    ("we-are-coming", Seat(Player.SOVIET, "greedy", "normal"), (FOG_OF_WAR,)),
    ("hoths-last-gasp", Seat(Player.GERMAN, "greedy", "normal"), ()),
    ("operation-winter-storm", Seat(Player.SOVIET, "greedy", "easy"), ()),
    ("maximum-effort", Seat(Player.GERMAN, "greedy", "easy"), ()),
]


@pytest.mark.slow  # whole games, the campaigns about a minute each
@pytest.mark.parametrize(("scenario", "seat", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_i38_5_19_0_a_whole_game_against_the_computer_plays_to_a_result_and_replays(
    shipped, scenario, seat, options
):
    session = computer_game(shipped, seat, scenario, options=options, seed=11)
    session.apply_default_setup()  # 19.11: the human's side signed for his side
    human = {entry.number for entry in session.entries if entry.by != seat.side.value}
    human.update(play_out(session, seat))
    assert session.state.result is not None  # 19.0 (or a forfeit, 6.2)
    replayed = game_from_text(shipped, session.text())
    assert replayed.state == session.state  # as `owsqt verify` replays it
    acts = [entry for entry in session.entries if entry.kind is EntryKind.ACT]
    computer = [entry for entry in acts if entry.number not in human]
    assert computer and all(entry.field(COMPUTER_FIELD) for entry in computer)
    assert not any(entry.field(COMPUTER_FIELD) for entry in acts if entry.number in human)
