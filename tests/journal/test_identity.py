"""The player's Ed25519 key: made on first use, private, kept, and never silently replaced."""

from __future__ import annotations

import os
import stat

import pytest

from owsqt.journal.identity import (
    Identity,
    IdentityError,
    fingerprint,
    is_public_key,
    signature_holds,
)


def test_a_key_is_made_on_first_use_readable_by_its_owner_only_and_kept(tmp_path):
    path = tmp_path / "owsqt" / "identity.pem"
    first = Identity.load_or_create(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert Identity.load_or_create(path).public == first.public
    assert is_public_key(first.public) and first.public.startswith("ed25519:")


def test_two_owsqt_making_the_key_at_once_never_read_it_half_written(tmp_path, monkeypatch):
    """A new computer: the desktop and `owsqt act` start at once and both make the key. The
    second arrives while the first writes its key (here: as the first opens its file): it
    must not find a key file half written, and both must end with the one key kept."""
    path = tmp_path / "owsqt" / "identity.pem"
    real = os.fdopen
    other: list[Identity] = []
    arrived: list[bool] = []

    def meanwhile(*args, **kwargs):
        if not arrived:  # the first writer, before a byte of its key is written
            arrived.append(True)
            other.append(Identity.load_or_create(path))  # the second owsqt arrives
        return real(*args, **kwargs)

    monkeypatch.setattr(os, "fdopen", meanwhile)
    first = Identity.load_or_create(path)
    monkeypatch.undo()
    assert first.public == other[0].public == Identity.load_or_create(path).public
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert [p.name for p in path.parent.iterdir()] == ["identity.pem"]  # no file left over


def test_a_damaged_key_file_is_reported_with_its_path_and_left_alone(tmp_path):
    path = tmp_path / "identity.pem"
    path.write_text("not a key")
    with pytest.raises(IdentityError, match=rf"{path}.*damaged"):
        Identity.load_or_create(path)
    assert path.read_text() == "not a key"


def test_signatures_hold_only_for_their_message_and_key():
    key, other = Identity.generate(), Identity.generate()
    signature = key.sign("abc")
    assert signature_holds(key.public, "abc", signature)
    assert not signature_holds(key.public, "abd", signature)
    assert not signature_holds(other.public, "abc", signature)
    assert not signature_holds(key.public, "abc", "not base64!")
    assert not signature_holds("ed25519:short", "abc", signature)


def test_a_secret_is_the_same_each_time_and_differs_by_label_and_key():
    key = Identity.generate()
    assert key.secret_for("seed g") == key.secret_for("seed g") != key.secret_for("seed h")
    assert Identity.generate().secret_for("seed g") != key.secret_for("seed g")
    assert len(key.secret_for("x")) == 64


def test_a_fingerprint_is_four_groups_of_four_hex_digits():
    text = fingerprint(Identity.from_seed(b"a").public)
    assert len(text.split(" ")) == 4 and all(len(part) == 4 for part in text.split(" "))
    assert (
        text
        == fingerprint(Identity.from_seed(b"a").public)
        != fingerprint(Identity.from_seed(b"b").public)
    )
