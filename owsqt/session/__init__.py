"""The session layer: GameSession, the façade of the desktop and the CLI, and its names.

The kinds of play it holds (play.py) and the e-mail exchange (email.py) live beside it."""

from owsqt.session.email import ImportReport
from owsqt.session.game import GameSession
from owsqt.session.presentlog import LogLine
from owsqt.session.problems import ImportRefused, Problem

__all__ = ["GameSession", "ImportRefused", "ImportReport", "LogLine", "Problem"]
