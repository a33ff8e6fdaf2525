"""Undo against the computer (issue 38, item 5): the human takes back his own last action
with the computer's moves after it, as the history allows (never across a die outside FREE
play); never a computer's move alone, and the computer's moves are not redone."""

from __future__ import annotations

import pytest

from owsqt.journal.identity import Identity
from owsqt.journal.textformat import JournalError
from owsqt.rules.core.verdict import Mode
from owsqt.session import open_journal
from owsqt.session.computer import (
    computer_to_move,
    play_until_human,
    take_back,
    why_not_take_back,
)
from owsqt.session.seat import Seat, by_computer
from tests.session.computerkit import SOVIET, computer_game, human_acts


def until_the_computer_answers(session, seat: Seat = SOVIET) -> int:
    """Play the random human until an action of his is answered by the computer's moves;
    the number of the human's entry."""
    for turn in range(400):
        play_until_human(session, seat)
        assert human_acts(session, seat, f"human:{turn}").applied
        human = len(session.entries)
        if play_until_human(session, seat):
            return human
    raise AssertionError("the computer never answered the human")


def test_i38_5_undo_takes_back_the_human_s_action_and_the_computer_s_answer(shipped):
    session = computer_game(shipped, SOVIET, mode=Mode.FREE)
    session.apply_default_setup()
    human = until_the_computer_answers(session)
    answer = list(range(human + 1, len(session.entries) + 1))
    assert answer and all(by_computer(session.entries[n - 1]) for n in answer)
    state = session.state_after(human - 1)
    assert why_not_take_back(session) is None
    undone = take_back(session)
    assert [applied.entry for applied in undone] == [*reversed(answer), human]
    assert session.state == state  # as before the human's action
    assert not play_until_human(session, SOVIET)  # his to play again, as before
    assert session.entries[-1].kind.value == "undo"


def test_i38_5_a_computer_s_move_alone_is_never_undone_nor_redone(shipped):
    session = computer_game(shipped, SOVIET, mode=Mode.FREE)
    session.apply_default_setup()
    until_the_computer_answers(session)
    assert session.why_not_undo() == (
        "the computer's move is taken back only with your action before it (take back your "
        "last action)"
    )
    with pytest.raises(ValueError, match="only with your action before it"):
        session.undo()
    take_back(session)
    assert session.why_not_redo() is None  # the human's own action is redone
    session.redo()
    assert session.why_not_redo() == "the computer's move is not redone: it plays again by itself"
    with pytest.raises(ValueError, match="it plays again by itself"):
        session.redo()


def test_i38_5_a_human_s_action_no_computer_answered_is_taken_back_alone(shipped):
    session = computer_game(shipped, SOVIET)
    session.apply_default_setup()
    play_until_human(session, SOVIET)  # 4.3: the Soviet allocation
    assert human_acts(session, SOVIET, "one").applied  # the German allocation: no die
    assert not computer_to_move(session, SOVIET)
    entries = len(session.entries)
    assert [applied.entry for applied in take_back(session)] == [entries]


def test_i38_5_strict_play_never_takes_back_across_a_die(shipped):
    session = computer_game(shipped, SOVIET)
    session.apply_default_setup()
    play_until_human(session, SOVIET)
    for turn in range(200):
        assert human_acts(session, SOVIET, f"human:{turn}").applied
        play_until_human(session, SOVIET)
        reason = why_not_take_back(session)
        if reason is not None and reason.endswith("cannot be taken back: it rolled the die"):
            break
    else:
        raise AssertionError("no die was rolled in 200 actions")
    entries = len(session.entries)
    with pytest.raises(ValueError, match="it rolled the die"):
        take_back(session)
    assert len(session.entries) == entries  # nothing taken back


def test_i38_5_the_human_s_set_up_ending_his_step_is_not_taken_back_in_strict_play(
    shipped,
):
    session = computer_game(shipped, SOVIET)
    session.apply_default_setup()  # 19.11: the Soviet computer, then the German human
    assert why_not_take_back(session) == (
        "your last action cannot be taken back: the active player changed"
    )


def test_i38_5_nothing_to_take_back_before_the_human_has_acted(shipped):
    session = computer_game(shipped, SOVIET, mode=Mode.FREE)
    assert why_not_take_back(session) == "there is no action of yours to take back"
    with pytest.raises(ValueError, match="no action of yours"):
        take_back(session)


def test_i38_5_a_file_that_takes_back_a_computer_s_move_alone_is_refused(shipped, tmp_path):
    """The cheat of a hand-edited file: the computer's last move undone without the human's
    action before it, and another action of the human's in its place."""
    path = tmp_path / "alone.owsg"
    session = computer_game(shipped, SOVIET, mode=Mode.FREE, path=path)
    session.apply_default_setup()
    until_the_computer_answers(session)
    computer = len(session.entries)
    with session.players.taking_back():  # what only take_back may do
        session.undo()
    assert human_acts(session, SOVIET, "instead").applied
    session.close()
    with pytest.raises(JournalError) as refused:
        open_journal(shipped, path, identity=Identity.generate())
    message = str(refused.value)
    assert f"the computer's move #{computer} was taken back without your action" in message
    assert "\n" not in message


def test_i38_5_a_file_with_a_whole_take_back_reopens_and_goes_on(shipped, tmp_path):
    path = tmp_path / "whole.owsg"
    session = computer_game(shipped, SOVIET, mode=Mode.FREE, path=path)
    session.apply_default_setup()
    until_the_computer_answers(session)
    take_back(session)
    assert human_acts(session, SOVIET, "instead").applied
    entries = len(session.entries)
    session.close()
    again = open_journal(shipped, path, identity=Identity.generate())
    assert len(again.entries) == entries
    again.close()
