"""[E-mail play] Standing orders in the file: each side's orders as its last `orders` entry
gave them, the answers this player's program writes by the opponent's orders, and the
check of the answers an opponent's file writes by this player's (players/standing.py
says what each order answers; docs/pbem-format.md, "Standing orders").

An `orders` entry holds `+ orders` (the side's orders: `question=answer` words in the
questions' order, `-` for none) and, for orders given to single stacks, `+ stacks`
(`UNIT:question=answer,...` words, a stack's orders named by one of its units). An answer
by order is an `act` entry of the player who wrote the file, its action the other side's,
with `+ order question=answer`: the reader's program makes the answer again from the state
before it and the orders in force, and an entry whose action differs breaks the exchange's
rules. The exchange (email.py) holds one StandingOrders."""

from __future__ import annotations

from collections.abc import Mapping

from owsqt.journal.textformat import Entry, EntryKind, JournalError
from owsqt.players.standing import QUESTIONS, Orders, ordered, orders_problem
from owsqt.rules.core.actions import Action, action_to_data
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player
from owsqt.session import exchangenotes as notes
from owsqt.session.exchangegame import Game
from owsqt.session.problems import EMAIL_RULE

Stacks = FrozenMap[str, Orders]  # a unit -> the orders of the stack it stands in
NONE = "-"


def orders_text(orders: Mapping[str, str]) -> str:
    """The words of `orders` in a file: `question=answer`, in the questions' order."""
    words = [f"{q}={orders[q]}" for q in QUESTIONS if q in orders]
    return " ".join(words) or NONE


def stacks_text(stacks: Mapping[str, Mapping[str, str]]) -> str:
    """The words of the stacks' orders: `UNIT:question=answer,...`, by unit."""
    return " ".join(
        f"{unit}:{orders_text(stacks[unit]).replace(' ', ',')}"
        for unit in sorted(stacks)
        if stacks[unit]
    )


def orders_from_text(text: str) -> Orders:
    """The orders the words `text` give; ValueError saying what is wrong."""
    if text == NONE:
        return FrozenMap()
    found: dict[str, str] = {}
    for word in text.split(" "):
        question, equals, answer = word.partition("=")
        if not equals or question in found:
            raise ValueError(f"{word!r} is not one standing order, question=answer")
        found[question] = answer
    problem = orders_problem(found)
    if problem is not None:
        raise ValueError(problem)
    if orders_text(found) != text:
        raise ValueError(f"the standing orders are written {orders_text(found)!r}")
    return FrozenMap(found)


def stacks_from_text(text: str) -> Stacks:
    """The stacks' orders the words `text` give; ValueError saying what is wrong."""
    found: dict[str, Orders] = {}
    for word in text.split(" "):
        unit, colon, orders = word.partition(":")
        if not colon or not unit or unit in found:
            raise ValueError(f"{word!r} is not the orders of one stack, UNIT:question=answer")
        found[unit] = orders_from_text(orders.replace(",", " "))
    if stacks_text(found) != text:
        raise ValueError(f"the stacks' orders are written {stacks_text(found)!r}")
    return FrozenMap(found)


class StandingOrders:
    """Both sides' standing orders as the file stands."""

    def __init__(self, game: Game) -> None:
        self._game = game
        self._orders: dict[str, tuple[Orders, Stacks]] = {}

    def of(self, side: Player) -> tuple[Orders, Stacks]:
        """`side`'s orders and his stacks' orders in force (none until he gives some)."""
        return self._orders.get(side.value, (FrozenMap(), FrozenMap()))

    def give(self, side: Player, orders: Orders, stacks: Mapping[str, Orders]) -> None:
        """Journal `side`'s new standing orders (ValueError for orders this program does
        not know, or a stack's unit that is not in the game)."""
        problem = orders_problem(orders) or next(
            (p for o in stacks.values() if (p := orders_problem(o)) is not None), None
        )
        problem = problem or self._unknown_unit(stacks)
        if problem is not None:
            raise ValueError(problem)
        fields = [("orders", orders_text(orders))]
        kept = {unit: o for unit, o in stacks.items() if o}
        if kept:
            fields.append(("stacks", stacks_text(kept)))
        self._game.write_note(
            EntryKind.ORDERS,
            side.value,
            fields=tuple(fields),
            narration=(notes.ordered(side),),
            effect=self.take,
        )

    def take(self, entry: Entry) -> None:
        """An `orders` entry, written here or read from a file: its side's orders now."""
        given = entry.field("stacks")
        try:
            orders = orders_from_text(entry.field("orders") or "")
            stacks = stacks_from_text(given) if given is not None else FrozenMap()
        except ValueError as error:
            raise JournalError(str(error), entry.number) from None
        unknown = self._unknown_unit(stacks)
        if unknown is not None:
            raise JournalError(unknown, entry.number)
        self._orders[entry.by or ""] = (orders, stacks)

    def _unknown_unit(self, stacks: Mapping[str, Orders]) -> str | None:
        """Why the stacks' orders name a unit the game does not hold (None: they do not)."""
        unknown = sorted(u for u in stacks if u not in self._game.state.units)
        return f"there is no unit {unknown[0]!r} in this game" if unknown else None

    def answer(self, mine: frozenset[str]) -> None:
        """Answer, by the opponent's orders, every question the game asks him now."""
        if len(mine) != 1:
            return
        opponent = Player(next(iter(mine))).opponent
        while True:
            found = ordered(self._game.ruleset, self._game.state, opponent, *self.of(opponent))
            if found is None:
                return
            question, answer, action = found
            outcome = self._game.write_action(action, (("order", f"{question}={answer}"),))
            if not outcome.applied:  # it was judged legal: nothing has changed since
                raise JournalError(f"the answer by the standing order {question} is refused")

    def replayed(self, entry: Entry, action: Action, before: GameState) -> list[tuple[str, str]]:
        """The rules (rule, message) an answer by order read from a file breaks: it must be
        the other side's, and the very action his orders in force give."""
        writer = Player(entry.by or "")
        side = writer.opponent
        found = ordered(self._game.ruleset, before, side, *self.of(side))
        grid = self._game.ruleset.grid
        if found is None:
            return [(EMAIL_RULE, f"no standing order of the {side.title} player answers now")]
        question, answer, made = found
        if entry.field("order") != f"{question}={answer}" or action_to_data(
            made, grid
        ) != action_to_data(action, grid):
            return [
                (
                    EMAIL_RULE,
                    f"the {side.title} player's standing order {question}={answer} answers "
                    "otherwise",
                )
            ]
        return []

    def save_point(self) -> dict[str, tuple[Orders, Stacks]]:
        return dict(self._orders)

    def restore(self, saved: dict[str, tuple[Orders, Stacks]]) -> None:
        self._orders = saved
