"""[18.1, 3.1] What an entry of the other side may do to the reader's units in a fogged e-mail
game: the one judgement of the other side's entries that the reader's program can make
before the game ends, because it rests on the reader's own units alone (reading 193).

The writer's program applies his action to his world, which holds of the reader's units
those the reader's exposure shows and nothing of the others (belief.py): no honest entry
names another, in any mode. Outside free play the rules let an action act with its
player's own units only (3.1, 8.1 moves, 9.3 displacements, 11.2 leads and guns, 11.6
losses, 11.8 advances, 16.2 engineers, 17.4, 5.1, 5.2) and name an enemy unit only as the
one it fires at (`target_unit`: 11.2, 12.4, 4.6): the reader's units change by what the
rules make of that (results, retreats, displacements), which the reader's own world
computes. A hand edit changes nothing outside set-up in strict play (3.1), and in set-up
only its player's own units (19.11): the engine's judge of hand edits reads public facts
only (the step, whose units they are, the scenario's set-up), so the reader applies it."""

from __future__ import annotations

from dataclasses import dataclass, replace

from owsqt.rules.actors import TARGETS
from owsqt.rules.core.actions import Action, ManualEdit, PlaceAirUnit
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.freeplay.manual import judge_manual_edit
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.worlds.belief import World
from owsqt.rules.worlds.exposure import Exposure
from owsqt.rules.worlds.naming import named

TRESPASS_RULE = "18.1 e-mail"
"""The rule a trespass breaks: e-mail play under fog of war (docs/pbem-format.md)."""


@dataclass(frozen=True, slots=True)
class Trespass:
    """[18.1] What an entry of the other side does that its writer could not: the rule, and
    why in words."""

    rule: str
    why: str


def trespass(
    world: World, writer: Player, action: Action, shown: Exposure, mode: Mode
) -> Trespass | None:
    """[18.1, 3.1, 19.11] What `action`, the public action of an entry `writer` wrote, does
    to the reader's units in the reader's `world` that no program of `writer` could write
    in `mode`, the reader having last shown `shown`; None: nothing."""
    ruleset = world.ruleset
    reader = world.side
    ground = ruleset.catalogue.ground
    told = f"a {writer.title} tell's {action.kind}"
    for unit_id in named(action, ground):
        if ground[unit_id].player is reader and unit_id not in shown.units:
            return Trespass(
                TRESPASS_RULE,
                f"{told} names the {reader.title} unit {ruleset.unit_name(unit_id)}, which "
                f"the {writer.title} world cannot hold: it does not show",
            )
    if mode is Mode.FREE:  # the counters are anyone's to move by hand, as on a real table
        return None
    verb = "edits" if isinstance(action, ManualEdit) else "acts with"
    for unit_id in acting_with(ruleset, action, reader):
        return Trespass(
            TRESPASS_RULE,
            f"{told} {verb} the {reader.title} unit {ruleset.unit_name(unit_id)}: a player "
            "acts with his own units and names the enemy's only as the unit he fires at (3.1)",
        )
    if mode is Mode.STRICT and isinstance(action, ManualEdit):
        for violation in judge_manual_edit(ruleset, world.state, action):
            return Trespass(violation.rule, f"{told} is a hand edit: {violation.message}")
    return None


def acting_with(ruleset: Ruleset, action: Action, side: Player) -> list[str]:
    """[3.1] The units (ground or air) of `side` that `action` names other than as the unit
    it fires at (`TARGETS`): those it would act with, or edit by hand."""
    catalogue = ruleset.catalogue
    fired_at = {name: None for name in TARGETS if hasattr(action, name)}
    acting = replace(action, **fired_at) if fired_at else action
    found = [u for u in named(acting, catalogue.ground) if catalogue.ground[u].player is side]
    if isinstance(action, PlaceAirUnit):
        air = catalogue.air.get(action.air_unit)
        if air is not None and air.player is side:
            found.append(action.air_unit)
    return found
