"""Writing game files (docs/pbem-format.md, "Writing the file"): one writer at a time, an
append that reaches the disk whole or not at all, renames forced to the disk, and a file torn
in the middle of its last entry recovered to its whole entries."""

from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from owsqt.journal.lock import JournalLock, JournalLocked
from owsqt.journal.recovery import TornJournal, find_tear
from owsqt.journal.store import JournalWriteFailed
from owsqt.journal.textformat import JournalError, parse
from owsqt.rules.core.actions import RollDice
from owsqt.session import GameSession, new_game, open_journal, recover_game
from owsqt.session.checkpoint import checkpoint_path, open_game, save_checkpoint
from tests.conftest import REPO
from tests.session.test_game import new_session


def roll(number: int) -> RollDice:
    """An action told apart from every other by its purpose, which its entry narrates."""
    return RollDice(purpose=f"action {number}")


def game(ruleset, path: Path, actions: int = 2) -> GameSession:
    session = new_session(ruleset, path=path)
    for number in range(1, actions + 1):
        session.submit(roll(number))
    return session


def rolls_in(path: Path) -> list[str]:
    """The purposes of the rolls the file holds, in order."""
    return [entry.action["purpose"] for entry in parse(path.read_text()).entries if entry.action]


# --- defect 1: one writer at a time -------------------------------------------------------


def test_defect_1_a_second_writer_of_an_open_game_is_refused_and_changes_nothing(ruleset, tmp_path):
    path = tmp_path / "game.owsg"
    first = game(ruleset, path)
    before = path.read_bytes()
    with pytest.raises(JournalError, match=r"game.owsg is open in .*\(process \d+\)"):
        open_journal(ruleset, path)
    other = new_session(ruleset)
    with pytest.raises(JournalLocked):
        other.save_as(path)  # a Save As onto it is refused too, before anything is written
    assert path.read_bytes() == before and other.path is None
    first.submit(roll(3))  # the first writer goes on
    assert rolls_in(path) == ["action 1", "action 2", "action 3"]
    first.close()
    assert [file.name for file in tmp_path.iterdir()] == ["game.owsg"]  # no lock file
    second = open_journal(ruleset, path)  # let go: the next one may write
    second.submit(roll(4))
    second.close()
    assert rolls_in(path)[-1] == "action 4"


def test_defect_1_the_checkpoint_writer_takes_the_lock_before_it_reads(ruleset, tmp_path):
    path = tmp_path / "game.owsg"
    first = game(ruleset, path)
    with pytest.raises(JournalLocked):
        open_game(ruleset, path)  # what `owsqt act` opens the game with
    first.close()
    session, _ = open_game(ruleset, path)
    with pytest.raises(JournalLocked):
        open_game(ruleset, path)  # and a game resumed or replayed by it holds the lock
    save_checkpoint(session)
    session.close()
    assert checkpoint_path(path).exists()


def test_defect_1_owsqt_act_on_a_game_open_in_the_desktop_is_refused_in_one_line(tmp_path):
    from owsqt.rules.core.verdict import Mode
    from owsqt.rules.scenario.ruleset import default_ruleset

    path = tmp_path / "game.owsg"
    desktop = new_game(default_ruleset(), "we-are-coming", Mode.FREE, seed=1, path=path)
    desktop.submit(roll(1))
    before = path.read_bytes()
    done = subprocess.run(
        [sys.executable, "-m", "owsqt", "act", str(path), '{"kind": "roll", "purpose": "x"}'],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        timeout=120,
    )
    desktop.close()
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"owsqt: {path}: game.owsg is open in another owsqt (process {os.getpid()}); "
        "close it there first"
    ]
    assert path.read_bytes() == before


def test_a_game_that_cannot_be_locked_is_said_in_one_line(ruleset, tmp_path):
    with pytest.raises(JournalError, match=r"game.owsg: does not exist \(nor its folder\)$"):
        open_journal(ruleset, tmp_path / "missing" / "game.owsg")
    with pytest.raises(JournalError, match=r"game.owsg: does not exist$"):
        open_journal(ruleset, tmp_path / "game.owsg")
    assert not list(tmp_path.iterdir())  # no lock file left behind


