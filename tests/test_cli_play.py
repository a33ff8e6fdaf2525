"""The headless way to play and check game files: owsqt new, act, replay --to and verify."""

from __future__ import annotations

import json

import pytest

from owsqt.cli.main import main
from owsqt.journal.identity import Identity
from owsqt.journal.textformat import Entry, EntryKind, parse, render_entry, signed
from owsqt.rules.core.verdict import Mode
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.session import new_game
from tests.session.forfeitkit import to_the_holders_phase_end


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    """A strict game of We are coming!, set up by default, at turn 1's air operations."""
    path = tmp_path_factory.mktemp("cli") / "game.owsg"
    assert main(["new", "--scenario", "we-are-coming", "--seed", "7", "--out", str(path)]) == 0
    return path


def copy_of(game, tmp_path):
    path = tmp_path / "copy.owsg"
    path.write_text(game.read_text())
    return path


def test_new_writes_a_set_up_strict_game_that_verifies(game, capsys):
    header = parse(game.read_text()).header
    assert (header.scenario, header.mode, header.seed, header.play) == (
        "we-are-coming", "strict", 7, "solitaire"
    )  # fmt: skip
    assert main(["verify", str(game)]) == 0
    out = capsys.readouterr().out
    assert "VALID" in out and "hash chain and signatures hold" in out


def test_new_never_overwrites_a_file_and_refuses_unknown_scenarios(game, tmp_path, capsys):
    before = game.read_text()
    assert main(["new", "--scenario", "we-are-coming", "--out", str(game)]) == 2
    assert "exists already" in capsys.readouterr().err
    assert game.read_text() == before
    assert main(["new", "--scenario", "nowhere", "--out", str(tmp_path / "x.owsg")]) == 2
    assert "unknown scenario 'nowhere'" in capsys.readouterr().err
    assert not (tmp_path / "x.owsg").exists()


def test_act_appends_an_accepted_action_and_prints_its_events(game, tmp_path, capsys):
    path = copy_of(game, tmp_path)
    entries = len(parse(path.read_text()).entries)
    allocation = '{"kind": "allocate_air", "player": "soviet", "missions": {}}'
    assert main(["act", str(path), allocation, "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["applied"] and result["entry"] == entries + 1
    assert result["events"] == ["Soviet air units allocated to missions (4.3 step 1)"]
    assert len(parse(path.read_text()).entries) == entries + 1


def test_act_refuses_a_strict_violation_with_its_rule_and_exit_1(game, tmp_path, capsys):
    path = copy_of(game, tmp_path)
    before = path.read_text()
    bid = '{"kind": "declare_attacks", "player": "german", "planned": 2}'
    assert main(["act", str(path), bid]) == 1
    assert "refused: 6.1: planned attacks are declared in the Initiative Phase" in (
        capsys.readouterr().out
    )
    assert path.read_text() == before


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("{not json", "not JSON"),
        ('{"kind": "teleport"}', "unknown action kind 'teleport'"),
        ('{"kind": "move", "units": ["x"], "path": ["9999"]}', "cannot be read"),
    ],
)
def test_act_refuses_unreadable_actions_with_exit_2(game, tmp_path, capsys, action, message):
    path = copy_of(game, tmp_path)
    before = path.read_text()
    assert main(["act", str(path), action]) == 2
    assert message in capsys.readouterr().err
    assert path.read_text() == before


def test_act_refuses_an_action_no_mode_accepts_with_exit_1(game, tmp_path, capsys):
    path = copy_of(game, tmp_path)
    assert main(["act", str(path), '{"kind": "set_strength", "unit": "nobody", "strength": 1}'])
    assert "no ground unit 'nobody'" in capsys.readouterr().out


