"""Engine speed: uniformly random complete games per second (CPython).

The games are those of ``game.selfplay.random_game``: each decision is drawn
uniformly from the full legal move list, the same list the page and the bots
use (the move at a random index of it; the list itself is not built). Prints
numbers; asserts nothing. The same games inside the page's worker under
Pyodide: bench/engine_page.py.

Besides games/s by the clock on the wall it prints games per CPU second of
this process, steadier on a busy machine. ``--repeat`` runs every row several
times and prints the medians.

    python bench/engine.py [--games N] [--repeat K] [--nile] [--engine DIR]

``--engine DIR`` measures the ``game`` package found in DIR instead (for
instance an older version exported with ``git archive``), so that two
versions can be compared in one sitting.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--nile", action="store_true")
    parser.add_argument("--engine", type=Path, default=Path(__file__).resolve().parent.parent)
    args = parser.parse_args()
    sys.path.insert(0, str(args.engine.resolve()))
    from game.selfplay import random_game

    print(
        f"python {sys.version.split()[0]}, {args.games} games per row, median of "
        f"{args.repeat}" + (", Nile" if args.nile else "") + f", engine in {args.engine}"
    )
    for players in (2, 3, 4):
        wall: list[float] = []
        cpu: list[float] = []
        moves = 0
        for _ in range(args.repeat):
            moves = 0
            start, start_cpu = time.perf_counter(), time.process_time()
            for seed in range(args.games):
                moves += len(random_game(players, seed, nile=args.nile).moves)
            wall.append(args.games / (time.perf_counter() - start))
            cpu.append(args.games / (time.process_time() - start_cpu))
        games = statistics.median(wall)
        print(
            f"{players} players: {games:8.1f} games/s ({games * moves / args.games:9.0f} "
            f"decisions/s, {moves / args.games:.0f} decisions/game); "
            f"{statistics.median(cpu):8.1f} games per CPU second"
        )


if __name__ == "__main__":
    main()
