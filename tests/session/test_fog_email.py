"""[18.1] E-mail play under fog of war: two programs, each on its side's world, trade files
that tell the other side only what it may know; at the end both open their seals and the
file replays whole for a referee.

One game of We are coming! is played to its end by random legal actions, as the e-mail
fuzzer plays it (tools/fuzz/email.py), and every file sent is kept."""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from owsqt.cli import headless
from owsqt.cli.errors import InputError
from owsqt.journal.identity import Identity
from owsqt.journal.textformat import EntryKind, JournalError, parse, quoted, render_entry, signed
from owsqt.rules.core.actions import EndStep, MoveStack
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.rules.engine import judge
from owsqt.rules.fog.option import FOG_OF_WAR
from owsqt.rules.fog.view import engaged
from owsqt.rules.legalactions import candidate_actions
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.rules.turn.sequence import MOVEMENT_SEGMENTS
from owsqt.rules.worlds.belief import with_phantoms
from owsqt.rules.worlds.phantoms import is_phantom
from owsqt.session import GameSession, game_from_text
from owsqt.session.fogmail import FOG_BY_EMAIL_READERS
from owsqt.session.referee import REFEREE_RULE, opened_by_both, referee
from tools.fuzz.email import Table
from tools.fuzz.settings import Setting
from tools.fuzz.solo import FuzzFailure, Invariants, play_out

SEED = 1  # a whole game in about a minute: every kind of combat, strikes on hidden stacks


@pytest.fixture(scope="module")
def table(shipped):
    """Both players' sessions after the last file, and every file sent."""
    table = Table(shipped, SEED, Setting("we-are-coming", (FOG_OF_WAR,)))
    sent: list[str] = []

    reports = []

    def hand_over():
        reports.append(table.hand_over())
        sent.append(table.session.text())

    def fail(message):
        return FuzzFailure(SEED, message, None)

    while table.session.state.phase is Phase.SETUP:
        if table.session.players.why_not_act(EndStep(player=table.session.state.active)):
            hand_over()
        table.session.apply_default_setup()
    invariants = Invariants(with_phantoms(shipped))
    play_out(
        shipped, random.Random(SEED), lambda: table.session, fail, invariants, 3000, None, hand_over
    )
    hand_over()  # the last action and its player's seals opened
    hand_over()  # the other player's seals opened, sent back
    table.sent = sent
    table.reports = reports
    return table


GONE = (UnitStatus.ELIMINATED, UnitStatus.PERMANENTLY_LOST, UnitStatus.OFF_MAP_RETURN)


def _reader_knew(session: GameSession) -> set[str]:
    """Every unit the session's world held on the map after any entry, or as gone off it (an
    enemy unit gone off the map shows: a stack displaced with nowhere to go, 9.3), and every
    unit an entry of the other side showed for that entry alone (the guns of a
    counterbattery, reading 153): what its side saw."""
    known: set[str] = set()
    for number in range(len(session.entries) + 1):
        state = session.state_after(number)
        units = state.units.items()
        known |= {u for u, unit in units if unit.hex is not None or unit.status in GONE}
    for entry in session.entries:
        if entry.kind is EntryKind.TELL and entry.by != session.world_side.value:
            known |= {unit_id for unit_id, _unit in entry.action["introduced"]}
    return known


def test_18_1_no_file_sent_names_a_unit_its_reader_never_saw(shipped, table):
    """The issue's test: the bytes of every file sent hold no id of a unit that stood on the
    map hidden from the other side all game long (set-up placements, stacks, arrivals)."""
    ground = shipped.catalogue.ground
    final = table.sent[-1]
    for side in Player:
        owner, reader = table.sessions[side], table.sessions[side.opponent]
        on_map = {u for u in ground if ground[u].player is side} & {
            u for n in range(len(owner.entries) + 1)
            for u, unit in owner.state_after(n).units.items() if unit.hex is not None
        }  # fmt: skip
        never_seen = on_map - _reader_knew(reader)
        assert len(never_seen) >= 10, side  # the test can fail: many units stayed hidden
        for text in table.sent:
            assert not [u for u in never_seen if u in text], side
    assert parse(final).entries[-1].kind is EntryKind.SEND


