"""[6.1, 4.3] The sealed actions of an e-mail game: sealed, checked when shown, and shown.

The first bid of planned attacks of a turn, and its first air allocation, are sealed in the
file (secrets.py says which): the opponent sees only that it is made, and makes his own
without knowing it. Its owner's program shows it once the opponent has made his own; a file
read back must show each as it was sealed.

A bid, or an air allocation, may also be sealed ahead, in a file its player sends anyway,
for its next step (secrets.ahead_turn): a SEAL entry naming what and the turn it is `for`.
Once both sides' of that turn are sealed, each owner's program shows his own with the next
file he writes (a SHOW entry: the key that opens it), and at the step the program that
holds the game makes both, each checked against its seal: no file goes back and forth for
them alone. One made at its step while the opponent's is sealed ahead is made in the open:
he is bound already. An allocation sealed ahead whose opponent is not bound when its step
comes (step 1) stands in sealed as one sealed at the step does.

The exchange (email.py) holds one SealedBids."""

from __future__ import annotations

from dataclasses import dataclass, replace

from owsqt.journal import pbem
from owsqt.journal.textformat import Entry, EntryKind, JournalError, is_hex
from owsqt.rules.core.actions import Action, action_from_data, action_to_data
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player
from owsqt.session import exchangenotes as notes
from owsqt.session import secrets
from owsqt.session.exchangegame import Game
from owsqt.session.secrets import ALLOCATION, SECRETS, Secret


@dataclass(frozen=True, slots=True)
class Sealed:
    """One sealed action not made yet: its SEAL entry, commitment, kind and turn; `ahead`:
    sealed before its step; `key`: what opens it, once its owner has shown it ahead."""

    number: int
    seal: str
    secret: Secret
    turn: int
    ahead: bool = False
    key: str | None = None


Seals = dict[tuple[str, Secret], Sealed]  # (side, kind) -> its sealed action


