"""E-mail games by random legal actions: the fuzzer's games, played by two sessions with keys
of their own that trade files whenever the other side must act (docs/pbem-format.md).

    python -m tools.fuzz --email --games N

Each game is reproducible from its seed: the keys, the game id and the fresh shares of the
dice, and so every file's dice (journal/filedice.py), are all made from it. Besides
everything `solo.play_game` checks, a game fails when a file is refused on import, when an
action is refused for a reason of the exchange, when the two players' files differ at the
end, or when the final file does not verify.
"""

from __future__ import annotations

import hashlib
import itertools
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from owsqt.journal.identity import Identity
from owsqt.journal.store import write_atomically
from owsqt.journal.textformat import JournalError, Play
from owsqt.players.standing import QUESTIONS
from owsqt.rules.air.candidates import sampled_missions
from owsqt.rules.air.charts import units_in
from owsqt.rules.core.actions import EndStep
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import AirBox, Player
from owsqt.rules.fog.option import FOG_OF_WAR
from owsqt.rules.legalactions import PLANNED_ATTACKS, enemy_contacts
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.worlds.belief import with_phantoms
from owsqt.session import GameSession, game_from_text, join_game, new_game
from owsqt.session.emailimport import ImportReport
from owsqt.session.referee import Refereed
from owsqt.session.secrets import ALLOCATION
from tools.fuzz.hostile import Cheater, forgeries_taken
from tools.fuzz.settings import Setting
from tools.fuzz.solo import (
    MAX_ACTIONS,
    FuzzFailure,
    GameReport,
    Invariants,
    check_replay,
    outcome_of,
    play_out,
)

ORDERS_CHANGE = 0.1  # how often a player changes his standing orders in a file


