"""The keyed die of games with the fog of war (2.0, 18.1; core/dice.py): a roll depends on
the seed, the action being applied, the player, the purpose and the rolls of that player
and purpose the action made before, and on nothing else; the sequential die of other games
is unchanged."""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

import owsqt
from owsqt.rules.core.actions import EndStep, PlaceUnits, RollDice, SetMarker
from owsqt.rules.core.dice import KEYED_DICE, DiceState
from owsqt.rules.core.events import DiceRolled
from owsqt.rules.core.rolls import begin_action, roll_die
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, UnitMarker
from owsqt.rules.engine import apply
from owsqt.rules.fog.option import FOG_OF_WAR
from owsqt.rules.movement.zoc import zoc_of
from tests.rules.movekit import OPEN, at_step, hx, kit_ruleset, kit_state, put

GERMAN, SOVIET = Player.GERMAN, Player.SOVIET
SEED = 2026
CHI_SQUARE_BOUND = 40.0  # 9 degrees of freedom: 27.9 has a chance of 1 in 1,000


def keyed(seed: int = SEED, actions: int = 1) -> DiceState:
    """A keyed die with `actions` actions begun."""
    dice = DiceState.new(seed, (KEYED_DICE,))
    for _ in range(actions):
        dice = dice.begin_action()
    return dice


def rolls(dice: DiceState, purpose: str, player: Player | None, count: int) -> list[int]:
    values = []
    for _ in range(count):
        value, dice = dice.roll(purpose, player)
        values.append(value)
    return values


def chi_square(values: list[int]) -> float:
    counts = Counter(values)
    expected = len(values) / 10
    return sum((counts[face] - expected) ** 2 / expected for face in range(1, 11))


def test_2_0_a_keyed_roll_is_the_same_for_the_same_seed_action_player_purpose_and_count():
    first = rolls(keyed(actions=3), "fire combat", GERMAN, 5)
    assert rolls(keyed(actions=3), "fire combat", GERMAN, 5) == first
    assert len(set(first)) > 1  # each roll of the five has its own key
    assert rolls(keyed(SEED + 1, actions=3), "fire combat", GERMAN, 5) != first


def test_2_0_rolls_for_another_player_or_purpose_in_between_change_no_keyed_roll():
    alone = rolls(keyed(), "fire combat", GERMAN, 3)
    dice, mixed = keyed(), []
    for other, player in (("fire combat", SOVIET), ("recovery of X", GERMAN), ("x", None)):
        _, dice = dice.roll(other, player)  # a roll the other side's program does not make
        value, dice = dice.roll("fire combat", GERMAN)
        mixed.append(value)
    assert mixed == alone
    assert dice.rolls_made == 6  # every roll is counted, whatever its key


def test_2_0_a_keyed_roll_does_not_depend_on_the_rolls_of_earlier_actions():
    busy = keyed()
    for purpose, player in (("initiative", SOVIET), ("fire combat", GERMAN)) * 2:
        _, busy = busy.roll(purpose, player)
    quiet = keyed()
    assert busy.rolls_made == 4 and quiet.rolls_made == 0
    after_busy = rolls(busy.begin_action(), "fire combat", GERMAN, 4)
    assert after_busy == rolls(quiet.begin_action(), "fire combat", GERMAN, 4)


def test_2_0_the_keyed_die_is_fair_over_a_thousand_keys_of_each_kind():
    by_action = [keyed(actions=n).roll("fire combat", GERMAN)[0] for n in range(1, 1_001)]
    by_count = rolls(keyed(), "fire combat", SOVIET, 1_000)
    by_purpose = [keyed().roll(f"recovery of unit {n}", None)[0] for n in range(1_000)]
    for values in (by_action, by_count, by_purpose):
        assert set(values) == set(range(1, 11))
        assert chi_square(values) < CHI_SQUARE_BOUND, Counter(values)


