"""The fuzzer: whole STRICT games played by random legal actions.

    python -m tools.fuzz --games N [--first-seed S] [--scenario ID] [--journal-dir DIR]

Game i uses seed i (the dice, the choices and its scenario and options alike, settings.py),
so a failing game is replayed by running its seed again. Each game starts from the
default set-up, then, until the game
is over, asks `legalactions.candidate_actions` for a sample of actions, keeps those the
engine's judge calls legal and submits one at random (ending a movement segment is
picked seldom, so that units actually move; the initiative holder attacks while he owes
planned attacks and forfeits the game only when nothing else is legal, 6.2). A game
fails on:

- a crash: any exception, InvalidAction from a candidate included;
- a state where no candidate is legal but the game is not over;
- an action the judge called legal that the engine refuses in STRICT play;
- a broken invariant after an action (`Invariants`);
- a journal that does not replay to the same final state;
- a game that ends with no result (19.0).

The journal of a failing game is written to the journal directory and named with the
failure; `owsqt replay FILE` reads it. Exit status 0 when every game passed, 1 otherwise.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import overload

from owsqt.journal.identity import Identity
from owsqt.journal.store import write_atomically
from owsqt.players.interface import Situation
from owsqt.players.randomplayer import RandomPlayer
from owsqt.rules.actors import acting_side
from owsqt.rules.core.actions import (
    Action,
    ChangeLead,
    EndStep,
    action_to_data,
)
from owsqt.rules.core.events import CombatMoved, Event, UnitsDisplaced
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import STEPS_PASS, Phase, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, Supply, ThunderclapStatus, UnitStatus
from owsqt.rules.data.units import UnitClass
from owsqt.rules.engine import judge
from owsqt.rules.fog.option import fog_on
from owsqt.rules.idlesteps import IDLE_STEPS
from owsqt.rules.legalactions import candidate_actions
from owsqt.rules.movement.stacking import stacking_points
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.turn.sequence import STACKING_SEGMENTS
from owsqt.session import GameSession, game_from_text, new_game
from tools.fuzz.settings import Setting

SIXTH_ARMY = "de-6a"  # 5.1: the Sixth Army's formation
NOT_ACTIVATED = frozenset({ThunderclapStatus.NOT_ATTEMPTED, ThunderclapStatus.DENIED})
LINKED = ThunderclapStatus.LINKED
MAX_ACTIONS = 20_000  # far above a real game's length: a game that long is stuck
EXIT_FAILED = 1


class FuzzFailure(Exception):
    """A game broke the rules' promises; the message says how, with its seed."""

    def __init__(self, seed: int, message: str, journal: Path | None = None) -> None:
        self.seed = seed
        self.journal = journal
        where = f"\n  journal: {journal}" if journal is not None else ""
        super().__init__(f"seed {seed}: {message}{where}")


@dataclass(frozen=True, slots=True)
class GameReport:
    """What one game did, for the summary line."""

    seed: int
    actions: int
    kinds: dict[str, int]
    seconds: float
    result: str = ""  # the winner and level the game ended with (19.0), if it ended
    setting: Setting = field(default_factory=Setting)
    cheats: dict[str, int] = field(default_factory=dict)  # forged files refused, by kind
    files: int = 0  # e-mail play: the files the two players sent each other
    turns: int = 0  # e-mail play: the game turns those files played
    ordered_files: int = 0  # e-mail play: the files of the game played with standing orders
    ordered_turns: int = 0  # and its game turns

    @property
    def files_per_turn(self) -> float:
        """[e-mail play] The files sent for each game turn played."""
        return _per_turn(self.files, self.turns)

    @property
    def ordered_files_per_turn(self) -> float:
        """[e-mail play] The same, in the game played with standing orders."""
        return _per_turn(self.ordered_files, self.ordered_turns)

    def line(self) -> str:
        counts = ", ".join(f"{count} {kind}" for kind, count in sorted(self.kinds.items()))
        ended = f": {self.result}" if self.result else ""
        refused = ""
        if self.cheats:
            tried = ", ".join(f"{count} {kind}" for kind, count in sorted(self.cheats.items()))
            refused = f"; {sum(self.cheats.values())} forged files refused ({tried})"
        files = ""
        if self.files:
            files = (
                f"; {self.files} files for {self.turns} turns, "
                f"{self.files_per_turn:.1f} per game turn"
            )
        if self.ordered_files:
            files += (
                f"; with standing orders {self.ordered_files} files for {self.ordered_turns} "
                f"turns, {self.ordered_files_per_turn:.1f} per game turn"
            )
        return (
            f"seed {self.seed} ({self.setting.name()}): {self.actions} actions ({counts}) "
            f"in {self.seconds:.2f} s{ended}{files}{refused}"
        )


