"""The kinds of play a session holds: who acts, who is handed the computer, seals, undo.

Solitaire and hot-seat (session/play.py) against e-mail play (session/email.py), without Qt."""

from __future__ import annotations

import pytest

from owsqt.journal.identity import Identity
from owsqt.journal.textformat import EntryKind, JournalError, Play
from owsqt.rules.core.actions import DeclareAttacks, EndStep, SetStrength
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.session import GameSession, game_from_text, new_game, open_journal
from owsqt.session.email import EmailExchange
from owsqt.session.play import HotSeatPlay, SolitairePlay
from tests.session.pbemkit import SCENARIO, Exchange, clock, end_steps_until

LOCAL = (Play.SOLITAIRE, Play.HOT_SEAT)


def local_game(ruleset, play: Play, mode: Mode = Mode.STRICT) -> GameSession:
    key = Identity.generate()
    return new_game(ruleset, SCENARIO, mode, seed=7, play=play, identity=key, clock=clock())


@pytest.mark.parametrize(
    ("play", "kind", "hands_over"),
    [
        (Play.SOLITAIRE, SolitairePlay, False),
        (Play.HOT_SEAT, HotSeatPlay, True),
        (Play.EMAIL, EmailExchange, False),
    ],
)
def test_only_hot_seat_hands_the_computer_over_and_the_file_keeps_the_kind(
    shipped, tmp_path, play, kind, hands_over
):
    key = Identity.generate()
    seed = None if play is Play.EMAIL else 3
    path = tmp_path / "game.owsg"
    new_game(shipped, SCENARIO, seed=seed, play=play, identity=key, path=path).close()
    session = open_journal(shipped, path, identity=key)
    assert isinstance(session.players, kind)
    assert session.players.share_the_computer is hands_over
    assert (session.email is session.players) is (play is Play.EMAIL)


@pytest.mark.parametrize("play", LOCAL)
def test_at_one_computer_both_sides_set_up_and_nobody_is_waited_for(shipped, play):
    session = local_game(shipped, play)
    assert session.players.local_sides == {"german", "soviet"}
    assert session.players.why_not_act(EndStep(player=Player.SOVIET)) is None
    session.apply_default_setup()  # 19.11: the Soviet player first, then the German
    assert session.state.turn == 1 and session.state.phase is not Phase.SETUP
    assert {entry.by for entry in session.entries} == {"german", "soviet"}
    assert not session.players.waiting_for_opponent()


def test_an_e_mail_player_sets_up_only_his_own_side_and_then_waits(shipped):
    german = Exchange(shipped).german
    german.apply_default_setup()  # 19.11: the Soviet sets up first: nothing to do yet
    assert german.entries == ()
    assert german.players.waiting_for_opponent()
    assert "Soviet player to do" in german.players.why_not_act(EndStep(player=Player.SOVIET))


@pytest.mark.parametrize("play", LOCAL)
def test_6_1_at_one_computer_a_bid_is_made_openly(shipped, play):
    session = local_game(shipped, play)
    session.apply_default_setup()
    end_steps_until(session, "initiative_determination")
    outcome = session.submit(DeclareAttacks(player=Player.SOVIET, planned=2))
    assert outcome.applied
    assert session.state.initiative.planned_attacks[Player.SOVIET] == 2
    assert session.entries[-1].kind is EntryKind.ACT and session.players.open_seals == {}


def test_6_1_an_e_mail_bid_is_sealed_and_not_applied_yet(shipped):
    exchange = Exchange(shipped)
    exchange.opening()
    exchange.to_the_bids()
    soviet = exchange.soviet
    assert soviet.submit(DeclareAttacks(player=Player.SOVIET, planned=2)).applied
    assert Player.SOVIET not in soviet.state.initiative.planned_attacks
    assert soviet.entries[-1].kind is EntryKind.SEAL
    assert soviet.players.open_seals == {"soviet": soviet.entries[-1].number}
    again = soviet.submit(DeclareAttacks(player=Player.SOVIET, planned=3))
    assert not again.applied and "sealed already" in str(again.verdict.violations[0])


@pytest.mark.parametrize("play", LOCAL)
def test_at_one_computer_either_sides_actions_may_be_taken_back(shipped, play):
    session = local_game(shipped, play, Mode.FREE)
    session.apply_default_setup()  # the Soviet's entries, then the German's
    undone = set()
    while "soviet" not in undone:
        assert session.why_not_undo() is None
        applied = session.undo()
        undone.add(session.entries[applied.entry - 1].by)
    assert undone == {"german", "soviet"}


@pytest.mark.parametrize("play", LOCAL)
def test_a_local_game_that_claims_a_file_was_sent_is_refused(shipped, play):
    session = local_game(shipped, play)
    session.write_note(EntryKind.SEND, "german", fields=(("file", "1"), ("to", "soviet")))
    with pytest.raises(JournalError, match="entry 1: a 'send' entry belongs to e-mail play"):
        game_from_text(shipped, session.text())


def test_a_game_whose_keys_are_not_this_computers_lets_nobody_act(shipped):
    exchange = Exchange(shipped)
    exchange.opening()
    stranger = game_from_text(
        shipped, exchange.files[-1], identity=Identity.generate(), clock=clock()
    )
    assert stranger.players.local_sides == frozenset()
    reason = "your key is not one of this game's two players' keys"
    assert stranger.players.why_not_act() == reason
    assert not stranger.submit(EndStep(player=Player.GERMAN)).applied
    with pytest.raises(JournalError, match=reason):
        stranger.email.import_text(exchange.files[-1])


def test_18_1_while_the_computer_is_handed_over_the_session_refuses_every_action(shipped):
    """[18.1] Defence in depth behind the hot-seat curtain: whatever a window lets
    through, nothing is played, undone or redone until the player it goes to has it."""
    session = local_game(shipped, Play.HOT_SEAT, Mode.FREE)
    session.apply_default_setup()
    unit = next(u for u, s in session.state.units.items() if s.hex is not None and s.strength > 1)
    for strength in (1, 2):  # two edits by hand: one to take back, one to make again
        assert session.submit(SetStrength(unit=unit, strength=strength)).applied
    session.undo()
    entries, state = len(session.entries), session.state
    session.players.handed_to = Player.GERMAN
    outcome = session.submit(SetStrength(unit=unit, strength=3))
    assert not outcome.applied and session.state is state
    assert [(v.rule, v.message) for v in outcome.verdict.violations] == [
        (
            "18.1",
            "the computer is being handed to the German player: nothing is played until he "
            "says he has it",
        )
    ]
    for walk in (session.undo, session.redo):
        with pytest.raises(ValueError, match="being handed to the German player"):
            walk()
    assert len(session.entries) == entries and session.state is state
    session.players.handed_to = None  # he says he has it
    assert session.redo().applied and session.state.units[unit].strength == 2
