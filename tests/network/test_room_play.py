"""A game by e-mail through a real Matrix room (issue 40; owsqt/network): the creator's
program makes the room and invites his opponent, each send goes to the room as a part of
the game file beside the words that tell it, and the opponent's program takes it in exactly
as an e-mail file. What the homeserver changes is refused by name, the game untouched. The
homeserver is Synapse, started by the fixture on 127.0.0.1 (tests/network/homeserver.py)."""

from __future__ import annotations

import asyncio

import pytest
from nio import AsyncClient

from owsqt.journal.identity import Identity
from owsqt.journal.textformat import JournalError, Play
from owsqt.network.link import NetworkGame, join_network_game
from owsqt.network.parts import pieces_of
from owsqt.network.room import NOTICE, GameRoom
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.session import new_game
from tests.session.pbemkit import clock, fresh_shares, set_up

pytestmark = pytest.mark.homeserver


async def signed_in(homeserver, account) -> AsyncClient:
    user, password = account
    client = AsyncClient(homeserver.url, user)
    await client.login(password)
    return client


async def joined(shipped, homeserver, players, options=()):
    """File 1 through the room: the German makes the game and the room, the Soviet joins
    from the room. The two players' games, their keys and their clients."""
    keys = {p: Identity.generate() for p in Player}
    german_client = await signed_in(homeserver, players["german"])
    soviet_client = await signed_in(homeserver, players["soviet"])
    session = new_game(
        shipped, "we-are-coming", Mode.STRICT, play=Play.EMAIL,
        identity=keys[Player.GERMAN], clock=clock(), options=options,
    )  # fmt: skip
    session.email.fresh = fresh_shares(keys[Player.GERMAN])
    room = await GameRoom.create(german_client, session.header.game, players["soviet"][0])
    german = NetworkGame(session, room, players["soviet"][0])
    await german.send()
    soviet = await join_network_game(
        shipped, await GameRoom.join(soviet_client, room.room_id), players["german"][0],
        keys[Player.SOVIET], fresh=fresh_shares(keys[Player.SOVIET]),
    )  # fmt: skip
    return german, soviet, keys, (german_client, soviet_client)


async def opening(shipped, homeserver, players, options=()):
    """Files 1-3 through the room: as `joined`, then the Soviet sets up, the German takes
    his file in and sets up."""
    german, soviet, keys, clients = await joined(shipped, homeserver, players, options)
    set_up(soviet.session, Player.SOVIET)
    await soviet.send()
    assert await german.pull(wait_ms=5000) is not None
    set_up(german.session, Player.GERMAN)
    return german, soviet, keys, clients


def test_40_the_opening_goes_through_a_matrix_room_and_both_copies_agree(
    shipped, homeserver, players
):
    async def play():
        german, soviet, _, clients = await opening(shipped, homeserver, players)
        await german.send()
        report = await soviet.pull(wait_ms=5000)
        assert report is not None and report.file_number == 3
        assert soviet.session.text() == german.session.text()
        assert soviet.session.state == german.session.state
        # beside the pieces, the room says whose move it is, in words any client shows
        notices = await clients[1].room_messages(soviet.room.room_id, limit=20)
        words = [e.body for e in notices.chunk if getattr(e, "source", {}).get("type") == NOTICE]
        assert words and words[0].startswith("Soviet player: your move, turn 1")
        for client in clients:
            await client.close()

    asyncio.run(play())


class ChangingRoom(GameRoom):
    """What a homeserver that changes events delivers: the first part sent through it with a
    line of its log changed ("... and more"), every later one as sent."""

    changed = False

    async def send(self, pieces, notice):
        pieces = list(pieces)
        if not self.changed:
            self.changed = True
            text = "".join(p.text for p in pieces)
            told = [line for line in text.splitlines() if line.startswith("= ")][-1]
            text = text.replace(told, f"{told} and more", 1)
            pieces = pieces_of(pieces[0].game, pieces[0].base, text)
        await super().send(pieces, notice)


def test_40_a_part_the_homeserver_changed_is_refused_naming_the_entry(shipped, homeserver, players):
    """The homeserver changes a line of the log of the German's part: the Soviet's program
    refuses it as it would the file, his game as it was; the part sent again is taken in."""

    async def play():
        german, soviet, _, clients = await opening(shipped, homeserver, players)
        german.room = ChangingRoom(german.room.client, german.room.room_id)
        await german.send()
        before = soviet.session.text()
        with pytest.raises(JournalError, match=r"entry \d+"):
            await soviet.pull(wait_ms=5000)
        assert soviet.session.text() == before
        await german.resend()
        assert (await soviet.pull(wait_ms=5000)) is not None
        assert soviet.session.text() == german.session.text()
        for client in clients:
            await client.close()

    asyncio.run(play())


