"""Shared helpers of the Soviet Ring Forces tests (5.2): the campaign's default set-up
(the three Ring armies round the pocket) put in the Soviet Ring Forces Segment with
armies attacked and the die scripted, and the kit ruleset with its Soviet army made a
Ring army (the open steppe round 3445, far from the pocket)."""

from __future__ import annotations

from dataclasses import replace

from owsqt.rules.core.actions import Action
from owsqt.rules.core.dice import DiceState
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.rules.data.units import UnitCatalogue
from owsqt.rules.engine import apply
from owsqt.rules.map.zones import pocket_band
from owsqt.rules.movement.zoc import zoc_of
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.session import new_game
from tests.rules.movekit import kit_ruleset

SOVIET, GERMAN = Player.SOVIET, Player.GERMAN
ARMY = "su-64a"  # 64th Army: most of its pieces stand next to the pocket


def campaign_setup(ruleset: Ruleset) -> GameState:
    """Operation Winter Storm after both default set-ups, turn 1's first step."""
    session = new_game(ruleset, "operation-winter-storm", Mode.STRICT, seed=3)
    session.apply_default_setup()
    return session.state


def ring_segment(
    state: GameState, *, attacked: frozenset[str] = frozenset(), dice: tuple[int, ...] = ()
) -> GameState:
    """`state` in the Soviet Ring Forces Segment of turn 2, `attacked` armies on record,
    the next rolls of the die `dice`."""
    return replace(
        state,
        turn=2,
        phase=Phase.STALINGRAD_POCKET,
        segment=Segment.SOVIET_RING_FORCES,
        active=SOVIET,
        ring=replace(state.ring, attacked=attacked),
        dice=DiceState(seed=1, script=dice),
    )


def act(ruleset: Ruleset, state: GameState, action: Action) -> GameState:
    outcome = apply(ruleset, state, action, Mode.STRICT)
    assert outcome.applied, outcome.verdict
    return outcome.state


def rules_refused(ruleset: Ruleset, state: GameState, action: Action) -> list[str]:
    outcome = apply(ruleset, state, action, Mode.STRICT)
    assert not outcome.applied
    return [v.rule for v in outcome.verdict.violations]


def piece_next_to_pocket(ruleset: Ruleset, state: GameState, army: str = ARMY) -> str:
    """The first piece of `army` (not a headquarters) with a movement factor, on a hex next
    to the pocket and outside any real German ZOC."""
    band = pocket_band(ruleset.game_map, 1).hexes
    german = zoc_of(ruleset, state, GERMAN)
    for unit in ruleset.catalogue.units_of(army):
        here = state.units[unit.id]
        if here.status is not UnitStatus.ON_MAP or unit.id.endswith("-hq"):
            continue
        if here.hex in band and here.hex not in german and unit.movement > 0:
            return unit.id
    raise AssertionError(f"no piece of {army} next to the pocket")


def ring_kit(ruleset: Ruleset) -> Ruleset:
    """The kit ruleset with its Soviet army ("s-army") made a Ring Forces army."""
    kit = kit_ruleset(ruleset)
    formations = dict(kit.catalogue.formations)
    formations["s-army"] = replace(formations["s-army"], stays_put=True)
    catalogue = UnitCatalogue(kit.catalogue.ground, kit.catalogue.air, formations)
    return replace(kit, catalogue=catalogue)
