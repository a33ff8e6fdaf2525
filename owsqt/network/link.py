"""A game by e-mail whose files go through a Matrix room (issue 40): each player's part, what
he wrote since the text both copies share, goes to the room when he sends, and what the
opponent sent is taken in from it exactly as an e-mail file is (EmailExchange.import_text:
the chain, the signatures, the dice and the rules), so that a homeserver which changes,
drops, repeats or reorders events is refused by name and nothing of the game is lost. The
game file on each computer stays the truth; the room is only its transport."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from owsqt.journal.identity import Identity
from owsqt.journal.textformat import parse
from owsqt.network.parts import Assembly, PartError, pieces_of, read_piece
from owsqt.network.room import GameRoom
from owsqt.rules.actors import who_acts
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.session import GameSession, join_game
from owsqt.session.emailimport import ImportReport


def your_move(session: GameSession) -> str:
    """The words that tell a send in the room: whose move it is, and where."""
    state = session.state
    acting = sorted(who_acts(session.ruleset, state), key=lambda p: p.value)
    who = " and ".join(p.title for p in acting) or "Nobody"
    return f"{who} player: your move, turn {state.turn}, {state.segment.title}"


@dataclass
class NetworkGame:
    """One player's game carried by its room: the opponent's Matrix id (only his events
    are read as the game's) and the text both copies share."""

    session: GameSession
    room: GameRoom
    opponent: str
    shared: str = ""
    refused: list[str] = field(default_factory=list)  # pieces refused, in one line each

    def __post_init__(self) -> None:
        if self.session.email is None:
            raise ValueError("only a game by e-mail goes through a room")
        self.exchange = self.session.email
        self._assembly = Assembly(self.session.header.game)
        self._base = len(parse(self.shared).entries) if self.shared else 0
        self._sent = self.shared, self._base  # what the last part followed
        self._pending: str | None = None  # the text of a part sent, not yet in the room

    async def send(self) -> None:
        """End this player's part (the e-mail send) and put it in the room. A cut connection
        raises, the part kept: `flush` puts it in the room when the network is back."""
        _, text = self.exchange.send()
        self._pending = text
        await self.flush()

    async def play_live(self) -> None:
        """Put what this player wrote since the room's text in the room now, before his
        send: the opponent's table shows each action as it is made (his program takes
        it in and waits for the send). Nothing when he wrote nothing new."""
        text = self.session.text()
        if text != self.shared and self.exchange.why_not_act() is None:
            await self._push(text, told=False)

    def pending(self, text: str) -> None:
        """The player's part sent (its SEND in `text`) and not put in the room yet."""
        self._pending = text

    async def flush(self) -> None:
        """Put the part sent and not yet in the room there (nothing when there is none)."""
        if self._pending is not None:
            await self._push(self._pending)
            self._pending = None

    async def resend(self) -> None:
        """Put this player's last part in the room again (the opponent's program refused what
        the homeserver made of it)."""
        if self.exchange.why_not_act() is None:
            raise ValueError("you have not sent your part yet")
        await self._push(self.session.text(), again=True)

    async def _push(self, text: str, again: bool = False, told: bool = True) -> None:
        """Put `text` past the room's text in the room; `told`: with the notice of whose
        move it is (a send; a part played live goes without)."""
        if again:
            self.shared, self._base = self._sent
        if not text.startswith(self.shared):
            raise ValueError("this copy of the game does not continue the one in the room")
        part = text[len(self.shared) :]
        game = self.session.header.game
        notice = your_move(self.session) if told else None
        await self.room.send(pieces_of(game, self._base, part), notice)
        self._sent = self.shared, self._base
        whole = text == self.session.text()
        self.shared = text
        self._base = len(self.session.entries) if whole else len(parse(text).entries)

    async def pull(self, wait_ms: int = 0) -> ImportReport | None:
        """Take in the opponent's part once it is whole in the room (None: not yet), his
        file's end or a part of it played live. A part his program refuses raises as an
        imported file does (JournalError, ImportRefused), the game untouched."""
        for arrived in await self.room.fetch(wait_ms):
            if arrived.sender != self.opponent:
                continue
            try:
                self._assembly.take(read_piece(arrived.content))
            except PartError as error:
                self.refused.append(f"{arrived.event_id}: {error}")
        part = self._assembly.whole(self._base)
        if part is None:
            return None
        text = self.shared + part
        try:
            report = self.exchange.import_text(text, live=True)
        except Exception:
            self._assembly.refuse(self._base, part)  # until a piece sent again changes it
            raise
        self._assembly.forget(self._base)
        self.shared, self._base = text, report.last_entry
        return report


async def join_network_game(
    ruleset: Ruleset,
    room: GameRoom,
    creator: str | None,
    identity: Identity,
    fresh: Callable[[], str] | None = None,
    wait_ms: int = 10_000,
    path: Path | None = None,
) -> NetworkGame:
    """Join the game of the room from its creator's first part (`creator`: his Matrix id;
    None: whoever else sent the room's first part): the JOIN entry brings this player's
    key; with `path`, the game is written there. JournalError when the part cannot be
    joined; TimeoutError when it is not in the room."""
    assembly: Assembly | None = None
    for arrived in await room.fetch(wait_ms):
        if creator is None and arrived.sender != room.client.user_id:
            creator = arrived.sender
        if arrived.sender != creator:
            continue
        piece = read_piece(arrived.content)
        if piece.base != 0:
            continue
        assembly = assembly or Assembly(piece.game)
        assembly.take(piece)
    text = assembly.whole(0) if assembly is not None else None
    if text is None or creator is None:
        raise TimeoutError("the creator's first file is not in the room yet")
    session = join_game(ruleset, text, path=path, identity=identity, fresh=fresh)
    return NetworkGame(session, room, creator, shared=text)
