"""[18.1] The referee of a fogged e-mail game: once both players have opened their seals (an
OPEN entry each, at the game's end), the file replays whole.

Each sealed action is opened with its writer's secret and checked against its commitment,
then applied to the whole game in the game's mode, as any journal's action is: a broken
rule is a problem. Beside the whole game the referee keeps both sides' worlds, as the two
programs kept them, and checks that every entry tells exactly what its writer's world had to
tell: the public part its action makes and the lines that narrate it, or the answer to a
strike. A player who told less, or more, or other than the truth is found at the entry where
he did."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from owsqt.journal.filedice import DICE_NOT_AGREED, DiceAgreement, FileDice, agreement
from owsqt.journal.history import rolls_dice
from owsqt.journal.textformat import Entry, EntryKind, JournalError, Play, parse, quoted
from owsqt.rules.core.dice import DiceState, DieKeys
from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.engine import Outcome, apply
from owsqt.rules.fog.option import FOG_OF_WAR
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.scenario.scenario import initial_state
from owsqt.rules.scenario.turntrack import units_in_play
from owsqt.session import exchangenotes as notes
from owsqt.session.fogmail import SideWorld, failing_as, opened
from owsqt.session.problems import EMAIL_RULE, Problem

_OPEN_TITLE = re.compile(rf"^#\d+ {EntryKind.OPEN.value} \S+ by (\w+)$", re.MULTILINE)
REFEREE_RULE = "18.1 e-mail"  # the "rule number" of a public part that is not the truth

# The whole game and each side's world after an entry.
_States = tuple[GameState, GameState, GameState]


@dataclass(frozen=True, slots=True)
class Refereed:
    """What the referee found: the whole game at the end, and every broken rule."""

    state: GameState
    problems: tuple[Problem, ...]


def opened_by_both(text: str) -> bool:
    """Whether `text` is a fogged e-mail game both of whose players opened their seals (a
    quick look: `referee` reads it whole)."""
    head = text[:4096]
    fogged = f"\nplay: {Play.EMAIL.value}\n" in head and FOG_OF_WAR in head
    openers = set(_OPEN_TITLE.findall(text)) if fogged else set()
    return openers == {side.value for side in Player}


def referee(ruleset: Ruleset, text: str) -> Refereed:
    """[18.1] Replay a fogged e-mail game whole; JournalError when it cannot be read or is
    not yet opened by both players."""
    parsed = parse(text)
    header = parsed.header
    if header.play != Play.EMAIL.value or FOG_OF_WAR not in header.options:
        raise JournalError("only a game of fog of war by e-mail is refereed from its seals")
    entries = parsed.entries
    secrets = {e.by: e.field("secret") or "" for e in entries if e.kind is EntryKind.OPEN}
    for side in Player:
        if side.value not in secrets:
            raise JournalError(
                f"the {side.title} player has not opened his sealed actions yet: a game of fog "
                "of war by e-mail is verified whole once it is over and both have"
            )
    scenario = ruleset.scenarios.get(header.scenario)
    if scenario is None:
        raise JournalError(f"unknown scenario {header.scenario!r}")
    options = header.options
    in_play = units_in_play(scenario, ruleset.turn_record_track, ruleset.catalogue, options)
    start = initial_state(ruleset.catalogue, scenario, 0, options, in_play)
    if header.per_file_dice:  # [Dice] every roll keyed, from the seed of its file
        start = replace(start, dice=DiceState(0, keys=DieKeys()))
    dice = agreement(header)
    return _Replay(ruleset, header.game, Mode(header.mode), secrets, start, dice).run(entries)


class _Replay:
    """The whole game and both worlds, entry by entry."""

    def __init__(
        self,
        ruleset: Ruleset,
        game: str,
        mode: Mode,
        secrets: dict[str | None, str],
        start: GameState,
        dice: DiceAgreement,
    ) -> None:
        self.ruleset = ruleset
        self.dice = dice
        self.sent = (0, 0)  # how many files were sent, and the entry of the last send
        self.game = game
        self.mode = mode
        self.secrets = secrets
        self.worlds = {side: SideWorld(ruleset, side, start) for side in Player}
        german, soviet = (self.worlds[side].initial for side in Player)
        self.states: list[_States] = [(start, german, soviet)]
        self.applied: list[int] = []  # the entries of the effective actions
        self.undone: list[int] = []
        self.problems: list[Problem] = []

    def run(self, entries: tuple[Entry, ...]) -> Refereed:
        for entry in entries:
            file, first = self.sent[0] + 1, entry.number == self.sent[1] + 1
            seed = self.dice.take(entry, file, first)  # [Dice] agreed for each file
            if entry.kind is EntryKind.SEND:
                self.sent = (file, entry.number)
            if entry.kind is EntryKind.TELL:
                if entry.field("box") is None:  # an answer to a strike: owsqt's own words
                    self._words(entry, file)
                self._tell(entry, self.dice.rolls_in(file))
            elif entry.kind is EntryKind.UNDO:
                self._back(entry, self.states[(entry.target or 1) - 1])
                self.undone.append(self.applied.pop())
            elif entry.kind is EntryKind.REDO:
                self._back(entry, self.states[entry.target or 0])
                self.applied.append(self.undone.pop())
            elif entry.kind is EntryKind.ACT:
                raise JournalError("an action shown whole in a fogged e-mail game", entry.number)
            else:
                self._words(entry, file)
                self._note(seed)
        return Refereed(self.states[-1][0], tuple(self.problems))

    def _words(self, entry: Entry, file: int) -> None:
        """[Replay and re-validation] An entry of the exchange holds the words owsqt writes on
        it and no others (exchangenotes.py), as every import of it found."""
        per_file = isinstance(self.dice, FileDice)
        written = notes.written_on(entry, file if per_file else None)
        if entry.narration in written:
            return
        told, wanted = entry.narration, written[0]
        index = next(
            i for i in range(max(len(told), len(wanted))) if told[i : i + 1] != wanted[i : i + 1]
        )
        said = told[index] if index < len(told) else "nothing"
        owsqt = wanted[index] if index < len(wanted) else "nothing"
        raise JournalError(
            f"the entry says {quoted(said)} where owsqt writes {quoted(owsqt)}", entry.number
        )

    def _tell(self, entry: Entry, may_roll: bool) -> None:
        writer = Player(entry.by or "")
        truth, *worlds = self.states[-1]
        now = dict(zip(Player, worlds, strict=True))
        own = self.worlds[writer]
        if entry.field("box") is None:  # an answer to a strike (18.1, 4.6)
            with failing_as(entry, f"the {writer.value} answer to the strike cannot be made"):
                public = own.resolution(now[writer])
            self._check(entry, own.to_data(public) == entry.action, "its answer to the strike")
            after_truth, after_own = truth, now[writer]
        else:
            action = opened(self.secrets.get(entry.by) or "", self.game, entry, self.ruleset)
            judging = Mode.ASSIST if self.mode is Mode.STRICT else self.mode
            with failing_as(entry, f"the {writer.value} sealed action cannot be applied"):
                outcome = apply(self.ruleset, truth, action, judging)
                stepped = own.step(now[writer], action, judging)
                after_own = stepped.state
                public = own.tell(now[writer], action, after_own)
                self._narrated(entry, own, now[writer], stepped)
            if not may_roll and rolls_dice(outcome):
                self.problems.append(Problem(entry.number, EMAIL_RULE, DICE_NOT_AGREED))
            if self.mode is Mode.STRICT:
                for violation in outcome.verdict.violations:
                    self.problems.append(Problem(entry.number, violation.rule, violation.message))
            after_truth = outcome.state
            self._check(entry, own.to_data(public) == entry.action, "what its action tells")
            self.applied.append(entry.number)
            self.undone.clear()
        reader = self.worlds[writer.opponent]
        taken, outcome = reader.take_in(entry, now[writer.opponent], self.mode)
        for violation in outcome.verdict.violations:  # what it did to the reader's units
            self.problems.append(Problem(entry.number, violation.rule, violation.message))
        after_reader = outcome.state
        own.mark(public, after_own)
        reader.mark(taken.public, after_reader)
        after = {writer: after_own, writer.opponent: after_reader}
        self.states.append((after_truth, after[Player.GERMAN], after[Player.SOVIET]))

    def _narrated(self, entry: Entry, own: SideWorld, before: GameState, stepped: Outcome) -> None:
        """[18.1] The entry's `=` and `!` lines are those its writer's program writes for the
        reader (fogmail.tell_entry), from the writer's world: a line added, changed or left
        out by a player who signed it again is a problem at that entry. No import could
        check them, the reader's world not holding what they tell."""
        narration = own.told(before, stepped)
        broken = () if self.mode is Mode.STRICT else own.told_violations(before, stepped)
        found, written = (*entry.narration, *entry.violations), (*narration, *broken)
        if found == written:
            return
        index = next(
            i
            for i in range(max(len(found), len(written)))
            if found[i : i + 1] != written[i : i + 1]
        )
        said = quoted(found[index]) if index < len(found) else "nothing"
        truth = quoted(written[index]) if index < len(written) else "nothing"
        self.problems.append(
            Problem(
                entry.number, REFEREE_RULE, f"the entry says {said} where its action tells {truth}"
            )
        )

    def _back(self, entry: Entry, states: _States) -> None:
        for world in self.worlds.values():
            if entry.kind is EntryKind.UNDO:
                world.mark_undo(entry.target or 0)
            else:
                world.mark_redo(entry.target or 0)
        self.states.append(states)

    def _note(self, seed: int | None) -> None:
        """An entry of the exchange; a reveal's `seed` is the one the dice roll from now."""
        states = self.states[-1]
        if seed is not None:
            states = _seeded(states, seed, isinstance(self.dice, FileDice))
        _truth, german, soviet = states
        self.worlds[Player.GERMAN].mark(None, german)
        self.worlds[Player.SOVIET].mark(None, soviet)
        self.states.append(states)

    def _check(self, entry: Entry, holds: bool, what: str) -> None:
        if not holds:
            self.problems.append(
                Problem(entry.number, REFEREE_RULE, f"the entry does not tell {what}")
            )


def _seeded(states: _States, seed: int, afresh: bool) -> _States:
    """[Dice] The whole game and both worlds rolling from `seed`; `afresh`: the keyed die
    counts its actions from 0 again (dice agreed for each file, as History.roll_from)."""
    truth, german, soviet = (
        s.with_dice(replace(s.dice, seed=seed, keys=DieKeys() if afresh else s.dice.keys))
        for s in states
    )
    return truth, german, soviet
