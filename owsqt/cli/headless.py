"""The headless commands that make, play, replay, check and mend game files: `owsqt new`,
`act`, `replay`, `verify` and `recover` (for scripts, referees and tests; docs/actions.md,
docs/pbem-format.md)."""

from __future__ import annotations

import argparse
import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from owsqt.cli.computerplay import computer_plays, say_moves, seat_of
from owsqt.cli.errors import InputError, output_path, say, say_json, shorten
from owsqt.cli.exitcodes import EXIT_OK, EXIT_REFUSED
from owsqt.journal.identity import fingerprint
from owsqt.journal.recovery import TornJournal, read_journal
from owsqt.journal.store import JournalExists
from owsqt.journal.textformat import LEGACY_VERSION, SIDES, JournalError, Play
from owsqt.rules.core.actions import action_from_data
from owsqt.rules.core.codec import CodecError, encode
from owsqt.rules.core.state import GameState, UnitState
from owsqt.rules.core.verdict import InvalidAction, Mode
from owsqt.rules.core.vocabulary import Player, UnitMarker
from owsqt.rules.engine import Outcome
from owsqt.rules.fog.option import FOG_OF_WAR, fog_on
from owsqt.rules.fog.view import SideView
from owsqt.rules.map.zones import disc
from owsqt.rules.scenario.ruleset import Ruleset, default_ruleset
from owsqt.session import GameSession, game_from_text, new_game, open_journal, recover_game
from owsqt.session.checkpoint import open_game, save_checkpoint
from owsqt.session.referee import opened_by_both, referee
from owsqt.session.victory import victory_summary


def new(args: argparse.Namespace) -> int:
    out = output_path(args.out, "--out")
    if out.exists():
        raise InputError(f"--out {out}: exists already; choose another name")
    ruleset = default_ruleset()
    if args.scenario not in ruleset.scenarios:
        known = ", ".join(sorted(ruleset.scenarios))
        raise InputError(f"--scenario: unknown scenario {args.scenario!r}; known: {known}")
    seat = seat_of(args)  # the computer's, in a game against it (issue 38)
    # a local kind: an e-mail game is begun at the desktop
    play = Play.COMPUTER if seat is not None else Play(args.play or Play.SOLITAIRE.value)
    options = (FOG_OF_WAR,) if args.fog else ()
    computer = seat.text if seat is not None else None
    session = new_game(
        ruleset,
        args.scenario,
        Mode(args.mode),
        seed=args.seed,
        options=options,
        play=play,
        computer=computer,
    )
    if not args.empty:
        session.apply_default_setup()
    moves = computer_plays(session)
    try:
        session.save_as(out, replace=False)  # made exclusively: never over a game made since
    except JournalExists:
        raise InputError(f"--out {out}: exists already; choose another name") from None
    session.close()
    say(f"wrote {out}: {_where(ruleset, session)}")
    say_moves(moves)
    return EXIT_OK


def act(args: argparse.Namespace) -> int:
    data = _action_data(args.action)
    ruleset = default_ruleset()
    session, up_to_date = _opened(ruleset, args.file)
    earlier: list[dict[str, Any]] = []  # the computer's, when it was still to move
    moves: list[dict[str, Any]] = []  # the computer's answer
    try:
        action = action_from_data(data, ruleset.grid)
        earlier = computer_plays(session)
        outcome = session.submit(action)
        if outcome.applied and session.path is None:  # version 1: rewritten only now
            session.close()
            session = open_journal(ruleset, args.file)
            outcome = session.submit(action)
        entry = len(session.entries)
        events, violations = _told(ruleset, session, outcome)
        if outcome.applied:
            moves = computer_plays(session)
        up_to_date = up_to_date and not outcome.applied and not earlier
    except CodecError as error:
        raise InputError(f"the action: cannot be read: {error}") from None
    except InvalidAction as error:
        return _act_result(args, session, Acted(False, None, [], [str(error)], earlier))
    finally:
        if not up_to_date:
            save_checkpoint(session)  # the next `act` need not replay the journal
        session.close()
    result = Acted(outcome.applied, entry, events, violations, earlier, moves)
    return _act_result(args, session, result)


