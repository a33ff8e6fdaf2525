"""Every command against hostile input (issue 21): a missing file, a folder, a pipe, a device,
garbage, a file too large, broken actions, impossible arguments. Each is run as a player
runs it, `python -m owsqt ...` in a process of its own, given a time limit so that a command
that would read forever fails instead of hanging the suite. Each gets its documented exit
code and one line on stderr, `owsqt: WHAT: WHY`, short, with no traceback; and the file it
was given is left exactly as it was."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from owsqt.cli.errors import shorten
from owsqt.cli.exitcodes import EXIT_BAD_INPUT, EXIT_OK, EXIT_REFUSED
from owsqt.cli.main import main
from owsqt.journal.textformat import LEGACY_VERSION, MAX_FILE_BYTES, parse, render_entry
from owsqt.rules.core.verdict import Mode
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.session import new_game

REPO = Path(__file__).resolve().parents[1]
LONG = "x" * 500
GOOD_ACTION = '{"kind": "end_step", "player": "soviet"}'


@pytest.fixture(scope="module")
def place(tmp_path_factory) -> Path:
    """A folder with a strict game of We are coming!, set up, and this module's home."""
    folder = tmp_path_factory.mktemp("hostile")
    session = new_game(
        default_ruleset(), "we-are-coming", Mode.STRICT, seed=5, path=folder / "game.owsg"
    )
    session.apply_default_setup()
    session.close()
    (folder / "home").mkdir()
    return folder