class SealedBids:
    """The actions sealed and not made yet, a side's at most one of each kind at a time."""

    def __init__(self, game: Game) -> None:
        self._game = game
        self._seals: Seals = {}

    # --- what stands sealed ----------------------------------------------------------------

    def _live(self) -> Seals:
        """The seals whose step has not passed (one for a step that passed lapses)."""
        state = self._game.state
        return {k: v for k, v in self._seals.items() if secrets.live(k[1], v.turn, state)}

    def _of_step(self) -> dict[str, Sealed]:
        """The seals of the current step: each counts as its side's action made."""
        state = self._game.state
        step = secrets.of_step(state)
        return {
            side: sealed
            for (side, secret), sealed in self._live().items()
            if secret is step and sealed.turn == state.turn
        }

    @property
    def open_seals(self) -> dict[str, int]:
        """The current step's actions sealed and not shown yet (6.1, 4.3): side -> the entry
        that sealed it."""
        return {side: sealed.number for side, sealed in self._of_step().items()}

    def made_sealed(self) -> set[str]:
        """The sides whose action of the current step is sealed and counts as made: not
        yet to be shown, the opponent not being bound to his own (who acts now is the
        opponent; once he is bound, the sealer's program must show it)."""
        state = self._game.state
        return {
            side
            for side, sealed in self._of_step().items()
            if sealed.key is None
            and not self._committed(Player(side).opponent, sealed.secret, state.turn)
        }

    def own_sealed(self, mine: frozenset[str]) -> dict[str, Action]:
        """The current step's sealed actions of the sides `mine`, opened with this key."""
        return {
            side: self._sealed_action(sealed)
            for side, sealed in self._of_step().items()
            if side in mine
        }

    def described(self) -> list[str]:
        """Each sealed action not made yet, in words (the e-mail game's details)."""
        shown = {True: "shown: it is made at its step", False: "not shown yet"}
        return [
            f"The {side.capitalize()} {secret.what} for turn {sealed.turn}, sealed at entry "
            f"{sealed.number}, is {shown[sealed.key is not None]}."
            for (side, secret), sealed in sorted(self._live().items(), key=lambda i: i[1].number)
        ]

    def _committed(self, side: Player, secret: Secret, turn: int) -> bool:
        """Whether `side` is bound to his `secret` of `turn`: sealed, or made at its step."""
        sealed = self._live().get((side.value, secret))
        if sealed is not None and sealed.turn == turn:
            return True
        state = self._game.state
        if turn != state.turn:
            return False
        if secret is ALLOCATION:
            return side in state.air.allocated
        return side in state.initiative.planned_attacks

    # --- what a player may do --------------------------------------------------------------

    def why_not(self, action: Action) -> str | None:
        """Why `action` may not be made now: its side's one of this turn is sealed already."""
        secret = secrets.kind_of(action)
        if secret is not None and action.player is not None:
            sealed = self._live().get((action.player.value, secret))
            if sealed is not None and sealed.turn == self._game.state.turn:
                return (
                    f"the {action.player.title} {secret.what} of this turn is sealed already "
                    f"({secret.rule})"
                )
        return None

    def why_not_ahead(self, side: Player, secret: Secret) -> str | None:
        """[6.1, 4.3] Why `side` may not seal his next `secret` ahead now (None: he may)."""
        turn = secrets.ahead_turn(self._game.state, side, secret)
        if turn is None:
            return f"no turn is left to seal a {secret.what} for ({secret.rule})"
        sealed = self._live().get((side.value, secret))
        if sealed is not None:
            return f"the {side.title} {secret.what} for turn {sealed.turn} is sealed already"
        return None

    def seal(self, action: Action, before: GameState) -> bool:
        """Whether `action`, legal in `before`, is sealed instead of applied: the first bid
        of a turn, and its first air allocation, are; the opponent sees only that it is
        made, and makes his own without knowing it. An allocation stands in the game as
        made, its boxes unshown. Made while the opponent's is sealed, it is not sealed."""
        secret = secrets.to_seal(action, before)
        if secret is None or action.player is None:
            return False
        if self._committed(action.player.opponent, secret, before.turn):
            return False
        self._write_seal(action, secret, before.turn, ahead=False)
        self._stand_in(action)
        return True

    def seal_ahead(self, action: Action, secret: Secret) -> None:
        """[6.1, 4.3] Seal `action`, its side's `secret` for his next step of it
        (`why_not_ahead` must be None); shown and made as the module says."""
        assert action.player is not None
        if not secrets.sealable(self._game.ruleset, action, action.player):
            raise ValueError(f"this {secret.what} cannot be made by the {action.player.title}")
        turn = secrets.ahead_turn(self._game.state, action.player, secret)
        assert turn is not None
        self._write_seal(action, secret, turn, ahead=True)

    def _write_seal(self, action: Action, secret: Secret, turn: int, *, ahead: bool) -> None:
        assert action.player is not None
        game = self._game
        side = action.player.value
        number = len(game.entries) + 1
        data = action_to_data(action, game.ruleset.grid)
        key = game.identity.secret_for(pbem.seal_label(game.header.game, number))
        seal = pbem.seal_digest(game.header.game, number, data, key)
        fields: tuple[tuple[str, str], ...] = (("seal", seal), ("box", pbem.seal_box(key, data)))
        if ahead:
            fields += (("for", f"{secret.word} {turn}"),)
        words = notes.sealed_ahead(action.player, secret.what, turn) if ahead else None
        game.write_note(
            EntryKind.SEAL,
            side,
            fields=fields,
            narration=(words or notes.sealed(action.player, secret.what),),
            effect=lambda e: self._seals.__setitem__(
                (side, secret), Sealed(e.number, seal, secret, turn, ahead)
            ),
        )

    def _stand_in(self, action: Action) -> None:
        stand_in = secrets.stand_in(action)
        if stand_in is not None and not self._game.write_action(stand_in).applied:
            raise JournalError("your sealed air allocation cannot stand in the game", 0)

    # --- what a program does by itself ------------------------------------------------------

    def show(self, mine: frozenset[str]) -> None:
        """Make or show the sealed actions that may be now, in the order of their steps (the
        Soviet allocation before the German's): the sides `mine` show theirs once the
        opponent is bound too; a shown one is made at its step by whoever holds the game."""
        for _ in range(len(self._seals) + 1):
            if not self._show_one(mine):
                return

    def _show_one(self, mine: frozenset[str]) -> bool:
        """Make, show or stand in one sealed action that may be now; whether it did."""
        state = self._game.state
        ruleset = self._game.ruleset
        for (side, secret), sealed in sorted(self._live().items(), key=lambda i: i[1].number):
            player = Player(side)
            due = secrets.due(ruleset, secret, sealed.turn, player, state)
            if sealed.key is not None:  # shown: made at its step by whoever holds the game
                if due:
                    self._make(side, secret, sealed, sealed.key)
                    return True
                continue
            if side not in mine:
                continue
            bound = self._committed(player.opponent, secret, sealed.turn)
            stood_in = secret is ALLOCATION and player in state.air.sealed
            if stood_in and sealed.turn == state.turn:
                action = self._sealed_action(sealed)
                if secrets.may_show(action, state):
                    self._make(side, secret, sealed, self._key(sealed))
                    return True
            elif due and bound:
                self._make(side, secret, sealed, self._key(sealed))
                return True
            elif due and secret is ALLOCATION:  # 4.3 step 1, the German not bound yet
                self._stand_in(self._sealed_action(sealed))
                return True
            elif not due and sealed.ahead and bound:
                self._write_show(side, secret, sealed)
                return True
        return False

    def _write_show(self, side: str, secret: Secret, sealed: Sealed) -> None:
        key = self._key(sealed)
        self._game.write_note(
            EntryKind.SHOW,
            side,
            fields=(("seal", f"#{sealed.number}"), ("nonce", key)),
            narration=(notes.shown(Player(side), secret.what, sealed.number),),
            effect=lambda e: self._seals.__setitem__((side, secret), replace(sealed, key=key)),
        )

    def _make(self, side: str, secret: Secret, sealed: Sealed, key: str) -> None:
        game = self._game
        action = secrets.fitted(game.ruleset, self._opened(sealed, key), game.state)
        fields = (("unseal", f"#{sealed.number}"), ("nonce", key))
        if not game.write_action(action, fields).applied:
            # it was legal when sealed, its units fitted to those still ready
            raise JournalError(f"the sealed action at entry {sealed.number} is refused now", 0)
        self._seals.pop((side, secret), None)

    # --- what a file brings -----------------------------------------------------------------

    def replayed(self, entry: Entry, action: Action, before: GameState) -> list[tuple[str, str]]:
        """The rules (rule, message) that `action`, read from a file at `entry`, breaks as
        a sealed action: made again while sealed, made otherwise than it was sealed (an
        allocation with the units of it still ready), or made by the other side's program
        before its owner showed it. A made one takes its seal away."""
        secret = secrets.kind_of(action)
        if secret is None or action.player is None:
            return []
        side = action.player.value
        sealed = self._live().get((side, secret))
        unseal = entry.field("unseal")
        if unseal is None:
            if sealed is not None and sealed.turn == before.turn:
                return [(secret.rule, f"the {side} {secret.what} is sealed already")]
            return []
        wrong = [(secret.rule, f"the {secret.what} shown is not the one sealed at entry {unseal}")]
        if sealed is None or f"#{sealed.number}" != unseal or sealed.turn != before.turn:
            return wrong
        ruleset = self._game.ruleset
        opened = self._opens(sealed, entry.field("nonce") or "")
        if (
            opened is None
            or not secrets.sealable(ruleset, opened, action.player)
            or secrets.fitted(ruleset, opened, before) != action
        ):
            return wrong
        del self._seals[side, secret]
        if entry.by != side and sealed.key is None:
            return [(secret.rule, f"the {side} {secret.what} is made before its owner showed it")]
        return []

    def take_seal(self, entry: Entry) -> None:
        """A SEAL entry read from a file: one 64-digit commitment, a side's one of each kind
        at a time; one sealed ahead names what and the turn it is for, the one its side may
        seal."""
        seal, side = entry.field("seal") or "", entry.by or ""
        state = self._game.state
        ahead = entry.field("for")
        turn: int | None = state.turn
        if ahead is None:
            secret = secrets.of_step(state)
        else:
            word, _, number = ahead.partition(" ")
            secret = SECRETS.get(word)
            if secret is None:
                raise JournalError(f"a seal is for a bid or air, not {word!r}", entry.number)
            turn = secrets.ahead_turn(state, Player(side), secret)
            if str(turn) != number:
                why = f"a {secret.what} sealed now is for turn {turn}, not {number}"
                raise JournalError(why, entry.number)
        if secret is None or not is_hex(seal, 64) or (side, secret) in self._live():
            raise JournalError("a seal holds one 64-digit commitment a side", entry.number)
        assert turn is not None
        self._seals[side, secret] = Sealed(entry.number, seal, secret, turn, ahead is not None)

    def take_show(self, entry: Entry) -> None:
        """A SHOW entry read from a file: its writer's action sealed ahead, shown with the key
        that opens it as sealed, once the opponent's is sealed too."""
        side = entry.by or ""
        found = [
            (secret, sealed)
            for (owner, secret), sealed in self._live().items()
            if owner == side and f"#{sealed.number}" == entry.field("seal") and sealed.ahead
        ]
        if not found or found[0][1].key is not None:
            raise JournalError("a show names an action its writer sealed ahead", entry.number)
        secret, sealed = found[0]
        if not self._committed(Player(side).opponent, secret, sealed.turn):
            raise JournalError(
                f"a sealed {secret.what} is shown only once the opponent's is made or sealed "
                f"({secret.rule})",
                entry.number,
            )
        key = entry.field("nonce") or ""
        if not is_hex(key, 64) or self._opens(sealed, key) is None:
            raise JournalError(
                f"the key shown does not open the {secret.what} sealed at entry {sealed.number}",
                entry.number,
            )
        self._seals[side, secret] = replace(sealed, key=key)

    def save_point(self) -> Seals:
        return dict(self._seals)

    def restore(self, saved: Seals) -> None:
        self._seals = saved

    # --- opening ------------------------------------------------------------------------------

    def _key(self, sealed: Sealed) -> str:
        """This player's key of his seal at `sealed.number`."""
        game = self._game
        return game.identity.secret_for(pbem.seal_label(game.header.game, sealed.number))

    def _sealed_action(self, sealed: Sealed) -> Action:
        """The action this player sealed, opened with his own key."""
        return self._opened(sealed, self._key(sealed))

    def _opened(self, sealed: Sealed, key: str) -> Action:
        action = self._opens(sealed, key)
        if action is None:
            raise JournalError(f"the sealed action at entry {sealed.number} cannot be opened", 0)
        return action

    def _opens(self, sealed: Sealed, key: str) -> Action | None:
        """The action `key` opens from the seal at `sealed.number`, if it is the one sealed."""
        game = self._game
        box = game.entries[sealed.number - 1].field("box") or ""
        data = pbem.open_box(key, box) if is_hex(key, 64) else None
        if data is None:
            return None
        if pbem.seal_digest(game.header.game, sealed.number, data, key) != sealed.seal:
            return None
        try:
            action = action_from_data(data, game.ruleset.grid)
        except (ValueError, KeyError, TypeError):
            return None
        return action if secrets.kind_of(action) is sealed.secret else None
