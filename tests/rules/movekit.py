"""Shared helpers of the movement-phase tests (issue 6): a sandbox ruleset with formations,
convoys, a rocket regiment, filler units, a small Turn Record Track and a scenario with
reserves and a conditional entry; states put at a given step; hexes of the real map.

The open steppe around 3445 is clear terrain with no road, river, village or pocket for
eight hexes around: a tracked or non-motorized unit pays 1 MP a hex there, a motorized
unit 2 (test_stack_move checks it).
"""

from __future__ import annotations

from dataclasses import replace

from owsqt.rules.core.actions import Action, MoveStack
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.data.units import Formation, Nationality, UnitCatalogue, UnitSize, UnitType
from owsqt.rules.engine import Outcome, apply
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.scenario.scenario import ConditionalEntry, ReserveRelease, Scenario, initial_state
from owsqt.rules.scenario.turntrack import Reinforcement, TurnRecord
from tests.conftest import (
    ART,
    EXAMPLE_AIR,
    EXAMPLE_UNITS,
    FOOT,
    INF,
    MOTOR,
    TANK,
    TRACKED,
    G,
    S,
    ground,
)

OPEN = "3445"  # the centre of eight hexes of open steppe on every side

FORMATIONS = (
    Formation("g-corps", "Test Panzer Corps", None, True),
    Formation("g-pz", "Test Panzer Division", "g-corps", True),
    Formation("g-inf", "Test Infantry Division", "g-corps", False),
    Formation("g-group", "Group Test", "g-inf", False),
    Formation("g-convoys", "Test convoys", "g-corps", False),
    Formation("s-army", "Test Army", None, False),
    Formation("s-tc", "Test Tank Corps", "s-army", True),
    Formation("s-rd", "Test Rifle Division", "s-army", False),
)

FORMATION_OF = {
    "tank": "g-pz",
    "mech": "g-pz",
    "mot6": "g-pz",
    "mot5": "g-inf",
    "hq57": "g-corps",  # 7.1: assigned directly to the corps, so mechanized
    "rifle": "s-rd",
    "at": "s-rd",
    "art": "s-rd",
}


def _convoy(unit_id: str, name: str):
    unit = ground(unit_id, name, G, UnitType.CONVOY, MOTOR, 0, None, 10, 6, 0)
    return replace(unit, size=UnitSize.COMPANY, formation="g-convoys")


def _in(formation: str, unit):
    return replace(unit, formation=formation)


EXTRA_UNITS = (
    _in("g-pz", ground("pz2", "II/201 Pz (10-10)", G, TANK, TRACKED, 10, 5, 10, 7, 6, 3)),
    _in("g-pz", ground("pz3", "III/201 Pz (8-10)", G, TANK, TRACKED, 8, 4, 10, 7, 4, 2)),
    _convoy("convoy1", "Relief Convoy 1"),
    _convoy("convoy2", "Relief Convoy 2"),
    _in("s-rd", ground("rocket", "8 Gds Rocket Rgt", Nationality.SOVIET_GUARDS,
                       UnitType.ROCKET, MOTOR, 4, 2, 8, 4, 2)),
    _in("s-tc", ground("stank", "55 Tank Bde (8-8)", S, TANK, TRACKED, 8, 4, 8, 6, 6, 3)),
    _in("s-tc", ground("stank2", "56 Tank Bde (8-8)", S, TANK, TRACKED, 8, 4, 8, 6, 6, 3)),
    _in("g-group", ground("christea", "Christea Rgt (4-5)", Nationality.RUMANIAN, INF, FOOT,
                          4, 2, 5, 4, 6, 4)),
    _in("g-inf", ground("gart", "II/128 Art 6(4)4", G, ART, MOTOR, 6, 3, 8, 6, 3)),
    *(_in("g-inf", ground(f"gfill{i}", f"Filler {i} (6-6)", G, INF, FOOT, 6, 3, 6, 5, 6))
      for i in range(1, 7)),
    *(_in("s-rd", ground(f"sfill{i}", f"Rifle Rgt {i} (5-5)", S, INF, FOOT, 5, 3, 5, 5, 6))
      for i in range(1, 9)),
)  # fmt: skip

