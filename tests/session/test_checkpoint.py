"""The checkpoint beside a game file (session/checkpoint.py): a cache of the state that
spares `owsqt act` the replay of the whole journal, used only when it holds."""

from __future__ import annotations

import json

import pytest

from owsqt.journal.identity import Identity
from owsqt.journal.textformat import JournalError
from owsqt.rules.core.actions import RollDice, SetStrength
from owsqt.session import GameSession, game_from_text, open_journal
from owsqt.session import checkpoint as checkpoints
from owsqt.session.checkpoint import checkpoint_path, open_game, save_checkpoint
from tests.session.test_game import new_session, place


def played(ruleset, tmp_path, actions=None):
    """A game of a few entries on disk, with its checkpoint written."""
    path = tmp_path / "game.owsg"
    session = new_session(ruleset, path=path)
    for action in actions or (
        place(ruleset, "rifle", "3038"),
        RollDice(count=2),
        SetStrength(unit="rifle", strength=4),
        place(ruleset, "at", "3039"),
    ):
        session.submit(action)
    save_checkpoint(session)
    session.close()
    return path, session


def resumed(session: GameSession) -> bool:
    """Whether the session came from a checkpoint: its history starts there."""
    try:
        session.state_after(1)
    except IndexError:
        return True
    return False


def test_a_valid_checkpoint_is_used_and_gives_the_state_of_a_full_replay(ruleset, tmp_path):
    path, played_session = played(ruleset, tmp_path)
    session, up_to_date = open_game(ruleset, path)
    assert resumed(session) and up_to_date
    replayed = game_from_text(ruleset, path.read_text())
    assert session.state == replayed.state == played_session.state
    assert len(session.entries) == 4 and session.text() == path.read_text()
    session.close()


def test_a_game_resumed_from_its_checkpoint_goes_on_like_a_replayed_one(ruleset, tmp_path):
    path, _ = played(ruleset, tmp_path)
    session, _ = open_game(ruleset, path)
    session.submit(RollDice(purpose="next", count=3))
    session.close()
    replayed = open_journal(ruleset, path)
    assert replayed.state == session.state and replayed.state.dice.rolls_made == 5
    assert replayed.text() == session.text()


def test_entries_added_after_the_checkpoint_are_replayed_on_top_of_it(ruleset, tmp_path):
    path, _ = played(ruleset, tmp_path)
    later = open_journal(ruleset, path)  # another program appends without a checkpoint
    later.submit(SetStrength(unit="at", strength=2))
    later.close()
    session, up_to_date = open_game(ruleset, path)
    assert resumed(session) and not up_to_date
    assert session.state == later.state
    session.close()


@pytest.mark.parametrize(
    "spoil",
    [
        lambda text: "not a checkpoint",
        lambda text: text.replace('"strength":4', '"strength":1'),  # the state, MAC unchanged
        lambda text: text[:-40],  # cut short
        lambda text: "0" * 64 + text[64:],  # another MAC
    ],
)
def test_a_corrupt_or_tampered_checkpoint_is_ignored_and_rewritten(ruleset, tmp_path, spoil):
    path, played_session = played(ruleset, tmp_path)
    cache = checkpoint_path(path)
    cache.write_text(spoil(cache.read_text()))
    session, up_to_date = open_game(ruleset, path)
    assert not resumed(session) and not up_to_date
    assert session.state == played_session.state
    save_checkpoint(session)  # as `owsqt act` does after a full replay
    session.close()
    again, _ = open_game(ruleset, path)
    assert resumed(again) and again.state == played_session.state
    again.close()


def test_a_checkpoint_signed_with_another_key_is_ignored(ruleset, tmp_path):
    path, played_session = played(ruleset, tmp_path)
    body = checkpoint_path(path).read_text().partition("\n")[2]
    stranger = Identity.from_seed(b"s" * 32)
    checkpoint_path(path).write_text(f"{checkpoints._mac(body, stranger)}\n{body}")
    session, _ = open_game(ruleset, path)
    assert not resumed(session) and session.state == played_session.state
    session.close()


def test_a_checkpoint_of_other_rules_is_stale(ruleset, tmp_path, monkeypatch):
    path, _ = played(ruleset, tmp_path)
    monkeypatch.setattr(checkpoints, "rules_key", lambda: "owsqt 9.9 other rules")
    session, _ = open_game(ruleset, path)
    assert not resumed(session)
    session.close()


def test_a_tampered_file_is_refused_even_with_a_checkpoint(ruleset, tmp_path):
    path, _ = played(ruleset, tmp_path)
    path.write_text(path.read_text().replace('"3039"', '"3040"'))
    with pytest.raises(JournalError, match="entry 4"):
        open_game(ruleset, path)


def test_a_file_rewritten_below_the_checkpoint_is_replayed_whole(ruleset, tmp_path):
    path, _ = played(ruleset, tmp_path)
    other, _ = played(ruleset, tmp_path / "other", (place(ruleset, "rifle", "3040"),))
    path.write_text(other.read_text())  # the same name now holds another game
    session, _ = open_game(ruleset, path)
    assert not resumed(session) and len(session.entries) == 1
    session.close()


def test_the_checkpoint_is_a_hidden_file_beside_the_game_that_names_no_secret(ruleset, tmp_path):
    path, _ = played(ruleset, tmp_path)
    cache = checkpoint_path(path)
    assert cache == tmp_path / ".game.owsg.checkpoint"
    data = json.loads(cache.read_text().partition("\n")[2])
    assert data["entries"] == 4 and data["format"] == "owsqt checkpoint 1"
