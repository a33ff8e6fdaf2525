"""The hostile opponent (tools/fuzz/hostile.py): e-mail games in which, before each file, its
sender forges variants of it with his own key; the other player's program must refuse every
one in one line, keep its game, and `owsqt verify` must call none of them VALID
(docs/pbem-format.md, "What a cheating opponent can do")."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from owsqt.journal.identity import Identity
from owsqt.journal.textformat import JournalError, parse
from owsqt.rules.core.actions import EndStep
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.fog.option import FOG_OF_WAR
from owsqt.session.email import EmailExchange
from tools.fuzz import email, hostile, solo
from tools.fuzz.settings import Setting

# 18.1: under the fog every action is a tell, whose log its reader cannot replay (the referee
# judges it at the end), and no file holds an action entry of a strict game to forge
ACTIONS_ONLY = {"narration", "broken-rule"}
# 18.1: no standing orders are answered under the fog, and no bid is sealed ahead
NO_ORDERS = {"order-answer", "ahead-bid"}


@pytest.mark.slow
def test_pbem_a_cheating_opponent_forges_every_kind_of_file_and_each_is_refused(shipped):
    report = email.play_email_game(shipped, 5, last_turn=3, hostile=True, orders=True)
    assert set(report.cheats) == set(hostile.FORGERIES), report.cheats
    assert report.cheats["seed-header"] == report.cheats["one-seed-header"] == 1  # file 1


@pytest.mark.slow
def test_pbem_18_1_a_cheating_opponent_under_the_fog_is_refused_too(shipped):
    setting = Setting("we-are-coming", (FOG_OF_WAR,))
    report = email.play_email_game(
        shipped, 5, last_turn=1, hostile=True, setting=setting, orders=True
    )
    assert set(report.cheats) == set(hostile.FORGERIES) - ACTIONS_ONLY - NO_ORDERS, report.cheats


def test_pbem_a_program_that_takes_a_forged_file_in_fails_the_game(shipped, monkeypatch):
    """The fuzzer's own check: an import that takes whatever it is given is caught."""
    monkeypatch.setattr(EmailExchange, "import_text", lambda self, text: None)
    with pytest.raises(solo.FuzzFailure, match="the victim took in a forged file"):
        email.play_email_game(shipped, 3, last_turn=1, hostile=True)


def set_up_files(game, seed: int) -> list[tuple[str, int]]:
    """The files of the set-up of an e-mail game of We are coming!, each with the number of
    entries its reader held before it."""
    files = []

    def watch(text, victim, join):
        files.append((text, len(victim.entries) if victim is not None else 0))

    table = email.Table(game, seed, Setting(), watch)
    while table.session.state.phase is Phase.SETUP:
        if table.session.players.why_not_act(EndStep(player=table.session.state.active)):
            table.hand_over()
        table.session.apply_default_setup()
    table.hand_over()
    return files


def test_pbem_a_forgery_is_what_the_cheaters_key_can_sign(shipped):
    """Every entry a forgery changed carries the cheater's signature, so its own entries
    read; the victim's entries and the header, which he cannot sign, break where changed."""
    files = set_up_files(shipped, 3)
    text, held = files[-1]
    keys = {p: Identity.from_seed(f"fuzz 3 {p.value}".encode()) for p in Player}
    cheater = hostile.Cheater(keys, random.Random(1), Counter())
    tried = set()
    for _ in range(30):
        for kind, forged in cheater.variants(text, held):
            assert forged != text
            tried.add(kind)
            try:
                parse(forged)
            except JournalError as error:
                signature = re.search("signature|sequence|number|no key", str(error))
                if kind in {"victim-entry", "drop-victim"}:
                    assert signature, error  # the victim's entries: his key alone signs them
                else:
                    assert not signature, error  # his own: the lie is in what they say
            else:
                assert kind not in {"victim-entry", "drop-victim"}
    assert {"narration", "forged-line", "unknown-field", "action", "drop-victim"} <= tried


def test_pbem_verify_calls_an_honest_file_valid_and_a_forged_one_not(shipped):
    honest, _ = set_up_files(shipped, 3)[-1]
    assert hostile.verified_valid(honest)
    lines = honest.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("= "))
    forged = "\n".join([*lines[:at], lines[at] + " (forged)", *lines[at + 1 :]]) + "\n"
    assert not hostile.verified_valid(forged)
