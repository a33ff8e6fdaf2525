"""[18.1, 12.4, 4.6] Under the fog of war, the artillery page of a bombardment mission and
the ground attack page list only the enemy units the table's side sees, and "a hidden
unit, drawn at random" for a stack that hides one, which sends the drawn target."""

from __future__ import annotations

from PySide6.QtCore import Qt

from owsqt.qt.kit.drawn import AT_RANDOM, HiddenIn
from owsqt.rules.core.actions import BombardmentMission, ContinueCombat, EndStep, PlaceUnits
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import AirBox, Player
from owsqt.rules.fog.option import FOG_OF_WAR
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.session import new_game
from tests.qt.tabletools import walk_to, window_for
from tests.qt.test_air_dialog import allocate, dock_forward, shoot, walk_to_bombardment
from tests.qt.test_combat_dialog import COMBAT, example_hexes
from tests.rules.combatkit import with_german_gun

FOG = (FOG_OF_WAR,)


def items(combo) -> list[tuple[str, object]]:
    return [(combo.itemText(i), combo.itemData(i)) for i in range(combo.count())]


def fogged_mission(ruleset, fog=FOG):
    """The 11.8 example's ground with the fog of war: the German gun's bombardment mission
    on the Soviet rifle regiment (on top) and antitank regiment (hidden under it)."""
    rules = with_german_gun(ruleset)
    target, armored, motorized = example_hexes(rules)
    session = new_game(rules, "test", Mode.STRICT, seed=5, options=fog)
    places = (
        {"rifle": target, "at": target},
        {"tank": armored, "mech": armored, "gart": armored, "mot6": motorized},
    )
    for side in places:
        for unit_id, hex_id in side.items():
            session.submit(PlaceUnits(units=(unit_id,), to=rules.grid.hex_of(hex_id)))
        session.submit(EndStep())
    walk_to(session, COMBAT, Player.GERMAN)
    mission = BombardmentMission(
        player=Player.GERMAN, target=rules.grid.hex_of(target), units=("gart",)
    )
    assert session.submit(mission).applied
    if fog:  # 12.4, 18.1: the Soviet player is asked for counterbattery, and has none
        assert session.submit(ContinueCombat(player=Player.SOVIET)).applied
    return rules, session, target


def test_18_1_12_4_a_missions_target_list_holds_the_top_unit_and_a_hidden_unit_drawn(
    qtbot, ruleset
):
    rules, session, target = fogged_mission(ruleset)
    window = window_for(qtbot, rules, session)
    window.refresh()
    page = window.combat.panel.artillery
    listed = items(page.target)
    assert [data for _, data in listed] == ["rifle", HiddenIn(rules.grid.hex_of(target))]
    assert not any("1111 AT" in text for text, _ in listed)  # the hidden unit is not named
    assert listed[1][0].startswith(AT_RANDOM)
    page.target.setCurrentIndex(1)
    assert "drawn at random" in page.preview.text() and "12.4" in page.preview.text()
    assert page.fire.isEnabled()
    window.combat.dock.resize(460, 760)
    shoot(window.combat.dock, "fog-artillery-drawn")
    page.fire.click()
    action = session.entries[-1].action
    assert action == {"kind": "bombard", "player": "german", "units": ["gart"], "hidden_in": target}
    assert any("of a hidden unit on" in line for line in session.entries[-1].narration)
    assert session.state.combat is None


def test_18_1_without_fog_the_missions_target_list_names_every_unit(qtbot, ruleset):
    rules, session, _ = fogged_mission(ruleset, fog=())
    window = window_for(qtbot, rules, session)
    window.refresh()
    assert [data for _, data in items(window.combat.panel.artillery.target)] == ["rifle", "at"]


def test_4_6_18_1_the_ground_attack_page_lists_seen_units_and_hidden_units_drawn(qtbot):
    shipped = default_ruleset()
    session = new_game(shipped, "we-are-coming", Mode.STRICT, seed=3, options=FOG)
    session.apply_default_setup()
    assert session.state.segment is Segment.AIR_ALLOCATION
    allocate(session, Player.SOVIET, {"su-202shad": AirBox.GROUND_ATTACK})
    allocate(session, Player.GERMAN, {})
    walk_to_bombardment(session)
    window = window_for(qtbot, shipped, session)
    page = window.air.panel.ground_attack
    assert page.player is Player.SOVIET
    seen = session.seen_by(Player.SOVIET)
    listed = items(page.target)
    named = [data for _, data in listed if isinstance(data, str)]
    drawn = [data for _, data in listed if isinstance(data, HiddenIn)]
    assert named and all(seen.knows(unit_id) for unit_id in named)
    name = shipped.catalogue.ground
    shown = {name[u].name for u in seen.state.units}
    unseen = {name[u].name for u in session.state.units if not seen.knows(u)} - shown
    assert unseen and not [t for t, _ in listed if t.split(" ", 1)[1] in unseen]
    assert drawn and all(seen.hidden.get(entry.hex) for entry in drawn)
    stack = session.state.units["de-57pzk-651pi"].hex  # the corps' engineers and flak
    index = [data for _, data in listed].index(HiddenIn(stack))
    page.target.setCurrentIndex(index)
    assert "drawn at random" in page.solution.text()
    assert page.send_button.isEnabled()
    dock_forward(window, qtbot)
    shoot(window.air.dock, "fog-ground-attack-drawn")
    qtbot.mouseClick(page.send_button, Qt.MouseButton.LeftButton)
    action = session.entries[-1].action
    assert action["kind"] == "ground_attack"
    assert action["hidden_in"] == shipped.grid.id_of(stack)
    assert "target_unit" not in action
