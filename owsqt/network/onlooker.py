"""An onlooker of a game played through a Matrix room (issue 40): a room member without a
side follows the game from both players' parts, each checked as its players' programs
check it (the chain and the signatures, then every entry replayed), and reads the room's
chat. His program never writes the game: it has no key of either side. Under the fog of war
an onlooker would read both sides' hidden moves in the file, so none is followed here until
the referee opens them at the end (18.1, docs/network-play.md)."""

from __future__ import annotations

from dataclasses import dataclass, field

from owsqt.journal.identity import Identity
from owsqt.journal.textformat import parse
from owsqt.network.chat import ChatLine, said_in
from owsqt.network.parts import Assembly, PartError, read_piece
from owsqt.network.room import Arrived
from owsqt.rules.fog.option import FOG_OF_WAR
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.session import GameSession, game_from_text

FOG_NOT_FOLLOWED = (
    "an onlooker follows no game under the fog of war (18.1): the file holds both sides' "
    "hidden moves, sealed for their players"
)


@dataclass
class Onlooker:
    """What one onlooker has read of the room: the game so far and the chat."""

    ruleset: Ruleset
    session: GameSession | None = None
    text: str = ""
    chat: list[ChatLine] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._parts: dict[str, Assembly] = {}  # a sender -> his pieces
        self._key = Identity.generate()  # never signs: it is neither side's

    def take(self, arrived: list[Arrived]) -> None:
        self.chat.extend(said_in(arrived))
        for event in arrived:
            if not event.is_piece:
                continue
            try:
                piece = read_piece(event.content)
                self._parts.setdefault(event.sender, Assembly(piece.game)).take(piece)
            except PartError as error:
                self.refused.append(f"{event.event_id}: {error}")

    def take_in(self) -> int:
        """Follow the game as far as the parts read go; how many entries came."""
        came = 0
        while (found := self._next()) is not None:
            sender, part = found
            before = len(self.session.entries) if self.session is not None else 0
            try:
                self._follow(self.text + part)
            except Exception as error:  # a part its players' programs would refuse
                self._parts[sender].refuse(before, part)
                self.refused.append(f"{sender}: {error}")
                return came
            self._parts[sender].forget(before)
            came += len(self.session.entries) - before if self.session is not None else 0
        return came

    def _next(self) -> tuple[str, str] | None:
        base = len(self.session.entries) if self.session is not None else 0
        for sender, assembly in self._parts.items():
            part = assembly.whole(base)
            if part is not None:
                return sender, part
        return None

    def _follow(self, text: str) -> None:
        if self.session is None:
            session = game_from_text(self.ruleset, text, identity=self._key)
            if FOG_OF_WAR in session.state.options:
                raise ValueError(FOG_NOT_FOLLOWED)
            self.session = session
        else:
            known = len(self.session.entries)
            parsed = parse(text, trusted=known)
            self.session.take_in(parsed.entries[known:])
        self.text = text
