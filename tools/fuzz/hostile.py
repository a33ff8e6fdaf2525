"""E-mail games against a cheating opponent: before every file he sends, the player who holds
the game forges variants of it with his own key and hands each to his opponent's program,
which must refuse it (docs/pbem-format.md, "What a cheating opponent can do").

    python -m tools.fuzz --email --hostile --games N [--fog]

A cheat is what a player who holds his key and a text editor can write: he re-signs his own
entries, so every chain and signature he can make holds. Each kind below makes a file that
shows what did not happen (a die that was not rolled, a result that does not follow, a
concession never made, another player's word changed), so each must be refused:

- `narration`: a line of the log of one of his actions changed (a die, a loss, a move);
- `forged-line`: a line of log added to an entry that tells no action (his send);
- `broken-rule`: a broken-rule line added to an action of a strict game, which broke none;
- `unknown-field`: a named value the entry's kind does not have;
- `action`: an action's data changed, its log kept;
- `reorder`: two of his entries swapped, their numbers kept;
- `victim-entry`: a line of the victim's own entry changed, and signed again by the cheater;
- `drop-victim`: one of the victim's entries dropped, the rest renumbered and signed again;
- `order-answer`: an answer his program made by the victim's standing order (`+ order`)
  made otherwise: a check for a retreat, a held fire for a fire, another order named;
- `ahead-bid`: a bid or an air allocation sealed ahead (6.1, 4.3) made at its step otherwise
  than sealed, shown with a key that does not open it, or sealed for another turn than the
  next;
- `seed-header`: the creator's first file with `dice: seed N` instead of a commitment;
- `one-seed-header`: the creator's first file in the older scheme of one seed for the game,
  which lets him learn every die of the game once it is agreed.

For each the victim's program must refuse the file in one line, keep its game exactly as it
was, and `owsqt verify` must not call the forged file VALID (but the older scheme's file,
which verifies as an older owsqt's: HONEST_ONCE). Then the honest file is sent and
the game goes on, as in tools/fuzz/email.py.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import re
import tempfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from owsqt.cli import headless
from owsqt.journal.identity import Identity
from owsqt.journal.textformat import (
    Entry,
    EntryKind,
    Header,
    JournalError,
    parse,
    render_entry,
    signed,
)
from owsqt.rules.core.vocabulary import Player
from owsqt.session import GameSession

CHEATS_PER_FILE = 2  # forged variants tried before each honest file
RARE = ("order-answer",)  # kinds that apply to few files: tried first in those
Forgery = Callable[[random.Random, Header, list[Entry], int], tuple[Header, list[Entry]] | None]


@dataclass
class Cheater:
    """Forges files with one side's key, and counts the cheats tried by kind."""

    keys: dict[Player, Identity]
    rng: random.Random
    tried: Counter[str]

    def variants(self, text: str, victim_entries: int) -> list[tuple[str, str]]:
        """Up to CHEATS_PER_FILE (kind, forged text) of the file `text`, whose entries after
        the first `victim_entries` are the cheater's new ones; of the creator's first file
        (no entry of the victim yet), every kind that applies."""
        parsed = parse(text)
        header, entries = parsed.header, list(parsed.entries)
        kinds = list(FORGERIES)
        self.rng.shuffle(kinds)
        kinds.sort(key=lambda kind: kind not in RARE)  # tried first where they apply
        made = []
        for kind in kinds:
            forged = FORGERIES[kind](self.rng, header, list(entries), victim_entries)
            if forged is None:
                continue
            made.append((kind, self.resigned(forged, (header, entries))))
            self.tried[kind] += 1
            if len(made) == CHEATS_PER_FILE and victim_entries:
                break  # the creator's first file, which makes the game, gets every kind
        return made

    def resigned(
        self, forged: tuple[Header, list[Entry]], honest: tuple[Header, list[Entry]]
    ) -> str:
        """The journal of the `forged` header and entries. The entries the same as the honest
        ones keep their signatures while nothing before them changed; from the first change
        on, every entry is signed with the cheater's key (the side of the honest file's last
        entry, his send): the only key he holds."""
        header, entries = forged
        honest_header, honest_entries = honest
        cheater = self.keys[Player(honest_entries[-1].by or "german")]
        lines = [*header.lines(), ""]
        digest = header.digest()
        same = header == honest_header
        for index, entry in enumerate(entries):
            same = same and index < len(honest_entries) and entry == honest_entries[index]
            if not same:
                entry = signed(entry, digest, cheater.sign)
            rendered, digest = render_entry(entry, digest)
            lines.extend(rendered)
        return "\n".join(lines) + "\n"


# --- the forgeries: each returns the header and entries of a forged file, or None -------------


