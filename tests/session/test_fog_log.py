"""[18.1] The session's log as each side may read it under the fog of war."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from owsqt.rules.core.actions import PlaceUnits
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.rules.fog.option import FOG_OF_WAR
from owsqt.session import GameSession, game_from_text, new_game
from owsqt.session.checkpoint import open_game, save_checkpoint
from tools.fuzz.solo import choose_legal

SCENARIO = "hoths-last-gasp"
PLAYED = 40  # random legal actions after the set-up: the Soviet moves of turn 9 begin


@pytest.fixture(scope="module")
def game(shipped):
    """A strict game with the fog of war: both set-ups, then random legal actions."""
    return played(shipped, 1)


@pytest.fixture(scope="module")
def setup_entries(shipped) -> int:
    """How many entries both default set-ups of Hoth's Last Gasp make, into turn 9."""
    session = new_game(shipped, SCENARIO, Mode.STRICT, seed=1, options=(FOG_OF_WAR,))
    session.apply_default_setup()
    return len(session.entries)


def played(rules, seed: int, after_each=lambda session: None) -> GameSession:
    """Both default set-ups of a strict game with the fog of war, then `PLAYED` random legal
    actions; `after_each(session)` after every one."""
    session = new_game(rules, SCENARIO, Mode.STRICT, seed=seed, options=(FOG_OF_WAR,))
    session.apply_default_setup()
    rng = random.Random(seed)
    for _ in range(PLAYED):
        action = choose_legal(rules, session.state, rng, AssertionError)
        assert session.submit(action).applied
        after_each(session)
    return session


def hidden_in(session: GameSession, number: int, side: Player) -> set[str]:
    """The enemy units `side` may not know in entry `number`, from the views alone: not
    seen after it, and not seen on the map before it."""
    before, after = session.seen_by(side, number - 1), session.seen_by(side, number)
    full_before = session.state_after(number - 1)
    return {
        unit_id
        for unit_id in session.state_after(number).units
        if not after.knows(unit_id)
        and (
            not before.knows(unit_id) or full_before.units[unit_id].status is not UnitStatus.ON_MAP
        )
    }


def named(rules, line: str, unit_id: str) -> bool:
    words = (unit_id, rules.unit_name(unit_id))
    return any(re.search(rf"(?<![\w/-]){re.escape(w)}(?![\w/-])", line) for w in words)


@pytest.mark.parametrize("side", list(Player))
def test_18_1_the_log_of_a_side_names_no_unit_hidden_from_it(shipped, game, side):
    hidden_met = 0
    for line in game.log_lines(side=side):
        hidden = hidden_in(game, line.entry, side)
        hidden_met += bool(hidden)
        leaked = [unit_id for unit_id in hidden if named(shipped, line.text, unit_id)]
        assert not leaked, (line, leaked)
    assert hidden_met  # the game did hide units from this side


def test_18_1_the_log_still_tells_own_units_and_counts_the_hidden_ones(
    shipped, game, setup_entries
):
    """The moves of turn 9's first moving player: he reads them as written; his opponent
    reads the same moves, their hidden units counted ("2 Soviet units")."""
    played = [
        e for e in game.entries[setup_entries:] if e.action and e.action.get("kind") == "move"
    ]
    assert played
    mover = Player(played[0].by)
    moves = [entry.number for entry in played if entry.by == mover.value]
    for number in moves:
        assert game.narration(number, mover) == game.entries[number - 1].narration
    other = [line for number in moves for line in game.narration(number, mover.opponent)]
    name = "Soviet" if mover is Player.SOVIET else "(German|Rumanian|Axis)"
    assert any(re.search(rf"(a|\d+) {name} units? (moved|entered)", line) for line in other)
    whole = [line for number in moves for line in game.entries[number - 1].narration]
    assert other != whole


def test_18_1_the_log_for_nobody_is_the_journal_as_written(game):
    lines = game.log_lines()
    assert lines == game.log_lines(side=None)
    written = [t for e in game.entries for t in (*e.narration, *e.violations)]
    assert [line.text for line in lines if line.kind != "undo"] == written


def test_18_1_a_log_read_in_parts_is_the_log_read_whole(game):
    """The log dock adds the lines of new entries only (`since`): the same lines."""
    parts = []
    for since in range(0, len(game.entries), 50):
        new = game.log_lines(since=since, side=Player.GERMAN)
        parts += [line for line in new if line.entry <= since + 50]
    assert parts == game.log_lines(side=Player.GERMAN)


def test_18_1_a_game_resumed_from_its_checkpoint_tells_a_side_only_what_it_replayed(
    ruleset, tmp_path
):
    """`owsqt act` resumes from the checkpoint and replays nothing before it: of those
    entries a side reads nothing (their states are not kept), of the ones after, its
    own reading; the file's narration is unchanged."""
    path = tmp_path / "fog.owsg"
    session = new_game(ruleset, "test", Mode.FREE, seed=3, path=path, options=(FOG_OF_WAR,))
    stack = PlaceUnits(units=("rifle", "at"), to=ruleset.grid.hex_of("3038"))
    assert session.submit(stack).applied
    save_checkpoint(session)
    session.close()
    resumed, _ = open_game(ruleset, path)
    assert resumed.submit(replace(stack, to=ruleset.grid.hex_of("3039"))).applied
    assert [line.entry for line in resumed.log_lines(side=Player.GERMAN)] == [2, 2]
    assert resumed.narration(2, Player.GERMAN)[1].startswith("a Soviet unit placed on 3039")
    assert len(resumed.log_lines()) == 4
    resumed.close()


@pytest.mark.parametrize("side", list(Player))
def test_18_1_the_log_names_no_unit_the_side_does_not_see_now(shipped, side):
    """The log is no note (18.1): asked after every action, as the log dock asks, it names
    only the enemy units on the map the side sees now, and reads as a log told afresh."""
    session = played(shipped, 2, lambda session: session.log_lines(side=side))
    now = session.seen_by(side)
    dark = [
        unit_id
        for unit_id, unit in session.state.units.items()
        if unit.status is UnitStatus.ON_MAP and not now.knows(unit_id)
    ]
    assert dark
    lines = session.log_lines(side=side)
    for line in lines:
        assert not [unit_id for unit_id in dark if named(shipped, line.text, unit_id)], line
    afresh = game_from_text(shipped, session.text()).log_lines(side=side)
    assert lines == afresh
