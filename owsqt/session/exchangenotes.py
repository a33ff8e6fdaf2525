"""The words the entries of an e-mail exchange write on their `=` lines, in one place: the
exchange writes them (email.py, game.py, fogmail.py), and a replay accepts on such an entry
only the words owsqt writes there (docs/pbem-format.md, "Replay and re-validation"), so
that a signed file cannot show a line of the log that did not happen ("The German player
concedes", a die roll) on a send, a join or a seal."""

from __future__ import annotations

from owsqt.journal.textformat import Entry, EntryKind
from owsqt.rules.core.vocabulary import Player
from owsqt.session.secrets import ALLOCATION, BID, SECRETS

REVEALED = "The dice seed is agreed: both players' shares are in."  # one seed (older games)


def revealed(file: int) -> str:
    """[Dice] The reveal that begins a file of per-file dice."""
    return f"The dice of file {file} are agreed: both players' shares are in."


def joined(side: Player) -> str:
    return f"The {side.title} player joins the game."


def sent(number: int | str, to: Player | str) -> str:
    name = to.title if isinstance(to, Player) else str(to).capitalize()
    return f"File {number} sent to the {name} player."


def sealed(side: Player, what: str) -> str:
    """[6.1, 4.3] A bid or an air allocation sealed."""
    return f"{side.title} {what} sealed until both have made theirs."


def ordered(side: Player) -> str:
    """[E-mail play] A side's standing orders given (session/orders.py)."""
    return f"The {side.title} player gives his standing orders."


def opened(side: Player) -> str:
    """[18.1] A side's secret of its told actions, at the end of a fogged game."""
    return f"The {side.title} player opens every action he sealed (18.1)."


def sealed_ahead(side: Player, what: str, turn: int) -> str:
    """[6.1, 4.3] A bid or an air allocation sealed ahead of its step."""
    return f"{side.title} {what} for turn {turn} sealed until both are in."


def shown(side: Player, what: str, number: int) -> str:
    """[6.1, 4.3] A bid or an allocation sealed ahead, shown once both are in."""
    return f"The {side.title} player shows the {what} he sealed at entry {number}: both are in."


def answered(side: Player) -> str:
    """[18.1, 4.6] The answer to a strike on a hidden stack."""
    return f"The {side.title} player tells what the strike found (18.1)."


def written_on(entry: Entry, file: int | None = None) -> tuple[tuple[str, ...], ...]:
    """Every narration owsqt writes on `entry`, an entry of the exchange (a join, reveal,
    seal, send or open) or an answer to a strike: the one its words must be. `file`: the
    number of the file a reveal of per-file dice begins (None in a game of one seed)."""
    side = Player(entry.by or "")
    if entry.kind is EntryKind.JOIN:
        return ((joined(side),),)
    if entry.kind is EntryKind.REVEAL:
        return ((REVEALED,),) if file is None else ((revealed(file),),)
    if entry.kind is EntryKind.SEAL:  # the sealed action is the writer's secret until shown
        ahead = entry.field("for")
        if ahead is not None:
            word, _, turn = ahead.partition(" ")
            what = SECRETS[word].what if word in SECRETS else word
            return ((sealed_ahead(side, what, int(turn) if turn.isdigit() else 0),),)
        return tuple((sealed(side, secret.what),) for secret in (BID, ALLOCATION))
    if entry.kind is EntryKind.SHOW:  # what it shows is a bid or an allocation
        seal = entry.field("seal") or ""
        number = int(seal[1:]) if seal[1:].isdigit() else 0
        return tuple((shown(side, secret.what, number),) for secret in (BID, ALLOCATION))
    if entry.kind is EntryKind.SEND:
        return ((sent(entry.field("file") or "", entry.field("to") or ""),),)
    if entry.kind is EntryKind.OPEN:
        return ((opened(side),),)
    if entry.kind is EntryKind.ORDERS:
        return ((ordered(side),),)
    return ((answered(side),),)  # a TELL without a seal: the answer to a strike
