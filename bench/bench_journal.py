"""Replaying a journal of 10,000 actions, against only reading and checking it; and reading
and checking it, against the bare Ed25519 verifications of its signatures."""

from __future__ import annotations

import base64
import random
from collections.abc import Callable

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from bench.harness import Measurement, measure
from owsqt.journal.textformat import parse
from owsqt.rules.core.actions import PlaceUnits, RollDice, SetMarker, SetStrength
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, UnitMarker
from owsqt.rules.data.datafile import resources_dir
from owsqt.rules.data.tables import load_tables
from owsqt.rules.data.units import MovementClass, Nationality, UnitCatalogue, UnitDef, UnitType
from owsqt.rules.map.mapfile import load_game_map
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.scenario.scenario import Scenario
from owsqt.session import game_from_text, new_game

ACTIONS = 10_000
UNITS = 400  # about the counters of the campaign scenario


def bench_ruleset() -> Ruleset:
    units = {
        f"u{n}": UnitDef(
            id=f"u{n}",
            name=f"Unit {n}",
            nationality=Nationality.GERMAN_ARMY if n % 2 else Nationality.SOVIET,
            type=UnitType.INFANTRY,
            movement_class=MovementClass.NON_MOTORIZED,
            combat=6,
            combat_reduced=3,
            movement=5,
            proficiency=5,
            stacking=3,
            stacking_reduced=2,
        )
        for n in range(UNITS)
    }
    scenario = Scenario("bench", "Benchmark", "19.3", 1, 23, Player.SOVIET)
    return Ruleset(
        game_map=load_game_map(resources_dir() / "map" / "compiled.json"),
        tables=load_tables(resources_dir() / "rules"),
        catalogue=UnitCatalogue(units, {}),
        scenarios={"bench": scenario},
    )


def journal_of(ruleset: Ruleset, count: int) -> str:
    """A free-play game of `count` mixed actions: moves, strength markers, DIS, dice."""
    chooser = random.Random(1942)
    session = new_game(ruleset, "bench", Mode.FREE, seed=1942, clock=lambda: "1942-12-12T06:00:00Z")
    hexes = ruleset.grid.hexes()
    for step in range(count):
        unit = f"u{chooser.randrange(UNITS)}"
        kind = step % 10
        if kind < 6:
            session.submit(PlaceUnits(units=(unit,), to=chooser.choice(hexes)))
        elif kind < 8:
            session.submit(SetStrength(unit=unit, strength=chooser.randint(1, 6)))
        elif kind < 9:
            marker = SetMarker(units=(unit,), marker=UnitMarker.DISRUPTED, on=bool(step % 3))
            session.submit(marker)
        else:
            session.submit(RollDice(purpose="bench"))
    return session.text()


def bare_verifications(text: str) -> Callable[[], None]:
    """The floor of reading a journal: only its signatures checked, by the library itself."""
    parsed = parse(text)
    key = Ed25519PublicKey.from_public_bytes(
        base64.b64decode(parsed.header.german.removeprefix("ed25519:"))
    )
    pairs = [
        (base64.b64decode(entry.signature), digest.encode("ascii"))
        for entry, digest in zip(parsed.entries, parsed.digests, strict=True)
    ]

    def verify_all() -> None:
        for signature, message in pairs:
            key.verify(signature, message)

    return verify_all


def run() -> list[Measurement]:
    ruleset = bench_ruleset()
    text = journal_of(ruleset, ACTIONS)
    return [
        measure(
            "journal.replay_10000_actions",
            lambda: game_from_text(ruleset, text),
            lambda: parse(text),
            repeats=5,
        ),
        measure("journal.read_and_verify_10000", lambda: parse(text), bare_verifications(text)),
    ]
