"""[18.1, 2.0] Which die a game rolls: every new game with the fog of war records the keyed
die (core/dice.py) in its header and replays with it; a game without fog never does; a
fogged file written before the keyed die replays with the sequential die as it did."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from owsqt.journal.textformat import JournalError
from owsqt.rules.core.codec import decode_record, encode
from owsqt.rules.core.dice import KEYED_DICE, DiceState, DieKeys, KeyedCount
from owsqt.rules.core.events import DiceRolled
from owsqt.rules.core.steps import STEPS_PASS
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.fog.option import FOG_OF_WAR
from owsqt.session import GameSession, game_from_text, new_game, open_journal
from owsqt.session.checkpoint import open_game, save_checkpoint
from tests.session.test_game import fixed_clock
from tools.fuzz.solo import choose_legal

SCENARIO = "we-are-coming"
SEED = 7
ROLLS = 12  # rolls of several players and purposes: initiative, air, fire, bombardment
MOST = 400  # random actions at most to make them


def play(rules, session: GameSession) -> list[DiceRolled]:
    """Both default set-ups, then random legal actions until ROLLS dice are rolled: the
    rolls, in order."""
    session.apply_default_setup()
    rng = random.Random(SEED)
    rolled: list[DiceRolled] = []
    for _ in range(MOST):
        if len(rolled) >= ROLLS:
            return rolled
        outcome = session.submit(choose_legal(rules, session.state, rng, AssertionError))
        assert outcome.applied, outcome.verdict
        rolled += [event for event in outcome.events if isinstance(event, DiceRolled)]
    raise AssertionError(f"{MOST} actions rolled only {len(rolled)} dice")


def new_fogged(rules, path=None) -> GameSession:
    return new_game(
        rules,
        SCENARIO,
        Mode.STRICT,
        seed=SEED,
        options=(FOG_OF_WAR,),
        path=path,
        clock=fixed_clock(),
    )


@pytest.fixture(scope="module")
def fogged(shipped, tmp_path_factory):
    """A new strict game with the fog of war, played until ROLLS rolls, on disk."""
    path = tmp_path_factory.mktemp("keyed") / "fog.owsg"
    session = new_fogged(shipped, path)
    rolled = play(shipped, session)
    save_checkpoint(session)  # by the game that holds the file's lock, as `owsqt act` does
    session.close()
    return path, session, rolled


def test_18_1_a_new_fogged_game_records_the_keyed_die_and_its_file_replays_to_the_same_state(
    shipped, fogged
):
    path, session, rolled = fogged
    assert session.header.options == (FOG_OF_WAR, KEYED_DICE, STEPS_PASS)  # 3.1: every new game
    assert "\noptions: fog-of-war keyed-dice steps-pass\n" in path.read_text(encoding="utf-8")
    keys = session.state.dice.keys
    assert keys is not None and keys.action == len(session.entries)  # one action an entry
    assert session.state.dice.rolls_made == len(rolled)
    assert len({(e.player, e.purpose) for e in rolled}) > 3  # several keys, both sides
    reopened = open_journal(shipped, path)
    assert reopened.state == session.state
    assert reopened.text() == path.read_text(encoding="utf-8")
    reopened.close()


def test_18_1_an_old_fogged_file_without_the_keyed_die_replays_with_the_sequential_die(
    shipped, tmp_path, fogged
):
    """The header the program wrote before the keyed die: the fog of war alone."""
    header = replace(new_fogged(shipped).header, options=(FOG_OF_WAR,))
    path = tmp_path / "old.owsg"
    old = GameSession(shipped, header, fixed_clock())
    old.save_as(path)
    rolled = play(shipped, old)
    old.close()
    dice, sequential = DiceState(SEED), []
    for _ in rolled:
        value, dice = dice.roll("", None)
        sequential.append(value)
    assert [e.value for e in rolled] == sequential
    assert old.state.dice == DiceState(SEED, rolls_made=len(rolled))
    assert [e.value for e in rolled] != [e.value for e in fogged[2]]  # the keyed die's differ
    reopened = open_journal(shipped, path)
    assert reopened.header.options == (FOG_OF_WAR,) and reopened.state == old.state
    reopened.close()


@pytest.mark.parametrize(
    ("scenario", "chosen", "recorded"),
    [
        (SCENARIO, (), (STEPS_PASS,)),  # 3.1: every new game passes the idle steps
        (SCENARIO, (KEYED_DICE,), (STEPS_PASS,)),
        (
            "maximum-effort",
            ("16th-motorized-division",),
            ("16th-motorized-division", STEPS_PASS),
        ),
        (
            "maximum-effort",
            ("16th-motorized-division", FOG_OF_WAR, KEYED_DICE),
            ("16th-motorized-division", FOG_OF_WAR, KEYED_DICE, STEPS_PASS),
        ),
    ],
)
def test_18_1_the_keyed_die_goes_with_the_fog_of_war_only(shipped, scenario, chosen, recorded):
    session = new_game(shipped, scenario, Mode.FREE, seed=SEED, options=chosen)
    assert session.header.options == recorded
    assert (session.state.dice.keys is not None) is (KEYED_DICE in recorded)


def test_18_1_a_file_with_the_keyed_die_but_no_fog_is_refused_in_one_line(shipped):
    text = new_game(shipped, SCENARIO, seed=SEED).text()
    assert "\noptions: steps-pass\n" in text  # 3.1: the program's option, no fog
    forged = text.replace("\noptions: steps-pass\n", "\noptions: keyed-dice steps-pass\n")
    with pytest.raises(JournalError) as refused:
        game_from_text(shipped, forged)
    message = str(refused.value)
    assert "keyed-dice" in message and "fog-of-war" in message and "\n" not in message


def test_18_1_the_option_list_of_a_refused_option_names_no_keyed_die(shipped):
    text = new_game(shipped, SCENARIO, seed=SEED).text()
    forged = text.replace("\noptions: steps-pass\n", "\noptions: snow steps-pass\n")
    assert "\noptions: snow steps-pass\n" in forged
    with pytest.raises(JournalError) as refused:
        game_from_text(shipped, forged)
    message = str(refused.value)
    assert "'snow'" in message and "fog-of-war" in message
    assert KEYED_DICE not in message and STEPS_PASS not in message  # the program's own


def test_18_1_a_fogged_game_rolling_from_a_new_seed_keeps_the_keyed_die(shipped):
    session = new_fogged(shipped)
    session.roll_from(99)  # [Dice] as e-mail play does for each file
    assert session.state.dice == DiceState(99, keys=DieKeys())


def test_18_1_the_checkpoint_holds_the_keyed_die_exactly(shipped, fogged):
    path, played, _ = fogged
    session, up_to_date = open_game(shipped, path)
    try:
        assert up_to_date
        with pytest.raises(IndexError):
            session.state_after(1)  # resumed from the checkpoint, not replayed
        assert session.state.dice == played.state.dice and session.state == played.state
    finally:
        session.close()


def test_18_1_the_keyed_die_encodes_and_decodes_exactly_and_the_sequential_die_as_before(
    shipped,
):
    counts = (KeyedCount(Player.SOVIET, "fire combat", 2), KeyedCount(None, "weather", 1))
    keyed = DiceState(SEED, rolls_made=9, keys=DieKeys(action=41, counts=counts))
    data = encode(keyed, shipped.grid)
    assert decode_record(DiceState, data, shipped.grid) == keyed
    sequential = DiceState(SEED, rolls_made=3)
    assert encode(sequential, shipped.grid) == {"seed": SEED, "rolls_made": 3, "script": []}
    assert decode_record(DiceState, encode(sequential, shipped.grid), shipped.grid) == sequential
