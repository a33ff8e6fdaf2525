"""The fuzzer (tools/fuzz): strict games of We are coming! by random legal actions.

Two short games must pass; each invariant must catch a hand-made bad state; and each way
a game can fail must stop it with its seed and its journal."""

from __future__ import annotations

import random
from dataclasses import replace
from types import SimpleNamespace

import pytest

from owsqt.players.randomplayer import owes_attacks
from owsqt.rules.core.actions import DeclareAttacks, EndStep, MoveStack, PlaceUnits, PreparedAttack
from owsqt.rules.core.events import CombatMoved
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.state import InitiativeState, MovementState, ThunderclapState
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import Mode, Verdict, Violation
from owsqt.rules.core.vocabulary import Player, ThunderclapStatus, UnitStatus
from owsqt.rules.engine import apply
from owsqt.rules.fog.option import FOG_OF_WAR
from owsqt.session import new_game, open_journal
from tools.fuzz import cli, solo
from tools.fuzz.settings import INTRODUCTORY, SCENARIOS, setting_for

GERMAN, SOVIET = Player.GERMAN, Player.SOVIET
BAD = Verdict((Violation("6.2", "short"),))


@pytest.fixture(scope="module")
def invariants(shipped):
    return solo.Invariants(shipped)


@pytest.fixture(scope="module")
def start(shipped):
    """Turn one of We are coming!, both sides set up by default."""
    session = new_game(shipped, INTRODUCTORY, Mode.STRICT, seed=1)
    session.apply_default_setup()
    return session.state


def on_map(game, state, player):
    return [
        unit_id
        for unit_id, unit in state.units.items()
        if unit.status is UnitStatus.ON_MAP
        and game.catalogue.ground[unit_id].player is player
        and game.catalogue.ground[unit_id].combat > 0
    ]


def moved_to(state, unit_id, hex_):
    return state.with_unit(unit_id, replace(state.units[unit_id], hex=hex_))


# --- short games ---------------------------------------------------------------------------


@pytest.mark.slow
def test_two_short_games_pass_and_are_reproducible(shipped, tmp_path):
    reports = [solo.play_game(shipped, seed, journal_dir=tmp_path, last_turn=1) for seed in (1, 2)]
    for report in reports:
        assert report.kinds["move"] > 10  # units moved, not just steps ended
        assert report.kinds["declare_attacks"] == 2
        assert report.kinds["allocate_air"] >= 2  # 4.3: turn 1 is clear; both sides allocate
        assert report.seed in (1, 2) and report.line().startswith(
            f"seed {report.seed} (we-are-coming): "
        )
    again = solo.play_game(shipped, 1, last_turn=1)
    assert (again.actions, again.kinds) == (reports[0].actions, reports[0].kinds)
    assert not list(tmp_path.iterdir())  # journals are written for failures only


# --- each invariant can fail ---------------------------------------------------------------


@pytest.mark.slow
def test_4_0_strict_games_fly_every_air_action_kind_on_the_clear_turns(shipped):
    kinds = set()
    for seed in range(1, 7):
        kinds |= set(solo.play_game(shipped, seed, last_turn=2).kinds)
    assert {"allocate_air", "air_engage", "ground_attack", "interdict"} <= kinds


def test_the_default_set_up_breaks_no_invariant(invariants, start):
    assert invariants.breaches(start, movement_ended=True) == []


def test_9_2_an_overstacked_hex_at_the_end_of_a_movement_segment(shipped, invariants, start):
    german = on_map(shipped, start, GERMAN)
    hex_ = start.units[german[0]].hex
    state = apply(shipped, start, PlaceUnits(units=tuple(german[:12]), to=hex_), Mode.FREE).state
    assert invariants.breaches(state) == []  # 9.3: only at the end of movement
    breaches = invariants.breaches(state, movement_ended=True)
    assert len(breaches) == 1 and breaches[0].startswith("9.2: ")
    assert shipped.grid.id_of(hex_) in breaches[0]