def _per_turn(files: int, turns: int) -> float:
    return files / turns if turns else 0.0


class Invariants:
    """What must hold after every action of a strict game, as sentences when it does not.

    - [9.2, 9.3] no hex above the stacking limit at the end of a movement segment;
    - [2.2] units on the map have 1 to their printed full strength (convoy markers, which
      have no strength points, 0);
    - [8.2] no unit on the map across the Don: every hex a unit is on is reached from
      Kotelnikovo without crossing it (the default set-up places every unit so);
    - [8.2] no Soviet unit in the Stalingrad pocket;
    - every unit on the map is on a hex;
    - [8.1] the movement record names only units of the active player;
    - [14.4] no unit goes out of supply without a turn of organic supply first;
    - [5.1] the Sixth Army is not on the map before Thunderclap is activated;
    - [5.1, 5.2, 19.11] no unit that may not move now changes hex, except by a retreat (or a
      displacement) the rules force: reserves, held Ring Forces, the Sixth Army before the
      link-up outside its special phase (`held_moves`);
    - [3.1] no step waits on a player who has nothing to decide: in a game that passes such
      steps (rules/idlesteps.py), a step of a segment that may pass offers some legal action
      besides ending it (`waiting_on_nobody`, by the candidates and the judge, not by the
      test the engine passes steps with).
    """

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        game_map = ruleset.game_map
        self.battle_area = game_map.reachable_without_major_river(game_map.place("Kotelnikovo").hex)
        catalogue = ruleset.catalogue
        self.sixth_army = frozenset(
            unit_id
            for unit_id, unit in catalogue.ground.items()
            if any(f.id == SIXTH_ARMY for f in catalogue.formation_chain(unit.formation))
        )
        self.ring_forces = frozenset(
            unit_id
            for unit_id, unit in catalogue.ground.items()
            if any(f.stays_put for f in catalogue.formation_chain(unit.formation))
        )

    def breaches(
        self, state: GameState, *, movement_ended: bool = False, before: GameState | None = None
    ) -> list[str]:
        """Every invariant `state` breaks; `movement_ended`: a movement segment just ended
        (when 9.3 checks the stacking limit); `before`: the state the action left."""
        found = []
        if movement_ended:
            found.extend(self.overstacked(state))
        found.extend(self.unit_breaches(state))
        found.extend(self.movement_breaches(state))
        if before is not None:
            found.extend(self.supply_breaches(before, state))
        return found

    def waiting_on_nobody(self, ruleset: Ruleset, state: GameState) -> list[str]:
        """[3.1] The step `state` waits in, if nobody has anything to decide in it."""
        step = IDLE_STEPS.get(state.segment)
        if (
            STEPS_PASS not in state.options
            or step is None
            or (fog_on(state) and not step.public)
            or state.combat is not None
            or state.special_fire is not None
            or state.phase is Phase.GAME_OVER
        ):
            return []
        rng = random.Random(0)  # a fixed draw: the same sample of candidates every time
        for candidate in candidate_actions(ruleset, state, rng):
            if not isinstance(candidate, EndStep) and judge(ruleset, state, candidate).legal:
                return []
        return [f"3.1: the {state.segment.title} segment waits on a player with nothing to decide"]

    def supply_breaches(self, before: GameState, after: GameState) -> list[str]:
        return [
            f"14.4: {unit_id} went out of supply from regular supply, with no turn of "
            "organic supply"
            for unit_id, unit in after.units.items()
            if unit.supply is Supply.OUT and before.units[unit_id].supply is Supply.REGULAR
        ]

    def overstacked(self, state: GameState) -> list[str]:
        ruleset = self.ruleset
        limit = ruleset.tables.stacking_limit
        return [
            f"9.2: {ruleset.grid.id_of(hex_)} holds {points} stacking points at the end "
            f"of a movement segment (limit {limit})"
            for hex_ in state.stacks
            if (points := stacking_points(ruleset, state, hex_)) > limit
        ]

    def unit_breaches(self, state: GameState) -> list[str]:
        ruleset = self.ruleset
        catalogue = ruleset.catalogue
        pocket = ruleset.game_map.pocket
        found = []
        for unit_id, unit in state.units.items():
            if unit.status is not UnitStatus.ON_MAP:
                continue
            definition = catalogue.ground[unit_id]
            if unit.hex is None:
                found.append(f"{unit_id} is on the map but on no hex")
                continue
            where = ruleset.grid.id_of(unit.hex)
            lowest = 0 if definition.unit_class is UnitClass.CONVOY else 1
            if not lowest <= unit.strength <= definition.combat:
                found.append(
                    f"2.2: {unit_id} on {where} has strength {unit.strength}, "
                    f"not {lowest} to {definition.combat}"
                )
            if unit.hex not in self.battle_area:
                found.append(f"8.2: {unit_id} is on {where}, across the Don")
            if definition.player is Player.SOVIET and unit.hex in pocket:
                found.append(f"8.2: the Soviet unit {unit_id} is in the pocket, on {where}")
            if unit_id in self.sixth_army and state.thunderclap.status in NOT_ACTIVATED:
                found.append(f"5.1: {unit_id} is on {where} before Thunderclap was activated")
        return found

    def held_moves(
        self, before: GameState, after: GameState, events: Sequence[Event] = ()
    ) -> list[str]:
        """[5.1, 5.2, 19.11] Units that may not move now changed hex, other than by a retreat
        or a displacement the rules forced (11.7, 9.3): a reserve not released, a Ring
        Forces piece not released (but in the Soviet Ring Forces Segment those it frees), a
        Sixth Army unit before its path to the 57th Panzer Corps opened (but in its special
        phase). Judged from the state alone, apart from the rules' own code."""
        forced = set()
        for event in events:
            retreat = isinstance(event, CombatMoved) and event.how == "retreated"
            if retreat or isinstance(event, UnitsDisplaced):
                forced.update(event.units)
        found = []
        for unit_id, unit in before.units.items():
            now = after.units.get(unit_id)  # 18.1: a fogged world's phantoms come and go
            if now is None or unit.hex is None or now.hex is None or unit_id in forced:
                continue
            if unit.hex == now.hex:
                continue
            why = self._held(before, unit_id)
            if why:
                where = f"{self.ruleset.grid.id_of(unit.hex)} to {self.ruleset.grid.id_of(now.hex)}"
                found.append(f"{why}: {unit_id} went from {where} in the {before.segment.title}")
        return found

    def _held(self, state: GameState, unit_id: str) -> str:
        """The rule that holds `unit_id` in place in `state`, or ""."""
        if state.units[unit_id].reserve:
            return "19.11"
        ring = state.ring
        if unit_id in self.ring_forces and unit_id not in ring.released:
            freed = ring.retreated | frozenset(ring.freed.values())
            if not (state.segment is Segment.SOVIET_RING_FORCES and unit_id in freed):
                return "5.2"
        if unit_id in self.sixth_army and state.thunderclap.status is not LINKED:
            special = state.segment is Segment.SIXTH_ARMY_ACTIVATION
            if not (special and state.thunderclap.status is ThunderclapStatus.ACTIVE):
                return "5.1"
        return ""

    def movement_breaches(self, state: GameState) -> list[str]:
        catalogue = self.ruleset.catalogue
        named = sorted(set(state.movement.done) | set(state.movement.moving))
        return [
            f"8.1: the movement record names {unit_id}, not a unit of the active player "
            f"({state.active.value if state.active else 'nobody'})"
            for unit_id in named
            if catalogue.ground[unit_id].player is not state.active
        ]


