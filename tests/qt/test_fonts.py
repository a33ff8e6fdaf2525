"""The program's own fonts: shipped in resources/fonts, loaded at start, used for every word."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtGui import QFont, QFontDatabase, QFontInfo
from PySide6.QtWidgets import QApplication

from owsqt.cli.main import main
from owsqt.journal.identity import IdentityError
from owsqt.qt import fonts
from owsqt.qt.air.style import BADGE_PIXELS, TITLE_PIXELS, bold_font
from owsqt.qt.app import launch as app
from owsqt.qt.counters import painter as counterpainter
from owsqt.qt.counters import style as counterstyle
from owsqt.qt.map import style as mapstyle
from owsqt.rules.data.datafile import DataError
from owsqt.rules.scenario.ruleset import default_ruleset

REPO = Path(__file__).resolve().parents[2]
SHIPPED = REPO / "resources" / "fonts"


@pytest.fixture
def application_font(qapp):
    """Put the application's font back as it was, whatever a test makes of it."""
    before = QApplication.font()
    yield
    QApplication.setFont(before)


@pytest.fixture
def copied_fonts(tmp_path) -> Path:
    copy = tmp_path / "fonts"
    shutil.copytree(SHIPPED, copy)
    return copy


def loaded_families() -> set[str]:
    return {
        family
        for font_id in fonts._loaded.values()
        for family in QFontDatabase.applicationFontFamilies(font_id)
    }


def test_every_font_file_the_program_loads_is_shipped_with_its_licence():
    files = {path.name for path in SHIPPED.iterdir() if path.suffix in {".ttf", ".otf"}}
    assert files == set(fonts.FONT_FILES)  # none missing, and none shipped but never used
    readme = (SHIPPED / "README.md").read_text(encoding="utf-8")
    for name in fonts.FONT_FILES:
        assert f"`{name}`" in readme, f"README.md does not say what {name} is"
    licence = (SHIPPED / "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    assert "Bitstream Vera Fonts Copyright" in licence and "Arev Fonts Copyright" in licence
    assert "LICENSE-DejaVu.txt" in readme


def test_the_tests_lay_out_text_in_the_shipped_families(qapp):
    assert loaded_families() >= {fonts.SANS, fonts.NARROW, fonts.SERIF}
    assert QFontInfo(QApplication.font()).family() == fonts.SANS


def test_starting_the_program_makes_the_shipped_sans_the_application_font(
    application_font, monkeypatch
):
    QApplication.setFont(QFont("Serif", 14))  # as a desktop might set it

    def stop(*args):  # the start stops at the player's key, after the fonts and the data
        raise IdentityError("stop here")

    monkeypatch.setattr(app.Identity, "load_or_create", stop)
    monkeypatch.setattr(app.QMessageBox, "critical", lambda *args: None)
    assert app.run(["owsqt"]) == 2
    font = QApplication.font()
    assert font.family() == fonts.SANS and QFontInfo(font).family() == fonts.SANS
    assert font.pointSizeF() == 14  # the size stays the desktop's: a choice of bigger text holds


def test_a_counter_is_lettered_in_the_shipped_narrow_family(qapp):
    assert counterstyle.FONT_FAMILIES == (fonts.NARROW,)
    for bold in (False, True):
        info = QFontInfo(counterpainter._font(bold))
        assert (info.family(), info.bold()) == (fonts.NARROW, bold)


def test_the_air_display_and_the_map_labels_use_the_shipped_families(qapp):
    cases = [
        (bold_font(TITLE_PIXELS), fonts.SANS),
        (bold_font(BADGE_PIXELS), fonts.SANS),
        (bold_font(13, mapstyle.SERIF, spacing=104), fonts.SERIF),
    ]
    for style in (mapstyle.HEX_ID_STYLE, mapstyle.CITY_STYLE, mapstyle.VILLAGE_STYLE):
        cases.append((fonts.table_font(12, style.bold, style.families), style.families[0]))
    for font, family in cases:
        info = QFontInfo(font)
        assert info.family() == family and info.bold() == font.bold()
        assert family in loaded_families()


def test_a_font_is_as_many_pixels_high_as_asked_and_hinted_the_same_everywhere(qapp):
    font = fonts.table_font(10.6, bold=True)
    assert font.pixelSize() == 11 and font.bold()
    assert font.hintingPreference() == fonts.HINTING
    assert fonts.table_font(0.2).pixelSize() == 1


def test_a_missing_font_file_is_one_error_line_naming_it(application_font, copied_fonts):
    missing = copied_fonts / "DejaVuSans-Bold.ttf"
    missing.unlink()
    QApplication.setFont(QFont("Serif", 14))
    with pytest.raises(DataError) as raised:
        fonts.load_fonts(copied_fonts)
    message = str(raised.value)
    assert str(missing) in message and "no such file" in message and "\n" not in message
    assert QApplication.font().family() == "Serif"  # nothing was changed
    assert not any(path.is_relative_to(copied_fonts) for path in fonts._loaded)


def test_a_damaged_font_file_is_refused_and_none_of_its_folder_stays_loaded(qapp, copied_fonts):
    damaged = copied_fonts / "DejaVuSerif-Bold.ttf"  # the last: the others went to Qt first
    damaged.write_bytes(b"not a font at all")
    with pytest.raises(DataError) as raised:
        fonts.load_fonts(copied_fonts)
    message = str(raised.value)
    assert str(damaged) in message and "cannot read" in message and "\n" not in message
    assert not any(path.is_relative_to(copied_fonts) for path in fonts._loaded)


def test_the_desktop_and_the_screenshot_name_a_missing_font_file_and_stop(
    qapp, tmp_path, monkeypatch, capsys
):
    default_ruleset()  # loaded from the shipped data, before the resources move
    resources = tmp_path / "resources"
    shutil.copytree(REPO / "resources", resources)
    missing = resources / "fonts" / "DejaVuSansCondensed.ttf"
    missing.unlink()
    monkeypatch.setenv("OWSQT_RESOURCES", str(resources))
    shown = []
    monkeypatch.setattr(app.QMessageBox, "critical", lambda parent, title, text: shown.append(text))
    assert app.run(["owsqt"]) == 2
    assert len(shown) == 1 and str(missing) in shown[0]

    out = tmp_path / "table.png"
    assert main(["screenshot", "--scenario", "we-are-coming", "--out", str(out)]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and str(missing) in error
    assert not out.exists()
