"""Issue 36, item 4: the text of an opponent's file is checked, however it is signed. A
cheating player edits his own entries and signs them again with his own key, so that the
chain and the signatures hold: a line of the log that did not happen on a send, a join, a
reveal or a seal, a broken rule on a legal strict action, an unknown field, a time from
nowhere. Each is refused in one line naming the entry and the line, and the game of the
player who opens it stays as it was, in memory and on disk (docs/pbem-format.md)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.cli.main import main
from owsqt.journal.textformat import JournalError
from owsqt.session import GameSession, game_from_text
from tests.session.pbemkit import Exchange, resigned

FUTURE = "2099-01-01T00:00:00Z"


@pytest.fixture(scope="module")
def played(shipped) -> Exchange:
    """Ten files: the opening, the air allocations, play to the bids (the steps between pass
    by themselves, 3.1), and both bids."""
    exchange = Exchange(shipped)
    exchange.opening()
    exchange.to_the_bids()
    exchange.bids(german=1, soviet=2)
    return exchange


def said(text: str):
    return lambda entry: replace(entry, narration=(*entry.narration, text))


# (the file the cheat answers, the cheater's file, its entry changed, the change, the line
# the cheat writes, what the refusal says). Files 7 to 9 (index 6 to 8): the German's send of
# file 7 (#97), which reaches the Initiative Phase (3.1: the steps between pass by
# themselves); the Soviet's file 8, his sealed bid (#99) and his send (#100); the German's
# file 9, his open bid (#102), a legal strict action.
CHEATS = {
    "send with a die roll": (
        5, 6, 97, said("German die roll (initiative): 1"), "= German die roll (initiative): 1",
        "replaying gives 'nothing' where the file says 'German die roll (initiative): 1'",
    ),
    "send that concedes": (
        6, 7, 100, lambda e: replace(e, narration=("The German player concedes (6.2).",)),
        "= The German player concedes (6.2).",
        "replaying gives 'File 8 sent to the German player.' where the file says 'The German "
        "player concedes (6.2).'",
    ),
    "seal with a die roll": (
        6, 7, 99, said("Soviet die roll (initiative): 10"), "= Soviet die roll (initiative): 10",
        "where the file says 'Soviet die roll (initiative): 10'",
    ),
    "join with a die roll": (
        0, 1, 2, said("German die roll (initiative): 1"), "= German die roll (initiative): 1",
        "where the file says 'German die roll (initiative): 1'",
    ),
    "reveal in other words": (
        1, 2, 53, lambda e: replace(e, narration=("The Soviet player chose the dice.",)),
        "= The Soviet player chose the dice.",
        "replaying gives 'The dice of file 3 are agreed: both play'... (59 characters) where "
        "the file says 'The Soviet player chose the dice.'",
    ),
    "broken rule on a legal strict action": (
        7, 8, 102, lambda e: replace(e, violations=("6.2: the German player forfeits",)),
        "! 6.2: the German player forfeits",
        "an 'act' entry holds no broken rules in a game of strict mode",
    ),
    "unknown field on an action": (
        7, 8, 102, lambda e: replace(e, fields=(("note", "the German concedes"),)),
        "+ note the German concedes",
        "unknown field 'note': an 'act' entry holds '+ nonce', '+ order', '+ unseal'",
    ),
    "unknown field on a send": (
        6, 7, 100, lambda e: replace(e, fields=(*e.fields, ("bcc", "referee"))),
        "+ bcc referee",
        "unknown field 'bcc': a 'send' entry holds '+ commit', '+ file', '+ fresh', '+ to'",
    ),
    "a time that is no time": (
        7, 8, 102, lambda e: replace(e, at="yesterday"), "#102 act yesterday by german",
        "the time 'yesterday' is not a UTC time as owsqt writes it",
    ),
    "a time long before the game": (
        7, 8, 102, lambda e: replace(e, at="1999-01-01T00:00:00Z"),
        "#102 act 1999-01-01T00:00:00Z by german",
        "the time 1999-01-01T00:00:00Z is more than a day before",
    ),
    "an action naming an entry it refers to": (
        7, 8, 102, lambda e: replace(e, target=5), "#102 act", "refers to no other entry",
    ),
}  # fmt: skip


def victim(ruleset, played: Exchange, index: int, tmp_path) -> GameSession:
    """The player who opens the cheat: his game as it stood at file `index`, on disk."""
    side_key = played.german_key if index % 2 == 0 else played.soviet_key
    session = game_from_text(ruleset, played.files[index], identity=side_key)
    session.save_as(tmp_path / "game.owsg")
    return session


def line_of(text: str, start: str) -> int:
    return next(n for n, line in enumerate(text.split("\n"), 1) if line.startswith(start))


@pytest.mark.parametrize("cheat", sorted(CHEATS))
def test_i36_4_a_re_signed_cheat_is_refused_naming_entry_and_line(shipped, played, tmp_path, cheat):
    opened, sent, number, change, written, says = CHEATS[cheat]
    key = played.german_key if sent % 2 == 0 else played.soviet_key  # the cheater's own
    forged = resigned(played.files[sent], number, change, key)
    session = victim(shipped, played, opened, tmp_path)
    before = session.text()
    with pytest.raises(JournalError) as refused:
        session.email.import_text(forged)
    message = str(refused.value)
    assert message.startswith(f"entry {number}, line {line_of(forged, written)}: ")
    assert says in message and "\n" not in message
    assert session.text() == before == (tmp_path / "game.owsg").read_text()
    session.close()
    assert session.email.import_text(played.files[sent]).last_entry >= number  # the true one


def test_i36_4_entries_dated_years_ahead_of_the_readers_clock_are_refused(
    shipped, played, tmp_path
):
    """Every entry of the reply is dated alike, so that their order holds: the reader's
    clock refuses them (a day's slack for clocks set wrong)."""
    forged = resigned(
        played.files[7], (98, 99, 100), lambda e: replace(e, at=FUTURE), played.soviet_key
    )  # the Soviet's file 8: his reveal, his sealed bid, his send
    session = victim(shipped, played, 6, tmp_path)
    before = session.text()
    where = f"^entry 98, line {line_of(forged, '#98 ')}: "
    with pytest.raises(JournalError, match=f"{where}the time {FUTURE} is more than a day after"):
        session.email.import_text(forged)
    assert session.text() == before == (tmp_path / "game.owsg").read_text()
    session.close()


def test_i36_4_verify_refuses_a_forged_narration_in_one_line_exit_2(played, tmp_path, capsys):
    forged = resigned(
        played.files[6], 97, said("German die roll (initiative): 1"), played.german_key
    )  # the German's send of file 7
    path = tmp_path / "forged.owsg"
    path.write_text(forged)
    assert main(["verify", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == f"{path}: TAMPERED OR UNREADABLE\n"
    line = line_of(forged, "= German die roll")
    assert captured.err.startswith(f"owsqt: {path}: entry 97, line {line}: replaying gives")
    assert captured.err.count("\n") == 1
