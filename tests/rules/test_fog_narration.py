"""[18.1] The log as one side may read it (fog/narration.py): an entry's events told so that
they name no enemy unit the fog of war hides, between the states before and after it."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction

import pytest

from owsqt.rules.core.events import (
    AttackDeclared,
    DiceRolled,
    Event,
    MarkerChanged,
    Narrator,
    StackReordered,
    StrengthChanged,
    UnitFlipped,
    UnitPlaced,
    UnitsMoved,
)
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import CombatState
from owsqt.rules.core.steps import CombatStep
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, UnitMarker, UnitStatus
from owsqt.rules.fog.narration import Sight, told
from owsqt.rules.fog.view import view
from owsqt.session import new_game

GERMAN, SOVIET = Player.GERMAN, Player.SOVIET


@dataclass(frozen=True, slots=True)
class TargetDrawn(Event):
    """A kind of event this module does not know: a bombardment's target drawn (4.6)."""

    unit: str
    hex: Hex

    def describe(self, narrator: Narrator) -> str:
        return f"target drawn on {narrator.hex_name(self.hex)}: {narrator.unit_name(self.unit)}"


@dataclass(frozen=True, slots=True)
class RawId(Event):
    """An event that writes a unit's id in its line without asking the narrator."""

    unit: str

    def describe(self, narrator: Narrator) -> str:
        return f"{self.unit} did something"


@pytest.fixture(scope="module")
def board(shipped):
    """Hoth's Last Gasp with the fog of war, both sides set up: a Soviet stack the German
    sees only the top of, its top unit, two of its hidden units, and a German unit."""
    session = new_game(shipped, "hoths-last-gasp", Mode.STRICT, seed=1, options=("fog-of-war",))
    session.apply_default_setup()
    state = session.state
    seen = view(shipped, state, GERMAN)
    hex_ = next(h for h, count in seen.hidden.items() if count >= 2)
    top, *under = state.stack(hex_)
    german = next(u for u in state.units if shipped.catalogue.ground[u].player is GERMAN
                  and state.units[u].status is UnitStatus.ON_MAP)  # fmt: skip
    return state, hex_, top, under[0], under[1], german


def names(rules, unit_id: str) -> list[str]:
    return [unit_id, rules.unit_name(unit_id)]


def mentions(rules, line: str, unit_id: str) -> bool:
    return any(
        re.search(rf"(?<![\w/-]){re.escape(w)}(?![\w/-])", line) for w in names(rules, unit_id)
    )


def test_18_1_a_stack_move_names_the_top_unit_and_counts_the_hidden_ones(shipped, board):
    state, hex_, top, hidden, other, _ = board
    moved = UnitsMoved((top, hidden, other), (hex_,), Fraction(0))
    (line,) = told(shipped, [moved], state, state, GERMAN)
    assert mentions(shipped, line, top)
    assert not mentions(shipped, line, hidden) and not mentions(shipped, line, other)
    assert "2 Soviet units" in line


def test_18_1_the_owner_reads_his_own_units_whole(shipped, board):
    state, hex_, top, hidden, other, _ = board
    events = [
        UnitsMoved((top, hidden, other), (hex_,), Fraction(0)),
        StrengthChanged(hidden, 2, 3),
        MarkerChanged(hidden, UnitMarker.DISRUPTED, True),
    ]
    whole = tuple(event.describe(shipped) for event in events)
    assert told(shipped, events, state, state, SOVIET) == whole
    assert told(shipped, events, state, state, None) == whole  # no side: as written


def test_18_1_a_hidden_units_strength_and_markers_are_left_out(shipped, board):
    state, _, _, hidden, _, _ = board
    events = [StrengthChanged(hidden, 2, 3), MarkerChanged(hidden, UnitMarker.DISRUPTED, True)]
    assert told(shipped, events, state, state, GERMAN) == ()


def test_18_1_no_enemy_strength_marker_is_read_from_a_top_unit(shipped, board):
    """The top unit is seen, its strength marker not: its strength change is left out, its
    flip told with the printed strength of the side now up."""
    state, _, top, _, _, _ = board
    assert told(shipped, [StrengthChanged(top, 2, 3)], state, state, GERMAN) == ()
    flipped = replace(state.units[top], reduced=True, strength=1)
    after = state.with_unit(top, flipped)
    (line,) = told(shipped, [UnitFlipped(top, True, 1)], state, after, GERMAN)
    printed = shipped.catalogue.ground[top].combat_reduced
    assert line.endswith(f"reduced side ({printed})") and printed != 1


