"""What a move at the table would be: the units of a hex that may move now, the hexes they
can reach, the path to a hex with its bill and the rule it breaks, and the action a drop on
a hex becomes (3.1, 7.1, 8.1-8.3, 19.0, 11.7).

The table shows a plan and turns a drop into the MoveStack the engine judges; both ask the
StackMove that `stack_move` shares per state and stack, so a drop prices its path once.
Where a hex is out of reach the route still goes there: the cheapest path to the reached
hex nearest it, then straight on, so the bill names the rule that stops it and the engine
judges that same path.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from fractions import Fraction

from owsqt.rules.core.actions import Action, MoveStack, PlaceUnits
from owsqt.rules.core.hexgrid import Hex, distance, line
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import UnitStatus
from owsqt.rules.movement.arrivals import arrival_of
from owsqt.rules.movement.moveaction import movable_units
from owsqt.rules.movement.ringhold import stays_put
from owsqt.rules.movement.stackmove import PathPrice, Reach, StackMove, stack_move
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.turn.formations import is_mechanized, is_sixth_army, sixth_army_wait, units_move


def moves_by_rules(state: GameState, mode: Mode) -> bool:
    """Whether a drop is a move under the rules (MoveStack) rather than one by hand
    (PlaceUnits): in a judged game, once set-up is over (3.1) and until the game ends."""
    return mode is not Mode.FREE and state.phase not in (Phase.SETUP, Phase.GAME_OVER)


def may_plan(
    ruleset: Ruleset, state: GameState, mode: Mode, units: tuple[str, ...], *, entering: bool
) -> bool:
    """Whether the table plans a move of `units` now: under the rules, in the acting
    player's movement segment (7.1), his own units, all on the map or all coming onto it."""
    if not moves_by_rules(state, mode) or not units_move(state):
        return False
    ground = ruleset.catalogue.ground
    if any(u not in ground or ground[u].player is not state.active for u in units):
        return False
    on_map = {state.units[u].status is UnitStatus.ON_MAP for u in units}
    return on_map == {not entering}


def why_unmovable(ruleset: Ruleset, state: GameState, hex_: Hex) -> str | None:
    """Why none of the acting player's units on `hex_` may move now, or None."""
    player = state.active
    if player is None or not units_move(state):
        return None
    catalogue = ruleset.catalogue
    own = [u for u in state.stack(hex_) if catalogue.ground[u].player is player]
    if not own or movable_units(ruleset, state, hex_):
        return None
    if state.segment is Segment.SOVIET_RING_FORCES:
        return (
            "only Ring Forces units released in this segment or forced to retreat by combat "
            "move now (5.2)"
        )
    if all(stays_put(ruleset, state, u) for u in own):
        return "these are Ring Forces units: they may not move once placed (5.2)"
    if all(state.units[u].reserve for u in own):
        return "these units are in reserve and may not move yet (19.11)"
    if all(u in state.movement.done for u in own):
        return "these units have finished their move this segment (8.1)"
    if is_sixth_army(ruleset, own[0]) or state.segment is Segment.SIXTH_ARMY_ACTIVATION:
        return sixth_army_wait(state, is_sixth_army(ruleset, own[0]))
    kind = "mechanized" if is_mechanized(ruleset, own[0]) else "non-mechanized"
    return f"these are {kind} units: they move in the {kind} movement segment (7.1)"


def entry_hexes(ruleset: Ruleset, state: GameState, units: tuple[str, ...]) -> tuple[Hex, ...]:
    """The hexes where all of `units` may come onto the map (those of the first unit when
    they share none: the engine then says which may not enter there)."""
    arrivals = [arrival_of(ruleset, state, u) for u in units]
    hexes = [a.hexes for a in arrivals if a is not None]
    if not hexes:
        return ()
    shared = [h for h in hexes[0] if all(h in others for others in hexes[1:])]
    return tuple(shared) or hexes[0]


@dataclass(frozen=True, slots=True)
class Route:
    """A path to a hex, its bill, and whether the hex is within reach."""

    target: Hex
    path: tuple[Hex, ...]
    price: PathPrice
    move: StackMove
    reachable: bool

    @property
    def legal_hexes(self) -> int:
        """How many hexes of the path, from its first, the stack gets to before it breaks
        a rule (all of them for a legal path)."""
        if self.price.violation is None:
            return len(self.path)
        count = 0 if self.move.entry is not None else 1
        spent = Fraction(0)
        for _, items in self.price.steps:
            spent += sum((i.points for i in items), Fraction(0))
            if spent > self.price.allowance:
                break
            count += 1
        return count

    def running_costs(self) -> list[Fraction | None]:
        """The MP spent on arriving in each hex of the path (None where it does not get,
        and on the hex a stack on the map starts from)."""
        spent: list[Fraction | None] = [None] * len(self.path)
        offset = 0 if self.move.entry is not None else 1
        total = Fraction(0)
        for index, (_, items) in enumerate(self.price.steps):
            total += sum((i.points for i in items), Fraction(0))
            if offset + index < len(spent):
                spent[offset + index] = total
        return spent


