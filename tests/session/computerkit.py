"""A game against the computer for the tests (issue 38): made with its seat in the header,
and the human played by the random player through `session.submit`, as his clicks go."""

from __future__ import annotations

from owsqt.journal.identity import Identity
from owsqt.journal.textformat import Play
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.engine import Outcome
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.session import GameSession, new_game
from owsqt.session.computer import play_until_human, think
from owsqt.session.seat import Seat
from tests.session.pbemkit import clock

GAME_ID = "0" * 31 + "1"
SOVIET = Seat(Player.SOVIET, "greedy", "normal")


def computer_game(
    ruleset: Ruleset,
    seat: Seat = SOVIET,
    scenario: str = "we-are-coming",
    mode: Mode = Mode.STRICT,
    path=None,
    options: tuple[str, ...] = (),
    seed: int = 5,
) -> GameSession:
    """A new game of `scenario` against the computer in `seat`, not set up yet."""
    return new_game(
        ruleset,
        scenario,
        mode,
        seed=seed,
        play=Play.COMPUTER,
        computer=seat.text,
        identity=Identity.generate(),
        clock=clock(),
        path=path,
        game=GAME_ID,
        options=options,
    )


def human_acts(session: GameSession, seat: Seat, seed: str) -> Outcome:
    """[3.1] The human (the side not in `seat`) makes one action through `session.submit`,
    drawn by the random player on what his side may see: one of his own side's, or, when
    the step waits on him and he has none, one that no side owns (the end of a step of
    both sides)."""
    human = Seat(seat.side.opponent, "random", "normal")
    state = session.state
    move = think(session.ruleset, state, human, seed) or think(
        session.ruleset, state, human, seed, alone=True
    )
    assert move is not None  # alone, a side always has an action (or nothing is legal)
    return session.submit(move.action)


def play_out(session: GameSession, seat: Seat, limit: int = 20_000) -> list[int]:
    """Play the game to its result, the computer in `seat` against the random human; the
    numbers of the human's entries."""
    human: list[int] = []
    while session.state.result is None and len(session.entries) < limit:
        play_until_human(session, seat)
        if session.state.result is not None:
            break
        outcome = human_acts(session, seat, f"human:{len(session.entries)}")
        assert outcome.applied, outcome.verdict.violations
        human.append(len(session.entries))
    return human
