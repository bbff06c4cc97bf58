"""Page entry point, run by PyScript (<script type="py" src="./page/main.py">).

The only Python module that touches the browser: it opens one ``Session``
(page/session.py) on localStorage and hands it to the JavaScript front end
(front/js/) as ``window.mykerinos``, every function answering with a JSON string.

    view()                   the current view (docs/VIEW.md)
    click(target)            play one click ("cell:c3", "action:dig", ...) -> view
    newGame(namesJson, seed, optionsJson)
                             start a game (seed: integer, or null for a random one;
                             options: {"nile": bool, "seats": [a view.new_game.seats entry, ...]})
                             -> view
    exportRecord()           the game record (JSON text)
    importRecord(text)       {"ok": true, "view": ...} or {"ok": false, "error": "..."}
    startup(language)        {"view": ..., "notice": ..., "newGame": bool, "python": "3.x.y"}:
                             what to show first, in the page's language
    think(purpose)           start the computer's thinking on the position shown: "move"
                             (the computer to move), "hint" or "analysis" (review)
                             -> {"job", "stamp"} or {"error"} (page/thinking.py)
    thinkStep(job, ms)       think on for about ms milliseconds -> {"busy": true},
                             {"gone": true}, {"error"} or the answer: {"move", ...}
    stopThinking(job)        abandon that job
    playBotMove(moveJson, stamp)
                             play a computer player's move -> view; ignored when stamp
                             ("<game>:<revision>") is not the current one
    setLanguage(code)        show every word in another language from now on -> view
    review(target)           step through the game's past ("open", "first", "back",
                             "forward", "last", "exit", "position:<k>", "log:<line>",
                             "season:<n>", "survey:<n>"; page/table.py) -> view
    sync()                   look at the save again (another tab wrote it) -> view
    continueHere(), follow() a game that moved on in another tab: keep this tab's
                             version as a new game, or take the other one -> view
    shareLink()              {"ok": true, "code": "g=..."}: the game as a link's fragment
    openLink(fragment, confirmed)
                             open the game of a URL fragment (page/share.py open_link)
    linkSeat(remembered)     {"mine", "ask", "note", "people"}: the visitor's seat
    linkNote(seat)           whose turn it is, said to the player of that seat
    dailyGame(name)          start today's deal (UTC) against the computer -> view
    endInfo()                {"daily": null | {"date", "score", "rank", "text"}}
    lessonStart(id), lessonView(), lessonUndo(), lessonRestart(), lessonExit()
                             the guided first game (page/course.py); while a lesson
                             runs, view() and click() are the lesson's
    ready                    true once everything above works

Every change of the game is saved in localStorage under the site's own prefix
(``mykerinos:<site path>:``, so two copies of the site on one host never share
a save; page/session.py lists the keys) and resumed on the next visit. Every
view handed to the page is also kept (key ``view``) for the next visit's first
paint, drawn by front/js/saves.js before Python has started. The prefix comes
from front/js/saves.js (``window.mykerinosSaves.prefix``), which computes it for
every key the page writes; without it the page stops with a clear error
rather than guess.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]  # the browser, in Pyodide only
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

from game.limits import MAX_RECORD_BYTES
from page import share
from page.course import page_text, with_lessons
from page.session import LEGACY_KEY, VIEW_KEY, Session, adopt_legacy_save, site_prefix
from page.texts import Texts, language_of
from page.view_types import View


def page_prefix() -> str:
    """The prefix of every key of this copy of the site, as front/js/saves.js
    computed it (it runs long before Python). Raises NoPrefix without it."""
    saves = getattr(js.window, "mykerinosSaves", None)
    return site_prefix(getattr(saves, "prefix", None) if saves is not None else None)


class LocalStorage:
    """localStorage under this site's prefix; it may be disabled (private
    mode, blocked cookies...) or full: then writes answer False."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix

    def name(self, key: str) -> str:
        return self.prefix + key

    def get(self, key: str) -> str | None:
        try:
            value = js.localStorage.getItem(self.prefix + key)
        except Exception:
            return None
        # A missing key is JavaScript null (pyodide's jsnull, not None).
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> bool:
        try:
            js.localStorage.setItem(self.prefix + key, value)
            return True
        except Exception:
            return False

    def remove(self, key: str) -> None:
        try:
            js.localStorage.removeItem(self.prefix + key)
        except Exception:
            pass


