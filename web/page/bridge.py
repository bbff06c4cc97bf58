"""The functions the page calls, declared once: the bridge between Python and JavaScript.

``Bridge``'s public methods are everything Python offers the page, typed
under mypy --strict. tools/page_types.py writes web/front/js/generated/bridge.js
from their signatures: the page's ``call(name, ...args)``, typed for
TypeScript. web/page/main.py hands the page one function, ``call(name, argsJson)``,
which ``Bridge.answer`` serves: the arguments arrive as one JSON array, are
checked against the declaration, and the answer leaves as JSON text. JSON is
only here.

The bridge holds the saved game (``Session``), the lessons (``Course``) and
the mode on screen (web/page/modes.py); a call that depends on what is on screen
goes to the mode, and a call that puts a game or a lesson on screen switches
it.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import json
import sys
import types
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, NamedTuple, Union, get_args, get_origin, get_type_hints

from game.limits import MAX_RECORD_BYTES

from . import shared
from .answers import (
    EndInfo,
    Imported,
    LessonExit,
    Link,
    MoveJson,
    NewGameOptions,
    Opened,
    Renamed,
    Seat,
    Started,
    Startup,
    Stopped,
    Thought,
    TurnsGame,
)
from .course import Course
from .modes import Learning, Mode, Playing, Reviewing, close
from .session import Session, Storage
from .shared import KEY_VIEW
from .view_types import View

# Where web/page/ is: a part shipped apart is unpacked beside it (unpack_part).
ROOT = Path(__file__).resolve().parent.parent


# Calls whose view is not kept for the next visit's first paint: a past position.
UNKEPT = ("view", "review")


class BadCall(TypeError):
    """A call the declaration does not allow (a bug of the page, said in the console)."""


def page_text(obj: Any) -> str:
    """JSON text for the page, in ASCII (accents as \\u escapes): Pyodide hands an
    ASCII string to JavaScript in one go, but builds any other one character by
    character, which in WebKit left about 0.5 MB of garbage per view."""
    return json.dumps(obj, ensure_ascii=True)


class Bridge:
    """Every function the page may call (the public methods), and the mode on screen."""

    def __init__(self, session: Session, storage: Storage, course: Course | None = None) -> None:
        self.session = session
        self.storage = storage
        self.course = course if course is not None else Course(session, storage)
        self.mode: Mode = Playing(session)
        # Each call and what serves it: this bridge, or a part added since (addPart).
        self.calls: dict[str, tuple[object, Served]] = {n: (self, c) for n, c in CALLS.items()}

    # ------------------------------------------------------ what is on screen
    def view(self) -> View:
        """The view on screen (docs/VIEW.md)."""
        return self.mode.view()

    def click(self, target: str) -> View:
        """Play one click on the board or the action bar."""
        self.mode = self.mode.click(target)
        return self.mode.view()

    def review(self, target: str) -> View:
        """Step through the game's past ("open", "first", "position:12", "exit"...)."""
        self.mode = self.mode.review(target)
        return self.mode.view()

    def think(self, purpose: str) -> Started:
        """Start the computer's thinking on the position shown: "move", "hint" or "analysis"."""
        return self.mode.think(purpose)

    def thinkStep(self, job: int, ms: float) -> Thought:
        """Think on for about ms milliseconds."""
        return self.session.think_step(job, ms)

    def stopThinking(self, job: int) -> Stopped:
        """Abandon that job."""
        return self.session.stop_thinking(job)

    def prepareThinking(self) -> bool:
        """Load the computer players now, in idle time, not in the first move's frame."""
        return self.session.prepare_thinking()

    def playBotMove(self, move: MoveJson, stamp: str) -> View:
        """Play a computer player's move, thought for the position named by stamp."""
        self.mode = self.mode.bot_move(move, stamp)
        return self.mode.view()

    def setLanguage(self, code: str) -> View:
        """Show every word in another language from now on."""
        self.session.set_language(code)
        self.course.set_language(self.session.language)
        return self.mode.view()

    # ------------------------------------------------------- the saved game
    def startup(self, language: str) -> Startup:
        """What to show first, in the page's language (a lesson kept on this device resumes)."""
        first = self.session.startup(language)
        lesson = self.course.resume()
        self.mode = Learning(self.course) if lesson else Playing(self.session)
        kept = self.storage.get(shared.KEY_TURNS + self.session.game_id)
        if kept is not None and not lesson:
            # A game by turns: only this device's seats play, from the first view.
            from . import turns  # play by turns: not needed to start
            from .turning import Turning

            mine = turns.seats_kept(kept)
            if mine is not None:
                self.mode = Turning(self.session, mine)
        python = ".".join(map(str, sys.version_info[:3]))
        return {
            "view": self.mode.view(),
            "notice": first["notice"],
            "newGame": first["newGame"] and not lesson,
            "python": python,
        }

    def newGame(self, names: list[str], seed: str | None, options: NewGameOptions) -> View:
        """Start a game (seed: the text typed, or null for a random one)."""
        return self._playing(self.session.start_game(names, seed, options))

    def importRecord(self, text: str) -> Imported:
        """Read a record file: the game it holds, or why not."""
        answer = self.session.import_record(text)
        if answer.get("ok"):
            self._playing(answer["view"])
        return answer

    def exportRecord(self) -> str:
        """The saved game's record (JSON text)."""
        return self.session.export_record()

    def sync(self) -> View:
        """Another tab wrote the game: look at it again."""
        self.session.sync()
        self.mode = self.mode.game_moved()
        return self.mode.view()

    def continueHere(self) -> View:
        """Keep this tab's version of the game as a new game."""
        self.session.continue_here()
        self.mode = self.mode.game_moved()
        return self.mode.view()

    def follow(self) -> View:
        """Take the game as another tab left it."""
        self.session.follow()
        self.mode = self.mode.game_moved()
        return self.mode.view()

    # --------------------------------------------- play by link, today's deal
    def shareLink(self) -> Link:
        """The game as a link's fragment."""
        from . import share  # links and today's deal: not needed to start

        return share.share(self.session)

    def openLink(self, fragment: str, confirmed: bool) -> Opened:
        """Open the game of a URL fragment (asked on every start, most often with none)."""
        if shared.link_code(fragment) is None:
            return {"status": "none"}  # most starts: no game in the address
        from . import share  # links and today's deal: not needed to start

        answer = share.open_link(self.session, fragment, confirmed)
        if "view" in answer:
            answer["view"] = self._playing(answer["view"])
        return answer

    def linkSeat(self, remembered: str | None) -> Seat:
        """The visitor's seat in a linked game."""
        from . import share  # links and today's deal: not needed to start

        return share.seat(self.session, remembered)

    def linkNote(self, seat: str | None) -> str:
        """Whose turn it is, said to the player of that seat."""
        from . import share  # links and today's deal: not needed to start

        return share.note(self.session, seat)

    def dailyGame(self, name: str) -> View:
        """Start today's deal (UTC) against the computer."""
        from . import share  # links and today's deal: not needed to start

        return self._playing(share.start_daily(self.session, name))

    def endInfo(self) -> EndInfo:
        """What the end screen adds (today's deal's result)."""
        from . import share  # links and today's deal: not needed to start

        return share.end_info(self.session)

    # ------------------------------------------------------------ by turns
    def turnsRead(self, code: str) -> TurnsGame:
        """What a table's game holds, as the rules read it (web/page/turns.py)."""
        from . import turns  # play by turns: not needed to start

        return turns.read_game(code)

    def turnsRename(self, code: str, seat: int, name: str) -> Renamed:
        """A table's game with a seat under the name its taker typed."""
        from . import turns  # play by turns: not needed to start

        default = self.session.texts.t("name.player", n=seat + 1)
        return turns.renamed(code, seat, name, default)

    def turnsOpen(self, code: str, mine: list[int], slot: str) -> View:
        """Put a table's game on screen in save slot ``slot``, this device
        playing the seats ``mine`` (and the computers' when their turn comes)."""
        from . import turns  # play by turns: not needed to start
        from .turning import Turning

        self._playing(self.view())
        turns.put(self.session, code, slot)
        self.mode = Turning(self.session, set(mine))
        return self.mode.view()

    # -------------------------------------------------------------- lessons
    def lessonStart(self, lesson: str | None) -> View:
        """Start a lesson of the guided first game, from its first step."""
        self.mode = close(self.mode, self.session)
        self.course.start(lesson)
        self.mode = Learning(self.course)
        return self.mode.view()

    def lessonExit(self) -> LessonExit:
        """Leave the lessons for the saved game."""
        self.course.exit()
        self.mode = Playing(self.session)
        return {"view": self.mode.view(), "newGame": self.session.new_game}

    def lessonFirstGame(self) -> View:
        """Leave the lessons for a first game against two easy computers."""
        return self._playing(self.course.first_game())

    # ------------------------------------------------- parts shipped apart
    def addPart(self, part: str, zipped: str) -> bool:
        """A part of the page shipped apart (live play: live/livepy.zip, the
        package web/page/live/), as base64: unpacked beside page/ unless it is there
        already, and its calls (``Calls`` of web/page/<part>/calls.py) served from
        now on. Answers whether they are."""
        if not part.isidentifier() or not unpack_part(part, zipped):
            return False
        module = importlib.import_module(f"page.{part}.calls")
        owner = module.Calls(self)
        self.calls.update({n: (owner, c) for n, c in served(module.Calls, module.UNKEPT).items()})
        return True

    # ------------------------------------------------------------ the bridge
    def _playing(self, view: View) -> View:
        """A game was put on screen (``view`` is the game's): it is what the page
        shows now, and a lesson or a review ends."""
        self.mode = close(self.mode, self.session)
        if not isinstance(self.mode, Playing):
            self.course.exit()
            self.mode = Playing(self.session)
        return view

    def answer(self, name: str, args_text: str) -> str:
        """Serve one call of the page: ``name`` with its arguments as a JSON array.
        Answers JSON text; the view answered is also kept for the next visit's
        first paint. Raises BadCall for a call the declaration does not allow."""
        if name not in self.calls:
            raise BadCall(f"no such call: {name!r}")
        owner, call = self.calls[name]
        args = parse_args(args_text)
        check_args(name, args, call.params)
        answer = call.function(owner, *args)
        text = page_text(answer)
        if call.kept and not isinstance(self.mode, (Reviewing, Learning)):
            kept = answer.get("view") if isinstance(answer, dict) else None
            self._keep(text if call.returns is View else kept)
        return text

    def _keep(self, view: str | View | None) -> None:
        """Keep the game's view for the next visit's first paint (a failure to
        write it is said by the game's own save)."""
        if view is not None:
            self.storage.set(KEY_VIEW, view if isinstance(view, str) else page_text(view))


