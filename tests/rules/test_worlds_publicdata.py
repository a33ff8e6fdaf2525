"""[18.1] A public part read from a fogged e-mail file written to mislead: every field a
hostile file could bend is refused in one line that says where, before any world takes
the entry in."""

from __future__ import annotations

import copy
import json

import pytest

from owsqt.rules.core.actions import MoveStack
from owsqt.rules.core.codec import CodecError
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.fog.option import FOG_OF_WAR
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.rules.worlds.belief import belief
from owsqt.rules.worlds.exposure import exposure
from owsqt.rules.worlds.public import public_part
from owsqt.rules.worlds.publicdata import public_from_data, public_to_data
from owsqt.rules.worlds.takein import act
from owsqt.session import new_game


@pytest.fixture(scope="module")
def written():
    """A German move of a stack with hidden counters under its top, as its entry's data."""
    rules = default_ruleset()
    session = new_game(rules, "hoths-last-gasp", Mode.STRICT, seed=3, options=(FOG_OF_WAR,))
    session.apply_default_setup()
    state = session.state
    world = belief(rules, state, Player.GERMAN)
    told = exposure(rules, state, Player.GERMAN)
    hex_, stack = next((h, s) for h, s in state.stacks.items() if len(s) > 2 and s[0] in told.units)
    neighbour = next(n for _, n in rules.grid.neighbours(hex_) if n not in state.stacks)
    action = MoveStack(player=Player.GERMAN, units=stack, path=(hex_, neighbour))
    after, _events, applied = act(world, action, Mode.FREE)
    assert applied
    public = public_part(told, world.state, world, action, after)
    data = json.loads(json.dumps(public_to_data(public, told, rules.grid)))
    return rules, told, public, data


def test_18_1_the_written_data_reads_back(written):
    rules, told, public, data = written
    assert public_from_data(data, told, rules) == public
    assert any(unit.startswith("~@") for unit in data["action"]["units"])


BENT = {
    "an unknown field": (lambda d: d.update(spy=1), "unknown field 'spy'"),
    "the other writer": (lambda d: d.update(writer="soviet"), "writer:"),
    "no such unit": (
        lambda d: d["after"]["units"].append(["no-such-unit", None]),
        "'no-such-unit' is not a unit of the game",
    ),
    "a phantom": (
        lambda d: d["introduced"].append(["~german~quiet~0", {}]),
        "is not a unit of the game",
    ),
    "an enemy unit": (lambda d: d["after"]["units"].append([SOVIET, None]), "is not a german unit"),
    "a hex off the map": (
        lambda d: d["after"]["hidden"].append(["9999", None]),
        "after.hidden[",
    ),
    "no hidden counter": (
        lambda d: d["after"]["hidden"].append(["2428", {"count": 0}]),
        "0 hidden counters",
    ),
    "a placeholder off the map": (
        lambda d: d["action"]["units"].append("~@9999"),
        "action: '~@9999'",
    ),
    "a field not the writer's": (lambda d: d["settled"].update(units={}), "unknown field 'units'"),
    "an action in a resolution": (
        lambda d: d.update(acted=False),
        "a resolution applies no action",
    ),
    "a list for a mapping": (lambda d: d.update(after=[]), "after: expected a mapping"),
    "a bad strength": (
        lambda d: d["introduced"].append([GERMAN, {"strength": "many"}]),
        "introduced[",
    ),
}
SOVIET = "su-2ga-hq"
GERMAN = "de-6pz-hq"


@pytest.mark.parametrize("bend", sorted(BENT))
def test_18_1_a_bent_public_part_is_refused_saying_where(written, bend):
    rules, told, _public, data = written
    ground = rules.catalogue.ground
    assert ground[SOVIET].player is Player.SOVIET and ground[GERMAN].player is Player.GERMAN
    change, message = BENT[bend]
    bent = copy.deepcopy(data)
    change(bent)
    with pytest.raises(CodecError, match=message.replace("[", r"\[")):
        public_from_data(bent, told, rules)
