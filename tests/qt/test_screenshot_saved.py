"""`owsqt screenshot FILE --entry N` draws a saved game as it stood after any entry (issue 20,
item 7)."""

from __future__ import annotations

from PySide6.QtGui import QImage

from owsqt.cli.main import main


def test_a_saved_game_is_drawn_at_an_entry_and_at_its_end(tmp_path, capsys, qapp):
    game = tmp_path / "game.owsg"
    assert main(["new", "--scenario", "we-are-coming", "--mode", "free", "--seed", "4",
                 "--out", str(game)]) == 0  # fmt: skip
    start, middle, end = (tmp_path / f"{name}.png" for name in ("start", "middle", "end"))
    centre = ["--hex", "2441", "--zoom", "0.8"]
    assert main(["screenshot", str(game), "--entry", "0", *centre, "--out", str(start)]) == 0
    assert main(["screenshot", str(game), "--entry", "40", *centre, "--out", str(middle)]) == 0
    assert main(["screenshot", str(game), *centre, "--out", str(end)]) == 0
    assert "after entry 40" in capsys.readouterr().out
    images = [QImage(str(path)) for path in (start, middle, end)]
    assert all(not image.isNull() and image.width() == 1600 for image in images)
    maps = [image.copy(300, 100, 800, 700) for image in images]  # the map, not the docks
    assert maps[0] != maps[1] and maps[1] != maps[2]


def test_an_entry_beyond_the_journal_is_refused_with_its_range(tmp_path, capsys, qapp):
    game = tmp_path / "game.owsg"
    assert main(["new", "--scenario", "we-are-coming", "--empty", "--out", str(game)]) == 0
    assert main(["screenshot", str(game), "--entry", "9", "--out", str(tmp_path / "x.png")]) == 2
    assert "the game has entries 0 (its start) to 0" in capsys.readouterr().err
