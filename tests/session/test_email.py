"""Play by e-mail: files two players trade, the seed they agree, sealed bids, and every way a
file can be wrong (docs/pbem-format.md)."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from owsqt.journal import filedice
from owsqt.journal.textformat import EntryKind, JournalError, parse
from owsqt.rules.core.actions import DeclareAttacks, EndStep, RollDice
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.session import ImportRefused, game_from_text, join_game, open_journal
from tests.session.pbemkit import Exchange, clock, end_steps_until, must


@pytest.fixture(scope="module")
def played(shipped) -> Exchange:
    """Ten files: the opening, the air allocations (the Soviet one sealed, then shown), play
    to the Initiative Phase (the steps between pass by themselves, 3.1), and both bids."""
    exchange = Exchange(shipped)
    exchange.opening()
    exchange.to_the_bids()
    exchange.bids(german=1, soviet=2)
    return exchange


def test_a_two_player_exchange_of_ten_files_round_trips(played):
    assert len(played.files) == 10
    assert played.german.text() == played.soviet.text() == played.files[-1]
    state = played.german.state
    assert state == played.soviet.state
    assert state.initiative.determined_turn == 1  # 6.1: both bids in, the die rolled
    assert dict(state.initiative.planned_attacks) == {Player.GERMAN: 1, Player.SOVIET: 2}
    numbers = [int(entry.field("file")) for entry in parse(played.files[-1]).entries
               if entry.kind is EntryKind.SEND]  # fmt: skip
    assert numbers == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]


def test_each_file_is_the_whole_game_and_replays_alone(shipped, played):
    for text in played.files:
        session = game_from_text(shipped, text, audit=True)
        assert session.problems == []


def test_pbem_dice_each_file_rolls_from_a_seed_of_both_players_shares(played):
    """[Dice] A file's seed is made of its writer's share, revealed before its first roll
    and committed to before the other player drew the fresh share, which he sent with his
    file before."""
    entries = parse(played.files[-1]).entries
    header = played.german.header
    assert header.seed is None and header.per_file_dice  # the creator chose no seed
    sends = [e for e in entries if e.kind is EntryKind.SEND]
    reveals = [e for e in entries if e.kind is EntryKind.REVEAL]
    assert reveals  # the initiative (6.1) was rolled
    for reveal in reveals:
        file = 1 + sum(1 for send in sends if send.number < reveal.number)
        share = reveal.field("share")
        pledged = sends[file - 3].field("commit") if file > 3 else header.commitment
        assert file == 3 or sends[file - 3].by == reveal.by  # his own send of file - 2
        assert filedice.share_commitment(header.game, file, share) == pledged
        fresh = next(s for s in sends if int(s.field("file")) == file - 1).field("fresh")
        seed = filedice.file_seed(header.game, file, share, fresh)
        assert reveal.by != sends[file - 2].by  # the fresh share was the other player's
    assert played.german.state.dice.seed == played.soviet.state.dice.seed == seed
    assert played.german.state.dice.keys is not None  # every e-mail game rolls keyed


def test_no_die_is_rolled_before_the_seed_is_agreed(shipped):
    exchange = Exchange(shipped, Mode.FREE)
    soviet = join_game(
        shipped, exchange.send(exchange.german), identity=exchange.soviet_key, clock=clock()
    )
    outcome = soviet.submit(RollDice(purpose="too soon", player=Player.SOVIET))
    assert not outcome.applied
    assert "not agreed yet" in str(outcome.verdict.violations[0])
    assert soviet.state.dice.rolls_made == 0


def shown_bid(text: str):
    """The entry that shows the sealed Soviet bid (6.1)."""
    return next(
        e
        for e in parse(text).entries
        if e.field("unseal") and e.action["kind"] == "declare_attacks"
    )


def test_6_1_the_first_bid_is_sealed_until_both_have_bid(played):
    fourth, fifth = parse(played.files[7]), parse(played.files[8])
    seal = [e for e in fourth.entries if e.kind is EntryKind.SEAL][-1]  # the air's came first
    assert seal.by == "soviet" and not any(
        e.action and e.action["kind"] == "declare_attacks" for e in fourth.entries
    )
    assert '"planned"' not in played.files[7]  # the Soviet bid cannot be read in file 8
    german_bid = fifth.entries[-2]  # the German bids openly after the seal
    assert german_bid.action == {"kind": "declare_attacks", "planned": 1, "player": "german"}
    shown = shown_bid(played.files[9])
    assert shown.action["planned"] == 2 and shown.field("unseal") == f"#{seal.number}"


def test_6_1_a_bid_shown_that_differs_from_the_seal_is_a_broken_rule(shipped, played):
    # The Soviet player forges his shown bid with his own key and the narration the rules
    # give for it: chain and signatures hold, but the bid is not the sealed one (6.1).
    text = played.files[9]
    shown = shown_bid(text)
    forged = _resigned(
        shipped, text, shown.number, {**shown.action, "planned": 0}, played.soviet_key
    )
    session = game_from_text(shipped, forged, audit=True)
    assert [(p.entry, p.rule) for p in session.problems] == [(shown.number, "6.1")]
    german = game_from_text(shipped, played.files[8], identity=played.german_key)
    with pytest.raises(ImportRefused, match=rf"entry {shown.number}: 6.1"):
        german.email.import_text(forged)


def test_an_action_refused_by_the_strict_rules_is_listed_with_its_rule(shipped, played):
    # A modified program signs an illegal action: the file is intact, but a bid outside the
    # Initiative Phase breaks 6.1; import refuses it, names the entry and the rule, and the
    # game is untouched. The German's file 5, sent in the Air Allocation Segment (4.3), bids
    # (his file 7 now reaches the Initiative Phase itself, 3.1, where a bid is legal).
    text = played.files[4]
    soviet = game_from_text(shipped, played.files[3], identity=played.soviet_key)
    assert soviet.state.segment is Segment.AIR_ALLOCATION
    before = soviet.text()
    bid = '{"kind": "declare_attacks", "planned": 3, "player": "german"}'
    forged = _append_forged(shipped, text, played.german_key, "german", bid)
    with pytest.raises(ImportRefused) as refused:
        soviet.email.import_text(forged)
    (problem,) = refused.value.problems
    assert problem.rule == "6.1" and problem.entry == len(parse(text).entries)
    assert "entry" in str(refused.value) and "6.1" in str(refused.value)
    assert "Initiative Phase" in str(refused.value)
    assert soviet.text() == before


def test_6_1_a_second_bid_beside_a_sealed_one_is_a_broken_rule(shipped, played):
    bid = '{"kind": "declare_attacks", "planned": 9, "player": "soviet"}'
    forged = _append_forged(shipped, played.files[7], played.soviet_key, "soviet", bid)
    german = game_from_text(shipped, played.files[6], identity=played.german_key)
    with pytest.raises(
        ImportRefused, match=r"6\.1: the soviet bid of planned attacks is sealed already"
    ):
        german.email.import_text(forged)
    assert german.text() == played.files[6]


def test_an_import_replaces_the_autosave_whole_and_a_refused_one_leaves_it(
    shipped, played, tmp_path
):
    path = tmp_path / "german.owsg"
    german = game_from_text(shipped, played.files[6], identity=played.german_key)
    german.save_as(path)
    bid = '{"kind": "declare_attacks", "planned": 9, "player": "soviet"}'
    forged = _append_forged(shipped, played.files[7], played.soviet_key, "soviet", bid)
    with pytest.raises(ImportRefused):
        german.email.import_text(forged)
    assert path.read_text() == played.files[6]
    german.email.import_text(played.files[7])
    assert path.read_text() == played.files[7]
    must(german, DeclareAttacks(player=Player.GERMAN, planned=1))  # appended at once
    german.close()
    assert path.read_text() == german.text()
    assert open_journal(shipped, path, identity=played.german_key).state == german.state


def test_any_flipped_byte_of_an_entry_is_detected_and_named(shipped, played):
    """Flip one character on every line of every entry the Soviet's fourth file adds."""
    german_before = game_from_text(
        shipped, played.files[6], identity=played.german_key, clock=clock()
    )
    text = played.files[7]
    lines = text.split("\n")
    known = len(parse(played.files[6]).entries)
    number = 0
    checked = 0
    for index, line in enumerate(lines):
        match = re.match(r"#(\d+) ", line)
        if match:
            number = int(match.group(1))
        if number <= known or not line:
            continue
        middle = len(line) // 2
        flipped = line[:middle] + chr(ord(line[middle]) ^ 1) + line[middle + 1 :]
        mutated = "\n".join([*lines[:index], flipped, *lines[index + 1 :]])
        with pytest.raises(JournalError, match=rf"entry {number}\b"):
            german_before.email.import_text(mutated)
        checked += 1
    assert checked > 10
    assert german_before.text() == played.files[6]


