"""Undo and redo entries read from a file that the rules refuse: a correctly signed undo of a
die roll, a redo of an action the strict rules refuse, a redo of the opponent's action. Each is
a broken rule named with its entry (verify exits 1 and goes on; opening or importing the file
refuses it), never a traceback (docs/pbem-format.md, "Replay and re-validation")."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from owsqt.cli.main import main
from owsqt.journal.identity import Identity
from owsqt.journal.textformat import Entry, EntryKind, JournalError, parse, render_entry, signed
from owsqt.rules.core.actions import DeclareAttacks, PlaceUnits, RollDice
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.session import GameSession, ImportRefused, game_from_text, new_game, open_journal
from owsqt.session.email import EmailExchange
from tests.session.pbemkit import SCENARIO, Exchange, appended, clock, must, sent_by

BARRIER = "undo: the last action cannot be undone: it rolled the die"
AT = "2026-11-21T07:00:00Z"


def undo_of_the_last(text: str, key: Identity) -> str:
    """`text` with a signed undo of its last entry, by the side that wrote it."""
    last = parse(text).entries[-1]
    undo = Entry(last.number + 1, EntryKind.UNDO, AT, target=last.number, by=last.by)
    return appended(text, key, undo)


def rolled(ruleset, key: Identity) -> GameSession:
    """A local strict game whose one action rolled the die."""
    session = new_game(ruleset, SCENARIO, Mode.STRICT, seed=3, identity=key, clock=clock())
    must(session, RollDice(purpose="test"))
    return session


def test_defect_5_verify_lists_a_signed_undo_of_a_die_roll_and_goes_on(
    shipped, tmp_path: Path, capsys
):
    key = Identity.generate()
    forged = undo_of_the_last(rolled(shipped, key).text(), key)
    audited = game_from_text(shipped, forged, identity=key, audit=True)
    assert [str(problem) for problem in audited.problems] == [f"entry 2: {BARRIER}"]
    # The audit took the roll back, as the file has it, and checks what follows.
    must(audited, RollDice(purpose="again"))
    path = tmp_path / "undone.owsg"
    path.write_text(audited.text())
    assert main(["verify", str(path)]) == 1
    out = capsys.readouterr().out
    assert "RULES BROKEN" in out and "3 entries: hash chain and signatures hold" in out
    assert f"    entry 2: {BARRIER}\n" in out


def test_a_local_file_with_a_signed_undo_of_a_die_roll_does_not_open(shipped, tmp_path, capsys):
    key = Identity.generate()
    path = tmp_path / "undone.owsg"
    path.write_text(undo_of_the_last(rolled(shipped, key).text(), key))
    with pytest.raises(JournalError, match=f"^entry 2: the rules refuse this action: {BARRIER}$"):
        open_journal(shipped, path, identity=key)
    assert main(["act", str(path), '{"kind": "end_step", "player": "soviet"}']) == 2
    assert f"entry 2: the rules refuse this action: {BARRIER}" in capsys.readouterr().err


def soviet_rolled(ruleset) -> tuple[Exchange, str]:
    """A strict e-mail game whose Soviet program has just rolled the initiative (6.1): it
    showed his sealed bid once the German had bid. His text, not sent yet."""
    exchange = Exchange(ruleset)
    exchange.opening()
    exchange.to_the_bids()
    must(exchange.soviet, DeclareAttacks(player=Player.SOVIET, planned=1))
    exchange.german.email.import_text(exchange.send(exchange.soviet))
    must(exchange.german, DeclareAttacks(player=Player.GERMAN, planned=1))
    exchange.soviet.email.import_text(exchange.send(exchange.german))
    return exchange, exchange.soviet.text()


def test_defect_5_an_opponents_file_undoing_his_die_roll_is_refused_naming_the_entry(shipped):
    exchange, text = soviet_rolled(shipped)
    forged = sent_by(undo_of_the_last(text, exchange.soviet_key), exchange.soviet_key, "soviet")
    german = exchange.german
    before = german.text()
    undo = len(parse(text).entries) + 1
    with pytest.raises(ImportRefused, match=f"entry {undo}: {BARRIER}"):
        german.email.import_text(forged)
    assert german.text() == before
    audited = game_from_text(shipped, forged, audit=True)
    assert [str(problem) for problem in audited.problems] == [f"entry {undo}: {BARRIER}"]


def strict_copy(text: str, key: Identity) -> str:
    """An ASSIST local game's journal made STRICT: the same entries without their broken
    rules (a strict game holds none), signed again."""
    parsed = parse(text)
    header = replace(parsed.header, mode=Mode.STRICT.value)
    lines, digest = [*header.lines(), ""], header.digest()
    for entry in parsed.entries:
        entry = replace(entry, violations=())
        rendered, digest = render_entry(signed(entry, digest, key.sign), digest)
        lines.extend(rendered)
    return "\n".join(lines) + "\n"


def test_defect_5_a_redo_of_an_action_the_strict_rules_refuse_is_a_broken_rule(
    shipped, tmp_path, capsys
):
    key = Identity.generate()
    session = new_game(shipped, SCENARIO, Mode.ASSIST, seed=3, identity=key)
    hq = "su-4mc-hq"  # 19.11: sets up within 2 hexes of 1817
    must(session, PlaceUnits(units=(hq,), to=shipped.grid.hex_of("1001")))
    session.undo()
    session.redo()
    path = tmp_path / "strict.owsg"
    path.write_text(strict_copy(session.text(), key))
    assert main(["verify", str(path)]) == 1
    out = capsys.readouterr().out
    assert "    entry 1: 19.11: 4th Mech Corps HQ may not set up on 1001" in out
    assert "    entry 3: 19.11: 4th Mech Corps HQ may not set up on 1001" in out
    audited = game_from_text(shipped, path.read_text(), audit=True)
    assert audited.state == session.state  # applied again, as the file has it


def test_defect_5_an_e_mail_player_cannot_redo_his_opponents_undone_action(shipped, monkeypatch):
    exchange = Exchange(shipped, Mode.FREE)
    exchange.opening()
    soviet, german = exchange.soviet, exchange.german
    soviet.email.import_text(exchange.send(german))
    must(soviet, RollDice(purpose="taken back", player=Player.SOVIET))
    soviet.undo()
    german.email.import_text(exchange.send(soviet))
    assert german.why_not_redo() == (
        "this is for the Soviet player to do; send your file so that they can"
    )
    with pytest.raises(ValueError, match="Soviet player to do"):
        german.redo()
    assert german.players.begin_file()  # his program begins his file with its reveal
    text = german.text()
    with monkeypatch.context() as changed:  # a changed program redoes it, rolling from the
        changed.setattr(EmailExchange, "why_not_act", lambda self, action=None: None)
        german.redo()  # seed of his file; his entry says it is the German's
    redone = german.entries[-1]
    redo = Entry(redone.number, EntryKind.REDO, AT, target=redone.target, by="german")
    forged = appended(text, exchange.german_key, replace(redo, narration=redone.narration))
    with pytest.raises(ImportRefused, match="the german player made an action that is the soviet"):
        soviet.email.import_text(sent_by(forged, exchange.german_key, "german"))