def from_page(text: Any) -> Any:
    """A value the page sent as JSON text (names, options, a computer's move),
    or None when it is not one: not text, longer than a record may be, not
    JSON, nested too deep. The session answers None as it does any value it
    cannot use (default names, no options, a refused move), in words."""
    if not isinstance(text, str) or len(text) > MAX_RECORD_BYTES:
        return None
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def text_or_none(value: Any) -> str | None:
    """A string the page sent (JavaScript null or undefined: None)."""
    return value if isinstance(value, str) else None


def _api(session: Session, storage: LocalStorage) -> dict[str, Callable[..., str]]:
    """The functions the page calls, each answering JSON text. What the page
    sends as JSON text is read here (``from_page``); the session and
    page/share.py take Python values."""
    python = ".".join(map(str, sys.version_info[:3]))

    def shown(view: View) -> str:
        """The view as text, also kept for the next visit's first paint."""
        text = page_text(view)
        storage.set(VIEW_KEY, text)  # a failure here is said by the game's own save
        return text

    def startup(language: Any = None) -> str:
        first = session.startup(language)
        shown(first["view"])
        return page_text({**first, "python": python})

    def imported(text: Any) -> str:
        answer = session.import_record(text)
        if answer.get("ok"):
            shown(answer["view"])
        return page_text(answer)

    return {
        "view": lambda: page_text(session.view()),
        "click": lambda target: shown(session.click(target)),
        "newGame": lambda names=None, seed=None, options=None: shown(
            session.start_game(from_page(names), seed, from_page(options))
        ),
        "exportRecord": session.export_record,
        "importRecord": imported,
        "startup": startup,
        "think": lambda purpose: page_text(session.think(purpose)),
        "thinkStep": lambda job, ms: page_text(session.think_step(job, ms)),
        "stopThinking": lambda job: page_text(session.stop_thinking(job)),
        "playBotMove": lambda move, stamp=None: shown(
            session.play_bot_move(from_page(move), text_or_none(stamp))
        ),
        "review": lambda target: page_text(_review(session, target)),
        "setLanguage": lambda code: shown(session.set_language(code)),
        "sync": lambda: shown(session.sync()),
        "continueHere": lambda: shown(session.continue_here()),
        "follow": lambda: shown(session.follow()),
        # Play by link and today's deal (page/share.py).
        "shareLink": lambda: page_text(share.share(session)),
        "openLink": lambda fragment, confirmed=False: page_text(
            share.open_link(session, fragment, confirmed is True or confirmed == "true")
        ),
        "linkSeat": lambda remembered=None: page_text(share.seat(session, remembered)),
        "linkNote": lambda mine=None: page_text(share.note(session, mine)),
        "dailyGame": lambda name="": shown(share.start_daily(session, name)),
        "endInfo": lambda: page_text(share.end_info(session)),
    }


def _review(session: Session, target: Any) -> View:
    """A past position of the game on screen, or back to the game (Table.review)."""
    session.table.review(str(target))
    return session.view()


_proxies: list[Any] = []  # keeps the proxies handed to JavaScript alive


def _expose(session: Session, storage: LocalStorage) -> None:
    api = js.Object.new()
    for name, func in with_lessons(_api(session, storage), session, storage).items():
        proxy = create_proxy(func)
        _proxies.append(proxy)
        setattr(api, name, proxy)
    api.ready = True
    js.window.mykerinos = api


def main() -> None:
    loader = getattr(js.window, "mykerinosLoader", None)
    # The language front/js/i18n.js chose so far (the page confirms it in startup()).
    language = language_of(js.document.documentElement.lang)
    if loader is not None:
        loader.step(Texts(language).t("loader.board"), 95)
    storage = LocalStorage(page_prefix())
    try:
        legacy = js.localStorage.getItem(LEGACY_KEY)
    except Exception:  # storage disabled
        legacy = None
    adopt_legacy_save(storage, legacy if isinstance(legacy, str) else None)
    session = Session.open(
        storage, language, log=lambda level, text: getattr(js.console, level)(text)
    )
    _expose(session, storage)
    js.document.body.dataset.engine = "1"
    js.document.body.dataset.webpy = "1"
    ui = getattr(js.window, "mykerinosUI", None)
    if ui is not None:
        # Draws the board (and the dialog) synchronously, unless the words of
        # the page's language are still loading: then the page marks it ready.
        if ui.boot():
            js.document.body.dataset.ready = "1"
    # Otherwise front/js/boot.js boots by itself when it loads, and sets the marker.
    js.window.dispatchEvent(js.CustomEvent.new("mykerinos:ready"))


# PyScript runs this file as __main__; the tests import it (with stand-ins
# for the browser) to call the page's functions.
if __name__ == "__main__":
    main()
