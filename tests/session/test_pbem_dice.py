"""[Dice] The dice of e-mail play against an opponent who cheats: agreed for each file by
commit and reveal of both players, with fresh shares, and keyed so that no roll moves
another (journal/filedice.py, docs/pbem-format.md "Dice"). Each test plays the cheat as a
player would: a changed program, or his file edited and signed again with his own key; each
is refused in one line that names it, and the victim's game is kept as it was."""

from __future__ import annotations

import hashlib
import re
from dataclasses import replace

import pytest

from owsqt.cli.main import main
from owsqt.journal import filedice
from owsqt.journal.filedice import ONE_SEED_GAME
from owsqt.journal.identity import Identity
from owsqt.journal.textformat import Entry, EntryKind, JournalError, Play, is_hex, parse
from owsqt.rules.core.actions import RollDice
from owsqt.rules.core.verdict import Mode, Violation
from owsqt.rules.core.vocabulary import Player
from owsqt.session import GameSession, ImportRefused, email, game_from_text, join_game, new_game
from owsqt.session import exchangenotes as notes
from owsqt.session.email import EmailExchange
from owsqt.session.filerules import OPEN_ROLL_REFUSED
from owsqt.session.problems import EMAIL_RULE
from tests.session.pbemkit import (
    SCENARIO,
    Exchange,
    appended,
    clock,
    must,
    rewritten,
    sent_by,
    set_up,
)

AT = "2026-11-21T07:00:00Z"
MADE = "2026-11-21T06:00:00Z"  # the game made before its first entry (entry times go on)


@pytest.fixture(scope="module")
def played(shipped) -> Exchange:
    """Ten files of a strict game: the opening, the air allocations, play to the bids and
    both bids; the Soviet's program shows his sealed bid in file 10 and rolls the initiative
    (6.1), the first roll of the game, after the reveal of his share of file 10's dice."""
    exchange = Exchange(shipped)
    exchange.opening()
    exchange.to_the_bids()
    exchange.bids(german=1, soviet=2)
    return exchange


def new_entries(played: Exchange, file: int) -> list[Entry]:
    """The entries of file `file` (1 for the first) of the exchange."""
    before = len(parse(played.files[file - 2]).entries) if file > 1 else 0
    return list(parse(played.files[file - 1]).entries[before:])


def german_after(ruleset, played: Exchange, file: int) -> GameSession:
    """The German's game as he sent file `file` (or opened it), played with his key."""
    return game_from_text(ruleset, played.files[file - 1], identity=played.german_key)


def refused_import(german: GameSession, text: str, error=JournalError) -> str:
    """The one-line refusal of `text` by the German's import; his game is kept as it was."""
    before = german.text()
    with pytest.raises(error) as refused:
        german.email.import_text(text)
    assert german.text() == before
    message = str(refused.value)
    assert "\n" not in message
    return message


def test_pbem_dice_each_file_from_the_third_begins_with_its_writers_reveal(played):
    """Whether it rolls or not (the fixture's first roll is in file 10)."""
    for file in range(1, 11):
        first = new_entries(played, file)[0]
        assert (first.kind is EntryKind.REVEAL) is (file >= 3), file
        assert first.by == ("german" if file % 2 else "soviet")
    rolls = [e for e in parse(played.files[-1]).entries if "die roll" in " ".join(e.narration)]
    assert rolls and rolls[0].number > new_entries(played, 10)[0].number


@pytest.mark.parametrize(
    ("seed", "per_file", "message"),
    [
        (
            12345,
            False,
            "line 11: an e-mail game's dice are agreed by both players, not chosen by its "
            "creator: 'dice: seed 12345'",
        ),
        (None, False, f"line 11: {ONE_SEED_GAME}"),  # `dice: commit H`, the older scheme
    ],
)
def test_pbem_dice_a_creators_first_file_with_dice_he_chose_is_refused_by_the_joiner(
    shipped, tmp_path, capsys, seed, per_file, message
):
    exchange = Exchange(shipped)
    first = exchange.send(exchange.german)
    header = parse(first).header
    header = replace(header, seed=seed, per_file_dice=per_file)
    if seed is not None:
        header = replace(header, commitment=None)
    forged = rewritten(first, exchange.german_key, header=header)
    assert ("\ndice: seed 12345\n" in forged) is (seed is not None)
    with pytest.raises(JournalError) as refused:
        join_game(shipped, forged, identity=exchange.soviet_key, clock=clock())
    assert str(refused.value) == message
    if seed is not None:  # and verify never says the dice were agreed
        path = tmp_path / "chosen.owsg"
        path.write_text(forged)
        assert main(["verify", str(path)]) == 2
        out, err = capsys.readouterr()
        assert "agreed" not in out and err == f"owsqt: {path}: {message}\n"