def test_an_import_checks_the_signatures_of_the_new_entries_only(shipped, played, monkeypatch):
    """The entries the copy holds were checked when it wrote or took them in, and the file must
    hold them unchanged (their chained hashes): a long game's import checks no more
    signatures than the reply adds, and a changed old entry is still refused."""
    from owsqt.journal import textformat

    german = game_from_text(shipped, played.files[6], identity=played.german_key)
    known = len(german.entries)
    checked = []
    real = textformat.signature_holds
    monkeypatch.setattr(
        textformat, "signature_holds", lambda *args: checked.append(args) or real(*args)
    )
    german.email.import_text(played.files[7])
    joins = sum(1 for entry in german.entries[:known] if entry.kind is EntryKind.JOIN)
    assert len(checked) == len(german.entries) - known + joins  # a join brings its key
    assert len(german.entries) - known > 0 and joins == 1
    other = game_from_text(shipped, played.files[6], identity=played.german_key)
    first = played.files[7].index("\n= ") + 3  # the first narration, in entry 1
    changed = played.files[7][:first] + "X" + played.files[7][first + 1 :]
    with pytest.raises(JournalError, match=r"entry 1\b"):
        other.email.import_text(changed)
    assert other.text() == played.files[6]


def test_a_reordered_entry_is_detected(shipped, played):
    blocks = played.files[7].split("\n\n")
    blocks[-3], blocks[-2] = blocks[-2], blocks[-3]
    with pytest.raises(JournalError, match=r"entry \d+"):
        parse("\n\n".join(blocks))


