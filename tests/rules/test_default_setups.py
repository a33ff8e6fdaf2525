"""The default set-ups as the scenario text and the battle have them (19.12, 19.22, 19.31 d,
reading 159): the Aksai bridgehead of Hoth's Last Gasp, the Ring Forces on every hex of
their face of the pocket, Kompanie Eule with its corps."""

from __future__ import annotations

import pytest

from owsqt.rules.core.hexgrid import distance
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.rules.data.datafile import DataError
from owsqt.rules.movement.ringhold import ring_army
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.setup.ringline import pocket_face
from owsqt.rules.setup.setupcheck import check_setup
from owsqt.session import new_game
from tests.rules.test_scenarios import copy_data

SCENARIOS = ["we-are-coming", "hoths-last-gasp", "operation-winter-storm", "maximum-effort"]


@pytest.fixture(scope="module")
def setups(shipped):
    sessions = {}
    for scenario in SCENARIOS:
        session = new_game(shipped, scenario, Mode.STRICT, seed=3)
        session.apply_default_setup()
        sessions[scenario] = session
    return sessions


def hexes_of(ruleset, state, prefix):
    return {
        ruleset.grid.id_of(unit.hex)
        for unit_id, unit in state.units.items()
        if unit_id.startswith(prefix) and unit.status is UnitStatus.ON_MAP
    }


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_19_0_each_default_set_up_passes_the_strict_checker(shipped, setups, scenario):
    state = setups[scenario].state
    for player in Player:
        assert check_setup(shipped, shipped.scenarios[scenario], state, player) == []


def test_19_22_hoths_default_set_up_holds_the_aksai_bridgehead_from_2531_to_3131(shipped, setups):
    state = setups["hoths-last-gasp"].state
    north = shipped.game_map.north_of("Aksai", 23, 34)
    bridgehead = {shipped.grid.id_of(h) for h in north} & (
        hexes_of(shipped, state, "de-6pz") | hexes_of(shipped, state, "de-23pz")
    )
    assert {"2531", "2631", "3031", "3131"} <= bridgehead
    on_north_bank = [
        unit_id
        for unit_id, unit in state.units.items()
        if unit_id.startswith(("de-6pz", "de-23pz")) and unit.hex in north
    ]
    assert len(on_north_bank) >= 20  # most of both divisions, as on 16 December


def test_19_31_d_every_face_hex_of_each_ring_army_holds_a_soviet_unit(shipped, setups):
    state = setups["operation-winter-storm"].state
    scenario = shipped.scenarios["operation-winter-storm"]
    soviet_hexes = {
        unit.hex
        for unit_id, unit in state.units.items()
        if unit_id.startswith("su-") and unit.status is UnitStatus.ON_MAP
    }
    for group in scenario.groups(()):
        if group.units and ring_army(shipped, group.units[0]) is not None:
            face = pocket_face(shipped, sorted(group.zone.hexes(shipped.game_map)))
            empty = sorted(shipped.grid.id_of(h) for h in face - soviet_hexes)
            assert empty == [], group.name
    # The 64th Army's south-eastern corner of the pocket (4611, 4711) is faced.
    assert {"4612", "4712"} <= hexes_of(shipped, state, "su-")


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_reading_159_kompanie_eule_sets_up_with_the_57th_panzer_corps_hq(shipped, setups, scenario):
    state = setups[scenario].state
    (eule,) = hexes_of(shipped, state, "de-kp-eule")
    (hq,) = hexes_of(shipped, state, "de-57pzk-hq")
    grid = shipped.grid
    limit = 5 if scenario == "hoths-last-gasp" else 1
    assert distance(grid.hex_of(eule), grid.hex_of("1652")) <= limit
    assert distance(grid.hex_of(hq), grid.hex_of("1652")) <= limit


def test_a_default_hex_outside_its_groups_zone_is_named(tmp_path):
    resources, scenarios = copy_data(tmp_path)
    path = scenarios / "hoths-last-gasp.yaml"
    text = path.read_text()
    assert 'default_at: ["3131", "3031", "2931"]' in text
    path.write_text(
        text.replace('default_at: ["3131", "3031", "2931"]', 'default_at: ["3131", "4053"]')
    )
    with pytest.raises(DataError) as error:
        Ruleset.load(resources, scenarios)
    message = str(error.value)
    assert "hoths-last-gasp.yaml" in message and "default_at" in message and "4053" in message
