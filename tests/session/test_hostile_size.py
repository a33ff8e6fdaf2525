"""Hostile size (issue 36, defect 8): an opponent's reply flooded with illegal moves costs the
replay of one, and a reply larger than one file of the game is refused before any entry of
it is hashed, verified or replayed; each in one line naming the entry, the game untouched."""

from __future__ import annotations

import pytest

from owsqt.cli.main import main
from owsqt.journal import textformat
from owsqt.journal.limits import MAX_FILE_ENTRIES
from owsqt.journal.textformat import JournalError, parse
from owsqt.rules.core.actions import RollDice
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.session import ImportRefused, email, filerules, game_from_text, join_game, replay
from tests.session.floodkit import appended, flooded_reply
from tests.session.pbemkit import Exchange, must


@pytest.fixture(scope="module")
def opened(shipped) -> tuple[Exchange, str]:
    """After the opening, the German sends file 3 and the Soviet opens it: the Soviet's turn
    to reply (the air allocation segment: no unit may move, 3.1)."""
    exchange = Exchange(shipped)
    exchange.opening()
    text = exchange.send(exchange.german)
    exchange.soviet.email.import_text(text)
    return exchange, text


def counting_replays(monkeypatch) -> list[int]:
    """The entries the import replays, counted as the engine is asked to apply them."""
    applied: list[int] = []
    real = replay.apply

    def apply(*args, **kwargs):
        applied.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(replay, "apply", apply)
    return applied


def test_3_1_a_reply_of_illegal_moves_is_refused_at_its_first_and_judges_no_other(
    shipped, opened, monkeypatch
):
    exchange, text = opened
    german = game_from_text(shipped, text, identity=exchange.german_key)
    before = german.text()
    flood = flooded_reply(shipped, exchange, exchange.soviet.text(), 1_500)
    first = len(parse(text).entries) + 2  # after the reveal his file begins with (Dice)
    replays = counting_replays(monkeypatch)
    with pytest.raises(ImportRefused) as refused:
        german.email.import_text(flood)
    assert [(p.entry, p.rule) for p in refused.value.problems] == [(first, "3.1")]
    assert len(replays) == 1  # the first move, not the 1,499 after it
    assert str(refused.value).startswith(f"the file breaks the rules: entry {first}: 3.1: ")
    assert "\n" not in str(refused.value)
    assert german.text() == before


def title_line(text: str, number: int) -> int:
    """The line (from 1) of entry `number`'s title."""
    return next(i for i, line in enumerate(text.split("\n"), 1) if line.startswith(f"#{number} "))


def test_defect_8_a_reply_larger_than_one_file_is_refused_before_any_entry_is_read(
    shipped, opened, monkeypatch
):
    exchange, text = opened
    german = game_from_text(shipped, text, identity=exchange.german_key)
    before = german.text()
    known = len(parse(text).entries)
    verified: list[str] = []
    real = textformat.signature_holds
    monkeypatch.setattr(textformat, "signature_holds", lambda *a: verified.append(a[1]) or real(*a))
    over = known + MAX_FILE_ENTRIES + 1
    for sends in (1, 4):  # one file of 2,001 entries, or four files of his in a row
        moves = MAX_FILE_ENTRIES - sends  # and the reveal his file begins with (Dice)
        flood = flooded_reply(shipped, exchange, exchange.soviet.text(), moves, sends)
        assert flood.count("\n#") == over  # every title begins a line
        verified.clear()
        with pytest.raises(JournalError) as refused:
            german.email.import_text(flood)
        assert str(refused.value) == (
            f"entry {over}, line {title_line(flood, over)}: the file adds more than 2,000 "
            f"entries to the {known} of your game, the most one file of an e-mail game may hold"
        )
        assert verified == []  # refused before a single signature is checked
        assert german.text() == before


def test_defect_8_verify_refuses_a_file_over_the_bound_or_padded_with_files_of_one_player(
    shipped, opened, tmp_path, capsys
):
    exchange, text = opened
    known = len(parse(text).entries)
    cases = {
        "large": (MAX_FILE_ENTRIES - 1, 1, "file 4 of the game holds more than 2,000 entries"),
        "padded": (30, 3, "the soviet player sends file 5 after file 4, which he sent too"),
    }
    for name, (moves, sends, why) in cases.items():
        flood = flooded_reply(shipped, exchange, exchange.soviet.text(), moves, sends)
        path = tmp_path / f"{name}.owsg"
        path.write_text(flood)
        assert main(["verify", str(path)]) == 2
        captured = capsys.readouterr()
        assert captured.out == f"{path}: TAMPERED OR UNREADABLE\n"
        (line,) = captured.err.splitlines()
        number = known + (MAX_FILE_ENTRIES + 1 if name == "large" else 23)  # with the reveal
        assert line.startswith(
            f"owsqt: {path}: entry {number}, line {title_line(flood, number)}: {why}"
        ), line


def test_defect_8_a_player_is_asked_to_send_before_his_file_is_more_than_one_file_holds(
    shipped, monkeypatch
):
    """With the bound at 5 entries, in a game of free play (where open rolls are made): the
    Soviet's file begins with the reveal of its dice, his program refuses his fourth roll
    (the reveal, 3 rolls and the send fill the file), he sends, and the German opens it."""
    exchange = Exchange(shipped, mode=Mode.FREE)
    exchange.opening()
    text = exchange.send(exchange.german)
    exchange.soviet.email.import_text(text)
    monkeypatch.setattr(filerules, "MAX_FILE_ENTRIES", 5)  # his program's; the German's as ever
    monkeypatch.setattr(filerules, "FILE_HEADROOM", 0)
    soviet = game_from_text(shipped, exchange.soviet.text(), identity=exchange.soviet_key)
    for _ in range(3):
        must(soviet, RollDice(purpose="test", player=Player.SOVIET))
    refused = soviet.submit(RollDice(purpose="test", player=Player.SOVIET))
    assert not refused.applied
    (violation,) = refused.verdict.violations
    assert violation.message == (
        "your file holds 4 entries since the last send, the most one file may hold (5) but "
        "for its send and what your program writes by itself: send it now"
    )
    _, reply = soviet.email.send()
    german = game_from_text(shipped, text, identity=exchange.german_key)
    report = german.email.import_text(reply)
    assert report.last_entry - report.first_entry + 1 == 5


def test_defect_8_a_first_file_of_illegal_rolls_is_refused_at_its_first_when_joined(
    shipped, monkeypatch
):
    """The creator's first file rolls 300 dice before the seed is agreed (e-mail play): the
    joining player's program judges the first and refuses the file."""
    from owsqt.journal.identity import Identity

    exchange = Exchange(shipped)
    rolls = [{"kind": "roll", "player": "german", "purpose": "test"}] * 300
    flood = appended(shipped, exchange.german, exchange.german_key, rolls)
    replays = counting_replays(monkeypatch)
    with pytest.raises(ImportRefused) as refused:
        join_game(shipped, flood, identity=Identity.generate())
    # its first entry breaks the exchange's rules twice: a die before the dice are agreed,
    # and an open roll in strict e-mail play; no other entry is judged
    assert {(p.entry, p.rule) for p in refused.value.problems} == {(1, email.EMAIL_RULE)}
    assert len(replays) == 1
