"""[6.1, 4.3] The sealed actions of an e-mail game: sealed, checked when shown, and shown.

The first bid of planned attacks of a turn, and its first air allocation, are sealed in the
file (secrets.py says which): the opponent sees only that it is made, and makes his own
without knowing it. Its owner's program shows it once the opponent has made his own; a file
read back must show each as it was sealed. The exchange (email.py) holds one SealedBids."""

from __future__ import annotations

from owsqt.journal import pbem
from owsqt.journal.textformat import Entry, EntryKind, JournalError, is_hex
from owsqt.rules.core.actions import Action, action_from_data, action_to_data
from owsqt.rules.core.state import GameState
from owsqt.session import exchangenotes as notes
from owsqt.session import secrets
from owsqt.session.exchangegame import Game

Seals = dict[str, tuple[int, str]]  # side -> (the entry that sealed it, its seal)


class SealedBids:
    """The actions sealed and not shown yet, a side's at most one at a time."""

    def __init__(self, game: Game) -> None:
        self._game = game
        self._seals: Seals = {}

    @property
    def open_seals(self) -> dict[str, int]:
        """Actions sealed and not shown yet (6.1, 4.3): side -> the entry that sealed it."""
        return {side: number for side, (number, _seal) in self._seals.items()}

    def own_sealed(self, mine: frozenset[str]) -> dict[str, Action]:
        """The sealed actions of the sides `mine` not shown yet, opened with this key."""
        return {s: self._sealed_action(n) for s, (n, _seal) in self._seals.items() if s in mine}

    def why_not(self, action: Action) -> str | None:
        """Why `action` may not be made now: its side's one of this turn is sealed already."""
        secret = secrets.kind_of(action)
        if secret is not None and action.player in self._seals:
            return (
                f"the {action.player.title} {secret.what} of this turn is sealed already "
                f"({secret.rule})"
            )
        return None

    def seal(self, action: Action, before: GameState) -> bool:
        """Whether `action`, legal in `before`, is sealed instead of applied: the first bid
        of a turn, and its first air allocation, are; the opponent sees only that it is
        made, and makes his own without knowing it. An allocation stands in the game as
        made, its boxes unshown."""
        secret = secrets.to_seal(action, before)
        if secret is None or action.player is None:
            return False
        side, opponent = action.player.value, action.player.opponent.value
        if opponent in self._seals or side in self._seals:
            return False
        game = self._game
        number = len(game.entries) + 1
        data = action_to_data(action, game.ruleset.grid)
        key = game.identity.secret_for(pbem.seal_label(game.header.game, number))
        seal = pbem.seal_digest(game.header.game, number, data, key)
        game.write_note(
            EntryKind.SEAL,
            side,
            fields=(("seal", seal), ("box", pbem.seal_box(key, data))),
            narration=(notes.sealed(action.player, secret.what),),
            effect=lambda e: self._seals.__setitem__(side, (e.number, seal)),
        )
        stand_in = secrets.stand_in(action)
        if stand_in is not None and not game.write_action(stand_in).applied:
            raise JournalError(f"your sealed {secret.what} cannot stand in the game", number)
        return True

    def show(self, mine: frozenset[str]) -> None:
        """Show the sealed actions of the sides `mine` that may be shown now (secrets.py)."""
        for side, (number, _seal) in list(self._seals.items()):
            if side in mine:
                sealed = self._sealed_action(number)
                if secrets.may_show(sealed, self._game.state):
                    self._unseal(side, number, sealed)

    def replayed(self, entry: Entry, action: Action) -> list[tuple[str, str]]:
        """The rules (rule, message) that `action`, read from a file at `entry`, breaks as
        a sealed action: made again while sealed, or shown otherwise than it was sealed. A
        shown one takes its seal away."""
        broken: list[tuple[str, str]] = []
        unseal = entry.field("unseal")
        secret = secrets.kind_of(action)
        if unseal is None and secret is not None and entry.by in self._seals:
            broken.append((secret.rule, f"the {entry.by} {secret.what} is sealed already"))
        if unseal is not None:
            number, seal = self._seals.pop(entry.by or "", (None, None))
            nonce = entry.field("nonce") or ""
            game = self._game.header.game
            shown = action_to_data(action, self._game.ruleset.grid)
            if (
                number is None  # no bid of this side is sealed
                or f"#{number}" != unseal
                or pbem.seal_digest(game, number, shown, nonce) != seal
            ):
                rule, what = (secret.rule, secret.what) if secret else ("6.1", "action")
                broken.append((rule, f"the {what} shown is not the one sealed at entry {unseal}"))
        return broken

    def take_seal(self, entry: Entry) -> None:
        """A SEAL entry read from a file: one 64-digit commitment, a side's one at a time."""
        seal = entry.field("seal") or ""
        if not is_hex(seal, 64) or entry.by in self._seals:
            raise JournalError("a seal holds one 64-digit commitment a side", entry.number)
        self._seals[entry.by or ""] = (entry.number, seal)

    def save_point(self) -> Seals:
        return dict(self._seals)

    def restore(self, saved: Seals) -> None:
        self._seals = saved

    def _sealed_action(self, number: int) -> Action:
        """The action this player sealed at entry `number`, opened with his own key."""
        game = self._game
        key = game.identity.secret_for(pbem.seal_label(game.header.game, number))
        box = game.entries[number - 1].field("box") or ""
        data = pbem.open_box(key, box)
        if data is None:
            raise JournalError(f"your sealed action at entry {number} cannot be opened", number)
        return action_from_data(data, game.ruleset.grid)

    def _unseal(self, side: str, number: int, action: Action) -> None:
        game = self._game
        key = game.identity.secret_for(pbem.seal_label(game.header.game, number))
        outcome = game.write_action(action, (("unseal", f"#{number}"), ("nonce", key)))
        if not outcome.applied:  # it was legal when sealed; nothing has changed it since
            raise JournalError(f"your sealed action at entry {number} is refused now", number)
        del self._seals[side]
