"""Command line: ``python -m game replay RECORD.json`` and ``python -m game selfplay``."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .errors import RecordError
from .record import load_record_text, to_record
from .selfplay import random_game
from .summary import summary


def _replay(path: str) -> int:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        print(f"cannot read {path}: {exc}", file=sys.stderr)
        return 2
    try:
        state = load_record_text(text)
    except RecordError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    print(json.dumps(summary(state)))
    return 0


def _selfplay(players: int, seed: int, games: int, record: str | None, nile: bool) -> int:
    if not 2 <= players <= 4:
        print("--players must be 2, 3 or 4", file=sys.stderr)
        return 2
    for k in range(games):
        state = random_game(players, seed + k, nile=nile)
        final = state.final or {}
        print(json.dumps({"seed": seed + k, "scores": final.get("scores"),
                          "winners": final.get("winners"), "moves": len(state.moves)}))
        if record:
            target = Path(record)
            if games > 1:
                target = target.with_name(f"{target.stem}-{seed + k}{target.suffix or '.json'}")
            target.write_text(json.dumps(to_record(state), indent=1) + "\n", encoding="utf-8")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game", description="Mykerinos rules engine")
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="replay a game record and print the resulting state")
    rp.add_argument("record")
    sp = sub.add_parser("selfplay", help="play uniformly random legal games")
    sp.add_argument("--players", type=int, required=True)
    sp.add_argument("--seed", type=int, default=0)
    sp.add_argument("--games", type=int, default=1)
    sp.add_argument("--record", help="write the record here (with several games: NAME-SEED.json)")
    sp.add_argument("--nile", action="store_true", help="play with the Nile expansion")
    args = parser.parse_args(argv)
    if args.command == "replay":
        return _replay(args.record)
    return _selfplay(args.players, args.seed, args.games, args.record, args.nile)


if __name__ == "__main__":
    sys.exit(main())