@pytest.mark.parametrize("strength", [0, -1, 99])
def test_2_2_a_strength_outside_one_to_full_strength(shipped, invariants, start, strength):
    unit_id = on_map(shipped, start, SOVIET)[0]
    state = start.with_unit(unit_id, replace(start.units[unit_id], strength=strength))
    (breach,) = invariants.breaches(state)
    assert breach.startswith("2.2: ") and unit_id in breach


def test_2_2_convoy_markers_have_no_strength_points(shipped, invariants, start):
    convoys = [u for u in start.units if u.startswith("de-convoy")]
    assert convoys and all(start.units[u].strength == 0 for u in convoys)
    assert invariants.breaches(start) == []


def test_8_2_a_unit_across_the_don(shipped, invariants, start):
    across = sorted(set(shipped.game_map.hexes) - invariants.battle_area)[0]
    unit_id = on_map(shipped, start, GERMAN)[0]
    (breach,) = invariants.breaches(moved_to(start, unit_id, across))
    assert breach == f"8.2: {unit_id} is on {shipped.grid.id_of(across)}, across the Don"


def test_8_2_a_soviet_unit_in_the_pocket(shipped, invariants, start):
    pocket = sorted(shipped.game_map.pocket & invariants.battle_area)[0]
    soviet = on_map(shipped, start, SOVIET)[0]
    (breach,) = invariants.breaches(moved_to(start, soviet, pocket))
    assert breach.startswith("8.2: the Soviet unit") and soviet in breach
    german = on_map(shipped, start, GERMAN)[0]
    assert invariants.breaches(moved_to(start, german, pocket)) == []


def test_a_unit_on_the_map_on_no_hex(shipped, invariants, start):
    unit_id = on_map(shipped, start, GERMAN)[0]
    (breach,) = invariants.breaches(moved_to(start, unit_id, None))
    assert breach == f"{unit_id} is on the map but on no hex"


def test_8_1_the_movement_record_names_only_the_active_players_units(shipped, invariants, start):
    german, soviet = on_map(shipped, start, GERMAN)[0], on_map(shipped, start, SOVIET)[0]
    moving = replace(start, active=GERMAN, movement=MovementState(done=frozenset({german})))
    assert invariants.breaches(moving) == []
    for movement in (
        MovementState(done=frozenset({soviet})),
        MovementState(moving=FrozenMap({soviet: 3})),
    ):
        (breach,) = invariants.breaches(replace(moving, movement=movement))
        assert breach.startswith("8.1: ") and soviet in breach and "(german)" in breach
    (breach,) = invariants.breaches(replace(start, active=None, movement=moving.movement))
    assert "(nobody)" in breach


def test_5_1_the_sixth_army_on_the_map_before_thunderclap_is_activated(shipped, invariants):
    session = new_game(shipped, "operation-winter-storm", Mode.STRICT, seed=1)
    session.apply_default_setup()
    start = session.state
    assert invariants.breaches(start) == []
    unit_id = "de-14pz-hq"
    pocket = sorted(shipped.game_map.pocket & invariants.battle_area)[0]
    placed = start.with_unit(
        unit_id, replace(start.units[unit_id], status=UnitStatus.ON_MAP, hex=pocket)
    )
    (breach,) = invariants.breaches(placed)
    assert breach.startswith("5.1: de-14pz-hq") and "before Thunderclap" in breach
    active = replace(placed, thunderclap=ThunderclapState(ThunderclapStatus.ACTIVE, 3))
    assert invariants.breaches(active) == []


