"""One cell of each die-roll table: combat, bombardment, counterbattery and air combat results."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class CombatResult:
    """One Combat Results Table cell (rule 11.5): mandatory and optional strength point results.

    ``str()`` prints the rulebook notation: ``1/3``, ``-/1``, ``-/-``.
    """

    mandatory: int
    optional: int

    @classmethod
    def parse(cls, text: str) -> CombatResult:
        """Read ``"1/3"``, ``"-/1"`` or ``"-/-"``; raises ValueError otherwise."""
        match = re.fullmatch(r"\s*(-|\d+)\s*/\s*(-|\d+)\s*", text)
        if not match:
            raise ValueError(f"not a combat result: {text!r}")
        left, right = match.groups()
        return cls(0 if left == "-" else int(left), 0 if right == "-" else int(right))

    @property
    def total(self) -> int:
        """Mandatory plus optional: all losses when retreating through a ZOC (11.7), or the
        advance when the defender is destroyed by bombardment (11.8)."""
        return self.mandatory + self.optional

    @property
    def no_effect(self) -> bool:
        """True for ``-/-``."""
        return self.total == 0

    def __str__(self) -> str:
        def side(n: int) -> str:
            return str(n) if n else "-"

        return f"{side(self.mandatory)}/{side(self.optional)}"


@dataclass(frozen=True, slots=True)
class BombardmentResult:
    """One Bombardment Table cell (12.4): strength points lost (or interdiction MP, 4.5) and
    whether the target is disrupted. ``str()`` prints ``-``, ``2`` or ``3D`` as the book does."""

    losses: int
    disrupted: bool

    @classmethod
    def parse(cls, text: str) -> BombardmentResult:
        """Read ``"-"``, ``"2"``, ``"3D"`` (or ``"D"``); raises ValueError otherwise."""
        text = text.strip()
        if text == "-":
            return cls(0, False)
        match = re.fullmatch(r"(\d*)(D?)", text)
        if not match or not text:
            raise ValueError(f"not a bombardment result: {text!r}")
        number, disrupt = match.groups()
        return cls(int(number) if number else 0, bool(disrupt))

    @property
    def no_effect(self) -> bool:
        """True for ``-``."""
        return self.losses == 0 and not self.disrupted

    def reduced(self, by: int) -> BombardmentResult:
        """The result with its losses reduced (never below zero); disruption is kept.

        Used for entrenched targets: "result reduced by 1 if target unit entrenched".
        """
        return BombardmentResult(max(0, self.losses - by), self.disrupted)

    def __str__(self) -> str:
        if self.no_effect:
            return "-"
        return f"{self.losses or ''}{'D' if self.disrupted else ''}"


@dataclass(frozen=True, slots=True)
class CounterbatteryResult:
    """One Counterbattery Table cell (12.4): ``S`` suppressed, digits strength points lost.

    ``str()`` prints ``-``, ``S``, ``S1`` or ``S2``.
    """

    suppressed: bool
    losses: int

    @classmethod
    def parse(cls, text: str) -> CounterbatteryResult:
        """Read ``"-"``, ``"S"``, ``"S1"``, ``"S2"`` (or a bare number); raises ValueError."""
        text = text.strip()
        if text == "-":
            return cls(False, 0)
        match = re.fullmatch(r"(S?)(\d*)", text)
        if not match or not text:
            raise ValueError(f"not a counterbattery result: {text!r}")
        suppress, number = match.groups()
        return cls(bool(suppress), int(number) if number else 0)

    @property
    def no_effect(self) -> bool:
        """True for ``-``."""
        return not self.suppressed and self.losses == 0

    def __str__(self) -> str:
        if self.no_effect:
            return "-"
        return f"{'S' if self.suppressed else ''}{self.losses or ''}"


@dataclass(frozen=True, slots=True)
class AirCombatResult:
    """One Air Combat Results Table cell (4.4): ``A`` aborts, ``D`` disrupted, ``AD`` both."""

    abort: bool
    disrupted: bool

    @classmethod
    def parse(cls, text: str) -> AirCombatResult:
        """Read ``"-"``, ``"A"``, ``"AD"`` (or ``"D"``); raises ValueError otherwise."""
        text = text.strip()
        if text == "-":
            return cls(False, False)
        if text not in ("A", "D", "AD"):
            raise ValueError(f"not an air combat result: {text!r}")
        return cls("A" in text, "D" in text)

    @property
    def no_effect(self) -> bool:
        """True for ``-``."""
        return not self.abort and not self.disrupted

    def __str__(self) -> str:
        if self.no_effect:
            return "-"
        return ("A" if self.abort else "") + ("D" if self.disrupted else "")
