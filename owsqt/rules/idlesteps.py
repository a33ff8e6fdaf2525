"""Steps that need nobody pass by themselves (3.1): a step in which no player has a choice
the rules allow ends as soon as it is reached, and a side that has no ready air unit makes
the one allocation it can, the empty one (4.3). The engine runs `pass_idle` after every
action of a game whose options hold STEPS_PASS (every game made since; older files replay
as they were played, each of these steps ended by a player's entry). Each thing done is
told by a `Passed` event, with its rule, in the log and in the journal's narration.

A step is idle when, in its segment:

- Air Allocation (4.3): no side is left to allocate (every side has, or the weather grounds
  every air unit, 4.2);
- Air Combat (4.4): no air battle is left to fight (none was joined, or all are fought);
- Air Bombardment (4.6): no air unit of either side flies a ground attack mission;
- Interdiction (4.5): no German air unit flies an interdiction mission;
- Operation Thunderclap Initiation (5.1): the German player may not attempt it;
- Sixth Army Activation (5.1): Thunderclap is not under way, or no Sixth Army unit is
  left to place or to move (not under the fog of war: which may move is the German's own);
- Soviet Ring Forces (5.2): no Ring army is due a release roll or a release, and no Ring
  unit may move;
- Initiative Determination (6.1): the initiative is determined;
- Disruption Removal (17.2), Fired Marker Removal (17.1), Air Recovery (4.7): their rolls
  and removals are the rules' own, nobody chooses anything;
- Replacement (17.4): no side may raise a unit or bring one back.

What passes is part of the file format: a game file replays only while the engine passes
the steps it passed when it was played. A change to these tests needs an option of its own
(`steps-pass-2`), the old one kept for the files made with it.

The player phases' segments never pass by themselves: the 7.2 choice of the mechanized
segments' order, a bridge or an entrenchment begun, a move or an attack may always be his.

[18.1] Under the fog of war each side's program plays on its own world, in which the
enemy's hidden units are phantoms; both worlds must pass the same steps, so a step whose
idleness reads hidden units (Thunderclap's condition reads the German units' strengths,
the Ring Forces and the replacements the units' own state) does not pass by itself there.
Air units are never hidden, nor the state of the initiative or of Thunderclap."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from owsqt.rules import endstep
from owsqt.rules.air import allocation
from owsqt.rules.air.allocation import STEP_THREE, allocation_step
from owsqt.rules.air.charts import flying_weather, units_in, weather_of
from owsqt.rules.air.strikes import mission_aircraft
from owsqt.rules.core.actions import Action, AllocateAir, EndStep
from owsqt.rules.core.events import Event, Passed
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import STEPS_PASS, Phase, Segment
from owsqt.rules.core.vocabulary import AirBox, Player
from owsqt.rules.fog.option import fog_on
from owsqt.rules.movement.moveaction import movable_units
from owsqt.rules.movement.stackmove import stack_move
from owsqt.rules.pocket.placement import placing_now, waiting_units
from owsqt.rules.pocket.ring import releases_due, rolls_due
from owsqt.rules.pocket.thunderclap import may_attempt
from owsqt.rules.recovery.candidates import any_replacement
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.turn.formations import units_move
from owsqt.rules.turn.initiative import determined_this_turn

LIMIT = 64  # far more steps than a turn has: a loop of passes would be a bug

Idle = Callable[[Ruleset, GameState], str | None]


@dataclass(frozen=True, slots=True)
class IdleStep:
    """Why a segment's step has nothing for anyone to decide (None: it has), by its rule;
    `public`: whether that reads only what both sides know under the fog of war (18.1)."""

    rule: str
    idle: Idle
    public: bool = True
    fogged: Idle | None = None  # 18.1: the part of `idle` that reads only what both know


def _test(step: IdleStep, state: GameState) -> Idle | None:
    """The test that says whether `step` passes now: under the fog of war, only one that
    reads what both sides know (18.1)."""
    if not fog_on(state) or step.public:
        return step.idle
    return step.fogged


def _allocation(ruleset: Ruleset, state: GameState) -> str | None:
    if allocation_step(ruleset, state) is not None:
        return None
    if not flying_weather(ruleset, state):
        return f"no air unit flies on turn {state.turn} (4.2: {weather_of(ruleset, state)})"
    return "every side has allocated its air units"


def _air_combat(ruleset: Ruleset, state: GameState) -> str | None:
    return None if state.air.battles else "no air battle is left to fight"


def _air_bombardment(ruleset: Ruleset, state: GameState) -> str | None:
    if any(mission_aircraft(ruleset, state, p, AirBox.GROUND_ATTACK) for p in Player):
        return None
    return "no air unit flies a ground attack mission"


def _interdiction(ruleset: Ruleset, state: GameState) -> str | None:
    if mission_aircraft(ruleset, state, Player.GERMAN, AirBox.INTERDICTION):
        return None
    return "no German air unit flies an interdiction mission"


def _thunderclap(ruleset: Ruleset, state: GameState) -> str | None:
    return None if may_attempt(ruleset, state) else "Operation Thunderclap may not be attempted"


def _sixth_army(ruleset: Ruleset, state: GameState) -> str | None:
    idle = _no_thunderclap(ruleset, state)
    if idle is not None or (placing_now(state) and waiting_units(ruleset, state)):
        return idle
    return None if _movers(ruleset, state) else "no Sixth Army unit is left to place or to move"


def _no_thunderclap(ruleset: Ruleset, state: GameState) -> str | None:
    """[5.1] The Sixth Army's step while Thunderclap is not under way: public, where which
    Sixth Army units may still move is the German's to know (18.1)."""
    if placing_now(state) or units_move(state):
        return None
    return "Operation Thunderclap is not under way"


