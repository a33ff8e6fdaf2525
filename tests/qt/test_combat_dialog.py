"""Prepared attacks at the table (11.1-11.8, 12.4): the attack dialog, the Combat panel that
walks the 11.8 example's counters through the combat sequence, refusals with their rules,
and the free-play calculator that changes nothing."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QEvent, Qt

from owsqt.qt.combat.calculator import CombatCalculator
from owsqt.qt.combat.start import AttackDialog, checked_units, index_of, offered_units
from owsqt.rules.combat.artillery import bombardment_result, bombardment_solution
from owsqt.rules.combat.fire import Engagement, fire_solution
from owsqt.rules.combat.losses import LossPriorities
from owsqt.rules.combat.prepared import alive
from owsqt.rules.combat.results import retreat_options
from owsqt.rules.core.actions import (
    AnswerOptional,
    BombardmentMission,
    Defend,
    EndStep,
    Fire,
    PlaceAirUnit,
    PlaceUnits,
    PreparedAttack,
    Retreat,
    SetMarker,
    TakeLosses,
)
from owsqt.rules.core.steps import CombatStep, ResultStage, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import AirBox, Player, UnitMarker
from owsqt.rules.data.units import AirType, UnitCatalogue
from owsqt.rules.engine import apply
from owsqt.session import GameSession, new_game
from tests.qt.tabletools import centre, click, game, hex_of, send, walk_to, window_for
from tests.rules.combatkit import with_german_gun
from tests.rules.test_firecombat import open_elevated_hex

COMBAT = Segment.NON_MECHANIZED_COMBAT  # the example counters belong to no mechanized formation
ATTACKERS = ("tank", "mech", "mot6", "mot5")


def example_hexes(ruleset) -> tuple[str, str, str]:
    """The 11.8 example's ground: the defended elevated hex and the two attacking hexes."""
    return tuple(ruleset.grid.id_of(h) for h in open_elevated_hex(ruleset))


def example_game(
    ruleset, mode=Mode.STRICT, seed=5, disrupted=(), extra=None, options=()
) -> GameSession:
    """The 11.8 example set up, the German player in his non-mechanized combat segment;
    `options`: the game's (fog of war, 18.1)."""
    target, armored, motorized = example_hexes(ruleset)
    german = {"tank": armored, "mech": armored, "mot6": motorized, "mot5": motorized}
    soviet = {"rifle": target, "at": target}
    for unit_id, hex_id in (extra or {}).items():
        side = soviet if ruleset.catalogue.ground[unit_id].player is Player.SOVIET else german
        side[unit_id] = hex_id
    session = new_game(ruleset, "test", mode, seed=seed, options=options)
    for placements in (soviet, german):
        for unit_id, hex_id in placements.items():
            session.submit(PlaceUnits(units=(unit_id,), to=ruleset.grid.hex_of(hex_id)))
        if placements is german and disrupted:  # 19.11: markers by hand during set-up
            session.submit(SetMarker(units=disrupted, marker=UnitMarker.DISRUPTED, on=True))
        session.submit(EndStep())
    walk_to(session, COMBAT, Player.GERMAN)
    return session


def default_hits(ruleset, state):
    """[11.6] The distribution the panel proposes for the result waiting."""
    pending = state.combat.pending
    units = alive(state, pending.units)
    due = pending.mandatory if pending.stage == ResultStage.MANDATORY else pending.optional
    due = min(due, sum(state.units[u].strength for u in units))
    return LossPriorities(ruleset, state, units, pending.lead).default(due)


