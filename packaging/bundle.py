"""What owsqt's one-folder bundles hold: shared by the PyInstaller specs of Linux, Windows
and macOS (packaging/*/owsqt.spec), which add only what differs on their platform.

- The program: every module of owsqt (the command line imports its handlers by name,
  which PyInstaller cannot follow), its package metadata (the version About shows), and
  the game's data, resources/ and scenarios/, where an installed owsqt looks for them
  (owsqt/_shipped/, as in the wheel). The fonts the desktop uses are among the resources.
- Qt: the four modules owsqt imports (QtCore, QtGui, QtWidgets, QtSvg) and, of the plugins
  PySide6 carries, only those in QT_PLUGINS: no image format (PNG is built into QtGui),
  no Qt translation (owsqt speaks English), no network, SQL, QML or OpenGL.
- Then every shared library nothing kept loads any more (`prune`): those that came only for
  a plugin left out.
"""

from __future__ import annotations

import os
import platform
import shutil
import subprocess
import tomllib
from collections.abc import Callable, Iterable
from pathlib import Path, PurePath

ROOT = Path(__file__).resolve().parents[1]
NAME = "owsqt"
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
# The game files a double click opens in owsqt (the .desktop file and MIME type on Linux,
# packaging/windows/owsqt.iss on Windows, MACOS_INFO_PLIST on macOS).
GAME_SUFFIX = "owsg"
GAME_MIME = "application/x-owsqt-game"
GAME_TYPE_NAME = "Operation Winter Storm game"
BUNDLE_ID = "io.github.owsqt.owsqt"
ENTRY = str(ROOT / "packaging" / "owsqt_main.py")
DATA = [
    (str(ROOT / "resources"), "owsqt/_shipped/resources"),
    (str(ROOT / "scenarios"), "owsqt/_shipped/scenarios"),
]

# The Qt plugins a player's desktop needs, by folder, named without "lib" and extension.
QT_PLUGINS = {
    # The windowing systems: X11 and Wayland on Linux, Windows, macOS; offscreen for
    # `owsqt screenshot`, `owsqt --self-test` and machines without a display.
    "platforms": {"qxcb", "qwayland", "qoffscreen", "qwindows", "qcocoa"},
    "platformthemes": {"qxdgdesktopportal"},  # Linux: the desktop's own file dialogs
    "platforminputcontexts": {  # Linux: dead keys and input methods in names and notes
        "composeplatforminputcontextplugin",
        "ibusplatforminputcontextplugin",
    },
    "wayland-shell-integration": {"xdg-shell"},  # a Wayland window with a title bar
    "wayland-decoration-client": {"bradient", "adwaita"},  # ... drawn by Qt
    "iconengines": {"qsvgicon"},  # the desktop theme's icons in the file dialogs
    "styles": {"qmodernwindowsstyle", "qwindowsvistastyle", "qmacstyle"},  # native looks
}
# Modules PyInstaller would take in though owsqt never imports them.
EXCLUDES = [
    "PySide6.QtNetwork",
    "PySide6.QtDBus",
    "tkinter",
    "pydoc",
    "doctest",
    "pytest",
    "hypothesis",
    "scipy",
    "mypy",
    "setuptools",
    "pip",
    "PyInstaller",
]
# Loaded by the bootloader (never named in another library's imports): always kept.
PYTHON_LIBRARIES = ("libpython3", "python3", "Python")


def analysis_options() -> dict:
    """The Analysis() arguments every platform's spec starts from."""
    from PyInstaller.utils.hooks import collect_submodules, copy_metadata

    return {
        "scripts": [ENTRY],
        "pathex": [str(ROOT)],
        "hiddenimports": collect_submodules("owsqt"),
        "datas": DATA + copy_metadata("owsqt"),
        "excludes": EXCLUDES,
        "noarchive": False,
    }


def qt_part(destination: str) -> tuple[str, str] | None:
    """(folder, file) of a Qt plugin or translation PySide6 carries, else None: they are
    PySide6/Qt/plugins/FOLDER/FILE (Linux, macOS) or PySide6/plugins/FOLDER/FILE (Windows),
    and PySide6/[Qt/]translations/FILE."""
    parts = PurePath(destination).parts
    if not parts or parts[0] != "PySide6":
        return None
    if "plugins" in parts and len(parts) == parts.index("plugins") + 3:
        return parts[-2], parts[-1]
    if "translations" in parts:
        return "translations", parts[-1]
    return None


def wanted(destination: str) -> bool:
    """Whether a Qt plugin or translation is one the bundle needs (anything else: yes)."""
    part = qt_part(destination)
    if part is None:
        return True
    folder, name = part
    stem = name.split(".")[0].removeprefix("lib")
    return stem in QT_PLUGINS.get(folder, ())


