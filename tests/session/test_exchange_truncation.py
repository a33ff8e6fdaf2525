"""A reply must extend the file its player sent last: a file cut at an entry boundary, or one
that continues an older file, is refused saying what is missing, even when the player's own
copy of the game is older than what he sent (the record beside his key, sentfiles.py), and
verify says when a file ends after an entry that is not a send (docs/pbem-format.md)."""

from __future__ import annotations

import pytest

from owsqt.cli.main import main
from owsqt.journal import pbem
from owsqt.journal.identity import Identity
from owsqt.journal.textformat import EntryKind, JournalError, parse
from owsqt.rules.core.actions import EndStep
from owsqt.rules.core.vocabulary import Player
from owsqt.session import GameSession, game_from_text, open_journal
from owsqt.session.sentfiles import SentFiles
from tests.session.pbemkit import Exchange, sent_by

AT = "2026-11-21T07:00:00Z"


@pytest.fixture(scope="module")
def played(shipped, tmp_path_factory) -> Exchange:
    """Six files, each player's key kept in a folder of its own: the opening (files 1-3: the
    German's third is his set-up), then the air allocations (4: the Soviet's sealed, 5: the
    German's, 6: the Soviet's shown). The German sent file 5 last and has opened file 6."""
    keys = tuple(
        Identity.load_or_create(tmp_path_factory.mktemp(side) / "identity.pem")
        for side in ("german", "soviet")
    )
    exchange = Exchange(shipped, keys=keys)
    exchange.opening()
    exchange.air()
    return exchange


def file_5(played: Exchange) -> pbem.SentFile:
    sent = pbem.last_sent(parse(played.files[4]), "german")
    assert sent is not None and sent.file == 5 and sent.last - sent.first >= 1
    return sent


def missing(played: Exchange) -> str:
    sent = file_5(played)
    return (
        f"the file does not hold your file 5 (entries {sent.first}-{sent.last}, ending with "
        f"your send #{sent.last}): it was cut or continues an older file"
    )


def cut(text: str, entries: int) -> str:
    """`text` cut after its entry `entries`, at the blank line that ends it."""
    blocks = text.rstrip("\n").split("\n\n")
    return "\n\n".join(blocks[: entries + 1]) + "\n\n"  # the header is the first block


def with_soviet_send(text: str, key: Identity) -> str:
    """`text` and then the Soviet's send of the next file, signed by him."""
    return sent_by(text, key, "soviet", AT)


def german_at(ruleset, played: Exchange, index: int) -> GameSession:
    """The German's copy of the game as file `index` + 1 left it (older than what he sent
    when that is not file 5 or 6), played with his key."""
    return game_from_text(ruleset, played.files[index], identity=played.german_key)


def test_defect_4_a_reply_cut_before_my_send_is_refused_saying_what_is_missing(shipped, played):
    # The Soviet drops the German's allocation and his send, and sends the rest as his.
    sent = file_5(played)
    forged = with_soviet_send(cut(played.files[4], sent.last - 2), played.soviet_key)
    for index in (2, 4):  # a copy of the German's as old as file 3; his copy as he sent 5
        german = german_at(shipped, played, index)
        with pytest.raises(JournalError) as refused:
            german.email.import_text(forged)
        assert str(refused.value) == missing(played)
        assert german.text() == played.files[index]


def test_defect_4_a_reply_forked_from_my_older_file_is_refused(shipped, played):
    # The Soviet answers the German's file 3 again, as if file 5 had never come.
    forged = with_soviet_send(played.files[2], played.soviet_key)
    for index in (2, 5):  # a copy of the German's as old as file 3, and his copy now
        german = german_at(shipped, played, index)
        with pytest.raises(JournalError) as refused:
            german.email.import_text(forged)
        assert str(refused.value) == missing(played)
        assert german.text() == played.files[index]


def test_defect_4_a_reply_cut_after_my_send_holds_nothing_new(shipped, played):
    # The German's own file 5 back: the Soviet's reply cut before his first entry.
    sent = file_5(played)
    nothing = (
        f"the file holds nothing new: it ends with your own send #{sent.last} (file 5), "
        "without the soviet player's reply (your own file, or his cut short after your send)"
    )
    for index in (4, 2):
        german = german_at(shipped, played, index)
        with pytest.raises(JournalError) as refused:
            german.email.import_text(played.files[4])
        assert str(refused.value) == nothing


def test_defect_4_a_copy_that_lost_my_last_file_is_not_played_on(shipped, played, tmp_path):
    """Opened as a game (File > Open), a reply that dropped the German's file 5 lets him play
    nothing: the record beside his key says what he sent."""
    path = tmp_path / "reply.owsg"
    path.write_text(with_soviet_send(played.files[2], played.soviet_key))
    german = open_journal(shipped, path, identity=played.german_key)
    sent = file_5(played)
    refusal = (
        f"this copy of the game stops before your file 5 (entries {sent.first}-{sent.last}, "
        f"ending with your send #{sent.last}): open your opponent's reply to it, or the copy "
        "you sent it from"
    )
    assert german.players.why_not_act() == refusal
    outcome = german.submit(EndStep(player=Player.GERMAN))
    assert not outcome.applied and refusal in str(outcome.verdict.violations[0])
    with pytest.raises(ValueError, match="stops before your file 5"):
        german.email.send()
    german.close()
    assert path.read_text() == with_soviet_send(played.files[2], played.soviet_key)


def test_an_older_copy_takes_in_the_reply_to_the_file_sent_last(shipped, played):
    """The German's copy is as old as file 3; file 6 answers his file 5, which his record
    vouches for, so his own entries in it are taken in with the Soviet's."""
    german = german_at(shipped, played, 2)
    report = german.email.import_text(played.files[5])
    assert german.text().startswith(played.files[5])
    assert report.first_entry == len(parse(played.files[2]).entries) + 1
    assert german.players.why_not_act() is None


def test_each_send_is_recorded_beside_the_key_that_signed_it(shipped, played, tmp_path):
    game = parse(played.files[0]).header.game
    home = played.german_key.home
    assert home is not None
    records = SentFiles(home / "sent")
    assert records.last(game, "german") == file_5(played)
    assert SentFiles.beside(Identity.generate()) is None  # a key kept nowhere keeps no record
    damaged = SentFiles(tmp_path)
    (tmp_path / f"{game}-german.json").write_text('{"game": "')
    assert damaged.last(game, "german") is None  # ignored: the copy of the game still counts


def test_defect_4_verify_says_a_file_ends_after_an_entry_that_is_not_a_send(
    shipped, played, tmp_path, capsys
):
    sent = file_5(played)
    text = cut(played.files[4], sent.last - 1)  # his reveal and allocation, not his send
    assert text != played.files[4] and parse(text).entries[-1].kind is EntryKind.ACT
    audited = game_from_text(shipped, text, audit=True)
    assert audited.problems == []
    assert audited.email.not_as_sent() == (
        f"not a file as sent: entries {sent.first}-{sent.last - 1} after the last send (file "
        f"4, #{sent.first - 1}); so ends a player's own copy of the game between his sends, "
        "and so does a file cut short after a whole entry"
    )
    whole = game_from_text(shipped, played.files[4], audit=True)
    assert whole.email.not_as_sent() is None
    path = tmp_path / "cut.owsg"
    path.write_text(text, encoding="utf-8")
    assert main(["verify", str(path)]) == 0  # a warning: a copy between sends ends so too
    assert f"  not a file as sent: entries {sent.first}-{sent.last - 1} after" in (
        capsys.readouterr().out
    )
