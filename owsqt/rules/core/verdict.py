"""Violations and verdicts: the rules' judgement of one action, with rule numbers."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Mode(StrEnum):
    """How the rules are enforced (architecture: one verdict, three modes)."""

    FREE = "free"  # nothing is refused, nothing judged: a table as in VASSAL
    ASSIST = "assist"  # violations are applied and logged with their rule numbers
    STRICT = "strict"  # violations refuse the action


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule: its number in the rulebook and a sentence a player understands."""

    rule: str
    message: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}"


@dataclass(frozen=True, slots=True)
class Verdict:
    violations: tuple[Violation, ...] = ()

    @property
    def legal(self) -> bool:
        return not self.violations


class InvalidAction(ValueError):
    """An action that cannot mean anything in any mode: an unknown unit, a strength of -3."""
