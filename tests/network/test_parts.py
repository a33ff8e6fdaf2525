"""The game file in room events (owsqt/network/parts.py): a part cut into pieces small enough
for a homeserver and put together again, whatever order the pieces come in, each taken once;
a piece that is not one as owsqt sends it is refused in one line."""

from __future__ import annotations

import random

import pytest

from owsqt.network.parts import (
    PIECE_CHARS,
    Assembly,
    PartError,
    pieces_of,
    read_piece,
)

GAME = "ab" * 16


def test_40_a_part_goes_in_pieces_and_comes_back_whole_in_any_order():
    text = "".join(random.Random(1).choice("abc½\n") for _ in range(3 * PIECE_CHARS + 17))
    pieces = pieces_of(GAME, 12, text)
    assert len(pieces) == 4 and all(len(p.text) <= PIECE_CHARS for p in pieces)
    assembly = Assembly(GAME)
    shuffled = [read_piece(p.content()) for p in pieces]
    random.Random(2).shuffle(shuffled)
    for piece in shuffled[:-1]:
        assembly.take(piece)
        assembly.take(piece)  # a homeserver may repeat an event: taken once
    assert assembly.whole(12) is None  # not whole yet
    assembly.take(shuffled[-1])
    assert assembly.whole(12) == text
    assert assembly.whole(11) is None  # a part follows a given entry only
    assembly.forget(12)
    assert assembly.whole(12) is None


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"v": 2}, "version 2"),
        ({"base": "12"}, "'base' is '12'"),
        ({"seq": 5, "of": 2}, "numbered 5 of 2"),
        ({"text": "x" * (PIECE_CHARS + 1)}, "characters"),
        ({"game": None}, "'game' is None"),
    ],
)
def test_40_a_piece_not_as_owsqt_sends_it_is_refused_in_one_line(change, says):
    content = {**pieces_of(GAME, 12, "entry text")[0].content(), **change}
    with pytest.raises(PartError, match=says):
        read_piece(content)


def test_40_two_different_pieces_for_one_place_or_another_game_are_refused():
    assembly = Assembly(GAME)
    (piece,) = pieces_of(GAME, 3, "honest")
    assembly.take(piece)
    (other,) = pieces_of(GAME, 3, "forged")
    with pytest.raises(PartError, match="two different pieces 0 of the part after entry 3"):
        assembly.take(other)
    (elsewhere,) = pieces_of("cd" * 16, 3, "honest")
    with pytest.raises(PartError, match="not of this game"):
        assembly.take(elsewhere)


def test_40_a_part_refused_whole_waits_for_a_piece_sent_again_which_replaces_its_own():
    assembly = Assembly(GAME)
    honest = "a" * PIECE_CHARS + "honest"
    changed = "a" * PIECE_CHARS + "forged"
    for piece in pieces_of(GAME, 7, changed):
        assembly.take(piece)
    assert assembly.whole(7) == changed
    assembly.refuse(7, changed)  # the import refused it
    assert assembly.whole(7) is None  # not taken in twice
    # sent again: the first piece, unchanged, the homeserver keeps once; the second comes
    _, second = pieces_of(GAME, 7, honest)
    assembly.take(second)
    assert assembly.whole(7) == honest
