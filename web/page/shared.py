"""The strings Python and the page's JavaScript both use, owned here.

Each is written once, in this module; tools/page_types.py writes them into
web/front/js/generated/shared.js for the page, and a test fails when the page's
own JavaScript spells one by hand. Click targets are ``<kind>:<value>``
("cell:c3", "room:W1-5") or a word ("undo"); review targets the same
("position:12", "first").
"""

from __future__ import annotations

from typing import Final

# ------------------------------------------------------------ click targets
SEPARATOR: Final = ":"  # between a target's kind and its value
CELL: Final = "cell"  # a region cell: "cell:c3"
ROOM: Final = "room"  # a museum room: "room:W1-5"
CARD: Final = "card"  # a region or Nile card: "card:lemon-3a"
ACTION: Final = "action"  # an action button: "action:dig"
UNDO: Final = "undo"  # take the last decision (or the move being built) back
CANCEL: Final = "cancel"  # drop the move being built
RESTART: Final = "restart"  # a lesson: back to its first step

# ----------------------------------------------------------- review targets
OPEN: Final = "open"  # review the position now on screen
FIRST: Final = "first"
BACK: Final = "back"
FORWARD: Final = "forward"
LAST: Final = "last"
EXIT: Final = "exit"  # back to the game
POSITION: Final = "position"  # "position:<k>": the game after k decisions
LOG: Final = "log"  # "log:<line>": the position that shows that line of the log
SEASON: Final = "season"  # "season:<n>": where season n starts
SURVEY: Final = "survey"  # "survey:<n>": where season n's survey starts

# --------------------------------------------------------------- seat kinds
PERSON: Final = "human"  # a seat played by a person (the others: a computer's level)
FRIEND: Final = "friend"  # the new-game dialog: a person on their own device (live play)
BY_TURNS: Final = "turns"  # the new-game dialog: a person on their own device, by turns

# ------------------------------------------------------ play by link
LINK_MARK: Final = "#g="  # a URL fragment that carries a whole game
WATCH: Final = "watch"  # the seat remembered for a visitor who only watches
LIVE_MARK: Final = "#live="  # an invite to a live game: "#live=<room>.<password>"
TURNS_MARK: Final = "#turns="  # a table by turns: "#turns=<table>.<secret>[~<the game>]"

# ---------------------------------------------- storage (under the site's prefix)
KEY_CURRENT: Final = "current"  # the id of the game played last
KEY_SLOT: Final = "game:"  # "game:<id>": one game's record
KEY_CORRUPT: Final = "corrupt:"  # "corrupt:<id>": a save that could not be read, set aside
KEY_VIEW: Final = "view"  # the last view drawn, painted before Python starts
KEY_PAINT: Final = "paint"  # the board's markup as last shown, put back before any module runs
KEY_LESSON: Final = "lesson"  # the learner's place in the guided first game
KEY_LANGUAGE: Final = "lang"  # the language picked with the switch
KEY_SEAT: Final = "seat:"  # "seat:<game>": the visitor's seat in a linked game
KEY_LIVE: Final = "live:"  # "live:<room>": a guest's seat and its secret in a live game
KEY_HOSTING: Final = "hosting"  # the live room this device holds, to open again after a reload
KEY_TURNS: Final = "turns:"  # "turns:<table>": a table by turns this device sits at
# Outside the prefix: where earlier releases kept one save per origin (read to adopt it).
KEY_LEGACY: Final = "mykerinos.save"


def target(kind: str, value: str | int) -> str:
    """A target of that kind: ``target(CELL, "c3")`` is "cell:c3"."""
    return f"{kind}{SEPARATOR}{value}"


def split(name: str) -> tuple[str, str]:
    """A target's kind and value ("undo" has no value: "")."""
    kind, _, value = name.partition(SEPARATOR)
    return kind, value


def link_code(fragment: object) -> str | None:
    """The game's code in a URL fragment ("#g=..." or "g=..."), or None when the
    fragment holds no game (an empty or unrelated fragment is not an error)."""
    if not isinstance(fragment, str):
        return None
    text = fragment.removeprefix("#")
    mark = LINK_MARK.removeprefix("#")
    return text[len(mark) :] if text.startswith(mark) else None