class Table:
    """The two players' sessions and which of them holds the game now."""

    def __init__(
        self,
        ruleset: Ruleset,
        seed: int,
        setting: Setting,
        watch: Callable[[str, GameSession | None, Callable[[str], object]], None] | None = None,
        orders: bool = False,
    ) -> None:
        """`watch(text, victim, join)` sees each file before the other player takes it in:
        his session (None before he joins) and how he would join with a file. `orders`:
        each side gives random standing orders (not under the fog of war, where none are
        used)."""
        self.ruleset = ruleset
        self.watch = watch
        self.keys = {p: Identity.from_seed(f"fuzz {seed} {p.value}".encode()) for p in Player}
        ticks = itertools.count()
        self.clock = lambda: f"1942-12-12T{next(ticks) // 3600 % 24:02d}:00:00Z"
        game = hashlib.sha256(f"owsqt fuzz game {seed}".encode()).hexdigest()[:32]
        self.sessions = {
            Player.GERMAN: new_game(
                ruleset,
                setting.scenario,
                Mode.STRICT,
                options=setting.options,
                play=Play.EMAIL,
                identity=self.keys[Player.GERMAN],
                game=game,
                clock=self.clock,
            )
        }
        self.sessions[Player.GERMAN].email.fresh = self._fresh(seed, Player.GERMAN)
        self.seed = seed
        self.holder = Player.GERMAN
        self.files = 0
        # Standing orders (players/standing.py): random ones for each side, from the seed
        self.orders = random.Random(f"orders {seed}") if orders else None
        self._give_orders(Player.GERMAN)
        # Bids and air allocations sealed ahead (6.1, 4.3, session/sealedbids.py): each file,
        # when it may, carries its sender's next ones, chosen at random
        self.ahead = random.Random(f"ahead {seed}")

    def _give_orders(self, side: Player) -> None:
        """The side's random standing orders, an answer chosen at random to every question
        (a player who gives orders gives them all: the dialog's Usual fills each), given in
        his first file and now and then changed in a later one (ORDERS_CHANGE)."""
        state = self.session.state
        if self.orders is None or FOG_OF_WAR in state.options or state.phase is Phase.GAME_OVER:
            return
        rng = self.orders
        orders = {q: rng.choice(k.answers) for q, k in QUESTIONS.items()}
        self.sessions[side].email.give_orders(FrozenMap(orders))

    @staticmethod
    def _fresh(seed: int, side: Player) -> Callable[[], str]:
        """[Dice] The fresh shares of `side`'s sends, made from the game's seed: the system's
        randomness would make each game differ."""
        counter = itertools.count()
        return lambda: hashlib.sha256(
            f"fuzz {seed} {side.value} {next(counter)}".encode()
        ).hexdigest()

    @property
    def session(self) -> GameSession:
        return self.sessions[self.holder]

    def hand_over(self, ahead: bool = True) -> ImportReport | None:
        """The holder sends his file, with `ahead` his next bid and allocation sealed ahead
        when he may; the other player joins with it (None) or imports it (what the import
        brought)."""
        if ahead:
            self._seal_ahead()
        text = self._send()
        self.files += 1
        other = self.holder.opponent
        report = None
        if self.watch is not None:
            self.watch(text, self.sessions.get(other), self._joiner(other))
        if other in self.sessions:
            report = self._take_in(other, text)
            self.holder = other
            if self.orders is not None and self.orders.random() < ORDERS_CHANGE:
                self._give_orders(other)
        else:
            self.sessions[other] = self._join(other, text)
            self.holder = other
            self._give_orders(other)
        return report

    # The transport of the files, which a table through a Matrix room replaces
    # (tests/network/test_network_game.py): the holder's send, the other's import or join.

    def _send(self) -> str:
        _, text = self.session.email.send()
        return text

    def _take_in(self, side: Player, text: str) -> ImportReport:
        return self.sessions[side].email.import_text(text)

    def _join(self, side: Player, text: str) -> GameSession:
        return join_game(
            self.ruleset,
            text,
            identity=self.keys[side],
            clock=self.clock,
            fresh=self._fresh(self.seed, side),
        )

    def _seal_ahead(self) -> None:
        """[6.1, 4.3] The holder's next bid and air allocation, sealed ahead when he may:
        a bid as the random player bids, missions for his air units ready now."""
        email, state = self.session.email, self.session.state
        if email.why_not_bid_ahead() is None:
            contacts = enemy_contacts(self.ruleset, state, self.holder)
            email.bid_ahead(min(self.ahead.choice(PLANNED_ATTACKS), len(contacts)))
        if email.why_not_seal_ahead(ALLOCATION) is None:
            ready = units_in(self.ruleset, state, self.holder, AirBox.READY)
            email.allocate_ahead(sampled_missions(self.ruleset, ready, self.ahead))

    def _joiner(self, side: Player) -> Callable[[str], object]:
        """How `side`'s player joins the game with a file (the session is not kept)."""
        return lambda text: join_game(
            self.ruleset, text, identity=self.keys[side], clock=self.clock
        )


