"""A checkpoint of a strict game played by random legal actions (tools/fuzz) holds the very
state a full replay gives, and the game goes on from it as from the replay."""

from __future__ import annotations

import random

import pytest

from owsqt.rules.core.verdict import Mode
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.session import game_from_text, new_game
from owsqt.session.checkpoint import open_game, save_checkpoint
from tools.fuzz.solo import Invariants, choose_legal, play_out


def failure(message):
    return AssertionError(message)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 8])
def test_a_strict_game_resumed_from_its_checkpoint_matches_its_full_replay(tmp_path, seed):
    ruleset = default_ruleset()
    path = tmp_path / "game.owsg"
    session = new_game(ruleset, "we-are-coming", Mode.STRICT, seed=seed, path=path)
    session.apply_default_setup()
    rng = random.Random(seed)
    play_out(ruleset, rng, lambda: session, failure, Invariants(ruleset), 2000, last_turn=1)
    save_checkpoint(session)
    session.close()
    resumed, up_to_date = open_game(ruleset, path)
    replayed = game_from_text(ruleset, path.read_text())  # not bound: one writer
    assert up_to_date and resumed.state == replayed.state == session.state
    for _ in range(20):  # the same next actions give the same entries
        action = choose_legal(ruleset, replayed.state, rng, failure)
        assert resumed.submit(action).events == replayed.submit(action).events
        assert resumed.state == replayed.state
    resumed.close()