def unpack_part(part: str, zipped: str, root: Path = ROOT) -> bool:
    """Unpack a part's zip (base64), which holds web/page/<part>/ only, into ``root``
    (where web/page/ is), once. Answers whether page.<part> can be imported."""
    import base64
    import io
    import zipfile

    package = f"page.{part}"
    if importlib.util.find_spec(package) is None:
        try:
            data = base64.b64decode(zipped, validate=True)
            with zipfile.ZipFile(io.BytesIO(data)) as archive:
                names = archive.namelist()
                if not all(belongs(n, part) for n in names):
                    return False
                archive.extractall(root)
        except (ValueError, zipfile.BadZipFile):
            return False
        # importlib.invalidate_caches() would import importlib.metadata, which the
        # site does not ship: the finders that list folders are told one by one.
        for finder in list(sys.path_importer_cache.values()):
            if finder is not None and hasattr(finder, "invalidate_caches"):
                finder.invalidate_caches()
    return importlib.util.find_spec(package) is not None


def belongs(name: str, part: str) -> bool:
    """Whether a part's zip may hold ``name``: a file of web/page/<part>/, or a
    compiled standard library module only that part imports ("hmac.pyc")."""
    if name.endswith(".pyc") and name[: -len(".pyc")].isidentifier():
        return True
    return name.startswith(f"page/{part}/") and ".." not in name