def _theirs(entries: list[Entry], victim_entries: int) -> list[int]:
    """The indexes of the cheater's new entries."""
    return list(range(victim_entries, len(entries)))


def _narration(rng, header, entries, victim_entries):
    told = [
        i
        for i in _theirs(entries, victim_entries)
        if entries[i].narration and entries[i].kind is EntryKind.ACT
    ]
    if not told:
        return None
    index = rng.choice(told)
    entry = entries[index]
    line = rng.randrange(len(entry.narration))
    text = entry.narration[line]
    digits = [m.start() for m in re.finditer(r"\d", text)]
    if digits:
        at = rng.choice(digits)
        text = text[:at] + str((int(text[at]) + rng.randint(1, 8)) % 10) + text[at + 1 :]
    else:
        text = text + " and more"
    narration = (*entry.narration[:line], text, *entry.narration[line + 1 :])
    entries[index] = replace(entry, narration=narration)
    return header, entries


def _forged_line(rng, header, entries, victim_entries):
    quiet = [
        i
        for i in _theirs(entries, victim_entries)
        if entries[i].kind in (EntryKind.SEND, EntryKind.JOIN, EntryKind.REVEAL, EntryKind.SEAL)
    ]
    if not quiet:
        return None
    index = rng.choice(quiet)
    entry = entries[index]
    side = Player(entry.by or "german").opponent.title
    lie = rng.choice((f"The {side} player concedes (6.2).", f"{side} die roll (initiative): 1"))
    entries[index] = replace(entry, narration=(*entry.narration, lie))
    return header, entries


def _broken_rule(rng, header, entries, victim_entries):
    if header.mode != "strict":
        return None
    acts = [i for i in _theirs(entries, victim_entries) if entries[i].kind is EntryKind.ACT]
    if not acts:
        return None
    index = rng.choice(acts)
    entry = entries[index]
    entries[index] = replace(entry, violations=(*entry.violations, "8.1: the move was too long"))
    return header, entries


def _unknown_field(rng, header, entries, victim_entries):
    mine = _theirs(entries, victim_entries)
    if not mine:
        return None
    index = rng.choice(mine)
    entry = entries[index]
    entries[index] = replace(entry, fields=(*entry.fields, ("note", "the referee agreed")))
    return header, entries


def _action(rng, header, entries, victim_entries):
    acts = [
        i
        for i in _theirs(entries, victim_entries)
        if entries[i].kind in (EntryKind.ACT, EntryKind.TELL)
        and entries[i].action
        and entries[i].narration
    ]
    if not acts:
        return None
    index = rng.choice(acts)
    entry = entries[index]
    action = dict(entry.action or {})
    player = action.get("player")
    if player in ("german", "soviet"):
        action["player"] = Player(player).opponent.value  # the other side's act, his log kept
    else:
        action["kind"] = "end_step" if action.get("kind") != "end_step" else "roll"
    entries[index] = replace(entry, action=action)
    return header, entries


def _order_answer(rng, header, entries, victim_entries):
    answers = [
        i
        for i in _theirs(entries, victim_entries)
        if entries[i].kind is EntryKind.ACT and entries[i].field("order") is not None
    ]
    if not answers:
        return None
    index = rng.choice(answers)
    entry = entries[index]
    action = dict(entry.action or {})
    for flag in ("check", "fire"):  # an optional result's answer, a special fire's
        if flag in action:
            action[flag] = not action[flag]
            entries[index] = replace(entry, action=action)
            return header, entries
    if action.get("kind") in ("fire", "continue_combat"):  # the defender's fire, or none
        kind = "continue_combat" if action["kind"] == "fire" else "fire"
        entries[index] = replace(entry, action={"kind": kind, "player": action.get("player")})
        return header, entries
    named = "special-fire=hold" if entry.field("order") != "special-fire=hold" else "lead=best"
    entries[index] = replace(entry, fields=(("order", named),))
    return header, entries


def _ahead_bid(rng, header, entries, victim_entries):
    ahead = [
        i
        for i in _theirs(entries, victim_entries)
        if entries[i].kind is EntryKind.SHOW
        or (entries[i].kind is EntryKind.SEAL and entries[i].field("for") is not None)
        or (entries[i].field("unseal") is not None and "planned" in (entries[i].action or {}))
    ]
    if not ahead:
        return None
    index = rng.choice(ahead)
    entry = entries[index]
    if entry.kind is EntryKind.SHOW:  # a key that opens nothing he sealed
        fields = (("seal", entry.field("seal") or ""), ("nonce", f"{rng.getrandbits(256):064x}"))
        entries[index] = replace(entry, fields=fields)
    elif entry.kind is EntryKind.SEAL:  # sealed for a turn after the next
        word, _, turn = (entry.field("for") or "").partition(" ")
        later = ("for", f"{word} {int(turn) + 1}")
        entries[index] = replace(entry, fields=(*entry.fields[:2], later))
    else:  # the bid made at its step otherwise than sealed
        action = dict(entry.action or {})
        action["planned"] = (int(action["planned"]) + 1) % 4
        entries[index] = replace(entry, action=action)
    return header, entries


