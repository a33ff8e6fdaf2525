"""The homeserver the network tests play through (homeserver.py), started once a worker."""

from __future__ import annotations

import pytest

from tests.network.homeserver import Homeserver


@pytest.fixture(scope="session")
def homeserver(tmp_path_factory):
    server = Homeserver.start(tmp_path_factory.mktemp("homeserver"))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def players(homeserver):
    """Two registered players and an onlooker: (Matrix id, password) by name."""
    return {
        name: (homeserver.register(name, f"{name} password"), f"{name} password")
        for name in ("german", "soviet", "onlooker")
    }