def _example_walk(ruleset, state):
    """The choices the panel offers by default, played by the engine: the 11.8 example's
    attack, the Soviet fire at the armored stack, a German check, the German fire, a
    Soviet retreat. Returns the stages met, or None when the dice leave the example."""
    target, armored, _ = (ruleset.grid.hex_of(h) for h in example_hexes(ruleset))
    stages = []

    def act(action):
        nonlocal state
        outcome = apply(ruleset, state, action, Mode.STRICT)
        assert outcome.applied, outcome.verdict
        state = outcome.state

    act(PreparedAttack(player=Player.GERMAN, target=target, units=ATTACKERS, lead="tank"))
    act(Defend(player=Player.SOVIET, lead="rifle"))
    act(Fire(player=Player.SOVIET, at=armored))
    expected = [(ResultStage.MANDATORY, Player.GERMAN), (ResultStage.OPTIONAL, Player.GERMAN)]
    expected += [
        (ResultStage.OPTIONAL_LOSSES, Player.GERMAN),
        (CombatStep.SECOND_FIRE, Player.GERMAN),
    ]
    expected += [(ResultStage.MANDATORY, Player.SOVIET), (ResultStage.OPTIONAL, Player.SOVIET)]
    expected += [(ResultStage.RETREAT, Player.SOVIET), (CombatStep.ADVANCE, Player.GERMAN)]
    while state.combat is not None and len(stages) < len(expected):
        pending = state.combat.pending
        stage = pending.stage if pending else state.combat.step
        stages.append((stage, pending.player if pending else Player.GERMAN))
        if stages[-1] != expected[len(stages) - 1]:
            return None
        if stage in (ResultStage.MANDATORY, ResultStage.OPTIONAL_LOSSES):
            act(TakeLosses(player=pending.player, hits=default_hits(ruleset, state)))
        elif stage == ResultStage.OPTIONAL:
            act(AnswerOptional(player=pending.player, check=pending.player is Player.GERMAN))
        elif stage == CombatStep.SECOND_FIRE:
            act(Fire(player=Player.GERMAN))
        elif stage == ResultStage.RETREAT:
            option = retreat_options(ruleset, state, pending).paths[0]
            act(Retreat(player=pending.player, path=(option.start, *option.hexes)))
    return stages if stages == expected else None


_SEEDS: dict[int, int] = {}


def example_seed(ruleset) -> int:
    """The first game seed whose dice play the 11.8 example: every result both mandatory
    and optional, the German check passed, the Soviet stack retreating, an advance."""
    if id(ruleset) not in _SEEDS:
        for seed in range(400):
            state = example_game(ruleset, seed=seed).state
            if _example_walk(ruleset, state) is not None:
                _SEEDS[id(ruleset)] = seed
                break
        else:
            raise AssertionError("no seed plays the 11.8 example")
    return _SEEDS[id(ruleset)]


def click_hex(window, hex_id: str) -> None:
    """A left click on the middle of a hex of the map."""
    point = centre(window, hex_id)
    window.view.centerOn(point)
    send(window, QEvent.Type.MouseButtonPress, point, Qt.MouseButton.LeftButton)
    send(window, QEvent.Type.MouseButtonRelease, point, Qt.MouseButton.NoButton)


def kinds(session: GameSession, since: int) -> list[str]:
    return [e.action["kind"] for e in session.entries[since:]]


# --- step 1: the attack dialog ------------------------------------------------------------


