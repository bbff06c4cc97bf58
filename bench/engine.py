"""Engine speed: uniformly random complete games per second (CPython).

Each move is drawn uniformly from the full legal move list, the same list the
UI and the bots use. Prints numbers; asserts nothing.
    python bench/engine.py [--games N] [--nile]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.selfplay import random_game  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--nile", action="store_true")
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, {args.games} games per row"
          + (", Nile" if args.nile else ""))
    for players in (2, 3, 4):
        moves = 0
        start = time.perf_counter()
        for seed in range(args.games):
            moves += len(random_game(players, seed, nile=args.nile).moves)
        elapsed = time.perf_counter() - start
        print(f"{players} players: {args.games / elapsed:8.1f} games/s "
              f"({moves / elapsed:9.0f} decisions/s, {moves / args.games:.0f} decisions/game)")


if __name__ == "__main__":
    main()