def test_2_0_the_next_action_rolls_afresh():
    """The rolls of action n+1 are not those of action n: they agree about one time in
    ten, as two independent rolls do."""
    same = 0
    for n in range(1, 1_001):
        now = rolls(keyed(actions=n), "fire combat", GERMAN, 2)
        after = rolls(keyed(actions=n + 1), "fire combat", GERMAN, 2)
        same += now == after
    assert same < 40  # both of two rolls alike: about 10 in 1,000 by chance


def test_2_0_no_player_is_a_key_of_its_own():
    def by(player):
        return [keyed(actions=n).roll("roll", player)[0] for n in range(1, 101)]

    german, soviet, nobody = by(GERMAN), by(SOVIET), by(None)
    assert german != soviet and nobody != german and nobody != soviet


def test_2_0_a_script_comes_first_under_the_keyed_die_too():
    dice = replace(keyed(), script=(7, 1))
    first, dice = dice.roll("fire combat", GERMAN)
    second, dice = dice.roll("fire combat", GERMAN)
    third, dice = dice.roll("fire combat", GERMAN)
    assert (first, second) == (7, 1) and dice.rolls_made == 3
    assert third == rolls(keyed(), "fire combat", GERMAN, 3)[2]  # the script's rolls count


def test_2_0_the_sequential_die_ignores_the_key_and_the_actions():
    """The die of every game without the keyed-dice option, fogged files written before it
    included: roll n is SHA-256("SEED:n"), whatever its player, purpose or action."""
    dice = DiceState.new(SEED, (FOG_OF_WAR,))
    assert dice == DiceState(SEED) and dice.begin_action() is dice
    values = []
    for n, (purpose, player) in enumerate((("a", GERMAN), ("b", None), ("a", SOVIET))):
        value, dice = dice.roll(purpose, player)
        digest = hashlib.sha256(f"{SEED}:{n}".encode("ascii")).digest()
        assert value == int.from_bytes(digest[:8], "big") % 10 + 1
        values.append(value)
        dice = dice.begin_action()
    assert dice.rolls_made == 3


# --- through the engine -------------------------------------------------------------------


@pytest.fixture(scope="module")
def rules(ruleset):
    return kit_ruleset(ruleset)


def test_18_1_the_engine_begins_each_applied_action_and_a_refused_one_leaves_the_die(rules):
    state = replace(kit_state(rules), dice=keyed(actions=0))
    once = apply(rules, state, RollDice(purpose="weather", count=2), Mode.FREE)
    twice = apply(rules, once.state, RollDice(purpose="weather", count=2), Mode.FREE)
    assert once.state.dice.keys is not None and twice.state.dice.keys is not None
    assert (once.state.dice.keys.action, twice.state.dice.keys.action) == (1, 2)
    assert twice.state.dice.rolls_made == 4
    first = [e.value for e in once.events if isinstance(e, DiceRolled)]
    assert first == rolls(keyed(actions=1), "weather", state.active, 2)  # the acting side's
    out_of_turn = EndStep(player=state.active.opponent)
    refused = apply(rules, twice.state, out_of_turn, Mode.STRICT)
    assert not refused.applied and refused.state is twice.state


@pytest.mark.parametrize("die", ["keyed", "sequential"])
def test_18_1_a_check_for_one_more_disrupted_unit_changes_no_other_unit_s_roll(rules, die):
    """17.2 rolls for each disrupted unit in unit order over both sides: the program of a
    side that cannot see an enemy unit does not roll for it. Under the keyed die the rolls
    both programs make agree; under the sequential die they do not (the reason for it)."""
    state = kit_state(rules)
    own = ("mot5", "mot6")
    state = put(rules, state, PlaceUnits(units=own, to=hx(rules, OPEN)))
    state = put(rules, state, SetMarker(units=own, marker=UnitMarker.DISRUPTED, on=True))
    hidden = put(rules, state, PlaceUnits(units=("art",), to=hx(rules, "3440")))
    hidden = put(rules, hidden, SetMarker(units=("art",), marker=UnitMarker.DISRUPTED, on=True))
    assert "art" < "mot5"  # the unseen unit rolls first

    def recovery_rolls(scene):
        """The rolls of 17.2, the die as fresh in both scenes (the two worlds have applied
        the same actions; these scenes were set by different numbers of them)."""
        dice = DiceState.new(5, (KEYED_DICE,) if die == "keyed" else ())
        scene = at_step(scene, Segment.DISRUPTION_REMOVAL, None, phase=Phase.RECOVERY)
        scene = replace(scene, dice=dice)
        outcome = apply(rules, scene, EndStep(), Mode.STRICT)
        assert outcome.applied, outcome.verdict
        return {e.purpose: e.value for e in outcome.events if isinstance(e, DiceRolled)}

    seen, whole = recovery_rolls(state), recovery_rolls(hidden)
    assert len(seen) == 2 and len(whole) == 3
    agree = all(whole[purpose] == value for purpose, value in seen.items())
    assert agree is (die == "keyed"), (seen, whole)