def test_11_1_the_attack_dialog_offers_only_adjacent_able_units_and_submits_a_legal_attack(
    qtbot, ruleset
):
    session = example_game(ruleset, disrupted=("mot5",), extra={"hq57": "1010"})
    window = window_for(qtbot, ruleset, session)
    target = example_hexes(ruleset)[0]
    assert not window.unit_menu_for("tank").actions()[0].text().startswith("Prepared attack")
    entry = window.unit_menu_for("rifle").actions()[0]
    assert entry.text() == f"Prepared attack on {target}…"
    entry.trigger()
    dialog = window.combat.dialog
    assert isinstance(dialog, AttackDialog) and dialog.isVisible()
    listed = {dialog.units.item(i).data(Qt.ItemDataRole.UserRole) for i in range(4)}
    assert listed == set(ATTACKERS) and dialog.units.count() == 4  # no far or Soviet unit
    assert set(offered_units(dialog.units)) == {"tank", "mech", "mot6"}  # 13.0: mot5
    disrupted_row = next(
        dialog.units.item(i)
        for i in range(4)
        if dialog.units.item(i).data(Qt.ItemDataRole.UserRole) == "mot5"
    )
    assert "13.0" in disrupted_row.text() and "disrupted" in disrupted_row.text()
    assert set(checked_units(dialog.units)) == {"tank", "mech", "mot6"}
    assert dialog.lead.currentData() == "tank"  # 11.3: proficiency 8, the best
    # The preview is the engine's fire solution, every line with its rule.
    state = session.state
    engagement = Engagement(
        Player.GERMAN,
        ruleset.grid.hex_of(target),
        ("tank", "mech", "mot6"),
        ("rifle", "at"),
        "tank",
        "rifle",
    )
    solution = fire_solution(ruleset, state, engagement, Player.GERMAN, ("tank", "mech", "mot6"))
    preview = dialog.preview.text()
    assert f"<b>{solution.column}</b>" in preview and f"<b>{solution.drm:+d}</b>" in preview
    for item in (*solution.factors, *solution.shifts, *solution.drms):
        assert item.label in preview and f"({item.rule})" in preview
    assert "elevated" in preview and "combined arms" in preview
    assert dialog.attack_button.isEnabled() and "legal" in dialog.verdict.text()
    dialog.attack_button.click()
    action = session.entries[-1].action
    assert action == {
        "kind": "prepared_attack",
        "target": target,
        "units": ["tank", "mech", "mot6"],
        "lead": "tank",
        "artillery": [],
        "stukas": [],
        "player": "german",
    }
    assert session.state.combat.step == CombatStep.DEFENSE and window.combat.dialog is None


def test_11_1_strict_keeps_the_attack_button_off_while_no_unit_attacks(qtbot, ruleset):
    session = example_game(ruleset)
    window = window_for(qtbot, ruleset, session)
    window.select_hex(ruleset.grid.hex_of(example_hexes(ruleset)[0]))
    window.combat.attack_action.trigger()  # Game ▸ Prepared attack, on the selected stack
    dialog = window.combat.dialog
    for row in range(dialog.units.count()):
        dialog.units.item(row).setCheckState(Qt.CheckState.Unchecked)
    assert not dialog.attack_button.isEnabled() and "11.1" in dialog.verdict.text()
    dialog.units.item(0).setCheckState(Qt.CheckState.Checked)
    assert dialog.attack_button.isEnabled()
    dialog.reject()
    assert session.state.combat is None


# --- the panel: the 11.8 example --------------------------------------------------------


