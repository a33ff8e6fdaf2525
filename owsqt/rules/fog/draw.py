"""[18.1, 12.4, 4.6] A bombardment of a hidden unit: under the fog of war the bombarding
side may fire at a unit it does not see, and the unit struck is drawn at random, by the
game's die, so that nobody chooses it.

18.1: "Players can attempt to bombard units even if their exact identity is not known. If
more than one hidden unit is stacked together, the bombarding player randomly selects which
unit will be bombarded." 12.4: "Headquarters units may not be subjected to bombardment. If
selected at random, pick another unit in the stack or the top unit if the headquarters unit
is the only hidden unit." 4.6: "the bombarding player may attack any hidden unit in a stack
by choosing one at random."

The candidates are numbered from the top of the stack; the die, read 1 as 0 to 10 as 9 (as
many dice as digits when more than ten units are drawn from), gives a number, and a number
at or above the largest multiple of the candidates' count is rolled again, so that each
candidate is exactly as likely as the others. Every roll is a DiceRolled event and the
draw a TargetDrawn event: the journal's dice replay the same draw.

Rules-only; the actions that use it are Bombard in a bombardment mission (12.2, 12.4) and
GroundAttack (4.6). During an attack's resolution every engaged unit is seen (18.1), so
the targets there are named."""

from __future__ import annotations

from owsqt.rules.core.dice import DIE_SIDES
from owsqt.rules.core.events import DiceRolled, Event, TargetDrawn
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.rolls import roll_die
from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import InvalidAction, Violation
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.data.units import UnitClass
from owsqt.rules.fog.option import fog_on
from owsqt.rules.fog.view import SideView, top_unit, view
from owsqt.rules.scenario.ruleset import Ruleset

NOT_BOMBARDED = (UnitClass.HEADQUARTERS, UnitClass.CONVOY)
"""[12.4] Headquarters may not be bombarded; [16.3] convoys have no combat value nor any
capability to absorb losses, and stand aside from combat (combat.prepared.fighting)."""


def one_target(target_unit: str | None, hidden_in: Hex | None) -> None:
    """A bombardment names its target unit, or the hex of a hidden unit: one of the two."""
    if target_unit is None and hidden_in is None:
        raise InvalidAction(
            "name the target unit (target_unit), or a hex's hidden unit (hidden_in)"
        )
    if target_unit is not None and hidden_in is not None:
        raise InvalidAction("name the target unit or a hex's hidden unit, not both")


def hidden_targets(
    ruleset: Ruleset, state: GameState, seen: SideView, hex_: Hex
) -> tuple[str, ...]:
    """[18.1, 12.4] The units a bombardment of a hidden unit on `hex_` may strike, by the
    side whose view `seen` is, top of the stack first: the units there it does not see,
    but no headquarters (12.4) nor convoy (16.3); when every hidden unit is one of those,
    the top unit (12.4), if the side sees it and it may be bombarded; none when the side
    sees the whole stack."""
    stack = state.stack(hex_)
    hidden = [u for u in stack if not seen.knows(u)]
    if not hidden:
        return ()
    catalogue = ruleset.catalogue.ground
    struck = tuple(u for u in hidden if catalogue[u].unit_class not in NOT_BOMBARDED)
    if struck:
        return struck
    top = top_unit(ruleset, state, hex_)
    if top is None or not seen.knows(top) or catalogue[top].unit_class in NOT_BOMBARDED:
        return ()
    return (top,)


def unseen_target(
    ruleset: Ruleset, state: GameState, side: Player | None, unit_id: str
) -> Violation | None:
    """[18.1] Under the fog of war a bombardment names only a unit its side sees; a hidden
    unit is struck only as drawn at random. The message does not name the unit."""
    if side is None or not fog_on(state) or view(ruleset, state, side).knows(unit_id):
        return None
    return Violation(
        "18.1",
        "the bombarding side does not see that unit: name a unit it sees, "
        "or bombard a hidden unit drawn at random",
    )


def random_target_problems(
    ruleset: Ruleset, state: GameState, side: Player | None, hex_: Hex
) -> list[Violation]:
    """[18.1] A target drawn at random is for the fog of war, on a hex where the side does
    not see a unit it may bombard."""
    if not fog_on(state):
        return [Violation("18.1", "without the fog of war every unit is seen: name the target")]
    if side is None or not hidden_targets(ruleset, state, view(ruleset, state, side), hex_):
        where = ruleset.grid.id_of(hex_)
        return [Violation("18.1", f"{where} hides no unit that may be bombarded: name the target")]
    return []


def draw_target(
    ruleset: Ruleset, state: GameState, side: Player, hex_: Hex, what: str
) -> tuple[str, GameState, list[Event]]:
    """[18.1, 12.4] Draw the unit `side`'s `what` ("bombardment", "ground attack") strikes
    among the hidden units on `hex_`: the unit, the state after the dice, the events (the
    rolls, then the TargetDrawn). InvalidAction when the hex hides no unit to draw."""
    candidates = hidden_targets(ruleset, state, view(ruleset, state, side), hex_)
    if not candidates:
        where = ruleset.grid.id_of(hex_)
        raise InvalidAction(f"{where} hides no unit that may be bombarded (18.1)")
    index, state, rolls = uniform_draw(state, len(candidates), side)
    unit = candidates[index]
    drawn = TargetDrawn(side, hex_, unit, index + 1, len(candidates), what)
    return unit, state, [*rolls, drawn]


def uniform_draw(
    state: GameState, count: int, side: Player | None
) -> tuple[int, GameState, list[DiceRolled]]:
    """[18.1] A number from 0 to `count` - 1, each exactly as likely: the die read as a
    digit (1 as 0, 10 as 9), with as many dice as the count needs digits, the first the
    highest; a number at or above the largest multiple of `count` is rolled again. One
    candidate needs no die."""
    if count < 1:
        raise ValueError("a draw needs at least one candidate")
    if count == 1:
        return 0, state, []
    dice, span = 1, DIE_SIDES
    while span < count:
        dice, span = dice + 1, span * DIE_SIDES
    limit = span - span % count  # the numbers 0 .. limit - 1 count
    above = limit if limit < span else None
    rolls: list[DiceRolled] = []
    while True:
        number = 0
        for die in range(dice):
            purpose = _purpose(count, dice, die, above, again=bool(rolls))
            value, state, rolled = roll_die(state, purpose, side)
            rolls.append(rolled)
            number = number * DIE_SIDES + value - 1
        if number < limit:
            return number % count, state, rolls


def _purpose(count: int, dice: int, die: int, above: int | None, *, again: bool) -> str:
    """What a roll of the draw is for, as the log shows it: among how many, whether it is
    rolled again, which die of several, and above what the draw is rolled again."""
    rolled = ", rolled again" if again and die == 0 else ""
    which = f", die {die + 1} of {dice}" if dice > 1 else ""
    reroll = f"; above {above} rolls again" if above is not None else ""
    return f"random target among {count} units{rolled}{which} (18.1{reroll})"
