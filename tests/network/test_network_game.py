"""A whole game through a Matrix room (issue 40): the e-mail fuzzer's game of We are coming!,
random legal actions to its result, every file going from one player to the other through
a real Synapse (tools/fuzz/email.py, its transport replaced): each arrives exactly as sent,
is taken in as a file, and both copies agree at the end."""

from __future__ import annotations

import asyncio

import pytest
from nio import AsyncClient

from owsqt.network.link import NetworkGame, join_network_game
from owsqt.network.room import GameRoom
from owsqt.rules.core.vocabulary import Player
from owsqt.session import GameSession
from owsqt.session.emailimport import ImportReport
from tools.fuzz import email

pytestmark = [pytest.mark.homeserver, pytest.mark.slow]


def through_room(homeserver, players) -> type[email.Table]:
    """A fuzzer's table whose files go through a room of `homeserver`."""

    class RoomTable(email.Table):
        def __init__(self, *args, **kw) -> None:
            super().__init__(*args, **kw)
            self.loop = asyncio.new_event_loop()
            self.ids = {p: players[p.value][0] for p in Player}
            self.clients = {p: self._signed_in(p) for p in Player}
            self.games: dict[Player, NetworkGame] = {}

        def _signed_in(self, side: Player) -> AsyncClient:
            user, password = players[side.value]
            client = AsyncClient(homeserver.url, user)
            self.loop.run_until_complete(client.login(password))
            return client

        def _send(self) -> str:
            side = self.holder
            if side not in self.games:  # the creator's first file makes the room
                room = self.loop.run_until_complete(
                    GameRoom.create(
                        self.clients[side], self.session.header.game, self.ids[side.opponent]
                    )
                )
                self.games[side] = NetworkGame(self.session, room, self.ids[side.opponent])
            game = self.games[side]
            self.loop.run_until_complete(game.send())
            return self.session.text()

        def _take_in(self, side: Player, text: str) -> ImportReport:
            game = self.games[side]
            for _ in range(40):
                report = self.loop.run_until_complete(game.pull(wait_ms=2000))
                if report is not None:
                    assert game.shared == text  # the room brought the file as it was sent
                    return report
            raise AssertionError("the file never came through the room")

        def _join(self, side: Player, text: str) -> GameSession:
            creator = self.games[side.opponent].room
            room = self.loop.run_until_complete(GameRoom.join(self.clients[side], creator.room_id))
            game = self.loop.run_until_complete(
                join_network_game(
                    self.ruleset, room, self.ids[side.opponent], self.keys[side],
                    fresh=self._fresh(self.seed, side), clock=self.clock,
                )
            )  # fmt: skip
            assert game.shared == text
            self.games[side] = game
            return game.session

    return RoomTable


def test_40_a_whole_game_of_we_are_coming_goes_through_the_room(shipped, homeserver, players):
    report = email.play_email_game(shipped, 1, table_class=through_room(homeserver, players))
    assert report.result  # played to its result (19.0)
    assert report.files > 10