def parse_args(text: Any) -> list[Any]:
    if not isinstance(text, str) or len(text) > MAX_RECORD_BYTES + 1024:
        raise BadCall("the arguments must be a JSON array of at most about 1 MB")
    try:
        args = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise BadCall(f"the arguments are not JSON: {exc}") from None
    if not isinstance(args, list):
        raise BadCall("the arguments must be a JSON array")
    return args


def conforms(value: Any, hint: Any) -> bool:
    """Whether a JSON value is of the declared type (TypedDicts: an object with
    the declared keys of the declared types; a key left out only where the
    class allows it)."""
    origin = get_origin(hint)
    if hint is Any:
        return True
    if hint is None or hint is type(None):
        return value is None
    if origin in (Union, types.UnionType):
        return any(conforms(value, arm) for arm in get_args(hint))
    if origin is Literal:
        return value in get_args(hint)
    if origin is list:
        (item,) = get_args(hint)
        return isinstance(value, list) and all(conforms(v, item) for v in value)
    if origin is dict:
        return isinstance(value, dict) and all(isinstance(k, str) for k in value)
    if typing.is_typeddict(hint):
        if not isinstance(value, dict):
            return False
        fields = get_type_hints(hint)
        required: frozenset[str] = getattr(hint, "__required_keys__", frozenset())
        return required <= value.keys() <= fields.keys() and all(
            conforms(v, fields[k]) for k, v in value.items()
        )
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(hint, type) and isinstance(value, hint)


def check_args(name: str, args: list[Any], params: list[tuple[str, Any]]) -> None:
    if len(args) != len(params):
        raise BadCall(f"{name} takes {len(params)} arguments, not {len(args)}")
    for (param, hint), value in zip(params, args):
        if not conforms(value, hint):
            raise BadCall(f"{name}: {param} must be {hint}, not {json.dumps(value)[:80]}")


class Served(NamedTuple):
    """One call the bridge serves: the function (called with its owner), its
    parameters' names and types, its answer's type, and whether the view it
    answers is kept."""

    function: Callable[..., Any]
    params: list[tuple[str, Any]]
    returns: Any
    kept: bool


def served(cls: type, unkept: tuple[str, ...] = ()) -> dict[str, Served]:
    """The calls ``cls`` declares: its public methods, by name."""
    calls = {}
    for name, function in inspect.getmembers(cls, inspect.isfunction):
        if name.startswith("_") or name == "answer":
            continue
        hints = get_type_hints(function)
        params = [(p, hints[p]) for p in list(inspect.signature(function).parameters)[1:]]
        calls[name] = Served(function, params, hints["return"], name not in unkept)
    return calls


# The bridge's own calls; a part shipped apart adds its own to a bridge (addPart).
CALLS = served(Bridge, UNKEPT)