class MovePlan:
    """Where `units` can go: from their hex, or onto the map from one of `entries`."""

    def __init__(
        self,
        ruleset: Ruleset,
        state: GameState,
        units: tuple[str, ...],
        *,
        administrative: bool = False,
        entries: tuple[Hex, ...] = (),
    ) -> None:
        self.ruleset = ruleset
        self.state = state
        self.units = units
        self.administrative = administrative
        self.entries = entries
        self.entering = state.units[units[0]].status is not UnitStatus.ON_MAP
        if self.entering:
            self.moves = {
                e: stack_move(ruleset, state, units, administrative=administrative, entry=e)
                for e in entries
            }
        else:
            move = stack_move(ruleset, state, units, administrative=administrative)
            self.moves = {move.start: move}
        self.reaches: dict[Hex, Reach] = {key: move.reach() for key, move in self.moves.items()}
        self.hexes: frozenset[Hex] = frozenset(h for r in self.reaches.values() for h in r.spent)

    @property
    def start(self) -> Hex | None:
        """The hex the stack stands on; None for units coming onto the map."""
        return None if self.entering else next(iter(self.moves))

    @property
    def allowance(self) -> Fraction:
        return next(iter(self.moves.values())).allowance if self.moves else Fraction(0)

    def route_to(self, target: Hex) -> Route | None:
        """The cheapest path to `target`, or the path that shows why it is out of reach;
        None for units entering with no entry hex at all."""
        if not self.moves:
            return None
        found = [
            (r.spent[target], distance(k, target), k)
            for k, r in self.reaches.items()
            if target in r.spent
        ]
        if found:
            key = min(found)[2]
            path = tuple(self.reaches[key].path_to(target))
            return Route(target, path, self.moves[key].price(path), self.moves[key], True)
        key = min(self.reaches, key=lambda k: (distance(k, target), k))
        reach = self.reaches[key]
        if reach.spent:
            near = min(reach.spent, key=lambda h: (distance(h, target), reach.spent[h]))
            path = (*reach.path_to(near), *self._straight(near, target)[1:])
        else:  # not even the first hex: the entry hex itself is closed
            path = self._straight(key, target)
        return Route(target, path, self.moves[key].price(path), self.moves[key], False)

    def _straight(self, a: Hex, b: Hex) -> tuple[Hex, ...]:
        """The straight line from `a` to `b`; where it would leave the map (its edges are
        ragged), a shortest way over map hexes instead."""
        hexes = self.ruleset.game_map.hexes
        straight = line(a, b)
        if all(h in hexes for h in straight):
            return tuple(straight)
        came_from: dict[Hex, Hex | None] = {a: None}
        frontier = deque([a])
        while frontier and b not in came_from:
            hex_ = frontier.popleft()
            for _, other in self.ruleset.grid.neighbours(hex_):
                if other in hexes and other not in came_from:
                    came_from[other] = hex_
                    frontier.append(other)
        path: list[Hex] = [b]
        while (previous := came_from.get(path[-1])) is not None:
            path.append(previous)
        return tuple(reversed(path))

    def action_to(self, target: Hex) -> MoveStack | None:
        """The move a drop on `target` asks for; None for a drop back on the start hex."""
        if target == self.start:
            return None
        route = self.route_to(target)
        path = route.path if route is not None else (target,)
        return MoveStack(units=self.units, path=path, administrative=self.administrative)


def move_plan(
    ruleset: Ruleset, state: GameState, units: tuple[str, ...], *, administrative: bool = False
) -> MovePlan:
    """The plan of `units`: from their hex, or onto the map from their entry hexes (19.0,
    11.7). `administrative`: the kind of movement wanted for a move that starts now; a
    stack in motion keeps the kind it began with (8.3)."""
    entering = state.units[units[0]].status is not UnitStatus.ON_MAP
    entries = entry_hexes(ruleset, state, units) if entering else ()
    moving = state.movement.moving
    if not entering and all(u in moving for u in units):
        administrative = state.movement.administrative
    return MovePlan(ruleset, state, units, administrative=administrative, entries=entries)


def drop_action(
    ruleset: Ruleset,
    state: GameState,
    mode: Mode,
    units: tuple[str, ...],
    target: Hex,
    *,
    administrative: bool = False,
) -> Action | None:
    """What dropping `units` on `target` asks for: a move by hand in free play and set-up,
    else a MoveStack along the path the plan shows (to `target` alone for units with no
    way onto the map: the engine says why); None when the stack is dropped where it is."""
    if not moves_by_rules(state, mode):
        return PlaceUnits(units=units, to=target)
    return move_plan(ruleset, state, units, administrative=administrative).action_to(target)
