"""Where each victory point was earned (19.33): the journal entry of each award, found by
a binary search over the entries' states, and the victory summary of `replay --json`."""

from __future__ import annotations

import json

from owsqt.cli.main import main
from owsqt.rules.core.actions import PlaceUnits, RollDice, SetMarker, SetUnitStatus
from owsqt.rules.core.hexgrid import ring
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, UnitMarker, UnitStatus
from owsqt.rules.movement.zoc import zoc_holders
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.session import new_game
from owsqt.session.victory import entry_of_award, victory_summary
from tests.rules.victorykit import FAR, HQ, TANK, hex_at, zoc_units


def campaign_game(path=None):
    rules = default_ruleset()
    session = new_game(rules, "operation-winter-storm", Mode.FREE, seed=3, path=path)
    session.apply_default_setup()
    for _ in range(3):
        session.submit(RollDice(purpose="filler", count=1))
    session.submit(PlaceUnits(units=(TANK,), to=rules.grid.hex_of(hex_at(rules, 18))))
    earned_18 = len(session.entries)
    for _ in range(4):
        session.submit(RollDice(purpose="filler", count=1))
    session.submit(PlaceUnits(units=(TANK,), to=rules.grid.hex_of(hex_at(rules, 4))))
    earned_5 = len(session.entries)
    session.submit(RollDice(purpose="filler", count=1))
    return session, earned_18, earned_5


def test_19_33_each_award_is_found_at_the_entry_that_earned_it():
    session, earned_18, earned_5 = campaign_game()
    ledger = {award.source: award for award in session.state.victory_ledger}
    assert entry_of_award(session, ledger["within_18"]) == earned_18
    assert entry_of_award(session, ledger["within_5"]) == earned_5
    assert entry_of_award(session, ledger["within_5"], upto=earned_5 - 1) is None


def test_19_33_a_corridor_opened_by_a_disruption_is_found_at_the_entry_that_disrupted():
    """13.0: the 57th Panzer Corps HQ alone on 1652 among five Soviet units, the sixth hex
    around it shut by its neighbours' ZOC; disrupting them (no unit moves) opens it."""
    rules = default_ruleset()
    session = new_game(rules, "operation-winter-storm", Mode.FREE, seed=3)
    session.apply_default_setup()

    def on_map(player):
        return tuple(
            uid
            for uid, unit in sorted(session.state.units.items())
            if unit.status is UnitStatus.ON_MAP and rules.catalogue.ground[uid].player is player
        )

    gone = UnitStatus.ELIMINATED
    session.submit(PlaceUnits(units=(HQ,), to=rules.grid.hex_of(FAR)))
    session.submit(
        SetUnitStatus(units=tuple(u for u in on_map(Player.GERMAN) if u != HQ), status=gone)
    )
    gap, *around = sorted(ring(rules.grid.hex_of(FAR), 1), key=rules.grid.id_of)
    ringing = zoc_units(rules, 5)
    for unit_id, hex_ in zip(ringing, around, strict=True):
        session.submit(PlaceUnits(units=(unit_id,), to=hex_))
    others = tuple(u for u in on_map(Player.SOVIET) if u not in ringing)
    session.submit(SetUnitStatus(units=others, status=gone))
    session.submit(RollDice(purpose="filler", count=1))
    assert session.state.victory_ledger == ()  # shut in: nothing earned yet
    holders = zoc_holders(rules, session.state, Player.SOVIET, gap)
    session.submit(SetMarker(units=holders, marker=UnitMarker.DISRUPTED, on=True))
    disrupted = len(session.entries)
    session.submit(RollDice(purpose="filler", count=1))
    (award,) = session.state.victory_ledger
    assert award.source == "corridor_opened"
    assert entry_of_award(session, award) == disrupted
    state = session.state_after(disrupted)
    assert (award.turn, award.phase, award.segment) == (state.turn, state.phase, state.segment)


def test_19_33_the_summary_holds_each_source_with_its_entry():
    session, earned_18, earned_5 = campaign_game()
    summary = victory_summary(session)
    assert summary is not None and summary["final"] is False
    entries = {s["source"]: s.get("entry") for s in summary["sources"]}
    assert entries["within_18"] == earned_18 and entries["within_5"] == earned_5
    assert summary["net"] == summary["german"] - summary["soviet"]
    level = summary["level"]  # e.g. "German significant victory"
    assert level.lower().startswith(summary["winner"] or "draw")
    assert level.split(" ", 1)[-1] in summary["result"] or level == "Draw"


def test_19_33_replay_json_reports_the_victory(tmp_path, capsys):
    path = tmp_path / "campaign.owsg"
    session, earned_18, _ = campaign_game(path)
    session.close()
    assert main(["replay", str(path), "--json"]) == 0
    victory = json.loads(capsys.readouterr().out)["victory"]
    (within,) = [s for s in victory["sources"] if s["source"] == "within_18"]
    assert (within["entry"], within["turn"], within["points"]) == (earned_18, 1, 1)
    assert {"result", "level", "net", "german", "soviet"} <= victory.keys()


def test_19_13_replay_json_reports_the_short_scenarios_numbers(tmp_path, capsys):
    rules = default_ruleset()
    path = tmp_path / "short.owsg"
    session = new_game(rules, "we-are-coming", Mode.FREE, seed=9, path=path)
    session.submit(RollDice(purpose="opening", count=2))
    session.close()
    assert main(["replay", str(path), "--json"]) == 0
    victory = json.loads(capsys.readouterr().out)["victory"]
    assert victory["across"] == 0 and victory["holder"] == "soviet"