def test_5_1_a_sixth_army_move_before_its_path_opens_outside_the_pocket_phase(shipped, invariants):
    session = new_game(shipped, "operation-winter-storm", Mode.STRICT, seed=1)
    session.apply_default_setup()
    pocket = sorted(shipped.game_map.pocket & invariants.battle_area)
    placed = moved_to(session.state, "de-14pz-hq", pocket[0])
    placed = placed.with_unit(
        "de-14pz-hq", replace(placed.units["de-14pz-hq"], status=UnitStatus.ON_MAP)
    )
    active = ThunderclapState(ThunderclapStatus.ACTIVE, 3)
    in_pocket_phase = replace(placed, thunderclap=active, segment=Segment.SIXTH_ARMY_ACTIVATION)
    after = moved_to(in_pocket_phase, "de-14pz-hq", pocket[1])
    assert invariants.held_moves(in_pocket_phase, after) == []
    german_phase = replace(in_pocket_phase, segment=Segment.MECHANIZED_COMBAT)
    (breach,) = invariants.held_moves(german_phase, after)
    assert breach.startswith("5.1: de-14pz-hq went from") and "mechanized combat" in breach
    linked = replace(german_phase, thunderclap=ThunderclapState(ThunderclapStatus.LINKED, 3))
    assert invariants.held_moves(linked, after) == []


def test_5_2_19_11_a_held_unit_changes_hex_only_by_a_forced_retreat(shipped, invariants):
    session = new_game(shipped, "operation-winter-storm", Mode.STRICT, seed=1)
    session.apply_default_setup()
    state = replace(session.state, segment=Segment.MECHANIZED_COMBAT)
    ring = next(u for u in sorted(invariants.ring_forces) if state.units[u].hex is not None)
    there = state.units[ring].hex
    away = next(h for _, h in shipped.grid.neighbours(there) if not state.stack(h))
    after = moved_to(state, ring, away)
    (breach,) = invariants.held_moves(state, after)
    assert breach.startswith(f"5.2: {ring} went from")
    retreated = (CombatMoved((ring,), (there, away), "retreated"),)
    assert invariants.held_moves(state, after, retreated) == []
    advanced = (CombatMoved((ring,), (there, away), "advanced"),)
    assert len(invariants.held_moves(state, after, advanced)) == 1
    freed = replace(state, ring=replace(state.ring, released=frozenset({ring})))
    assert invariants.held_moves(freed, after) == []
    ring_segment = replace(state, segment=Segment.SOVIET_RING_FORCES)
    ring_segment = replace(ring_segment, ring=replace(state.ring, retreated=frozenset({ring})))
    assert invariants.held_moves(ring_segment, after) == []
    soviet = next(u for u in on_map(shipped, state, SOVIET) if u not in invariants.ring_forces)
    reserve = state.with_unit(soviet, replace(state.units[soviet], reserve=True))
    hex_ = reserve.units[soviet].hex
    step = next(h for _, h in shipped.grid.neighbours(hex_) if not reserve.stack(h))
    (breach,) = invariants.held_moves(reserve, moved_to(reserve, soviet, step))
    assert breach.startswith(f"19.11: {soviet} went from")


def test_19_0_the_fuzzer_plays_the_four_scenarios_in_turn_with_options_from_the_seed(shipped):
    settings = [setting_for(shipped, seed) for seed in range(1, 41)]
    assert [s.scenario for s in settings[:4]] == list(SCENARIOS)
    assert all(settings[i].scenario == settings[i % 4].scenario for i in range(40))
    variant = [s for s in settings if s.scenario == "maximum-effort"]
    offered = {option.id for option in shipped.scenarios["maximum-effort"].options}
    chosen = [set(s.options) for s in variant]
    assert all(c <= offered for c in chosen)
    assert set().union(*chosen) == offered  # 19.41 and the 17th Panzer option all get played
    assert len({frozenset(c) for c in chosen}) > 3
    assert all(not s.options for s in settings if s.scenario != "maximum-effort")
    assert setting_for(shipped, 7) == setting_for(shipped, 7)
    assert setting_for(shipped, 7, "hoths-last-gasp").scenario == "hoths-last-gasp"


def test_18_1_fuzz_fog_plays_every_game_with_the_fog_of_war_besides_its_options(shipped):
    for seed in (1, 4, 8):
        plain, fogged = setting_for(shipped, seed), setting_for(shipped, seed, fog=True)
        assert fogged.scenario == plain.scenario
        assert fogged.options == (*plain.options, FOG_OF_WAR)
    assert "[fog-of-war]" in setting_for(shipped, 1, fog=True).name()


