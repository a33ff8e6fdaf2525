"""Issue 38, item 4: `owsqt arena`, computer players against each other with paired seeds
and sides swapped."""

from __future__ import annotations

import json

import pytest

from owsqt.cli.arena import paired_games, scenario_options, summarise, wilson
from owsqt.cli.arenagames import (
    UNFINISHED,
    ArenaGame,
    GameRecord,
    next_decision,
    play_arena_game,
)
from owsqt.cli.errors import InputError
from owsqt.cli.exitcodes import EXIT_BAD_INPUT
from owsqt.cli.main import main
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.session import new_game
from owsqt.session.seat import Seat


def test_i38_4_game_2k_and_2k_plus_1_share_a_seed_with_the_sides_swapped():
    games = paired_games("we-are-coming", "greedy", "random", 4, 7)
    assert [(g.seed, g.german, g.soviet) for g in games] == [
        (7, "greedy", "random"),
        (7, "random", "greedy"),
        (8, "greedy", "random"),
        (8, "random", "greedy"),
    ]


def test_i38_4_the_wilson_interval_holds_the_score_and_stays_in_0_to_1():
    assert wilson(10, 10)[1] == pytest.approx(1.0) and 0.69 < wilson(10, 10)[0] < 0.73
    low, high = wilson(5, 10)
    assert low < 0.5 < high and low == pytest.approx(1 - high)


def test_i38_4_the_summary_names_each_game_the_first_player_did_not_win():
    games = paired_games("we-are-coming", "heuristic", "random", 4, 3)
    ends = [Player.GERMAN, Player.GERMAN, None, Player.SOVIET]
    outcomes = ["German win by forfeit", "German decisive victory", "a draw", "Soviet marginal"]
    records = [
        GameRecord(game, winner, outcome, 10, (("heuristic", 0.01),))
        for game, winner, outcome in zip(games, ends, outcomes, strict=True)
    ]
    summary = summarise(records)
    assert summary["score"] == pytest.approx(2.5 / 4)
    assert summary["not_won"] == [
        {"seed": 3, "side": "soviet", "outcome": "German decisive victory"},
        {"seed": 4, "side": "german", "outcome": "a draw"},
    ]


@pytest.mark.slow  # two whole games, about 10 s
def test_i38_4_the_arena_prints_one_json_object_of_two_games(capsys):
    arguments = ["arena", "--scenario", "we-are-coming", "--german", "greedy"]
    code = main([*arguments, "--soviet", "random", "--games", "2", "--seed", "1", "--json"])
    assert code == 0
    printed = capsys.readouterr()
    summary = json.loads(printed.out)
    assert summary["games"] == 2
    progress = printed.err.splitlines()  # a line on stderr as each game ends
    assert [line.split(":")[0] for line in progress] == ["arena", "arena"]
    assert progress[0].startswith("arena: game 1 of 2, seed 1, greedy German against random")
    assert progress[1].startswith("arena: game 2 of 2, seed 1, random German against greedy")
    assert set(summary["wins"]) == {"german", "soviet", "draw"}
    assert sum(summary["wins"].values()) == 2 == sum(summary["results"].values())
    low, high = summary["interval"]
    assert 0 <= low <= summary["score"] <= high <= 1
    assert 0 <= summary["decision_seconds"]["median"] <= summary["decision_seconds"]["p95"]
    assert set(summary["decision_seconds_by_player"]) == {"greedy", "random"}
    assert summary["options"] == []


def test_i38_4_the_arena_refuses_an_unknown_player_in_one_line(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["arena", "--scenario", "we-are-coming", "--german", "hal", "--soviet", "random"])
    assert exit_.value.code == EXIT_BAD_INPUT
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and "hal" in lines[0], lines


def test_i38_4_19_41_the_arena_plays_the_optional_groups_asked_for(shipped):
    """Without its optional groups the Maximum Effort variant is 19.3 itself: --option ID
    (or all) takes them."""
    every = tuple(option.id for option in shipped.scenarios["maximum-effort"].options)
    assert len(every) == 4
    assert scenario_options(shipped, "maximum-effort", ["all"]) == every
    assert scenario_options(shipped, "maximum-effort", [every[2], every[0]]) == (
        every[0],
        every[2],
    )
    assert scenario_options(shipped, "maximum-effort", []) == ()
    with pytest.raises(InputError, match="16th-panzer-division"):
        scenario_options(shipped, "maximum-effort", ["16th-panzer-division"])


def test_i38_4_the_arena_refuses_an_unknown_option_in_one_line(capsys):
    arguments = ["arena", "--scenario", "we-are-coming", "--german", "random"]
    code = main([*arguments, "--soviet", "random", "--option", "16th-motorized-division"])
    assert code == EXIT_BAD_INPUT
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and "16th-motorized-division" in lines[0] and "none" in lines[0]


@pytest.mark.slow  # two whole fogged games, about 20 s
def test_i38_4_18_1_a_fogged_arena_game_plays_to_its_end_and_the_same_again(shipped):
    game = ArenaGame("we-are-coming", 3, "greedy", "random", fog=True)
    first = play_arena_game(shipped, game)
    again = play_arena_game(shipped, game)
    assert first.outcome != UNFINISHED
    assert (first.winner, first.outcome, first.actions) == (
        again.winner,
        again.outcome,
        again.actions,
    )
    assert [name for name, _ in first.decisions] == [name for name, _ in again.decisions]


def test_i38_4_6_1_when_both_sides_may_act_the_side_that_did_not_act_last_goes_first(shipped):
    """[6.1] Both sides bid in the Initiative Determination Segment: the German first when
    nobody acted last, the Soviet after a German action, so neither holds the step."""
    session = new_game(shipped, "we-are-coming", Mode.STRICT, seed=3)
    session.apply_default_setup()
    seats = {side: Seat(side, "random", "normal") for side in Player}
    last = None
    for turn in range(400):
        state = session.state
        if (
            state.segment is Segment.INITIATIVE_DETERMINATION
            and not state.initiative.planned_attacks
        ):
            break
        last, move = next_decision(shipped, state, seats, last, f"walk:{turn}")
        assert session.submit(move.action).applied
    else:
        raise AssertionError("no initiative determination reached")
    first, _ = next_decision(shipped, session.state, seats, None, "bid")
    after_german, _ = next_decision(shipped, session.state, seats, Player.GERMAN, "bid")
    assert (first, after_german) == (Player.GERMAN, Player.SOVIET)
