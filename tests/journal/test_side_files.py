"""Issue 36, defect 7: the files owsqt makes beside a game (journal/sidefiles.py) are never
written through a link planted at their names, nor over a file that stands there: no lock
file is made at all, the copy of a torn file and the old file of a version 1 game are made
where nothing stands, numbered on (docs/pbem-format.md, "Writing the file", "Version 1")."""

from __future__ import annotations

import sys
from datetime import UTC, datetime, timedelta

import pytest

from owsqt.cli.main import main
from tests.journal.test_file_writes import _torn_game
from tests.journal.test_lock_identity import act, local_game, purposes
from tests.test_cli_hostile import version_1_game

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX links")

NOTES = "the player's own notes\n"


def test_issue_36_7_act_writes_no_lock_file_through_a_link_planted_beside_the_game(tmp_path):
    path = tmp_path / "game.owsg"
    local_game(path).close()
    victim = tmp_path / "notes.txt"
    victim.write_text(NOTES)
    (tmp_path / ".game.owsg.lock").symlink_to(victim)  # where the lock file used to be
    assert act(path, "roll 2") == 0
    assert victim.read_text() == NOTES
    assert purposes(path) == ["roll 1", "roll 2"]


@pytest.mark.parametrize("planted", ["a file", "a link"])
def test_issue_36_7_a_version_1_upgrade_keeps_the_old_file_beside_never_over_one(
    tmp_path, capsys, planted
):
    path = version_1_game(tmp_path)
    before = path.read_bytes()
    victim = tmp_path / "notes.txt"
    victim.write_text(NOTES)
    taken = tmp_path / "old.v1.owsg"
    if planted == "a file":
        taken.write_text(NOTES)  # an unrelated file of the player's, of that name
    else:
        taken.symlink_to(victim)
    allocation = '{"kind": "allocate_air", "player": "soviet", "missions": {}}'
    assert main(["act", str(path), allocation]) == 0
    assert victim.read_text() == NOTES and taken.is_symlink() == (planted == "a link")
    assert taken.read_text() == NOTES
    assert (tmp_path / "old.v1-2.owsg").read_bytes() == before  # numbered on
    assert main(["verify", str(path)]) == 0


def test_issue_36_7_the_copy_of_a_torn_file_is_made_past_links_at_its_names(tmp_path, capsys):
    path, torn = _torn_game(tmp_path)
    victim = tmp_path / "notes.txt"  # not there yet: a link to it dangles
    now = datetime.now(UTC)
    for second in range(-1, 60):  # every name the copy could take this minute
        stamp = (now + timedelta(seconds=second)).strftime("%Y%m%dT%H%M%S")
        (tmp_path / f"game.torn-{stamp}.owsg").symlink_to(victim)
    assert main(["recover", str(path)]) == 0
    (copy,) = [p for p in tmp_path.glob("game.torn-*.owsg") if not p.is_symlink()]
    assert copy.name.endswith("-2.owsg") and copy.read_bytes() == torn
    assert f"kept as {copy}" in capsys.readouterr().out
    assert not victim.exists()
    assert main(["verify", str(path)]) == 0