def test_pbem_dice_two_joins_of_one_game_bring_shares_of_their_own(shipped):
    """A creator who makes a game with an old game's id (here: the very same first file)
    learns nothing of the joiner's shares: each join draws its fresh share of file 3, and
    commits to a share of file 4 made with it."""
    exchange = Exchange(shipped)
    first = exchange.send(exchange.german)
    shares = []
    for _ in range(2):
        soviet = join_game(shipped, first, identity=exchange.soviet_key, clock=clock())
        set_up(soviet, Player.SOVIET)
        _, text = soviet.email.send()
        second = parse(text).entries[len(parse(first).entries) :]
        shares.append({value for e in second for _, value in e.fields if is_hex(value, 64)})
    assert [len(s) for s in shares] == [2, 2]  # the fresh share and the commitment
    assert not shares[0] & shares[1]


def test_pbem_dice_an_open_roll_is_refused_in_strict_e_mail_play(shipped, played):
    german = german_after(shipped, played, 10)  # the German acts next
    outcome = german.submit(RollDice(purpose="burnt", player=Player.GERMAN, count=3))
    assert not outcome.applied
    assert outcome.verdict.violations == (Violation(EMAIL_RULE, OPEN_ROLL_REFUSED),)
    assert german.text() == played.files[-1]


def test_pbem_dice_a_strict_reply_that_burns_open_rolls_is_refused_naming_them(
    shipped, monkeypatch
):
    """A changed Soviet program rolls the die openly in its strict reply (file 4); the
    German's import refuses it at that entry."""
    exchange = Exchange(shipped)
    exchange.opening()
    soviet, german = exchange.soviet, exchange.german
    soviet.email.import_text(exchange.send(german))
    with monkeypatch.context() as changed:
        changed.setattr(email, "open_roll_refused", lambda action, mode: False)
        must(soviet, RollDice(purpose="burnt", player=Player.SOVIET, count=3))
    roll = soviet.entries[-1].number
    message = refused_import(german, exchange.send(soviet), ImportRefused)
    assert message == f"the file breaks the rules: entry {roll}: {EMAIL_RULE}: {OPEN_ROLL_REFUSED}"


def test_pbem_dice_open_rolls_burnt_in_a_reply_change_none_of_the_opponents_dice(shipped):
    """In free play, where an open roll is allowed, the Soviet burns 0, 1 or 10 rolls in his
    file 4; the German's next dice, in file 5, are the same each time (the issue: 3 to 10,
    1 to 10, 2 to 1 in a strict reply)."""
    keys = (Identity.generate(), Identity.generate())

    def german_dice(burnt: int) -> list[int]:
        exchange = Exchange(shipped, Mode.FREE, keys=keys, game="5f0c9d1e" * 4, fresh=True)
        exchange.opening()
        soviet, german = exchange.soviet, exchange.german
        soviet.email.import_text(exchange.send(german))
        if burnt:
            must(soviet, RollDice(purpose="initiative", player=Player.SOVIET, count=burnt))
        german.email.import_text(exchange.send(soviet))
        outcome = german.submit(RollDice(purpose="initiative", player=Player.GERMAN, count=3))
        assert outcome.applied
        return [event.value for event in outcome.events]

    assert german_dice(0) == german_dice(1) == german_dice(10)