def _told(ruleset: Ruleset, session: GameSession, outcome: Outcome) -> tuple[list[str], list[str]]:
    """What the action did and the rules it broke, as the side that acted may read them
    (18.1: with fog of war, not the hidden unit a bombardment drew, for one)."""
    entry = session.entries[-1] if outcome.applied and session.entries else None
    if entry is not None and entry.by is not None and fog_on(session.state):
        side = Player(entry.by)
        number = entry.number
        return list(session.narration(number, side)), list(session.violations(number, side))
    events = [event.describe(ruleset) for event in outcome.events]
    return events, [str(v) for v in outcome.verdict.violations]


def _action_data(text: str) -> Any:
    """The action's JSON, read (InputError if it is not JSON this can read)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(f"the action: is not JSON: {error}") from None
    except ValueError:  # a number of more digits than Python converts
        raise InputError("the action: holds a number too long to read") from None
    except RecursionError:
        raise InputError("the action: is nested too deeply to read") from None


@dataclass(frozen=True, slots=True)
class Acted:
    """What `owsqt act` did: whether the action was applied, its entry, what it did and the
    rules it broke; in a game against the computer, its moves before the action (when it
    was still to move) and its answer after it."""

    applied: bool
    entry: int | None
    events: list[str]
    violations: list[str]
    earlier: list[dict[str, Any]] = field(default_factory=list)
    answer: list[dict[str, Any]] = field(default_factory=list)


def _act_result(args: argparse.Namespace, session: GameSession, acted: Acted) -> int:
    if args.json:
        result: dict[str, Any] = {
            "applied": acted.applied,
            "entry": acted.entry if acted.applied else None,
            "events": acted.events,
            "violations": acted.violations,
        }
        if session.seat is not None:
            result["computer"] = acted.earlier + acted.answer
        say_json(result, indent=1, ensure_ascii=False)
    else:
        say_moves(acted.earlier)  # the computer's, when it was still to move
        if acted.applied:
            say(f"entry {acted.entry}")
        for line in acted.events:
            say(f"  {line}")
        for line in acted.violations:
            say(f"  {'broken rule' if acted.applied else 'refused'}: {shorten(line)}")
        say_moves(acted.answer)
    return EXIT_OK if acted.applied else EXIT_REFUSED


def _opened(ruleset: Ruleset, path: Path) -> tuple[GameSession, bool]:
    """The game, resumed from its checkpoint when that holds (session/checkpoint.py)."""
    try:
        return open_game(ruleset, path)
    except JournalError as error:
        raise _about(path, error) from None


def _replayed(ruleset: Ruleset, path: Path, audit: bool = False) -> GameSession:
    """The game in the file at `path`, replayed without binding it (nothing is written)."""
    try:
        return game_from_text(ruleset, read_journal(path), audit=audit)
    except JournalError as error:
        raise _about(path, error) from None


def _about(path: Path, error: JournalError) -> JournalError:
    """`error`, of its own kind (a TornJournal stays one), its message naming the file
    (read_text's do already)."""
    message = str(error)
    if not message.startswith(f"{path}: "):
        error.args = (f"{path}: {message}",)
    return error


def replay(args: argparse.Namespace) -> int:
    ruleset = default_ruleset()
    session = _replayed(ruleset, args.file)
    entries = len(session.entries)
    upto = entries if args.to is None else args.to
    if not 0 <= upto <= entries:
        raise InputError(f"--to {upto}: the file has entries 1 to {entries}")
    if args.side is not None:
        return _replay_as(args, session, Player(args.side), upto)
    state = session.state_after(upto)
    if args.json:
        summary = {
            "scenario": state.scenario,
            "mode": session.mode.value,
            "play": session.play.value,
            "entries": entries,
            "entry": upto,
            "narration": list(session.entries[upto - 1].narration) if upto else [],
            "state": encode(state, ruleset.grid),
            "air_boxes": _air_boxes(state),
            "interdiction_zones": _zones(ruleset, state),
            "victory": victory_summary(session, upto),  # 19.0: the result and its points
        }
        if session.seat is not None:  # why the computer made the entry, if it did
            summary["computer"] = session.computer_said(upto) if upto else None
        say_json(summary, indent=2, sort_keys=True)
        return EXIT_OK
    statuses = Counter(unit.status.value for unit in state.units.values())
    say(f"{ruleset.scenarios[state.scenario].title} ({session.mode.value} play)")
    say(f"entries: {entries}, shown after entry {upto}, dice rolled: {state.dice.rolls_made}")
    active = f", {state.active.title} player" if state.active else ""
    say(f"turn {state.turn} of {state.last_turn}: {state.phase}/{state.segment}{active}")
    if state.result is not None:
        say(f"result: {state.result.text()}")
    say("units: " + ", ".join(f"{count} {status}" for status, count in sorted(statuses.items())))
    if upto:
        for line in session.entries[upto - 1].narration:
            say(f"  #{upto}: {line}")
        said = session.computer_said(upto)
        if said is not None:
            say(f"  #{upto}: {said}")
    return EXIT_OK


def _replay_as(args: argparse.Namespace, session: GameSession, side: Player, upto: int) -> int:
    """[18.1] What `side` may know after entry `upto`: the view the desktop draws from
    (GameSession.seen_by) and the log as that side reads it; everything without fog."""
    ruleset = session.ruleset
    own = session.world_side
    if own is not None and side is not own:  # 18.1: this computer holds only its world
        raise InputError(
            f"--as {side.value}: this is a game of fog of war by e-mail, and this computer "
            f"knows it as the {own.title} player does; --as {own.value} shows it"
        )
    seen = session.seen_by(side, upto)
    state = seen.state
    narration = list(session.narration(upto, side)) if upto else []
    said = session.computer_said(upto, side) if upto else None
    grid = ruleset.grid
    if args.json:
        summary = {
            "side": side.value,
            "fog_of_war": fog_on(state),
            "scenario": state.scenario,
            "mode": session.mode.value,
            "play": session.play.value,
            "entries": len(session.entries),
            "entry": upto,
            "turn": state.turn,
            "phase": state.phase.value,
            "segment": state.segment.value,
            "active": state.active.value if state.active else None,
            "units": seen_units(ruleset, seen),
            "hidden": {grid.id_of(hex_): count for hex_, count in seen.hidden.items()},
            "narration": narration,
        }
        if session.seat is not None:  # why the computer made the entry, if it did
            summary["computer"] = said
        say_json(summary, indent=2, sort_keys=True, ensure_ascii=False)
        return EXIT_OK
    fog = "with the fog of war (18.1)" if fog_on(state) else "without fog of war: everything"
    say(f"{ruleset.scenarios[state.scenario].title}: the {side.title} view, {fog}")
    say(f"entries: {len(session.entries)}, shown after entry {upto}")
    active = f", {state.active.title} player" if state.active else ""
    say(f"turn {state.turn} of {state.last_turn}: {state.phase}/{state.segment}{active}")
    for hex_, stack in sorted(state.stacks.items(), key=lambda item: grid.id_of(item[0])):
        counters = ", ".join(_counter_text(ruleset, unit_id, state) for unit_id in stack)
        more = seen.hidden.get(hex_, 0)
        hidden = f" + {more} hidden" if more else ""
        owner = ruleset.catalogue.ground[stack[0]].player.title
        say(f"  {grid.id_of(hex_)} {owner}: {counters}{hidden}")
    for hex_, count in sorted(seen.hidden.items(), key=lambda item: grid.id_of(item[0])):
        if hex_ not in state.stacks:
            say(f"  {grid.id_of(hex_)} {side.opponent.title}: {count} hidden")
    for line in (*narration, *([said] if said is not None else [])):
        say(f"  #{upto}: {line}")
    return EXIT_OK


def seen_units(ruleset: Ruleset, seen: SideView) -> list[dict[str, Any]]:
    """[18.1] The units on the map a side's view shows, by hex, top of each stack first: id,
    hex, strength as shown (an enemy's printed side), reduced, its markers and supply."""
    state = seen.state
    units = []
    for hex_, stack in state.stacks.items():
        for unit_id in stack:
            unit = state.units[unit_id]
            units.append(
                {
                    "id": unit_id,
                    "hex": ruleset.grid.id_of(hex_),
                    "strength": unit.strength,
                    "reduced": unit.reduced,
                    "markers": _markers(unit),
                    "supply": unit.supply.value,
                }
            )
    return units


def _markers(unit: UnitState) -> list[str]:
    """[2.2] The on/off markers on a unit (UnitMarker: a flag of UnitState each)."""
    return [marker.value for marker in UnitMarker if getattr(unit, marker.value)]


def _counter_text(ruleset: Ruleset, unit_id: str, state: GameState) -> str:
    unit = state.units[unit_id]
    reduced = " reduced" if unit.reduced else ""
    marks = "".join(f" [{marker}]" for marker in _markers(unit))
    return f"{ruleset.unit_name(unit_id)} {unit.strength}{reduced}{marks}"


def _air_boxes(state: GameState) -> dict[str, list[str]]:
    """[4.3, 4.7] The air units in each box of the Air Operations Charts."""
    boxes: dict[str, list[str]] = {}
    for air_id, unit in state.air_units.items():
        boxes.setdefault(unit.box.value, []).append(air_id)
    return boxes


def _zones(ruleset: Ruleset, state: GameState) -> list[dict[str, Any]]:
    """[4.5] Each live interdiction zone: its centre, penalty, hexes and outline."""
    return [
        {
            "center": ruleset.grid.id_of(zone.center),
            "penalty": zone.penalty,
            "turn": zone.turn,
            **disc(ruleset.game_map, zone.center, zone.radius).to_json(),
        }
        for zone in state.interdiction_zones
    ]


def verify(args: argparse.Namespace) -> int:
    ruleset = default_ruleset()
    try:
        text = read_journal(args.file)
        if opened_by_both(text):  # 18.1: a fogged e-mail game over, its seals opened
            return _refereed(ruleset, args.file, text)
        session = _replayed(ruleset, args.file, audit=True)
    except TornJournal:
        say(f"{args.file}: TORN")  # cut off in the middle of its last entry; stderr says where
        raise
    except JournalError:
        say(f"{args.file}: TAMPERED OR UNREADABLE")  # the verdict; stderr says why
        raise
    header = session.header
    say(f"{args.file}: {'RULES BROKEN' if session.problems else 'VALID'}")
    say(f"  {_where(ruleset, session)}")
    say(f"  game {header.game}, {header.play} play, format version {header.version}")
    for side in SIDES:
        key = session.players.keys.get(side)
        say(f"  {side} key: {fingerprint(key) if key else 'not joined yet'}")
    exchange = session.email
    if exchange is not None:
        say(f"  dice: {exchange.dice_report()}; files sent: {exchange.files_sent}")
        for line in exchange.sealed_described():
            say(f"  {line}")
        note = exchange.not_as_sent()  # a player's copy between sends, or a file cut short
        if note:
            say(f"  {note}")
    if header.version == LEGACY_VERSION:
        say(f"  {len(session.entries)} entries: hash chain holds; version 1 signs nothing")
    else:
        say(f"  {len(session.entries)} entries: hash chain and signatures hold")
    if session.problems:
        say(f"  {len(session.problems)} broken rules:")
        for problem in session.problems:
            say(f"    {problem}")
        return EXIT_REFUSED
    return EXIT_OK


def _refereed(ruleset: Ruleset, path: Path, text: str) -> int:
    """[18.1] The verdict on a fogged e-mail game whose players have opened their seals."""
    try:
        found = referee(ruleset, text)
    except JournalError as error:
        say(f"{path}: TAMPERED OR UNREADABLE")
        raise _about(path, error) from None
    say(f"{path}: {'RULES BROKEN' if found.problems else 'VALID'}")
    say("  fog of war by e-mail: both players' seals opened, the game replayed whole")
    for problem in found.problems:
        say(f"    {problem}")
    return EXIT_REFUSED if found.problems else EXIT_OK


def recover(args: argparse.Namespace) -> int:
    """Cut a torn file back to its whole entries, keeping the file as it was beside it
    (recovery.py); any other file is refused as `verify` would refuse it, and left alone."""
    ruleset = default_ruleset()
    try:
        session, copy = recover_game(ruleset, args.file)
    except JournalError as error:
        raise _about(args.file, error) from None
    session.close()
    say(f"recovered {args.file}: {_where(ruleset, session)}")
    say(f"  the file as it was is kept as {copy}")
    return EXIT_OK


def _where(ruleset: Ruleset, session: GameSession) -> str:
    state = session.state
    title = ruleset.scenarios[state.scenario].title
    active = f", {state.active.title} player" if state.active else ""
    result = f"; {state.result.text()}" if state.result else ""
    return (
        f"{title}, {session.mode.value} mode, {len(session.entries)} entries, turn "
        f"{state.turn}: {state.phase}/{state.segment}{active}{result}"
    )
