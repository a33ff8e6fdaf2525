"""The homeserver the network tests play through (homeserver.py), started once a worker."""

from __future__ import annotations

import keyring
import keyring.backend
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


class MemoryKeyring(keyring.backend.KeyringBackend):
    """A keyring that keeps its passwords in memory."""

    priority = 1  # type: ignore[assignment]

    def __init__(self) -> None:
        super().__init__()
        self.kept: dict[tuple[str, str], str] = {}

    def get_password(self, service, username):
        return self.kept.get((service, username))

    def set_password(self, service, username, password):
        self.kept[service, username] = password

    def delete_password(self, service, username):
        self.kept.pop((service, username), None)


@pytest.fixture
def memory_keyring():
    before = keyring.get_keyring()
    kept = MemoryKeyring()
    keyring.set_keyring(kept)
    yield kept
    keyring.set_keyring(before)
