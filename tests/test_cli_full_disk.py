"""A full disk (issue 36, defect 8): `owsqt new` and `owsqt recover` say in one line which
file they could not write, and leave nothing half-written. The disk fills as a process of
its own sees it: its files may grow no larger than RLIMIT_FSIZE bytes (writing more fails
with EFBIG, as a full disk fails with ENOSPC), so no root and no special file system are
needed."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from owsqt.cli.exitcodes import EXIT_BAD_INPUT
from owsqt.rules.core.verdict import Mode
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.session import new_game
from tests.test_cli_hostile import REPO, assert_one_line

LIMIT = 16 * 1024  # bytes: a key is written, a game (~25 KB set up) is not

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_FSIZE is POSIX")


def _small_disk() -> None:
    """In the child, before owsqt starts: no file grows past LIMIT bytes."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write fails (EFBIG) instead of killing
    resource.setrlimit(resource.RLIMIT_FSIZE, (LIMIT, LIMIT))


def run_on_a_small_disk(place: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "PYTHONPATH": str(REPO),
        "QT_QPA_PLATFORM": "offscreen",
        "HOME": str(place / "home"),
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    return subprocess.run(
        [sys.executable, "-m", "owsqt", *arguments],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=place,
        preexec_fn=_small_disk,
    )


def test_defect_8_new_on_a_full_disk_names_the_file_and_leaves_none(tmp_path: Path) -> None:
    out = tmp_path / "game.owsg"
    done = run_on_a_small_disk(tmp_path, "new", "--scenario", "we-are-coming", "--out", str(out))
    line = assert_one_line(done, EXIT_BAD_INPUT)
    assert line == f"owsqt: {out}: File too large"
    assert not out.exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".game.owsg.")] == []


def test_defect_8_recover_on_a_full_disk_names_the_copy_and_leaves_the_file(
    tmp_path: Path,
) -> None:
    path = tmp_path / "game.owsg"
    session = new_game(default_ruleset(), "we-are-coming", Mode.STRICT, seed=5, path=path)
    session.apply_default_setup()
    session.close()
    whole = path.read_bytes()
    assert len(whole) > LIMIT
    torn = whole[: whole.rindex(b"\n~ ") + 10]  # the last entry cut in its hash line
    path.write_bytes(torn)
    done = run_on_a_small_disk(tmp_path, "recover", str(path))
    line = assert_one_line(done, EXIT_BAD_INPUT)
    # the copy that could not be written whole is not left behind
    assert not any(".torn-" in p.name for p in tmp_path.iterdir())
    assert line.startswith(f"owsqt: {tmp_path}/game.torn-") and line.endswith(": File too large")
    assert path.read_bytes() == torn
