"""The ten-sided die: a counter-based generator whose state is a few integers (2.0).

The sequential die: roll n of a game with seed s is derived from SHA-256(s, n), so the
state in GameState is just (seed, rolls made). Replaying a journal reproduces every roll,
and reloading a game never changes one.

The keyed die of a game with the fog of war (18.1): a roll is derived from the seed, the
number of the action being applied, the player it is for, its purpose, and how many rolls
of that player and purpose the action made before it. Two programs that replay one game
and roll for different hidden units therefore still agree on every roll they both make.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field, replace

from owsqt.rules.core.codec import OMITTED_AT_DEFAULT
from owsqt.rules.core.vocabulary import Player

DIE_SIDES = 10

KEYED_DICE = "keyed-dice"
"""[18.1] The option, in `GameState.options` and a file's `options:` line, of a game rolled
with the keyed die. The program records it for every new game with the fog of war
(rules/fog/option.py); a fogged game recorded without it rolls the sequential die."""


@dataclass(frozen=True, slots=True)
class KeyedCount:
    """How many rolls for `player` with `purpose` the action being applied has made."""

    player: Player | None
    purpose: str
    made: int


@dataclass(frozen=True, slots=True)
class DieKeys:
    """[2.0, 18.1] Where the keyed die stands: the number of the action being applied (0
    before the first) and that action's rolls so far, by player and purpose."""

    action: int = 0
    counts: tuple[KeyedCount, ...] = ()

    def counted(self, player: Player | None, purpose: str) -> tuple[int, DieKeys]:
        """How many rolls for `player` and `purpose` this action made before this one, and
        the keys that count this one too."""
        for index, count in enumerate(self.counts):
            if count.player is player and count.purpose == purpose:
                counts = (
                    *self.counts[:index],
                    KeyedCount(player, purpose, count.made + 1),
                    *self.counts[index + 1 :],
                )
                return count.made, DieKeys(self.action, counts)
        return 0, DieKeys(self.action, (*self.counts, KeyedCount(player, purpose, 1)))


@dataclass(frozen=True, slots=True)
class DiceState:
    """`script`: rolls to come first, in order; the rulebook's worked examples are played
    through the engine with the book's dice this way. `keys`: None for the sequential die,
    the keyed die's place otherwise. `rolls_made` counts every roll, by either die."""

    seed: int
    rolls_made: int = 0
    script: tuple[int, ...] = ()
    keys: DieKeys | None = field(default=None, metadata=OMITTED_AT_DEFAULT)

    @staticmethod
    def new(seed: int, options: tuple[str, ...] = ()) -> DiceState:
        """A new game's die: keyed if `options` hold KEYED_DICE (18.1), else sequential."""
        return DiceState(seed, keys=DieKeys() if KEYED_DICE in options else None)

    def roll(self, purpose: str, player: Player | None) -> tuple[int, DiceState]:
        """The next roll (1-10) for `player` with `purpose`, and the state after it."""
        keys = self.keys
        occurrence = 0
        if keys is not None:
            occurrence, keys = keys.counted(player, purpose)
        if self.script:
            return self.script[0], DiceState(self.seed, self.rolls_made + 1, self.script[1:], keys)
        if keys is None:
            key = f"{self.seed}:{self.rolls_made}"
        else:  # the purpose last: the fields before it hold no colon, so no two keys meet
            who = "-" if player is None else player.value
            key = f"{self.seed}:{keys.action}:{who}:{occurrence}:{purpose}"
        digest = hashlib.sha256(key.encode("utf-8")).digest()
        # 2**64 is not a multiple of 10; the bias is below 1e-18 and cannot be felt.
        value = int.from_bytes(digest[:8], "big") % DIE_SIDES + 1
        return value, DiceState(self.seed, self.rolls_made + 1, (), keys)

    def begin_action(self) -> DiceState:
        """[18.1] The die as the next action begins: the keyed die counts that action's
        rolls afresh; the sequential die does not change."""
        if self.keys is None:
            return self
        return replace(self, keys=DieKeys(self.keys.action + 1))


def new_seed() -> int:
    """A fresh seed for a new game."""
    return secrets.randbits(64)