def test_replay_to_an_entry_shows_the_state_after_it(game, capsys):
    assert main(["replay", str(game), "--to", "1", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["entry"] == 1 and summary["entries"] == len(parse(game.read_text()).entries)
    placed = [u for u, data in summary["state"]["units"].items() if data["status"] == "on_map"]
    assert placed == ["su-51a-hq"]  # the first entry places the 51st Army's HQ (19.11)
    assert main(["replay", str(game), "--to", "0"]) == 0
    assert "setup/soviet_setup" in capsys.readouterr().out


def test_replay_to_an_entry_the_file_lacks_fails_with_a_message(game, capsys):
    assert main(["replay", str(game), "--to", "9999"]) == 2
    assert "--to 9999: the file has entries 1 to" in capsys.readouterr().err


def test_verify_lists_signed_rule_violations_with_exit_1(game, tmp_path, capsys):
    # A changed program could sign a bid outside the Initiative Phase in a strict game.
    text = game.read_text()
    parsed = parse(text)
    action = {"kind": "declare_attacks", "planned": 4, "player": "german"}
    entry = Entry(
        len(parsed.entries) + 1, EntryKind.ACT, parsed.entries[-1].at, action, by="german",
        narration=("German player declared his planned attacks (hidden)",),
    )  # fmt: skip
    lines, _ = render_entry(signed(entry, parsed.last_digest, Identity.load_or_create().sign),
                            parsed.last_digest)  # fmt: skip
    path = tmp_path / "forged.owsg"
    path.write_text(text + "\n".join(lines))
    assert main(["verify", str(path)]) == 1
    out = capsys.readouterr().out
    assert "RULES BROKEN" in out
    assert f"entry {entry.number}: 6.1: planned attacks are declared" in out


def test_verify_names_the_entry_of_a_flipped_byte_with_exit_2(game, tmp_path, capsys):
    text = game.read_text()
    at = text.index("#5 act")
    at = text.index("placed on", at)
    path = tmp_path / "tampered.owsg"
    path.write_text(text[:at] + "Placed on" + text[at + len("placed on") :])
    assert main(["verify", str(path)]) == 2
    captured = capsys.readouterr()
    assert "TAMPERED OR UNREADABLE" in captured.out and "entry 5" in captured.err


def test_verify_refuses_what_is_not_a_game_file_with_exit_2(tmp_path, capsys):
    path = tmp_path / "letter.owsg"
    path.write_bytes(b"\xff\xfe not text")
    assert main(["verify", str(path)]) == 2
    assert "not UTF-8" in capsys.readouterr().err


def test_verify_says_a_version_1_file_signs_nothing(tmp_path, capsys):
    from dataclasses import replace

    from owsqt.journal.textformat import LEGACY_VERSION
    from owsqt.rules.core.verdict import Mode
    from owsqt.rules.scenario.ruleset import default_ruleset

    session = new_game(default_ruleset(), "we-are-coming", Mode.FREE, seed=2)
    header = replace(session.header, version=LEGACY_VERSION)
    path = tmp_path / "old.owsg"
    path.write_text("\n".join(header.lines()) + "\n")
    assert main(["verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert "format version 1" in out and "version 1 signs nothing" in out


def test_6_2_act_forfeits_by_json_and_replay_shows_the_result(tmp_path, capsys):
    path = tmp_path / "owing.owsg"
    session = new_game(default_ruleset(), "we-are-coming", Mode.STRICT, seed=7, path=path)
    session.apply_default_setup()
    to_the_holders_phase_end(session)
    holder = session.state.initiative.holder
    session.close()
    assert main(["act", str(path), '{"kind": "end_step"}']) == 1
    assert f"refused: 6.2: the {holder.title} player planned 2 attacks and made 0" in (
        capsys.readouterr().out
    )
    assert main(["act", str(path), '{"kind": "end_step", "forfeit": true}']) == 0
    result = (
        f"The {holder.opponent.title} player wins: the {holder.title} player forfeited, "
        "0 of 2 planned attacks made (6.2)"
    )
    assert result in capsys.readouterr().out
    assert main(["replay", str(path)]) == 0
    assert f"result: {result}" in capsys.readouterr().out
    assert main(["verify", str(path)]) == 0
    assert result in capsys.readouterr().out
