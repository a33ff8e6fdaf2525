"""Shared fixtures: `ruleset`, a small ruleset whose counters carry the values the rulebook's
examples give, and `shipped`, the ruleset of the shipped data."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

# Tests draw offscreen even when run without `make test` (no display on CI machines).
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Autosaves, the recent-games list and the key of the tests never touch the player's files.
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="owsqt-tests-")
# The player's signing key (journal/identity.py) is made in a folder of the tests' own.
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="owsqt-tests-config-")

import pytest

from owsqt.rules.core.vocabulary import Player
from owsqt.rules.data.tables import load_tables
from owsqt.rules.data.units import (
    AirUnitDef,
    MovementClass,
    Nationality,
    UnitCatalogue,
    UnitDef,
    UnitType,
)
from owsqt.rules.map.mapfile import load_game_map
from owsqt.rules.scenario.ruleset import Ruleset, default_ruleset
from owsqt.rules.scenario.scenario import Scenario

REPO = Path(__file__).resolve().parents[1]


def ground(unit_id, name, nationality, unit_type, movement_class, combat, reduced, movement,
           proficiency, stacking, stacking_reduced=None) -> UnitDef:  # fmt: skip
    return UnitDef(
        id=unit_id,
        name=name,
        nationality=nationality,
        type=unit_type,
        movement_class=movement_class,
        combat=combat,
        combat_reduced=reduced,
        movement=movement,
        proficiency=proficiency,
        stacking=stacking,
        stacking_reduced=stacking if stacking_reduced is None else stacking_reduced,
    )


G, S = Nationality.GERMAN_ARMY, Nationality.SOVIET
TANK, MECH, INF, AT, ART, HQ = (
    UnitType.TANK,
    UnitType.MECHANIZED_INFANTRY,
    UnitType.INFANTRY,
    UnitType.ANTITANK,
    UnitType.ARTILLERY,
    UnitType.HEADQUARTERS,
)
TRACKED, MOTOR, FOOT = MovementClass.TRACKED, MovementClass.MOTORIZED, MovementClass.NON_MOTORIZED

# The counters of the 11.8 comprehensive combat example, and a few more to stack.
EXAMPLE_UNITS = (
    ground("tank", "I/11 Pz (12-10)", G, TANK, TRACKED, 12, 6, 10, 8, 6, 3),
    ground("mech", "I/114 PzGr (7-10)", G, MECH, TRACKED, 7, 4, 10, 7, 4, 2),
    ground("mot6", "II/4 PzGr (6-12)", G, INF, MOTOR, 6, 3, 12, 7, 4, 2),
    ground("mot5", "I/4 PzGr (5-12)", G, INF, MOTOR, 5, 3, 12, 7, 4, 2),
    ground("hq57", "57 Pz Corps HQ", G, HQ, MOTOR, 1, None, 12, 6, 1),
    ground("rifle", "823 Rifle Rgt (5-5)", S, INF, FOOT, 5, 3, 5, 5, 6, 4),
    ground("at", "1111 AT Rgt (4-8)", S, AT, MOTOR, 4, 2, 8, 4, 3),
    ground("art", "1114 Art Rgt 4(3)4", S, ART, FOOT, 4, 2, 4, 4, 3),
)
EXAMPLE_AIR = (
    AirUnitDef("jg52", "II/JG 52", Nationality.LUFTWAFFE, "JG", 6, 5, 1, 8),
    AirUnitDef("iad235", "235 IAD", Nationality.SOVIET_AIR_FORCE, "IAD", 5, 5, 1, 6),
)

TEST_SCENARIO = Scenario("test", "Test scenario", "19.1", 1, 3, Player.SOVIET)


@pytest.fixture(scope="session")
def qapp(qapp):
    """pytest-qt's application, with the program's own fonts, as `owsqt` starts it.

    Every Qt test asks for the application (qtbot does too), so none lays out text in the
    fonts of the machine it happens to run on.
    """
    from owsqt.qt.fonts import load_fonts  # Qt only for the tests that use it

    load_fonts()
    return qapp


@pytest.fixture(scope="session")
def shipped() -> Ruleset:
    """The ruleset of the shipped data: the real counters, scenarios and tables."""
    return default_ruleset()


@pytest.fixture(scope="session")
def ruleset() -> Ruleset:
    """The rulebook examples' counters on the real map and tables, with TEST_SCENARIO."""
    return Ruleset(
        game_map=load_game_map(REPO / "resources" / "map" / "compiled.json"),
        tables=load_tables(REPO / "resources" / "rules"),
        catalogue=UnitCatalogue(
            {unit.id: unit for unit in EXAMPLE_UNITS}, {unit.id: unit for unit in EXAMPLE_AIR}
        ),
        scenarios={TEST_SCENARIO.id: TEST_SCENARIO},
    )
