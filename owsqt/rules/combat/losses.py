"""Loss priorities (11.6): which unit loses each strength point of a batch of losses.

A batch (the mandatory result, the optional result taken as losses, a bombardment's
points) is distributed by cycles: the lead unit loses the first point; then every other
armor and infantry class unit one point, in the owner's order; then every artillery
class unit one point; and the cycle repeats. No unit is eliminated before every unit has
taken a point, unless nothing else can take it. Headquarters lose a point only after
every other unit of the stack is gone. The 11.8 example's optional 3 goes lead, the
mechanized infantry, lead: each batch starts its own cycle with the lead unit.
"""

from __future__ import annotations

from dataclasses import dataclass

from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import Violation
from owsqt.rules.data.units import UnitClass
from owsqt.rules.scenario.ruleset import Ruleset


@dataclass
class _Cycle:
    """Where a batch's distribution stands: strengths left, points taken, the phase."""

    strength: dict[str, int]
    taken: dict[str, int]
    pending: list[str]
    phase: int = 0


class LossPriorities:
    """The priority cycle of one stack's batch of losses; `lead` None (or a unit of another
    hex) when the stack hit holds no lead unit."""

    def __init__(
        self, ruleset: Ruleset, state: GameState, units: tuple[str, ...], lead: str | None
    ) -> None:
        catalogue = ruleset.catalogue
        self.ruleset = ruleset
        self.lead = lead
        self.headquarters = {
            u for u in units if catalogue.ground[u].unit_class is UnitClass.HEADQUARTERS
        }
        self.artillery = {
            u for u in units if catalogue.ground[u].unit_class is UnitClass.ARTILLERY
        } - {lead}
        self.others = [
            u for u in units if u != lead and u not in self.artillery | self.headquarters
        ]
        self.units = units
        self.start = {u: state.units[u].strength for u in units}

    def _phase_members(self, cycle: _Cycle, phase: int) -> list[str]:
        alive = {u for u, s in cycle.strength.items() if s > 0}
        if alive <= self.headquarters:
            return sorted(alive)  # headquarters last of all
        members = ([self.lead], self.others, sorted(self.artillery))[phase]
        return [u for u in members if u in alive and u not in self.headquarters]

    def _advance(self, cycle: _Cycle) -> None:
        """Move to the next phase (and cycle) with someone left to hit."""
        for _ in range(7):
            if cycle.pending:
                return
            cycle.phase = (cycle.phase + 1) % 3
            cycle.pending = self._phase_members(cycle, cycle.phase)

    def allowed(self, cycle: _Cycle) -> list[str]:
        """The units that may lose the next point."""
        alive_non_hq = [
            u for u, s in cycle.strength.items() if s > 0 and u not in self.headquarters
        ]
        safe = [
            u
            for u in cycle.pending
            if cycle.strength[u] > 1 or all(cycle.taken[o] > 0 for o in alive_non_hq if o != u)
        ]
        return safe or list(cycle.pending)

    def _begin(self) -> _Cycle:
        # Phase 2 with nobody pending: the first advance opens a cycle with the lead unit.
        cycle = _Cycle(dict(self.start), {u: 0 for u in self.units}, [], phase=2)
        self._advance(cycle)
        return cycle

    def _hit(self, cycle: _Cycle, unit_id: str) -> None:
        cycle.pending.remove(unit_id)
        cycle.strength[unit_id] -= 1
        cycle.taken[unit_id] += 1
        if cycle.strength[unit_id] == 0:
            cycle.pending = [u for u in cycle.pending if u != unit_id]
        self._advance(cycle)

    def check(self, hits: tuple[str, ...]) -> Violation | None:
        """[11.6] Whether `hits` (one unit id per point, in order) follows the priorities."""
        cycle = self._begin()
        for number, unit_id in enumerate(hits, start=1):
            if unit_id not in self.units:
                return Violation("11.6", f"{unit_id} is not in the stack taking the losses")
            if not cycle.pending:
                return Violation("11.6", "more points than the stack can lose")
            allowed = self.allowed(cycle)
            if unit_id not in allowed:
                names = ", ".join(self.ruleset.unit_name(u) for u in allowed)
                return Violation(
                    "11.6",
                    f"point {number} goes to {names}, not to {self.ruleset.unit_name(unit_id)}",
                )
            self._hit(cycle, unit_id)
        return None

    def default(self, points: int) -> tuple[str, ...]:
        """A distribution of `points` that follows the priorities, sparing the strongest
        units' neighbours: each point to the allowed unit with the most strength left."""
        cycle = self._begin()
        hits = []
        for _ in range(points):
            if not cycle.pending:
                break
            allowed = self.allowed(cycle)
            unit_id = max(allowed, key=lambda u: (cycle.strength[u], -self.units.index(u)))
            hits.append(unit_id)
            self._hit(cycle, unit_id)
        return tuple(hits)
