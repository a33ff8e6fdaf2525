"""The game's vocabulary as enums: players, nationalities, statuses, boxes (2.1, 2.2, 4.3)."""

from __future__ import annotations

from enum import StrEnum


class Player(StrEnum):
    """The two players. The German player also commands Rumanian and Luftwaffe units."""

    GERMAN = "german"
    SOVIET = "soviet"

    @property
    def opponent(self) -> Player:
        return Player.SOVIET if self is Player.GERMAN else Player.GERMAN

    # Shadows str.title on purpose, as a property: callers read `.title`, none calls str's
    # method on a member.
    @property
    def title(self) -> str:  # type: ignore[override]
        return self.value.capitalize()


class TallyNationality(StrEnum):
    """The nationalities whose losses and replacements are counted apart (17.3)."""

    GERMAN = "german"
    RUMANIAN = "rumanian"
    SOVIET = "soviet"


class LossClass(StrEnum):
    """The three classes losses and replacements are tracked by (17.3, 17.4)."""

    ARMOR = "armor"
    INFANTRY = "infantry"
    ARTILLERY = "artillery"


class UnitStatus(StrEnum):
    """Where a ground unit is in the life of a game (2.2, 11.7, 17.4)."""

    NOT_ARRIVED = "not_arrived"  # a reinforcement or set-up unit not yet on the map
    ON_MAP = "on_map"
    OFF_MAP_RETURN = "off_map_return"  # retreated off the map, returns at its exit hex (11.7)
    FORCE_POOL = "force_pool"  # e.g. the 23rd Panzer Division's units held back (19.12)
    ELIMINATED = "eliminated"  # may still re-enter with replacements next turn (17.4)
    PERMANENTLY_LOST = "permanently_lost"  # not rebuilt in the following Replacement Phase


class Supply(StrEnum):
    """The three supply modes (14.1-14.4)."""

    REGULAR = "regular"
    ORGANIC = "organic"
    OUT = "out"


class Entrenchment(StrEnum):
    """The two sides of an entrenchment marker (15.1)."""

    UNDER_CONSTRUCTION = "under_construction"
    COMPLETE = "complete"


class BridgeState(StrEnum):
    """Bridge and Bridge Out markers (2.2, 16.2)."""

    BUILT = "built"
    DESTROYED = "destroyed"


class AirBox(StrEnum):
    """The boxes of the Air Operations Charts (4.3, 4.7) and withheld Stukas (4.6)."""

    READY = "ready"
    FLOWN = "flown"
    DISRUPTED = "disrupted"
    INTERDICTION = "interdiction"
    INTERDICTION_ESCORT = "interdiction_escort"
    GROUND_ATTACK = "ground_attack"
    GROUND_ATTACK_ESCORT = "ground_attack_escort"
    AIR_SUPERIORITY_VS_GROUND_ATTACK = "air_superiority_vs_ground_attack"
    AIR_SUPERIORITY_VS_INTERDICTION = "air_superiority_vs_interdiction"
    WITHHELD = "withheld"


class ThunderclapStatus(StrEnum):
    """Operation Thunderclap, attempted at most once per game (5.1)."""

    NOT_ATTEMPTED = "not_attempted"
    DENIED = "denied"
    ACTIVE = "active"  # Sixth Army units move in the Stalingrad Pocket Phase
    LINKED = "linked"  # the 14th Panzer HQ traced a path to the 57th Panzer Corps HQ
    ENDED = "ended"  # Sixth Army units returned to the pocket before linking


class UnitMarker(StrEnum):
    """On/off markers a ground unit can carry (2.2)."""

    DISRUPTED = "disrupted"
    FIRED = "fired"
    MOVED = "moved"
    RESERVE = "reserve"