def test_11_2_the_panel_walks_the_11_8_example_through_defence_fire_losses_and_advance(
    qtbot, ruleset
):
    session = example_game(ruleset, seed=example_seed(ruleset))
    window = window_for(qtbot, ruleset, session)
    target, armored, motorized = example_hexes(ruleset)
    panel = window.combat.panel
    assert "No combat under way" in panel.title.text()
    start = len(session.entries)
    click(window, "rifle")  # select the defenders' stack, then Game ▸ Prepared attack
    window.combat.attack_action.trigger()
    window.combat.dialog.attack_button.click()
    # Step 2: the Soviet player's turn at the screen.
    assert panel.page is panel.defend and "Step 2" in panel.step.text()
    assert panel.actor.text().count("Soviet player:") == 1
    assert "Soviet player" in window.hint.text()
    assert panel.defend.lead.currentData() == "rifle"  # 11.3: the AT regiment is artillery
    panel.defend.defend.click()
    # Step 6: the Soviet fire; he picks the armored hex with a click on its counter.
    assert panel.page is panel.fire and "Step 6" in panel.step.text()
    assert "Soviet player:" in panel.actor.text()
    assert window.combat.marks.picks.hexes == {
        ruleset.grid.hex_of(armored),
        ruleset.grid.hex_of(motorized),
    }
    click(window, "mot6")
    assert panel.fire.at.currentData() == ruleset.grid.hex_of(motorized)
    click(window, "tank")
    assert panel.fire.at.currentData() == ruleset.grid.hex_of(armored)
    assert window.combat.marks.drawn_paths == [[ruleset.grid.hex_of(h) for h in (target, armored)]]
    preview = panel.fire.preview.text()
    assert "<b>9</b>" in preview and "<b>8</b>" in preview and "(11.4)" in preview
    panel.fire.fire.click()
    assert "Soviet fire: 9 factors on the 8 column" in panel.last.text()
    # The German mandatory point: the lead unit first (11.6).
    assert panel.page is panel.losses and "German player:" in panel.actor.text()
    assert panel.losses.hits() == ("tank",)
    assert "follows the loss priorities (11.6)" in panel.losses.check.text()
    panel.losses.take.click()
    # The optional result: a proficiency check (11.5), then its points as losses.
    assert panel.page is panel.optional and "8 or less" in panel.optional.check.text()
    panel.optional.check.click()
    assert "proficiency check" in panel.last.text() and "passed" in panel.last.text()
    assert panel.page is panel.losses
    hits = panel.losses.hits()
    assert hits == default_hits(ruleset, session.state) and hits[0] == "tank"
    if len(hits) == 3:  # the book's 3: lead, mechanized infantry, lead
        assert hits == ("tank", "mech", "tank")
    panel.losses.take.click()
    # Step 7: the German fire, with its shift and DRMs.
    assert panel.page is panel.fire and "Step 7" in panel.step.text()
    assert not panel.fire.at.isVisible()
    preview = panel.fire.preview.text()
    for words in ("elevated", "lead unit proficiency", "combined arms", "Net DRM"):
        assert words in preview
    panel.fire.fire.click()
    assert panel.page is panel.losses and "Soviet player:" in panel.actor.text()
    assert panel.losses.hits()[0] == "rifle"
    panel.losses.take.click()
    # The Soviet player retreats: paths drawn on the map, one picked by its end hex.
    assert panel.page is panel.optional
    panel.optional.retreat.click()
    assert panel.page is panel.retreat
    options = retreat_options(ruleset, session.state, session.state.combat.pending).paths
    drawn = window.combat.marks.drawn_paths
    assert drawn == [[o.start, *o.hexes] for o in options]
    ends = [o.hexes[-1] for o in options]
    row = max(i for i, end in enumerate(ends) if ends.count(end) == 1)
    chosen = options[row]
    click_hex(window, ruleset.grid.id_of(chosen.hexes[-1]))
    assert panel.retreat.list.currentRow() == row
    panel.retreat.go.click()
    assert hex_of(window, "rifle") == ruleset.grid.id_of(chosen.hexes[-1])
    # Step 8: the advance, into the vacated hex by a click on it.
    assert panel.page is panel.advance and "Step 8" in panel.step.text()
    assert ruleset.grid.hex_of(target) in window.combat.marks.picks.hexes
    farthest = panel.advance.reachable[-1]
    click_hex(window, ruleset.grid.id_of(farthest))
    assert panel.advance.hex.currentData() == farthest != ruleset.grid.hex_of(target)
    click_hex(window, target)
    assert panel.advance.hex.currentData() == ruleset.grid.hex_of(target)
    panel.advance.go.click()
    assert session.state.combat is None
    assert hex_of(window, "tank") == target and hex_of(window, "mech") == target
    assert kinds(session, start) == [
        "prepared_attack",
        "defend",
        "fire",
        "take_losses",
        "answer_optional",
        "take_losses",
        "fire",
        "take_losses",
        "answer_optional",
        "retreat",
        "advance",
    ]
    assert panel.page is panel.idle and "The last combat" in panel.log_label.text()
    assert not window.combat.marks.picks.hexes and not window.combat.marks.drawn_paths


def with_guns(ruleset):
    """The ruleset with the example's 4(3)4 artillery regiment able to bombard (range 3)."""
    ground = dict(ruleset.catalogue.ground)
    ground["art"] = replace(ground["art"], bombardment=4, range=3)
    catalogue = UnitCatalogue(ground, ruleset.catalogue.air, ruleset.catalogue.formations)
    return replace(ruleset, catalogue=catalogue)


