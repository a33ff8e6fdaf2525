"""A game by e-mail whose files go through a Matrix room (issue 40): each player's part, what
he wrote since the text both copies share, goes to the room when he sends, and what the
opponent sent is taken in from it exactly as an e-mail file is (EmailExchange.import_text:
the chain, the signatures, the dice and the rules), so that a homeserver which changes,
drops, repeats or reorders events is refused by name and nothing of the game is lost. The
game file on each computer stays the truth; the room is only its transport."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from owsqt.journal.identity import Identity
from owsqt.journal.textformat import parse
from owsqt.network.chat import ChatLine, said_in
from owsqt.network.parts import Assembly, PartError, Piece, pieces_of, read_piece
from owsqt.network.room import Arrived, GameRoom
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


@dataclass(frozen=True, slots=True)
class Outgoing:
    """A part to put in the room: its pieces, the notice that tells it (none for a part
    played live), the room's text it follows (`follows`) and where that text stands once
    it is in (`shared`, of `base` entries)."""

    pieces: tuple[Piece, ...]
    notice: str | None
    follows: str
    shared: str
    base: int


@dataclass
class NetworkGame:
    """One player's game carried by its room: the opponent's Matrix id (only his events
    are read as the game's) and the text both copies share.

    Its game side is synchronous (`outgoing`, `sent`, `take`, `take_in`: the desktop calls
    them on the window's thread, which owns the session) and its network side asynchronous
    (`send`, `play_live`, `flush`, `resend`, `pull`: the command line and the tests await
    them; the desktop sends and fetches on a thread of its own, owsqt/qt/play/roomthread.py)."""

    session: GameSession
    room: GameRoom | None  # None: the network side runs elsewhere (the desktop's thread)
    opponent: str
    shared: str = ""
    refused: list[str] = field(default_factory=list)  # pieces refused, in one line each
    chat: list[ChatLine] = field(default_factory=list)  # the room's messages read

    def __post_init__(self) -> None:
        if self.session.email is None:
            raise ValueError("only a game by e-mail goes through a room")
        self.exchange = self.session.email
        self._assembly = Assembly(self.session.header.game)
        self._base = len(parse(self.shared).entries) if self.shared else 0
        self._sent = self.shared, self._base  # what the last part followed
        self._pending: str | None = None  # the text of a part sent, not yet in the room

    # --- the game side: on the thread that owns the session -------------------------------

    def outgoing(
        self, text: str, told: bool = True, again: bool = False, entries: int | None = None
    ) -> Outgoing:
        """The part of `text` past the room's text; `told`: with the notice of whose move it
        is (a send; a part played live goes without); `again`: the last part once more;
        `entries`: how many `text` holds (read from it when not given)."""
        shared, base = self._sent if again else (self.shared, self._base)
        if not text.startswith(shared):
            raise ValueError("this copy of the game does not continue the one in the room")
        pieces = tuple(pieces_of(self.session.header.game, base, text[len(shared) :]))
        notice = your_move(self.session) if told else None
        after = entries if entries is not None else len(parse(text).entries)
        return Outgoing(pieces, notice, shared, text, after)

    def _whole(self, text: str, told: bool = True, again: bool = False) -> Outgoing:
        """`outgoing` of the session's whole text, `text`."""
        return self.outgoing(text, told, again, entries=len(self.session.entries))

    def sent(self, outgoing: Outgoing) -> None:
        """`outgoing` is in the room: the room's text is its own."""
        self._sent = outgoing.follows, outgoing.pieces[0].base
        self.shared, self._base = outgoing.shared, outgoing.base
        if self._pending == outgoing.shared:
            self._pending = None

    def live_part(self) -> Outgoing | None:
        """What this player wrote since the room's text, to play live (None: nothing new,
        or it is not his to write)."""
        if self.exchange.why_not_act() is not None:
            return None
        text = self.session.text()
        return None if text == self.shared else self._whole(text, told=False)

    def end_part(self) -> Outgoing:
        """End this player's part (the e-mail send): the part to put in the room, kept
        until it is there (`pending_part`)."""
        _, text = self.exchange.send()
        self._pending = text
        return self._whole(text)

    def pending_part(self) -> Outgoing | None:
        """The part sent and not yet in the room (None: none)."""
        return self.outgoing(self._pending) if self._pending is not None else None

    def pending(self, text: str) -> None:
        """The player's part sent (its SEND in `text`) and not put in the room yet."""
        self._pending = text

    def take(self, arrived: list[Arrived]) -> None:
        """Events read from the room: the opponent's pieces kept, a bad one noted; the
        room's chat kept in `chat`."""
        self.chat.extend(said_in(arrived))
        for event in arrived:
            if event.sender != self.opponent or not event.is_piece:
                continue
            try:
                self._assembly.take(read_piece(event.content))
            except PartError as error:
                self.refused.append(f"{event.event_id}: {error}")

    def take_in(self) -> ImportReport | None:
        """Take in the opponent's parts that are whole, one after the other (None: none
        is), his file's end or parts of it played live: what they brought, first entry to
        last. A part his program refuses raises as an imported file does (JournalError,
        ImportRefused), the game as the parts before it left it."""
        first: ImportReport | None = None
        last: ImportReport | None = None
        while (part := self._assembly.whole(self._base)) is not None:
            text = self.shared + part
            try:
                last = self.exchange.import_text(text, live=True)
            except Exception:
                self._assembly.refuse(self._base, part)  # until a piece sent again changes it
                raise
            first = first or last
            self._assembly.forget(self._base)
            self.shared, self._base = text, last.last_entry
        if first is None or last is None:
            return None
        return replace(last, first_entry=first.first_entry)

    # --- the network side ---------------------------------------------------------------

    async def put(self, outgoing: Outgoing | None) -> None:
        """Put `outgoing` in the room (nothing for None)."""
        if outgoing is not None:
            await self._room().send(outgoing.pieces, outgoing.notice)
            self.sent(outgoing)

    async def send(self) -> None:
        """End this player's part and put it in the room. A cut connection raises, the part
        kept: `flush` puts it in the room when the network is back."""
        await self.put(self.end_part())

    async def play_live(self) -> None:
        """Put what this player wrote since the room's text in the room now, before his
        send: the opponent's table shows each action as it is made (his program takes it
        in and waits for the send)."""
        await self.put(self.live_part())

    async def flush(self) -> None:
        """Put the part sent and not yet in the room there (nothing when there is none)."""
        await self.put(self.pending_part())

    async def resend(self) -> None:
        """Put this player's last part in the room again (the opponent's program refused what
        the homeserver made of it)."""
        if self.exchange.why_not_act() is None:
            raise ValueError("you have not sent your part yet")
        await self.put(self._whole(self.session.text(), again=True))

    async def pull(self, wait_ms: int = 0) -> ImportReport | None:
        """Read the room, then `take_in`."""
        self.take(await self._room().fetch(wait_ms))
        return self.take_in()

    def _room(self) -> GameRoom:
        if self.room is None:
            raise ValueError("this game's room is read on another thread")
        return self.room


async def join_network_game(
    ruleset: Ruleset,
    room: GameRoom,
    creator: str | None,
    identity: Identity,
    fresh: Callable[[], str] | None = None,
    wait_ms: int = 10_000,
    path: Path | None = None,
    clock: Callable[[], str] | None = None,
) -> NetworkGame:
    """Join the game of the room from its creator's first part (`creator`: his Matrix id;
    None: whoever else sent the room's first part): the JOIN entry brings this player's
    key; with `path`, the game is written there. JournalError when the part cannot be
    joined; TimeoutError when it is not in the room."""
    assembly: Assembly | None = None
    for arrived in await room.fetch(wait_ms):
        if not arrived.is_piece:
            continue
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
    timed = {"clock": clock} if clock is not None else {}
    session = join_game(ruleset, text, path=path, identity=identity, fresh=fresh, **timed)
    return NetworkGame(session, room, creator, shared=text)
