"""The ten-sided die: a counter-based generator whose whole state is two integers.

Roll n of a game with seed s is derived from SHA-256(s, n), so the state in
GameState is just (seed, rolls made). Replaying a journal reproduces every
roll, and reloading a game never changes one.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

DIE_SIDES = 10


@dataclass(frozen=True, slots=True)
class DiceState:
    """`script`: rolls to come first, in order; the rulebook's worked examples are played
    through the engine with the book's dice this way."""

    seed: int
    rolls_made: int = 0
    script: tuple[int, ...] = ()

    def roll(self) -> tuple[int, DiceState]:
        """The next roll (1-10) and the state after it."""
        if self.script:
            return self.script[0], DiceState(self.seed, self.rolls_made + 1, self.script[1:])
        digest = hashlib.sha256(f"{self.seed}:{self.rolls_made}".encode("ascii")).digest()
        # 2**64 is not a multiple of 10; the bias is below 1e-18 and cannot be felt.
        value = int.from_bytes(digest[:8], "big") % DIE_SIDES + 1
        return value, DiceState(self.seed, self.rolls_made + 1)


def new_seed() -> int:
    """A fresh seed for a new game."""
    return secrets.randbits(64)
