"""Two players of an e-mail game, each with a key of their own, trading files."""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Callable
from dataclasses import replace

from owsqt.journal import filedice
from owsqt.journal.identity import Identity
from owsqt.journal.textformat import (
    Entry,
    EntryKind,
    Header,
    Play,
    parse,
    render_entry,
    signed,
)
from owsqt.rules.air.allocation import STEP_THREE, allocation_step
from owsqt.rules.core.actions import AllocateAir, DeclareAttacks, EndStep
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.defaultsetup import default_setup
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.turn.sequence import TURN_STEPS
from owsqt.session import GameSession, join_game, new_game
from owsqt.session.exchangenotes import revealed

SCENARIO = "we-are-coming"


def clock():
    ticks = itertools.count()
    return lambda: f"2026-11-21T06:{next(ticks) % 60:02d}:00Z"


def appended(text: str, key: Identity, *entries: Entry) -> str:
    """The journal `text` with `entries` after it, each chained and signed with `key`: what a
    player who edits his file by hand, or a changed program, writes."""
    digest = parse(text).last_digest
    lines: list[str] = []
    for entry in entries:
        rendered, digest = render_entry(signed(entry, digest, key.sign), digest)
        lines.extend(rendered)
    return text + "\n".join(lines) + "\n"


def rewritten(
    text: str,
    key: Identity,
    change: Callable[[Entry], Entry | None] = lambda entry: entry,
    header: Header | None = None,
) -> str:
    """`text` as its writer edits it and signs it again with `key`: the `header` in place of
    its own, each entry as `change` makes it (None: dropped); from the first change on, the
    entries are numbered afresh, chained and signed again."""
    parsed = parse(text)
    header = header or parsed.header
    changed = header != parsed.header
    lines, digest, number = [*header.lines(), ""], header.digest(), 0
    for entry in parsed.entries:
        made = change(entry)
        changed = changed or made != entry
        if made is None:
            continue
        number += 1
        if changed:
            made = signed(replace(made, number=number), digest, key.sign)
        rendered, digest = render_entry(made, digest)
        lines.extend(rendered)
    return "\n".join(lines) + "\n"


def begun_by(text: str, key: Identity, side: str, at: str | None = None) -> str:
    """`text` with the entry a file of `side` begins with, as his program writes it (journal/
    filedice.py): from the third file on, the reveal of his share of its dice, when `text`
    ends with the opponent's send; else `text` as it is. `at`: the entry's time (by default
    the latest of the file's: entry times do not go back)."""
    parsed = parse(text)
    game, entries = parsed.header.game, parsed.entries
    sends = [entry for entry in entries if entry.kind is EntryKind.SEND]
    number = len(sends) + 1
    if number < 3 or entries[-1].kind is not EntryKind.SEND or entries[-1].by == side:
        return text
    at = at or max(entry.at for entry in entries)
    salt = sends[number - 3].field("fresh") or "" if number > 3 else filedice.NO_SALT
    share = filedice.share_of(key, game, number, salt)
    reveal = Entry(
        len(entries) + 1,
        EntryKind.REVEAL,
        at,
        fields=(("share", share),),
        narration=(revealed(number),),
        by=side,
    )
    return appended(text, key, reveal)


def sent_by(text: str, key: Identity, side: str, at: str = "2026-11-21T07:00:00Z") -> str:
    """`text` with the next file's send by `side`, signed with `key`, as his program writes
    it (journal/filedice.py): a file from the third that holds nothing yet begins with the
    reveal of his share of its dice (begun_by); a send from file 2 on brings the fresh share
    of the opponent's next file (made from the text, so that the same text is sent the same)
    and the commitment to his share of his next."""
    text = begun_by(text, key, side, at)
    parsed = parse(text)
    game, entries = parsed.header.game, parsed.entries
    number = 1 + sum(1 for entry in entries if entry.kind is EntryKind.SEND)
    fields = [("file", str(number)), ("to", Player(side).opponent.value)]
    if number >= 2:
        fresh = hashlib.sha256(text.encode()).hexdigest()
        later = filedice.share_of(key, game, number + 2, fresh)
        commit = filedice.share_commitment(game, number + 2, later)
        fields += [("fresh", fresh), ("commit", commit)]
    narration = (f"File {number} sent to the {Player(side).opponent.title} player.",)
    send = Entry(
        len(entries) + 1, EntryKind.SEND, at, fields=tuple(fields), narration=narration, by=side
    )
    return appended(text, key, send)


def fresh_shares(key: Identity):
    """[Dice] Fresh shares that are the same in every run: made from the player's key."""
    counter = itertools.count()
    return lambda: hashlib.sha256(f"{key.public} {next(counter)}".encode()).hexdigest()


def must(session: GameSession, action) -> None:
    outcome = session.submit(action)
    assert outcome.applied, (action, outcome.verdict.violations)


def set_up(session: GameSession, player: Player) -> None:
    """[19.11] The scenario's default set-up of one side, then the end of its set-up."""
    state = session.state
    scenario = session.ruleset.scenarios[state.scenario]
    for action in default_setup(session.ruleset, scenario, state, player, state.options):
        must(session, action)
    must(session, EndStep(player=player))


