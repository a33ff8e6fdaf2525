"""The one-folder bundles (issue 24): what packaging/bundle.py keeps of Qt, the file type
every platform's bundle declares, the icons of Windows and macOS, and install.sh of the
Linux bundle. `make dist-test` builds and runs the real bundle (packaging/check_bundle.py)."""

from __future__ import annotations

import importlib.util
import os
import shutil
import stat
import sys
from pathlib import Path

import pytest

from owsqt.userfiles import JOURNAL_SUFFIX

REPO = Path(__file__).resolve().parents[1]
PACKAGING = REPO / "packaging"


def load(name: str):
    spec = importlib.util.spec_from_file_location(name, PACKAGING / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


bundle = load("bundle")


@pytest.mark.parametrize(
    "destination",
    [
        "PySide6/Qt/plugins/platforms/libqxcb.so",
        "PySide6/Qt/plugins/platforms/libqwayland.so",
        "PySide6/Qt/plugins/platforms/libqoffscreen.so",
        "PySide6/plugins/platforms/qwindows.dll",
        "PySide6/plugins/styles/qmodernwindowsstyle.dll",
        "PySide6/Qt/plugins/platforms/libqcocoa.dylib",
        "PySide6/Qt/plugins/platforminputcontexts/libcomposeplatforminputcontextplugin.so",
        "PySide6/Qt/lib/libQt6Widgets.so.6",
        "numpy/_core/_multiarray_umath.cpython-311-x86_64-linux-gnu.so",
        "owsqt/_shipped/resources/fonts/DejaVuSans.ttf",
    ],
)
def test_issue_24_the_bundle_keeps_the_qt_plugins_a_desktop_needs(destination):
    assert bundle.wanted(destination)


@pytest.mark.parametrize(
    "destination",
    [
        "PySide6/Qt/plugins/imageformats/libqjpeg.so",
        "PySide6/plugins/imageformats/qtiff.dll",
        "PySide6/Qt/plugins/platforms/libqvnc.so",
        "PySide6/Qt/plugins/platformthemes/libqgtk3.so",
        "PySide6/Qt/plugins/tls/libqopensslbackend.so",
        "PySide6/Qt/plugins/egldeviceintegrations/libqeglfs-kms-integration.so",
        "PySide6/Qt/plugins/sqldrivers/libqsqlite.so",
        "PySide6/Qt/translations/qtbase_de.qm",
        "PySide6/translations/qtbase_fr.qm",
    ],
)
def test_issue_24_the_bundle_leaves_out_what_owsqt_never_loads(destination):
    assert not bundle.wanted(destination)


def test_issue_24_every_platform_declares_the_game_files_type():
    assert f".{bundle.GAME_SUFFIX}" == JOURNAL_SUFFIX
    mime = (PACKAGING / "linux" / "owsqt-mime.xml").read_text("utf-8")
    assert f'type="{bundle.GAME_MIME}"' in mime and f'pattern="*{JOURNAL_SUFFIX}"' in mime
    (declared,) = bundle.MACOS_INFO_PLIST["UTExportedTypeDeclarations"]
    tags = declared["UTTypeTagSpecification"]
    assert tags == {"public.filename-extension": ["owsg"], "public.mime-type": bundle.GAME_MIME}
    (document,) = bundle.MACOS_INFO_PLIST["CFBundleDocumentTypes"]
    assert document["LSItemContentTypes"] == [declared["UTTypeIdentifier"]]
    installer = (PACKAGING / "windows" / "owsqt.iss").read_text("utf-8")
    assert 'Subkey: "Software\\Classes\\.owsg"' in installer
    assert 'ValueData: """{app}\\{#AppExe}"" ""%1"""' in installer  # the lone file: --open


def test_issue_24_the_specs_of_the_three_platforms_build_from_the_shared_part():
    for system, extra in (("linux", "archive"), ("windows", "owsqt-cli"), ("macos", "BUNDLE")):
        spec = (PACKAGING / system / "owsqt.spec").read_text("utf-8")
        assert "bundle.analysis_options()" in spec and "bundle.prune(" in spec, system
        assert extra in spec, system
    assert Path(bundle.ENTRY).is_file()
    for source, _inside in bundle.DATA:
        assert Path(source).is_dir()


def test_issue_24_the_windows_and_macos_icons_hold_every_size(qapp):
    from PySide6.QtGui import QImageReader

    def sizes(path: Path) -> list[int]:
        reader = QImageReader(str(path))
        found = []
        for index in range(reader.imageCount()):
            reader.jumpToImage(index)
            image = reader.read()
            assert image.width() == image.height(), path
            found.append(image.width())
        return found

    assert sizes(PACKAGING / "windows" / "owsqt.ico") == [16, 24, 32, 48, 64, 128, 256]
    assert sorted(set(sizes(PACKAGING / "macos" / "owsqt.icns"))) == [
        16, 32, 64, 128, 256, 512, 1024,
    ]  # fmt: skip


@pytest.mark.skipif(shutil.which("sh") is None, reason="install.sh is a POSIX shell script")
def test_issue_24_install_sh_installs_the_linux_bundle_for_one_user_and_removes_it(tmp_path):
    check_bundle = load("check_bundle")
    folder = tmp_path / "bundle with a space" / "owsqt"
    icons = folder / "_internal" / "owsqt" / "_shipped" / "resources" / "icons"
    shutil.copytree(REPO / "resources" / "icons", icons)
    program = folder / "owsqt"
    program.write_text("#!/bin/sh\n")
    program.chmod(program.stat().st_mode | stat.S_IXUSR)
    bundle.add_linux_desktop_files(folder)
    assert os.access(folder / "install.sh", os.X_OK)
    check_bundle.install_for_one_user(folder, tmp_path)  # raises Failed with what is wrong


def test_issue_24_prune_keeps_what_the_kept_libraries_link_to_whatever_the_case():
    """The closure over the import tables: a library only a dropped plugin needed goes, with
    the link to it and a macOS framework's resources; one a kept library names in another
    case (Windows: VCRUNTIME140.dll) stays."""
    imports = {
        "src/qwindows.dll": [("Qt6Gui.dll", None)],
        "src/qjpeg.dll": [("Qt6Network.dll", None)],
        "src/Qt6Gui.dll": [("VCRUNTIME140.dll", None), ("QtCore", None)],
        "src/_multiarray.pyd": [("libopenblas.dll", None)],
        "src/python311.dll": [],
    }
    binaries = [
        ("PySide6/plugins/platforms/qwindows.dll", "src/qwindows.dll", "BINARY"),
        ("PySide6/plugins/imageformats/qjpeg.dll", "src/qjpeg.dll", "BINARY"),
        ("PySide6/Qt6Gui.dll", "src/Qt6Gui.dll", "BINARY"),
        ("PySide6/Qt6Network.dll", "src/Qt6Network.dll", "BINARY"),
        ("vcruntime140.dll", "src/vcruntime140.dll", "BINARY"),
        ("PySide6/Qt/lib/QtCore.framework/Versions/A/QtCore", "src/QtCore", "BINARY"),
        ("PySide6/Qt/lib/QtNetwork.framework/Versions/A/QtNetwork", "src/QtNet", "BINARY"),
        ("numpy/_multiarray.pyd", "src/_multiarray.pyd", "EXTENSION"),
        ("numpy.libs/libopenblas.dll", "src/libopenblas.dll", "BINARY"),
        ("python311.dll", "src/python311.dll", "BINARY"),
        ("Qt6Network.dll", "PySide6/Qt6Network.dll", "SYMLINK"),
        ("Qt6Gui.dll", "PySide6/Qt6Gui.dll", "SYMLINK"),
    ]
    datas = [
        ("PySide6/Qt/lib/QtCore.framework/Resources/Info.plist", "a", "DATA"),
        ("PySide6/Qt/lib/QtNetwork.framework/Resources/Info.plist", "b", "DATA"),
        ("PySide6/translations/qtbase_de.qm", "c", "DATA"),
        ("owsqt/_shipped/scenarios/we-are-coming.yaml", "d", "DATA"),
    ]
    kept, kept_data = bundle.prune(binaries, datas, lambda path: imports.get(path, []))
    assert sorted(dest for dest, _source, _kind in kept) == sorted([
        "PySide6/plugins/platforms/qwindows.dll",
        "PySide6/Qt6Gui.dll",
        "vcruntime140.dll",
        "PySide6/Qt/lib/QtCore.framework/Versions/A/QtCore",
        "numpy/_multiarray.pyd",
        "numpy.libs/libopenblas.dll",
        "python311.dll",
        "Qt6Gui.dll",
    ])  # fmt: skip
    assert [dest for dest, _source, _kind in kept_data] == [
        "PySide6/Qt/lib/QtCore.framework/Resources/Info.plist",
        "owsqt/_shipped/scenarios/we-are-coming.yaml",
    ]
