"""The session bridge: the one object through which the table acts on the game and hears of
its changes (owsqt/qt/bridge.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from owsqt.qt.bridge import SessionBridge
from owsqt.rules.core.actions import PlaceUnits, SetStrength
from owsqt.rules.core.verdict import Mode
from owsqt.session import new_game

QT = Path(__file__).resolve().parents[2] / "owsqt" / "qt"


@pytest.fixture
def bridge(qapp, ruleset):
    return SessionBridge(new_game(ruleset, "test", Mode.FREE, seed=2))


def record(signal) -> list:
    heard: list = []
    signal.connect(lambda *args: heard.append(args))
    return heard


def test_an_action_changes_the_game_and_says_so(bridge, ruleset):
    changed, submitted = record(bridge.changed), record(bridge.submitted)
    outcome = bridge.submit(PlaceUnits(units=("tank",), to=ruleset.grid.hex_of("2428")))
    assert outcome is not None and outcome.applied
    assert bridge.session.state.units["tank"].hex == ruleset.grid.hex_of("2428")
    assert changed == [()] and submitted == [(outcome,)]


def test_an_impossible_action_is_said_and_changes_nothing(bridge):
    said, changed = record(bridge.said), record(bridge.changed)
    before = bridge.session.state
    assert bridge.submit(SetStrength(unit="tank", strength=99)) is None
    assert bridge.session.state is before and changed == []
    assert len(said) == 1 and "99" in said[0][0]


def test_a_game_file_that_cannot_be_written_is_reported_and_nothing_changes(
    bridge, ruleset, monkeypatch
):
    failed = record(bridge.write_failed)
    before = bridge.session.state

    def full_disk(action):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(bridge.session, "submit", full_disk)
    assert bridge.submit(PlaceUnits(units=("tank",), to=ruleset.grid.hex_of("2428"))) is None
    assert bridge.session.state is before
    assert [type(error) for (error,) in failed] == [OSError]


def test_a_closed_gate_sends_nothing(bridge, ruleset):
    bridge.set_gate(lambda: True)
    before = bridge.session.state
    assert bridge.submit(PlaceUnits(units=("tank",), to=ruleset.grid.hex_of("2428"))) is None
    assert bridge.session.state is before


def test_another_game_replaces_the_one_on_the_table_and_closes_it(bridge, ruleset, monkeypatch):
    old = bridge.session
    closed = []
    monkeypatch.setattr(old, "close", lambda: closed.append(True))
    replaced = record(bridge.replaced)
    new = new_game(ruleset, "test", Mode.STRICT, seed=3)
    bridge.replace(new)
    assert bridge.session is new and closed == [True] and replaced == [()]


def test_no_widget_is_handed_a_function_that_returns_the_session():
    """Widgets take the bridge; a `Callable[[], GameSession]` parameter is the old way back."""
    offenders = []
    for path in QT.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.arg) and node.annotation is not None:
                text = ast.unparse(node.annotation)
                if "Callable" in text and "GameSession" in text:
                    offenders.append(f"{path.relative_to(QT)}: {node.arg}")
    assert offenders == []


def test_undo_and_redo_go_through_the_bridge_and_say_why_they_cannot(bridge, ruleset):
    changed, said = record(bridge.changed), record(bridge.said)
    bridge.submit(PlaceUnits(units=("tank",), to=ruleset.grid.hex_of("2428")))
    assert bridge.undo() and bridge.session.state.units["tank"].hex is None
    assert bridge.redo() and bridge.session.state.units["tank"].hex == ruleset.grid.hex_of("2428")
    assert len(changed) == 3 and said == []
    assert bridge.redo()  # nothing to redo: the history says why, and nothing changes
    assert len(said) == 1 and bridge.session.state.units["tank"].hex is not None
    bridge.set_gate(lambda: True)
    assert not bridge.undo() and bridge.session.state.units["tank"].hex is not None