def end_steps_until(session: GameSession, segment: Segment) -> None:
    """End steps while the game is short of `segment` in this turn (a step that needs nobody
    passes by itself, 3.1: the game may go past it); a due air allocation (4.3) is made with
    no missions."""
    order = [step.segment for step in TURN_STEPS]
    turn = session.state.turn
    while session.state.turn == turn and order.index(session.state.segment) < order.index(segment):
        step = allocation_step(session.ruleset, session.state)
        if step is not None and step[1] != STEP_THREE:
            must(session, AllocateAir(player=step[0], missions=FrozenMap()))
            continue
        must(session, EndStep(player=session.state.active))


class Exchange:
    """German (the creator) and Soviet players of one strict game, and the files they sent."""

    def __init__(
        self,
        ruleset: Ruleset,
        mode: Mode = Mode.STRICT,
        keys: tuple[Identity, Identity] | None = None,
        options: tuple[str, ...] = (),
        scenario: str = SCENARIO,
        game: str | None = None,
        fresh: bool = False,
    ) -> None:
        """`keys`: the German's and the Soviet's (default: made in memory, kept nowhere);
        `game`: the game id (default: a random one); `fresh`: the fresh shares of the dice
        made from the players' keys and a count (`fresh_shares`), so that two exchanges with
        the same keys and game id roll the same; else from the system's randomness."""
        self.german_key, self.soviet_key = keys or (Identity.generate(), Identity.generate())
        self.german = new_game(
            ruleset,
            scenario,
            mode,
            play=Play.EMAIL,
            identity=self.german_key,
            clock=clock(),
            options=options,
            game=game,
        )
        self._fresh = fresh
        if fresh:
            self.german.email.fresh = fresh_shares(self.german_key)
        self.soviet: GameSession | None = None
        self.files: list[str] = []

    def send(self, session: GameSession) -> str:
        _, text = session.email.send()
        self.files.append(text)
        return text

    def opening(self) -> None:
        """Files 1-3: the German makes the game, the Soviet joins and sets up, the German
        reveals his share of the seed (by himself, on import) and sets up."""
        text = self.send(self.german)
        made = fresh_shares(self.soviet_key) if self._fresh else None
        self.soviet = join_game(
            self.german.ruleset, text, identity=self.soviet_key, clock=clock(), fresh=made
        )
        set_up(self.soviet, Player.SOVIET)
        self.german.email.import_text(self.send(self.soviet))
        set_up(self.german, Player.GERMAN)

    def to_the_bids(self) -> None:
        """Files 3-7: the air allocations (files 3-6), then the German ends his 4.3 step 3
        and sends file 7 in the Initiative Phase: the steps between pass by themselves (3.1).
        The Soviet, who bids first, ends any step left to him on the way (under the fog of
        war his Ring Forces step does not pass by itself, 18.1)."""
        self.air()
        end_steps_until(self.german, Segment.SOVIET_RING_FORCES)
        self.soviet.email.import_text(self.send(self.german))
        end_steps_until(self.soviet, Segment.INITIATIVE_DETERMINATION)

    def air(self, soviet: FrozenMap | None = None) -> None:
        """Files 3-6: the German sends the game at the Air Allocation Segment; the Soviet
        allocates first (4.3 step 1), sealed, and sends it; the German allocates and sends
        it back; the Soviet's program shows the sealed allocation, and he sends it again."""
        self.soviet.email.import_text(self.send(self.german))
        must(self.soviet, AllocateAir(player=Player.SOVIET, missions=soviet or FrozenMap()))
        self.german.email.import_text(self.send(self.soviet))
        must(self.german, AllocateAir(player=Player.GERMAN, missions=FrozenMap()))
        self.soviet.email.import_text(self.send(self.german))
        self.german.email.import_text(self.send(self.soviet))

    def bids(self, german: int, soviet: int) -> None:
        """Files 8-10: the Soviet bids first (sealed), the German bids openly, the Soviet's
        program shows the sealed bid and the initiative is rolled."""
        must(self.soviet, DeclareAttacks(player=Player.SOVIET, planned=soviet))
        self.german.email.import_text(self.send(self.soviet))
        must(self.german, DeclareAttacks(player=Player.GERMAN, planned=german))
        self.soviet.email.import_text(self.send(self.german))
        self.german.email.import_text(self.send(self.soviet))


def resigned(text: str, numbers: int | tuple[int, ...], change, key: Identity) -> str:
    """The file `text` as a cheating player makes it: entry `numbers` (or each of them)
    changed by `change` (an Entry to an Entry), then it and every entry after it signed
    again with `key`, his own, so that the chain and the signatures hold."""
    from dataclasses import replace

    from owsqt.journal.textformat import parse, render_entry, signed

    chosen = (numbers,) if isinstance(numbers, int) else numbers
    parsed = parse(text)
    lines, digest = [*parsed.header.lines(), ""], parsed.header.digest()
    for entry in parsed.entries:
        if entry.number in chosen:
            entry = change(entry)
        if entry.number >= min(chosen):
            entry = signed(replace(entry, signature=None), digest, key.sign)
        rendered, digest = render_entry(entry, digest)
        lines.extend(rendered)
    return "\n".join(lines) + "\n"
