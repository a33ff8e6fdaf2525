"""The session layer: GameSession, the façade of the desktop and the CLI, and its names.

The ways a game opens (opening.py), the kinds of play a session holds (play.py) and the
e-mail exchange (email.py) live beside it."""

from owsqt.session.emailimport import ImportReport
from owsqt.session.game import GameSession
from owsqt.session.opening import (
    game_from_text,
    join_game,
    new_game,
    open_journal,
    recover_game,
)
from owsqt.session.presentlog import LogLine
from owsqt.session.problems import ImportRefused, Problem

__all__ = [
    "GameSession",
    "ImportRefused",
    "ImportReport",
    "LogLine",
    "Problem",
    "game_from_text",
    "join_game",
    "new_game",
    "open_journal",
    "recover_game",
]