def describe(ruleset: Ruleset, action: Action) -> str:
    return str(action_to_data(action, ruleset.grid))


def play_game(
    ruleset: Ruleset,
    seed: int,
    *,
    journal_dir: Path | None = None,
    max_actions: int = MAX_ACTIONS,
    last_turn: int | None = None,
    invariants: Invariants | None = None,
    setting: Setting | None = None,
) -> GameReport:
    """Play one strict game of `setting` (We are coming! unless given) with `seed`;
    FuzzFailure if it breaks.

    `last_turn` stops the game early, at the start of that turn's successor (short games
    for tests); the replay check still runs."""
    started = time.perf_counter()
    invariants = invariants or Invariants(ruleset)
    rng = random.Random(seed)
    setting = setting or Setting()
    session = new_game(ruleset, setting.scenario, Mode.STRICT, seed=seed, options=setting.options)

    def fail(message: str) -> FuzzFailure:
        journal = None
        if journal_dir is not None:
            journal = journal_dir / f"fuzz-seed-{seed}.owsg"
            write_atomically(journal, session.text())
        state = session.state
        position = f"turn {state.turn}, {state.phase}/{state.segment}"
        return FuzzFailure(seed, f"{message} ({position})", journal)

    try:
        session.apply_default_setup()
    except Exception as error:
        raise fail(f"the default set-up crashed: {error!r}") from error
    breaches = invariants.breaches(session.state)
    if breaches:
        raise fail("the set-up breaks invariants: " + "; ".join(breaches))
    kinds = play_out(ruleset, rng, lambda: session, fail, invariants, max_actions, last_turn)
    check_replay(ruleset, session, fail)
    result = outcome_of(session.state)
    if last_turn is None and not result:
        raise fail("the game ended with no result (19.0)")
    elapsed = time.perf_counter() - started
    return GameReport(seed, sum(kinds.values()), dict(kinds), elapsed, result, setting)


