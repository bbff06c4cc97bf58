"""The input contract: every bound on what the engine accepts from outside.

A record, a name or a seed that breaks one of these limits is refused with a
typed error before any costly work, so that any input is answered quickly
(see docs/RECORDS.md). The page uses ``clean_name`` and ``seed_from_text`` to
bring what a person types within these limits.
"""

from __future__ import annotations

import unicodedata

from .errors import SetupError, shown

MAX_RECORD_BYTES = 1_000_000  # a record file or text: 1 MB of UTF-8 at most
MAX_JSON_DEPTH = 10  # nesting of arrays and objects (a record needs 4)
MAX_NUMBER_DIGITS = 30  # digits in one JSON number (a seed needs at most 20)
MAX_MOVES = 1_000  # moves in one record (a whole game has far fewer)
MAX_ID_LENGTH = 20  # characters in a cell, room or card id written in a move
MAX_NAME = 24  # characters in a player name
MAX_SEED = 2**64 - 1  # seeds are whole numbers 0..MAX_SEED
MAX_SEED_TEXT = 100  # characters in a seed typed as text
TEXT_SEED_MODULUS = 2**31  # a word seed is a polynomial hash modulo this

# Characters a name may not hold: controls (newline, tab, escape...), invisible
# format controls (bidirectional overrides, zero-width marks), lone surrogates,
# and line or paragraph separators. Each would break a one-line message or the
# layout of the page.
_REFUSED = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def _refused(ch: str) -> bool:
    return unicodedata.category(ch) in _REFUSED


def name_problem(name: object) -> str | None:
    """Why ``name`` is not a valid player name, or None when it is: 1 to 24
    characters, none of them a control character, not only spaces, and no
    spaces at either end."""
    if not isinstance(name, str):
        return f"is {shown(name)}, not text"
    if len(name) > MAX_NAME:
        return f"{shown(name, 12)} has {len(name)} characters (at most {MAX_NAME})"
    if not name.strip():
        return "is empty"
    bad = next((ch for ch in name if _refused(ch)), None)
    if bad is not None:
        return f"{shown(name)} holds a control character (U+{ord(bad):04X})"
    if name != name.strip():
        return f"{shown(name)} starts or ends with a space"
    return None


def check_players(players: object, where: str = "setup.players") -> tuple[str, ...]:
    """2 to 4 valid player names, as a tuple; raises SetupError."""
    if not isinstance(players, list | tuple) or not 2 <= len(players) <= 4:
        raise SetupError(f"{where} must list 2 to 4 player names")
    for number, name in enumerate(players, start=1):
        problem = name_problem(name)
        if problem is not None:
            raise SetupError(f"{where}: name {number} {problem}")
    return tuple(players)


def clean_name(text: object) -> str:
    """A name typed on the page brought within the limits: control characters
    removed, spaces trimmed, cut to 24 characters. Returns "" when nothing is
    left (the page then uses a default name). Linear, and stops reading once
    24 characters are kept, so a pasted megabyte costs nothing."""
    if not isinstance(text, str):
        return ""
    kept: list[str] = []
    for ch in text:
        if _refused(ch) or (not kept and ch.isspace()):
            continue
        kept.append(ch)
        if len(kept) == MAX_NAME:
            break
    return "".join(kept).rstrip()


def check_seed(seed: object, where: str = "setup.seed") -> int:
    """A seed must be a whole number from 0 to 2^64-1; raises SetupError."""
    if isinstance(seed, int) and not isinstance(seed, bool):
        if 0 <= seed <= MAX_SEED:
            return seed
        raise SetupError(f"{where} {shown(seed)} is out of range: seeds go from 0 to {MAX_SEED}")
    raise SetupError(f"{where} must be a whole number from 0 to {MAX_SEED}, not {shown(seed)}")


def text_seed(text: str) -> int:
    """The seed of a word: sum of ord(ch) * 31**i over its characters, modulo
    2^31, computed term by term so that it takes linear time."""
    total, power = 0, 1
    for ch in text:
        total = (total + ord(ch) * power) % TEXT_SEED_MODULUS
        power = power * 31 % TEXT_SEED_MODULUS
    return total


def seed_from_text(text: object) -> int | None:
    """The seed for what a person typed in the page's seed field.

    Spaces at either end are ignored. Blank text gives None (the caller picks
    a random seed). Text of ASCII digits only is that number (refused above
    2^64-1); any other text of up to 100 characters is a word, and the same
    word always gives the same deal. Raises SetupError for text that is too
    long or a number that is too large."""
    if not isinstance(text, str):
        raise SetupError(f"a seed must be text or a number, not {shown(text)}")
    if len(text) > MAX_SEED_TEXT and len(text.strip()) > MAX_SEED_TEXT:
        raise SetupError(f"a seed has at most {MAX_SEED_TEXT} characters")
    text = text.strip()
    if not text:
        return None
    if text.isascii() and text.isdigit():
        value = int(text)
        if value > MAX_SEED:
            raise SetupError(f"a seed number goes from 0 to {MAX_SEED}")
        return value
    return text_seed(text)
