"""Bot strength: seeded games between levels, win shares with 95% intervals, a rating per level.

    python bench/tournament.py --match expert-hard --budget phone/10 --games 300 --jobs 1
    python bench/tournament.py --match expert-hard --budget phone --first-seed 0 --games 50 \\
        --out /tmp/eh-0.json           # a range of seeds, its games written to a file
    python bench/tournament.py --merge /tmp/eh-*.json /tmp/ladder-*.json

Every searching bot (hard, expert) gets a fixed number of playouts a move and
no clock, so the same seeds give the same games on any machine, busy or not.
``--budget`` names the budget: ``page`` is what each level reaches in the
page's 1.5 s a move in Chromium on the machine of docs/PERFORMANCE.md,
``phone`` the same with the processor slowed 4x (``bench/page_bot.py --cpu 4``),
and ``phone/10`` a tenth of it; ``--playouts expert=75 hard=86`` gives any
other. Each level keeps its own count: the same time buys a level with
cheaper playouts more of them.

Seats rotate from game to game (seed modulo the players) so no level keeps
the first seat. A shared win counts as a fraction. ``--out`` writes every
game (seed, shares, the searching bots' work) to a JSON file as it ends, so a
range can run apart, in the background, and be stopped; ``--merge`` reads any
number of such files, keeps one game per seed and match, and reports each
match and the ladder's ratings. Prints numbers; asserts nothing.

The rating is Elo in the Luce model of a multi-player game: a level's chance
of winning a game is its strength over the sum of the strengths at the table,
and 400 points of Elo are a factor of ten in strength. A level winning a share
``s`` against two players of another level is ``400 log10(2s / (1 - s))``
points above it (0 at a fair share of 1/3); the ladder adds the steps up from
random play, each with the step's 95% interval.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import new_game  # noqa: E402
from game.bots import Bot  # noqa: E402
from game.bots.ismcts import SearchParams  # noqa: E402

SEARCHERS = ("hard", "expert")
PAGE_SECONDS = 1.5  # seconds a move the page gives the hard and expert players
# Playouts a move each searching level makes in the page's 1.5 s, by
# bench/page_bot.py (30 moves of a 3-player game of that level, seed 7, means)
# in Chromium 156 on the machine of docs/PERFORMANCE.md, 2026-11-27, load 5-9:
# "page" as it is (expert 2,499, hard 2,796); "phone" with the processor slowed
# 4x (--cpu 4): expert 535, and hard 516, under the expert although its playouts
# are cheaper (2,796 / 2,499 = 1.12 times as many unslowed): the hard player gets
# the expert's figure times that ratio instead, so as not to favour the expert.
# The expert's playouts then became cheaper (2 moves of its policy below a leaf
# instead of 6): on 2026-11-28, slowed 4x, load 4-6, two runs of each build one
# after the other, it made 1.51 times as many a second as the expert before
# (554 and 495 against 365 and 330; 789 a move against 524), so its budgets are
# 530 and 2,500 times 1.51.
PAGE_PLAYOUTS = {
    "page": {"expert": 3800, "hard": 2800},
    "phone": {"expert": 800, "hard": 600},
}
LADDER = ("random", "easy", "medium", "hard", "expert")

MATCHES = {
    "expert-hard": ["expert", "hard", "hard"],
    "expert-medium": ["expert", "medium", "medium"],
    "hard-medium": ["hard", "medium", "medium"],
    "hard-random": ["hard", "random", "random"],
    "medium-easy": ["medium", "easy", "easy"],
    "easy-random": ["easy", "random", "random"],
    "expert-expert": ["expert", "expert", "expert"],
    "four": ["hard", "medium", "easy", "random"],
}
# The ladder: each level against two of the level below.
LADDER_MATCHES = ("easy-random", "medium-easy", "hard-medium", "expert-hard")

Task = tuple[list[str], int, dict[str, int], bool, dict[str, float]]


def budget_of(name: str) -> dict[str, int]:
    """Playouts a move per searching level for a named budget: "phone", "page/10"..."""
    base, _, divisor = name.partition("/")
    if base not in PAGE_PLAYOUTS:
        raise SystemExit(f"unknown budget {name!r}: {', '.join(PAGE_PLAYOUTS)}, optionally /N")
    cut = int(divisor) if divisor else 1
    return {level: max(1, round(n / cut)) for level, n in PAGE_PLAYOUTS[base].items()}


def play(task: Task) -> dict[str, Any]:
    """One game: the win share of each lineup position and, per searching
    level, [seconds, moves, playouts] of its thinking by season."""
    lineup, seed, playouts, nile, overrides = task
    n = len(lineup)
    shift = seed % n
    seats = lineup[shift:] + lineup[:shift]  # seat i plays level seats[i]
    state = new_game([f"{lvl}-{i}" for i, lvl in enumerate(seats)], seed, nile=nile, log=False)
    params = SearchParams(**overrides)  # type: ignore[arg-type]
    bots = [
        Bot(
            level,
            seed * 31 + i,
            budget=math.inf,  # no clock: the playouts are the budget
            max_iterations=playouts.get(level, 1),
            params=params,
        )
        for i, level in enumerate(seats)
    ]
    work: dict[str, list[list[float]]] = {}
    while not state.over:
        p = state.to_move
        assert p is not None
        season = state.season
        start = time.process_time()
        move = bots[p].choose(state)
        if seats[p] in SEARCHERS:
            rows = work.setdefault(seats[p], [[0.0, 0, 0] for _ in range(4)])
            row = rows[season - 1]
            row[0] += time.process_time() - start
            row[1] += 1
            row[2] += bots[p].last_iterations
        state.apply(move)
    assert state.final is not None
    winners = state.final["winners"]
    share = [0.0] * n
    for seat in winners:
        share[(seat + shift) % n] += 1.0 / len(winners)
    return {"seed": seed, "share": share, "work": work}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def elo_step(share: float, others: int = 2) -> float:
    """Elo of a level winning ``share`` of the games against ``others`` players
    of one other level, above that level (Luce model)."""
    share = min(max(share, 1e-6), 1 - 1e-6)
    return 400 * math.log10(others * share / (1 - share))


def describe(run: dict[str, Any]) -> str:
    budget = ", ".join(f"{lvl} {k}" for lvl, k in sorted(run["playouts"].items()))
    extra = f", expert {run['expert']}" if run.get("expert") else ""
    nile = "Nile" if run["nile"] else "base game"
    return f"playouts a move: {budget}; {nile}{extra}"


def report(run: dict[str, Any], seconds: float | None = None) -> dict[str, Any]:
    """Print one match's figures; return its top level's share and interval."""
    lineup, games = run["lineup"], run["games"]
    count = len(games)
    seeds = sorted(g["seed"] for g in games)
    took = f", {seconds:.0f} s" if seconds is not None else ""
    span = f"seeds {seeds[0]}-{seeds[-1]}" if seeds else "no games"
    print(f"\n{run['match']} ({', '.join(lineup)}): {count} games, {span}{took}")
    print(f"  {describe(run)}")
    for i, level in enumerate(lineup):
        wins = sum(g["share"][i] for g in games)
        lo, hi = wilson(wins, count)
        print(
            f"  position {i} {level:7s} wins {wins:6.1f} = {wins / max(count, 1):6.1%} "
            f"(95% CI {lo:.1%}-{hi:.1%})"
        )
    for level in SEARCHERS:
        rows = [g["work"][level] for g in games if level in g["work"]]
        if not rows:
            continue
        by_season = [[sum(r[s][k] for r in rows) for k in range(3)] for s in range(4)]
        secs = sum(row[0] for row in by_season)
        moves = sum(row[1] for row in by_season)
        playouts = sum(row[2] for row in by_season)
        per_season = ", ".join(
            f"{1000 * row[0] / row[2]:.2f}" if row[2] else "-" for row in by_season
        )
        print(
            f"  {level}: {playouts / max(moves, 1):.0f} playouts a move, "
            f"{secs / max(moves, 1):.3f} s a move, {playouts / max(secs, 1e-9):.0f} playouts/s "
            f"of processor time (ms a playout by season: {per_season})"
        )
    top = lineup[0]
    wins = sum(g["share"][0] for g in games)
    share = wins / max(count, 1)
    sys.stdout.flush()
    return {"level": top, "share": share, "interval": wilson(wins, count), "games": count}


def ladder(results: dict[str, dict[str, Any]]) -> None:
    """Ratings up the ladder from the matches of each level against two of the level below."""
    steps = [name for name in LADDER_MATCHES if name in results]
    if not steps:
        return
    print("\nladder (Elo, Luce model; random play 0; each step's 95% interval):")
    rating = {"random": 0.0}
    for name in LADDER_MATCHES:
        top, below, _ = MATCHES[name]
        if name not in results or below not in rating:
            continue
        r = results[name]
        lo, hi = r["interval"]
        step = elo_step(r["share"])
        rating[top] = rating[below] + step
        print(
            f"  {top:7s} {rating[top]:6.0f}  ({name}: {r['share']:.1%} of {r['games']} games, "
            f"95% CI {lo:.1%}-{hi:.1%}; step {step:+.0f}, {elo_step(lo):+.0f} to "
            f"{elo_step(hi):+.0f})"
        )


def merge(paths: list[Path]) -> None:
    runs: dict[str, dict[str, Any]] = {}
    for path in paths:
        data = json.loads(path.read_text())
        key = json.dumps([data[k] for k in ("match", "playouts", "nile", "expert")])
        run = runs.setdefault(key, {**data, "games": [], "files": []})
        known = {g["seed"] for g in run["games"]}
        run["games"] += [g for g in data["games"] if g["seed"] not in known]
        run["files"].append(path.name)
    tops: dict[str, dict[str, Any]] = {}
    for run in runs.values():
        print(f"\nfrom {', '.join(run['files'])}")
        top = report(run)
        if run["match"] in LADDER_MATCHES:
            tops[run["match"]] = top  # one budget per ladder, the last read
    ladder(tops)


def parse_pairs(pairs: list[str], known: dict[str, Any], what: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        if key not in known:
            raise SystemExit(f"unknown {what} {key!r}")
        kind = type(known[key])
        out[key] = value.lower() in ("1", "true", "yes") if kind is bool else kind(value)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument(
        "--budget",
        default="phone/10",
        help="playouts a move of each searching level: page, phone, or either /N "
        "(default phone/10)",
    )
    parser.add_argument(
        "--playouts",
        nargs="*",
        default=[],
        metavar="LEVEL=N",
        help="playouts a move of a searching level, over --budget's",
    )
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--nile", action="store_true")
    parser.add_argument("--out", type=Path, help="write the games to this JSON file")
    parser.add_argument(
        "--progress", type=int, default=0, help="print the running figures every N games"
    )
    parser.add_argument(
        "--expert",
        nargs="*",
        default=[],
        metavar="NAME=VALUE",
        help="search parameters of the expert (see SearchParams)",
    )
    parser.add_argument("--match", nargs="*", default=["expert-hard"], choices=sorted(MATCHES))
    parser.add_argument(
        "--merge", nargs="+", type=Path, metavar="FILE", help="report on files of --out"
    )
    args = parser.parse_args()
    if args.merge:
        merge(args.merge)
        return
    overrides = parse_pairs(args.expert, SearchParams().__dict__, "expert parameter")
    playouts = {
        **budget_of(args.budget),
        **parse_pairs(args.playouts, dict.fromkeys(SEARCHERS, 0), "level"),
    }
    if args.out and len(args.match) > 1:
        raise SystemExit("--out takes one match")
    seeds = range(args.first_seed, args.first_seed + args.games)
    tops: dict[str, dict[str, Any]] = {}
    for name in args.match:
        lineup = MATCHES[name]
        run: dict[str, Any] = {
            "match": name,
            "lineup": lineup,
            "playouts": {lvl: k for lvl, k in playouts.items() if lvl in lineup},
            "nile": args.nile,
            "expert": overrides if "expert" in lineup else {},
            "games": [],
        }
        print(f"{name}: {args.games} games, seeds {seeds[0]}-{seeds[-1]}; {describe(run)}")
        sys.stdout.flush()
        start = time.perf_counter()
        tasks: list[Task] = [
            (lineup, seed, run["playouts"], args.nile, overrides) for seed in seeds
        ]
        with ProcessPoolExecutor(max_workers=args.jobs) if args.jobs > 1 else _Serial() as pool:
            for game in pool.map(play, tasks):
                run["games"].append(game)
                if args.out:
                    args.out.write_text(json.dumps(run))
                done = len(run["games"])
                if args.progress and done % args.progress == 0 and done < len(tasks):
                    report({**run, "match": f"{name} so far"}, time.perf_counter() - start)
        tops[name] = report(run, time.perf_counter() - start)
    ladder(tops)


class _Serial:
    """A pool of one: the games in this process, one after the other."""

    def __enter__(self) -> _Serial:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def map(self, fn: Any, tasks: list[Task]) -> Any:
        return map(fn, tasks)


if __name__ == "__main__":
    main()
