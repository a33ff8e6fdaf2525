"""The network commands (owsqt/cli/network.py, issue 40): `owsqt host` makes a game in a new
Matrix room, `owsqt join` joins it from the room, `owsqt sync` takes the opponent's file in
and sends the player's own; the homeserver's token is kept in the keyring after the first
sign-in (here an in-memory keyring: the test machine has none), never in a file."""

from __future__ import annotations

import re

import pytest

from owsqt.cli.main import main
from owsqt.journal.identity import Identity
from owsqt.network.account import SERVICE
from owsqt.rules.core.vocabulary import Player
from owsqt.session import open_journal
from tests.session.pbemkit import set_up

pytestmark = pytest.mark.homeserver


def as_player(monkeypatch, tmp_path, name, password):
    """The player `name` at his own computer: his config and data folders, his password."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / name / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / name / "data"))
    if password is None:
        monkeypatch.delenv("OWSQT_MATRIX_PASSWORD", raising=False)
    else:
        monkeypatch.setenv("OWSQT_MATRIX_PASSWORD", password)


def test_40_host_join_and_sync_play_the_opening_through_the_room(
    shipped, homeserver, players, memory_keyring, monkeypatch, tmp_path, capsys
):
    (german, german_password), (soviet, soviet_password) = players["german"], players["soviet"]
    german_file, soviet_file = tmp_path / "german.owsg", tmp_path / "soviet.owsg"
    server = ["--homeserver", homeserver.url]

    as_player(monkeypatch, tmp_path, "german", german_password)
    assert main(["host", "--scenario", "we-are-coming", *server, "--user", german,
                 "--opponent", soviet, "--out", str(german_file)]) == 0  # fmt: skip
    room = re.search(r"in room (\S+)", capsys.readouterr().out)[1]
    assert any(german in name for _, name in memory_keyring.kept)  # the token, not a file
    assert all(s == SERVICE for s, _ in memory_keyring.kept)
    record = (tmp_path / "german.owsg.network").read_text()
    assert room in record and "token" not in record and german_password not in record

    as_player(monkeypatch, tmp_path, "soviet", soviet_password)
    assert main(["join", *server, "--user", soviet, "--room", room,
                 "--out", str(soviet_file)]) == 0  # fmt: skip
    assert "you play Soviet" in capsys.readouterr().out
    session = open_journal(shipped, soviet_file, identity=Identity.load_or_create())
    set_up(session, Player.SOVIET)
    session.close()
    assert main(["sync", str(soviet_file)]) == 0
    assert "sent file 2 to the room" in capsys.readouterr().out

    as_player(monkeypatch, tmp_path, "german", None)  # signed in by the kept token
    assert main(["sync", str(german_file)]) == 0
    said = capsys.readouterr().out
    assert "took in file 2 of your opponent" in said and "German player: your move" in said
    assert main(["sync", str(german_file)]) == 0  # nothing new, nothing to send
    assert "took in" not in capsys.readouterr().out


def test_40_sync_of_a_game_that_is_not_a_network_game_is_one_line(shipped, tmp_path, capsys):
    from owsqt.rules.core.verdict import Mode
    from owsqt.session import new_game

    path = tmp_path / "alone.owsg"
    new_game(shipped, "we-are-coming", Mode.STRICT, path=path).close()
    assert main(["sync", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "is not a network game" in err[0]
