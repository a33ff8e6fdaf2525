"""The kinds of play a GameSession holds as strategies, and what each of them answers.

Solitaire and hot-seat play are here; e-mail play is the exchange of files (email.py).

A kind of play decides who may write the journal at this computer, not what the game
allows: the engine is the same for all of them."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Protocol

from owsqt.journal.textformat import SIDES, Entry, Header, JournalError, Play
from owsqt.rules.core.actions import Action
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.engine import Outcome
from owsqt.session.problems import Problem


class Players(Protocol):
    """Who plays a game, and where: what GameSession asks of its kind of play."""

    @property
    def share_the_computer(self) -> bool:
        """Two players take turns at this computer, so it is handed over whenever the
        player who acts changes."""
        ...

    @property
    def local_sides(self) -> frozenset[str]:
        """The sides played at this computer, signed by its key."""
        ...

    @property
    def keys(self) -> Mapping[str, str | None]:
        """Each side's public key; None until that side's player has joined."""
        ...

    @property
    def rule(self) -> str:
        """The "rule number" of the refusals of this kind of play (`why_not_act`)."""
        ...

    @property
    def seed_agreed(self) -> bool:
        """Whether the dice's seed is fixed, so that dice may roll."""
        ...

    @property
    def open_seals(self) -> dict[str, int]:
        """Actions sealed and not shown yet (6.1, 4.3): side -> the entry that sealed it."""
        ...

    def own_sealed(self) -> dict[str, Action]:
        """This computer's sealed actions not shown yet, as their owner sees them."""
        ...

    def why_not_act(self, action: Action | None = None) -> str | None:
        """Why the player at this computer cannot act now (None: he can); with `action`,
        also whether that action is his to make."""
        ...

    def why_not_undo(self, target: int) -> str | None:
        """Why the player at this computer may not take back entry `target`, beyond the
        barriers of the history itself (a die, a change of player)."""
        ...

    def why_not_redo(self, target: int) -> str | None:
        """Why the player at this computer may not act again entry `target`, undone, beyond
        whether its action is his to make now (`why_not_act`)."""
        ...

    def waiting_for_opponent(self) -> bool:
        """Whether the game waits only for a player at another computer."""
        ...

    def seal(self, action: Action, before: GameState) -> bool:
        """Whether `action`, legal in `before`, is kept secret for now instead of applied;
        if so its seal is journalled in its place."""
        ...

    def begin_file(self) -> bool:
        """Journal what must begin the part this computer's player writes now, before its
        first entry (e-mail play: the reveal of his share of its dice); whether it did."""
        ...

    def replay_entry(self, entry: Entry) -> None:
        """Take in any entry read from a file, before it is replayed; JournalError when it
        does not fit where it stands (e-mail play: a file's dice)."""
        ...

    def after_entries(self) -> None:
        """Journal what this computer's program writes by itself once new entries are in."""
        ...

    def replay_act(
        self, entry: Entry, action: Action, before: GameState, outcome: Outcome
    ) -> list[Problem]:
        """An action read from a file, before it is journalled: the rules of this kind of
        play that it breaks."""
        ...

    def replay_undo(self, entry: Entry, target: int) -> list[Problem]:
        """An undo of entry `target` read from a file: the rules of this kind of play that
        it breaks."""
        ...

    def replay_exchange(self, entry: Entry) -> None:
        """Take in an entry of the exchange (join, reveal, seal, send) read from a file;
        JournalError when it does not fit."""
        ...


class LocalPlay:
    """Both sides at this computer, signed by its key, rolling from the seed in the header:
    nothing is refused, sealed or waited for, and anything may be taken back that the
    history allows."""

    share_the_computer = False
    local_sides = frozenset(SIDES)
    rule = "local play"  # it refuses nothing

    def __init__(self, header: Header) -> None:
        self.keys = {"german": header.german, "soviet": header.soviet}
        self.seed_agreed = header.seed is not None

    @property
    def open_seals(self) -> dict[str, int]:
        return {}

    def own_sealed(self) -> dict[str, Action]:
        return {}

    def why_not_act(self, action: Action | None = None) -> str | None:
        return None

    def why_not_undo(self, target: int) -> str | None:
        return None

    def why_not_redo(self, target: int) -> str | None:
        return None

    def waiting_for_opponent(self) -> bool:
        return False

    def seal(self, action: Action, before: GameState) -> bool:
        return False

    def begin_file(self) -> bool:
        return False

    def replay_entry(self, entry: Entry) -> None:
        return None

    def after_entries(self) -> None:
        return None

    def replay_act(
        self, entry: Entry, action: Action, before: GameState, outcome: Outcome
    ) -> list[Problem]:
        return []

    def replay_undo(self, entry: Entry, target: int) -> list[Problem]:
        return []

    def replay_exchange(self, entry: Entry) -> None:
        raise JournalError(f"a '{entry.kind.value}' entry belongs to e-mail play", entry.number)