def test_pbem_dice_the_opponent_cannot_compute_a_files_dice_before_it_comes(shipped, played):
    """After sending file 9 the German holds every value of his game, and none of them, as
    the Soviet's share, makes the seed of file 10: it takes the share the Soviet reveals in
    it, which no earlier file holds."""
    header = played.german.header
    reveal = new_entries(played, 10)[0]
    share = reveal.field("share")
    fresh = new_entries(played, 9)[-1].field("fresh")  # the German's, in his send of file 9
    seed = filedice.file_seed(header.game, 10, share, fresh)
    assert played.german.state.dice.seed == played.soviet.state.dice.seed == seed
    held = played.files[8]
    assert share not in held
    values = set(re.findall(r"[0-9a-f]{64}", held))
    assert len(values) > 20 and fresh in values
    assert all(filedice.file_seed(header.game, 10, value, fresh) != seed for value in values)
    assert german_after(shipped, played, 9).state.dice.seed != seed


def soviet_file_10(played: Exchange, change) -> str:
    """File 10 as the Soviet edits it: `change` applied to its entries, signed again."""
    first = new_entries(played, 10)[0].number
    return rewritten(
        played.files[9], played.soviet_key, lambda e: e if e.number < first else change(e)
    )


def test_pbem_dice_a_reveal_that_does_not_match_its_commitment_is_refused(shipped, played):
    ground = "9" * 64  # a share the Soviet chose for the dice he wants
    forged = soviet_file_10(
        played,
        lambda e: replace(e, fields=(("share", ground),)) if e.kind is EntryKind.REVEAL else e,
    )
    reveal = new_entries(played, 10)[0].number
    pledge = new_entries(played, 8)[-1].number  # his send of file 8 committed to it
    message = refused_import(german_after(shipped, played, 9), forged)
    assert message == (
        f"entry {reveal}: the soviet share of file 10's dice does not match his commitment "
        f"in his send #{pledge}: he changed it"
    )


def test_pbem_dice_a_file_without_its_writers_reveal_is_refused(shipped, played, monkeypatch):
    """A changed Soviet program rolls the initiative in file 10 from the seed of the file
    before, without revealing his share."""
    soviet = game_from_text(shipped, played.files[7], identity=played.soviet_key)
    with monkeypatch.context() as changed:
        changed.setattr(EmailExchange, "begin_file", lambda self: False)
        soviet.email.import_text(played.files[8])  # his program shows his bid and rolls
        _, forged = soviet.email.send()
    first = parse(forged).entries[len(parse(played.files[8]).entries)]
    assert first.field("unseal") and first.kind is EntryKind.ACT  # no reveal before it
    message = refused_import(german_after(shipped, played, 9), forged)
    assert message == (
        f"entry {first.number}: file 10 does not begin with the soviet player's reveal of his "
        "share of its dice"
    )


@pytest.mark.parametrize("name", ["fresh", "commit"])
def test_pbem_dice_a_send_that_takes_a_share_again_is_refused(shipped, played, name):
    """The Soviet's send of file 10 brings again the share of his send of file 8."""
    old = new_entries(played, 8)[-1]
    send = new_entries(played, 10)[-1]

    def again(entry: Entry) -> Entry:
        if entry.number != send.number:
            return entry
        fields = tuple((k, old.field(k) if k == name else v) for k, v in entry.fields)
        return replace(entry, fields=fields)

    message = refused_import(german_after(shipped, played, 9), soviet_file_10(played, again))
    assert message == (
        f"entry {send.number}: the send's {name} share repeats one of entry {old.number}: "
        "each share of the dice is new"
    )


def test_pbem_dice_a_second_reveal_in_a_file_is_refused(shipped, played):
    reveal = new_entries(played, 10)[0]
    forged = appended(
        played.files[8], played.soviet_key, replace(reveal, number=reveal.number, signature=None)
    )
    twice = replace(reveal, number=reveal.number + 1, signature=None)
    forged = sent_by(appended(forged, played.soviet_key, twice), played.soviet_key, "soviet")
    message = refused_import(german_after(shipped, played, 9), forged)
    assert message == f"entry {twice.number}: a reveal is the first entry of a file, from file 3 on"


