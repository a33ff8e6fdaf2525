"""[18.1] The fog of war on the command line: `owsqt new --fog` and `owsqt replay --as`."""

from __future__ import annotations

import json
import random

import pytest

from owsqt.cli.main import main
from owsqt.journal.recovery import read_journal
from owsqt.rules.core.actions import AllocateAir, EndStep
from owsqt.rules.core.dice import KEYED_DICE
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.steps import STEPS_PASS, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import AirBox, Player
from owsqt.rules.fog.option import FOG_OF_WAR
from owsqt.session import game_from_text, new_game, open_journal
from tools.fuzz.solo import choose_legal

SCENARIO = "hoths-last-gasp"


@pytest.fixture(scope="module")
def fogged(shipped, tmp_path_factory):
    """A game file made by `owsqt new --fog`, then played on by random legal actions."""
    path = tmp_path_factory.mktemp("fog") / "fog.owsg"
    assert main(["new", "--scenario", SCENARIO, "--fog", "--seed", "1", "--out", str(path)]) == 0
    session = open_journal(shipped, path)
    rng = random.Random(1)
    for _ in range(40):
        assert session.submit(choose_legal(shipped, session.state, rng, AssertionError)).applied
    session.close()
    return path


def replayed_as(capsys, path, side: str, *more: str) -> dict:
    capsys.readouterr()
    assert main(["replay", str(path), "--as", side, "--json", *more]) == 0
    return json.loads(capsys.readouterr().out)


def test_18_1_new_fog_writes_the_option_in_the_header(shipped, fogged):
    header = read_journal(fogged).split("\n\n")[0]
    # The program adds the keyed die (18.1) and the passing of idle steps (3.1).
    assert f"\noptions: {FOG_OF_WAR} {KEYED_DICE} {STEPS_PASS}\n" in header
    assert FOG_OF_WAR in game_from_text(shipped, read_journal(fogged)).state.options


@pytest.mark.parametrize("side", list(Player))
@pytest.mark.parametrize("entry", [None, 150, 170])
def test_18_1_replay_as_prints_the_view_the_session_gives(shipped, fogged, capsys, side, entry):
    """`replay --as` is GameSession.seen_by, the desktop's view: the units it shows with
    their strengths as shown, the hidden counts, and the log as that side reads it."""
    more = () if entry is None else ("--to", str(entry))
    printed = replayed_as(capsys, fogged, side.value, *more)
    session = game_from_text(shipped, read_journal(fogged))
    upto = len(session.entries) if entry is None else entry
    seen = session.seen_by(side, upto)
    grid = shipped.grid
    shown = {
        unit["id"]: (unit["hex"], unit["strength"], unit["reduced"]) for unit in printed["units"]
    }
    units = seen.state.units
    assert shown == {
        unit_id: (grid.id_of(hex_), units[unit_id].strength, units[unit_id].reduced)
        for hex_, stack in seen.state.stacks.items()
        for unit_id in stack
    }
    assert printed["hidden"] == {grid.id_of(h): count for h, count in seen.hidden.items()}
    assert printed["hidden"]  # the fog hides something
    assert printed["narration"] == list(session.narration(upto, side))
    assert printed["entry"] == upto and printed["side"] == side.value and printed["fog_of_war"]
    enemy = [u for u in printed["units"] if shipped.catalogue.ground[u["id"]].player is not side]
    hidden = set(session.state_after(upto).units) - set(seen.state.units)
    assert enemy and not hidden & set(shown)


def test_18_1_replay_as_shows_an_enemy_strength_only_as_its_counter_prints_it(
    shipped, fogged, capsys
):
    printed = replayed_as(capsys, fogged, "german")
    ground = shipped.catalogue.ground
    for unit in printed["units"]:
        defn = ground[unit["id"]]
        if defn.player is Player.SOVIET:
            printed_side = defn.combat_reduced if unit["reduced"] else defn.combat
            assert unit["strength"] == printed_side


def test_18_1_replay_as_without_fog_of_war_shows_everything(shipped, tmp_path, capsys):
    path = tmp_path / "clear.owsg"
    assert main(["new", "--scenario", SCENARIO, "--seed", "1", "--out", str(path)]) == 0
    printed = replayed_as(capsys, path, "soviet")
    state = game_from_text(shipped, read_journal(path)).state
    on_map = {u for stack in state.stacks.values() for u in stack}
    assert {unit["id"] for unit in printed["units"]} == on_map
    assert printed["hidden"] == {} and printed["fog_of_war"] is False


def test_18_1_replay_as_in_words_counts_the_hidden_counters(fogged, capsys):
    capsys.readouterr()
    assert main(["replay", str(fogged), "--as", "soviet"]) == 0
    out = capsys.readouterr().out
    assert "the Soviet view, with the fog of war (18.1)" in out
    assert " hidden" in out and "German:" in out


def test_18_1_the_help_says_what_fog_and_as_do(capsys):
    with pytest.raises(SystemExit):
        main(["new", "--help"])
    assert "--fog" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["replay", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "--as {german,soviet}" in help_text
    assert "without fog of war --as shows everything" in help_text


def test_18_1_new_fog_is_not_offered_for_e_mail_play(tmp_path, capsys):
    """E-mail games are begun at the desktop, which refuses the fog of war for them; the
    command line makes local games only."""
    out = tmp_path / "mail.owsg"
    with pytest.raises(SystemExit) as refused:
        main(["new", "--scenario", SCENARIO, "--fog", "--play", "e-mail", "--out", str(out)])
    assert refused.value.code == 2
    assert "invalid choice: 'e-mail'" in capsys.readouterr().err and not out.exists()


def test_18_1_act_tells_the_acting_side_the_roll_not_the_unit_it_drew(shipped, tmp_path, capsys):
    """`owsqt act` prints what the action did as its side may read it: a ground attack on
    a hidden stack tells the Soviet player the die, not the German unit drawn (4.6)."""
    path = tmp_path / "fog.owsg"
    session = new_game(
        shipped, "we-are-coming", Mode.STRICT, seed=3, options=(FOG_OF_WAR,), path=path
    )
    session.apply_default_setup()
    missions = FrozenMap({"su-202shad": AirBox.GROUND_ATTACK})
    assert session.submit(AllocateAir(player=Player.SOVIET, missions=missions)).applied
    assert session.submit(AllocateAir(player=Player.GERMAN, missions=FrozenMap())).applied
    while session.state.segment is not Segment.AIR_BOMBARDMENT:
        assert session.submit(EndStep(player=Player.GERMAN)).applied
    before = session.state
    session.close()
    stack = before.units["de-57pzk-651pi"].hex  # the corps' engineers and flak, four
    action = {"kind": "ground_attack", "player": "soviet", "air_units": ["su-202shad"]}
    action["hidden_in"] = shipped.grid.id_of(stack)
    capsys.readouterr()
    assert main(["act", str(path), json.dumps(action), "--json"]) == 0
    told = json.loads(capsys.readouterr().out)
    hidden = [u for u in before.stack(stack)[1:]]
    assert any("random target among 3" in line for line in told["events"])
    for unit_id in hidden:
        assert not any(shipped.unit_name(unit_id) in line for line in told["events"]), told
