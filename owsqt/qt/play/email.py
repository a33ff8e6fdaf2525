"""Play by e-mail at the table (docs/pbem-format.md): join a game from the opponent's first
file, open each of his files (checked, then replayed on the map), and send one's own.

The window owns one EmailPlay and calls `refresh()` after every change; the session's
exchange does the exchange itself (send, import_text; session.join_game) and this only asks
for files and says what came of it. A send is asked for its file name first, so that a
cancelled dialog sends nothing; once sent, the same action writes that file again until the
opponent's reply is opened."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from PySide6.QtCore import QObject, QSettings
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QFileDialog, QMenu, QMessageBox, QWidget

from owsqt.journal import pbem
from owsqt.journal.identity import fingerprint
from owsqt.journal.store import read_text, write_atomically
from owsqt.journal.textformat import EntryKind, JournalError
from owsqt.players.standing import Orders
from owsqt.qt.bridge import SessionBridge
from owsqt.qt.play.airaheaddialog import AirAheadDialog
from owsqt.qt.play.initiativedialog import BidDialog
from owsqt.qt.play.networkplay import NetworkPlay
from owsqt.qt.play.offthread import run_off_thread
from owsqt.qt.play.ordersdialog import StandingOrdersDialog
from owsqt.rules.core.actions import EndStep
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.setup.placing import setup_rule
from owsqt.session import GameSession, ImportRefused, join_game
from owsqt.session.email import EmailExchange
from owsqt.session.referee import Refereed
from owsqt.session.secrets import ALLOCATION, ahead_turn
from owsqt.userfiles import new_autosave_path

SEND_KEYS = "Ctrl+Shift+E"
OPEN_KEYS = "Ctrl+Alt+O"  # Ctrl+Shift+O is File ▸ Games…
JOIN_KEYS = "Ctrl+J"
DETAILS_KEYS = "Ctrl+Shift+I"
ORDERS_KEYS = "Ctrl+Alt+S"
BID_KEYS = "Ctrl+Alt+B"
AIR_KEYS = "Ctrl+Alt+A"
AIR_TIP = (
    "Seal your air allocation for the next Air Allocation Segment in the file you send now "
    f"(4.3): made for you at the step, with your units still ready then ({AIR_KEYS})"
)
BID_TIP = (
    "Seal your bid of planned attacks for the next Initiative Phase in the file you send now "
    "(6.1): your opponent cannot read it, and no file goes back and forth for the bids "
    f"({BID_KEYS})"
)
ORDERS_TIP = (
    "How your opponent's program answers the questions his phase asks you (your lead, "
    "losses, retreats, return fire) while you are away: each answered saves a file "
    f"({ORDERS_KEYS})"
)
FILE_FILTER = "owsqt games (*.owsg);;All files (*)"
FOLDER_SETTING = "email/folder"  # where the last e-mail file was written or read
SEND_TIP = (
    "End your part: the game is written to a file for you to attach to an e-mail to your "
    f"opponent ({SEND_KEYS})"
)
RESEND_TIP = (
    "You have sent this file already: write it again (to another place, say) until your "
    f"opponent's reply is opened ({SEND_KEYS})"
)


class EmailPlay(QObject):
    """The File menu's e-mail actions and what they do; `refresh()` follows the session."""

    def __init__(
        self,
        window: QWidget,
        bridge: SessionBridge,
    ) -> None:
        super().__init__(window)
        self._window, self.ruleset, self._bridge = window, bridge.ruleset, bridge
        self._offer_setup = False  # after the replay of an opponent's file
        self.network: NetworkPlay | None = None  # the game's room, when it has one
        self.join_action = self._action("&Join an e-mail game…", JOIN_KEYS, self.join)
        self.join_action.setToolTip(
            f"Take the other side of a game your opponent made, from his first file ({JOIN_KEYS})"
        )
        self.open_action = self._action("Open opponent's &file…", OPEN_KEYS, self.open_reply)
        self.open_action.setToolTip(
            "Check your opponent's file, replay his actions on the map and go on playing "
            f"({OPEN_KEYS})"
        )
        self.send_action = self._action("Sen&d to opponent…", SEND_KEYS, self.send)
        self.orders_action = self._action("Standing &orders…", ORDERS_KEYS, self.standing_orders)
        self.orders_action.setToolTip(ORDERS_TIP)
        self.bid_action = self._action("Seal next &bid…", BID_KEYS, self.seal_next_bid)
        self.bid_action.setToolTip(BID_TIP)
        self.air_action = self._action("Seal next &air allocation…", AIR_KEYS, self.seal_next_air)
        self.air_action.setToolTip(AIR_TIP)
        self.details_action = self._action("E-mail game &details…", DETAILS_KEYS, self.details)
        self.details_action.setToolTip(
            "The game's players and their key fingerprints, how the dice stand and the files "
            f"sent: compare the fingerprints with your opponent's ({DETAILS_KEYS})"
        )

    def _say(self, text: str) -> None:
        self._bridge.say(text, 15000)  # long enough to read a sentence

    def _action(self, text: str, keys: str, slot: Callable[[], None]) -> QAction:
        action = QAction(text, self._window)
        action.setShortcut(QKeySequence(keys))
        action.triggered.connect(slot)
        return action

    @property
    def session(self) -> GameSession:
        return self._bridge.session

    def actions(self) -> list[QAction]:
        return [self.join_action, self.open_action, self.send_action, self.details_action]

    # --- following the session -------------------------------------------------------------

    def refresh(self) -> None:
        """Enable what the exchange allows now: a send once the player may act (or a file sent
        to write again), an opponent's file in any e-mail game."""
        exchange = self.session.email
        email = exchange is not None
        sent = self._file_sent()
        self.open_action.setEnabled(email)
        self.details_action.setEnabled(email)
        orders_refused = exchange.why_not_give_orders() if exchange is not None else "by e-mail"
        self.orders_action.setEnabled(orders_refused is None)
        self.orders_action.setToolTip(
            ORDERS_TIP if orders_refused is None else f"Standing orders: not now, {orders_refused}"
        )
        bid_refused = exchange.why_not_bid_ahead() if exchange is not None else "by e-mail"
        self.bid_action.setEnabled(bid_refused is None)
        self.bid_action.setToolTip(BID_TIP if bid_refused is None else f"Not now: {bid_refused}")
        air_refused = (
            exchange.why_not_seal_ahead(ALLOCATION) if exchange is not None else "by e-mail"
        )
        self.air_action.setEnabled(air_refused is None)
        self.air_action.setToolTip(AIR_TIP if air_refused is None else f"Not now: {air_refused}")
        self.send_action.setEnabled(
            exchange is not None and (sent is not None or exchange.why_not_act() is None)
        )
        if sent is None:
            self.send_action.setText("Sen&d to opponent…")
            self.send_action.setToolTip(SEND_TIP if email else "Only e-mail games are sent")
        else:
            self.send_action.setText(f"Write file {sent} aga&in…")
            self.send_action.setToolTip(RESEND_TIP)

    def title_note(self) -> str:
        """' · e-mail, you play German' for the window's title; nothing in other plays."""
        if self.session.email is None:
            return ""
        side = self._side()
        return f" · e-mail, you play {side.title}" if side else " · e-mail, not your game"

    def hint(self, text: str) -> str:
        """The step hint, or in e-mail play what the exchange waits for when it is not you."""
        return self.why_wait() or text

    def why_wait(self) -> str | None:
        """Why the player at this computer waits in an e-mail game, and what to do (None: he
        acts, or the game is not by e-mail): his file sent, or the game his opponent's."""
        exchange = self.session.email
        if exchange is None:
            return None
        waiting = exchange.why_not_act()
        if waiting:
            return f"Waiting for your opponent's file: {waiting} ({_where(self.open_action)})"
        return self._send_him() if exchange.waiting_for_opponent() else None

    def _send_him(self) -> str:
        opponent = self._own_side().opponent.title
        return f"Waiting for the {opponent} player: send him your file ({_where(self.send_action)})"

    # --- standing orders -------------------------------------------------------------------

    def standing_orders(self) -> None:
        """Show this player's standing orders to change; given, they go with his next file."""
        exchange = self._exchange()
        orders, stacks = exchange.orders_of(self._own_side())
        dialog = StandingOrdersDialog(self._window, orders)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        chosen = dialog.orders()
        if chosen != orders:
            self._give(chosen, stacks, f"Standing orders given ({len(chosen)} answered)")

    # --- a bid sealed ahead ----------------------------------------------------------------

    def seal_next_bid(self) -> None:
        """[6.1] Ask this player's bid for the next Initiative Phase and seal it in his file."""
        exchange = self._exchange()
        side = self._own_side()
        turn = ahead_turn(self.session.state, side)
        if exchange.why_not_bid_ahead() is not None or turn is None:
            return
        dialog = BidDialog(side, self._window, turn=turn)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        try:
            exchange.bid_ahead(dialog.spin.value())
        except (OSError, ValueError) as error:
            self._warn("Cannot seal your bid", f"{_reason(error)}\n\nNo bid was sealed.")
            return
        finally:
            self._bridge.refresh()
        self._say(f"Your bid for turn {turn} is sealed: it goes with your next file (6.1)")

    def seal_next_air(self) -> None:
        """[4.3] Ask this player's next air allocation and seal it in his file."""
        exchange = self._exchange()
        side = self._own_side()
        state = self.session.state
        turn = ahead_turn(state, side, ALLOCATION)
        if exchange.why_not_seal_ahead(ALLOCATION) is not None or turn is None:
            return
        dialog = AirAheadDialog(self._window, self.ruleset, state, side, turn)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        try:
            exchange.allocate_ahead(dialog.missions())
        except (OSError, ValueError) as error:
            self._warn("Cannot seal your allocation", f"{_reason(error)}\n\nNothing was sealed.")
            return
        finally:
            self._bridge.refresh()
        self._say(f"Your air allocation for turn {turn} is sealed: it goes with your next file")

    def add_stack_entry(self, menu: QMenu, unit_id: str) -> None:
        """A counter's menu in an e-mail game, for a unit of this player's side: 'Standing
        orders for this stack…', greyed with why when he may not give orders now."""
        exchange = self.session.email
        side = self._side() if exchange is not None else None
        if exchange is None or side is None:
            return
        if self.ruleset.catalogue.ground[unit_id].player is not side:
            return
        menu.addSeparator()
        action = menu.addAction("Standing orders for this &stack…")
        reason = exchange.why_not_give_orders()
        action.setEnabled(reason is None)
        action.setToolTip(
            "How your opponent's program answers the questions about this stack alone"
            if reason is None
            else f"Not now: {reason}"
        )
        action.triggered.connect(lambda: self.stack_orders(unit_id))

    def stack_orders(self, unit_id: str) -> None:
        """Show the orders the stack of `unit_id` has of its own, to change; given, they go
        with the next file."""
        exchange = self._exchange()
        orders, stacks = exchange.orders_of(self._own_side())
        name = self.ruleset.catalogue.ground[unit_id].name
        dialog = StandingOrdersDialog(self._window, stacks.get(unit_id, {}), stack=name)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        kept = {u: o for u, o in stacks.items() if u != unit_id}
        if dialog.orders():
            kept[unit_id] = dialog.orders()
        if kept != dict(stacks):
            self._give(orders, FrozenMap(kept), f"Standing orders for the stack of {name} given")

    def _give(self, orders: Orders, stacks: Mapping[str, Orders], said: str) -> None:
        """Give the side's `orders` and `stacks`' own, and say so; a refusal is shown."""
        try:
            self._exchange().give_orders(orders, stacks)
        except (OSError, ValueError) as error:
            self._warn("Cannot give standing orders", f"{_reason(error)}\n\nNone were given.")
            return
        finally:
            self._bridge.refresh()
        self._say(f"{said}: they go with your next file")

    # --- sending ---------------------------------------------------------------------------

    def send(self) -> None:
        """Ask where to write the file, then send (a SEND entry) and write it there. A file
        already sent is written again, unchanged, wherever the player says. A game played
        through a room ends the part there instead (networkplay.py)."""
        if self.network is not None and self.network.active and self._file_sent() is None:
            self.network.send()
            return
        session, exchange = self.session, self._exchange()
        again = self._file_sent()
        number = again or exchange.files_sent + 1
        opponent = self._own_side().opponent.title
        name = pbem.file_name(session.header.scenario, session.header.game, number)
        chosen, _ = QFileDialog.getSaveFileName(
            self._window, f"Send file {number} to the {opponent} player",
            str(self._folder() / name), FILE_FILTER,
        )  # fmt: skip
        if not chosen:
            return
        path = _with_suffix(Path(chosen))
        if again is None:
            try:
                _, text = exchange.send()
            except (OSError, ValueError) as error:
                self._warn("Cannot send", f"{_reason(error)}\n\nNothing was sent.")
                return
            finally:
                self._bridge.refresh()
        else:
            text = session.text()
        self._write(path, number, text, opponent)

    def _write(self, path: Path, number: int, text: str, opponent: str) -> None:
        try:
            write_atomically(path, text)
        except OSError as error:
            self._warn(
                f"Cannot write file {number}",
                f"{path}\n\n{_reason(error)}\n\nThe game holds the send: choose another "
                f"place with {_where(self.send_action)}",
            )
            return
        self._remember(path)
        self._say(
            f"File {number} written to {path}: attach it to an e-mail to the {opponent} player"
        )

    def _file_sent(self) -> int | None:
        """The number of the file this player sent last, while no reply is opened."""
        entries = self.session.entries
        if not entries or entries[-1].kind is not EntryKind.SEND:
            return None
        last = entries[-1]
        return int(last.field("file") or 0) if last.by in self.session.players.local_sides else None

    # --- opening the opponent's files -----------------------------------------------------

    def open_reply(self) -> None:
        """Take in the opponent's file and replay what it brings; a bad or illegal file is
        refused with its reasons and the game stays as it was. The import runs off the
        window's thread (offthread.py), the window drawn and its input held meanwhile, with a
        progress dialog when it takes longer than a moment; what it brought is shown here."""
        path = self._ask_file("Open your opponent's file")
        if path is None:
            return
        exchange = self._exchange()
        try:
            text = read_text(path)
            report = run_off_thread(
                self._window,
                f"Checking {path.name}",
                lambda progress: exchange.import_text(text, progress),
            )
        except (JournalError, OSError) as error:
            self._refuse(path, error)
            return
        finally:
            self._bridge.refresh()
        self._say(
            f"File {report.file_number} from the {self._own_side().opponent.title} player: "
            f"entries {report.first_entry} to {report.last_entry}. Watch them, then Continue play"
            + _verdict(report.refereed)
        )
        self._offer_setup = True
        self._bridge.watch(report.first_entry, report.last_entry)

    def join(self) -> None:
        """Take the free side of a game from its creator's first file, in a new autosave."""
        path = self._ask_file("Join an e-mail game: your opponent's first file")
        if path is None:
            return
        try:
            text = read_text(path)
            session = run_off_thread(
                self._window,
                f"Checking {path.name}",
                lambda _progress: join_game(self.ruleset, text, path=new_autosave_path()),
            )
        except (OSError, ValueError) as error:  # a JournalError, or our key's file unreadable
            self._refuse(path, error)
            return
        self._bridge.replace(session)
        side = self._own_side().title
        self._say(f"You joined the game as the {side} player; play your part, then send it")
        creator = len(session.entries) - 1  # his entries, then our join
        if creator > 1:  # more than his send: watch what he did
            self._offer_setup = True
            self._bridge.watch(1, creator)
        else:
            self.offer_setup()

    def replay_over(self) -> None:
        """The player left the replay of a file: now he may want his side set up."""
        if self._offer_setup:
            self._offer_setup = False
            self.offer_setup()

    def offer_setup(self) -> None:
        """In the player's own set-up step, offer the scenario's default set-up of his side."""
        session = self.session
        state = session.state
        if (
            state.phase is not Phase.SETUP
            or state.active is None
            or session.players.why_not_act(EndStep())
        ):
            return
        title = state.active.title
        scenario = self.ruleset.scenarios.get(state.scenario)
        answer = QMessageBox.question(
            self._window,
            "Default set-up?",
            f"It is your set-up, {title} player. Place your counters as the scenario's default "
            f"set-up has them and end your set-up ({setup_rule(scenario, state.active)})?\n\n"
            "No: place them by hand from the Set-up tray, then End step.",
        )
        if answer != QMessageBox.StandardButton.Yes:
            return
        try:
            session.apply_default_setup()
        except OSError as error:
            self._warn("Cannot write the game file", _reason(error))
        self._bridge.refresh()

    def details(self) -> None:
        """Who plays, with which key, and where the exchange stands: what two players compare
        by another channel before they trust each other's files (docs/pbem-format.md)."""
        session = self.session
        exchange, header = self._exchange(), session.header
        title = self.ruleset.scenarios[header.scenario].title
        lines = [f"Game {header.game[:8]} ({title}), {session.mode.value} mode."]
        for player in Player:
            key = exchange.keys.get(player.value)
            mine = " (yours)" if player.value in exchange.local_sides else ""
            shown = fingerprint(key) if key else "not joined yet"
            lines.append(f"{player.title} key: {shown}{mine}")
        lines.append(
            "Compare the fingerprints with your opponent's by telephone or a message of your "
            "own: the files prove that the same keys signed them, not whose keys they are."
        )
        lines.append(f"Dice: {exchange.dice_report()}. Files sent: {exchange.files_sent}.")
        lines.extend(exchange.sealed_described())
        box = QMessageBox(
            QMessageBox.Icon.Information,
            "E-mail game details",
            "\n\n".join(lines),
            QMessageBox.StandardButton.Ok,
            self._window,
        )
        box.exec()

    # --- files and messages ----------------------------------------------------------------

    def _ask_file(self, title: str) -> Path | None:
        chosen, _ = QFileDialog.getOpenFileName(
            self._window, title, str(self._folder()), FILE_FILTER
        )
        if not chosen:
            return None
        path = Path(chosen)
        self._remember(path)
        return path

    def _folder(self) -> Path:
        folder = QSettings("owsqt", "owsqt").value(FOLDER_SETTING, "")
        if isinstance(folder, str) and folder and Path(folder).is_dir():  # value() is untyped
            return Path(folder)
        return Path.home()

    def _remember(self, path: Path) -> None:
        QSettings("owsqt", "owsqt").setValue(FOLDER_SETTING, str(path.parent))

    def _side(self) -> Player | None:
        sides = self.session.players.local_sides
        return Player(next(iter(sides))) if len(sides) == 1 else None

    def _own_side(self) -> Player:
        """The side of this player, in an e-mail game he is in: each player has one."""
        side = self._side()
        assert side is not None
        return side

    def _exchange(self) -> EmailExchange:
        """The session's exchange, for the actions enabled in e-mail games only."""
        exchange = self.session.email
        assert exchange is not None
        return exchange

    def _refuse(self, path: Path, error: Exception) -> None:
        """The file's name, what is wrong with it, and every broken rule in the details."""
        if isinstance(error, ImportRefused):
            found = len(error.problems)
            text = f"Its actions break the rules ({found} found: see the details)."
            details = "\n".join(str(problem) for problem in error.problems)
        else:
            text, details = _reason(error), ""
        self._warn(
            "Cannot open your opponent's file",
            f"{path.name}\n\n{text}\n\nYour game is as it was.",
            details,
        )

    def _warn(self, title: str, text: str, details: str = "") -> None:
        box = QMessageBox(
            QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, self._window
        )
        if details:
            box.setDetailedText(details)
        box.exec()


def _where(action: QAction) -> str:
    """'File ▸ Send to opponent…, Ctrl+Shift+E': where a hint finds a File menu action."""
    text = action.text().replace("&", "")
    return f"File ▸ {text}, {action.shortcut().toString()}"


def _reason(error: Exception) -> str:
    return str(getattr(error, "strerror", None) or error)


def _with_suffix(path: Path) -> Path:
    return path if path.suffix else path.with_suffix(pbem.FILE_SUFFIX)


def _verdict(found: Refereed | None) -> str:
    """[18.1] What the referee found, once both players' seals are open."""
    if found is None:
        return ""
    if not found.problems:
        return ". Both players' seals are open: the whole game replays and verifies (18.1)"
    first = found.problems[0]
    return (
        f". Both players' seals are open: the whole game breaks {len(found.problems)} rules, "
        f"first at #{first.entry}: {first.rule}: {first.message} (owsqt verify lists them)"
    )