# --- defect 2: an append reaches the disk whole, or the file is cut back ------------------


def _journal_descriptor(path: Path):
    """A test of whether a descriptor is the game file's (by its inode)."""
    inode = path.stat().st_ino
    return lambda descriptor: os.fstat(descriptor).st_ino == inode


def test_defect_2_a_write_that_stops_half_way_is_cut_back_and_the_game_goes_on_unsaved(
    ruleset, tmp_path, monkeypatch
):
    path = tmp_path / "game.owsg"
    session = game(ruleset, path)
    before, state, entries = path.read_bytes(), session.state, session.entries
    is_journal = _journal_descriptor(path)
    real_write, calls = os.write, []

    def disk_full(descriptor, data):
        if not is_journal(descriptor):
            return real_write(descriptor, data)
        calls.append(len(data))
        if len(calls) == 1:
            return real_write(descriptor, data[: len(data) // 2])  # half, then the disk is full
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", disk_full)
    with pytest.raises(OSError) as failure:
        session.submit(roll(3))
    monkeypatch.undo()
    assert isinstance(failure.value, JournalWriteFailed) and failure.value.rolled_back
    assert str(failure.value) == (
        "cannot write game.owsg: No space left on device; it was cut back to its last whole entry"
    )
    assert len(calls) == 2  # half the entry did reach the file
    assert path.read_bytes() == before  # ... and was cut off again
    assert session.state is state and session.entries == entries
    assert session.path is None and session.lost == path
    session.submit(roll(3))  # the game goes on, unsaved: nothing is appended behind a gap
    assert path.read_bytes() == before
    elsewhere = tmp_path / "elsewhere.owsg"
    session.save_as(elsewhere)
    assert rolls_in(elsewhere) == ["action 1", "action 2", "action 3"]
    assert len(open_journal(ruleset, path).entries) == 2


def test_defect_2_an_entry_the_disk_refuses_to_keep_is_not_left_in_the_file(
    ruleset, tmp_path, monkeypatch
):
    """The bytes were written but fsync failed (an I/O error): the entry may or may not be
    on the disk, and the player was told it failed, so it must not stay in the file."""
    path = tmp_path / "game.owsg"
    session = game(ruleset, path)
    before = path.read_bytes()
    is_journal = _journal_descriptor(path)
    real_fsync, failed = os.fsync, []

    def io_error(descriptor):
        if is_journal(descriptor) and not failed:
            failed.append(descriptor)
            raise OSError(errno.EIO, "Input/output error")
        return real_fsync(descriptor)

    monkeypatch.setattr(os, "fsync", io_error)
    with pytest.raises(OSError, match="Input/output error"):
        session.submit(roll(3))
    monkeypatch.undo()
    assert failed and path.read_bytes() == before
    assert rolls_in(path) == ["action 1", "action 2"]


def test_an_effect_that_fails_takes_its_entry_back_out_of_the_file(ruleset, tmp_path):
    path = tmp_path / "game.owsg"
    session = game(ruleset, path)
    before = path.read_bytes()

    def broken(entry):
        raise RuntimeError("the effect failed")

    with pytest.raises(RuntimeError):
        session.write_note(session.entries[0].kind, "german", effect=broken)
    assert path.read_bytes() == before and session.path == path
    session.submit(roll(3))
    assert rolls_in(path) == ["action 1", "action 2", "action 3"]


def test_a_bound_file_that_lacks_its_last_line_ending_gets_it_before_the_next_entry(
    ruleset, tmp_path
):
    path = tmp_path / "game.owsg"
    game(ruleset, path).close()
    path.write_bytes(path.read_bytes().rstrip(b"\n"))  # whole, but unterminated
    session = open_journal(ruleset, path)
    session.submit(roll(3))
    session.close()
    assert rolls_in(path) == ["action 1", "action 2", "action 3"]


# --- defect 12: the rename of a save reaches the disk --------------------------------------


def test_defect_12_a_save_forces_its_folder_to_the_disk_after_the_rename(
    ruleset, tmp_path, monkeypatch
):
    path = tmp_path / "game.owsg"
    session = game(ruleset, path, actions=1)
    real_fsync, real_replace, real_link, done = os.fsync, os.replace, os.link, []

    def fsync(descriptor):
        folder = stat.S_ISDIR(os.fstat(descriptor).st_mode)
        done.append(("fsync folder" if folder else "fsync file", os.fstat(descriptor).st_ino))
        return real_fsync(descriptor)

    def replace(source, target):
        done.append(("named", Path(target).name))
        return real_replace(source, target)

    def link(source, target):  # a new file gets its name by a link (never over a file)
        done.append(("named", Path(target).name))
        return real_link(source, target)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    monkeypatch.setattr(os, "link", link)
    session.save_as(tmp_path / "saved.owsg")  # a new file
    session.save_as(tmp_path / "saved.owsg")  # and over it
    monkeypatch.undo()
    named = [index for index, done_ in enumerate(done) if done_ == ("named", "saved.owsg")]
    assert len(named) == 2
    for start, end in zip(named, [*named[1:], len(done)], strict=True):
        assert ("fsync folder", tmp_path.stat().st_ino) in done[start + 1 : end]


# --- a file torn in the middle of its last entry ------------------------------------------


def test_a_file_torn_at_any_byte_of_its_last_entry_is_found_torn_there(ruleset, tmp_path):
    path = tmp_path / "game.owsg"
    game(ruleset, path, actions=2).close()
    whole = path.read_bytes()
    session = open_journal(ruleset, path)
    session.submit(roll(3))
    session.close()
    data = path.read_bytes()
    start, end = len(whole), len(data)
    for cut in range(start + 1, end):
        tear = find_tear(data[:cut])
        if cut >= end - 2:  # only line endings are missing: the file is whole
            assert tear is None and len(parse(data[:cut].decode()).entries) == 3
        else:
            assert tear is not None, end - cut
            assert (tear.whole, tear.offset, tear.size) == (2, start, cut)
    assert find_tear(data) is None and find_tear(whole) is None


def test_opening_a_torn_file_says_so_and_recover_keeps_a_copy_and_its_whole_entries(
    ruleset, tmp_path
):
    path = tmp_path / "game.owsg"
    game(ruleset, path, actions=3).close()
    data = path.read_bytes()
    torn = data[: len(data) - 60]  # inside the signature of entry 3
    path.write_bytes(torn)
    with pytest.raises(TornJournal) as raised:
        open_journal(ruleset, path)
    tear = raised.value.tear
    assert (tear.whole, tear.entry, tear.size) == (2, 3, len(torn))
    assert "in the middle of entry 3" in str(raised.value) and "after 2 whole entries" in str(
        raised.value
    )
    JournalLock(path).release()  # the refused open let go of the lock
    session, copy = recover_game(ruleset, path)
    assert copy.name.startswith("game.torn-") and copy.suffix == ".owsg"
    assert copy.read_bytes() == torn
    assert rolls_in(path) == ["action 1", "action 2"] and len(session.entries) == 2
    session.submit(roll(3))  # and the game goes on in its file
    session.close()
    assert rolls_in(path) == ["action 1", "action 2", "action 3"]


def test_a_torn_copy_never_overwrites_one_kept_before(ruleset, tmp_path):
    from owsqt.journal.recovery import copy_path

    path = tmp_path / "game.owsg"
    first = copy_path(path)
    first.write_text("kept")
    second = copy_path(path, None)
    assert second != first and second.name.startswith(first.stem)


def test_a_cut_inside_a_character_is_a_tear_too(ruleset, tmp_path):
    path = tmp_path / "game.owsg"
    game(ruleset, path, actions=1).close()
    whole = path.read_bytes()
    torn = whole + "#2 act 2026-11-21T05:01:00Z by german\n= Kämpfe".encode()[:-5]
    path.write_bytes(torn)  # ends in the first byte of "ä"
    with pytest.raises(TornJournal) as raised:
        open_journal(ruleset, path)
    assert (raised.value.tear.whole, raised.value.tear.offset) == (1, len(whole))


@pytest.mark.parametrize(
    "change",
    [
        "a hash in the middle",
        "a whole last signature",
        "two entries cut short",
        "a title out of sequence",
    ],
)
def test_a_changed_file_is_not_torn(ruleset, tmp_path, change):
    path = tmp_path / "game.owsg"
    game(ruleset, path, actions=3).close()
    text = path.read_text()
    if change == "a hash in the middle":
        first_hash = text.index("\n~ ") + 3
        text = text[:first_hash] + "0" * 64 + text[first_hash + 64 :]
        text = text[:-40]  # and the end torn as well
    elif change == "a whole last signature":
        signature = text.rindex("@ ") + 2
        text = text[:signature] + ("A" if text[signature] != "A" else "B") + text[signature + 1 :]
    elif change == "two entries cut short":
        last = text[text.rindex("\n#") + 1 :]
        text = text + last[:40] + "\n\n" + last[:30]
    else:
        text = text + "#7 act 2026-11-21T05:01:00Z by german\n= cut"
    path.write_text(text)
    with pytest.raises(JournalError) as raised:
        open_journal(ruleset, path)
    assert not isinstance(raised.value, TornJournal)
    assert find_tear(path.read_bytes()) is None


def _torn_game(tmp_path: Path) -> tuple[Path, bytes]:
    """A local game of two rolls whose second entry lost its last 100 bytes; and its bytes."""
    from owsqt.rules.core.verdict import Mode
    from owsqt.rules.scenario.ruleset import default_ruleset

    path = tmp_path / "game.owsg"
    session = new_game(default_ruleset(), "we-are-coming", Mode.FREE, seed=1, path=path)
    session.submit(roll(1))
    session.submit(roll(2))
    session.close()
    path.write_bytes(path.read_bytes()[:-100])
    return path, path.read_bytes()


def test_owsqt_act_refuses_a_torn_file_in_one_line_with_its_whole_entries(tmp_path, capsys):
    from owsqt.cli.main import main

    path, torn = _torn_game(tmp_path)
    assert main(["act", str(path), '{"kind": "roll", "purpose": "x"}']) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith(f"owsqt: {path}: the file ends in the middle of entry 2")
    assert "after 1 whole entry" in line
    assert path.read_bytes() == torn


def test_owsqt_verify_reports_a_torn_file_with_its_whole_entries(tmp_path, capsys):
    from owsqt.cli.main import main

    path, _ = _torn_game(tmp_path)
    assert main(["verify", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == f"{path}: TORN\n"
    assert "the file ends in the middle of entry 2" in captured.err
    assert "after 1 whole entry" in captured.err and "owsqt recover" in captured.err


def test_owsqt_recover_cuts_a_torn_file_to_its_whole_entries_and_keeps_the_original(
    tmp_path, capsys
):
    from owsqt.cli.main import main

    path, torn = _torn_game(tmp_path)
    assert main(["recover", str(path)]) == 0
    out = capsys.readouterr().out
    (copy,) = tmp_path.glob("game.torn-*.owsg")
    assert copy.read_bytes() == torn and f"kept as {copy}" in out
    assert main(["verify", str(path)]) == 0
    assert ", 1 entries," in capsys.readouterr().out


def test_owsqt_recover_refuses_a_file_that_is_not_torn_and_leaves_it_alone(tmp_path, capsys):
    from owsqt.cli.main import main

    path, _ = _torn_game(tmp_path)
    changed = path.read_bytes().replace(b"#1 act", b"#1 act ", 1)
    path.write_bytes(changed)
    assert main(["recover", str(path)]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith("owsqt: ") and "not cut off in the middle of an entry" in line
    assert path.read_bytes() == changed and not list(tmp_path.glob("*.torn-*"))
