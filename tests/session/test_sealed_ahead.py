"""[6.1, 4.3] Bids of planned attacks and air allocations sealed ahead (session/sealedbids.py,
docs/pbem-format.md, "Bids and air allocations sealed ahead"): each player seals his next
one in a file he sends anyway; once both are in, each shows his own with his next file, and
the program that holds the game at the step makes both: no file goes back and forth for
them alone. Neither side can read the other's before making his own, nor make it otherwise
than it was sealed."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from owsqt.journal.identity import Identity
from owsqt.journal.textformat import EntryKind, JournalError, parse
from owsqt.rules.air.allocation import allocation_step
from owsqt.rules.core.actions import AllocateAir, DeclareAttacks
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.vocabulary import AirBox, Player
from owsqt.session import join_game
from owsqt.session.email import FOG_NO_AHEAD
from owsqt.session.secrets import fitted
from tests.session.pbemkit import (
    Exchange,
    clock,
    end_steps_until,
    fresh_shares,
    must,
    resigned,
    set_up,
)

GERMAN, SOVIET = Player.GERMAN, Player.SOVIET


GERMAN_AIR = FrozenMap(
    {"lw-jg52-2": AirBox.AIR_SUPERIORITY_VS_GROUND_ATTACK, "lw-stg2-1": AirBox.GROUND_ATTACK}
)
SOVIET_AIR = FrozenMap({"su-235iad": AirBox.AIR_SUPERIORITY_VS_GROUND_ATTACK})


def sealed_in_set_up(shipped, german: int = 2, soviet: int = 1, air: bool = False) -> Exchange:
    """Files 1-2: the German seals his turn 1 bid (and with `air` his allocation) in the file
    that makes the game; the Soviet joins, sets up and seals his; the German takes file 2 in
    (his program shows his then, both being in) and sets up."""
    keys = (Identity.from_seed(b"ahead german"), Identity.from_seed(b"ahead soviet"))
    exchange = Exchange(shipped, keys=keys, game="a1" * 16, fresh=True)  # the same dice always
    exchange.german.email.bid_ahead(german)
    if air:
        exchange.german.email.allocate_ahead(GERMAN_AIR)
    text = exchange.send(exchange.german)
    made = fresh_shares(exchange.soviet_key)
    exchange.soviet = join_game(
        shipped, text, identity=exchange.soviet_key, clock=clock(), fresh=made
    )
    set_up(exchange.soviet, SOVIET)
    exchange.soviet.email.bid_ahead(soviet)
    if air:
        exchange.soviet.email.allocate_ahead(SOVIET_AIR)
    exchange.german.email.import_text(exchange.send(exchange.soviet))
    set_up(exchange.german, GERMAN)
    return exchange


def is_bid(entry) -> bool:
    return (entry.action or {}).get("kind") == "declare_attacks"


def entries_of(text: str, kind: EntryKind):
    return [entry for entry in parse(text).entries if entry.kind is kind]


def test_6_1_bids_sealed_ahead_ride_with_the_set_up_files_and_need_no_file_of_their_own(shipped):
    exchange = sealed_in_set_up(shipped, german=2, soviet=1)
    german = exchange.german
    text = german.text()
    seals = entries_of(text, EntryKind.SEAL)
    assert [(s.by, s.field("for")) for s in seals] == [("german", "bid 1"), ("soviet", "bid 1")]
    # the Soviet sealed second: his program shows his at once; the German's on import
    shows = entries_of(text, EntryKind.SHOW)
    assert [(s.by, s.field("seal")) for s in shows] == [
        ("soviet", f"#{seals[1].number}"),
        ("german", f"#{seals[0].number}"),
    ]
    # the game goes on to the Initiative Phase, played by whoever holds it: here the German
    exchange.air()
    files = len(exchange.files)
    end_steps_until(german, Segment.INITIATIVE_DETERMINATION)
    state = german.state
    assert state.initiative.determined_turn == 1, state.segment
    assert dict(state.initiative.planned_attacks) == {GERMAN: 2, SOVIET: 1}
    assert len(exchange.files) == files  # no file went for the bids
    made = [e for e in parse(german.text()).entries if is_bid(e) and e.field("unseal")]
    assert {e.by for e in made} == {"german"}  # the holder made both, each by its seal
    assert {e.action["player"] for e in made} == {"german", "soviet"}
    # and the Soviet's program agrees when the file comes back
    exchange.soviet.email.import_text(exchange.send(german))
    assert exchange.soviet.state == german.state


def test_pbem_6_1_a_seal_ahead_shows_nothing_of_the_bid_to_the_opponent(shipped):
    exchange = Exchange(shipped)
    exchange.german.email.bid_ahead(3)
    text = exchange.send(exchange.german)
    (seal,) = entries_of(text, EntryKind.SEAL)
    assert "3" not in " ".join(seal.narration).replace("turn 1", "")
    assert not entries_of(text, EntryKind.SHOW)  # the Soviet is not bound yet
    assert not any(is_bid(e) for e in parse(text).entries)


def test_pbem_6_1_a_bid_shown_before_the_opponent_is_bound_is_refused(shipped):
    """The German's first file shows his bid with the key that opens it, the Soviet bound to
    nothing yet: whoever joins would read it before bidding."""
    from owsqt.journal import pbem
    from owsqt.session import exchangenotes as notes
    from owsqt.session.secrets import BID
    from tests.session.pbemkit import appended, rewritten

    exchange = Exchange(shipped)
    exchange.german.email.bid_ahead(3)
    honest = exchange.send(exchange.german)
    (seal,) = entries_of(honest, EntryKind.SEAL)
    (send,) = entries_of(honest, EntryKind.SEND)
    game = exchange.german.header.game
    key = exchange.german_key.secret_for(pbem.seal_label(game, seal.number))
    show = replace(
        send,
        kind=EntryKind.SHOW,
        fields=(("seal", f"#{seal.number}"), ("nonce", key)),
        narration=(notes.shown(GERMAN, BID.what, seal.number),),
        signature=None,
    )
    forged = rewritten(honest, exchange.german_key, lambda e: show if e == send else e)
    forged = appended(forged, exchange.german_key, replace(send, number=show.number + 1))
    with pytest.raises(JournalError, match=r"shown only once the opponent's is made or sealed"):
        join_game(shipped, forged, identity=exchange.soviet_key, clock=clock())


def test_pbem_6_1_a_bid_shown_with_a_key_that_does_not_open_it_is_refused(shipped):
    exchange = Exchange(shipped)
    exchange.german.email.bid_ahead(3)
    honest = exchange.send(exchange.german)
    soviet = join_game(shipped, honest, identity=exchange.soviet_key, clock=clock())
    set_up(soviet, SOVIET)
    soviet.email.bid_ahead(1)
    text = soviet.email.send()[1]
    # the Soviet's show of his own bid, its key changed: it opens nothing he sealed
    (show,) = [e for e in entries_of(text, EntryKind.SHOW) if e.by == "soviet"]
    wrong = resigned(
        text,
        show.number,
        lambda e: replace(e, fields=(("seal", e.field("seal")), ("nonce", "ab" * 32))),
        exchange.soviet_key,
    )
    before = exchange.german.text()
    with pytest.raises(JournalError, match=rf"entry {show.number}: the key shown does not open"):
        exchange.german.email.import_text(wrong)
    assert exchange.german.text() == before


def test_pbem_6_1_a_bid_sealed_for_a_later_turn_is_refused(shipped):
    exchange = Exchange(shipped)
    exchange.german.email.bid_ahead(0)
    text = exchange.send(exchange.german)
    (seal,) = entries_of(text, EntryKind.SEAL)
    forged = resigned(
        text,
        seal.number,
        lambda e: replace(e, fields=(*e.fields[:2], ("for", "bid 2"))),
        exchange.german_key,
    )
    with pytest.raises(
        JournalError,
        match=rf"entry {seal.number}: a bid of planned attacks sealed now is for turn 1",
    ):
        join_game(shipped, forged, identity=exchange.soviet_key, clock=clock())


def test_pbem_6_1_the_holder_cannot_make_the_opponents_bid_otherwise_than_sealed(shipped):
    exchange = sealed_in_set_up(shipped, german=2, soviet=1)
    german = exchange.german
    exchange.air()
    before = exchange.soviet.text()
    end_steps_until(german, Segment.INITIATIVE_DETERMINATION)
    text = exchange.send(german)
    (theirs,) = [
        e
        for e in parse(text).entries
        if is_bid(e) and e.field("unseal") is not None and e.action["player"] == "soviet"
    ]

    def lower(entry):
        """His bid of 1 made as 2, and the log of the initiative told as the replay tells
        it then: the lie consistent but for the seal."""
        told = tuple(
            re.sub(r"Soviet (\d+);", lambda m: f"Soviet {int(m[1]) + 1};", line).replace(
                "Soviet 1 planned", "Soviet 2 planned"
            )
            for line in entry.narration
        )
        return replace(entry, action={**entry.action, "planned": 2}, narration=told)

    forged = resigned(text, theirs.number, lower, exchange.german_key)
    with pytest.raises(JournalError, match=rf"entry {theirs.number}: .*not the one sealed"):
        exchange.soviet.email.import_text(forged)
    assert exchange.soviet.text() == before


def test_pbem_6_1_a_sealed_ahead_bid_may_not_be_made_again_at_its_step(shipped):
    exchange = sealed_in_set_up(shipped)
    german = exchange.german
    with pytest.raises(ValueError, match="sealed already"):
        german.email.bid_ahead(4)
    reason = german.players.why_not_act(DeclareAttacks(player=GERMAN, planned=4))
    assert reason is not None and "sealed already" in reason


def test_6_1_a_bid_made_at_the_step_while_the_opponents_is_sealed_ahead_is_made_openly(
    shipped,
):
    exchange = Exchange(shipped)
    exchange.german.email.bid_ahead(2)  # the Soviet will bid at the step, in the open
    exchange.opening()
    exchange.to_the_bids()
    soviet = exchange.soviet
    assert soviet.state.segment is Segment.INITIATIVE_DETERMINATION
    must(soviet, DeclareAttacks(player=SOVIET, planned=1))
    assert dict(soviet.state.initiative.planned_attacks) == {SOVIET: 1}  # not sealed
    # the German's program makes his sealed bid as soon as it has the file
    exchange.german.email.import_text(exchange.send(soviet))
    assert exchange.german.state.initiative.determined_turn == 1
    assert dict(exchange.german.state.initiative.planned_attacks) == {GERMAN: 2, SOVIET: 1}


def test_pbem_18_1_no_bid_is_sealed_ahead_under_the_fog_of_war(shipped):
    exchange = Exchange(shipped, options=("fog-of-war",))
    assert exchange.german.email.why_not_bid_ahead() == FOG_NO_AHEAD
    with pytest.raises(ValueError, match="not sealed ahead under the fog of war"):
        exchange.german.email.bid_ahead(1)


def test_4_3_allocations_sealed_ahead_are_made_by_the_holder_at_the_step(shipped):
    exchange = sealed_in_set_up(shipped, air=True)
    german = exchange.german
    state = german.state
    # files 3-6 of an allocation made at its step are not needed: the German holds the game
    # at the Air Allocation Segment and his program made both, the Soviet's first (step 1)
    assert len(exchange.files) == 2
    assert state.air.allocated == {GERMAN, SOVIET} and not state.air.sealed
    assert allocation_step(shipped, state) == (GERMAN, 3)  # his fighters after the reveal
    boxes = {u: a.box for u, a in state.air_units.items() if u in {**GERMAN_AIR, **SOVIET_AIR}}
    assert boxes == {**GERMAN_AIR, **SOVIET_AIR}
    made = [e for e in parse(german.text()).entries if e.field("unseal") is not None]
    allocations = [e for e in made if e.action["kind"] == "allocate_air"]
    assert [e.action["player"] for e in allocations] == ["soviet", "german"]
    exchange.soviet.email.import_text(exchange.send(german))
    assert exchange.soviet.state == german.state


def test_pbem_4_3_the_holder_cannot_make_the_opponents_allocation_otherwise(shipped):
    exchange = sealed_in_set_up(shipped, air=True)
    text = exchange.send(exchange.german)
    (theirs,) = [
        e
        for e in parse(text).entries
        if e.field("unseal") is not None
        and e.action == {**e.action, "player": "soviet"}
        and e.action["kind"] == "allocate_air"
    ]
    more = {**theirs.action["missions"], "su-268iad": "air_superiority_vs_ground_attack"}
    forged = resigned(
        text, theirs.number, lambda e: replace(e, action={**e.action, "missions": more}),
        exchange.german_key,
    )  # fmt: skip
    before = exchange.soviet.text()
    with pytest.raises(JournalError, match=rf"entry {theirs.number}\b"):
        exchange.soviet.email.import_text(forged)
    assert exchange.soviet.text() == before


def test_4_3_an_allocation_sealed_ahead_flies_only_the_units_still_ready_at_its_step(shipped):
    exchange = sealed_in_set_up(shipped)
    state = exchange.german.state
    sealed = AllocateAir(player=GERMAN, missions=GERMAN_AIR)
    assert fitted(shipped, sealed, state) == sealed
    flown = state.with_air_unit("lw-stg2-1", AirBox.FLOWN)  # shot down or not recovered
    assert fitted(shipped, sealed, flown).missions == FrozenMap(
        {"lw-jg52-2": AirBox.AIR_SUPERIORITY_VS_GROUND_ATTACK}
    )


def test_4_3_a_soviet_allocation_sealed_ahead_stands_in_sealed_at_step_1(shipped):
    """The German did not seal his: at step 1 the Soviet's program makes his sealed, as one
    sealed at the step, and the German allocates without knowing it."""
    exchange = sealed_in_set_up(shipped)
    exchange.soviet.email.import_text(exchange.send(exchange.german))
    soviet = exchange.soviet
    soviet.email.allocate_ahead(SOVIET_AIR)  # at its step: made as there, sealed
    state = soviet.state
    assert state.air.allocated == {SOVIET} and state.air.sealed == {SOVIET}
    assert "235" not in " ".join(soviet.entries[-1].narration)
    exchange.german.email.import_text(exchange.send(soviet))
    assert exchange.german.state.air.sealed == {SOVIET}


def test_4_3_a_soviet_allocating_after_the_germans_sealed_ahead_allocates_openly_and_waits(
    shipped,
):
    exchange = sealed_in_set_up(shipped)
    german = exchange.german
    german.email.allocate_ahead(GERMAN_AIR)  # his step 2 of this turn, before the Soviet's
    exchange.soviet.email.import_text(exchange.send(german))
    soviet = exchange.soviet
    must(soviet, AllocateAir(player=SOVIET, missions=SOVIET_AIR))
    assert soviet.state.air.allocated == {SOVIET} and not soviet.state.air.sealed  # open
    assert soviet.email.waiting_for_opponent()  # the German's program makes his now
    exchange.german.email.import_text(exchange.send(soviet))
    assert german.state.air.allocated == {GERMAN, SOVIET}
    assert allocation_step(shipped, german.state) == (GERMAN, 3)