def prune(
    binaries: list, datas: list, get_imports: Callable[[str], Iterable[tuple]] | None = None
) -> tuple[list, list]:
    """The binaries and data files without unwanted Qt plugins and translations, without
    the shared libraries that only those needed, and without links to what is gone.
    `get_imports(path)` names the libraries a binary links to, as (name, path) pairs:
    PyInstaller's, by default."""
    if get_imports is None:
        from PyInstaller.depend.bindepend import get_imports

    files = [e for e in binaries if e[2] != "SYMLINK" and wanted(e[0])]
    # By name, ignoring case: Windows import tables say KERNEL32.dll or VCRUNTIME140.dll
    # as their linkers wrote them, whatever the files are called.
    by_name = {PurePath(dest).name.lower(): source for dest, source, _kind in files}
    roots = {
        source
        for dest, source, kind in files
        if kind == "EXTENSION" or qt_part(dest) or PurePath(dest).name.startswith(PYTHON_LIBRARIES)
    }
    needed: set[str] = set()
    todo = list(roots)
    while todo:
        for name, _path in get_imports(todo.pop()):
            base = PurePath(name).name.lower()
            if base in by_name and base not in needed:
                needed.add(base)
                todo.append(by_name[base])
    files = [e for e in files if e[1] in roots or PurePath(e[0]).name.lower() in needed]
    frameworks = {_framework(e[0]) for e in files} - {None}
    # macOS: a Qt framework's resources (its Info.plist) go with its library; a framework
    # folder with no library in it would fail codesign.
    datas = [e for e in datas if wanted(e[0]) and _framework(e[0]) in frameworks | {None}]
    present = {os.path.normpath(e[0]) for e in files + datas if e[2] != "SYMLINK"}

    def linked(entry: tuple) -> bool:  # a SYMLINK entry is (link, target from its folder)
        dest, target, kind = entry
        return (
            kind != "SYMLINK"
            or os.path.normpath(os.path.join(os.path.dirname(dest), target)) in present
        )

    links = [e for e in binaries if e[2] == "SYMLINK"]
    return [e for e in files + links if linked(e)], [e for e in datas if linked(e)]


def _framework(destination: str) -> str | None:
    """The macOS framework folder a bundled file lies in (PySide6/Qt/lib/QtCore.framework),
    or None."""
    parts = PurePath(destination).parts
    for index, part in enumerate(parts):
        if part.endswith(".framework"):
            return "/".join(parts[: index + 1])
    return None


LINUX_DESKTOP = ("owsqt.desktop", "owsqt-mime.xml", "io.github.owsqt.owsqt.metainfo.xml")


def add_linux_desktop_files(folder: Path) -> None:
    """Put the desktop integration beside the Linux bundle's program: install.sh and the
    files it installs (desktop/), which take the icons from the bundle's resources."""
    linux = ROOT / "packaging" / "linux"
    (folder / "desktop").mkdir(exist_ok=True)
    for name in LINUX_DESKTOP:
        shutil.copy2(linux / name, folder / "desktop" / name)
    shutil.copy2(linux / "install.sh", folder / "install.sh")


def strip_python_debug_info(folder: Path) -> None:
    """Take the debugging symbols out of Python's own libraries in a Linux bundle (libpython
    and lib-dynload: two thirds of their size where the system's Python ships them). Only
    those: the libraries of manylinux wheels (numpy.libs, ...) are laid out by patchelf
    and no longer load once stripped, which is why PyInstaller's strip=True is not used."""
    strip = shutil.which("strip")
    if strip is None:
        print("strip is not installed (binutils): the bundle keeps Python's debug symbols")
        return
    internal = folder / "_internal"
    python = [*internal.glob("libpython3*.so*"), *internal.glob("python3*/lib-dynload/*.so")]
    subprocess.run([strip, "--strip-debug", *map(str, python)], check=True)


# The macOS application's Info.plist beyond what PyInstaller writes: its version, a window
# drawn at the screen's resolution, and game files as its documents, which the Finder
# hands to the running program as a QFileOpenEvent (owsqt/qt/app/fileopen.py).
MACOS_INFO_PLIST = {
    "CFBundleName": NAME,
    "CFBundleDisplayName": NAME,
    "CFBundleShortVersionString": VERSION,
    "CFBundleVersion": VERSION,
    "NSHighResolutionCapable": True,
    "LSMinimumSystemVersion": "12.0",
    "NSHumanReadableCopyright": "owsqt contributors, MIT licence",
    "CFBundleDocumentTypes": [
        {
            "CFBundleTypeName": GAME_TYPE_NAME,
            "CFBundleTypeRole": "Editor",
            "LSHandlerRank": "Owner",
            "LSItemContentTypes": [f"{BUNDLE_ID}.game"],
            "CFBundleTypeIconFile": "owsqt.icns",
        }
    ],
    "UTExportedTypeDeclarations": [
        {
            "UTTypeIdentifier": f"{BUNDLE_ID}.game",
            "UTTypeDescription": GAME_TYPE_NAME,
            "UTTypeConformsTo": ["public.data", "public.plain-text"],
            "UTTypeTagSpecification": {
                "public.filename-extension": [GAME_SUFFIX],
                "public.mime-type": GAME_MIME,
            },
        }
    ],
}


def archive(folder: Path, system: str) -> Path:
    """The bundle's folder as the archive people download: NAME-VERSION-PLATFORM-MACHINE."""
    machine = {"amd64": "x86_64"}.get(platform.machine().lower(), platform.machine())
    base = folder.parent / f"{NAME}-{VERSION}-{system}-{machine}"
    made = shutil.make_archive(str(base), "gztar", root_dir=folder.parent, base_dir=folder.name)
    return Path(made)
