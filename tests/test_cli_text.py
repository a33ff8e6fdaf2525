"""Issue 36: what the command line takes in it can write back (item 6), and what it prints of
a file, or of a file's name, cannot drive the terminal (item 4): `owsqt act`, `verify` and
`replay` (docs/pbem-format.md, "Text and the terminal")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from owsqt.cli.errors import say, say_json, shorten
from owsqt.cli.main import main


@pytest.fixture
def game(tmp_path) -> Path:
    path = tmp_path / "game.owsg"
    assert main(["new", "--scenario", "we-are-coming", "--seed", "7", "--empty", "--out",
                 str(path)]) == 0  # fmt: skip
    return path


@pytest.mark.parametrize(
    ("purpose", "said"),
    [
        ("initiative\n= German die roll (initiative): 1", r"the character \u000a"),
        ("x" * 70_000, "expected text of at most 200 characters, found 70,000"),
        ("\x1b[2J", r"the character \u001b"),
    ],
)
def test_i36_6_a_roll_that_would_brick_the_game_is_refused_and_the_game_reads(
    game, capsys, purpose, said
):
    before = game.read_text()
    capsys.readouterr()
    action = json.dumps({"kind": "roll", "purpose": purpose})
    assert main(["act", str(game), action]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert captured.err.startswith("owsqt: the action: cannot be read: roll.purpose: expected ")
    assert said in captured.err and "\x1b" not in captured.err
    assert game.read_text() == before
    assert main(["act", str(game), '{"kind": "roll", "purpose": "initiative"}']) == 0
    assert main(["verify", str(game)]) == 0
    assert main(["replay", str(game)]) == 0


def test_i36_4_a_hostile_file_name_is_printed_escaped(game, tmp_path, capsys):
    """The name of an e-mailed file is its sender's to choose."""
    hostile = tmp_path / "game\x1b]0;owned\x07\u202eexe.owsg"
    hostile.write_text(game.read_text())
    shown = str(tmp_path / "game\\u001b]0;owned\\u0007\\u202eexe.owsg")
    capsys.readouterr()
    assert main(["verify", str(hostile)]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith(f"{shown}: VALID\n")
    hostile.write_text(game.read_text().replace("owsqt journal 2", "owsqt journal 9"))
    assert main(["verify", str(hostile)]) == 2
    captured = capsys.readouterr()
    assert captured.out == f"{shown}: TAMPERED OR UNREADABLE\n"
    assert captured.err.startswith(f"owsqt: {shown}: line 1: ")
    for raw in ("\x1b", "\x07", "\u202e"):
        assert raw not in printed + captured.out + captured.err


def test_i36_4_every_printed_line_is_escaped_by_one_helper(capsys):
    say("a\x1b[31mred\x9b0m \u2028line")
    say_json({"narration": ["\x85next\u202e", "é"]}, ensure_ascii=False, indent=1)
    out = capsys.readouterr().out
    assert out.split("\n")[0] == "a\\u001b[31mred\\u009b0m \\u2028line"
    assert json.loads(out.split("\n", 1)[1]) == {"narration": ["\x85next\u202e", "é"]}
    assert "\x85" not in out and "\u202e" not in out
    assert shorten("owsqt: bad \x1b[2J input") == "owsqt: bad \\u001b[2J input"
