"""The log says why (issue 38, item 5): each entry the computer made has a line of its own
after the entry's narration, its player, level, side and reason; under the fog of war
(18.1) the human reads it with the computer's hidden units unnamed."""

from __future__ import annotations

from dataclasses import replace

from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.rules.fog.option import FOG_OF_WAR
from owsqt.rules.fog.view import view
from owsqt.session.computer import play_move, play_until_human, seed_of, think
from owsqt.session.seat import by_computer
from tests.session.computerkit import SOVIET, computer_game, human_acts


def test_i38_5_each_computer_entry_has_its_reason_line_after_its_narration(shipped):
    session = computer_game(shipped)
    session.apply_default_setup()
    play_until_human(session, SOVIET)
    human_acts(session, SOVIET, "german")
    lines = session.log_lines()
    for entry in session.entries:
        own = [line for line in lines if line.entry == entry.number]
        said = [line for line in own if line.kind == "computer"]
        if not by_computer(entry):
            assert not said
            continue
        assert len(said) == 1 and own[-1] is said[0]  # after the narration
        assert said[0].text.startswith("The computer (greedy, normal), Soviet: ")
    allocation = next(line for line in lines if "allocate_air scores" in line.text)
    assert allocation.kind == "computer" and allocation.text.endswith(" looked at")
    setup = [line for line in lines if line.kind == "computer" and "(19.11)" in line.text]
    assert setup[0].text == (
        "The computer (greedy, normal), Soviet: the scenario's default set-up (19.11)"
    )


def test_i38_5_18_1_the_human_reads_the_computer_s_reason_with_its_hidden_units_unnamed(
    shipped,
):
    session = computer_game(shipped, options=(FOG_OF_WAR,))
    session.apply_default_setup()
    state = session.state
    german_view = view(shipped, state, Player.GERMAN)
    soviet = [
        unit_id
        for unit_id, unit in state.units.items()
        if unit.status is UnitStatus.ON_MAP
        and shipped.catalogue.ground[unit_id].player is Player.SOVIET
    ]
    hidden = next(unit_id for unit_id in soviet if not german_view.knows(unit_id))
    seen = next(unit_id for unit_id in soviet if german_view.knows(unit_id))
    name, seen_name = shipped.unit_name(hidden), shipped.unit_name(seen)
    move = think(shipped, state, SOVIET, seed_of(session))
    assert move is not None
    reason = f"keeps {name} ({hidden}) behind {seen_name}"
    assert play_move(session, SOVIET, replace(move, choice=replace(move.choice, reason=reason)))
    number = len(session.entries)

    def said(side):
        lines = session.log_lines(number - 1, side)
        return [line.text for line in lines if line.kind == "computer"]

    whole = f"The computer (greedy, normal), Soviet: {reason}"
    assert said(None) == [whole] == said(Player.SOVIET)
    unnamed = (
        "The computer (greedy, normal), Soviet: keeps a Soviet unit (a Soviet unit) behind "
        f"{seen_name}"
    )
    assert said(Player.GERMAN) == [unnamed]
    assert session.computer_said(number, Player.GERMAN) == unnamed
    assert session.computer_said(number) == whole


def test_i38_5_18_1_the_human_reads_the_computer_s_reason_without_its_scores(shipped):
    """Its scores are sums over its own units, hidden ones included: under the fog of war
    the human reads the reason with each score withheld; without fog, as written."""
    for options, german in (
        ((), "scores 7.5 of 3, expected +1.2 at 4:1"),
        (
            (FOG_OF_WAR,),
            "scores … of 3, expected … at 4:1",
        ),
    ):
        session = computer_game(shipped, options=options)
        session.apply_default_setup()
        move = think(shipped, session.state, SOVIET, seed_of(session))
        assert move is not None
        reason = "scores 7.5 of 3, expected +1.2 at 4:1"
        assert play_move(session, SOVIET, replace(move, choice=replace(move.choice, reason=reason)))
        number = len(session.entries)
        prefix = "The computer (greedy, normal), Soviet: "
        assert session.computer_said(number, Player.GERMAN) == prefix + german
        assert session.computer_said(number, Player.SOVIET) == prefix + reason
        assert session.computer_said(number) == prefix + reason