def test_12_4_designated_artillery_bombards_from_the_panel_with_its_solution(qtbot, ruleset):
    rules = with_guns(ruleset)
    target = example_hexes(rules)[0]
    session = example_game(rules, extra={"art": target})
    window = window_for(qtbot, rules, session)
    window.combat.open_attack(rules.grid.hex_of(target)).attack_button.click()
    panel = window.combat.panel
    assert checked_units(panel.defend.guns) == ("art",)  # it reaches: designated by default
    panel.defend.defend.click()
    # no German artillery could fire counterbattery: step 3 passes by itself (12.4)
    assert "Step 4" in panel.step.text() and "Soviet player:" in panel.actor.text()
    preview = panel.artillery.preview.text()
    assert "Bombardment Table" in preview and "(12.4)" in preview
    shot_at = panel.artillery.target.currentData()
    assert rules.catalogue.ground[shot_at].unit_class.value != "armor"  # 11.8: avoid the shift
    panel.artillery.fire.click()
    assert session.state.units["art"].fired  # 12.2
    assert "bombardment: 4 factors" in panel.last.text()
    assert panel.page is panel.fire


# --- refusals and warnings ---------------------------------------------------------------


def _at_the_german_losses(ruleset, mode):
    """The example's Soviet fire has hit the armored stack; the German loss waits."""
    session = example_game(ruleset, mode, seed=example_seed(ruleset))
    target, armored, _ = (ruleset.grid.hex_of(h) for h in example_hexes(ruleset))
    for action in (
        PreparedAttack(player=Player.GERMAN, target=target, units=ATTACKERS, lead="tank"),
        Defend(player=Player.SOVIET, lead="rifle"),
        Fire(player=Player.SOVIET, at=armored),
    ):
        assert session.submit(action).applied
    assert session.state.combat.pending.stage == ResultStage.MANDATORY
    return session


def test_11_6_strict_refuses_losses_against_the_priorities_and_shows_the_rule(qtbot, ruleset):
    session = _at_the_german_losses(ruleset, Mode.STRICT)
    window = window_for(qtbot, ruleset, session)
    panel = window.combat.panel
    assert panel.page is panel.losses
    wrong = ("mech", *panel.losses.hits()[1:])  # the lead unit loses the first point
    panel.losses.set_hits(wrong)
    assert "11.6" in panel.losses.check.text() and "point 1 goes to" in panel.losses.check.text()
    before, entries = session.state, len(session.entries)
    panel.losses.take.click()
    assert session.state is before and len(session.entries) == entries
    message = panel.message.text()
    assert "Not allowed" in message and "11.6" in message and "point 1 goes to" in message
    panel.losses.reset.click()  # Default (11.6) puts it right
    assert panel.losses.hits()[0] == "tank" and "✓" in panel.losses.check.text()


def test_11_6_assist_applies_such_losses_and_the_log_shows_the_broken_rule(qtbot, ruleset):
    session = _at_the_german_losses(ruleset, Mode.ASSIST)
    window = window_for(qtbot, ruleset, session)
    panel = window.combat.panel
    strength = session.state.units["mech"].strength
    panel.losses.set_hits(("mech", *panel.losses.hits()[1:]))
    panel.losses.take.click()
    assert session.state.units["mech"].strength < strength
    assert any(v.startswith("11.6") for v in session.entries[-1].violations)
    last = [window.log.item(i).text() for i in range(window.log.count())]
    assert any("11.6" in line and "point 1 goes to" in line for line in last)
    assert "against the rules" in panel.message.text() and "11.6" in panel.message.text()


# --- free play ------------------------------------------------------------------------------