def test_18_1_no_file_tells_a_strength_marker_outside_combat(shipped, table):
    """Every unit a public part shows prints its counter's strength, unless a combat engages
    it then (18.1: strength markers are seen only in combat)."""
    ground = shipped.catalogue.ground
    final = parse(table.sent[-1])
    checked = 0
    for entry in final.entries:
        if entry.kind is not EntryKind.TELL:
            continue
        reader = table.sessions[Player(entry.by).opponent]
        fighting = engaged(reader.state_after(entry.number)) | engaged(
            reader.state_after(entry.number - 1)
        )
        for unit_id, unit in entry.action["after"]["units"] + entry.action["introduced"]:
            if unit is None or unit_id in fighting or unit["status"] != "on_map":
                continue
            defn = ground[unit_id]
            printed = (
                defn.combat_reduced if unit["reduced"] and defn.combat_reduced else defn.combat
            )
            assert unit["strength"] == printed, (entry.number, unit_id)
            checked += 1
    assert checked > 100


def test_18_1_a_player_reopens_the_file_to_his_own_world(shipped, table):
    """The German player's program opens the last file from his disk: his world again,
    which holds none of the Soviet units he never saw (the referee test reads both)."""
    text = table.sent[-1]
    for side in (Player.GERMAN,):
        session = table.sessions[side]
        reopened = game_from_text(shipped, text, identity=table.keys[side])
        assert reopened.state == session.state
        assert not any(
            is_phantom(u) and ground_side(shipped, u) is side for u in reopened.state.units
        )


def ground_side(ruleset, unit_id):
    return with_phantoms(ruleset).catalogue.ground[unit_id].player


def test_18_1_a_third_computer_cannot_read_a_fogged_e_mail_file(shipped, table):
    with pytest.raises(JournalError) as refused:
        game_from_text(shipped, table.sent[3], identity=Identity.generate())
    assert FOG_BY_EMAIL_READERS in str(refused.value) and "\n" not in str(refused.value)


def test_18_1_the_opened_file_replays_whole_for_a_referee(shipped, table):
    text = table.sent[-1]
    assert opened_by_both(text) and not opened_by_both(table.sent[-3])
    found = referee(shipped, text)
    assert found.problems == ()
    assert found.state.phase is Phase.GAME_OVER
    for side, session in table.sessions.items():  # each world held its own units true
        own = {u: s for u, s in found.state.units.items() if ground_side(shipped, u) is side}
        assert {u: session.state.units[u] for u in own} == own


def test_18_1_each_program_referees_the_game_once_both_seals_are_open(table):
    """The import that brings the opponent's OPEN entry, the game being over, brings the
    referee's verdict with it; no import before it does."""
    verdicts = [report.refereed for report in table.reports if report is not None]
    assert verdicts[-1] is not None and verdicts[-1].problems == ()
    assert verdicts[-2] is not None  # the first to open heard it from the second
    assert all(verdict is None for verdict in verdicts[:-2])


def test_18_1_the_referee_finds_a_player_who_told_a_lie(shipped, table):
    """A German entry that tells a stack on another hex than his world had it, signed by
    his own key as his program would have: the referee names that entry."""
    parsed = parse(table.sent[-1])
    entries = list(parsed.entries)
    index, changed = next(
        (i, e) for i, e in enumerate(entries)
        if e.kind is EntryKind.TELL and e.by == "german" and e.action["after"]["hidden"]
        and e.action["after"]["hidden"][0][1] is not None
    )  # fmt: skip
    public = dict(changed.action)
    after = dict(public["after"])
    hex_id, counters = after["hidden"][0]
    after["hidden"] = [[hex_id, {**counters, "count": counters["count"] + 1}], *after["hidden"][1:]]
    entries[index] = replace(changed, action={**public, "after": after})
    found = referee(shipped, resigned(parsed.header, entries, table.keys))
    assert found.problems[0].entry == changed.number
    assert found.problems[0].rule == REFEREE_RULE


def test_i36_4_18_1_the_referee_finds_a_line_added_to_a_sealed_entry_s_narration(shipped, table):
    """Under the fog of war the reader's program cannot check what the other side's entry
    narrates: his world does not hold it. At the end the referee does: a line of log added
    to a German TELL and signed again by the German is named at its entry. (A `!` line in a
    strict game is refused by every reading of the file.)"""
    lie = "German die roll (initiative): 1"
    changed, found = renarrated(shipped, table, lambda told: (*told, lie))
    assert [(p.entry, p.rule) for p in found.problems] == [(changed.number, REFEREE_RULE)]
    message = found.problems[0].message
    assert message == f"the entry says '{lie}' where its action tells nothing", message