def test_17_2_renaming_a_counter_in_the_data_changes_no_keyed_recovery_roll(rules):
    """The purpose the log tells names the unit; the keyed die keys the roll by its id, so
    a corrected counter name leaves every roll of a game already played as it was."""
    state = kit_state(rules)
    state = put(rules, state, PlaceUnits(units=("mot5", "mot6"), to=hx(rules, OPEN)))
    state = put(
        rules, state, SetMarker(units=("mot5", "mot6"), marker=UnitMarker.DISRUPTED, on=True)
    )
    ground = dict(rules.catalogue.ground)
    ground["mot5"] = replace(ground["mot5"], name="I/4 Panzergrenadier (5-12)")
    renamed = replace(rules, catalogue=replace(rules.catalogue, ground=ground))

    def recovery_rolls(ruleset):
        scene = at_step(state, Segment.DISRUPTION_REMOVAL, None, phase=Phase.RECOVERY)
        scene = replace(scene, dice=DiceState.new(5, (KEYED_DICE,)))
        outcome = apply(ruleset, scene, EndStep(), Mode.STRICT)
        assert outcome.applied, outcome.verdict
        return [(e.purpose, e.value) for e in outcome.events if isinstance(e, DiceRolled)]

    before, after = recovery_rolls(rules), recovery_rolls(renamed)
    assert [value for _, value in before] == [value for _, value in after]
    assert [purpose for purpose, _ in after] != [purpose for purpose, _ in before]


def test_2_0_roll_die_rolls_the_game_s_keyed_die_and_tells_the_roll(rules):
    state = replace(kit_state(rules), dice=keyed())
    value, after, event = roll_die(state, "bridge building", SOVIET)
    assert (value, after.dice) == keyed().roll("bridge building", SOVIET)
    assert event == DiceRolled("bridge building", SOVIET, value)
    assert after.units is state.units


def test_2_0_the_rules_roll_only_through_roll_die():
    """DiceState.roll is called in one place of the program: core/rolls.py."""
    root = Path(owsqt.__file__).parent
    callers = [
        path.relative_to(root).as_posix()
        for path in root.rglob("*.py")
        if ".dice.roll(" in path.read_text(encoding="utf-8")
    ]
    assert callers == ["rules/core/rolls.py"]


def test_2_0_a_roll_or_a_begun_action_keeps_what_was_derived_from_the_state(rules):
    """Nothing derived from a state (its stacks, zones of control) reads the die: they are
    derived from its units alone, so a roll, the keyed die's new action and any state with
    the same units keep them instead of deriving them again."""
    state = put(rules, kit_state(rules), PlaceUnits(units=("mot5",), to=hx(rules, OPEN)))
    state = replace(state, dice=keyed())
    stacks = state.stacks
    zoc = zoc_of(rules, state, GERMAN)
    _, rolled, _ = roll_die(state, "fire combat", GERMAN)
    for after in (rolled, begin_action(rolled), replace(rolled, turn=rolled.turn + 1)):
        assert after.units is state.units
        assert after.stacks is stacks and zoc_of(rules, after, GERMAN) is zoc
    assert rolled.dice != state.dice and begin_action(rolled).undiced is state
    moved = rolled.units.set("mot5", rolled.units["mot5"])  # new units: derived again
    fresh = replace(rolled, units=moved)
    assert fresh.stacks == stacks and fresh.stacks is not stacks