def test_a_file_cut_short_after_a_whole_entry_is_refused(shipped, played):
    german = game_from_text(shipped, played.files[6], identity=played.german_key)
    blocks = played.files[7].rstrip("\n").split("\n\n")
    with pytest.raises(JournalError, match="cut short"):
        german.email.import_text("\n\n".join(blocks[:-1]) + "\n")


def test_a_file_from_another_game_is_refused(shipped, played):
    other = Exchange(shipped)
    other.opening()
    german = game_from_text(shipped, played.files[6], identity=played.german_key)
    with pytest.raises(JournalError, match="another game"):
        german.email.import_text(other.files[1])


def test_an_old_file_or_ones_own_file_brings_nothing_new(shipped, played):
    german = game_from_text(shipped, played.files[8], identity=played.german_key)
    with pytest.raises(JournalError, match="does not hold your file 9 "):
        german.email.import_text(played.files[7])
    with pytest.raises(JournalError, match="nothing new: it ends with your own send"):
        german.email.import_text(played.files[8])


def test_a_players_file_for_the_other_side_must_come_from_the_opponent(shipped, played):
    # The German's own fifth file holds the Soviet's fourth and then the German's entries.
    german = game_from_text(shipped, played.files[6], identity=played.german_key)
    with pytest.raises(JournalError, match=r"entry \d+: the entry is the german player's"):
        german.email.import_text(played.files[8])
    assert german.text() == played.files[6]