def test_i36_4_18_1_the_referee_finds_a_sealed_entry_s_narration_changed(shipped, table):
    """The first line of a German TELL's narration replaced by another: the referee names
    the entry, the line it says and the line its action tells."""
    changed, found = renarrated(shipped, table, lambda told: ("The Soviet player concedes.",))
    assert [(p.entry, p.rule) for p in found.problems] == [(changed.number, REFEREE_RULE)]
    truth = changed.narration[0]
    assert found.problems[0].message == (
        f"the entry says 'The Soviet player concedes.' where its action tells {quoted(truth)}"
    )


def renarrated(shipped, table, narrate):
    """The first German sealed TELL that narrates something, its narration rewritten by
    `narrate` and signed again by the German; the entry as written, and the referee's
    verdict on the opened file."""
    parsed = parse(table.sent[-1])
    entries = list(parsed.entries)
    index, changed = next(
        (i, e) for i, e in enumerate(entries)
        if e.kind is EntryKind.TELL and e.by == "german" and e.field("box") and e.narration
    )  # fmt: skip
    entries[index] = replace(changed, narration=narrate(changed.narration))
    return changed, referee(shipped, resigned(parsed.header, entries, table.keys))


@pytest.mark.parametrize("kind", [EntryKind.SEND, EntryKind.OPEN])
def test_i36_4_18_1_the_referee_refuses_a_line_added_to_an_entry_of_the_exchange(
    shipped, table, kind
):
    """The hostile fuzzer's find: the last send (or an open) of a game whose seals are open,
    a line of log added ("The German player concedes") and signed again by its own player.
    Each import refused it; `owsqt verify`, which referees such a file, must too."""
    parsed = parse(table.sent[-1])
    entries = list(parsed.entries)
    index = max(i for i, e in enumerate(entries) if e.kind is kind)
    lie = "The German player concedes (6.2)."
    entries[index] = replace(entries[index], narration=(*entries[index].narration, lie))
    with pytest.raises(JournalError) as refused:
        referee(shipped, resigned(parsed.header, entries, table.keys))
    message = str(refused.value)
    assert message.startswith(f"entry {index + 1}: the entry says ") and lie in message
    assert "where owsqt writes" in message and "\n" not in message


def test_18_1_a_sealed_action_opens_only_with_its_writer_s_secret(shipped, table):
    """An OPEN entry with another secret, signed by its player: the referee refuses the
    first action it cannot open, in one line."""
    parsed = parse(table.sent[-1])
    entries = list(parsed.entries)
    index = next(i for i, e in enumerate(entries) if e.kind is EntryKind.OPEN)
    entries[index] = replace(entries[index], fields=(("secret", "0" * 64),))
    with pytest.raises(JournalError) as refused:
        referee(shipped, resigned(parsed.header, entries, table.keys))
    assert "cannot be opened" in str(refused.value) and "\n" not in str(refused.value)


def resigned(header, entries, keys) -> str:
    """The journal of `entries`, each signed by its side's key as it is chained: what a
    player holding his key can write."""
    lines = [*header.lines(), ""]
    digest = header.digest()
    for entry in entries:
        rendered, digest = render_entry(signed(entry, digest, keys[Player(entry.by)].sign), digest)
        lines.extend(rendered)
    return "\n".join(lines) + "\n"


