"""Desktop integration on Linux (issue 24): the .desktop file, the MIME type of game files,
the AppStream metadata, the icon at standard sizes, and the bare game file a double click
passes to the program."""

from __future__ import annotations

import configparser
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from owsqt.cli.main import _as_open
from owsqt.userfiles import JOURNAL_SUFFIX

REPO = Path(__file__).resolve().parents[1]
LINUX = REPO / "packaging" / "linux"
ICONS = REPO / "resources" / "icons"
MIME = "application/x-owsqt-game"
MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"


def desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, delimiters=("=",))
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys keep their case
    parser.read(LINUX / "owsqt.desktop", encoding="utf-8")
    return parser["Desktop Entry"]


def test_issue_24_the_desktop_file_starts_owsqt_on_a_game_file_of_its_mime_type():
    entry = desktop_entry()
    assert entry["Type"] == "Application" and entry["Terminal"] == "false"
    assert entry["Exec"] == "owsqt %f" and entry["Icon"] == "owsqt"
    assert entry["MimeType"].split(";")[0] == MIME
    assert "Game" in entry["Categories"].split(";")


def test_issue_24_the_mime_type_globs_the_game_files_suffix():
    root = ET.parse(LINUX / "owsqt-mime.xml").getroot()
    (kind,) = root.findall(f"{MIME_NS}mime-type")
    assert kind.get("type") == MIME
    assert [g.get("pattern") for g in kind.findall(f"{MIME_NS}glob")] == [f"*{JOURNAL_SUFFIX}"]


def test_issue_24_the_appstream_metadata_launches_the_desktop_file():
    root = ET.parse(LINUX / "io.github.owsqt.owsqt.metainfo.xml").getroot()
    assert root.get("type") == "desktop-application"
    for key in ("id", "name", "summary", "metadata_license", "project_license", "description"):
        assert root.find(key) is not None, key
    assert root.findtext("launchable") == "owsqt.desktop"
    assert root.findtext("provides/mediatype") == MIME


@pytest.mark.parametrize("size", [16, 24, 32, 48, 64, 128, 256, 512])
def test_issue_24_the_icon_is_shipped_at_each_standard_size(qapp, size):
    from PySide6.QtGui import QImage

    image = QImage(str(ICONS / f"owsqt-{size}.png"))
    assert (image.width(), image.height()) == (size, size)
    assert image.pixelColor(size // 2, size // 2).alpha() == 255  # drawn, not blank


def test_issue_24_a_game_file_alone_on_the_command_line_is_opened():
    assert _as_open(["game.owsg"]) == ["--open", "game.owsg"]
    assert _as_open(["replay", "game.owsg"]) == ["replay", "game.owsg"]
    assert _as_open(["validate-data"]) == ["validate-data"]
    assert _as_open([]) == []


def test_issue_24_the_program_icon_holds_every_size(qapp):
    from owsqt.qt.app.launch import program_icon

    sizes = {(s.width(), s.height()) for s in program_icon().availableSizes()}
    assert {(16, 16), (32, 32), (256, 256), (512, 512)} <= sizes
