"""Standing orders by e-mail (owsqt/players/standing.py, owsqt/session/orders.py,
docs/pbem-format.md "Standing orders"): the attacker's program answers the defender's
questions by the defender's orders, in the attacker's file, as the defender's decisions
naming the order; the defender's program makes each answer again on import and refuses a
file whose answer is not the one his orders give. Each cheat is played: changed answers,
answers with no order, an order claimed for the writer's own action, orders a program does
not know, orders under the fog of war."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.journal.identity import Identity
from owsqt.journal.textformat import EntryKind, JournalError, parse
from owsqt.players.standing import FORCED, QUESTIONS, ordered, orders_problem
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.vocabulary import Player
from owsqt.session import game_from_text
from owsqt.session.email import EmailExchange
from owsqt.session.orders import orders_from_text, orders_text, stacks_from_text, stacks_text
from tests.session.pbemkit import Exchange, resigned
from tools.fuzz import email

SEED = 5  # We are coming!: its fuzz game with standing orders answers questions by them


def files_sent(request, shipped, seed: int, **options) -> list[tuple[str, str]]:
    """Each file sent in the fuzzer's e-mail game of `seed` to the end of turn 2, with the
    side that sent it."""
    files: list[tuple[str, str]] = []
    send = EmailExchange.send

    def recorded(self):
        name, text = send(self)
        files.append((sorted(self.local_sides)[0], text))
        return name, text

    patch = pytest.MonkeyPatch()
    request.addfinalizer(patch.undo)
    patch.setattr(EmailExchange, "send", recorded)
    email.play_email_game(shipped, seed, last_turn=2, **options)
    patch.undo()
    return files


@pytest.fixture(scope="module")
def game(shipped, request):
    """The fuzzer's e-mail game of SEED with random standing orders."""
    return files_sent(request, shipped, SEED, orders=True)


def key_of(side: str) -> Identity:
    return Identity.from_seed(f"fuzz {SEED} {side}".encode())  # tools/fuzz/email.py's keys


def first_answer(files):
    """The first file holding an answer by order, its index and that entry."""
    for index, (_, text) in enumerate(files):
        for entry in parse(text).entries:
            answered = entry.kind is EntryKind.ACT and entry.field("order") is not None
            if answered and entry.number > len(parse(files[index - 1][1]).entries):
                return index, entry
    raise AssertionError("no answer by standing order in the game")


def victim(shipped, files, index):
    """The player who opens file `index`: his copy as he sent the file before it."""
    side, text = files[index - 1]
    return game_from_text(shipped, text, identity=key_of(side))


def test_standing_orders_are_written_as_words_and_read_back(shipped):
    orders = FrozenMap({"optional": "check", "lead": "best", "return-fire": "fire"})
    assert orders_text(orders) == "lead=best return-fire=fire optional=check"
    assert orders_from_text(orders_text(orders)) == orders
    assert orders_text(FrozenMap()) == "-" and orders_from_text("-") == FrozenMap()
    stacks = FrozenMap({"su-4mc-hq": FrozenMap({"optional": "retreat"})})
    assert stacks_from_text(stacks_text(stacks)) == stacks
    assert orders_problem({"surrender": "always"}) == "there is no standing order 'surrender'"
    assert orders_problem({"optional": "flee"}) == (
        "the standing order 'optional' is retreat, check, not 'flee'"
    )
    with pytest.raises(ValueError, match="written 'return-fire=fire optional=check'"):
        orders_from_text("optional=check return-fire=fire")  # not as owsqt writes them


def test_the_attackers_program_answers_the_defenders_questions_by_his_orders(shipped, game):
    index, entry = first_answer(game)
    writer, text = game[index]
    assert entry.by == writer
    question, answer = (entry.field("order") or "").split("=")
    assert question in QUESTIONS and answer in (*QUESTIONS[question].answers, FORCED)
    # the reader takes the file in: he makes the same answer from his own orders
    reader = victim(shipped, game, index)
    reader.email.import_text(text)
    assert reader.text() == text
    orders, _ = reader.email.orders_of(Player(writer).opponent)
    assert orders.get(question) in (answer, None)  # his side's order, or his stack's