def outcome_of(state: GameState) -> str:
    """The winner and level of a finished game, for the summary: "German marginal
    victory", "a draw"; empty while it is not over."""
    result = state.result
    if result is None:
        return ""
    level = "win by forfeit" if result.rule == "6.2" else result.reason.split(":")[0]
    return f"{result.winner.title} {level}" if result.winner else level


def play_out(
    ruleset: Ruleset,
    rng: random.Random,
    holder: Callable[[], GameSession],
    fail: Callable[[str], FuzzFailure],
    invariants: Invariants,
    max_actions: int,
    last_turn: int | None,
    hand_over: Callable[[], None] | None = None,
) -> Counter[str]:
    """Submit random legal actions to the session `holder` gives until the game is over (or
    past `last_turn`), checking each; the kinds of action submitted. With `hand_over` (e-mail
    play), the holder plays only actions that are his to make, and hands the game over to
    the other player when he has none left: a player does what he can before he sends."""
    kinds: Counter[str] = Counter()
    while holder().state.phase is not Phase.GAME_OVER:
        session = holder()
        state = session.state
        ruleset = session.ruleset  # 18.1: in fogged e-mail play, the world's, with phantoms
        if last_turn is not None and state.turn > last_turn:
            break
        if sum(kinds.values()) >= max_actions:
            raise fail(f"{max_actions} actions and the game is not over")
        mine = None if hand_over is None else _theirs(session)
        action = choose_legal(ruleset, state, rng, fail, mine)
        if action is None:  # nothing left that is the holder's: the other side's turn
            assert hand_over is not None
            hand_over()
            continue
        try:
            outcome = session.submit(action)
        except Exception as error:
            raise fail(f"{describe(ruleset, action)} crashed the engine: {error!r}") from error
        if not outcome.applied:
            reasons = "; ".join(str(v) for v in outcome.verdict.violations)
            raise fail(
                f"the engine refused {describe(ruleset, action)}, which the judge called "
                f"legal: {reasons}"
            )
        kinds[action.kind] += 1
        ended = isinstance(action, EndStep) and state.segment in STACKING_SEGMENTS
        breaches = invariants.breaches(outcome.state, movement_ended=ended, before=state)
        breaches.extend(invariants.held_moves(state, outcome.state, outcome.events))
        breaches.extend(invariants.waiting_on_nobody(ruleset, outcome.state))
        if breaches:
            raise fail(f"after {describe(ruleset, action)}: " + "; ".join(breaches))
    return kinds


