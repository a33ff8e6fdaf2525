"""A game played through a Matrix room at the table (owsqt/qt/play/networkplay.py, issue 40):
two windows, each on its player's game file with the network record beside it, play
through a real Synapse. What the Soviet places shows on the German's table as it is made;
File ▸ Send to opponent ends his part in the room, and the German's turn comes."""

from __future__ import annotations

import asyncio

import pytest

from owsqt.journal.identity import Identity
from owsqt.journal.textformat import Play
from owsqt.network.account import Account, sign_in
from owsqt.network.link import NetworkGame, join_network_game
from owsqt.network.record import NetworkRecord
from owsqt.network.room import GameRoom
from owsqt.qt.app.mainwindow import MainWindow
from owsqt.rules.core.actions import EndStep
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.defaultsetup import default_setup
from owsqt.session import new_game, open_journal

pytestmark = pytest.mark.homeserver


def made_files(shipped, homeserver, players, tmp_path, keys):
    """The German hosts a game in a new room and the Soviet joins it: each one's game file
    and network record (the tokens kept in the keyring)."""
    german_file, soviet_file = tmp_path / "german.owsg", tmp_path / "soviet.owsg"
    german_account = Account(homeserver.url, players["german"][0])
    soviet_account = Account(homeserver.url, players["soviet"][0])

    async def made():
        german_client = await sign_in(german_account, players["german"][1])
        soviet_client = await sign_in(soviet_account, players["soviet"][1])
        session = new_game(
            shipped, "we-are-coming", Mode.STRICT, play=Play.EMAIL,
            identity=keys[Player.GERMAN], path=german_file,
        )  # fmt: skip
        room = await GameRoom.create(german_client, session.header.game, soviet_account.user_id)
        german = NetworkGame(session, room, soviet_account.user_id)
        await german.send()
        record = NetworkRecord(german_account, room.room_id, soviet_account.user_id, 0, "")
        record.with_shared(german.shared).save(german_file)
        soviet = await join_network_game(
            shipped, await GameRoom.join(soviet_client, room.room_id), german_account.user_id,
            keys[Player.SOVIET], path=soviet_file,
        )  # fmt: skip
        record = NetworkRecord(soviet_account, room.room_id, german_account.user_id, 0, "")
        record.with_shared(soviet.shared).save(soviet_file)
        session.close()
        soviet.session.close()
        for client in (german_client, soviet_client):
            await client.close()

    asyncio.run(made())
    return german_file, soviet_file


def window_on(qtbot, shipped, path, key) -> MainWindow:
    window = MainWindow(shipped, open_journal(shipped, path, identity=key))
    qtbot.addWidget(window)
    assert window.network.attach(path)
    return window


def test_40_what_the_soviet_plays_shows_on_the_german_table_as_it_is_made(
    qtbot, shipped, homeserver, players, memory_keyring, tmp_path
):
    keys = {p: Identity.generate() for p in Player}
    german_file, soviet_file = made_files(shipped, homeserver, players, tmp_path, keys)
    german = window_on(qtbot, shipped, german_file, keys[Player.GERMAN])
    soviet = window_on(qtbot, shipped, soviet_file, keys[Player.SOVIET])
    try:
        state = soviet.session.state
        scenario = shipped.scenarios[state.scenario]
        placements = default_setup(shipped, scenario, state, Player.SOVIET, state.options)
        assert soviet.bridge.submit(placements[0]).applied
        qtbot.waitUntil(lambda: german.session.text() == soviet.session.text(), timeout=15000)
        assert "playing his part live" in (german.session.email.why_not_act() or "")
        for action in [*placements[1:], EndStep(player=Player.SOVIET)]:
            assert soviet.bridge.submit(action).applied
        soviet.email.send()  # File ▸ Send to opponent: the part ends in the room
        qtbot.waitUntil(lambda: german.session.email.why_not_act() is None, timeout=15000)
        assert german.session.text() == soviet.session.text()
        kept = NetworkRecord.load(german_file).shared(german.session.text())
        assert kept == german.session.text()  # the record says how much the room holds
    finally:
        german.network.detach()
        soviet.network.detach()
