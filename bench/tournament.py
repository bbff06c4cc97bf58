"""Bot strength: seeded games between levels, win shares with 95% confidence intervals.

    python bench/tournament.py [--games 300] [--budget 0.3] [--jobs 2] [--match hard-random ...]

Seats rotate from game to game so no level keeps the first-player seat. A
shared win counts as a fraction. Also prints the hard bot's mean move time and
playouts per second. Prints numbers; asserts nothing.
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

MATCHES = {
    "hard-random": ["hard", "random", "random"],
    "hard-medium": ["hard", "medium", "medium"],
    "medium-easy": ["medium", "easy", "easy"],
    "easy-random": ["easy", "random", "random"],
    "four": ["hard", "medium", "easy", "random"],
}


def play(args: tuple[list[str], int, float, bool]) -> tuple[list[float], float, int, int]:
    """One game; returns the win share per lineup position and the hard bot's stats."""
    lineup, seed, budget, nile = args
    n = len(lineup)
    shift = seed % n
    seats = lineup[shift:] + lineup[:shift]  # seat i plays level seats[i]
    state = new_game([f"{lvl}-{i}" for i, lvl in enumerate(seats)], seed, nile=nile, log=False)
    bots = [Bot(level, seed * 31 + i, budget=budget) for i, level in enumerate(seats)]
    hard_time, hard_moves, hard_iters = 0.0, 0, 0
    while not state.over:
        p = state.to_move
        assert p is not None
        start = time.perf_counter()
        move = bots[p].choose(state)
        if seats[p] == "hard":
            hard_time += time.perf_counter() - start
            hard_moves += 1
            hard_iters += bots[p].last_iterations
        state.apply(move)
    assert state.final is not None
    winners = state.final["winners"]
    share = [0.0] * n
    for seat in winners:
        share[(seat + shift) % n] += 1.0 / len(winners)
    return share, hard_time, hard_moves, hard_iters


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--budget", type=float, default=0.3, help="hard bot seconds per move")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--nile", action="store_true")
    parser.add_argument("--match", nargs="*", default=["hard-random", "hard-medium", "medium-easy"],
                        choices=sorted(MATCHES))
    args = parser.parse_args()
    print(f"{args.games} games per match, hard budget {args.budget}s/move, "
          f"{'Nile' if args.nile else 'base game'}")
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for name in args.match:
            lineup = MATCHES[name]
            start = time.perf_counter()
            results = list(pool.map(play, [(lineup, seed, args.budget, args.nile)
                                           for seed in range(args.games)]))
            shares = [sum(r[0][i] for r in results) for i in range(len(lineup))]
            print(f"\n{name} ({len(lineup)} players: {', '.join(lineup)}), "
                  f"{time.perf_counter() - start:.0f}s")
            for i, level in enumerate(lineup):
                lo, hi = wilson(shares[i], args.games)
                print(f"  seat {i} {level:7s} wins {shares[i] / args.games:6.1%} "
                      f"(95% CI {lo:.1%}-{hi:.1%})")
            moves = sum(r[2] for r in results)
            if moves:
                secs = sum(r[1] for r in results)
                iters = sum(r[3] for r in results)
                print(f"  hard: {secs / moves:.3f}s per move, {iters / moves:.0f} playouts per move, "
                      f"{iters / secs:.0f} playouts/s")


if __name__ == "__main__":
    main()
