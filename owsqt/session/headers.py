"""The header a game's journal opens with: a new game's, a version 1 game's made version 2,
the check of the options a header names (18.1, 19.41), and the state the game it heads
begins in.

Values only: GameSession (game.py) builds the game on the header these give it."""

from __future__ import annotations

from dataclasses import replace

from owsqt import __version__
from owsqt.journal import pbem
from owsqt.journal.filedice import creator_commitment
from owsqt.journal.identity import Identity
from owsqt.journal.textformat import Clock, Header, JournalError, Play, is_time, quoted
from owsqt.rules.core.dice import DiceState, DieKeys, new_seed
from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.fog.option import (
    GAME_OPTIONS,
    PROGRAM_OPTIONS,
    misplaced_option,
    new_game_options,
)
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.scenario.scenario import Scenario, initial_state
from owsqt.rules.scenario.turntrack import units_in_play


def new_header(
    identity: Identity,
    scenario: str,
    mode: Mode,
    created: str,
    *,
    seed: int | None,
    options: tuple[str, ...],
    play: Play,
    side: Player,
    game: str,
    computer: str | None = None,
) -> Header:
    """The header of a new game made at `created` by the player of `identity`.

    Local games (solitaire, hot-seat) are signed by this machine's key for both sides and
    roll from `seed` (a new one when None). An e-mail game names its creator's `side` and
    key, and commits to the creator's share of the dice of his file 3 (journal/filedice.py).
    The header records the chosen `options` and those the program adds for them (18.1: the
    keyed die), and in play against the computer its seat, `computer` (session/computer.py)."""
    if (play is Play.COMPUTER) != (computer is not None):
        raise ValueError("a game against the computer, and only one, names the computer's seat")
    german: str | None
    soviet: str | None
    commitment: str | None = None
    dice: int | None = None
    if play is Play.EMAIL:
        if seed is not None:
            raise ValueError("an e-mail game's seed is made by both players, not chosen")
        german = identity.public if side is Player.GERMAN else None
        soviet = identity.public if side is Player.SOVIET else None
        commitment = creator_commitment(identity, game)
    else:
        german = soviet = identity.public
        dice = new_seed() if seed is None else seed
    return Header(
        scenario=scenario,
        options=new_game_options(tuple(options)),  # 18.1: fog brings the keyed die
        mode=mode.value,
        created=created,
        program=f"owsqt {__version__}",
        game=game,
        play=play.value,
        german=german,
        soviet=soviet,
        seed=dice,
        commitment=commitment,
        per_file_dice=commitment is not None,
        computer=computer,
    )


def upgraded_header(header: Header, clock: Clock, identity: Identity) -> Header:
    """A version 1 journal's `header` as version 2's, signed by this machine for both sides
    (a new game id; the `clock`'s time where its creation time is not one)."""
    return Header(
        scenario=header.scenario,
        options=header.options,
        mode=header.mode,
        created=header.created if is_time(header.created) else clock(),
        program=f"owsqt {__version__}",
        game=pbem.new_game_id(),
        german=identity.public,
        soviet=identity.public,
        seed=header.seed,
    )


def beginning(ruleset: Ruleset, header: Header) -> GameState:
    """The state the game `header` heads begins in, its scenario's, on its seed; JournalError
    for a scenario the ruleset does not hold or options it may not name (check_options)."""
    scenario = ruleset.scenarios.get(header.scenario)
    if scenario is None:
        raise JournalError(f"unknown scenario {quoted(header.scenario)}")
    check_options(header, scenario)
    in_play = units_in_play(scenario, ruleset.turn_record_track, ruleset.catalogue, header.options)
    state = initial_state(ruleset.catalogue, scenario, header.seed or 0, header.options, in_play)
    if header.per_file_dice:  # [Dice] every roll keyed: no roll moves another's die
        state = replace(state, dice=DiceState(0, keys=DieKeys()))
    return state


def check_options(header: Header, scenario: Scenario) -> None:
    """JournalError when the header names an option twice, one that is not the scenario's
    (19.41) nor the game's (18.1) nor the program's (the keyed die), or one out of place."""
    chosen = {option.id for option in scenario.options} | set(GAME_OPTIONS)  # 19.41, 18.1
    known = chosen | set(PROGRAM_OPTIONS)  # 18.1: the keyed die, which players never choose
    for index, option in enumerate(header.options):
        if option not in known or option in header.options[:index]:
            why = "is named twice" if option in known else "is not one of the game's"
            listed = ", ".join(sorted(chosen)) or "none"
            raise JournalError(f"the option {quoted(option)} {why} (options: {listed})")
    misplaced = misplaced_option(header.options)
    if misplaced:
        raise JournalError(misplaced)
