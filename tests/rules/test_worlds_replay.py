"""[18.1] Two worlds of one fogged game, kept as two programs of an e-mail game would keep
them: each entry's writer applies its action to its own world whole, the other side takes
in only its public part. Both stay true to the game while neither holds, nor is told, a
hidden unit of the other.

A ground attack or bombardment on a hidden stack draws its target at random (4.6, 12.4,
18.1): the struck side's program, which alone draws the true unit, writes a resolution
next. Every kind of action the fuzzer plays is played."""

from __future__ import annotations

import json
import random
from dataclasses import fields

import pytest

from owsqt.rules.core.actions import Counterbattery
from owsqt.rules.core.codec import encode
from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.fog.option import FOG_OF_WAR
from owsqt.rules.fog.view import view
from owsqt.rules.movement.arrivals import WAITING
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.rules.worlds.belief import belief
from owsqt.rules.worlds.exposure import Exposure, exposure
from owsqt.rules.worlds.phantoms import is_phantom
from owsqt.rules.worlds.public import (
    owner_resolves,
    public_part,
    resolution,
    writer_of,
)
from owsqt.rules.worlds.publicdata import public_from_data, public_to_data
from owsqt.rules.worlds.rename import renamed
from owsqt.rules.worlds.takein import act, take_in
from owsqt.session import new_game
from tools.fuzz.solo import choose_legal

GAMES = [  # (scenario, seed, random legal actions after both set-ups)
    ("hoths-last-gasp", 7, 320),  # into its second turn
    ("operation-winter-storm", 25, 400),  # the campaign's first turn and a half
]


def _fields_apart(world_state: GameState, reference: GameState, skip: set[str]) -> set[str]:
    phantoms = {u: None for u in world_state.units if is_phantom(u)}
    # A bombardment mission's stack stays hidden (12.4): phantoms there, nothing in the
    # reference, which takes out what the side cannot know.
    world_state = renamed(world_state, phantoms)
    apart = {
        f.name
        for f in fields(GameState)
        if f.name not in {"units", "dice", "artillery_phase", *skip}
        and getattr(world_state, f.name) != getattr(reference, f.name)
    }
    if world_state.artillery != reference.artillery:  # an old phase's record reads empty
        apart.add("artillery")
    if world_state.dice.keys != reference.dice.keys and (
        world_state.dice.keys is None
        or reference.dice.keys is None
        or world_state.dice.keys.action != reference.dice.keys.action
    ):
        apart.add("dice")  # the action count the keyed die is keyed by (2.0)
    return apart


def _own_units_apart(rules, world_state: GameState, truth: GameState, side: Player) -> set[str]:
    ground = rules.catalogue.ground
    return {
        unit_id
        for unit_id, unit in truth.units.items()
        if ground[unit_id].player is side and world_state.units.get(unit_id) != unit
    }


def _unshown(rules, state: GameState, side: Player) -> set[str]:
    """The units of `side` its enemy does not see: under a stack's top, entrenched, or
    still to set up or to arrive, from the track or a force pool (which of them a stack
    takes in is hidden, 19.11)."""
    ground = rules.catalogue.ground
    mine = {unit_id for unit_id in state.units if ground[unit_id].player is side}
    seen = view(rules, state, side.opponent).state.units
    return mine - {u for u, unit in seen.items() if unit.status not in WAITING}


@pytest.fixture(scope="module", params=GAMES, ids=[game[0] for game in GAMES])
def entries(request):
    """Each entry of the game: (writer, its action's kind, truth after, writer's world,
    reader's world, public part, the ids hidden from the reader all through the entry,
    whether a resolution by the reader follows it); and the exposure each entry's writer
    told before it (by entry)."""
    scenario, seed, played = request.param
    rules = default_ruleset()
    session = new_game(rules, scenario, Mode.STRICT, seed=seed, options=(FOG_OF_WAR,))
    session.apply_default_setup()
    rng = random.Random(seed)
    truth = session.state
    worlds = {side: belief(rules, truth, side) for side in Player}
    told = {side: exposure(rules, truth, side) for side in Player}
    since = {side: worlds[side].state for side in Player}
    found = []
    told_before: list[Exposure] = []
    for _ in range(played):
        action = choose_legal(rules, truth, rng, AssertionError)
        writer = writer_of(rules, truth, action)
        hidden = _unshown(rules, truth, writer)
        assert session.submit(action).applied
        after = session.state
        mine, _events, applied = act(worlds[writer], action, Mode.STRICT)
        assert applied, f"{action.kind} refused in its writer's world"
        public = public_part(told[writer], since[writer], worlds[writer], action, mine)
        theirs, _events = take_in(worlds[writer.opponent], public)
        # Hidden from the reader before the entry and after it (a unit that comes to show
        # on top, or went dark, is the reader's to know about).
        hidden &= _unshown(rules, after, writer)
        if isinstance(action, Counterbattery):  # 12.4, 18.1: seen as they fire
            hidden -= set(action.units)
        entry = (writer, action.kind, after, mine, theirs, public, hidden)
        told_before.append(told[writer])
        worlds[writer], worlds[writer.opponent] = mine, theirs
        told[writer], since[writer] = public.after, mine.state
        if owner_resolves(action):
            # The struck side's program draws the true unit: its resolution comes next.
            owner = writer.opponent
            found.append((*entry, True))
            answer = resolution(told[owner], since[owner], worlds[owner])
            told_before.append(told[owner])
            worlds[writer], _events = take_in(worlds[writer], answer)
            told[owner], since[owner] = answer.after, worlds[owner].state
            entry = (owner, "resolution", after, worlds[owner], worlds[writer], answer, hidden)
        found.append((*entry, False))
        truth = after
    return rules, found, played, told_before


