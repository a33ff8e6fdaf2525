"""The names of the sequence of play (3.1): its phases and segments, as the state records them.

The order of the steps, who acts in each and what each allows live in the sequence-of-play
table (owsqt.rules.turn.sequence); these are only the names, so that the state, the
scenarios and every rule speak of a step without spelling it.
"""

from __future__ import annotations

from enum import StrEnum

from owsqt.rules.core.vocabulary import Player


class Phase(StrEnum):
    SETUP = "setup"
    AIR_OPERATIONS = "air_operations"
    STALINGRAD_POCKET = "stalingrad_pocket"
    INITIATIVE = "initiative"
    FIRST_PLAYER = "first_player"
    SECOND_PLAYER = "second_player"
    RECOVERY = "recovery"
    GAME_OVER = "game_over"


class Segment(StrEnum):
    GERMAN_SETUP = "german_setup"
    SOVIET_SETUP = "soviet_setup"
    AIR_ALLOCATION = "air_allocation"
    AIR_COMBAT = "air_combat"
    AIR_BOMBARDMENT = "air_bombardment"
    INTERDICTION = "interdiction"
    THUNDERCLAP_INITIATION = "thunderclap_initiation"
    SIXTH_ARMY_ACTIVATION = "sixth_army_activation"
    SOVIET_RING_FORCES = "soviet_ring_forces"
    INITIATIVE_DETERMINATION = "initiative_determination"
    SUPPLY_DETERMINATION = "supply_determination"
    NON_MECHANIZED_COMBAT = "non_mechanized_combat"
    NON_MECHANIZED_MOVEMENT = "non_mechanized_movement"
    MECHANIZED_MOVEMENT = "mechanized_movement"
    MECHANIZED_COMBAT = "mechanized_combat"
    DISRUPTION_REMOVAL = "disruption_removal"
    REPLACEMENT = "replacement"
    FIRED_MARKER_REMOVAL = "fired_marker_removal"
    AIR_RECOVERY = "air_recovery"
    VICTORY_DETERMINATION = "victory_determination"

    @classmethod
    def setup_of(cls, player: Player) -> Segment:
        """The segment in which `player` sets up (19.11, 19.12)."""
        return cls.GERMAN_SETUP if player is Player.GERMAN else cls.SOVIET_SETUP

    @property
    def title(self) -> str:
        """The segment as players read it: "mechanized movement"."""
        return self.value.replace("_", " ")