def test_18_1_units_engaged_in_combat_are_named_with_their_strength(shipped, board):
    """Everything in a combat is revealed during its resolution (18.1)."""
    state, hex_, _, hidden, _, german = board
    combat = CombatState(
        attacker=GERMAN,
        target=hex_,
        attackers=(german,),
        attacker_lead=german,
        step=CombatStep.FIRST_FIRE,
        defending=state.stack(hex_),
    )
    fighting = replace(state, combat=combat)
    events = [StrengthChanged(hidden, 2, 3), AttackDeclared(GERMAN, hex_, (german,), german)]
    lines = told(shipped, events, fighting, state, GERMAN)
    assert lines == tuple(event.describe(shipped) for event in events)
    assert mentions(shipped, lines[0], hidden) and "3 -> 2" in lines[0]


def test_18_1_a_unit_placed_unseen_is_not_named_though_it_was_known_off_the_map(shipped, board):
    state, hex_, _, hidden, _, _ = board
    before = state.with_unit(
        hidden, replace(state.units[hidden], status=UnitStatus.NOT_ARRIVED, hex=None)
    )
    placed = UnitPlaced(hidden, hex_, None, UnitStatus.NOT_ARRIVED)
    (line,) = told(shipped, [placed], before, state, GERMAN)
    assert line.startswith("a Soviet unit placed on ") and not mentions(shipped, line, hidden)


def test_18_1_a_hidden_unit_that_comes_into_sight_is_named(shipped, board):
    """A unit seen after the entry (here alone on a hex of its own) is told as it is."""
    state, hex_, _, hidden, _, _ = board
    empty = next(h for _, h in shipped.grid.neighbours(hex_) if not state.stack(h))
    after = state.with_unit(hidden, replace(state.units[hidden], hex=empty))
    moved = UnitsMoved((hidden,), (hex_, empty), Fraction(1))
    assert told(shipped, [moved], state, after, GERMAN) == (moved.describe(shipped),)


def test_18_1_die_rolls_are_told_and_a_hidden_unit_in_their_purpose_is_unnamed(shipped, board):
    state, _, top, hidden, _, _ = board
    rolls = [
        DiceRolled(f"recovery of {shipped.unit_name(hidden)}", SOVIET, 7),
        DiceRolled(f"recovery of {shipped.unit_name(top)}", SOVIET, 3),
    ]
    assert told(shipped, rolls, state, state, GERMAN) == (
        "Soviet die roll (recovery of a Soviet unit): 7",
        f"Soviet die roll (recovery of {shipped.unit_name(top)}): 3",
    )


def test_18_1_an_event_of_an_unknown_kind_names_no_hidden_unit(shipped, board):
    """The safe default for an event this module was not written for (the bombardment's
    target drawn, 4.6): a hidden unit is unnamed, asked by name or written by id."""
    state, hex_, top, hidden, _, _ = board
    lines = told(
        shipped, [TargetDrawn(hidden, hex_), RawId(hidden), RawId(top)], state, state, GERMAN
    )
    assert lines == (
        f"target drawn on {shipped.hex_name(hex_)}: a Soviet unit",
        "a Soviet unit did something",
        f"{top} did something",
    )


def test_18_1_a_broken_rule_naming_a_hidden_unit_unnames_it(shipped, board):
    state, _, top, hidden, _, _ = board
    sight = Sight(shipped, GERMAN, state, state)
    texts = [
        f"9.2: {shipped.unit_name(hidden)} may not stack",
        f"8.1: {shipped.unit_name(top)} moved",
    ]
    assert sight.violations(texts) == ("9.2: a Soviet unit may not stack", texts[1])


def test_18_1_the_order_of_a_stack_seen_only_by_its_count_is_left_out(shipped, board):
    state, hex_, top, hidden, other, _ = board
    assert told(shipped, [StackReordered(hex_, (hidden, other))], state, state, GERMAN) == ()
    (line,) = told(shipped, [StackReordered(hex_, (top, hidden, other))], state, state, GERMAN)
    assert line.endswith(f"{shipped.unit_name(top)}, 2 Soviet units")


def test_18_1_without_fog_of_war_every_side_reads_everything(shipped, board):
    state, hex_, top, hidden, other, _ = board
    clear = replace(state, options=())
    events = [UnitsMoved((top, hidden, other), (hex_,), Fraction(0)), StrengthChanged(hidden, 2, 3)]
    whole = tuple(event.describe(shipped) for event in events)
    assert told(shipped, events, clear, clear, GERMAN) == whole
