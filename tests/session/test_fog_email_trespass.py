"""[18.1, 3.1] A fogged e-mail opponent whose tell acts on the reader's own units (issue 36,
defect 3): a changed Soviet program seals a hostile action, tells it and signs the file with
the Soviet key. The German's import refuses it by name and keeps his game; his `owsqt
verify` does not say VALID; once both seals are open, the referee names it too. A public
part the engine cannot apply is refused in one line at its entry, never a traceback."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from owsqt.cli.exitcodes import EXIT_BAD_INPUT, EXIT_REFUSED
from owsqt.cli.main import main
from owsqt.journal import pbem
from owsqt.journal.identity import Identity
from owsqt.journal.textformat import Entry, EntryKind, JournalError, parse
from owsqt.rules.core.actions import Counterbattery, SetStrength
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.fog.option import FOG_OF_WAR
from owsqt.rules.worlds.reach import TRESPASS_RULE
from owsqt.session import GameSession
from owsqt.session import exchangenotes as notes
from owsqt.session.fogmail import sealed
from owsqt.session.referee import referee
from tests.session.pbemkit import Exchange, begun_by
from tests.session.test_undo_barrier_replay import AT, appended, sent_by

ACTS_WITH = (
    "a player acts with his own units and names the enemy's only as the unit he fires at (3.1)"
)


@dataclass
class Fogged:
    """A fogged e-mail game after files 1-3, both sides set up; the Soviet has opened the
    German's file 3 and is to play; the German waits for his reply."""

    exchange: Exchange
    shown: str  # a German unit the Soviet sees on top of its stack
    hidden: str  # a German unit on the map the Soviet's world does not hold
    rear: str  # a hex behind the Soviet line: his 51st Army's headquarters

    @property
    def german(self) -> GameSession:
        return self.exchange.german

    @property
    def soviet(self) -> GameSession:
        assert self.exchange.soviet is not None
        return self.exchange.soviet

    def name(self, unit_id: str) -> str:
        return self.german.ruleset.unit_name(unit_id)

    def forged(self, action: dict[str, Any] | None, **public: Any) -> tuple[str, int]:
        """The Soviet's reply as his changed program writes it: one more tell whose public
        part is `action` (with the fields of `public`), its action sealed as an honest
        program seals it, then his send, all signed with his key; and the tell's number."""
        key = self.exchange.soviet_key
        text = begun_by(self.soviet.text(), key, "soviet", AT)  # his file's dice revealed
        number = len(parse(text).entries) + 1
        told = {
            "writer": "soviet",
            "action": action,
            "introduced": [],
            "after": {"units": [], "hidden": []},
            "settled": {},
            "acted": True,
            **public,
        }
        key = self.exchange.soviet_key
        fields = sealed(key, self.german.header.game, number, action or {"kind": "end_step"})
        tell = Entry(number, EntryKind.TELL, AT, action=told, fields=fields, by="soviet")
        return sent_by(appended(text, key, tell), key, "soviet"), number


def fogged(ruleset, mode: Mode = Mode.STRICT) -> Fogged:
    exchange = Exchange(ruleset, mode, options=(FOG_OF_WAR,))
    exchange.opening()
    soviet = exchange.soviet
    assert soviet is not None
    soviet.email.import_text(exchange.send(exchange.german))
    ground = ruleset.catalogue.ground
    german_on_map = [
        u for u, unit in exchange.german.state.units.items()
        if u in ground and ground[u].player is Player.GERMAN and unit.hex is not None
    ]  # fmt: skip
    shown = next(u for u in german_on_map if u in soviet.state.units)
    hidden = next(u for u in german_on_map if u not in soviet.state.units)
    rear = ruleset.grid.id_of(soviet.state.units["su-51a-hq"].hex)
    return Fogged(exchange, shown, hidden, rear)


@pytest.fixture
def game(shipped) -> Fogged:
    return fogged(shipped)


