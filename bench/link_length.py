"""Length of a whole game's link, against the information in its choices.

For random complete games (each decision drawn uniformly from the legal list)
prints the link length in characters (min / median / max), the information
of the choices (the sum of log2 of each decision's number of legal moves) and
the characters that information needs in base64url (6 bits each). Names are
those of the page's defaults when ``--names`` is not given. Asserts nothing.
    python bench/link_length.py [--games N] [--names Ann,Bob,Cy,Dee]
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import GameState  # noqa: E402
from game.compact import decision_digits, decode_link, encode_link  # noqa: E402
from game.record import new_game  # noqa: E402
from game.rng import Rng  # noqa: E402


def play_out(names: list[str], seed: int, nile: bool) -> GameState:
    state = new_game(names, seed, nile=nile, log=False)
    rng = Rng(seed ^ 0x5EED5EED)
    while not state.over:
        legal = state.legal_moves()
        state.apply(legal[rng.below(len(legal))])
    return state


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--names", default="", help="comma-separated names (default: Player 1...)")
    args = parser.parse_args()
    given = [n for n in args.names.split(",") if n]
    print(
        f"{args.games} random whole games per row; "
        f"names: {', '.join(given) if given else 'the defaults (Player 1...)'}"
    )
    print(
        f"{'game':<16}{'link chars min/median/max':>28}{'info bits median/max':>24}"
        f"{'chars for info':>16}{'decisions':>11}{'encode+decode ms':>18}"
    )
    for nile in (False, True):
        for players in (2, 3, 4):
            names = [given[i] if i < len(given) else f"Player {i + 1}" for i in range(players)]
            lengths, bits, moves = [], [], []
            elapsed = 0.0
            for seed in range(args.games):
                state = play_out(names, 1000 + seed, nile)
                start = time.perf_counter()
                link = encode_link(state)
                decode_link(link, log=False)
                elapsed += time.perf_counter() - start
                lengths.append(len(link))
                bits.append(sum(math.log2(r) for _, r in decision_digits(state)))
                moves.append(len(state.moves))
            label = f"{players} players" + (" + Nile" if nile else "")
            spread = f"{min(lengths)} / {statistics.median(lengths):.0f} / {max(lengths)}"
            info = f"{statistics.median(bits):.0f} / {max(bits):.0f}"
            print(
                f"{label:<16}{spread:>28}{info:>24}"
                f"{math.ceil(statistics.median(bits) / 6):>16}"
                f"{statistics.median(moves):>11.0f}"
                f"{1000 * elapsed / args.games:>18.1f}"
            )


if __name__ == "__main__":
    main()
