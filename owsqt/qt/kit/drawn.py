"""[18.1] "A hidden unit, drawn at random": the entry the target lists of the artillery page
(a bombardment mission, 12.4) and the ground attack page (4.6) add under the fog of war for
a stack that hides units, and what the page says of it in place of a solution, which would
tell what the hidden unit is."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from owsqt.qt.kit.text import rule
from owsqt.rules.core.hexgrid import Hex

AT_RANDOM = "A hidden unit, drawn at random (18.1)"


@dataclass(frozen=True, slots=True)
class HiddenIn:
    """The data of a target list's entry for a hidden unit of `hex`, drawn at random."""

    hex: Hex


def drawn_target_html(where: str) -> str:
    """What a bombardment of a hidden unit on `where` will do, before the die draws it."""
    return (
        f"<p>The unit struck is drawn at random among the hidden units on {escape(where)}, "
        f"by the die, each as likely as the others {rule('18.1')}; never a headquarters, the "
        f"top unit if only headquarters hide {rule('12.4')}.</p><p>The column and the "
        "modifiers are those of the unit drawn: the log shows them once it is struck.</p>"
    )
