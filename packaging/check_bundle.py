"""`make dist-test`: run a built bundle as a player's machine would, and say what it is.

    python packaging/check_bundle.py dist/owsqt

The bundle runs with an empty home, a PATH with nothing on it (no Python), no PYTHONPATH,
and Qt's offscreen platform. Each check prints a line; the first that fails stops with
exit code 1.

1. every shared library in the bundle finds the libraries it links to (Linux: ldd);
2. `owsqt --version` is the version of pyproject.toml;
3. `owsqt validate-data` reads every data file;
4. a new STRICT game of the campaign, played by `owsqt act`: the air allocations in the
   order of 4.3, an action out of turn refused with its rule number, and `owsqt verify`
   of the file;
5. `owsqt --self-test`: the desktop starts, opens a new campaign game, saves a picture of
   its window, and exits cleanly;
6. install.sh puts the menu entry, the icon and the MIME type in a scratch home, and
   --uninstall takes them away.

Then the bundle's size on disk and its cold start to the desktop's window.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CAMPAIGN = "operation-winter-storm"
# What Qt prints when a plugin or library it wants is missing from the bundle.
QT_TROUBLE = ("Could not load", "Cannot load library", "Could not find the Qt platform plugin")


class Failed(Exception):
    pass


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.splitlines()[2].strip(), file=sys.stderr)
        return 2
    folder = Path(argv[0]).resolve()
    program = folder / ("owsqt-cli.exe" if os.name == "nt" else "owsqt")
    if not program.is_file():
        print(f"check_bundle: no bundle in {folder} (make dist builds it)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="owsqt-bundle-") as scratch:
        try:
            check(folder, program, Path(scratch))
        except Failed as failure:
            print(f"FAILED: {failure}", file=sys.stderr)
            return 1
    return 0


def player_env(home: Path, path: str | None = None) -> dict[str, str]:
    """What a player's session gives the program: a home, a UTF-8 locale, and a PATH with
    no Python on it (an empty folder, unless `path` says otherwise)."""
    env = {
        "HOME": str(home),
        "PATH": path or str(home / "no-programs"),
        "LANG": "C.UTF-8",
        "QT_QPA_PLATFORM": "offscreen",
    }
    for windows in ("SYSTEMROOT", "USERPROFILE", "APPDATA", "LOCALAPPDATA", "TEMP"):
        if windows in os.environ:
            env[windows] = os.environ[windows]
    return env


def run(program: Path, *args: str, home: Path, ok: bool = True) -> subprocess.CompletedProcess:
    done = subprocess.run(
        [str(program), *args], env=player_env(home), cwd=home, capture_output=True, text=True
    )
    if ok and done.returncode != 0:
        raise Failed(f"owsqt {' '.join(args)}: exit code {done.returncode}\n{done.stderr}")
    for trouble in QT_TROUBLE:
        if trouble in done.stderr:
            raise Failed(f"owsqt {' '.join(args)}: Qt says\n{done.stderr}")
    return done


def check(folder: Path, program: Path, scratch: Path) -> None:
    home = scratch / "home"
    home.mkdir()
    if sys.platform.startswith("linux"):
        libraries = linked_libraries_found(folder)
        print(f"ok  {libraries} shared libraries find every library they link to")
    version = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["version"]
    said = run(program, "--version", home=home).stdout.strip()
    if said != f"owsqt {version}":
        raise Failed(f"owsqt --version says {said!r}, pyproject.toml {version}")
    print(f"ok  {said}")
    data = run(program, "validate-data", home=home).stdout.strip().splitlines()[0]
    if not data.startswith("data ok"):
        raise Failed(f"validate-data: {data}")
    print(f"ok  {data}")
    play_strict_campaign(program, home)
    up_s = self_test(program, scratch, home)
    if sys.platform.startswith("linux"):
        install_for_one_user(folder, scratch)
    size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())
    print(f"bundle: {size / 1e6:.0f} MB on disk, window up {up_s:.2f} s after the start")


def linked_libraries_found(folder: Path) -> int:
    """ldd of every shared library and program in the bundle, with the bundle's own
    folders to look in (as its loader has them): the number checked."""
    internal = folder / "_internal"
    paths = [internal, internal / "PySide6" / "Qt" / "lib"]
    env = {**os.environ, "LD_LIBRARY_PATH": os.pathsep.join(map(str, paths))}
    libraries = [folder / "owsqt"] + [
        p for p in internal.rglob("*.so*") if p.is_file() and not p.is_symlink()
    ]
    for library in libraries:
        done = subprocess.run(["ldd", str(library)], env=env, capture_output=True, text=True)
        missing = [line.split()[0] for line in done.stdout.splitlines() if "not found" in line]
        if missing:
            raise Failed(f"{library.relative_to(folder)} links to {', '.join(missing)}: not found")
    return len(libraries)


def play_strict_campaign(program: Path, home: Path) -> None:
    game = home / "campaign.owsg"
    run(program, "new", "--scenario", CAMPAIGN, "--seed", "3", "--out", str(game), home=home)
    early = run(program, "act", str(game), act("end_step", "german"), home=home, ok=False)
    if early.returncode == 0 or "4.3" not in early.stdout + early.stderr:
        raise Failed(f"an action out of turn was not refused by 4.3:\n{early.stdout}")
    for side in ("soviet", "german"):  # 4.3: the Soviet player allocates first
        run(program, "act", str(game), act("allocate_air", side, missions={}), home=home)
    summary = run(program, "replay", str(game), home=home).stdout.splitlines()
    if not summary or not summary[0].startswith("Operation Winter Storm (strict play)"):
        raise Failed(f"replay of the campaign game:\n{summary}")
    run(program, "verify", str(game), home=home)
    print("ok  a STRICT campaign game: made, played (4.3), replayed and verified")


def act(kind: str, player: str, **fields: object) -> str:
    return json.dumps({"kind": kind, "player": player, **fields})


def self_test(program: Path, scratch: Path, home: Path) -> float:
    """The desktop's self-test: the seconds from starting it to its window being up."""
    desktop = program.with_name("owsqt.exe") if os.name == "nt" else program
    picture = scratch / "self-test.png"
    begun = time.time()
    done = run(desktop, "--self-test", str(picture), home=home)
    report = json.loads(done.stdout.strip().splitlines()[-1])
    if report["scenario"] != CAMPAIGN or report["on_map"] < 100 or not picture.is_file():
        raise Failed(f"--self-test: {report}")
    if "Traceback" in done.stderr:
        raise Failed(f"--self-test:\n{done.stderr}")
    kept = ROOT / "dist" / "self-test.png"
    if kept.parent.is_dir():
        shutil.copy2(picture, kept)
    width, height = report["size"]
    print(f"ok  the desktop opened the campaign ({report['on_map']} units on the map) and "
          f"saved a {width}x{height} picture of its window (dist/self-test.png)")  # fmt: skip
    return float(report["up_at"]) - begun