def test_orders_entries_name_their_side_and_every_file_agrees(shipped, game):
    final = parse(game[-1][1]).entries
    given = [e for e in final if e.kind is EntryKind.ORDERS]
    assert {e.by for e in given} == {"german", "soviet"}
    assert all(orders_from_text(e.field("orders") or "") is not None for e in given)
    assert all(
        e.narration == (f"The {e.by.title()} player gives his standing orders.",) for e in given
    )


def _flipped(entry):
    """The answer made otherwise than the order says, its `+ order` kept."""
    action = dict(entry.action or {})
    if "check" in action:
        action["check"] = not action["check"]
    elif action.get("kind") == "fire":
        action = {"kind": "continue_combat", "player": action["player"]}
    elif action.get("kind") == "continue_combat":
        action = {"kind": "fire", "player": action["player"]}
    elif "hits" in action:
        action["hits"] = list(reversed(action["hits"])) + action["hits"][:1]
    elif "lead" in action:
        action["lead"] = "su-4mc-hq" if action["lead"] != "su-4mc-hq" else "de-6pz-hq"
    else:
        action["path"] = action.get("path", [])[:1]
    return replace(entry, action=action)


@pytest.mark.parametrize(
    "cheat, change, says",
    [
        ("an answer other than the order's", _flipped, "standing order|cannot be applied"),
        (
            "another answer named",
            lambda e: replace(e, fields=(("order", "special-fire=hold"),)),
            "answers otherwise",
        ),
        (
            "the order left out",
            lambda e: replace(e, fields=()),
            "made an action that is the",
        ),
    ],
)
def test_pbem_orders_a_forged_answer_by_order_is_refused_naming_the_entry(
    shipped, game, cheat, change, says
):
    index, entry = first_answer(game)
    writer, text = game[index]
    forged = resigned(text, entry.number, change, key_of(writer))
    reader = victim(shipped, game, index)
    before = reader.text()
    with pytest.raises(JournalError, match=rf"entry {entry.number}") as refused:
        reader.email.import_text(forged)
    assert refused.match(says)
    assert reader.text() == before  # nothing of his game is lost


def test_pbem_orders_an_order_claimed_for_the_writers_own_action_is_refused(shipped, game):
    index, _ = first_answer(game)
    writer, text = game[index]
    previous = len(parse(game[index - 1][1]).entries)
    own = next(
        e
        for e in parse(text).entries
        if e.number > previous
        and e.kind is EntryKind.ACT
        and e.field("order") is None
        and (e.action or {}).get("player") in (writer, None)
    )
    forged = resigned(
        text, own.number, lambda e: replace(e, fields=(("order", "lead=best"),)), key_of(writer)
    )
    reader = victim(shipped, game, index)
    with pytest.raises(JournalError, match=rf"entry {own.number}: e-mail play: no standing order"):
        reader.email.import_text(forged)


def test_pbem_orders_orders_the_program_does_not_know_are_refused_in_one_line(shipped, game):
    follows, given = next(  # the first file after the first whose new entries give orders
        (index, entry)
        for index in range(1, len(game))
        for entry in parse(game[index][1]).entries
        if entry.kind is EntryKind.ORDERS and entry.number > len(parse(game[index - 1][1]).entries)
    )
    writer, text = game[follows]
    forged = resigned(
        text,
        given.number,
        lambda e: replace(e, fields=(("orders", "surrender=always"),)),
        key_of(writer),
    )
    reader = victim(shipped, game, follows)
    with pytest.raises(
        JournalError, match=rf"entry {given.number}: there is no standing order 'surrender'"
    ):
        reader.email.import_text(forged)


