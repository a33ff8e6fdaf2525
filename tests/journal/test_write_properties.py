"""Properties of writing game files: writers killed at any moment, files torn at any byte,
and two writers at once never lose or duplicate an action the player was told was made."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from owsqt.journal.lock import JournalLocked
from owsqt.journal.recovery import TornJournal
from owsqt.journal.textformat import parse
from owsqt.rules.core.verdict import Mode
from owsqt.session import GameSession, new_game, open_journal, recover_game
from owsqt.session.checkpoint import open_game, save_checkpoint
from tests.conftest import REPO
from tests.journal.test_file_writes import game, roll, rolls_in
from tests.session.test_game import new_session

# The child opens the game and makes action after action, printing the number of each once
# `submit` has returned: the player has been told it is made. Its appends go to the file in
# pieces of 16 bytes, so that a kill often lands in the middle of one, as a power cut would.
CHILD = """
import os, sys, time
from pathlib import Path
from owsqt.rules.core.actions import RollDice
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.session import open_journal

path, number = Path(sys.argv[1]), int(sys.argv[2])
write = os.write

def in_pieces(descriptor, data):
    written = write(descriptor, data[:16])
    time.sleep(0.0002)
    return written

session = open_journal(default_ruleset(), path)
os.write = in_pieces
while True:
    session.submit(RollDice(purpose=f"action {number}"))
    print(number, os.path.getsize(path), flush=True)
    number += 1
"""


def reopened(ruleset, path: Path) -> GameSession:
    """The game at `path`, recovered to its whole entries when a kill tore its end."""
    try:
        return open_journal(ruleset, path)
    except TornJournal:
        session, _ = recover_game(ruleset, path)
        return session


def numbers_in(path: Path) -> list[int]:
    return [int(purpose.removeprefix("action ")) for purpose in rolls_in(path)]


@pytest.mark.slow
@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    rounds=st.lists(
        st.tuples(st.integers(0, 4), st.integers(0, 30), st.floats(0, 1) | st.none()),
        min_size=1,
        max_size=2,
    )
)
def test_killed_writers_never_lose_or_duplicate_an_acknowledged_action(tmp_path_factory, rounds):
    from owsqt.rules.scenario.ruleset import default_ruleset

    ruleset = default_ruleset()
    path = tmp_path_factory.mktemp("kill") / "game.owsg"
    new_game(ruleset, "we-are-coming", Mode.FREE, seed=1, path=path).close()
    acknowledged: list[int] = []
    for acks, delay, tear in rounds:
        following = max(numbers_in(path), default=0) + 1
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(path), str(following)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": str(REPO)},
        )
        assert child.stdout is not None
        told: list[tuple[int, int]] = []
        while len(told) < acks:
            line = child.stdout.readline()
            assert line, child.stderr.read() if child.stderr else "the child ended"
            number, size = line.split()
            told.append((int(number), int(size)))
        time.sleep(delay / 1000)
        child.send_signal(signal.SIGKILL)
        output, _ = child.communicate()
        # only a whole line, ended, was told: a kill may cut the last one short
        whole = output.split("\n")[:-1]
        told += [(int(n), int(s)) for n, s in (line.split() for line in whole)]
        acknowledged += [number for number, _ in told]
        written = told[-1][1] if told else None
        if tear is not None and written is not None and path.stat().st_size > written:
            # the disk kept only part of what was not acknowledged yet
            size = path.stat().st_size
            os.truncate(path, written + int((size - written) * tear))
        session = reopened(ruleset, path)
        session.close()
        numbers = numbers_in(path)
        assert numbers == list(range(1, len(numbers) + 1))  # none twice, none skipped
        assert set(acknowledged) <= set(numbers)
        assert len(numbers) <= len(acknowledged) + len(rounds)  # at most one unacknowledged
        parse(path.read_text())


def test_a_file_torn_anywhere_in_its_last_entry_recovers_all_that_was_acknowledged(
    ruleset, tmp_path
):
    """In process: an append cut at each byte (one in seven, for time), then opened."""
    path = tmp_path / "game.owsg"
    game(ruleset, path, actions=3).close()
    whole = path.read_bytes()
    session = open_journal(ruleset, path)
    session.submit(roll(4))
    session.close()
    data = path.read_bytes()
    for cut in range(len(whole), len(data) + 1, 7):
        path.write_bytes(data[:cut])
        for kept in path.parent.glob("game.torn-*"):
            kept.unlink()
        reopened(ruleset, path).close()
        expected = ["action 1", "action 2", "action 3"]
        if cut >= len(data) - 2:
            expected.append("action 4")  # whole: only its line endings were cut
        assert rolls_in(path) == expected


OPERATIONS = st.tuples(
    st.sampled_from(["open", "act", "close", "save over", "owsqt act"]), st.sampled_from("AB")
)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(steps=st.lists(OPERATIONS, max_size=14))
def test_two_writers_one_file_the_second_is_refused_and_nothing_is_lost(
    ruleset, tmp_path_factory, steps
):
    path = tmp_path_factory.mktemp("two") / "game.owsg"
    game(ruleset, path, actions=1).close()
    made = 1
    open_by: dict[str, GameSession] = {}
    try:
        for operation, who in steps:
            holder = next(iter(open_by), None)
            before = path.read_bytes()
            refused = False
            if operation == "open" and who not in open_by:
                if holder is None:
                    open_by[who] = open_journal(ruleset, path)
                else:
                    refused = True
                    with pytest.raises(JournalLocked, match=r"open in this owsqt already"):
                        open_journal(ruleset, path)
            elif operation == "act" and who in open_by:
                made += 1
                open_by[who].submit(roll(made))
            elif operation == "close" and who in open_by:
                open_by.pop(who).close()
            elif operation == "save over" and holder is not None:
                refused = True
                with pytest.raises(JournalLocked):
                    new_session(ruleset).save_as(path)  # another game, over the open one
            elif operation == "owsqt act" and holder is None:
                session, _ = open_game(ruleset, path)
                made += 1
                session.submit(roll(made))
                save_checkpoint(session)
                session.close()
            elif operation == "owsqt act":
                refused = True
                with pytest.raises(JournalLocked):
                    open_game(ruleset, path)
            if refused:
                assert path.read_bytes() == before  # the refused writer changed nothing
            assert rolls_in(path) == [f"action {n}" for n in range(1, made + 1)]
    finally:
        for session in open_by.values():
            session.close()
