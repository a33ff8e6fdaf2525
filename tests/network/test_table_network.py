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
        # the room's chat: what one says shows at both tables, its citations as links
        soviet.network.chat.entry.setText("Look at #3, and at 1652")
        soviet.network.chat.entry.returnPressed.emit()
        shown = german.network.chat.lines
        qtbot.waitUntil(lambda: "1652" in shown.toPlainText(), timeout=15000)
        assert 'href="entry:3"' in shown.toHtml() and 'href="hex:1652"' in shown.toHtml()
        assert not german.network.chat.isHidden()  # the dock is shown in a network game
    finally:
        german.network.detach()
        soviet.network.detach()


def test_40_file_menu_hosts_a_network_game_and_the_opponent_joins_it(
    qtbot, shipped, homeserver, players, memory_keyring, tmp_path, monkeypatch
):
    """File ▸ Host a network game… makes the game in a new room and opens it, played through
    the room; File ▸ Join a network game… at the opponent's table joins it from the room."""
    from PySide6.QtWidgets import QDialog

    from owsqt.qt.play import networkplay
    from owsqt.qt.play.networkdialog import NetworkChoice
    from owsqt.session import new_game as fresh

    def at_computer(name: str) -> None:
        monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / name / "config"))
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / name / "data"))

    def choosing(choice: NetworkChoice) -> None:
        monkeypatch.setattr(
            networkplay.NetworkGameDialog, "exec", lambda d: QDialog.DialogCode.Accepted
        )
        monkeypatch.setattr(networkplay.NetworkGameDialog, "choice", lambda d: choice)

    def table() -> MainWindow:
        window = MainWindow(shipped, fresh(shipped, "we-are-coming", Mode.STRICT))
        qtbot.addWidget(window)
        return window

    (german_id, german_password), (soviet_id, soviet_password) = (
        players["german"],
        players["soviet"],
    )
    at_computer("german")
    german, soviet = table(), None
    file_menu = next(a.menu() for a in german.menuBar().actions() if a.text() == "&File")
    assert german.network.host_action in file_menu.actions()
    choosing(NetworkChoice("we-are-coming", homeserver.url, german_id, german_password, soviet_id))
    german.network.host_action.trigger()
    try:
        assert german.network.active and german.session.path.parent.name == "games"
        room = NetworkRecord.load(german.session.path).room_id
        at_computer("soviet")
        soviet = table()
        choosing(NetworkChoice("", homeserver.url, soviet_id, soviet_password, room))
        soviet.network.join_action.trigger()
        assert soviet.network.active
        assert soviet.session.players.local_sides == {"soviet"}
        state = soviet.session.state
        scenario = shipped.scenarios[state.scenario]
        placement = default_setup(shipped, scenario, state, Player.SOVIET, state.options)[0]
        assert soviet.bridge.submit(placement).applied
        qtbot.waitUntil(lambda: german.session.text() == soviet.session.text(), timeout=15000)
    finally:
        for window in (german, soviet):
            if window is not None:
                window.network.detach()


def test_40_an_onlooker_watches_the_game_at_his_table_and_may_not_act(
    qtbot, shipped, homeserver, players, memory_keyring, tmp_path
):
    """File ▸ Watch a network game…: invited to the room, the onlooker follows the game as it
    is played, each part checked; every action at his table is refused (he plays no side)."""
    from owsqt.session import new_game as fresh

    keys = {p: Identity.generate() for p in Player}
    german_file, soviet_file = made_files(shipped, homeserver, players, tmp_path, keys)
    room_id = NetworkRecord.load(german_file).room_id

    async def invited():
        client = await sign_in(Account(homeserver.url, players["german"][0]))
        await GameRoom(client, room_id).invite(players["onlooker"][0])
        await client.close()

    asyncio.run(invited())
    soviet = window_on(qtbot, shipped, soviet_file, keys[Player.SOVIET])
    onlooker = MainWindow(shipped, fresh(shipped, "we-are-coming", Mode.STRICT))
    qtbot.addWidget(onlooker)
    try:
        account = Account(homeserver.url, players["onlooker"][0])
        assert onlooker.watching.watch(account, room_id, players["onlooker"][1])
        qtbot.waitUntil(lambda: onlooker.watching.onlooker.session is not None, timeout=15000)
        assert onlooker.session is onlooker.watching.onlooker.session  # on his table
        state = soviet.session.state
        scenario = shipped.scenarios[state.scenario]
        placement = default_setup(shipped, scenario, state, Player.SOVIET, state.options)[0]
        assert soviet.bridge.submit(placement).applied
        qtbot.waitUntil(lambda: onlooker.session.text() == soviet.session.text(), timeout=15000)
        refused = onlooker.session.players.why_not_act(placement)
        assert refused is not None and "not one of this game's two players' keys" in refused
    finally:
        onlooker.watching.stop()
        soviet.network.detach()


def test_40_new_game_by_e_mail_through_a_matrix_room_is_played_through_it(
    qtbot, shipped, homeserver, players, memory_keyring, tmp_path, monkeypatch
):
    """New game ▸ Two players by e-mail, "Through a Matrix room": the network dialog asks
    only for the accounts (the scenario is chosen), and the game is made in a new room with
    the side and the standing orders chosen, and opened, played through the room."""
    from PySide6.QtWidgets import QDialog

    from owsqt.journal.textformat import EntryKind
    from owsqt.qt.app import gamefiles
    from owsqt.qt.play import networkplay
    from owsqt.qt.play.networkdialog import NetworkChoice
    from owsqt.session import new_game as fresh

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    asked = []

    def chosen(dialog):
        dialog._play_radios[Play.EMAIL].setChecked(True)
        dialog._side_radios[Player.SOVIET].setChecked(True)
        dialog.set_orders("optional=retreat")
        dialog.network_box.setChecked(True)
        return QDialog.DialogCode.Accepted

    def accounts(dialog):
        asked.append(dialog.scenario.isHidden())
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(gamefiles.NewGameDialog, "exec", chosen)
    monkeypatch.setattr(networkplay.NetworkGameDialog, "exec", accounts)
    soviet_id, password = players["soviet"]
    monkeypatch.setattr(
        networkplay.NetworkGameDialog,
        "choice",
        lambda d: NetworkChoice(d.scenario.currentData(), homeserver.url, soviet_id, password,
                                players["german"][0]),
    )  # fmt: skip
    window = MainWindow(shipped, fresh(shipped, "we-are-coming", Mode.STRICT))
    qtbot.addWidget(window)
    try:
        window.files.new_game()
        assert asked == [True]  # the scenario is not asked twice
        assert window.network.active
        session = window.session
        assert session.players.local_sides == {"soviet"}
        assert any(e.kind is EntryKind.ORDERS for e in session.entries)  # with his orders
        # 19.11: in We are coming! the Soviet sets up first: his set-up goes with file 1
        placed = [e for e in session.entries if e.kind is EntryKind.ACT and e.by == "soviet"]
        assert len(placed) > 10 and session.state.active is Player.GERMAN
        assert NetworkRecord.load(session.path).opponent == players["german"][0]
    finally:
        window.network.detach()
