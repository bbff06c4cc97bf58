"""Game records (docs/RECORDS.md): create games, export them, replay them exactly.

Reading a record is guarded by the limits of ``game.limits``: the size is
checked before anything is parsed, nesting and number lengths are checked by
a linear scan before the JSON parser runs (so it never recurses deeply nor
converts a huge number), and the number of moves is bounded. Whatever the
text, the answer is a game or one RecordError, quickly.
"""

from __future__ import annotations

import gc
import json
import re
from typing import Any

from .errors import GameError, RecordError, SetupError, shown
from .limits import MAX_JSON_DEPTH, MAX_MOVES, MAX_NUMBER_DIGITS, MAX_RECORD_BYTES
from .moves import Move
from .setup import Setup, make_setup
from .state import GameState

FORMAT = "mykerinos/1"
FORMAT_NAME = "mykerinos"
FORMAT_VERSION = 1

NEW_GAME_OPTIONS = ("first_player", "wings", "deck", "nile_deck", "nile_six_line", "boats")

# Brackets as bytes: "[" and "{" open, "]" and "}" close, every other byte dropped.
_BRACKETS = bytes.maketrans(b"{}", b"[]")
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
# Digits as "0", anything else as a space, to find a long run of digits.
_DIGITS = bytes.maketrans(bytes(range(256)), bytes(48 if 48 <= b <= 57 else 32 for b in range(256)))
_LONG_RUN = b"0" * (MAX_NUMBER_DIGITS + 1)
_OPEN_RUN = b"[" * (MAX_JSON_DEPTH + 1)
_FORMAT_TAG = re.compile(r"mykerinos/([0-9]{1,9})\Z")


class _Refused(Exception):
    """Raised from inside the JSON parser's hooks."""


def new_game(
    players: list[str] | tuple[str, ...],
    seed: int = 0,
    *,
    nile: bool = False,
    log: bool = True,
    **overrides: Any,
) -> GameState:
    """Start a game; every random choice comes from ``seed`` unless given.
    ``overrides`` may fix first_player, wings, deck, nile_deck, nile_six_line
    or boats as a record's setup would. Raises SetupError for any bad input."""
    unknown = [key for key in overrides if key not in NEW_GAME_OPTIONS]
    if unknown:
        raise SetupError(
            f"new_game has no option {shown(unknown[0])}; options are {', '.join(NEW_GAME_OPTIONS)}"
        )
    return GameState(make_setup(players, seed, nile=nile, **overrides), log=log)


def to_record(state: GameState) -> dict[str, Any]:
    """The game so far as a record, setup spelled out in full."""
    if not isinstance(state, GameState):
        raise GameError(f"to_record needs a GameState, not {shown(state)}")
    return {
        "format": FORMAT,
        "setup": state.setup.to_json(),
        "moves": [dict(player=p, **m.to_json()) for p, m in state.moves],
    }


def _check_format(record: dict[Any, Any]) -> None:
    fmt = record.get("format", FORMAT)
    if fmt == FORMAT:
        return
    match = _FORMAT_TAG.match(fmt) if isinstance(fmt, str) else None
    if match and int(match.group(1)) > FORMAT_VERSION:
        raise RecordError(
            f"record format {shown(fmt)} comes from a newer version of the game "
            f"(this one reads {FORMAT!r})",
            kind="version",
        )
    raise RecordError(f"unknown record format {shown(fmt)} (expected {FORMAT!r})")


def replay(record: Any, *, log: bool = True) -> GameState:
    """Replay a record (already parsed JSON); raises RecordError on the first
    problem: kind "format" for its shape, "setup" for the setup, "move" with
    the 1-based move number for a move."""
    if not isinstance(record, dict):
        raise RecordError('a record must be a JSON object with "setup" and "moves"')
    _check_format(record)
    if "setup" not in record:
        raise RecordError('a record needs a "setup" object')
    try:
        setup = Setup.from_json(record["setup"])
    except SetupError as exc:
        raise RecordError(f"setup: {exc}", kind="setup") from None
    moves = record.get("moves", [])
    if not isinstance(moves, list):
        raise RecordError('"moves" must be a list')
    if len(moves) > MAX_MOVES:
        raise RecordError(
            f"a record lists at most {MAX_MOVES} moves (this one lists "
            f"{len(moves)}; a whole game has fewer than 600)"
        )
    state = GameState(setup, log=log)
    for index, raw in enumerate(moves, start=1):
        try:
            move = Move.from_json(raw)
            player = raw.get("player")
            if player is not None and (
                not isinstance(player, int)
                or isinstance(player, bool)
                or not 0 <= player < setup.count
            ):
                raise RecordError(
                    f'"player" must be a player index 0-{setup.count - 1}, not {shown(player)}',
                    index,
                )
            if (
                state.forced
                and state.forced[0][1] == move
                and not state.is_legal(move)
                and player in (None, state.forced[0][0])
            ):
                # A record may spell out a move the engine already played by itself.
                state.forced.pop(0)
                continue
            state.play(move, player)
        except RecordError:
            raise
        except GameError as exc:
            raise RecordError(str(exc), index) from None
    return state


