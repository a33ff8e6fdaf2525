"""The sequence-of-play table (3.1): each step names the action kinds it allows, the engine
refuses every other kind in one place, and no phase, segment or combat step is spelt as a
string outside core/steps.py."""

from __future__ import annotations

import ast
import inspect
import json
from dataclasses import replace
from pathlib import Path

import pytest

from owsqt.rules.combat.prepared import COMBAT_STEP_ALLOWS, RESULT_ANSWERS
from owsqt.rules.core import actions
from owsqt.rules.core.actions import (
    ACTION_TYPES,
    Action,
    ChangeLead,
    ChooseSegmentOrder,
    ContinueCombat,
    DeclareAttacks,
    EndStep,
    Fire,
    ManualEdit,
    MoveStack,
    PlaceUnits,
    RollDice,
)
from owsqt.rules.core.codec import decode, encode
from owsqt.rules.core.state import CombatState, GameState, PendingResult
from owsqt.rules.core.steps import CombatStep, Phase, ResultStage, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.engine import apply
from owsqt.rules.scenario.scenario import initial_state
from owsqt.rules.turn.sequence import (
    ANY_STEP,
    COMBAT_KINDS,
    REFUSALS,
    TURN_STEPS,
    current_step,
    setup_steps,
)
from tests.conftest import TEST_SCENARIO
from tests.rules.movekit import OPEN, at_step, hx, kit_ruleset, kit_state, north, path_of, put

OWSQT = Path(__file__).resolve().parents[2] / "owsqt"
STEP_NAMES = {member.value for enum in (Phase, Segment, CombatStep, ResultStage) for member in enum}
ALL_STEPS = (*setup_steps(Player.SOVIET), *TURN_STEPS)


@pytest.fixture
def air_allocation(ruleset) -> GameState:
    state = initial_state(ruleset.catalogue, TEST_SCENARIO, seed=7)
    return replace(state, phase=Phase.AIR_OPERATIONS, segment=Segment.AIR_ALLOCATION, active=None)


# --- the one refusal -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "verdict"),
    [
        (
            DeclareAttacks(player=Player.GERMAN, planned=1),
            "6.1: planned attacks are declared in the Initiative Phase, not in the air allocation",
        ),
        (
            ChooseSegmentOrder(player=Player.GERMAN, combat_first=True),
            "7.2: the order of the mechanized segments is chosen in the player phase, "
            "before they begin",
        ),
        (Fire(player=Player.GERMAN), "11.2: no combat is under way"),
        (
            ChangeLead(player=Player.GERMAN, lead="tank"),
            "11.3: a lead is changed during a combat, after both are named",
        ),
    ],
)
def test_3_1_strict_play_refuses_a_kind_the_step_does_not_allow(
    ruleset, air_allocation, action, verdict
):
    outcome = apply(ruleset, air_allocation, action, Mode.STRICT)
    assert not outcome.applied and outcome.state is air_allocation
    # The words the handlers gave before the table: ASSIST games recorded them (replay).
    assert [str(v) for v in outcome.verdict.violations] == [verdict]


def test_3_1_assist_applies_a_kind_the_step_does_not_allow_and_records_the_refusal(
    ruleset, air_allocation
):
    bid = DeclareAttacks(player=Player.GERMAN, planned=2)
    outcome = apply(ruleset, air_allocation, bid, Mode.ASSIST)
    assert outcome.applied
    assert outcome.state.initiative.planned_attacks[Player.GERMAN] == 2
    assert [(v.rule, v.message) for v in outcome.verdict.violations] == [
        ("6.1", "planned attacks are declared in the Initiative Phase, not in the air allocation")
    ]
    assert apply(ruleset, air_allocation, bid, Mode.FREE).verdict.legal


def test_3_1_a_move_out_of_its_step_is_refused_and_judged_on_for_the_other_rules(ruleset):
    rules = kit_ruleset(ruleset)
    state = put(rules, kit_state(rules), PlaceUnits(units=("mot5",), to=hx(rules, OPEN)))
    state = at_step(state, Segment.AIR_ALLOCATION, None, phase=Phase.AIR_OPERATIONS)
    path = path_of(rules, north(OPEN, 2))
    move = MoveStack(player=Player.SOVIET, units=("mot5",), path=path)
    outcome = apply(rules, state, move, Mode.ASSIST)
    assert outcome.applied
    assert [str(v) for v in outcome.verdict.violations] == [
        "3.1: units move in movement segments, not in air allocation",
        "3.1: the Soviet player moves only his own units",
    ]


def test_3_1_a_step_that_allows_a_kind_leaves_it_to_its_handler(ruleset, air_allocation):
    initiative = replace(
        air_allocation, phase=Phase.INITIATIVE, segment=Segment.INITIATIVE_DETERMINATION
    )
    bid = DeclareAttacks(player=Player.GERMAN, planned=2)
    assert apply(ruleset, initiative, bid, Mode.STRICT).verdict.legal


def test_3_1_19_0_once_the_game_is_over_every_kind_but_those_of_any_step_is_refused(
    ruleset, air_allocation
):
    over = replace(air_allocation, phase=Phase.GAME_OVER, segment=Segment.VICTORY_DETERMINATION)
    outcome = apply(ruleset, over, ContinueCombat(), Mode.STRICT)
    assert [str(v) for v in outcome.verdict.violations] == ["11.2: no combat is under way"]
    assert apply(ruleset, over, RollDice(), Mode.STRICT).verdict.legal


