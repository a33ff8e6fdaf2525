"""Play against the computer (issue 38, item 5) without Qt: the seat in the header, the
computer's set-up and moves as its journal entries, what the human may not do, a saved game
that reopens and goes on (item 6)."""

from __future__ import annotations

import pytest

from owsqt.journal.identity import Identity
from owsqt.journal.textformat import JournalError, parse
from owsqt.rules.core.actions import AllocateAir, EndStep
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.vocabulary import Player
from owsqt.session import new_game, open_journal
from owsqt.session.computer import computer_to_move, play_until_human, think
from owsqt.session.play import ComputerPlay
from owsqt.session.seat import Seat, by_computer
from tests.session.computerkit import SOVIET, computer_game, human_acts
from tests.session.pbemkit import clock

SCENARIO = "we-are-coming"


def test_i38_5_the_header_names_the_computer_s_seat_and_a_reopened_game_goes_on(shipped, tmp_path):
    path = tmp_path / "computer.owsg"
    session = computer_game(shipped, path=path)
    session.apply_default_setup()
    play_until_human(session, SOVIET)
    entries = len(session.entries)
    session.close()
    text = path.read_text(encoding="utf-8")
    assert "\nplay: computer\n" in text and "\ncomputer: soviet greedy normal\n" in text
    again = open_journal(shipped, path, identity=Identity.generate())
    assert again.seat == SOVIET and isinstance(again.players, ComputerPlay)
    assert len(again.entries) == entries
    assert not computer_to_move(again, SOVIET)  # the human's turn, as when it was saved
    again.close()


def test_i38_5_19_11_the_computer_sets_up_its_own_side_as_its_entries(shipped):
    session = computer_game(shipped)
    session.apply_default_setup()
    assert session.state.phase is not Phase.SETUP
    soviet = [entry for entry in session.entries if entry.by == "soviet"]
    german = [entry for entry in session.entries if entry.by == "german"]
    assert soviet and all(by_computer(entry) for entry in soviet)
    assert german and not any(by_computer(entry) for entry in german)


def test_i38_5_4_3_the_computer_plays_until_the_human_must_act_and_says_why(shipped):
    session = computer_game(shipped)
    session.apply_default_setup()
    assert computer_to_move(session, SOVIET)  # 4.3 step 1: the Soviet player allocates first
    moves = play_until_human(session, SOVIET)
    assert moves and isinstance(moves[0].action, AllocateAir)
    assert not computer_to_move(session, SOVIET)
    last = session.entries[-1]
    assert by_computer(last) and last.field("computer").startswith("greedy normal: ")
    assert session.state.air.allocated == {Player.SOVIET}


def test_i38_5_the_human_may_not_make_the_computer_s_actions(shipped):
    session = computer_game(shipped)
    session.apply_default_setup()
    refused = session.submit(AllocateAir(player=Player.SOVIET, missions={}))
    assert not refused.applied
    assert refused.verdict.violations[0].message == "the Soviet side is the computer's to play"
    assert session.submit(EndStep(player=Player.GERMAN)).applied is False  # 4.3: not yet his


def test_i38_5_thinking_reads_only_the_state_and_gives_the_same_move_for_the_same_seed(
    shipped,
):
    session = computer_game(shipped)
    session.apply_default_setup()
    state = session.state
    first = think(shipped, state, SOVIET, "seed")
    again = think(shipped, state, SOVIET, "seed")
    assert first is not None and again is not None
    assert first.action == again.action and session.state is state


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("computer: soviet greedy", "expected the header field 'computer: SIDE PLAYER LEVEL'"),
        ("computer: prussian greedy normal", "expected the header field"),
        ("computer: soviet deepblue normal", "no computer player is called 'deepblue'"),
        ("computer: soviet greedy grandmaster", "no strength level is called 'grandmaster'"),
    ],
)
def test_i38_5_a_broken_computer_seat_is_refused_in_one_line(shipped, tmp_path, line, why):
    path = tmp_path / "computer.owsg"
    computer_game(shipped, path=path).close()
    text = path.read_text(encoding="utf-8").replace("computer: soviet greedy normal", line)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(JournalError) as refused:
        open_journal(shipped, path, identity=Identity.generate())
    assert why in str(refused.value) and "\n" not in str(refused.value)


def test_i38_5_a_game_of_another_kind_has_no_computer_line(shipped):
    session = new_game(shipped, SCENARIO, seed=1, identity=Identity.generate(), clock=clock())
    assert session.seat is None
    assert not any(line.startswith("computer:") for line in session.header.lines())
    assert parse(session.text()).header.computer is None


def test_i38_5_a_computer_s_reason_is_refused_in_a_game_of_another_kind(shipped, tmp_path):
    path = tmp_path / "computer.owsg"
    session = computer_game(shipped, path=path)
    session.apply_default_setup()
    session.close()
    text = path.read_text(encoding="utf-8")
    text = text.replace("play: computer\n", "play: solitaire\n").replace(
        "computer: soviet greedy normal\n", ""
    )
    with pytest.raises(JournalError) as refused:
        parse(text)
    assert "unknown field 'computer'" in str(refused.value)


def test_i38_5_4_3_a_computer_allocating_second_allocates_though_it_sees_no_soviet_box(shipped):
    german = Seat(Player.GERMAN, "greedy", "normal")
    session = computer_game(shipped, german)
    session.apply_default_setup()
    assert not play_until_human(session, german)  # 4.3 step 1: the Soviet side first
    assert human_acts(session, german, "soviet").applied
    assert computer_to_move(session, german)
    moves = play_until_human(session, german)
    assert moves and isinstance(moves[0].action, AllocateAir)
    assert moves[0].action.player is Player.GERMAN
    assert Player.GERMAN in session.state.air.allocated
