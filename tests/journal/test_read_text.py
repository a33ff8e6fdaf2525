"""Reading a journal from disk (store.read_text): only a regular file, never more than a journal
can hold, a byte order mark accepted, and every failure one JournalError naming the file."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from owsqt.journal import store
from owsqt.journal.store import read_text
from owsqt.journal.textformat import MAX_FILE_BYTES, JournalError

REPO = Path(__file__).resolve().parents[2]


def read_in_a_subprocess(path: Path) -> subprocess.CompletedProcess[str]:
    """read_text of `path` in another interpreter, given 20 s: code that reads a pipe or a
    device forever fails this way instead of hanging the suite."""
    probe = (
        "import sys\n"
        "from pathlib import Path\n"
        "from owsqt.journal.store import read_text\n"
        "from owsqt.journal.textformat import JournalError\n"
        "try:\n"
        "    read_text(Path(sys.argv[1]))\n"
        "except JournalError as error:\n"
        "    print(error)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run(
        [sys.executable, "-c", probe, str(path)],
        capture_output=True,
        text=True,
        timeout=20,
        env=env,
        check=True,
    )


def test_defect_7_dev_zero_is_refused_without_reading_it():
    done = read_in_a_subprocess(Path("/dev/zero"))
    assert done.stdout.strip() == "/dev/zero: is a device, not a game file"


def test_defect_7_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "game.owsg"
    os.mkfifo(fifo)
    done = read_in_a_subprocess(fifo)
    assert done.stdout.strip() == f"{fifo}: is a pipe, not a game file"


def test_defect_7_a_folder_is_refused_with_one_line(tmp_path):
    with pytest.raises(JournalError, match="is a folder, not a game file"):
        read_text(tmp_path)


def test_a_socket_is_refused(tmp_path):
    path = tmp_path / "s"
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(path))
        with pytest.raises(JournalError, match="is a socket, not a game file"):
            read_text(path)


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(JournalError) as caught:
        read_text(tmp_path / "gone.owsg")
    assert str(caught.value) == f"{tmp_path / 'gone.owsg'}: does not exist"


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a file whatever its mode")
def test_an_unreadable_file_gives_the_systems_reason(tmp_path):
    path = tmp_path / "locked.owsg"
    path.write_text("owsqt journal 2\n")
    path.chmod(0)
    try:
        with pytest.raises(JournalError) as caught:
            read_text(path)
    finally:
        path.chmod(0o600)
    assert str(caught.value) == f"{path}: cannot be read: Permission denied"


def test_a_path_through_a_file_gives_the_systems_reason(tmp_path):
    plain = tmp_path / "plain"
    plain.write_text("x")
    with pytest.raises(JournalError, match=r"plain/game\.owsg: cannot be read: Not a directory"):
        read_text(plain / "game.owsg")


def test_defect_8_a_byte_order_mark_is_accepted_and_dropped(tmp_path):
    path = tmp_path / "bom.owsg"
    path.write_bytes(b"\xef\xbb\xbfowsqt journal 2\n")
    assert read_text(path) == "owsqt journal 2\n"


def test_a_bad_byte_is_counted_from_the_files_start_even_after_a_mark(tmp_path):
    path = tmp_path / "latin1.owsg"
    path.write_bytes(b"\xef\xbb\xbfab\xff")
    with pytest.raises(JournalError, match=r"is not UTF-8 text \(byte 5\)"):
        read_text(path)


def test_a_file_larger_than_a_journal_is_refused_before_it_is_read(tmp_path, monkeypatch):
    path = tmp_path / "huge.owsg"
    with path.open("wb") as handle:  # sparse: no disk is spent on it
        handle.truncate(MAX_FILE_BYTES + 1)
    with pytest.raises(JournalError, match="is over 64 MiB, more than a journal can be"):
        read_text(path)


def test_a_file_that_grows_while_read_is_read_no_further_than_the_limit(tmp_path, monkeypatch):
    # The size stat gives is small, but the file then holds more: only the limit + 1 is read.
    monkeypatch.setattr(store, "MAX_FILE_BYTES", 10)
    path = tmp_path / "growing.owsg"
    path.write_text("x" * 5)
    real_fstat = os.fstat

    def fstat_before_growth(descriptor):
        status = real_fstat(descriptor)
        path.write_text("x" * 1000)
        return status

    monkeypatch.setattr(store.os, "fstat", fstat_before_growth)
    with pytest.raises(JournalError, match="more than a journal can be"):
        read_text(path)


def test_any_system_error_becomes_one_line_with_its_reason(tmp_path, monkeypatch):
    path = tmp_path / "game.owsg"
    path.write_text("owsqt journal 2\n")

    def refused(*args, **kwargs):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(store.os, "open", refused)
    with pytest.raises(JournalError) as caught:
        read_text(path)
    assert str(caught.value) == f"{path}: cannot be read: Permission denied"