def test_11_2_a_combat_opened_out_of_its_step_in_assist_play_is_fought_out(ruleset, air_allocation):
    combat = CombatState(
        Player.GERMAN, ruleset.grid.hex_of("2428"), ("tank",), "tank", CombatStep.FIRST_FIRE
    )
    fighting = replace(air_allocation, combat=combat)
    # Not refused by the step: the combat machine judges it (the defender fires first, 11.2).
    outcome = apply(ruleset, fighting, ContinueCombat(player=Player.GERMAN), Mode.STRICT)
    assert [str(v) for v in outcome.verdict.violations] == [
        "11.2: the Soviet player acts in this step"
    ]
    assert apply(ruleset, fighting, ContinueCombat(player=Player.SOVIET), Mode.STRICT).applied


# --- the table is complete -------------------------------------------------------------------


def test_3_1_every_action_kind_is_allowed_by_some_step_or_by_every_step():
    defined = {
        cls
        for _, cls in inspect.getmembers(actions, inspect.isclass)
        if issubclass(cls, Action) and cls not in (Action, ManualEdit)
    }
    assert defined == set(ACTION_TYPES.values())  # a new action is registered...
    allowed = set(ANY_STEP).union(*(step.allows for step in ALL_STEPS))
    assert defined - allowed == set()  # ...and some step of the table allows it
    assert set(REFUSALS) == allowed - ANY_STEP  # each refusal cites the kind's rule
    assert {EndStep, RollDice} <= ANY_STEP
    assert {cls for cls in defined if issubclass(cls, ManualEdit)} <= ANY_STEP


def test_11_2_every_combat_kind_belongs_to_a_combat_step_or_a_result_or_a_new_lead():
    kinds = set(RESULT_ANSWERS | {ChangeLead}).union(*COMBAT_STEP_ALLOWS.values())
    assert kinds == COMBAT_KINDS
    assert set(COMBAT_STEP_ALLOWS) == set(CombatStep)


def test_7_1_combat_kinds_are_allowed_where_combats_are_fought_and_nowhere_else():
    fought = {step.segment for step in ALL_STEPS if step.allows >= COMBAT_KINDS}
    assert fought == {
        Segment.NON_MECHANIZED_COMBAT,
        Segment.NON_MECHANIZED_MOVEMENT,
        Segment.MECHANIZED_MOVEMENT,
        Segment.MECHANIZED_COMBAT,
    }
    assert all(not (COMBAT_KINDS & step.allows) for step in ALL_STEPS if step.segment not in fought)


def test_7_2_the_order_of_the_mechanized_segments_does_not_change_what_they_allow(
    ruleset, air_allocation
):
    for phase in (Phase.FIRST_PLAYER, Phase.SECOND_PLAYER):
        for segment in (Segment.MECHANIZED_MOVEMENT, Segment.MECHANIZED_COMBAT):
            usual = replace(air_allocation, phase=phase, segment=segment, active=Player.GERMAN)
            swapped = replace(usual, combat_first=True)
            assert current_step(usual).allows == current_step(swapped).allows


# --- names, not strings ----------------------------------------------------------------------


def test_3_1_a_saved_state_keeps_the_names_as_text_and_reads_them_back_as_members(
    ruleset, air_allocation
):
    pending = PendingResult(Player.SOVIET, ("rifle",), "rifle", 1, 2, ResultStage.OPTIONAL)
    combat = CombatState(
        Player.GERMAN, ruleset.grid.hex_of("2428"), ("tank",), "tank", CombatStep.FIRST_FIRE
    )
    state = replace(
        air_allocation,
        phase=Phase.FIRST_PLAYER,
        segment=Segment.MECHANIZED_COMBAT,
        combat=replace(combat, pending=pending),
    )
    data = json.loads(json.dumps(encode(state, ruleset.grid)))
    assert (data["phase"], data["segment"]) == ("first_player", "mechanized_combat")
    assert (data["combat"]["step"], data["combat"]["pending"]["stage"]) == (
        "first_fire",
        "optional",
    )
    back = decode(GameState, data, ruleset.grid)
    assert back == state
    assert back.phase is Phase.FIRST_PLAYER and back.segment is Segment.MECHANIZED_COMBAT
    assert back.combat is not None and back.combat.step is CombatStep.FIRST_FIRE
    assert back.combat.pending is not None and back.combat.pending.stage is ResultStage.OPTIONAL


def _strings(node: ast.AST):
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node
    elif isinstance(node, ast.Tuple | ast.List | ast.Set):
        for element in node.elts:
            yield from _strings(element)


def spelt_step_comparisons(root: Path) -> list[str]:
    """Every string constant naming a phase, segment, combat step or result stage that is
    compared (==, !=, is, in...) with something, in the modules under `root`."""
    found = []
    for path in sorted(root.rglob("*.py")):
        if path == root / "rules" / "core" / "steps.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Compare):
                continue
            for operand in (node.left, *node.comparators):
                for constant in _strings(operand):
                    if constant.value in STEP_NAMES:
                        where = path.relative_to(root.parent)
                        found.append(f"{where}:{constant.lineno}: {constant.value!r}")
    return found


def test_3_1_no_phase_segment_or_combat_step_is_compared_as_a_string_literal():
    assert spelt_step_comparisons(OWSQT) == []


def test_3_1_the_scan_finds_a_segment_spelt_in_a_comparison(tmp_path):
    module = tmp_path / "owsqt" / "spelt.py"
    module.parent.mkdir()
    module.write_text(
        'def f(state):\n    return state.segment == "mechanized_movement" or state.step in '
        '("advance", "x")\n',
        encoding="utf-8",
    )
    assert spelt_step_comparisons(module.parent) == [
        "owsqt/spelt.py:2: 'mechanized_movement'",
        "owsqt/spelt.py:2: 'advance'",
    ]