def play_email_game(
    ruleset: Ruleset,
    seed: int,
    *,
    journal_dir: Path | None = None,
    max_actions: int = MAX_ACTIONS,
    last_turn: int | None = None,
    invariants: Invariants | None = None,
    setting: Setting | None = None,
    hostile: bool = False,
    orders: bool = False,
    table_class: type[Table] = Table,
) -> GameReport:
    """Play one strict e-mail game of `setting` (We are coming! unless given) with `seed`;
    FuzzFailure if it breaks. `hostile`: before each file, its sender forges variants of it,
    which the other player's program must refuse (tools/fuzz/hostile.py). `orders`: both
    players give random standing orders, which answer the questions they cover.
    `table_class`: how the files go from one player to the other (Table: by hand)."""
    started = time.perf_counter()
    rng = random.Random(seed)
    setting = setting or Setting()
    fog = FOG_OF_WAR in setting.options  # 18.1: each program plays on its side's world
    if fog:  # the invariants hold of each world, whose phantoms are units too
        invariants = Invariants(with_phantoms(ruleset))
    invariants = invariants or Invariants(ruleset)
    cheats: Counter[str] = Counter()
    watch = None
    if hostile:
        cheater = Cheater({}, random.Random(f"cheats {seed}"), cheats)

        def watch(text: str, victim: GameSession | None, join: Callable[[str], object]) -> None:
            wrong = forgeries_taken(cheater, text, victim, join)
            if wrong:
                raise fail("; ".join(wrong))

    table = table_class(ruleset, seed, setting, watch, orders)
    if hostile:
        cheater.keys = table.keys

    def fail(message: str) -> FuzzFailure:
        journal = None
        if journal_dir is not None:
            journal = journal_dir / f"fuzz-email-seed-{seed}.owsg"
            write_atomically(journal, table.session.text())
        state = table.session.state
        position = f"turn {state.turn}, {state.phase}/{state.segment}, file {table.files}"
        return FuzzFailure(seed, f"{message} ({position})", journal)

    def hand_over(ahead: bool = True) -> ImportReport | None:
        try:
            return table.hand_over(ahead)
        except (JournalError, ValueError) as error:
            raise fail(f"the hand-over failed: {error}") from error

    while table.session.state.phase is Phase.SETUP:  # each side sets up its own (19.11)
        if table.session.players.why_not_act(EndStep(player=table.session.state.active)):
            hand_over()
        table.session.apply_default_setup()
    kinds = play_out(
        ruleset, rng, lambda: table.session, fail, invariants, max_actions, last_turn, hand_over
    )
    hand_over()
    if not fog:
        for _ in range(2):  # what the last one wrote by himself on import goes back (6.1)
            if len({t.text() for t in table.sessions.values()}) == 1:
                break
            hand_over(ahead=False)
        _check_the_files_agree(ruleset, table, fail)
    elif table.session.state.phase is Phase.GAME_OVER:  # 18.1: the last to open his seals
        # sends them back (a game stopped at `last_turn` is not over: none are opened yet)
        last = hand_over()
        _check_the_referee_agrees(ruleset, table, fail, last.refereed if last else None)
    check_replay(ruleset, table.session, fail, table.keys[table.holder])
    result = outcome_of(table.session.state)
    if last_turn is None and not result:
        raise fail("the game ended with no result (19.0)")
    elapsed = time.perf_counter() - started
    return GameReport(
        seed,
        sum(kinds.values()),
        dict(kinds),
        elapsed,
        result,
        setting,
        dict(cheats),
        files=table.files,
        turns=min(table.session.state.turn, last_turn or table.session.state.turn),
    )


def play_email_games(ruleset: Ruleset, seed: int, **options: Any) -> GameReport:
    """The e-mail game of `seed` played twice, as `play_email_game` plays it: without standing
    orders, then with random ones (not under the fog of war, where none are used); the first
    game's report, with the files and turns of the second."""
    plain = play_email_game(ruleset, seed, **options)
    if FOG_OF_WAR in plain.setting.options:
        return plain
    ordered = play_email_game(ruleset, seed, orders=True, **options)
    return replace(plain, ordered_files=ordered.files, ordered_turns=ordered.turns)


def _check_the_referee_agrees(ruleset: Ruleset, table: Table, fail, found: Refereed | None) -> None:
    """[18.1] Both players hold the same file, which the referee the last import ran
    (`found`) replayed whole without a broken rule or an entry that tells other than its
    writer's world, to a game whose units each player's world holds as it shows them."""
    german, soviet = (table.sessions[p] for p in Player)
    if german.text() != soviet.text():
        raise fail("the two players' files differ after the last file")
    if found is None:
        raise fail("the last import did not referee the game, both seals open")
    if found.problems:
        raise fail("the referee finds: " + "; ".join(map(str, found.problems)))
    for side, session in table.sessions.items():
        units = {u: s for u, s in session.state.units.items() if u in found.state.units}
        own = {u for u in found.state.units if ruleset.catalogue.ground[u].player is side}
        if any(units.get(u) != found.state.units[u] for u in own):
            raise fail(f"the {side.title} player's own units differ from the whole game's")


def _check_the_files_agree(ruleset: Ruleset, table: Table, fail) -> None:
    german, soviet = (table.sessions[p] for p in Player)
    if german.text() != soviet.text() or german.state != soviet.state:
        raise fail("the two players' games differ after the last file")
    audited = game_from_text(ruleset, german.text(), audit=True)
    if audited.problems:
        raise fail("the final file breaks rules: " + "; ".join(map(str, audited.problems)))
