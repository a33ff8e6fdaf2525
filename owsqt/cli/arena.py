"""`owsqt arena` (issue 38): computer players against each other, with paired seeds and
sides swapped, and what the games measure: wins per side, the spread of results, the
first-named player's score with its 95% Wilson interval, and the decision times."""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from typing import Any

from owsqt.cli.arenagames import ArenaGame, GameRecord, play_arena_game
from owsqt.cli.errors import InputError, say, say_json
from owsqt.cli.exitcodes import EXIT_OK
from owsqt.cli.forked import forked_map
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.scenario.ruleset import Ruleset, default_ruleset

Z95 = 1.959964  # the normal quantile of a two-sided 95% interval


def arena(args: argparse.Namespace) -> int:
    ruleset = default_ruleset()
    if args.scenario not in ruleset.scenarios:
        known = ", ".join(sorted(ruleset.scenarios))
        raise InputError(f"--scenario: unknown scenario {args.scenario!r}; known: {known}")
    if args.games < 1 or args.jobs < 1:
        raise InputError("--games and --jobs: at least 1")
    options = scenario_options(ruleset, args.scenario, args.option)
    games = paired_games(args.scenario, args.german, args.soviet, args.games, args.seed)
    games = [replace(g, level=args.level, fog=args.fog, options=options) for g in games]
    records: list[GameRecord] = []
    for record in _played(games, args.jobs):
        records.append(record)
        _say_progress(record, len(records), len(games))
    summary = summarise(records)
    summary["fog_of_war"] = args.fog
    summary["options"] = list(options)
    if args.json:
        say_json(summary)
    else:
        _say_summary(summary, args.german, args.soviet)
    return EXIT_OK


def _say_progress(record: GameRecord, done: int, games: int) -> None:
    """One line on stderr as each game ends (a campaign game takes minutes): its number,
    seed, players and result; stdout keeps the summary alone."""
    game = record.game
    print(
        f"arena: game {done} of {games}, seed {game.seed}, {game.german} German against "
        f"{game.soviet} Soviet: {record.outcome}, {record.actions} actions",
        file=sys.stderr,
        flush=True,
    )


def scenario_options(ruleset: Ruleset, scenario: str, asked: Sequence[str]) -> tuple[str, ...]:
    """[19.41] The optional groups `asked` for, checked against the scenario's own ("all":
    every one), in the scenario's order."""
    known = [option.id for option in ruleset.scenarios[scenario].options]
    if "all" in asked:
        return tuple(known)
    unknown = [a for a in asked if a not in known]
    if unknown:
        offered = ", ".join(known) or "none"
        raise InputError(
            f"--option: {scenario} has no optional group {unknown[0]!r}; its groups: {offered}"
        )
    return tuple(o for o in known if o in asked)


def paired_games(scenario: str, a: str, b: str, count: int, seed: int) -> list[ArenaGame]:
    """Game 2k: `a` German and `b` Soviet with seed `seed`+k; game 2k+1 the same seed with
    the sides swapped."""
    return [
        ArenaGame(scenario, seed + i // 2, *((a, b) if i % 2 == 0 else (b, a)))
        for i in range(count)
    ]


def _played(games: Sequence[ArenaGame], jobs: int) -> Iterator[GameRecord]:
    """Each game's record in order, `jobs` at a time (forked.py, as the fuzzer plays)."""
    return forked_map(_play, games, jobs)


def _play(game: ArenaGame) -> GameRecord:
    return play_arena_game(default_ruleset(), game)


def summarise(records: Sequence[GameRecord]) -> dict[str, Any]:
    """The figures of the games: `games`, `wins` by side, `results` (their spread),
    `score` of the first game's German player and its `interval`, `decision_seconds`."""
    first = records[0].game.german
    wins = Counter(record.winner.value if record.winner else "draw" for record in records)
    points = sum(_points(record, first) for record in records)
    seconds = [decision for record in records for decision in record.decisions]
    return {
        "games": len(records),
        "wins": {key: wins.get(key, 0) for key in ("german", "soviet", "draw")},
        "results": dict(sorted(Counter(record.outcome for record in records).items())),
        "player": first,
        "score": points / len(records),
        "interval": list(wilson(points, len(records))),
        "decision_seconds": _times(second for _, second in seconds),
        "decision_seconds_by_player": {
            name: _times(second for who, second in seconds if who == name)
            for name in sorted({who for who, _ in seconds})
        },
        "actions": sum(record.actions for record in records),
        "not_won": [
            {"seed": r.game.seed, "side": _side(r, first).value, "outcome": r.outcome}
            for r in records
            if _points(r, first) < 1.0
        ],
    }


def _side(record: GameRecord, player: str) -> Player:
    """The side `player` played in `record`'s game (the German one when both are it)."""
    return Player.GERMAN if record.game.german == player else Player.SOVIET


def _points(record: GameRecord, player: str) -> float:
    """1 for a win of `player`'s side, 0.5 for a draw or an unfinished game, 0 for a loss."""
    side = _side(record, player)
    if record.winner is None:
        return 0.5
    return 1.0 if record.winner is side else 0.0


def wilson(points: float, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a score `points` of `games` (a draw counts half)."""
    p = points / games
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = Z95 * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def _times(seconds: Iterable[float]) -> dict[str, float]:
    """The median and 95th percentile of decision times."""
    ordered = sorted(seconds)
    return {"median": _quantile(ordered, 0.5), "p95": _quantile(ordered, 0.95)}


def _quantile(values: Sequence[float], q: float) -> float:
    """The `q` quantile of sorted `values` (the nearest rank); 0 for none."""
    if not values:
        return 0.0
    if q == 0.5:
        return statistics.median(values)
    return values[min(len(values) - 1, math.ceil(q * len(values)) - 1)]


def _say_summary(summary: dict[str, Any], a: str, b: str) -> None:
    wins = summary["wins"]
    low, high = summary["interval"]
    times = summary["decision_seconds"]
    say(f"{summary['games']} games, {a} and {b} each side in turn ({summary['actions']} actions)")
    say(f"wins: German {wins['german']}, Soviet {wins['soviet']}, draw {wins['draw']}")
    for outcome, count in summary["results"].items():
        say(f"  {outcome}: {count}")
    say(
        f"score of {a}: {summary['score']:.3f} (95% Wilson interval {low:.3f} to {high:.3f}; "
        "a draw counts half)"
    )
    say(f"decision times: median {_ms(times['median'])}, 95th percentile {_ms(times['p95'])}")
    for name, own in summary["decision_seconds_by_player"].items():
        say(f"  {name}: median {_ms(own['median'])}, 95th percentile {_ms(own['p95'])}")
    if summary["not_won"]:
        lost = ", ".join(
            f"seed {game['seed']} as {game['side'].title()} ({game['outcome']})"
            for game in summary["not_won"]
        )
        say(f"games {a} did not win: {lost}")


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"
