"""Issue 36, defects 7 and 8: the checkpoint beside a game (docs/pbem-format.md, "The
checkpoint") is a side file anyone who can write the folder can plant. It is read only when
it is a regular file of a bounded size, never through a link, never from a pipe or a device;
written through a new file of a random name; never believed over the journal it covers (a
valid MAC with a false state is not enough); stale when a scenario file changes; and used by
a game whose file has CRLF line endings."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from owsqt.cli.main import main
from owsqt.journal.identity import Identity
from owsqt.journal.textformat import parse
from owsqt.rules.core.actions import RollDice
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.session import checkpoint as checkpoints
from owsqt.session import game_from_text
from owsqt.session.checkpoint import checkpoint_path, open_game, save_checkpoint
from tests.conftest import REPO
from tests.journal.test_lock_identity import act, local_game, purposes
from tests.session.test_checkpoint import played, resumed

MEMORY = 512 << 20


def checkpointed(tmp_path: Path, rolls: int = 3) -> Path:
    """A local game of `rolls` open rolls of We are coming! with its checkpoint, closed."""
    path = tmp_path / "game.owsg"
    session = local_game(path, rolls=rolls)
    save_checkpoint(session)
    session.close()
    return path


def run_act(path: Path, purpose: str) -> subprocess.CompletedProcess[str]:
    """`owsqt act` on `path` in a process of its own, given 60 s and 512 MiB of memory (it
    needs about 250): an act that reads forever, or reads a huge file whole, fails the test
    instead of hanging it or taking the machine's memory."""
    import resource

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))

    return subprocess.run(
        [
            sys.executable,
            "-m",
            "owsqt",
            "act",
            str(path),
            f'{{"kind": "roll", "purpose": "{purpose}"}}',
        ],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        preexec_fn=limited,
    )


# --- defect 7: the checkpoint read bounded, never through a link, a pipe or a device -------


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX pipes, devices and links")
@pytest.mark.parametrize("plant", ["pipe", "/dev/zero", "300 MB"])
def test_issue_36_7_act_does_not_wait_on_nor_swallow_a_planted_checkpoint(tmp_path, plant):
    path = checkpointed(tmp_path)
    cache = checkpoint_path(path)
    cache.unlink()
    if plant == "pipe":
        os.mkfifo(cache)  # a read would wait for a writer forever, the game locked
    elif plant == "/dev/zero":
        cache.symlink_to("/dev/zero")  # a read would never end
    else:
        with open(cache, "wb") as sparse:  # 300 MB that take no room on the disk
            sparse.truncate(300 << 20)
    done = run_act(path, "roll 4")
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    assert done.stdout.startswith("entry 4\n")
    assert purposes(path) == ["roll 1", "roll 2", "roll 3", "roll 4"]
    assert cache.is_file() and not cache.is_symlink()  # replaced by a checkpoint of its own
    session, up_to_date = open_game(default_ruleset(), path)
    assert resumed(session) and up_to_date
    session.close()


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX links")
def test_issue_36_7_a_checkpoint_is_never_written_through_a_link_at_its_temporary(tmp_path):
    path = tmp_path / "game.owsg"
    session = local_game(path, rolls=2)
    victim = tmp_path / "notes.txt"
    victim.write_text("the player's own notes\n")
    cache = checkpoint_path(path)
    for name in (f"{cache.name}.{os.getpid()}", f"{cache.name}.tmp", cache.name + "~"):
        (tmp_path / name).symlink_to(victim)  # where a temporary of a name foreseen would go
    save_checkpoint(session)
    session.close()
    assert victim.read_text() == "the player's own notes\n"
    assert cache.is_file() and not cache.is_symlink()
    again, up_to_date = open_game(default_ruleset(), path)
    assert resumed(again) and up_to_date
    again.close()


# --- defect 7: a checkpoint is never believed over the journal ----------------------------


def forge(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    """Change the checkpoint's body and sign it again with this computer's key, as whoever
    holds the key (a hot-seat opponent at the same computer) can."""
    cache = checkpoint_path(path)
    data = json.loads(cache.read_text().partition("\n")[2])
    change(data)
    body = json.dumps(data, separators=(",", ":"))
    cache.write_text(f"{checkpoints._mac(body, Identity.load_or_create())}\n{body}")


def _one_die_more(data: dict[str, Any]) -> None:
    data["state"]["dice"]["rolls_made"] += 1


def _another_seed(data: dict[str, Any]) -> None:
    data["state"]["dice"]["seed"] += 1


def _a_later_turn(data: dict[str, Any]) -> None:
    data["state"]["turn"] += 1
    data["phases"][-1][0] += 1


def test_issue_36_7_a_forged_dice_count_with_a_valid_mac_makes_act_write_no_false_die(
    tmp_path, capsys
):
    path = checkpointed(tmp_path)
    forge(path, _one_die_more)
    assert act(path, "roll 4") == 0
    said = capsys.readouterr().out.splitlines()
    replayed = game_from_text(default_ruleset(), path.read_text())  # the journal decides
    assert said[1] == f"  {replayed.entries[-1].narration[0]}"  # the die the journal gives
    assert main(["verify", str(path)]) == 0
    assert "VALID" in capsys.readouterr().out


@pytest.mark.parametrize("change", [_one_die_more, _another_seed, _a_later_turn])
def test_issue_36_7_a_forged_checkpoint_with_a_valid_mac_is_not_resumed_from(tmp_path, change):
    path = checkpointed(tmp_path)
    forge(path, change)
    session, up_to_date = open_game(default_ruleset(), path)
    assert not resumed(session) and not up_to_date  # replayed whole: the journal decides
    assert session.state == game_from_text(default_ruleset(), path.read_text()).state
    assert session.state.dice.rolls_made == 3 and session.state.turn == 1
    session.close()


def test_issue_36_7_a_change_to_a_scenario_file_makes_the_checkpoint_stale(tmp_path, monkeypatch):
    scenarios = tmp_path / "scenarios"
    scenarios.mkdir()
    (scenarios / "we-are-coming.yaml").write_text("id: we-are-coming\n")
    monkeypatch.setattr(checkpoints, "scenarios_dir", lambda: scenarios)
    checkpoints.rules_key.cache_clear()
    before = checkpoints.rules_key()
    (scenarios / "we-are-coming.yaml").write_text("id: we-are-coming\nlast_turn: 9\n")
    checkpoints.rules_key.cache_clear()
    try:
        assert checkpoints.rules_key() != before
    finally:
        monkeypatch.undo()
        checkpoints.rules_key.cache_clear()


# --- defect 8: a CRLF game reuses its checkpoint ------------------------------------------


def test_issue_36_8_a_game_with_crlf_line_endings_reuses_its_checkpoint(ruleset, tmp_path):
    path, played_session = played(ruleset, tmp_path)
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))  # as a mail program wrote it
    session, up_to_date = open_game(ruleset, path)
    assert resumed(session) and up_to_date and session.state == played_session.state
    session.submit(RollDice(purpose="after the mail"))
    save_checkpoint(session)
    session.close()
    again, up_to_date = open_game(ruleset, path)  # the next act: the checkpoint holds
    assert resumed(again) and up_to_date
    assert again.state == game_from_text(ruleset, path.read_text()).state
    again.close()
    assert len(parse(path.read_text()).entries) == 5
