"""The command line starts light (issue 20): `owsqt --version` and `--help` import neither Qt
nor the rules' heavy libraries; each command imports what it needs when it runs. And the
help says what a player must know: the scenario ids, the new flags."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from owsqt.cli.headlessargs import PLAYS
from owsqt.cli.main import main
from owsqt.journal.textformat import Play
from owsqt.rules.scenario.ruleset import default_ruleset

HEAVY = ("PySide6", "shapely", "numpy", "yaml", "cryptography", "owsqt.rules.engine")


def modules_after(*arguments: str) -> set[str]:
    """The modules loaded once `owsqt ARGUMENTS` has run, in a fresh interpreter."""
    probe = (
        "import sys, json\n"
        "from owsqt.cli.main import main\n"
        "try:\n"
        f"    main({list(arguments)!r})\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return set(json.loads(done.stdout.splitlines()[-1]))


@pytest.mark.parametrize("arguments", [("--version",), ("--help",), ("table", "--help")])
def test_the_version_and_the_help_import_no_heavy_module(arguments):
    loaded = modules_after(*arguments)
    heavy = sorted(m for m in loaded if m.split(".")[0] in HEAVY or m in HEAVY)
    assert heavy == []


def test_new_help_lists_every_scenario_id_with_its_title(capsys):
    with pytest.raises(SystemExit):
        main(["new", "--help"])
    out = capsys.readouterr().out
    for key, scenario in default_ruleset().scenarios.items():
        assert f"  {key}  " in out and scenario.title in out
    assert "strict: broken rules refused" in out


def test_screenshot_help_names_the_saved_game_and_the_entry(capsys):
    with pytest.raises(SystemExit):
        main(["screenshot", "--help"])
    out = capsys.readouterr().out
    assert "FILE" in out and "--entry N" in out and "--scenario" in out


def test_the_local_plays_offered_are_the_journals_own():
    assert set(PLAYS) == {Play.SOLITAIRE.value, Play.HOT_SEAT.value}


def test_screenshot_wants_a_file_or_a_scenario(tmp_path, capsys):
    assert main(["screenshot", "--out", str(tmp_path / "x.png")]) == 2
    assert "name one: a saved game FILE, or --scenario" in capsys.readouterr().err


def test_act_writes_a_checkpoint_that_the_next_act_resumes_from(tmp_path, capsys, monkeypatch):
    from owsqt.session import checkpoint, open_journal
    from owsqt.session.checkpoint import checkpoint_path

    game = tmp_path / "game.owsg"
    assert main(["new", "--scenario", "we-are-coming", "--mode", "free", "--seed", "3",
                 "--out", str(game)]) == 0  # fmt: skip
    roll = '{"kind": "roll", "purpose": "check"}'
    assert main(["act", str(game), roll]) == 0
    assert checkpoint_path(game).is_file()

    def no_replay(*args, **kwargs):
        raise AssertionError("the journal was replayed whole")

    with monkeypatch.context() as patch:
        patch.setattr(checkpoint, "open_journal", no_replay)
        assert main(["act", str(game), roll, "--json"]) == 0
    capsys.readouterr()
    assert main(["act", str(game), roll, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["entry"] == len(open_journal(
        default_ruleset(), game).entries)  # fmt: skip
    checkpoint_path(game).write_text("spoilt")
    assert main(["act", str(game), roll]) == 0  # ignored, replayed whole and rewritten
    assert checkpoint_path(game).read_text() != "spoilt"
    assert main(["verify", str(game)]) == 0


def test_the_cli_benchmarks_long_game_is_a_valid_game_of_its_length(tmp_path):
    from bench.bench_cli import long_game
    from owsqt.session import open_journal

    path = tmp_path / "long.owsg"
    long_game(default_ruleset(), path, entries=120)
    assert len(open_journal(default_ruleset(), path).entries) == 120