@pytest.mark.parametrize("roll", [3, 7])
def test_11_4_12_4_free_play_calculator_works_fire_and_bombardment_out_changing_nothing(
    qtbot, ruleset, roll
):
    ruleset = with_guns(ruleset)
    target, armored, motorized = example_hexes(ruleset)
    session = game(
        ruleset,
        Mode.FREE,
        soviet={"rifle": target, "at": target, "art": target},
        german={"tank": armored, "mech": armored, "mot6": motorized, "mot5": motorized},
    )
    window = window_for(qtbot, ruleset, session)
    hex_of_id = ruleset.grid.hex_of
    before, entries = session.state, len(session.entries)
    assert window.combat.attack_action.text() == "Combat &calculator…"
    entry = window.unit_menu_for("rifle").actions()[0]
    assert entry.text() == f"Combat calculator for {target}…"
    entry.trigger()
    calculator = window.combat.calculator
    assert isinstance(calculator, CombatCalculator) and calculator.isVisible()
    assert "changes nothing" in calculator.windowTitle()
    assert set(checked_units(calculator.attackers)) == set(ATTACKERS)
    calculator.fire_roll.setValue(roll)
    engagement = Engagement(
        Player.GERMAN,
        ruleset.grid.hex_of(target),
        ATTACKERS,
        ("rifle", "at", "art"),
        "tank",
        "rifle",
    )
    solution = fire_solution(ruleset, session.state, engagement, Player.GERMAN, ATTACKERS)
    result = solution.result(ruleset, roll)
    text = calculator.fire_result.text()
    assert f"roll {roll} {solution.drm:+d} = {roll + solution.drm}" in text
    assert f"the {solution.column} column → {result}" in text and "(11.5)" in text
    calculator.firer.setCurrentIndex(1)  # the defender's fire: no terrain shift
    assert "elevated" not in calculator.fire_solution.text()
    # The Soviet artillery bombards the mechanized infantry (an armored target, 12.4).
    calculator.target_box.setCurrentIndex(index_of(calculator.target_box, hex_of_id(armored)))
    calculator.tabs.setCurrentIndex(1)
    assert checked_units(calculator.guns) == ("art",)
    calculator.gun_target.setCurrentIndex(index_of(calculator.gun_target, "mech"))
    calculator.gun_roll.setValue(roll)
    bombard = bombardment_solution(ruleset, session.state, ("art",), "mech")
    hit = bombardment_result(ruleset, bombard, roll)
    text = calculator.gun_result.text()
    assert f"the {bombard.column} column → {hit}" in text and "(12.4)" in text
    assert "armored target" in calculator.gun_solution.text()
    calculator.close()
    assert session.state is before and len(session.entries) == entries


def test_12_4_a_bombardment_mission_runs_in_the_panel_and_ends_the_combat(qtbot, ruleset):
    rules = with_german_gun(ruleset)
    target, armored, _ = example_hexes(rules)
    session = example_game(rules, extra={"gart": armored})
    window = window_for(qtbot, rules, session)
    mission = BombardmentMission(
        player=Player.GERMAN, target=rules.grid.hex_of(target), units=("gart",)
    )
    assert session.submit(mission).applied
    window.refresh()
    panel = window.combat.panel
    assert "Step 5" in panel.step.text() and "German player:" in panel.actor.text()
    assert "bombardment mission" in panel.title.text()
    panel.artillery.fire.click()
    assert session.state.units["gart"].fired and session.state.combat is None
    window.grab()  # the panel after the mission draws without trouble


def test_4_6_withheld_stukas_are_designated_in_the_dialog_and_strike_from_the_panel(qtbot, ruleset):
    air = dict(ruleset.catalogue.air)
    air["stg77"] = replace(
        air["jg52"], id="stg77", name="I/StG 77", type=AirType.DIVE_BOMBER, bombardment=7
    )
    rules = replace(
        ruleset,
        catalogue=UnitCatalogue(ruleset.catalogue.ground, air, ruleset.catalogue.formations),
    )
    target = example_hexes(rules)[0]
    session = example_game(rules, mode=Mode.ASSIST)
    session.submit(PlaceAirUnit(air_unit="stg77", box=AirBox.WITHHELD))
    window = window_for(qtbot, rules, session)
    dialog = window.combat.open_attack(rules.grid.hex_of(target))
    assert dialog.stuka_list.isVisible() and dialog.stuka_list.count() == 1
    dialog.stuka_list.item(0).setCheckState(Qt.CheckState.Checked)
    assert dialog.action().stukas == ("stg77",)
    dialog.attack_button.click()
    panel = window.combat.panel
    panel.defend.defend.click()
    assert session.state.combat.step == CombatStep.OFFENSIVE_BOMBARDMENT
    assert panel.artillery.stukas.isVisible()
    panel.artillery.stukas.click()
    assert session.state.air_units["stg77"].box is AirBox.FLOWN
    assert "Stuka bombardment" in panel.last.text()
