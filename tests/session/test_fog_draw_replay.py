"""[18.1, 4.6] A hidden unit drawn at random by the game's die replays identically: the
file holds the action (the hex, no unit), the dice and the narration, and reopening it
draws the same unit again."""

from __future__ import annotations

from owsqt.rules.core.actions import AllocateAir, EndStep, GroundAttack
from owsqt.rules.core.events import DiceRolled, TargetDrawn
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import AirBox, Player
from owsqt.rules.fog.option import FOG_OF_WAR
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.session import new_game, open_journal

RAIDER = "su-202shad"
# The 57th Panzer Corps' engineers and flak, in one stack of four: three hidden units to draw
# from under the one on top.
ENGINEERS = "de-57pzk-651pi"


def test_18_1_a_drawn_target_replays_identically_when_the_game_is_saved_and_reopened(tmp_path):
    rules = default_ruleset()
    path = tmp_path / "fog.owsg"
    options = (FOG_OF_WAR,)
    session = new_game(rules, "we-are-coming", Mode.STRICT, seed=3, options=options, path=path)
    session.apply_default_setup()
    missions = FrozenMap({RAIDER: AirBox.GROUND_ATTACK})
    assert session.submit(AllocateAir(player=Player.SOVIET, missions=missions)).applied
    assert session.submit(AllocateAir(player=Player.GERMAN, missions=FrozenMap())).applied
    while session.state.segment is not Segment.AIR_BOMBARDMENT:
        assert session.submit(EndStep(player=Player.GERMAN)).applied
    hex_ = session.state.units[ENGINEERS].hex
    outcome = session.submit(
        GroundAttack(player=Player.SOVIET, air_units=(RAIDER,), hidden_in=hex_)
    )
    assert outcome.applied, outcome.verdict.violations
    (drawn,) = [e for e in outcome.events if isinstance(e, TargetDrawn)]
    rolls = [e for e in outcome.events if isinstance(e, DiceRolled)]
    assert drawn.among == 3 and "random target among 3" in rolls[0].purpose
    entry = session.entries[-1]
    assert entry.action == {
        "kind": "ground_attack",
        "player": "soviet",
        "air_units": [RAIDER],
        "hidden_in": rules.grid.id_of(hex_),
    }
    assert drawn.describe(rules) in entry.narration
    session.close()

    reopened = open_journal(rules, path)
    assert reopened.state == session.state
    assert reopened.entries[-1].narration == entry.narration  # the same rolls, the same unit
    assert reopened.text() == path.read_text(encoding="utf-8") == session.text()
    # The side that struck reads the roll and the result, not which unit it struck; its
    # owner reads the unit (18.1).
    name = rules.unit_name(drawn.unit)
    last = len(reopened.entries)
    soviet = reopened.narration(last, Player.SOVIET)
    german = reopened.narration(last, Player.GERMAN)
    assert not any(name in line or drawn.unit in line for line in soviet), soviet
    assert any("random target among 3" in line for line in soviet)
    assert any(name in line for line in german)
    reopened.close()