@pytest.mark.slow
def test_18_1_a_short_fogged_strict_game_passes_and_replays(shipped):
    # Seed 13 (We are coming!): a first turn with a ground attack under the keyed die.
    report = solo.play_game(shipped, 13, last_turn=1, setting=setting_for(shipped, 13, fog=True))
    assert report.kinds["ground_attack"] >= 1


# --- each way a game fails -----------------------------------------------------------------


def fails(game, tmp_path, *, replay=True, **kwargs) -> solo.FuzzFailure:
    with pytest.raises(solo.FuzzFailure) as raised:
        solo.play_game(game, 7, journal_dir=tmp_path, **kwargs)
    failure = raised.value
    assert failure.seed == 7 and str(failure).startswith("seed 7: ")
    assert failure.journal == tmp_path / "fuzz-seed-7.owsg"
    assert failure.journal.read_text(encoding="utf-8").startswith("owsqt journal 2\n")
    if replay:  # the journal up to the failure, which `owsqt replay` reads
        open_journal(game, failure.journal).close()
    return failure


def test_a_state_without_legal_actions_fails(shipped, tmp_path, monkeypatch):
    monkeypatch.setattr(solo, "candidate_actions", lambda ruleset, state, rng: [])
    assert "no legal action and the game is not over" in str(fails(shipped, tmp_path))


def test_a_crash_fails(shipped, tmp_path, monkeypatch):
    def broken(ruleset, state, rng):
        raise KeyError("boom")

    monkeypatch.setattr(solo, "candidate_actions", broken)
    assert "crashed: KeyError('boom')" in str(fails(shipped, tmp_path))


def test_an_invalid_action_from_a_candidate_fails(shipped, tmp_path, monkeypatch):
    unknown = MoveStack(units=("no-such-unit",), path=())
    monkeypatch.setattr(solo, "candidate_actions", lambda ruleset, state, rng: [unknown])
    failure = fails(shipped, tmp_path)
    assert "judging the candidate" in str(failure) and "InvalidAction" in str(failure)


def test_a_candidate_built_to_be_legal_that_the_judge_refuses_fails(shipped, tmp_path, monkeypatch):
    early = DeclareAttacks(player=GERMAN, planned=0)  # 6.1: not in the air operations
    monkeypatch.setattr(solo, "candidate_actions", lambda ruleset, state, rng: [EndStep(), early])
    failure = fails(shipped, tmp_path)
    assert "the judge refuses" in str(failure) and "6.1: " in str(failure)


def test_an_action_judged_legal_that_the_engine_refuses_fails(shipped, tmp_path, monkeypatch):
    early = DeclareAttacks(player=GERMAN, planned=0)
    monkeypatch.setattr(solo, "candidate_actions", lambda ruleset, state, rng: [early])
    monkeypatch.setattr(solo, "judge", lambda ruleset, state, action: Verdict())
    failure = fails(shipped, tmp_path)
    assert "the engine refused" in str(failure) and "which the judge called legal" in str(failure)


def test_a_broken_invariant_fails(shipped, tmp_path, monkeypatch):
    monkeypatch.setattr(solo.Invariants, "movement_breaches", lambda self, state: ["8.1: made up"])
    failure = fails(shipped, tmp_path)
    assert "the set-up breaks invariants: 8.1: made up" in str(failure)


def test_a_journal_that_replays_to_another_state_fails(shipped, tmp_path, monkeypatch):
    real = solo.game_from_text

    def altered(ruleset, text, identity=None):
        return SimpleNamespace(state=replace(real(ruleset, text, identity=identity).state, turn=99))

    monkeypatch.setattr(solo, "game_from_text", altered)
    failure = fails(shipped, tmp_path, replay=False, last_turn=0)
    assert "the journal replays to another state (differing: turn)" in str(failure)


