"""owsqt as a Python user installs it (issue 24): the sdist carries the game's data, a wheel
built from that sdist carries it inside the package, and the wheel installed into a fresh
venv, not in editable mode, checks its data, makes a new game and plays a STRICT turn."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import tarfile
import textwrap
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
BUILD = "import setuptools.build_meta as b, sys; print(getattr(b, sys.argv[1])(sys.argv[2]))"

# One turn of We are coming! in STRICT play, from the installed package: both air
# allocations (4.3), no planned attacks (6.2), every other step ended.
TURN = textwrap.dedent(
    """
    import owsqt
    from owsqt.rules.air.allocation import STEP_THREE, allocation_step
    from owsqt.rules.core.actions import AllocateAir, DeclareAttacks, EndStep
    from owsqt.rules.core.frozenmap import FrozenMap
    from owsqt.rules.core.steps import Segment
    from owsqt.rules.core.verdict import Mode
    from owsqt.rules.core.vocabulary import Player
    from owsqt.rules.scenario.ruleset import default_ruleset
    from owsqt.session import new_game

    rules = default_ruleset()
    session = new_game(rules, "we-are-coming", Mode.STRICT, seed=5)
    session.apply_default_setup()
    while session.state.turn == 1:
        state = session.state
        step = allocation_step(rules, state)
        bids = state.initiative.planned_attacks
        if step is not None and step[1] != STEP_THREE:
            action = AllocateAir(player=step[0], missions=FrozenMap())
        elif state.segment is Segment.INITIATIVE_DETERMINATION and len(bids) < len(Player):
            player = next(p for p in Player if p not in bids)
            action = DeclareAttacks(player=player, planned=0)
        else:
            action = EndStep(player=state.active)
        outcome = session.submit(action)
        assert outcome.applied, outcome.verdict.violations
    print(owsqt.__file__, session.state.turn, len(session.entries))
    """
)


def build(kind: str, source: Path, out: Path) -> Path:
    """Build an sdist or a wheel of the project in `source` into `out`, offline."""
    done = subprocess.run(
        [sys.executable, "-c", BUILD, kind, str(out)],
        cwd=source,
        capture_output=True,
        text=True,
        check=True,
    )
    return out / done.stdout.strip().splitlines()[-1]


@pytest.mark.slow
def test_issue_24_the_wheel_built_from_the_sdist_plays_from_a_fresh_venv(tmp_path):
    out = tmp_path / "dist"
    out.mkdir()
    sdist = build("build_sdist", REPO, out)
    with tarfile.open(sdist) as archive:
        names = archive.getnames()
        archive.extractall(tmp_path / "src", filter="data")
    root = sdist.name.removesuffix(".tar.gz")
    for data in ("resources/map/compiled.json", "scenarios/we-are-coming.yaml"):
        assert f"{root}/{data}" in names, data
    wheel = build("build_wheel", tmp_path / "src" / root, out)
    shipped = set(zipfile.ZipFile(wheel).namelist())
    resources = [p.relative_to(REPO).as_posix() for p in (REPO / "resources").rglob("*")]
    for name in [p for p in resources if (REPO / p).is_file()] + ["scenarios/we-are-coming.yaml"]:
        assert f"owsqt/_shipped/{name}" in shipped, name

    home = tmp_path / "home"
    home.mkdir()
    clean = {"PATH": os.environ.get("PATH", ""), "HOME": str(home)}  # no PYTHONPATH
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, env=clean)
    python = venv / "bin" / "python"
    install = [python, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", wheel]
    subprocess.run(install, check=True, env=clean, cwd=home)
    # The dependencies (Qt, shapely, ...) from this test's own environment, which the
    # PYTHONPATH adds without any of its .pth files: owsqt itself comes from the wheel.
    env = {**clean, "PYTHONPATH": sysconfig.get_paths()["purelib"], "QT_QPA_PLATFORM": "offscreen"}

    def run(*args) -> str:
        done = subprocess.run(
            [str(a) for a in args], cwd=home, env=env, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    owsqt = venv / "bin" / "owsqt"
    assert run(owsqt, "validate-data").startswith("data ok: 2145 hexes")
    game = home / "game.owsg"
    run(owsqt, "new", "--scenario", "operation-winter-storm", "--seed", "3", "--out", game)
    assert run(owsqt, "replay", game).startswith("Operation Winter Storm (strict play)")
    where, turn, _entries = run(python, "-c", TURN).split()
    assert Path(where).is_relative_to(venv) and turn == "2"
