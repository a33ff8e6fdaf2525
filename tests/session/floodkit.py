"""A hostile opponent who floods his reply: a changed program that signs, with his own key,
as many illegal moves as he likes, each with the narration the rules give it (so that only
the rules refuse it), then his send (issue 36, defect 8)."""

from __future__ import annotations

import json
from typing import Any

from owsqt.journal.identity import Identity
from owsqt.journal.textformat import Entry, EntryKind, parse, render_entry, signed
from owsqt.rules.core.actions import action_from_data
from owsqt.rules.core.verdict import Mode
from owsqt.rules.engine import apply
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.session import GameSession
from tests.session.pbemkit import Exchange, begun_by


def flooded_reply(
    ruleset: Ruleset, exchange: Exchange, text: str, moves: int, sends: int = 1
) -> str:
    """The Soviet player's reply to the German's file `text`, which he has opened: `moves`
    moves of one of his units to and fro between two hexes, out of its segment (3.1), signed
    with his key, the file ending with his send; with `sends` > 1 his moves are cut into that
    many files, each ending with a send of his."""
    soviet = exchange.soviet
    assert soviet is not None and soviet.text() == text
    return appended_moves(ruleset, soviet, exchange.soviet_key, moves, sends)


def appended_moves(
    ruleset: Ruleset, session: GameSession, key: Identity, moves: int, sends: int = 1
) -> str:
    """`session`'s journal with `moves` moves of a unit of the side `key` plays to and fro,
    signed with `key`, in `sends` files each ending with a send."""
    side = _side_of(session, key)
    state = session.state
    units = ruleset.catalogue.ground
    unit = next(
        u for u, at in sorted(state.units.items()) if at.hex and units[u].player.value == side
    )
    grid = ruleset.grid
    here = state.units[unit].hex
    there = grid.id_of(grid.neighbours(here)[0][1])
    ways = ([grid.id_of(here), there], [there, grid.id_of(here)])
    actions = [
        {"kind": "move", "player": side, "units": [unit], "path": ways[index % 2]}
        for index in range(moves)
    ]
    return appended(ruleset, session, key, actions, sends, told_alike=True)


def appended(
    ruleset: Ruleset,
    session: GameSession,
    key: Identity,
    actions: list[dict[str, Any]],
    sends: int = 1,
    told_alike: bool = False,
) -> str:
    """`session`'s journal with `actions` (as data) made by the side `key` plays, each with
    the narration the rules give it applied anyway, signed with `key`, in `sends` files each
    ending with a send. `told_alike`: the same action is narrated alike wherever it comes
    (moves to and fro), so each is applied once."""
    side = _side_of(session, key)
    text = begun_by(session.text(), key, side)  # a file begins with its dice revealed
    parsed = parse(text)
    state = session.state
    told: dict[str, tuple[str, ...]] = {}
    lines = text.rstrip("\n").split("\n")
    digest = parsed.last_digest
    number = len(parsed.entries)
    files = sum(1 for entry in parsed.entries if entry.kind is EntryKind.SEND)
    opponent = "german" if side == "soviet" else "soviet"
    per_file = -(-len(actions) // sends)
    at = max((e.at for e in parsed.entries), default=parsed.header.created)  # times go on
    for index, data in enumerate(actions):
        said = told.get(json.dumps(data, sort_keys=True)) if told_alike else None
        if said is None:
            outcome = apply(ruleset, state, action_from_data(data, ruleset.grid), Mode.ASSIST)
            said = tuple(event.describe(ruleset) for event in outcome.events)
            told[json.dumps(data, sort_keys=True)] = said
            state = outcome.state
        entries = [Entry(number + 1, EntryKind.ACT, at, data, narration=said, by=side)]
        if (index + 1) % per_file == 0 or index + 1 == len(actions):
            files += 1
            fields = (("file", str(files)), ("to", opponent))
            sent = (f"File {files} sent to the {opponent.capitalize()} player.",)
            entries.append(
                Entry(number + 2, EntryKind.SEND, at, fields=fields, narration=sent, by=side)
            )
        for entry in entries:
            rendered, digest = render_entry(signed(entry, digest, key.sign), digest)
            lines.extend(["", *rendered[:-1]])
            number += 1
    return "\n".join(lines) + "\n"


def _side_of(session: GameSession, key: Identity) -> str:
    assert session.email is not None  # an e-mail game: its keys, the header's and the joined
    return next(side for side, public in session.email.keys.items() if public == key.public)
