"""The command line against the computer (issue 38, item 5): `owsqt new --computer SIDE`,
`owsqt act` letting the computer play until the human must act, its moves printed with
their reasons, and `owsqt replay` showing them."""

from __future__ import annotations

import json

import pytest

from owsqt.cli.main import main
from owsqt.journal.textformat import parse
from owsqt.session.seat import by_computer
from tests.session.computerkit import computer_game

GERMAN_ALLOCATION = '{"kind": "allocate_air", "player": "german", "missions": {}}'
SOVIET_ALLOCATION = '{"kind": "allocate_air", "player": "soviet", "missions": {}}'


def new(path, *more: str) -> int:
    arguments = ["new", "--scenario", "we-are-coming", "--seed", "3", "--out", str(path)]
    return main([*arguments, *more])


def test_i38_5_new_seats_the_computer_sets_both_sides_up_and_prints_its_moves(tmp_path, capsys):
    path = tmp_path / "game.owsg"
    assert new(path, "--computer", "soviet") == 0
    out = capsys.readouterr().out.splitlines()
    parsed = parse(path.read_text())
    header = parsed.header
    assert (header.play, header.computer) == ("computer", "soviet heuristic normal")
    last = parsed.entries[-1]
    assert by_computer(last)  # 4.3 step 1: the Soviet allocation, the computer's
    assert out[1:] == [
        f"entry {last.number} (the computer)",
        "  Soviet air units allocated to missions (4.3 step 1)",
        f"  The computer (heuristic, normal), Soviet: {last.field('computer').split(': ', 1)[1]}",
    ]


def test_i38_5_new_takes_the_player_and_its_level(tmp_path, capsys):
    path = tmp_path / "game.owsg"
    assert new(path, "--computer", "german", "--player", "random", "--level", "easy") == 0
    assert parse(path.read_text()).header.computer == "german random easy"
    assert "(the computer)" not in capsys.readouterr().out  # 4.3: the Soviet human first


@pytest.mark.parametrize(
    ("more", "why"),
    [
        (["--computer", "soviet", "--play", "hot-seat"], "is no hot-seat game"),
        (["--computer", "soviet", "--empty"], "leave out --empty"),
        (["--level", "easy"], "--player and --level: only with --computer SIDE"),
    ],
)
def test_i38_5_new_refuses_a_computer_where_it_cannot_play_in_one_line(tmp_path, capsys, more, why):
    path = tmp_path / "game.owsg"
    assert new(path, *more) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and why in err[0]
    assert not path.exists()


def test_i38_5_act_refuses_the_computer_s_side_and_then_the_computer_answers(tmp_path, capsys):
    path = tmp_path / "game.owsg"
    assert new(path, "--computer", "german") == 0
    capsys.readouterr()
    assert main(["act", str(path), GERMAN_ALLOCATION]) == 1
    assert "the German side is the computer's to play" in capsys.readouterr().out
    assert main(["act", str(path), SOVIET_ALLOCATION, "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    entries = parse(path.read_text()).entries
    human = result["entry"]
    assert result["applied"] and not by_computer(entries[human - 1])
    answer = result["computer"]
    assert [move["entry"] for move in answer] == list(range(human + 1, len(entries) + 1))
    assert all(by_computer(entry) for entry in entries[human:])
    assert answer[0]["events"] == ["German air units allocated to missions (4.3 step 2)"]
    assert all(
        move["reason"].startswith("The computer (heuristic, normal), German: ") for move in answer
    )
    last = answer[-1]
    assert main(["replay", str(path)]) == 0
    assert f"#{last['entry']}: {last['reason']}" in capsys.readouterr().out
    assert main(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["computer"] == last["reason"]
    assert main(["replay", str(path), "--as", "soviet", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["computer"] == last["reason"]
    assert main(["verify", str(path)]) == 0


def test_i38_5_act_lets_a_computer_still_to_move_play_first(shipped, tmp_path, capsys):
    path = tmp_path / "game.owsg"
    session = computer_game(shipped, path=path)  # saved at the table before it moved
    session.apply_default_setup()
    session.close()
    assert main(["act", str(path), GERMAN_ALLOCATION, "--json"]) == 0  # 4.3 step 2
    result = json.loads(capsys.readouterr().out)
    earlier = result["computer"][0]
    assert earlier["entry"] == result["entry"] - 1  # 4.3 step 1, before the human's
    assert earlier["events"] == ["Soviet air units allocated to missions (4.3 step 1)"]