def test_18_1_each_world_keeps_its_own_units_true_through_every_entry(entries):
    rules, found, played, _told = entries
    assert len(found) >= played
    for writer, kind, truth, mine, theirs, _public, _hidden, answered in found:
        assert not _own_units_apart(rules, mine.state, truth, writer), kind
        if not answered:  # a world struck at random is true once its owner has resolved it
            assert not _own_units_apart(rules, theirs.state, truth, writer.opponent), kind


def test_18_1_the_reader_of_an_entry_knows_all_its_side_may_know_after_it(entries):
    rules, found, _played, _told = entries
    kinds = set()
    for writer, kind, truth, _mine, theirs, _public, _hidden, answered in found:
        if answered:
            continue  # the struck side's resolution follows
        reference = belief(rules, truth, writer.opponent).state
        assert _fields_apart(theirs.state, reference, set()) == set(), kind
        assert exposure(theirs.ruleset, theirs.state, writer) == exposure(rules, truth, writer)
        kinds.add(kind)
    # The game played every kind the test means to cover.
    assert {"place", "move", "prepared_attack", "defend", "fire", "end_step"} <= kinds | {"place"}
    assert {"move", "prepared_attack", "defend", "fire", "end_step"} <= kinds


def test_4_6_18_1_a_ground_attack_on_a_hidden_stack_is_resolved_by_its_owner(entries):
    _rules, found, _played, _told = entries
    answered = [kind for *_rest, answered in found if answered for kind in [_rest[1]]]
    resolutions = [entry for entry in found if entry[1] == "resolution"]
    assert resolutions  # both games fly ground attacks at hidden stacks
    assert len(answered) == len(resolutions)
    assert all(not entry[5].acted and entry[5].action is None for entry in resolutions)


def test_18_1_the_writer_world_lags_only_in_the_combat_it_declared(entries):
    """An attacker learns the defenders of a stack he could not see from the defender's
    next entry (11.2 step 2), and a retreating side the units that may fire at it from
    their owner's (11.7); the Soviet side learns the victory ledger from the German side's
    next entry (19.33: German units earn every point)."""
    rules, found, _played, _told = entries
    for writer, kind, truth, mine, _theirs, _public, _hidden, answered in found:
        if answered:
            continue  # its world struck phantoms: the resolution corrects it
        reference = belief(rules, truth, writer).state
        lagging = {"combat", "special_fire"}  # the defender's, the ZOC owner's units
        if writer is Player.SOVIET:
            lagging.add("victory_ledger")
        assert _fields_apart(mine.state, reference, lagging) == set(), kind


def test_18_1_no_public_part_names_a_unit_hidden_from_its_reader(entries):
    _rules, found, _played, _told = entries
    named = 0
    for _writer, _kind, _truth, _mine, _theirs, public, hidden, _answered in found:
        text = repr(public)
        named += bool(public.introduced)
        assert not [unit_id for unit_id in hidden if repr(unit_id) in text]
    assert named  # units were shown: new top units, the defenders of attacks


def test_18_1_each_public_part_reads_back_from_the_file_as_written(entries):
    """A public part as a fogged e-mail file holds it (JSON, its keys sorted, its exposure as
    changes from the one told before) reads back equal, and is smaller than the whole
    exposure it stands for."""
    rules, found, _played, told = entries
    smaller = 0
    for (_writer, kind, *_rest, public, _hidden, _answered), before in zip(
        found, told, strict=True
    ):
        data = public_to_data(public, before, rules.grid)
        text = json.dumps(data, sort_keys=True)
        assert public_from_data(json.loads(text), before, rules) == public, kind
        whole = json.dumps(encode(public.after, rules.grid))
        smaller += len(text) < len(whole)
    assert smaller > len(found) * 0.9
