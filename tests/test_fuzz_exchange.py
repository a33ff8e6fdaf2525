"""E-mail games by random legal actions (tools/fuzz/email.py): two players trading files."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.journal.textformat import EntryKind, parse
from tools.fuzz import cli, email, solo


@pytest.mark.slow
def test_a_short_e_mail_game_trades_files_and_is_reproducible(shipped):
    tables = []

    class Recorded(email.Table):
        def __init__(self, *args):
            super().__init__(*args)
            tables.append(self)

    report = email.play_email_game(shipped, 4, last_turn=1, table_class=Recorded)
    assert report.kinds["move"] > 10
    table = tables[0]
    text = table.session.text()
    entries = parse(text).entries
    kinds = {entry.kind for entry in entries}
    assert {EntryKind.JOIN, EntryKind.REVEAL, EntryKind.SEAL, EntryKind.SEND} <= kinds
    # 6.1: both bids of turn 1 sealed ahead in the set-up files, shown, and made at the step
    ahead = [e for e in entries if e.kind is EntryKind.SEAL and e.field("for") == "bid 1"]
    assert {e.by for e in ahead} == {"german", "soviet"}
    made = [e for e in entries if e.field("unseal") in {f"#{s.number}" for s in ahead}]
    assert len(made) == 2 and all(e.kind is EntryKind.ACT for e in made)
    sends = [entry for entry in entries if entry.kind is EntryKind.SEND]
    assert len(sends) == table.files > 4
    assert {entry.by for entry in sends} == {"german", "soviet"}
    assert (report.files, report.turns) == (table.files, 1)
    assert f"; {table.files} files for 1 turns, {table.files:.1f} per game turn" in report.line()
    # A player does all he can before he sends: no file holds only its send (and reveal).
    last = 0
    for send in sends[1:]:
        made = entries[last : send.number - 1]
        assert any(e.kind in (EntryKind.ACT, EntryKind.SEAL) for e in made), send.number
        last = send.number
    again = email.play_email_game(shipped, 4, last_turn=1, table_class=Recorded)
    assert (again.actions, again.kinds) == (report.actions, report.kinds)
    assert tables[1].session.text() == text  # the same keys, game id, seed and choices


def test_a_refused_import_fails_the_game_with_its_reason(shipped, monkeypatch, tmp_path):
    from owsqt.journal.textformat import JournalError
    from owsqt.session.email import EmailExchange

    def broken_import(self, text):
        raise JournalError("the hash does not match", 5)

    monkeypatch.setattr(EmailExchange, "import_text", broken_import)
    with pytest.raises(solo.FuzzFailure, match=r"seed 4: the hand-over failed: entry 5"):
        email.play_email_game(shipped, 4, journal_dir=tmp_path, last_turn=1)
    assert (tmp_path / "fuzz-email-seed-4.owsg").exists()


def test_main_plays_e_mail_games_when_asked(shipped, monkeypatch, capsys):
    played = []

    def fake(ruleset, seed, **kwargs):
        played.append(seed)
        report = solo.GameReport(seed, 1, {"end_step": 1}, 0.0, files=seed * 3, turns=3)
        return replace(report, ordered_files=seed, ordered_turns=2)

    monkeypatch.setattr(email, "play_email_games", fake)
    assert cli.main(["--email", "--games", "3", "--first-seed", "7", "--jobs", "1"]) == 0
    assert played == [7, 8, 9]
    out = capsys.readouterr().out
    assert "; 21 files for 3 turns, 7.0 per game turn" in out
    assert "; with standing orders 7 files for 2 turns, 3.5 per game turn" in out
    assert out.splitlines()[-1] == (  # of 7, 8 and 9; of 3.5, 4 and 4.5
        "files per game turn: median 4.0 with standing orders, 8.0 without"
    )


@pytest.mark.slow
def test_an_e_mail_game_is_played_again_with_random_standing_orders(shipped):
    report = email.play_email_games(shipped, 1, last_turn=2)
    assert report.files and report.ordered_files and report.ordered_turns == report.turns == 2
    assert "with standing orders" in report.line()