def test_a_player_is_told_when_the_game_waits_for_the_opponent(shipped):
    exchange = Exchange(shipped)
    german = exchange.german
    assert german.players.waiting_for_opponent()  # 19.11: the Soviet player sets up first
    exchange.opening()
    # The German's set-up is done; the Soviet allocates his air units first (4.3).
    assert exchange.german.players.waiting_for_opponent()
    exchange.air()
    assert not exchange.german.players.waiting_for_opponent()  # 4.3 step 3 is his
    end_steps_until(german, Segment.SOVIET_RING_FORCES)
    # 3.1: the steps up to the Initiative Phase pass by themselves; both sides bid (6.1).
    assert german.state.segment is Segment.INITIATIVE_DETERMINATION
    assert not german.players.waiting_for_opponent()
    exchange.soviet.email.import_text(exchange.send(german))
    assert not german.players.waiting_for_opponent()  # sent: nothing more to send
    assert not exchange.soviet.players.waiting_for_opponent()  # his bid to make
    exchange.soviet.submit(DeclareAttacks(player=Player.SOVIET, planned=1))  # sealed
    assert exchange.soviet.players.waiting_for_opponent()


def test_an_e_mail_player_waits_after_sending(shipped, played):
    german = game_from_text(shipped, played.files[8], identity=played.german_key)
    outcome = german.submit(EndStep(player=Player.GERMAN))
    assert not outcome.applied and "open their reply" in str(outcome.verdict.violations[0])


def test_an_e_mail_player_acts_only_for_his_side(shipped, played):
    soviet = game_from_text(shipped, played.files[8], identity=played.soviet_key)
    outcome = soviet.submit(DeclareAttacks(player=Player.GERMAN, planned=3))
    assert not outcome.applied and "German player to do" in str(outcome.verdict.violations[0])


def test_undo_stops_at_what_was_sent_and_at_the_opponents_entries(shipped):
    exchange = Exchange(shipped, Mode.FREE)
    exchange.opening()  # the German's last entries are his set-up, after the Soviet's file
    german = exchange.german
    assert german.why_not_undo() is None
    german.undo()  # his own end of set-up, not sent yet
    german.redo()
    exchange.soviet.email.import_text(exchange.send(german))
    soviet = exchange.soviet
    # The German's last action (undone and redone before his send, so it keeps its number).
    tip = max(e.number for e in soviet.entries if e.kind is EntryKind.ACT)
    assert soviet.why_not_undo() == f"#{tip} is the German player's to take back"
    with pytest.raises(ValueError, match="German player's to take back"):
        soviet.undo()
    german.email.import_text(exchange.send(soviet))
    assert german.why_not_undo() == f"#{tip} went to your opponent in file 3"


FIXTURE_OPTIONS = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@pytest.mark.slow
@FIXTURE_OPTIONS
@given(data=st.data())
def test_any_mutated_file_is_refused_or_changes_nothing(shipped, played, data):
    text = played.files[7]
    position = data.draw(st.integers(len(played.files[6]) - 1, len(text) - 1))
    replacement = data.draw(st.characters(blacklist_categories=("Cs",)))
    mutated = text[:position] + replacement + text[position + 1 :]
    german = game_from_text(shipped, played.files[6], identity=played.german_key)
    try:
        german.email.import_text(mutated)
    except JournalError:
        assert german.text() == played.files[6]
        return
    assert german.text().startswith(text.rstrip("\n"))  # a harmless change (a CR for a LF)


def _resigned(ruleset, text: str, number: int, action: dict, key) -> str:
    """The file with entry `number` acting `action` (with the narration the rules give it),
    and it and every later entry signed again with `key`."""
    from dataclasses import replace

    from owsqt.journal.textformat import render_entry, signed
    from owsqt.rules.core.actions import action_from_data
    from owsqt.rules.engine import apply

    parsed = parse(text)
    prefix = "\n\n".join(text.split("\n\n")[:number]) + "\n"
    before = game_from_text(ruleset, prefix).state
    outcome = apply(ruleset, before, action_from_data(action, ruleset.grid), Mode.STRICT)
    narration = tuple(event.describe(ruleset) for event in outcome.events)
    lines, digest = [*parsed.header.lines(), ""], parsed.header.digest()
    for entry in parsed.entries:
        if entry.number == number:
            entry = replace(entry, action=action, narration=narration)
        if entry.number >= number:
            entry = signed(entry, digest, key.sign)
        rendered, digest = render_entry(entry, digest)
        lines.extend(rendered)
    return "\n".join(lines) + "\n"