def test_main_reports_each_game_and_fails_with_the_failing_seeds(monkeypatch, capsys, tmp_path):
    def play(ruleset, seed, **kwargs):
        if seed == 4:
            raise solo.FuzzFailure(seed, "made up", tmp_path / "fuzz-seed-4.owsg")
        setting = kwargs["setting"]
        result = "German marginal victory" if seed == 5 else "Soviet decisive victory"
        return solo.GameReport(seed, 10, {"end_step": 10}, 0.5, result, setting)

    monkeypatch.setattr(solo, "play_game", play)
    # Two at a time, in processes forked from this one: the lines still come in seed order.
    assert cli.main(["--games", "3", "--first-seed", "3", "--jobs", "2"]) == solo.EXIT_FAILED
    out, err = capsys.readouterr()
    starts = [line.split(" (")[0] for line in out.splitlines() if line.startswith(("seed", "F"))]
    assert starts == ["seed 3", "FAILED seed 4: made up", "seed 5"]
    assert "seed 3 (operation-winter-storm): 10 actions (10 end_step)" in out
    assert "results of operation-winter-storm: 1 Soviet decisive victory" in out
    assert "results of we-are-coming: 1 German marginal victory" in out
    assert "FAILED seed 4: made up" in out and "fuzz-seed-4.owsg" in out
    assert "seeds 4" in err
    assert cli.main(["--games", "1", "--first-seed", "5"]) == 0


# --- 6.2: the holder makes his planned attacks while he can ---------------------------------


def owing(start):
    """`start` at the end of the German player phase, 2 attacks planned and none made."""
    initiative = InitiativeState(
        holder=GERMAN, streak=1, planned_attacks=FrozenMap({GERMAN: 2}), determined_turn=1
    )
    return replace(
        start,
        phase=Phase.FIRST_PLAYER,
        segment=Segment.MECHANIZED_COMBAT,
        active=GERMAN,
        initiative=initiative,
    )


def test_6_2_the_holder_short_of_attacks_attacks_while_he_can_and_then_forfeits(
    shipped, start, monkeypatch
):
    state = owing(start)
    assert owes_attacks(state) and not owes_attacks(start)
    attack = PreparedAttack(
        player=GERMAN, target=shipped.grid.hex_of("2428"), units=("x",), lead="x"
    )
    ending = [EndStep(player=GERMAN), EndStep(player=GERMAN, forfeit=True)]
    offered = [*ending, attack]
    monkeypatch.setattr(solo, "candidate_actions", lambda ruleset, state, rng: offered)
    monkeypatch.setattr(
        solo, "judge", lambda ruleset, state, action: Verdict() if action != ending[0] else BAD
    )
    rng, fail = random.Random(1), AssertionError
    assert {solo.choose_legal(shipped, state, rng, fail) for _ in range(20)} == {attack}
    offered.remove(attack)
    assert solo.choose_legal(shipped, state, rng, fail) == ending[1]


# --- no step waits on nobody (3.1) ---------------------------------------------------------


def test_3_1_a_step_with_nothing_to_decide_that_waits_is_caught(shipped, invariants, start):
    recovery = replace(start, phase=Phase.RECOVERY, segment=Segment.AIR_RECOVERY, active=None)

    assert invariants.waiting_on_nobody(shipped, recovery) == [
        "3.1: the air recovery segment waits on a player with nothing to decide"
    ]
    assert invariants.waiting_on_nobody(shipped, replace(recovery, options=())) == []


def test_3_1_a_step_that_waits_for_a_choice_is_not_caught(shipped, invariants, start):
    assert start.segment is Segment.AIR_ALLOCATION  # 4.3: the Soviet side allocates first
    assert invariants.waiting_on_nobody(shipped, start) == []
    bids = replace(start, phase=Phase.INITIATIVE, segment=Segment.INITIATIVE_DETERMINATION)
    assert invariants.waiting_on_nobody(shipped, replace(bids, active=None)) == []
