"""Starting the desktop: a damaged key stops the start with a message, and nothing is written."""

from __future__ import annotations

from owsqt.qt.app import launch as app


def test_a_damaged_key_is_reported_and_never_replaced(qapp, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    key = tmp_path / "config" / "owsqt" / "identity.pem"
    key.parent.mkdir(parents=True)
    key.write_text("-----BEGIN PRIVATE KEY-----\ngarbage\n")
    shown = []
    monkeypatch.setattr(
        app.QMessageBox, "critical", lambda parent, title, text: shown.append((title, text))
    )
    assert app.run(["owsqt"]) == 2
    ((title, text),) = shown
    assert title == "owsqt cannot start"
    assert str(key) in text and "damaged" in text and "restore it from a backup" in text
    assert key.read_text() == "-----BEGIN PRIVATE KEY-----\ngarbage\n"
    assert not (tmp_path / "data" / "owsqt" / "autosave").exists()
