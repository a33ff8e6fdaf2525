"""Issue 36, defect 5: one lock per game file, whatever name reaches it (docs/pbem-format.md,
"Writing the file"). The lock is the file's own, so a symbolic link or a hard link to a game
open elsewhere is refused; the file locked is the file read and appended to, so a game
replaced behind the lock's back receives no entry; a new game never replaces a file made
meanwhile."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import sys
from pathlib import Path

import pytest

from owsqt.cli.main import main
from owsqt.journal.lock import JournalLocked, JournalReplaced
from owsqt.journal.textformat import parse
from owsqt.rules.core.actions import RollDice
from owsqt.rules.core.verdict import Mode
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.session import GameSession, new_game, open_journal
from owsqt.session import checkpoint as checkpoints

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX links and fork")


def local_game(path: Path, rolls: int = 1, seed: int = 1) -> GameSession:
    """A local free game of `rolls` open rolls at `path`, still open (its lock held)."""
    session = new_game(default_ruleset(), "we-are-coming", Mode.FREE, seed=seed, path=path)
    for number in range(1, rolls + 1):
        session.submit(RollDice(purpose=f"roll {number}"))
    return session


def purposes(path: Path) -> list[str]:
    """The purposes of the rolls the file holds, in order."""
    return [e.action["purpose"] for e in parse(path.read_text()).entries if e.action]


def act(path: Path, purpose: str) -> int:
    return main(["act", str(path), f'{{"kind": "roll", "purpose": "{purpose}"}}'])


@pytest.mark.parametrize("link", ["symbolic", "hard"])
def test_issue_36_5_a_game_open_is_refused_through_any_link_to_it(tmp_path, capsys, link):
    path = tmp_path / "game.owsg"
    desktop = local_game(path)
    other = tmp_path / "other.owsg"
    if link == "symbolic":
        other.symlink_to(path)
    else:
        os.link(path, other)
    before = path.read_bytes()
    with pytest.raises(JournalLocked, match=r"other.owsg is open in this owsqt already"):
        open_journal(default_ruleset(), other)
    assert act(other, "through the link") == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line == (
        f"owsqt: {other}: other.owsg is open in this owsqt already (process {os.getpid()}); "
        "close it there first"
    )
    assert path.read_bytes() == before
    desktop.submit(RollDice(purpose="roll 2"))  # the holder goes on, alone
    desktop.close()
    assert purposes(path) == ["roll 1", "roll 2"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.owsg", "other.owsg"]


def _act_at_once(path: Path, purpose: str, start, report: Path) -> None:
    """In a forked process: wait for the other, then `owsqt act`, its output in `report`."""
    with open(report, "w") as out, contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        start.wait()
        code = act(path, purpose)
        out.flush()
    os._exit(code)


@pytest.mark.parametrize("link", ["symbolic", "hard"])
def test_issue_36_5_two_act_racing_through_two_names_lose_no_acknowledged_action(tmp_path, link):
    path = tmp_path / "game.owsg"
    local_game(path).close()
    other = tmp_path / "other.owsg"
    if link == "symbolic":
        other.symlink_to(path)
    else:
        os.link(path, other)
    fork = multiprocessing.get_context("fork")
    acknowledged = ["roll 1"]
    for round_ in range(8):
        start = fork.Barrier(2)
        racers = []
        for name, where in (("a", path), ("b", other)):
            report = tmp_path / f"report-{round_}-{name}.txt"
            purpose = f"round {round_} {name}"
            process = fork.Process(target=_act_at_once, args=(where, purpose, start, report))
            process.start()
            racers.append((process, purpose, report))
        for process, purpose, report in racers:
            process.join(120)
            said = report.read_text()
            report.unlink()
            if process.exitcode == 0:
                acknowledged.append(purpose)
            else:  # refused at once, in one line, by the lock: nothing else
                assert process.exitcode == 2, said
                (line,) = said.splitlines()
                # the holder's number when /proc/locks still shows it: it may have let go since
                assert "is open in another owsqt" in line and line.count("\n") == 0, line
        assert sorted(purposes(path)) == sorted(acknowledged), round_
    assert len(acknowledged) > 8  # one of each round at least
    assert main(["verify", str(path)]) == 0


def test_issue_36_5_a_game_replaced_between_act_s_read_and_its_append_gets_no_entry(
    tmp_path, capsys, monkeypatch
):
    path = tmp_path / "game.owsg"
    local_game(path, rolls=2).close()
    intruder = tmp_path / "intruder.owsg"
    local_game(intruder, rolls=1, seed=9).close()
    replacement = intruder.read_bytes()
    real_read = checkpoints.read_journal

    def read_then_replace(source):
        text = real_read(source)
        os.replace(intruder, path)  # another program puts another file at the name
        return text

    monkeypatch.setattr(checkpoints, "read_journal", read_then_replace)
    assert act(path, "roll 3") == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line == (
        f"owsqt: {path}: game.owsg was replaced by another file since it was opened (not by "
        "this owsqt); nothing was written to it"
    )
    assert path.read_bytes() == replacement  # the file put there is left as it is


def test_issue_36_5_a_game_replaced_while_open_gets_no_entry_and_goes_on_unsaved(tmp_path):
    path = tmp_path / "game.owsg"
    desktop = local_game(path, rolls=2)
    intruder = tmp_path / "intruder.owsg"
    local_game(intruder, rolls=1, seed=9).close()
    replacement = intruder.read_bytes()
    os.replace(intruder, path)
    with pytest.raises(JournalReplaced, match=r"game\.owsg was replaced by another file"):
        desktop.submit(RollDice(purpose="roll 3"))
    assert path.read_bytes() == replacement
    assert desktop.lost == path and desktop.path is None  # it writes nothing more there
    desktop.submit(RollDice(purpose="roll 3"))  # the game goes on in memory, unsaved
    assert [e.action["purpose"] for e in desktop.entries] == ["roll 1", "roll 2", "roll 3"]
    desktop.save_as(tmp_path / "kept.owsg")
    desktop.close()
    assert purposes(tmp_path / "kept.owsg") == ["roll 1", "roll 2", "roll 3"]


def test_issue_36_5_new_never_replaces_a_game_made_meanwhile(tmp_path, capsys, monkeypatch):
    out = tmp_path / "game.owsg"
    real_setup = GameSession.apply_default_setup

    def set_up_while_another_game_is_made(session):
        real_setup(session)
        meanwhile = local_game(out, rolls=2, seed=7)  # made and played after the name's check
        meanwhile.close()

    monkeypatch.setattr(GameSession, "apply_default_setup", set_up_while_another_game_is_made)
    assert main(["new", "--scenario", "we-are-coming", "--out", str(out)]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line == f"owsqt: --out {out}: exists already; choose another name"
    assert purposes(out) == ["roll 1", "roll 2"] and main(["verify", str(out)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.owsg"]  # no file left over


def test_issue_36_5_new_makes_no_game_through_a_link_standing_at_its_name(tmp_path, capsys):
    victim = tmp_path / "notes.txt"
    out = tmp_path / "game.owsg"
    out.symlink_to(victim)  # dangling: a link to a file not made yet
    assert main(["new", "--scenario", "we-are-coming", "--out", str(out)]) == 2
    assert "exists already" in capsys.readouterr().err
    assert not victim.exists() and out.is_symlink()


def test_issue_36_5_a_file_system_that_cannot_lock_is_said_not_taken_for_a_holder(
    tmp_path, capsys, monkeypatch
):
    import errno
    import fcntl

    path = tmp_path / "game.owsg"
    local_game(path).close()
    before = path.read_bytes()

    def cannot(descriptor, operation):
        raise OSError(errno.ENOLCK, os.strerror(errno.ENOLCK))

    monkeypatch.setattr(fcntl, "flock", cannot)  # as on some network shares
    assert act(path, "roll 2") == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line == f"owsqt: {path}: game.owsg cannot be locked here: {os.strerror(errno.ENOLCK)}"
    assert path.read_bytes() == before
