"""The names of the sequence of play (3.1) and of a combat (11.2), as the state records them.

The order of the steps, who acts in each and what each allows live in the sequence-of-play
table (owsqt.rules.turn.sequence) and the combat machine (owsqt.rules.combat.prepared);
these are only the names, so that the state, the scenarios and every rule speak of a step
without spelling it. Each is a StrEnum: its value is the string journals, saved games and
the command line have always carried.
"""

from __future__ import annotations

from enum import StrEnum

from owsqt.rules.core.vocabulary import Player

STEPS_PASS = "steps-pass"
"""The option of a game whose steps that need nobody pass by themselves (idlesteps.py):
every game made since they do. The program sets it, never the players; a file without
it replays as it was played."""


class _Named(StrEnum):
    # Shadows str.title on purpose, as a property: callers read `.title`, none calls str's
    # method on a member.
    @property
    def title(self) -> str:  # type: ignore[override]
        """The name as players read it: "mechanized movement"."""
        return self.value.replace("_", " ")


class Phase(_Named):
    SETUP = "setup"
    AIR_OPERATIONS = "air_operations"
    STALINGRAD_POCKET = "stalingrad_pocket"
    INITIATIVE = "initiative"
    FIRST_PLAYER = "first_player"
    SECOND_PLAYER = "second_player"
    RECOVERY = "recovery"
    GAME_OVER = "game_over"


class Segment(_Named):
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


class CombatStep(_Named):
    """The steps of a combat under way after step 1, the attack itself (11.2), in order."""

    DEFENSE = "defense"  # 2: the defender's lead and artillery
    COUNTERBATTERY = "counterbattery"  # 3
    DEFENSIVE_BOMBARDMENT = "defensive_bombardment"  # 4
    OFFENSIVE_BOMBARDMENT = "offensive_bombardment"  # 5
    FIRST_FIRE = "first_fire"  # 6
    SECOND_FIRE = "second_fire"  # 7
    ADVANCE = "advance"  # 8


class ResultStage(_Named):
    """Where a fire result waiting for the side it hit stands (11.5-11.7): MANDATORY,
    OPTIONAL_LOSSES and FAILED_LOSSES wait for a loss distribution, OPTIONAL for the choice
    of a retreat or a proficiency check, RETREAT for a retreat path."""

    MANDATORY = "mandatory"
    OPTIONAL = "optional"
    OPTIONAL_LOSSES = "optional_losses"  # 11.5: the check passed
    FAILED_LOSSES = "failed_losses"  # 11.5, 11.7: losses and disruption
    RETREAT = "retreat"


class PassageKind(_Named):
    """Why units pass through enemy ZOCs under special fire: a retreat (11.7) or a
    displacement, "treated as if ... conducting a retreat through enemy ZOCs" (9.3)."""

    RETREAT = "retreat"
    DISPLACEMENT = "displacement"


class AirBattleStage(_Named):
    """Where an air battle over one mission box stands (4.4): the side with the bounce
    pairs the fighters, the other designates its unpaired fighters, then the interceptors
    choose the bombers they fire at."""

    PAIRING = "pairing"
    DESIGNATION = "designation"
    BOMBERS = "bombers"