def _reorder(rng, header, entries, victim_entries):
    mine = _theirs(entries, victim_entries)
    pairs = [i for i in mine[:-1] if i + 1 in mine]
    if not pairs:
        return None
    index = rng.choice(pairs)
    entries[index], entries[index + 1] = entries[index + 1], entries[index]
    return header, entries


def _victim_entry(rng, header, entries, victim_entries):
    cheater = entries[-1].by
    theirs = [i for i in range(victim_entries) if entries[i].by not in (None, cheater)]
    told = [i for i in theirs if entries[i].narration]
    if not told:
        return None
    index = rng.choice(told)
    entry = entries[index]
    entries[index] = replace(entry, narration=(*entry.narration[:-1], "Nothing happened."))
    return header, entries


def _drop_victim(rng, header, entries, victim_entries):
    cheater = entries[-1].by
    theirs = [i for i in range(victim_entries) if entries[i].by not in (None, cheater)]
    if not theirs:
        return None
    index = rng.choice(theirs)
    rest = [replace(e, number=e.number - 1) for e in entries[index + 1 :]]
    return header, [*entries[:index], *rest]


def _seed_header(rng, header, entries, victim_entries):
    if victim_entries or header.commitment is None:
        return None  # the creator's first file only
    return replace(header, commitment=None, seed=rng.randrange(1, 2**40)), entries


def _one_seed_header(rng, header, entries, victim_entries):
    if victim_entries or not header.per_file_dice:
        return None  # the creator's first file only
    return replace(header, per_file_dice=False), entries  # the older scheme: one seed


# A file of the older scheme of one seed for the game is what an older owsqt wrote, and
# verifies as such ("dice: one seed for the whole game (made by an older owsqt)"); it shows
# nothing that did not happen, but no owsqt joins it, imports it or plays on it (Dice).
HONEST_ONCE = frozenset({"one-seed-header"})

FORGERIES: dict[str, Forgery] = {
    "narration": _narration,
    "forged-line": _forged_line,
    "broken-rule": _broken_rule,
    "unknown-field": _unknown_field,
    "action": _action,
    "order-answer": _order_answer,
    "ahead-bid": _ahead_bid,
    "reorder": _reorder,
    "victim-entry": _victim_entry,
    "drop-victim": _drop_victim,
    "seed-header": _seed_header,
    "one-seed-header": _one_seed_header,
}


# --- what the victim's program must do --------------------------------------------------------


def refused_by_victim(victim: GameSession | None, join: Callable[[str], object], text: str) -> str:
    """The one line the victim's program refuses `text` with: by import when he holds the game
    (`victim`), else by joining it; "" when it was taken in. His game must be as it was."""
    before = (victim.text(), victim.state) if victim is not None else None
    try:
        if victim is not None:
            assert victim.email is not None
            victim.email.import_text(text)
        else:
            join(text)
    except JournalError as error:
        message = str(error)
        if victim is not None and (victim.text(), victim.state) != before:
            return f"UNTOUCHED? the game changed although the file was refused: {message}"
        return message or "(an empty message)"
    return ""


def verified_valid(text: str) -> bool:
    """Whether `owsqt verify` calls the file VALID (exit 0)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "forged.owsg"
        path.write_text(text, encoding="utf-8")
        out = io.StringIO()
        try:
            with contextlib.redirect_stdout(out):
                code = headless.verify(argparse.Namespace(file=path))
        except JournalError:
            return False
    return code == 0 and ": VALID" in out.getvalue()


def forgeries_taken(
    cheater: Cheater, text: str, victim: GameSession | None, join: Callable[[str], object]
) -> list[str]:
    """Forge variants of the honest file `text` and hand each to the victim; what went wrong,
    as sentences (empty when every forgery was refused as it must be)."""
    held = len(victim.entries) if victim is not None else 0
    wrong = []
    for kind, forged in cheater.variants(text, held):
        message = refused_by_victim(victim, join, forged)
        if not message:
            wrong.append(f"the victim took in a forged file ({kind})")
        elif message.startswith("UNTOUCHED?"):
            wrong.append(f"{kind}: {message}")
        elif "\n" in message or "Traceback" in message:
            wrong.append(f"{kind}: the refusal is not one line: {message!r}")
        elif kind not in HONEST_ONCE and verified_valid(forged):
            wrong.append(f"owsqt verify calls a forged file VALID ({kind})")
    return wrong
