"""Refusing an opponent's reply flooded with illegal moves (issue 36, defect 8): 20,000 of them,
and a reply that makes the file 100,000 entries, each refused by the bound of one file
(limits.MAX_FILE_ENTRIES) before any entry is read, against only splitting the same text
into lines; and the worst reply under the bound, 1,999 illegal moves and the send, refused
at its first move, against the bare Ed25519 verifications of its signatures."""

from __future__ import annotations

import base64
from collections.abc import Callable

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from bench.harness import Measurement, measure
from owsqt.journal.limits import MAX_ENTRIES, MAX_FILE_ENTRIES
from owsqt.journal.textformat import JournalError
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.session import ImportRefused, game_from_text
from tests.session.floodkit import flooded_reply
from tests.session.pbemkit import Exchange


def opened() -> tuple[Exchange, str]:
    """After the opening the German sends file 3 and the Soviet opens it; the file."""
    exchange = Exchange(default_ruleset())
    exchange.opening()
    text = exchange.send(exchange.german)
    assert exchange.soviet is not None
    exchange.soviet.email.import_text(text)
    return exchange, text


def refusal(exchange: Exchange, text: str, reply: str) -> Callable[[], Exception]:
    """The German opening `reply` to his file `text`, which he must refuse."""
    german = game_from_text(exchange.german.ruleset, text, identity=exchange.german_key)
    assert german.email is not None

    def refuse() -> Exception:
        try:
            german.email.import_text(reply)
        except (JournalError, ImportRefused) as error:
            return error
        raise AssertionError("a flooded reply was taken in")

    return refuse


def splitting(text: str) -> Callable[[], list[str]]:
    """The floor of any reading: the text split into lines."""
    return lambda: text.split("\n")


def bare_verifications(exchange: Exchange, reply: str, known: int) -> Callable[[], None]:
    """The floor of reading what a reply adds: its signatures checked by the library alone."""
    key = Ed25519PublicKey.from_public_bytes(
        base64.b64decode(exchange.soviet_key.public.removeprefix("ed25519:"))
    )
    blocks = reply.rstrip("\n").split("\n\n")[-(len(reply.split("\n#")) - 1 - known) :]
    pairs = []
    for block in blocks:
        lines = block.split("\n")
        at = next(i for i, line in enumerate(lines) if line.startswith("~ "))
        signature = "".join(line.lstrip("@ ") for line in lines[at + 1 :])
        pairs.append((base64.b64decode(signature), lines[at][2:].encode("ascii")))

    def verify_all() -> None:
        for signature, message in pairs:
            key.verify(signature, message)

    return verify_all


def run() -> list[Measurement]:
    exchange, text = opened()
    known = text.count("\n#")
    replies = {
        "import.refuse_reply_of_20000_illegal_moves": 20_000,
        "import.refuse_reply_to_100000_entries": MAX_ENTRIES - known - 1,
    }
    measurements = []
    soviet = exchange.soviet
    assert soviet is not None
    for name, moves in replies.items():
        reply = flooded_reply(soviet.ruleset, exchange, soviet.text(), moves)
        measurements.append(measure(name, refusal(exchange, text, reply), splitting(reply), 5))
    worst = flooded_reply(soviet.ruleset, exchange, soviet.text(), MAX_FILE_ENTRIES - 1)
    measurements.append(
        measure(
            "import.refuse_reply_of_1999_illegal_moves",
            refusal(exchange, text, worst),
            bare_verifications(exchange, worst, known),
            5,
        )
    )
    return measurements
