"""Fixtures shared by the computer players' tests."""

from __future__ import annotations

import pytest

from tests.players.openings import set_up


@pytest.fixture(scope="session")
def campaign(shipped):
    """Operation Winter Storm (19.3) from its default set-up, in STRICT play."""
    return set_up(shipped, "operation-winter-storm")