def one_seed_game(ruleset, german: Identity, soviet: Identity) -> str:
    """An honest e-mail game as an owsqt before the dice of each file wrote it: the header's
    commitment to the creator's share, the joiner's share in his join, the creator's reveal
    that agrees one seed for the whole game."""
    game = "0123456789abcdef" * 2
    share = german.secret_for(f"seed {game}")
    commitment = hashlib.sha256(f"owsqt seed commitment {game} {share}".encode()).hexdigest()
    made = new_game(ruleset, SCENARIO, Mode.STRICT, play=Play.EMAIL, identity=german)
    header = replace(
        made.header, game=game, commitment=commitment, per_file_dice=False, created=MADE
    )
    text = "\n".join([*header.lines(), ""]) + "\n"
    text = bare_send(text, german, "german", 1, 0)
    key = ("key", soviet.public)
    join = Entry(2, EntryKind.JOIN, AT, fields=(key, ("share", soviet.secret_for(f"join {game}"))))
    joined = (notes.joined(Player.SOVIET),)
    text = appended(text, soviet, replace(join, by="soviet", narration=joined))
    text = bare_send(text, soviet, "soviet", 2, 2)
    fields = (("share", share),)
    reveal = Entry(4, EntryKind.REVEAL, AT, fields=fields, narration=(notes.REVEALED,), by="german")
    return appended(text, german, reveal)


def bare_send(text: str, key: Identity, side: str, file: int, entries: int) -> str:
    """A send of the older scheme, which brought no shares."""
    to = Player(side).opponent
    fields = (("file", str(file)), ("to", to.value))
    narration = (f"File {file} sent to the {to.title} player.",)
    send = Entry(entries + 1, EntryKind.SEND, AT, fields=fields, narration=narration, by=side)
    return appended(text, key, send)


def test_pbem_dice_a_game_of_one_seed_verifies_as_it_was_and_is_not_played_on(
    shipped, tmp_path, capsys
):
    german_key, soviet_key = Identity.generate(), Identity.generate()
    text = one_seed_game(shipped, german_key, soviet_key)
    assert "\ndice: commit " in text
    path = tmp_path / "old.owsg"
    path.write_text(text)
    assert main(["verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert "VALID" in out
    assert "  dice: one seed for the whole game (made by an older owsqt), agreed by both " in out
    german = game_from_text(shipped, text, identity=german_key)
    assert german.players.why_not_act() == ONE_SEED_GAME
    soviet = game_from_text(shipped, text, identity=soviet_key)
    reply = sent_by(text, soviet_key, "soviet")
    assert refused_import(german, reply) == ONE_SEED_GAME
    first = text[: text.index("#2 join")]
    with pytest.raises(JournalError, match=f"^line 11: {re.escape(ONE_SEED_GAME)}$"):
        join_game(shipped, first, identity=Identity.generate())
    assert soviet.players.why_not_act() == ONE_SEED_GAME


def test_pbem_dice_a_game_rolls_from_its_files_seed_after_the_history_rebuilds_a_state(
    shipped, played
):
    """Looking back at every entry (the replay controls) rebuilds the states of the history,
    the last action's among them: the game goes on rolling from the seed of the file being
    played (file 11, its reveal just written), not from the seed that action rolled from."""
    german = german_after(shipped, played, 10)
    assert german.players.begin_file() and german.entries[-1].kind is EntryKind.REVEAL
    now = german.state
    assert now.dice.seed != german_after(shipped, played, 10).state.dice.seed
    for entry in range(len(german.entries) + 1):
        german.state_after(entry)
    assert german.state == now


def test_pbem_dice_a_local_game_with_shares_of_e_mail_play_is_refused(shipped):
    """A local game rolls from the seed in its header: one that says its dice are agreed by
    shares could roll from nothing at all."""
    text = new_game(shipped, SCENARIO, seed=7, identity=Identity.generate()).text()
    forged = text.replace("\ndice: seed 7\n", f"\ndice: per-file {'a' * 64}\n")
    with pytest.raises(JournalError) as refused:
        parse(forged)
    assert str(refused.value) == (
        "line 11: a solitaire game rolls from the seed in its header, not from shares of "
        "e-mail play"
    )