def run_owsqt(place: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    """`owsqt ARGUMENTS` in a process of its own, its home in `place` (the key and the data
    folders are the tests', see conftest.py)."""
    env = {
        **os.environ,
        "PYTHONPATH": str(REPO),
        "QT_QPA_PLATFORM": "offscreen",
        "HOME": str(place / "home"),
    }
    return subprocess.run(
        [sys.executable, "-m", "owsqt", *arguments],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=place,
    )


def assert_one_line(done: subprocess.CompletedProcess[str], code: int) -> str:
    """The command gave `code` and said why in one short line on stderr; that line."""
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    (line,) = lines
    assert line.startswith("owsqt: ") and len(line) <= 200, line
    assert done.returncode == code, (done.returncode, line)
    return line


# --- hostile game files ---------------------------------------------------------------


def hostile_file(place: Path, name: str) -> Path:
    """A file (or what stands where one should) named `name` in a fresh folder of `place`."""
    folder = place / f"case-{name}"
    folder.mkdir(exist_ok=True)
    path = folder / "game.owsg"
    good = (place / "game.owsg").read_bytes()
    if name == "missing":
        pass
    elif name == "folder":
        path.mkdir(exist_ok=True)
    elif name == "dev-zero":
        return Path("/dev/zero")
    elif name == "fifo":
        if not path.exists():
            os.mkfifo(path)
    elif name == "empty":
        path.write_bytes(b"")
    elif name == "garbage":
        path.write_bytes(random.Random(21).randbytes(4096))
    elif name == "not-utf-8":
        path.write_bytes(good + b"# caf\xe9\n")  # Latin-1, as an old editor saves
    elif name == "70-mb":
        with path.open("wb") as handle:  # sparse: no disk is spent on it
            handle.write(good)
            handle.truncate(70 * 1024 * 1024)
    elif name == "truncated":
        path.write_bytes(good[: len(good) // 2])
    elif name == "nul-bytes":
        path.write_bytes(good[:500] + b"\0" * 100 + good[500:])
    return path


FILES = ["missing", "folder", "dev-zero", "fifo", "empty", "garbage", "not-utf-8", "70-mb",
         "truncated", "nul-bytes"]  # fmt: skip
# Each case costs a process start of a second or more: the others are left to the slow run.
FAST = {("act", "missing"), ("act", "folder"), ("act", "dev-zero"), ("act", "fifo"),
        ("act", "70-mb"), ("act", "garbage"), ("replay", "fifo"), ("replay", "dev-zero"),
        ("verify", "folder"), ("screenshot", "missing"), ("recover", "dev-zero"),
        ("recover", "fifo")}  # fmt: skip
SLOW = pytest.mark.slow


def command_for(command: str, path: Path, place: Path) -> list[str]:
    if command == "act":
        return ["act", str(path), GOOD_ACTION]
    if command == "screenshot":
        return ["screenshot", str(path), "--out", str(place / "never.png")]
    return [command, str(path)]


FILE_CASES = [
    pytest.param(
        command, name, marks=() if (command, name) in FAST else SLOW, id=f"{command}-{name}"
    )
    for command in ("act", "replay", "verify", "screenshot", "recover")
    for name in FILES
    if (command, name) != ("recover", "truncated")  # torn: recovered (test_file_writes.py)
]


@pytest.mark.parametrize(("command", "name"), FILE_CASES)
def test_defect_7_8_a_hostile_game_file_gets_one_line_exit_2_and_stays_as_it_was(
    place, command, name
):
    path = hostile_file(place, name)
    before = path.read_bytes() if path.is_file() and name != "70-mb" else None
    done = run_owsqt(place, *command_for(command, path, place))
    line = assert_one_line(done, EXIT_BAD_INPUT)
    assert str(path) in line  # it says which file
    if before is not None:
        assert path.read_bytes() == before
    if name == "70-mb":
        assert path.stat().st_size == 70 * 1024 * 1024 > MAX_FILE_BYTES
    assert not (place / "never.png").exists()
    assert not list(path.parent.glob(f".{path.name}.*"))  # no lock file made beside it


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a file whatever its mode")
def test_defect_7_a_file_that_cannot_be_read_is_said_so(place):
    path = place / "locked.owsg"
    path.write_bytes((place / "game.owsg").read_bytes())
    path.chmod(0)
    try:
        line = assert_one_line(run_owsqt(place, "replay", str(path)), EXIT_BAD_INPUT)
    finally:
        path.chmod(0o600)
    assert line == f"owsqt: {path}: cannot be read: Permission denied"


# --- hostile actions --------------------------------------------------------------------


ACTIONS = [
    pytest.param('{"kind": "move", "bogus": 1}', "unknown field 'bogus'", id="unknown-field"),
    pytest.param('{"kind": "move"}', "missing field 'units'", id="missing-field"),
    pytest.param("[]", "must be a mapping", id="a-list", marks=SLOW),
    pytest.param('"x"', "must be a mapping", id="a-string", marks=SLOW),
    pytest.param("{}", "needs a 'kind'", id="no-kind", marks=SLOW),
    pytest.param("{nope", "not JSON", id="not-json", marks=SLOW),
    pytest.param("[" * 20_000 + "]" * 20_000, "nested too deeply", id="deep-nesting"),
    pytest.param(
        '{"kind": "end_step", "player": ' + "9" * 5000 + "}", "number too long", id="huge-int"
    ),
    pytest.param(
        '{"kind": "teleport"}', "unknown action kind 'teleport'", id="unknown-kind", marks=SLOW
    ),
]


@pytest.mark.parametrize(("action", "said"), ACTIONS)
def test_defect_8_a_hostile_action_gets_one_line_exit_2_and_the_file_stays(place, action, said):
    before = (place / "game.owsg").read_bytes()
    line = assert_one_line(run_owsqt(place, "act", "game.owsg", action), EXIT_BAD_INPUT)
    assert line.startswith("owsqt: the action: ") and said in line
    assert "__init__" not in line and "Traceback" not in line
    assert (place / "game.owsg").read_bytes() == before


# --- impossible arguments and places to write --------------------------------------------


ARGUMENTS = [
    pytest.param(
        ["new", "--scenario", "we-are-coming", "--out", "no-such-folder/x.owsg"],
        "there is no folder",
        id="new-out-in-a-missing-folder",
    ),
    pytest.param(
        ["new", "--scenario", "we-are-coming", "--out", "home"],
        "is a folder",
        id="new-out-a-folder",
        marks=SLOW,
    ),
    pytest.param(
        ["new", "--scenario", LONG, "--out", "n.owsg"],
        "unknown scenario",
        id="new-unknown-scenario",
        marks=SLOW,
    ),
    pytest.param(["replay", "game.owsg", "--to", "9999"], "the file has entries", id="to-9999"),
    pytest.param(
        ["replay", "game.owsg", "--to", "-1"], "the file has entries", id="to-minus-1", marks=SLOW
    ),
    pytest.param(
        ["replay", "game.owsg", "--to", "9" * 5000], "invalid int", id="to-huge", marks=SLOW
    ),
    pytest.param(
        ["screenshot", "game.owsg", "--entry", "9999", "--out", "s.png"],
        "--entry 9999",
        id="screenshot-entry-9999",
        marks=SLOW,
    ),
    pytest.param(
        ["screenshot", "game.owsg", "--out", "no-such-folder/s.png"],
        "there is no folder",
        id="screenshot-out-in-a-missing-folder",
        marks=SLOW,
    ),
    pytest.param(
        ["export-map", "--json", "home"], "is a folder", id="export-map-a-folder", marks=SLOW
    ),
    pytest.param(
        ["export-oob", "--json", "no-such-folder/o.json"],
        "there is no folder",
        id="export-oob-in-a-missing-folder",
        marks=SLOW,
    ),
    pytest.param(
        ["render-map", "--out", "home"], "is a folder", id="render-map-a-folder", marks=SLOW
    ),
    pytest.param(
        ["render-map", "--out", "m.png", "--scale", "1e9"],
        "at most",
        id="render-map-huge-scale",
        marks=SLOW,
    ),
    pytest.param(
        ["moves", "--scenario", "we-are-coming", "--unit", LONG],
        "not on the map",
        id="moves-unknown-unit",
        marks=SLOW,
    ),
    pytest.param(
        ["table", "crt", "--factors", "5", "--roll", "11"], "from 1 to 10", id="table-roll-11"
    ),
    pytest.param(
        ["table", "air-recovery", "--class", LONG, "--roll", "3"],
        "unknown air unit recovery class",
        id="table-unknown-class",
        marks=SLOW,
    ),
    pytest.param(["act"], "the following arguments are required", id="act-no-file", marks=SLOW),
]


@pytest.mark.parametrize(("arguments", "said"), ARGUMENTS)
def test_an_impossible_argument_gets_one_short_line_and_exit_2(place, arguments, said):
    before = (place / "game.owsg").read_bytes()
    line = assert_one_line(run_owsqt(place, *arguments), EXIT_BAD_INPUT)
    assert said in line
    assert LONG not in line  # a long input is quoted only in part
    assert (place / "game.owsg").read_bytes() == before
    assert not (place / "no-such-folder").exists()
    assert not {"n.owsg", "s.png", "m.png"} & {p.name for p in place.iterdir()}


# --- defect 8: each refusal said once, short; a byte order mark read --------------------


def copy_of(place: Path, tmp_path: Path) -> Path:
    path = tmp_path / "copy.owsg"
    path.write_bytes((place / "game.owsg").read_bytes())
    return path


def test_defect_8_a_refusal_is_said_once(place, tmp_path, capsys):
    path = copy_of(place, tmp_path)
    before = path.read_bytes()
    bad = '{"kind": "set_strength", "unit": "nobody", "strength": 1}'
    assert main(["act", str(path), bad]) == EXIT_REFUSED
    out = capsys.readouterr().out
    assert out == "  refused: there is no ground unit 'nobody' in this game\n"
    assert path.read_bytes() == before


def test_defect_8_a_long_input_is_quoted_only_in_part(place, tmp_path, capsys):
    path = copy_of(place, tmp_path)
    action = json.dumps({"kind": "move", "units": [LONG], "path": ["2428"]})
    assert main(["act", str(path), action]) == EXIT_REFUSED
    out = capsys.readouterr().out
    assert "'" + "x" * 39 + "…'" in out and LONG not in out


def test_defect_8_an_action_missing_a_field_is_said_without_python_text(place, tmp_path, capsys):
    path = copy_of(place, tmp_path)
    assert main(["act", str(path), '{"kind": "allocate_air", "player": "soviet"}']) == 2
    err = capsys.readouterr().err
    assert err == "owsqt: the action: cannot be read: allocate_air: missing field 'missions'\n"


def test_defect_8_a_game_file_with_a_byte_order_mark_is_read(place, tmp_path, capsys):
    path = tmp_path / "bom.owsg"
    path.write_bytes(b"\xef\xbb\xbf" + (place / "game.owsg").read_bytes())
    assert main(["verify", str(path)]) == EXIT_OK
    assert "VALID" in capsys.readouterr().out
    allocation = '{"kind": "allocate_air", "player": "soviet", "missions": {}}'
    assert main(["act", str(path), allocation]) == EXIT_OK
    assert main(["replay", str(path)]) == EXIT_OK


def test_verify_gives_its_verdict_on_stdout_and_the_reason_on_stderr(place, tmp_path, capsys):
    path = tmp_path / "letter.owsg"
    path.write_bytes(b"\xff\xfe not text")
    assert main(["verify", str(path)]) == EXIT_BAD_INPUT
    captured = capsys.readouterr()
    assert captured.out == f"{path}: TAMPERED OR UNREADABLE\n"
    assert captured.err == f"owsqt: {path}: is not UTF-8 text (byte 0)\n"


# --- defect 9: a version 1 file is rewritten only by an action that takes effect ---------


def version_1_game(tmp_path: Path) -> Path:
    """A local game as owsqt 0.1 wrote it: version 1, nothing signed."""
    session = new_game(default_ruleset(), "we-are-coming", Mode.STRICT, seed=3)
    session.apply_default_setup()
    parsed = parse(session.text())
    header = replace(parsed.header, version=LEGACY_VERSION)
    lines, digest = [*header.lines(), ""], header.digest()
    for entry in parsed.entries:
        rendered, digest = render_entry(replace(entry, by=None, signature=None), digest)
        lines.extend(rendered)
    path = tmp_path / "old.owsg"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_defect_9_a_refused_action_leaves_a_version_1_file_byte_for_byte(tmp_path, capsys):
    path = version_1_game(tmp_path)
    before = path.read_bytes()
    bid = '{"kind": "declare_attacks", "player": "german", "planned": 2}'
    assert main(["act", str(path), bid]) == EXIT_REFUSED
    assert "refused: 6.1" in capsys.readouterr().out
    assert main(["act", str(path), '{"kind": "set_strength", "unit": "x", "strength": 1}']) == 1
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.owsg"]


def test_defect_9_an_applied_action_upgrades_a_version_1_file_and_keeps_the_old(tmp_path, capsys):
    path = version_1_game(tmp_path)
    before = path.read_bytes()
    entries = len(parse(before.decode()).entries)
    allocation = '{"kind": "allocate_air", "player": "soviet", "missions": {}}'
    assert main(["act", str(path), allocation, "--json"]) == EXIT_OK
    result = json.loads(capsys.readouterr().out)
    assert result["applied"] and result["entry"] == entries + 1
    assert (tmp_path / "old.v1.owsg").read_bytes() == before
    upgraded = parse(path.read_text())
    assert upgraded.header.version == 2 and len(upgraded.entries) == entries + 1
    assert all(entry.signature for entry in upgraded.entries)
    assert main(["verify", str(path)]) == EXIT_OK


# --- the one line: cli.errors.shorten --------------------------------------------------


def test_a_long_quoted_piece_is_cut_to_40_characters_and_the_line_to_200():
    line = shorten(f"unknown unit {'u' * 300!r} in the German player's stack 'ok'\nsecond line")
    assert line == f"unknown unit '{'u' * 39}…' in the German player's stack 'ok' second line"
    assert shorten("why " * 100) == ("why " * 50)[:199] + "…"
    assert len(shorten(f"{'a' * 1000!r} " * 10)) == 200


def test_a_quote_made_by_repr_with_double_quotes_is_cut_too():
    piece = repr("it's " + "y" * 100)  # repr() quotes with " when the text holds a '
    assert shorten(f"found {piece}") == "found \"it's " + "y" * 34 + '…"'
