"""Reading hostile record files: time to answer each ~1 MB worst case (CPython).

Builds every case of tests/engine/hostile.py (deep nesting, huge numbers, long
names, oversized decks, endless moves, a whole game padded to 1 MB...), reads
each with ``load_record_text`` a few times and prints the best and worst time
and the answer. Prints numbers; asserts nothing.
    python bench/records.py [--repeat N]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import RecordError, load_record_text  # noqa: E402
from harness.hostile import CASES  # noqa: E402


def answer(text: str | bytes) -> str:
    try:
        load_record_text(text)
    except RecordError as exc:
        return f"refused ({exc.kind})"
    return "accepted"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, best and worst of {args.repeat} reads per file")
    slowest = 0.0
    for case in CASES:
        text = case.build()
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            outcome = answer(text)
            times.append(time.perf_counter() - start)
        slowest = max(slowest, max(times))
        print(
            f"{min(times) * 1000:7.1f} ms {max(times) * 1000:7.1f} ms  {len(text):9,} bytes  "
            f"{outcome:16} {case.name}"
        )
    print(f"slowest answer: {slowest * 1000:.1f} ms")


if __name__ == "__main__":
    main()