def install_for_one_user(folder: Path, scratch: Path) -> None:
    home = scratch / "installer"
    data = home / ".local" / "share"
    system = os.pathsep.join(p for p in ("/usr/bin", "/bin") if Path(p).is_dir())
    env = {**player_env(home, system), "XDG_DATA_HOME": str(data)}  # sh, cp, sed, ln
    script = folder / "install.sh"
    subprocess.run(["sh", str(script)], env=env, check=True, capture_output=True)
    placed = [
        home / ".local" / "bin" / "owsqt",
        data / "applications" / "owsqt.desktop",
        data / "mime" / "packages" / "owsqt.xml",
        data / "icons" / "hicolor" / "256x256" / "apps" / "owsqt.png",
    ]
    absent = [str(p.relative_to(home)) for p in placed if not p.exists()]
    if absent:
        raise Failed(f"install.sh did not place {', '.join(absent)}")
    entry = (data / "applications" / "owsqt.desktop").read_text("utf-8")
    if f'Exec="{folder}/owsqt" %f' not in entry:
        raise Failed(f"install.sh's menu entry does not start this bundle:\n{entry}")
    subprocess.run(["sh", str(script), "--uninstall"], env=env, check=True, capture_output=True)
    left = [str(p.relative_to(home)) for p in placed if p.exists()]
    if left:
        raise Failed(f"install.sh --uninstall left {', '.join(left)}")
    print("ok  install.sh installs the menu entry, icon and game file type, and removes them")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
