"""Bot strength: seeded games between levels, win shares with 95% confidence intervals.

    python bench/tournament.py [--games 300] [--budget 0.3] [--jobs 2] [--match hard-random ...]
    python bench/tournament.py --match expert-hard --budget 0.05 --clock cpu --jobs 1

Seats rotate from game to game so no level keeps the first-player seat. A
shared win counts as a fraction. Every searching bot (hard, expert) gets the
same budget per move; ``--clock cpu`` counts it in processor time of this
process, so a busy machine slows the run but not the bots' thinking. Also
prints each searching level's mean move time and iterations per second.
Prints numbers; asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import new_game  # noqa: E402
from game.bots import Bot  # noqa: E402
from game.bots.ismcts import SearchParams  # noqa: E402

SEARCHERS = ("hard", "expert")
PAGE_BUDGET = 1.5  # seconds per move the page gives the hard and expert players
CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}
Stats = dict[str, tuple[float, int, int]]  # level -> (seconds, moves, iterations)

MATCHES = {
    "expert-hard": ["expert", "hard", "hard"],
    "expert-medium": ["expert", "medium", "medium"],
    "hard-random": ["hard", "random", "random"],
    "hard-medium": ["hard", "medium", "medium"],
    "medium-easy": ["medium", "easy", "easy"],
    "easy-random": ["easy", "random", "random"],
    "four": ["hard", "medium", "easy", "random"],
}


def play(
    args: tuple[list[str], int, float, bool, str, dict[str, float]],
) -> tuple[list[float], Stats]:
    """One game; returns the win share per lineup position and the searching bots' stats."""
    lineup, seed, budget, nile, clock_name, overrides = args
    clock = CLOCKS[clock_name]
    n = len(lineup)
    shift = seed % n
    seats = lineup[shift:] + lineup[:shift]  # seat i plays level seats[i]
    state = new_game([f"{lvl}-{i}" for i, lvl in enumerate(seats)], seed, nile=nile, log=False)
    params = SearchParams(**overrides)  # type: ignore[arg-type]
    bots = [
        Bot(level, seed * 31 + i, budget=budget, clock=clock, params=params)
        for i, level in enumerate(seats)
    ]
    stats: dict[str, list[float]] = {level: [0.0, 0, 0] for level in SEARCHERS}
    while not state.over:
        p = state.to_move
        assert p is not None
        start = clock()
        move = bots[p].choose(state)
        if seats[p] in stats:
            entry = stats[seats[p]]
            entry[0] += clock() - start
            entry[1] += 1
            entry[2] += bots[p].last_iterations
        state.apply(move)
    assert state.final is not None
    winners = state.final["winners"]
    share = [0.0] * n
    for seat in winners:
        share[(seat + shift) % n] += 1.0 / len(winners)
    return share, {k: (v[0], int(v[1]), int(v[2])) for k, v in stats.items()}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def report(
    name: str, lineup: list[str], results: list[tuple[list[float], Stats]], seconds: float
) -> None:
    games = len(results)
    shares = [sum(r[0][i] for r in results) for i in range(len(lineup))]
    print(f"\n{name} ({len(lineup)} players: {', '.join(lineup)}), {games} games, {seconds:.0f}s")
    for i, level in enumerate(lineup):
        lo, hi = wilson(shares[i], games)
        print(
            f"  seat {i} {level:7s} wins {shares[i]:6.1f} = {shares[i] / games:6.1%} "
            f"(95% CI {lo:.1%}-{hi:.1%})"
        )
    for level in SEARCHERS:
        secs = sum(r[1][level][0] for r in results)
        moves = sum(r[1][level][1] for r in results)
        iters = sum(r[1][level][2] for r in results)
        if moves:
            print(
                f"  {level}: {secs / moves:.3f}s per move, {iters / moves:.0f} iterations "
                f"per move, {iters / max(secs, 1e-9):.0f} iterations/s"
            )
    sys.stdout.flush()


def parse_overrides(pairs: list[str]) -> dict[str, float]:
    out: dict[str, float] = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        if key not in SearchParams.__dataclass_fields__:
            raise SystemExit(f"unknown expert parameter {key!r}")
        kind = type(getattr(SearchParams(), key))
        out[key] = kind(value)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument(
        "--budget",
        type=float,
        default=0.3,
        help="seconds per move of every searching bot (hard, expert)",
    )
    parser.add_argument(
        "--clock",
        choices=sorted(CLOCKS),
        default="wall",
        help="wall time, or processor time of the process playing",
    )
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--nile", action="store_true")
    parser.add_argument(
        "--progress",
        type=int,
        default=0,
        help="print the running figures every N games (one process only)",
    )
    parser.add_argument(
        "--expert",
        nargs="*",
        default=[],
        metavar="NAME=VALUE",
        help="search parameters of the expert (see SearchParams)",
    )
    parser.add_argument(
        "--match",
        nargs="*",
        default=["hard-random", "hard-medium", "medium-easy"],
        choices=sorted(MATCHES),
    )
    args = parser.parse_args()
    overrides = parse_overrides(args.expert)
    print(
        f"{args.games} games per match (seeds {args.first_seed}-"
        f"{args.first_seed + args.games - 1}), every searching bot {args.budget}s "
        f"of {'processor' if args.clock == 'cpu' else 'wall'} time per move, "
        f"{'Nile' if args.nile else 'base game'}, {args.jobs} process(es)"
        + (f", expert {overrides}" if overrides else "")
    )
    if args.budget < PAGE_BUDGET:
        print(
            f"(reduced from the page's {PAGE_BUDGET}s per move, for every searching bot alike, "
            f"so that the games fit on this machine)"
        )
    seeds = range(args.first_seed, args.first_seed + args.games)
    for name in args.match:
        lineup = MATCHES[name]
        start = time.perf_counter()
        tasks = [(lineup, seed, args.budget, args.nile, args.clock, overrides) for seed in seeds]
        if args.jobs == 1:
            results = []
            for task in tasks:
                results.append(play(task))
                if (
                    args.progress
                    and len(results) % args.progress == 0
                    and len(results) < len(tasks)
                ):
                    report(f"{name} so far", lineup, results, time.perf_counter() - start)
        else:
            with ProcessPoolExecutor(max_workers=args.jobs) as pool:
                results = list(pool.map(play, tasks))
        report(name, lineup, results, time.perf_counter() - start)


if __name__ == "__main__":
    main()