class SolitairePlay(LocalPlay):
    """One player plays both sides at this computer: there is nobody to hand it to."""


class HotSeatPlay(LocalPlay):
    """Two players share this computer and hand it over when the player who acts changes.

    [18.1] With the fog of war the table tells the session while it is being handed over
    (`handed_to`, the curtain of qt/play/curtain.py): until the player it goes to says he
    has it nobody at the computer acts, undoes or redoes, whatever the window lets through."""

    share_the_computer = True
    rule = "18.1"

    def __init__(self, header: Header) -> None:
        super().__init__(header)
        self.handed_to: Player | None = None

    def why_not_act(self, action: Action | None = None) -> str | None:
        if self.handed_to is None:
            return None
        return (
            f"the computer is being handed to the {self.handed_to.title} player: nothing is "
            "played until he says he has it"
        )

    def why_not_undo(self, target: int) -> str | None:
        return self.why_not_act()


class ComputerPlay(LocalPlay):
    """One player against a computer player at this computer (issue 38): the human makes
    no action of the computer's side (`actor` names the side that makes an action); the
    computer's own moves are journalled without this question (session/computer.py).

    The human takes back a computer's move only with his own action before it, all at
    once (computer.take_back, inside `taking_back`), never alone; and the computer's moves
    taken back are not redone: it plays again by itself. `made_by_computer` says whether
    the computer made a journal entry."""

    rule = "play against the computer"

    def __init__(
        self,
        header: Header,
        side: Player,
        actor: Callable[[Action], Player | None],
        made_by_computer: Callable[[int], bool],
    ) -> None:
        super().__init__(header)
        self.computer_side = side
        self._actor = actor
        self._made_by_computer = made_by_computer
        self._taking_back = False
        self._undone_alone: int | None = None  # a computer's entry undone in a file, so far alone

    def why_not_act(self, action: Action | None = None) -> str | None:
        if action is None or self._actor(action) is not self.computer_side:
            return None
        return f"the {self.computer_side.title} side is the computer's to play"

    def why_not_undo(self, target: int) -> str | None:
        if self._taking_back or not self._made_by_computer(target):
            return None
        return (
            "the computer's move is taken back only with your action before it "
            "(take back your last action)"
        )

    def why_not_redo(self, target: int) -> str | None:
        if not self._made_by_computer(target):
            return None
        return "the computer's move is not redone: it plays again by itself"

    def replay_undo(self, entry: Entry, target: int) -> list[Problem]:
        """A file takes back the computer's moves and then the human's action before them
        (computer.take_back): a computer's entry undone is alone until the human's is."""
        self._undone_alone = target if self._made_by_computer(target) else None
        return []

    def replay_act(
        self, entry: Entry, action: Action, before: GameState, outcome: Outcome
    ) -> list[Problem]:
        """An action (or a redo) after a computer's move undone alone: a file edited so
        that the computer's move was taken back without the human's action before it."""
        alone, self._undone_alone = self._undone_alone, None
        if alone is None:
            return []
        why = f"the computer's move #{alone} was taken back without your action before it"
        return [Problem(entry.number, self.rule, why)]

    @contextmanager
    def taking_back(self) -> Iterator[None]:
        """While the human's last action and the computer's moves after it are taken back
        (computer.take_back): the computer's entries may be undone."""
        self._taking_back = True
        try:
            yield
        finally:
            self._taking_back = False


LOCAL_PLAY = {Play.SOLITAIRE: SolitairePlay, Play.HOT_SEAT: HotSeatPlay}