def _movers(ruleset: Ruleset, state: GameState) -> bool:
    """Whether the acting player has a unit he may move now to another hex (8.1, 5.1, 5.2):
    a stack in motion with no movement point left for a step has none."""
    for hex_ in state.stacks:
        units = movable_units(ruleset, state, hex_)
        if units and any(h != hex_ for h in stack_move(ruleset, state, units).reach().spent):
            return True
    return False


def _ring_forces(ruleset: Ruleset, state: GameState) -> str | None:
    if rolls_due(state) or releases_due(state) or _movers(ruleset, state):
        return None
    return "no Ring army is due a release roll and no Ring unit may move"


def _initiative(ruleset: Ruleset, state: GameState) -> str | None:
    return "the initiative is determined" if determined_this_turn(state) else None


def _nobody_chooses(ruleset: Ruleset, state: GameState) -> str | None:
    return "it asks no player's choice"


def _replacement(ruleset: Ruleset, state: GameState) -> str | None:
    return None if any_replacement(ruleset, state) else "no side may raise or bring back a unit"


IDLE_STEPS: dict[Segment, IdleStep] = {
    Segment.AIR_ALLOCATION: IdleStep("4.3", _allocation),
    Segment.AIR_COMBAT: IdleStep("4.4", _air_combat),
    Segment.AIR_BOMBARDMENT: IdleStep("4.6", _air_bombardment),
    Segment.INTERDICTION: IdleStep("4.5", _interdiction),
    Segment.THUNDERCLAP_INITIATION: IdleStep("5.1", _thunderclap, public=False),
    Segment.SIXTH_ARMY_ACTIVATION: IdleStep("5.1", _sixth_army, False, _no_thunderclap),
    Segment.SOVIET_RING_FORCES: IdleStep("5.2", _ring_forces, public=False),
    Segment.INITIATIVE_DETERMINATION: IdleStep("6.1", _initiative),
    Segment.DISRUPTION_REMOVAL: IdleStep("17.2", _nobody_chooses),
    Segment.REPLACEMENT: IdleStep("17.4", _replacement, public=False),
    Segment.FIRED_MARKER_REMOVAL: IdleStep("17.1", _nobody_chooses),
    Segment.AIR_RECOVERY: IdleStep("4.7", _nobody_chooses),
}


def forced(ruleset: Ruleset, state: GameState) -> tuple[Action, Passed] | None:
    """What the rules do by themselves now, with the event that tells it: the empty
    allocation of a side with no ready air unit (`_empty_allocation`), or the end of an
    idle step; None when somebody has a choice to make, or the game does not pass steps."""
    if STEPS_PASS not in state.options or state.phase in (Phase.SETUP, Phase.GAME_OVER):
        return None
    if state.combat is not None or state.special_fire is not None:
        return None
    allocating = _empty_allocation(ruleset, state)
    if allocating is not None:
        return allocating
    step = IDLE_STEPS.get(state.segment)
    test = None if step is None else _test(step, state)
    if step is None or test is None:
        return None
    why = test(ruleset, state)
    if why is None:
        return None
    end = EndStep(player=state.active)
    if endstep.HANDLERS[EndStep][0](ruleset, state, end):  # 9.3, 6.2: it may not end yet
        return None
    return end, Passed(step.rule, f"the {state.segment.title} segment passes: {why}")


def _empty_allocation(ruleset: Ruleset, state: GameState) -> tuple[Action, Passed] | None:
    """[4.3] The side due to allocate (step 1 or 2), or the German side placing fighters
    after the reveal (step 3), with no ready air unit it could place: it places none."""
    if state.segment is not Segment.AIR_ALLOCATION:
        return None
    step = allocation_step(ruleset, state)
    if step is None or step[0] in state.air.sealed:  # a sealed allocation is its own to show
        return None
    player, number = step
    ready = units_in(ruleset, state, player, AirBox.READY)
    if number == STEP_THREE:
        ready = tuple(u for u in ready if ruleset.catalogue.air[u].type.is_fighter)
        what = f"the German player has no ready fighter to place after the reveal (step {number})"
    else:
        what = f"the {player.title} player has no ready air unit to allocate (step {number})"
    if ready:
        return None
    return AllocateAir(player=player, missions=FrozenMap()), Passed("4.3", what)


def pass_idle(ruleset: Ruleset, state: GameState) -> tuple[GameState, list[Event]]:
    """[3.1] Do what the rules do by themselves (`forced`) until somebody has a choice."""
    events: list[Event] = []
    for _ in range(LIMIT):
        found = forced(ruleset, state)
        if found is None:
            return state, events
        action, passed = found
        resolve = _RESOLVE[type(action)]
        state, done = resolve(ruleset, state, action)
        events.extend((passed, *done))
    raise AssertionError(f"{LIMIT} steps passed by themselves in a row")


Resolve = Callable[[Ruleset, GameState, Any], tuple[GameState, Sequence[Event]]]
_RESOLVE: dict[type[Action], Resolve] = {
    EndStep: endstep.HANDLERS[EndStep][1],
    AllocateAir: allocation.HANDLERS[AllocateAir][1],
}