def refused_on_import(game: Fogged, text: str) -> str:
    """The German's import of `text` refuses it: the message, his game as it was."""
    german = game.german
    held, entries, before = german.state, len(german.entries), german.text()
    with pytest.raises(JournalError) as refused:
        german.email.import_text(text)
    assert german.state == held and len(german.entries) == entries and german.text() == before
    message = str(refused.value)
    assert "\n" not in message
    return message


def verified(path: Path, key: Identity, monkeypatch, capsys) -> tuple[int, str, str]:
    """`owsqt verify PATH` on the computer of the player whose key is `key`."""
    monkeypatch.setattr(Identity, "load_or_create", classmethod(lambda cls, path=None: key))
    code = main(["verify", str(path)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def _place(game: Fogged) -> dict[str, Any]:
    return {"kind": "place", "player": "soviet", "to": game.rear, "units": [game.shown]}


def _strength(game: Fogged) -> dict[str, Any]:
    return {"kind": "set_strength", "player": "soviet", "unit": game.shown, "strength": 1}


def _eliminate(game: Fogged) -> dict[str, Any]:
    return {"kind": "set_status", "player": "soviet", "units": [game.shown], "status": "eliminated"}


def _displace(game: Fogged) -> dict[str, Any]:
    return {"kind": "displace", "player": "soviet", "units": [game.shown], "path": []}


@pytest.mark.parametrize(
    ("make", "verb"),
    [(_place, "place edits"), (_strength, "set_strength edits"),
     (_eliminate, "set_status edits"), (_displace, "displace acts with")],
    ids=["place-behind-the-soviet-line", "strength-to-1", "eliminated", "displaced-off-the-map"],
)  # fmt: skip
def test_18_1_a_soviet_tell_acting_on_a_german_unit_is_refused_by_name(
    game, make, verb, tmp_path, monkeypatch, capsys
):
    """(a) a German unit placed behind the Soviet line, (b) its strength set to 1, (c) it
    eliminated by hand or displaced off the map (9.3: the owner displaces his own units):
    each a broken rule named at its entry; the German's verify says RULES BROKEN."""
    text, number = game.forged(make(game))
    line = (
        f"entry {number}: {TRESPASS_RULE}: a Soviet tell's {verb} the German unit "
        f"{game.name(game.shown)}: {ACTS_WITH}"
    )
    message = refused_on_import(game, text)
    assert message == f"the file breaks the rules: {line}"
    path = tmp_path / "reply.owsg"
    path.write_text(text)
    code, out, _err = verified(path, game.exchange.german_key, monkeypatch, capsys)
    assert code == EXIT_REFUSED
    assert f"{path}: RULES BROKEN" in out and f"    {line}\n" in out and "VALID" not in out


def test_18_1_a_soviet_tell_naming_a_german_unit_he_cannot_see_is_refused(game):
    """His world holds no German unit hidden under a top: no honest program names one, in
    any mode (here a strength set by hand, which strict play refuses besides)."""
    action = {"kind": "set_strength", "player": "soviet", "unit": game.hidden, "strength": 1}
    text, number = game.forged(action)
    assert refused_on_import(game, text) == (
        f"the file breaks the rules: entry {number}: {TRESPASS_RULE}: a Soviet tell's "
        f"set_strength names the German unit {game.name(game.hidden)}, which the Soviet "
        "world cannot hold: it does not show"
    )


def test_18_1_3_1_a_strict_soviet_tell_editing_his_own_unit_is_refused(game):
    """Strict play allows no hand edit outside set-up (3.1), of one's own units either: the
    engine's judge of hand edits, which reads only public facts, judges the public part."""
    action = {"kind": "set_strength", "player": "soviet", "unit": "su-51a-hq", "strength": 1}
    text, number = game.forged(action)
    message = refused_on_import(game, text)
    assert message.startswith(
        f"the file breaks the rules: entry {number}: 3.1: a Soviet tell's set_strength is a "
        "hand edit: a manual edit changes the game outside the sequence of play"
    )


def test_18_1_a_tell_the_engine_cannot_apply_is_refused_in_one_line(
    game, tmp_path, monkeypatch, capsys
):
    """(d) losses taken outside any combat: the engine raises InvalidAction on the German's
    world. The import refuses it in one line at its entry; verify exits 2 in one line."""
    action = {"kind": "take_losses", "player": "soviet", "hits": ["su-51a-hq"]}
    text, number = game.forged(action)
    said = (
        f"entry {number}: the soviet tell cannot be taken in: InvalidAction: no combat is under way"
    )
    assert refused_on_import(game, text) == said
    path = tmp_path / "reply.owsg"
    path.write_text(text)
    code, out, err = verified(path, game.exchange.german_key, monkeypatch, capsys)
    assert code == EXIT_BAD_INPUT and f"{path}: TAMPERED OR UNREADABLE" in out
    assert err.count("\n") == 1 and said in err


def test_18_1_more_hidden_counters_than_the_side_has_are_refused(shipped, game):
    """Two stacks each said to hide every Soviet counter: the phantoms would run out (an
    IndexError deep in the world once); the part is refused as it is read."""
    most = sum(1 for u in shipped.catalogue.ground.values() if u.player is Player.SOVIET)
    counters = {"count": most, "zoc": False}
    elsewhere = game.german.ruleset.grid.id_of(game.german.state.units[game.shown].hex)
    after = {"units": [], "hidden": [[game.rear, counters], [elsewhere, counters]]}
    text, number = game.forged(None, after=after)
    assert refused_on_import(game, text) == (
        f"entry {number}: the entry's public part is bad: after.hidden: more hidden counters "
        f"than the {most} soviet units"
    )


def test_17_3_a_soviet_tell_settling_the_german_losses_is_refused(game):
    """The loss tallies are each side's own to settle (reading 150)."""
    losses = {"german": {"armor": 9, "artillery": 0, "infantry": 0}}
    text, number = game.forged(None, settled={"losses": losses})
    assert refused_on_import(game, text) == (
        f"entry {number}: the entry's public part is bad: settled.losses: the german tally is "
        "the german side's"
    )


def test_19_33_a_soviet_tell_settling_the_victory_ledger_is_refused(game):
    """The German side tells the ledger (every point is earned by German units or their
    losses); a Soviet tell that settles it, here as the German told it last, is refused."""
    told = [e for e in game.german.entries if e.kind is EntryKind.TELL and e.by == "german"]
    ledger = (told[-1].action or {})["settled"]["victory_ledger"]
    text, number = game.forged(None, settled={"victory_ledger": ledger})
    assert refused_on_import(game, text) == (
        f"entry {number}: the entry's public part is bad: settled.victory_ledger: the German "
        "side tells the victory points its units earn"
    )


def test_12_4_the_soviet_program_leaves_a_counterbattery_of_german_guns_to_the_german(game):
    """A counterbattery names no player (both may fire in its step): the guns' owner makes
    it, not the player whose turn it is; the Soviet's program hands it over."""
    fire = Counterbattery(units=("ro-6c-art",), target_unit="su-51a-art")
    assert game.soviet.players.why_not_act(fire) == (
        "this is for the German player to do; send your file so that they can"
    )


def test_12_4_a_soviet_tell_firing_german_guns_is_refused(game):
    action = {"kind": "counterbattery", "units": [game.shown], "target_unit": "su-51a-hq"}
    text, number = game.forged(action)
    message = refused_on_import(game, text)
    assert (
        f"entry {number}: {TRESPASS_RULE}: a Soviet tell's counterbattery acts with the German "
        f"unit {game.name(game.shown)}: {ACTS_WITH}"
    ) in message
    assert (
        f"entry {number}: e-mail play: the soviet player made an action that is the german player's"
    ) in message


# --- free and assisted play -----------------------------------------------------------------


def test_18_1_in_free_play_a_tell_may_edit_a_shown_german_unit_not_a_hidden_one(shipped):
    """Free play moves counters by hand, anyone's, as on a real table: the German takes in
    the Soviet's edit of a unit he shows, and refuses one of a unit the Soviet cannot see."""
    game = fogged(shipped, Mode.FREE)
    text, _ = game.forged(_strength(game))
    game.german.email.import_text(text)
    assert game.german.state.units[game.shown].strength == 1
    game = fogged(shipped, Mode.FREE)
    action = {"kind": "set_strength", "player": "soviet", "unit": game.hidden, "strength": 1}
    text, number = game.forged(action)
    assert f"entry {number}: {TRESPASS_RULE}: a Soviet tell's set_strength names" in (
        refused_on_import(game, text)
    )


def test_18_1_in_assisted_play_the_writer_s_program_refuses_to_edit_an_enemy_unit(shipped):
    """Assisted play applies a broken rule and declares it; in a fogged e-mail game that
    leave stops at the enemy's units, which the enemy's program refuses to see touched
    (reading 193): the Soviet's program refuses his edit of a German unit and makes the
    edit of his own, which the German takes in."""
    game = fogged(shipped, Mode.ASSIST)
    outcome = game.soviet.submit(SetStrength(player=Player.SOVIET, unit=game.shown, strength=1))
    assert not outcome.applied
    ((violation,),) = [outcome.verdict.violations]
    assert violation.rule == TRESPASS_RULE
    assert violation.message.startswith(f"{game.name(game.shown)} is a German unit: in e-mail")
    own = game.soviet.submit(SetStrength(player=Player.SOVIET, unit="su-51a-hq", strength=1))
    assert own.applied and [v.rule for v in own.verdict.violations] == ["3.1"]
    game.german.email.import_text(game.exchange.send(game.soviet))
    assert game.german.entries[-1].kind is EntryKind.SEND


def test_18_1_in_assisted_play_a_tell_editing_a_german_unit_is_refused(shipped):
    game = fogged(shipped, Mode.ASSIST)
    text, number = game.forged(_strength(game))
    assert refused_on_import(game, text) == (
        f"the file breaks the rules: entry {number}: {TRESPASS_RULE}: a Soviet tell's "
        f"set_strength edits the German unit {game.name(game.shown)}: {ACTS_WITH}"
    )


# --- the referee, once both seals are open ----------------------------------------------------


def opened(game: Fogged, text: str) -> str:
    """`text` with each player's OPEN entry, his secret of the tells, each signed by him."""
    game_id = game.german.header.game
    for side, key in ((Player.GERMAN, game.exchange.german_key),
                      (Player.SOVIET, game.exchange.soviet_key)):  # fmt: skip
        secret = key.secret_for(pbem.tells_label(game_id))
        text = begun_by(text, key, side.value, AT)  # a file begins with its dice revealed
        number = len(parse(text).entries) + 1
        told = (notes.opened(side),)  # the words owsqt writes on an open
        entry = Entry(
            number, EntryKind.OPEN, AT, fields=(("secret", secret),), narration=told, by=side.value
        )
        text = appended(text, key, entry)
    return text


def test_18_1_the_referee_names_a_tell_that_acted_on_the_reader_s_unit(
    shipped, game, tmp_path, monkeypatch, capsys
):
    text, number = game.forged(_strength(game))
    found = referee(shipped, opened(game, text))
    line = (
        f"entry {number}: {TRESPASS_RULE}: a Soviet tell's set_strength edits the German "
        f"unit {game.name(game.shown)}: {ACTS_WITH}"
    )
    assert line in [str(problem) for problem in found.problems]
    path = tmp_path / "opened.owsg"
    path.write_text(opened(game, text))
    code, out, _err = verified(path, Identity.generate(), monkeypatch, capsys)
    assert code == EXIT_REFUSED and f"    {line}\n" in out and "VALID" not in out


def test_18_1_the_referee_refuses_a_sealed_action_the_engine_cannot_apply_in_one_line(
    game, tmp_path, monkeypatch, capsys
):
    action = {"kind": "take_losses", "player": "soviet", "hits": ["su-51a-hq"]}
    text, number = game.forged(action)
    path = tmp_path / "opened.owsg"
    path.write_text(opened(game, text))
    code, out, err = verified(path, Identity.generate(), monkeypatch, capsys)
    assert code == EXIT_BAD_INPUT and f"{path}: TAMPERED OR UNREADABLE" in out
    assert err.count("\n") == 1
    assert f"entry {number}: the soviet sealed action cannot be applied: InvalidAction" in err