def _append_forged(ruleset, text: str, key, side: str, action: str) -> str:
    """The file with one more act entry for `side`, signed with `key`, then a send."""
    import json

    from owsqt.journal.textformat import Entry, render_entry, signed

    parsed = parse(text)
    blocks = text.rstrip("\n").split("\n\n")[:-1]  # without its send
    digest = parsed.digests[-2]
    number = len(parsed.entries)
    sent = parsed.entries[-1]
    narration = (f"{side.capitalize()} player declared his planned attacks (hidden)",)
    extra = Entry(
        number,
        EntryKind.ACT,
        sent.at,
        json.loads(action),
        narration=narration,
        by=side,
    )
    rendered, digest = render_entry(signed(extra, digest, key.sign), digest)
    send = Entry(
        number + 1, EntryKind.SEND, sent.at, fields=sent.fields,
        narration=sent.narration, by=side,
    )  # fmt: skip
    rendered2, _ = render_entry(signed(send, digest, key.sign), digest)
    return "\n\n".join(blocks) + "\n\n" + "\n".join(rendered + rendered2)


def test_an_oversized_file_is_refused_before_it_is_read(shipped, played, tmp_path, monkeypatch):
    from owsqt.journal import store, textformat

    german = game_from_text(shipped, played.files[6], identity=played.german_key)
    limit = len(played.files[7]) - 1
    monkeypatch.setattr(store, "MAX_FILE_BYTES", limit)
    monkeypatch.setattr(textformat, "MAX_FILE_BYTES", limit)
    path = tmp_path / "huge.owsg"
    path.write_text(played.files[7])
    with pytest.raises(JournalError, match="more than a journal can be"):
        store.read_text(path)
    with pytest.raises(JournalError, match="larger than"):
        german.email.import_text(played.files[7])
    assert german.text() == played.files[6]


def test_a_file_of_a_newer_format_is_refused_by_version(shipped, played):
    german = game_from_text(shipped, played.files[6], identity=played.german_key)
    newer = played.files[7].replace("owsqt journal 2", "owsqt journal 3", 1)
    with pytest.raises(JournalError, match=r"line 1: .*version 3.*newer owsqt"):
        german.email.import_text(newer)


def test_4_3_the_soviet_air_allocation_is_sealed_until_the_german_has_allocated(shipped):
    from owsqt.rules.core.frozenmap import FrozenMap
    from owsqt.rules.core.vocabulary import AirBox

    exchange = Exchange(shipped)
    exchange.opening()
    exchange.air(soviet=FrozenMap({"su-202shad": AirBox.GROUND_ATTACK}))
    sealed_file, german_file, shown_file = exchange.files[3], exchange.files[4], exchange.files[5]
    assert "su-202shad" not in sealed_file and "ground_attack" not in sealed_file
    sealed = game_from_text(shipped, sealed_file, identity=exchange.german_key).state
    assert sealed.air.sealed == {Player.SOVIET}  # 4.3: made, not shown
    assert sealed.air_units["su-202shad"].box is AirBox.READY
    assert '"allocate_air"' in german_file and "su-202shad" not in german_file
    shown = [e for e in parse(shown_file).entries if e.field("unseal")][-1]
    assert shown.action["missions"] == {"su-202shad": "ground_attack"}
    state = exchange.german.state
    assert not state.air.sealed and state.air_units["su-202shad"].box is AirBox.GROUND_ATTACK
    # A shown allocation that is not the one sealed breaks 4.3.
    forged = _resigned(
        shipped, shown_file, shown.number, {**shown.action, "missions": {}}, exchange.soviet_key
    )
    german = game_from_text(shipped, german_file, identity=exchange.german_key)
    with pytest.raises(ImportRefused, match=rf"entry {shown.number}: 4.3"):
        german.email.import_text(forged)