def test_18_1_no_standing_orders_are_given_or_answered_under_the_fog_of_war(shipped):
    exchange = Exchange(shipped, options=("fog-of-war",))
    with pytest.raises(ValueError, match="not used under the fog of war"):
        exchange.german.email.give_orders(FrozenMap({"optional": "retreat"}))
    state = exchange.german.state
    assert ordered(shipped, state, Player.SOVIET, {"optional": "retreat"}) is None


def test_pbem_orders_given_after_sending_are_refused(shipped):
    exchange = Exchange(shipped)
    exchange.send(exchange.german)
    with pytest.raises(ValueError, match="open their reply"):
        exchange.german.email.give_orders(FrozenMap({"optional": "retreat"}))


def test_a_stacks_own_order_answers_before_its_sides(shipped, game):
    index, entry = first_answer(game)
    writer, text = game[index]
    cut = text[: text.index(f"\n#{entry.number} ") + 1]  # the file up to the answer
    before = game_from_text(shipped, cut).state
    side = Player(writer).opponent
    question, answer = (entry.field("order") or "").split("=")
    found = ordered(shipped, before, side, {question: answer})
    assert found is not None and found[:2] == (question, answer)
    combat = before.combat
    asked = combat.pending.units if combat.pending is not None else combat.defending
    other = next((a for a in QUESTIONS[question].answers if a != answer), None)
    if other is None:  # one answer only: the stack's order cannot differ, only be given
        other = answer
    unit = sorted(asked)[0]
    by_stack = ordered(shipped, before, side, {question: answer}, {unit: {question: other}})
    assert by_stack is not None and by_stack[1] == other
    # a stack's order alone answers too; another stack's does not
    assert ordered(shipped, before, side, {}, {unit: {question: answer}}) is not None
    assert ordered(shipped, before, side, {}, {"no-such-unit": {question: answer}}) is None


@pytest.fixture(scope="module")
def unordered(shipped, request):
    """The fuzzer's e-mail game of seed 1, without standing orders."""
    return files_sent(request, shipped, 1)


def seed_1_victim(shipped, files, index):
    """The player who opens file `index` of the game of seed 1, as he sent the one before."""
    side, text = files[index - 1]
    return game_from_text(shipped, text, identity=Identity.from_seed(f"fuzz 1 {side}".encode()))


def test_11_3_a_lead_the_rules_force_is_answered_with_no_order_given(shipped, unordered):
    """A stack with one unit that may lead and no gun that may fire in its defence has no
    choice to make (11.3, 12.4): the attacker's program answers it, `lead=only`, though the
    defender gave no order, and the defender's program takes it in."""
    index, entry = first_answer(unordered)
    writer, text = unordered[index]
    assert entry.field("order") == f"lead={FORCED}" and entry.by == writer
    assert entry.action["kind"] == "defend" and entry.action["player"] != writer
    assert not entry.action.get("artillery")
    reader = game_from_text(
        shipped,
        unordered[index - 1][1],
        identity=Identity.from_seed(f"fuzz 1 {unordered[index - 1][0]}".encode()),
    )
    reader.email.import_text(text)
    assert reader.text() == text


def test_pbem_orders_a_forced_lead_made_otherwise_is_refused(shipped, unordered):
    index, entry = first_answer(unordered)
    writer, text = unordered[index]
    forged = resigned(
        text,
        entry.number,
        lambda e: replace(e, fields=(("order", "lead=best"),)),
        Identity.from_seed(f"fuzz 1 {writer}".encode()),
    )
    side, before_text = unordered[index - 1]
    reader = game_from_text(
        shipped, before_text, identity=Identity.from_seed(f"fuzz 1 {side}".encode())
    )
    before = reader.text()
    with pytest.raises(JournalError, match=rf"entry {entry.number}: .*answers otherwise"):
        reader.email.import_text(forged)
    assert reader.text() == before
