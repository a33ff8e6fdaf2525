"""Which scenario, with which options, a fuzz game plays: the four scenarios in turn, by
seed, so that N games play N/4 of each (19.0); the variant's games choose their optional
German groups (19.41) and the 17th Panzer option at random from the seed."""

from __future__ import annotations

import random
from dataclasses import dataclass

from owsqt.rules.scenario.ruleset import Ruleset

INTRODUCTORY = "we-are-coming"
SCENARIOS = ("we-are-coming", "hoths-last-gasp", "operation-winter-storm", "maximum-effort")


@dataclass(frozen=True, slots=True)
class Setting:
    """A scenario and the options chosen for it."""

    scenario: str = INTRODUCTORY
    options: tuple[str, ...] = ()

    def name(self) -> str:
        chosen = f" [{', '.join(self.options)}]" if self.options else ""
        return f"{self.scenario}{chosen}"


def setting_for(ruleset: Ruleset, seed: int, scenario: str | None = None) -> Setting:
    """Game `seed`'s scenario (`scenario`, or the seed's turn in SCENARIOS) and, for a
    scenario with options, a random choice of them (each with even odds) from the seed."""
    chosen = scenario or SCENARIOS[(seed - 1) % len(SCENARIOS)]
    offered = [option.id for option in ruleset.scenarios[chosen].options]
    rng = random.Random(f"options {seed}")
    return Setting(chosen, tuple(o for o in offered if rng.random() < 0.5))