TRACK = (
    TurnRecord(
        1,
        "AM 1",
        "clear",
        "passable",
        reinforcements=(Reinforcement(Player.GERMAN, ("mot5",), None, 0, "A", None),),
    ),
    TurnRecord(
        2,
        "PM 1",
        "clear",
        "passable",
        reinforcements=(Reinforcement(Player.GERMAN, (), "g-pz", 6, None, "1043"),),
        releases=("stank",),
    ),
    TurnRecord(
        3,
        "AM 2",
        "overcast",
        "passable",
        reinforcements=(
            Reinforcement(Player.GERMAN, (), "g-pz", 4, None, "1043"),
            Reinforcement(Player.GERMAN, ("gart",), None, 0, "A", None),
        ),
    ),
    TurnRecord(4, "PM 2", "overcast", "icy"),
)

KIT_SCENARIO = Scenario(
    "kit",
    "Movement kit",
    "19.1",
    1,
    4,
    Player.SOVIET,
    conditional=(
        ConditionalEntry(
            "Group Test", "19.12 e", ("christea",), "4831", {"controls": "4831", "by": "g-inf"}
        ),
    ),
    reserve_release=ReserveRelease(by_turn_record_track=True, when_attacked=True, enemy_within=5),
)  # fmt: skip


def kit_ruleset(ruleset: Ruleset) -> Ruleset:
    """The conftest ruleset with formations, extra counters, a track and the kit scenario."""
    units = [replace(u, formation=FORMATION_OF.get(u.id, u.formation)) for u in EXAMPLE_UNITS]
    units += EXTRA_UNITS
    catalogue = UnitCatalogue(
        {u.id: u for u in units},
        {u.id: u for u in EXAMPLE_AIR},
        {f.id: f for f in FORMATIONS},
    )
    return replace(
        ruleset,
        catalogue=catalogue,
        scenarios={**ruleset.scenarios, KIT_SCENARIO.id: KIT_SCENARIO},
        turn_record_track=TRACK,
    )


def kit_state(rules: Ruleset, seed: int = 1) -> GameState:
    """A kit game before set-up: every counter off the map."""
    return initial_state(rules.catalogue, KIT_SCENARIO, seed=seed)


def at_step(
    state: GameState,
    segment: Segment,
    player: Player | None = Player.GERMAN,
    *,
    phase: Phase = Phase.FIRST_PLAYER,
    turn: int | None = None,
) -> GameState:
    """`state` moved to `segment` of `phase`, `player` acting (the initiative holder in the
    first player phase, his opponent in the second); no initiative bonus."""
    holder = state.initiative.holder
    if player is not None and phase == Phase.FIRST_PLAYER:
        holder = player
    elif player is not None and phase == Phase.SECOND_PLAYER:
        holder = player.opponent
    return replace(
        state,
        turn=state.turn if turn is None else turn,
        phase=phase,
        segment=segment,
        active=player,
        initiative=replace(state.initiative, holder=holder),
    )


def hx(rules: Ruleset, hex_id: str) -> Hex:
    return rules.grid.hex_of(hex_id)


def north(start: str, steps: int) -> list[str]:
    """Hex ids from `start` up its column (rows decreasing), start included."""
    column, row = int(start[:2]), int(start[2:])
    return [f"{column:02d}{row - k:02d}" for k in range(steps + 1)]


def path_of(rules: Ruleset, ids: list[str] | tuple[str, ...]) -> tuple[Hex, ...]:
    return tuple(hx(rules, i) for i in ids)


def put(rules: Ruleset, state: GameState, *actions: Action) -> GameState:
    """Apply actions in FREE play (set a scene)."""
    for action in actions:
        outcome = apply(rules, state, action, Mode.FREE)
        assert outcome.applied
        state = outcome.state
    return state


def move(
    rules: Ruleset,
    state: GameState,
    units: tuple[str, ...],
    ids: list[str] | tuple[str, ...],
    mode: Mode = Mode.STRICT,
    *,
    administrative: bool = False,
) -> Outcome:
    action = MoveStack(units=units, path=path_of(rules, ids), administrative=administrative)
    return apply(rules, state, action, mode)


def rules_of(outcome: Outcome) -> list[str]:
    return [v.rule for v in outcome.verdict.violations]