def test_40_a_part_of_more_pieces_than_a_sync_brings_is_read_whole(homeserver, players):
    """A first sync brings the room's latest events only (TIMELINE): the reader pages back
    over the gap and reads every piece once, in order."""
    from owsqt.network.parts import Assembly, read_piece
    from owsqt.network.room import TIMELINE

    async def play():
        writer = await signed_in(homeserver, players["german"])
        reader = await signed_in(homeserver, players["soviet"])
        game = "cd" * 16
        room = await GameRoom.create(writer, game, players["soviet"][0])
        text = "".join(f"line {i:06d}\n" for i in range(TIMELINE * 1000))  # ~130 pieces
        pieces = pieces_of(game, 0, text)
        assert len(pieces) > TIMELINE
        await room.send(pieces, "a long part")
        await reader.sync(timeout=1000)
        theirs = await GameRoom.join(reader, room.room_id)
        arrived = [a for a in await theirs.fetch() if a.is_piece]
        assert [read_piece(a.content).seq for a in arrived] == list(range(len(pieces)))
        assembly = Assembly(game)
        for piece in arrived:
            assembly.take(read_piece(piece.content))
        assert assembly.whole(0) == text
        assert [a for a in await theirs.fetch() if a.is_piece] == []  # read once
        await writer.close()
        await reader.close()

    asyncio.run(play())


def test_40_played_live_each_action_shows_at_the_other_table_before_the_send(
    shipped, homeserver, players
):
    """The Soviet sets up live: each placement goes to the room as it is made and the
    German's program takes it in at once; the German may not act until the Soviet's send."""
    from owsqt.rules.core.actions import EndStep
    from owsqt.rules.defaultsetup import default_setup

    async def play():
        german, soviet, _, clients = await joined(shipped, homeserver, players)
        state = soviet.session.state
        scenario = shipped.scenarios[state.scenario]
        placements = default_setup(shipped, scenario, state, Player.SOVIET, state.options)
        for action in placements[:3]:
            assert soviet.session.submit(action).applied
            await soviet.play_live()
            assert await german.pull(wait_ms=5000) is not None
            assert german.session.text() == soviet.session.text()  # at once, entry by entry
            reason = german.exchange.why_not_act()
            assert reason is not None and "playing his part live" in reason
        for action in placements[3:5]:  # two parts in the room before the German reads it
            assert soviet.session.submit(action).applied
            await soviet.play_live()
        report = await german.pull(wait_ms=5000)
        assert german.session.text() == soviet.session.text()  # both taken in at once
        assert report is not None and report.last_entry - report.first_entry == 1
        for action in [*placements[5:], EndStep(player=Player.SOVIET)]:
            assert soviet.session.submit(action).applied
        await soviet.send()
        assert await german.pull(wait_ms=5000) is not None
        assert german.session.text() == soviet.session.text()
        assert german.exchange.why_not_act() is None  # his turn now
        for client in clients:
            await client.close()

    asyncio.run(play())


def test_40_an_onlooker_follows_the_game_and_reads_the_chat_with_its_citations(
    shipped, homeserver, players
):
    from owsqt.network.onlooker import Onlooker

    async def play():
        german, _, _, clients = await opening(shipped, homeserver, players)
        await german.send()
        await german.room.invite(players["onlooker"][0])
        watcher = await signed_in(homeserver, players["onlooker"])
        room = await GameRoom.join(watcher, german.room.room_id)
        await german.room.say("Look at #12 and at 1652, Kotelnikovo")
        onlooker = Onlooker(shipped)
        for _ in range(10):
            onlooker.take(await room.fetch(wait_ms=1000))
            onlooker.take_in()
            if onlooker.chat and onlooker.text == german.session.text():
                break
        assert onlooker.text == german.session.text()  # files 1-3, each checked
        assert onlooker.session.state == german.session.state
        assert onlooker.session.players.why_not_act() is not None  # he plays no side
        (line,) = [c for c in onlooker.chat if c.sender == players["german"][0]]
        assert line.entries() == (12,)
        assert line.hexes(set(shipped.grid.ids())) == ("1652",)
        for client in (*clients, watcher):
            await client.close()

    asyncio.run(play())


def test_40_18_1_a_game_under_the_fog_of_war_goes_through_the_room_as_its_files(
    shipped, homeserver, players
):
    """Under the fog of war the files carry each side's hidden moves sealed (18.1): through
    the room as by e-mail, each program taking in the other's part on its own world."""
    from owsqt.rules.fog.option import FOG_OF_WAR

    async def play():
        german, soviet, _, clients = await opening(shipped, homeserver, players, (FOG_OF_WAR,))
        await german.send()
        assert await soviet.pull(wait_ms=5000) is not None
        assert soviet.session.text() == german.session.text()
        # each sees his own world: the other's units hidden (18.1)
        assert soviet.session.state != german.session.state
        for client in clients:
            await client.close()

    asyncio.run(play())