def _theirs(session: GameSession) -> Callable[[Action], bool]:
    """Whether an action is for the player at `session`'s computer to make now: not a
    second change of lead in a row (11.3), which a defender waiting for the attacker could
    repeat until his file is full."""
    entries = session.entries
    last = entries[-1].action if entries else None
    again = last is not None and last.get("kind") == ChangeLead.kind
    return lambda action: (
        session.players.why_not_act(action) is None
        and not (again and isinstance(action, ChangeLead))
    )


@overload
def choose_legal(
    ruleset: Ruleset,
    state: GameState,
    rng: random.Random,
    fail: Callable[[str], FuzzFailure],
) -> Action: ...


@overload
def choose_legal(
    ruleset: Ruleset,
    state: GameState,
    rng: random.Random,
    fail: Callable[[str], FuzzFailure],
    mine: Callable[[Action], bool] | None,
) -> Action | None: ...


def choose_legal(
    ruleset: Ruleset,
    state: GameState,
    rng: random.Random,
    fail: Callable[[str], FuzzFailure],
    mine: Callable[[Action], bool] | None = None,
) -> Action | None:
    """A random legal candidate, the random player's choice (owsqt/players/randomplayer.py):
    ending a movement segment only now and then, forfeiting (6.2) only when nothing else is
    legal. With `mine`, only a candidate it accepts (None when it accepts none)."""
    try:
        candidates = candidate_actions(ruleset, state, rng)
    except Exception as error:
        raise fail(f"enumerating the candidate actions crashed: {error!r}") from error
    legal = []
    for candidate in candidates:
        try:
            verdict = judge(ruleset, state, candidate)
        except Exception as error:
            raise fail(
                f"judging the candidate {describe(ruleset, candidate)} crashed: {error!r}"
            ) from error
        if verdict.legal:
            legal.append(candidate)
        elif not isinstance(candidate, EndStep):
            reasons = "; ".join(str(v) for v in verdict.violations)
            raise fail(
                f"the judge refuses {describe(ruleset, candidate)}, a candidate built to be "
                f"legal: {reasons}"
            )
    if not legal:
        tried = "; ".join(
            f"{describe(ruleset, c)}: {judge(ruleset, state, c).violations}" for c in candidates
        )
        raise fail(f"no legal action and the game is not over (candidates: {tried})")
    if mine is not None:
        legal = [action for action in legal if mine(action)]
        if not legal:
            return None
    side = acting_side(ruleset, state, legal[0]) or Player.GERMAN
    return RandomPlayer(rng).pick(Situation(ruleset, state, side), legal)


def check_replay(
    ruleset: Ruleset,
    session: GameSession,
    fail: Callable[[str], FuzzFailure],
    identity: Identity | None = None,
) -> None:
    """The journal replays to the very state the game reached (read by `identity`: a
    fogged e-mail game's player, 18.1)."""
    try:
        replayed = game_from_text(ruleset, session.text(), identity=identity)
    except Exception as error:
        raise fail(f"the journal does not replay: {error!r}") from error
    if replayed.state != session.state:
        differing = [
            f.name
            for f in fields(GameState)
            if getattr(replayed.state, f.name) != getattr(session.state, f.name)
        ]
        raise fail(f"the journal replays to another state (differing: {', '.join(differing)})")