def too_large(text: str | bytes | bytearray) -> bool:
    """Whether a record's text is over MAX_RECORD_BYTES as a UTF-8 file; cheap:
    the text is only encoded when its length alone cannot tell."""
    if isinstance(text, bytes | bytearray):
        return len(text) > MAX_RECORD_BYTES
    if len(text) > MAX_RECORD_BYTES:
        return True
    if len(text) * 4 <= MAX_RECORD_BYTES:
        return False
    return len(text.encode("utf-8", "surrogatepass")) > MAX_RECORD_BYTES


TOO_LARGE = f"a record is at most {MAX_RECORD_BYTES:,} bytes (1 MB) and this one is larger"


def _refuse_constant(name: str) -> Any:
    raise _Refused(f"{name} is not a JSON number")


def _finite_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise _Refused("a number is too large")
    return value


def _shallow(data: bytes) -> bool:
    """Whether brackets in ``data`` nest at most MAX_JSON_DEPTH deep (exactly
    so for balanced text, within twice that otherwise). A run of more openers
    is too deep at once; otherwise each pass drops every innermost pair, so a
    pair left after MAX_JSON_DEPTH passes sits deeper, and what is left after
    the passes has the form "]]][[[" with its openers counted."""
    data = data.translate(_BRACKETS, _NOT_BRACKETS)
    for _ in range(MAX_JSON_DEPTH):
        if _OPEN_RUN in data:
            return False
        shorter = data.replace(b"[]", b"")
        if len(shorter) == len(data):
            break
        data = shorter
    return b"[]" not in data and data.count(b"[") <= MAX_JSON_DEPTH


def _long_number(data: bytes) -> bool:
    return _LONG_RUN in data.translate(_DIGITS)


def _outside_strings(data: bytes) -> bytes:
    """The JSON text with every string replaced by a space. Escaped
    backslashes, then escaped quotes, are dropped first (pairs read left to
    right, as inside a string); then quotes alternate between opening and
    closing a string. Where the text is not valid JSON this may read past the
    parser's stopping point differently, which only ever refuses more."""
    plain = data.replace(b"\\\\", b"").replace(b'\\"', b"")
    return b" ".join(plain.split(b'"')[::2])


def check_json_text(text: str) -> None:
    """Refuse, before parsing, text whose nesting or numbers go beyond the
    record limits, so that the parser never recurses deeply nor converts a
    huge number. Linear, with bytes methods only: strings are cut out (a
    bracket or digit inside a string does not count), then brackets are
    matched and digit runs looked for in what is left."""
    data = text.encode("utf-8", "surrogatepass")
    if b'"' in data:
        data = _outside_strings(data)
    if not _shallow(data):
        raise RecordError(f"arrays and objects are nested more than {MAX_JSON_DEPTH} deep")
    if _long_number(data):
        raise RecordError(f"a number has more than {MAX_NUMBER_DIGITS} digits")


def parse_record_json(text: str | bytes) -> Any:
    """JSON text of at most MAX_RECORD_BYTES, parsed within the limits; raises
    RecordError (kind "json" for text that is not JSON, "format" beyond the
    limits)."""
    if isinstance(text, bytes | bytearray):
        if too_large(text):
            raise RecordError(TOO_LARGE)
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("invalid JSON: the text is not UTF-8", kind="json") from None
    if not isinstance(text, str):
        raise RecordError(f"a record must be text, not {shown(text)}")
    if too_large(text):
        raise RecordError(TOO_LARGE)
    if text.startswith("\ufeff"):  # a byte order mark some editors write
        text = text[1:]
    check_json_text(text)
    collecting = gc.isenabled()
    gc.disable()  # the parser makes up to 500,000 containers; collecting them midway is quadratic
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
    except json.JSONDecodeError as exc:
        raise RecordError(f"invalid JSON: {exc}", kind="json") from None
    except _Refused as exc:
        raise RecordError(f"invalid JSON: {exc}", kind="json") from None
    except (ValueError, RecursionError, MemoryError) as exc:  # beyond what the scan catches
        raise RecordError(f"the JSON cannot be read ({type(exc).__name__})") from None
    finally:
        if collecting:
            gc.enable()


def load_record_text(text: str | bytes) -> GameState:
    """Parse a record's JSON text and replay it; any problem becomes one
    RecordError. Text over MAX_RECORD_BYTES is refused before parsing."""
    return replay(parse_record_json(text))