def test_18_1_owsqt_verify_referees_the_opened_file_in_another_process(table, tmp_path):
    """`owsqt verify` of the last file, in a process whose hashes differ from this one's:
    each entry must tell the same bytes whatever order a set is walked in."""
    path = tmp_path / "fogged.owsg"
    path.write_text(table.sent[-1], encoding="utf-8")
    (tmp_path / "home").mkdir()
    env = {
        **os.environ,
        "PYTHONPATH": str(Path(__file__).parents[2]),
        "PYTHONHASHSEED": "12345",
        "HOME": str(tmp_path / "home"),
    }
    done = subprocess.run(
        [sys.executable, "-m", "owsqt", "verify", str(path)],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{path}: VALID" in done.stdout and "seals opened" in done.stdout


def _received(table, index: int) -> tuple[Player, GameSession]:
    """The player file `index` was sent to, and his game as he opens it."""
    text = table.sent[index]
    last = [e for e in parse(text).entries if e.kind is EntryKind.SEND][-1]
    side = Player(last.field("to"))
    return side, game_from_text(default_ruleset(), text, identity=table.keys[side])


def _actions(session: GameSession, side: Player) -> list:
    """The legal actions of `side`'s in its world, moves first, never the end of the step."""
    rng = random.Random(3)
    legal = [
        action
        for action in candidate_actions(session.ruleset, session.state, rng)
        if action.player is side
        and not isinstance(action, EndStep)
        and not judge(session.ruleset, session.state, action).violations
    ]
    return sorted(legal, key=lambda action: not isinstance(action, MoveStack))


def test_18_1_an_action_taken_back_before_the_send_is_taken_back_over_there(table):
    """An action told and undone in the player's movement segment (a move, or the combat of
    an overrun under way): the other program takes in both entries, and its world is as it
    was (e-mail play: a player takes back his own unsent entries)."""
    entries = parse(table.sent[-1]).entries
    sends = [e for e in entries if e.kind is EntryKind.SEND]
    moving = [  # the files that leave their receiver in his own movement segment
        index
        for index, send in enumerate(sends[:-2])
        for side in [Player(send.field("to"))]
        for state in [table.sessions[side].state_after(send.number)]
        if state.segment in MOVEMENT_SEGMENTS and state.active is side
    ]
    for index in moving:  # the first whose receiver has an action he may take back
        side, mine = _received(table, index)
        for action in _actions(mine, side):
            before = mine.state
            assert mine.submit(action).applied and mine.state != before
            if mine.why_not_undo() is not None:  # it rolled the die: open the file again
                side, mine = _received(table, index)
                continue
            mine.undo()
            # The file began with the reveal of its dice: they roll from its seed now (Dice).
            assert replace(mine.state, dice=before.dice) == before
            _, text = mine.email.send()
            theirs = game_from_text(
                default_ruleset(), table.sent[index], identity=table.keys[side.opponent]
            )
            held = theirs.state
            theirs.email.import_text(text)
            kinds = [e.kind for e in theirs.entries[-4:]]
            assert kinds == [EntryKind.REVEAL, EntryKind.TELL, EntryKind.UNDO, EntryKind.SEND]
            assert replace(theirs.state, dice=held.dice) == held
            assert theirs.state.dice.seed == mine.state.dice.seed  # both from the reveal
            return
    pytest.fail("no file left its receiver an action to take in his movement segment")


def test_18_1_a_bent_public_part_in_a_reply_is_refused_and_the_game_kept(table):
    """A reply whose public part names a unit the game does not have, signed by its
    player: the import refuses it in one line naming the entry, and nothing changes."""
    final = parse(table.sent[-1])
    entries = list(final.entries)
    sends = [n for n, e in enumerate(entries) if e.kind is EntryKind.SEND]
    bent_at = next(  # a told exposure in a file after the second, and that file's send
        (n, next(s for s in sends if s > n))
        for n, e in enumerate(entries)
        if n > sends[1] and e.kind is EntryKind.TELL and e.action["after"]["units"]
    )
    at, reply_send = bent_at
    mine_send = max(s for s in sends if s < at)
    reader = Player(entries[mine_send].by)
    game = game_from_text(
        default_ruleset(),
        resigned(final.header, entries[: mine_send + 1], table.keys),
        identity=table.keys[reader],
    )
    public = entries[at].action
    after = {**public["after"], "units": [["no-such-unit", None], *public["after"]["units"]]}
    reply = [*entries[: reply_send + 1]]
    reply[at] = replace(entries[at], action={**public, "after": after})
    held, count = game.state, len(game.entries)
    with pytest.raises(JournalError) as refused:
        game.email.import_text(resigned(final.header, reply, table.keys))
    message = str(refused.value)
    assert f"entry {at + 1}" in message and "'no-such-unit' is not a unit of the game" in message
    assert "\n" not in message
    assert game.state == held and len(game.entries) == count


def test_18_1_replay_as_the_other_side_is_refused_where_only_one_world_is_held(table, capsys):
    """`owsqt replay --as` on a fogged e-mail file shows this computer's own side; the other
    side's view is its player's to see: one line says which side works."""
    side, game = _received(table, 5)
    args = argparse.Namespace(json=True)
    assert headless._replay_as(args, game, side, len(game.entries)) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["side"] == side.value and shown["units"]
    with pytest.raises(InputError) as refused:
        headless._replay_as(args, game, side.opponent, len(game.entries))
    assert f"--as {side.value} shows it" in str(refused.value)
