"""The Air Allocation Segment at the table (4.3): the side whose step it is drags its ready
counters into its mission boxes as a draft (nothing is sent yet; a box a unit may not fly
is refused with the rule that says so), then allocates the draft in one action, or flies
no missions. Until both charts are revealed the other side's mission boxes are covered."""

from __future__ import annotations

from html import escape

from owsqt.qt.air.airpage import AirHost, AirPage, side
from owsqt.qt.kit.page import button, rich_label
from owsqt.qt.kit.text import rule, violations_html
from owsqt.rules.air.allocation import STEP_THREE, allocation_step, charts_revealed
from owsqt.rules.air.charts import BOX_NAMES, MISSION_BOXES
from owsqt.rules.core.actions import AllocateAir
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.verdict import InvalidAction, Violation
from owsqt.rules.core.vocabulary import AirBox, Player
from owsqt.rules.engine import judge

STEP_TEXT = {
    1: "place any or all of your ready air units, fighters too, in your mission boxes; "
    "the German player will not see them until he has allocated",
    2: "place any or all of your ready air units in your mission boxes",
    3: "both charts are revealed: you may place your ready fighters in any mission box",
}


class AllocationPage(AirPage):
    """The draft of one side's allocation and the buttons that send it."""

    def __init__(self, host: AirHost) -> None:
        super().__init__(host)
        self.draft: dict[str, AirBox] = {}
        self._step: tuple[Player, int] | None = None
        self.text = rich_label("airAllocationText")
        self.layout_.addWidget(self.text)
        self.allocate = button("Allocate", "Send the draft as your allocation (4.3)", "airAllocate")
        self.allocate.clicked.connect(self.submit)
        self.none = button(
            "Fly no missions", "Allocate nothing this turn (4.3)", "airAllocateNothing"
        )
        self.none.clicked.connect(self.fly_none)
        self.clear = button("Clear", "Put every drafted unit back in the Ready box", "airClear")
        self.clear.clicked.connect(self.clear_draft)
        self.buttons(self.allocate, self.none, self.clear)

    @property
    def step(self) -> tuple[Player, int] | None:
        return self._step

    def load(self) -> None:
        step = allocation_step(self.ruleset, self.session.state)
        if step != self._step:  # a new step: a new draft
            self._step = step
            self.draft = {}
        self._show()

    def actor(self) -> tuple[Player | None, str]:
        if self._step is None:
            return None, "Every side has allocated its air units (4.3)"
        player, number = self._step
        return player, f"{player.title} player: allocate your air units (4.3, step {number})"

    def covered(self) -> Player | None:
        """[4.3] The side whose mission boxes the charts keep covered now."""
        state = self.session.state
        if self._step is None or charts_revealed(self.ruleset, state):
            return None
        local = self.session.players.local_sides
        if len(local) == 1:  # by e-mail: the opponent's boxes, whoever allocates now
            return Player(next(iter(local))).opponent
        return self._step[0].opponent  # at one computer: the side not at the screen

    # --- the draft ----------------------------------------------------------------------------

    def refusal(self, unit_id: str, box: AirBox) -> str | None:
        """Why `unit_id` may not be drafted into `box`: the rules' reasons, with numbers."""
        if self._step is None:
            return "4.3: no air allocation is due now"
        if box is AirBox.READY:
            if unit_id in self.draft:
                return None
            return "4.7: only recovery puts air units back in the Ready box"
        try:
            verdict = judge(self.ruleset, self.session.state, self._action({unit_id: box}))
        except InvalidAction as error:
            return f"4.3: {error}"
        if verdict.legal or not self.strict:
            return None
        return "; ".join(str(v) for v in verdict.violations)

    def propose(self, unit_id: str, box: AirBox) -> str | None:
        """A counter dropped on a box: drafted there (or back to Ready), or the refusal."""
        reason = self.refusal(unit_id, box)
        if reason is not None:
            return reason
        if box is AirBox.READY:
            self.draft.pop(unit_id, None)
        else:
            self.draft[unit_id] = box
        self._show()
        self.host.redraw_charts()
        return None

    def clear_draft(self) -> None:
        self.draft = {}
        self._show()
        self.host.redraw_charts()

    def _action(self, missions: dict[str, AirBox]) -> AllocateAir:
        player = self._step[0] if self._step is not None else None
        return AllocateAir(player=player, missions=FrozenMap(missions))

    def submit(self) -> None:
        if self._step is not None:
            self.host.send(self._action(dict(self.draft)))

    def fly_none(self) -> None:
        if self._step is not None:
            self.host.send(self._action({}))

    # --- the text ------------------------------------------------------------------------------

    def _problems(self) -> tuple[Violation, ...]:
        try:
            return judge(self.ruleset, self.session.state, self._action(self.draft)).violations
        except InvalidAction as error:
            return (Violation("4.3", str(error)),)

    def _show(self) -> None:
        step = self._step
        for widget in (self.allocate, self.none, self.clear):
            widget.setEnabled(step is not None)
        if step is None:
            self.text.setText("Every side has allocated its air units this turn (4.3).")
            return
        player, number = step
        self.allocate.setText(f"Allocate (step {number})")
        self.none.setText("Place no fighters" if number == STEP_THREE else "Fly no missions")
        lines = [
            f"<p>{side(player, f'{player.title} player')}: {escape(STEP_TEXT[number])} "
            f"{rule('4.3')}. Drag counters from your Ready box to a mission box; drag one "
            "back to Ready to take it out. Nothing is sent until you allocate.</p>"
        ]
        if number != STEP_THREE:
            lines.append(
                f"<p><i>The {player.opponent.title} mission boxes are covered: secret until "
                f"both have allocated</i> {rule('4.3')}.</p>"
            )
        drafted = [
            f"<li><b>{escape(BOX_NAMES[box])}</b>: {escape(', '.join(names))}</li>"
            for box in MISSION_BOXES[player]
            if (names := [self.ruleset.catalogue.air[u].name for u, b in self.draft.items()
                          if b is box])
        ]  # fmt: skip
        lines.append(
            f"<p><b>Your draft</b>:</p><ul>{''.join(drafted)}</ul>"
            if drafted
            else "<p><b>Your draft</b>: no unit yet (allocating it flies no missions).</p>"
        )
        problems = self._problems()
        if problems:
            lines.append(violations_html(problems, "✗" if self.strict else "⚠"))
        self.allocate.setEnabled(not (problems and self.strict))
        self.text.setText("".join(lines))
