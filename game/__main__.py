"""Command line: ``python -m game replay RECORD.json`` and ``python -m game selfplay``.

Every bad input (a missing or unreadable file, a file over 1 MB, bad JSON, a
bad record, a bad option) ends with exit status 2 and exactly one line on
stderr. Output cut short by a closed pipe (``... | head -1``) ends quietly
with status 141, as a Unix tool killed by SIGPIPE would.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import NoReturn

from .errors import GameError, shown
from .limits import MAX_RECORD_BYTES, MAX_SEED, check_seed
from .record import TOO_LARGE, load_record_text, to_record
from .selfplay import random_game
from .summary import summary

BAD_INPUT = 2
CLOSED_PIPE = 141  # 128 + SIGPIPE
MAX_GAMES = 1_000_000


class BadInput(Exception):
    """One line for stderr; the command ends with status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        """One line instead of argparse's usage block."""
        raise BadInput(f"{self.prog}: {message} (see --help)")


def read_record_file(path: str) -> str:
    """A record file's text; the size is checked before reading, and never
    more than MAX_RECORD_BYTES + 1 bytes are read (a device or a file that
    grows cannot make it read more)."""
    where = shown(path, 200)
    try:
        with open(path, "rb") as handle:
            if os.fstat(handle.fileno()).st_size > MAX_RECORD_BYTES:
                raise BadInput(f"cannot read {where}: {TOO_LARGE}")
            data = handle.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        raise BadInput(f"cannot read {where}: {exc.strerror or type(exc).__name__}") from None
    if len(data) > MAX_RECORD_BYTES:
        raise BadInput(f"cannot read {where}: {TOO_LARGE}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadInput(f"cannot read {where}: it is not UTF-8 text") from None


def _replay(path: str) -> None:
    state = load_record_text(read_record_file(path))
    print(json.dumps(summary(state)))


def _write(target: Path, text: str) -> None:
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise BadInput(
            f"cannot write {shown(str(target), 200)}: {exc.strerror or type(exc).__name__}"
        ) from None


def _selfplay(players: int, seed: int, games: int, record: str | None, nile: bool) -> None:
    if not 2 <= players <= 4:
        raise BadInput("--players must be 2, 3 or 4")
    if not 1 <= games <= MAX_GAMES:
        raise BadInput(f"--games must be 1 to {MAX_GAMES}")
    if seed + games - 1 > MAX_SEED:
        raise BadInput(f"--seed plus --games must stay within 0..{MAX_SEED}")
    for k in range(games):
        state = random_game(players, seed + k, nile=nile)
        final = state.final or {}
        print(
            json.dumps(
                {
                    "seed": seed + k,
                    "scores": final.get("scores"),
                    "winners": final.get("winners"),
                    "moves": len(state.moves),
                }
            )
        )
        if record:
            target = Path(record)
            if games > 1:
                target = target.with_name(f"{target.stem}-{seed + k}{target.suffix or '.json'}")
            _write(target, json.dumps(to_record(state), indent=1) + "\n")


def _whole_number(text: str) -> int:
    """An option's whole number; long digit strings are refused before conversion."""
    if not (text.isascii() and text.isdigit() and len(text) <= 20):
        raise argparse.ArgumentTypeError(
            f"{shown(text, 30)} is not a whole number from 0 to {MAX_SEED}"
        )
    try:
        return check_seed(int(text), "the number")
    except GameError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m game", description="Mykerinos rules engine")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    rp = sub.add_parser("replay", help="replay a game record and print the resulting state")
    rp.add_argument("record")
    sp = sub.add_parser("selfplay", help="play uniformly random legal games")
    sp.add_argument("--players", type=_whole_number, required=True)
    sp.add_argument("--seed", type=_whole_number, default=0)
    sp.add_argument("--games", type=_whole_number, default=1)
    sp.add_argument("--record", help="write the record here (with several games: NAME-SEED.json)")
    sp.add_argument("--nile", action="store_true", help="play with the Nile expansion")
    return parser


def _run(argv: list[str] | None) -> None:
    args = _parser().parse_args(argv)
    if args.command == "replay":
        _replay(args.record)
    else:
        _selfplay(args.players, args.seed, args.games, args.record, args.nile)
    sys.stdout.flush()  # a closed pipe shows up here rather than at exit


def main(argv: list[str] | None = None) -> int:
    """Run the command; returns the exit status (0, 2 bad input, 141 closed pipe)."""
    try:
        _run(argv)
    except (BadInput, GameError) as exc:
        print(" ".join(str(exc).splitlines()) or type(exc).__name__, file=sys.stderr)
        return BAD_INPUT
    except BrokenPipeError:
        # Nobody reads any more: send what is left to /dev/null so that the
        # interpreter's last flush at exit does not complain, and stop.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return CLOSED_PIPE
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
