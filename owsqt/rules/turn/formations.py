"""Mechanized and non-mechanized formations (7.1): which segment a unit moves and fights in."""

from __future__ import annotations

from owsqt.rules.core.steps import Segment
from owsqt.rules.scenario.ruleset import Ruleset


def is_mechanized(ruleset: Ruleset, unit_id: str) -> bool:
    """[7.1] A unit belongs to a mechanized formation: its own formation's flag."""
    catalogue = ruleset.catalogue
    chain = catalogue.formation_chain(catalogue.ground[unit_id].formation)
    return bool(chain) and chain[0].mechanized


def may_move_in_segment(ruleset: Ruleset, unit_id: str, segment: Segment) -> bool:
    """[7.1] Units move only in the movement segment of their formation's kind."""
    return is_mechanized(ruleset, unit_id) == (segment is Segment.MECHANIZED_MOVEMENT)
