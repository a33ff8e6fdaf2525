"""Which scenario, with which options, a fuzz game plays: the four scenarios in turn, by
seed, so that N games play N/4 of each (19.0); the variant's games choose their optional
German groups (19.41) and the 17th Panzer option at random from the seed; with --fog every
game is played with the fog of war (18.1) too."""

from __future__ import annotations

import random
from dataclasses import dataclass

from owsqt.rules.fog.option import FOG_OF_WAR
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


def setting_for(
    ruleset: Ruleset, seed: int, scenario: str | None = None, *, fog: bool = False
) -> Setting:
    """Game `seed`'s scenario (`scenario`, or the seed's turn in SCENARIOS) and, for a
    scenario with options, a random choice of them (each with even odds) from the seed;
    `fog`: played with the fog of war (18.1) besides, the rest chosen as without it."""
    chosen = scenario or SCENARIOS[(seed - 1) % len(SCENARIOS)]
    offered = [option.id for option in ruleset.scenarios[chosen].options]
    rng = random.Random(f"options {seed}")
    options = tuple(o for o in offered if rng.random() < 0.5)
    return Setting(chosen, (*options, FOG_OF_WAR) if fog else options)
