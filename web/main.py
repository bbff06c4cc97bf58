"""Page entry point, run by PyScript (<script type="py" src="./web/main.py">).

The only Python module that touches the browser: it owns one ``Table`` and
exposes it to the JavaScript front end (web/app.js) as ``window.mykerinos``,
every function answering with a JSON string. Every view also carries
``game``: a number that changes with each new game, import or resume, so that
"<game>:<revision>" identifies one position of one game.

    view()                   the current view (see web/table.py)
    click(target)            play one click ("cell:c3", "action:dig", ...) -> view
    newGame(namesJson, seed, optionsJson)
                             start a game (seed: integer, or null for a random one;
                             options: {"nile": bool, "seats": ["human"|"easy"|"medium"|"hard", ...]})
                             -> view
    exportRecord()           the game record (JSON text)
    importRecord(text)       {"ok": true, "view": ...} or {"ok": false, "error": "..."}
    resume(text)             the same as importRecord (used for the autosave)
    startup()                {"view": ..., "notice": ..., "newGame": bool}: what to show first
    botSeed()                the seed for the next computer decision (an integer)
    playBotMove(moveJson, stamp)
                             play a computer player's move (from web/bot_worker.py) -> view;
                             ignored when stamp ("<game>:<revision>") is not the current one
    describeMove(moveJson)   "Suggested: ..." for a hint
    setLanguage(code)        show every word in "en", "fr" or "it" from now on -> view
    ready                    true once everything above works

Every change of the game is saved in localStorage (``mykerinos.save``) and
resumed on the next visit. A save that cannot be read is moved aside to
``mykerinos.save.corrupt``, the page says so and offers a new game.
"""
from __future__ import annotations

import json
import random
import sys

import js
from pyodide.ffi import create_proxy

from web.table import Table
from web.texts import Texts, language_of

SAVE_KEY = "mykerinos.save"
CORRUPT_KEY = "mykerinos.save.corrupt"

_proxies = []  # keeps the proxies handed to JavaScript alive
_state = {"table": None, "generation": 0, "saved": None, "notice": None, "new_game": False,
          "language": "en"}


# ------------------------------------------------------------------ storage
def _storage_get(key: str) -> str | None:
    try:
        value = js.localStorage.getItem(key)
    except Exception:  # storage disabled (private mode, blocked cookies...)
        return None
    # A missing key is JavaScript null (pyodide's jsnull, not None).
    return value if isinstance(value, str) else None


def _storage_set(key: str, value: str) -> bool:
    try:
        js.localStorage.setItem(key, value)
        return True
    except Exception:
        return False


def _save() -> None:
    table = _state["table"]
    if table is None:
        return
    if _storage_set(SAVE_KEY, table.record_text()):
        _state["saved"] = _stamp()


def _stamp() -> tuple[int, int]:
    return (_state["generation"], _state["table"].revision)


def _save_if_changed() -> None:
    if _state["table"] is not None and _state["saved"] != _stamp():
        _save()


def _use(table: Table) -> None:
    """Make ``table`` the current game."""
    _state["table"] = table
    _state["generation"] += 1
    _state["new_game"] = False


# ------------------------------------------------------------------- helpers
def _random_seed() -> int:
    return random.SystemRandom().randrange(1, 2**31)


def _texts() -> Texts:
    return Texts(_state["language"])


def _default_names(n: int = 3) -> list[str]:
    return [_texts().t("name.player", n=i + 1) for i in range(n)]


def _clean_names(names) -> list[str]:
    if not isinstance(names, list):
        names = _default_names()
    defaults = _default_names(4)
    return [str(name or "").strip() or defaults[i] for i, name in enumerate(names[:4])]


def _parse_seed(seed) -> int:
    """An integer seed from whatever the page sent; null, undefined or "" mean random."""
    if isinstance(seed, bool) or not isinstance(seed, (int, float, str)):
        return _random_seed()
    if isinstance(seed, float):
        return int(seed) if seed.is_integer() else _random_seed()
    if isinstance(seed, int):
        return seed
    text = str(seed).strip()
    if not text:
        return _random_seed()
    try:
        return int(text)
    except ValueError:
        # Any word works as a seed: the same word always gives the same deal.
        return sum(ord(ch) * 31 ** i for i, ch in enumerate(text)) % (2**31)


def _view_dict() -> dict:
    view = _state["table"].view()
    view["game"] = _state["generation"]
    return view


def _current_stamp() -> str:
    return f"{_state['generation']}:{_state['table'].revision}"


def _dump(obj) -> str:
    return json.dumps(obj, ensure_ascii=False)


def _load(text: str) -> tuple[Table | None, str | None]:
    """A table from record text, or the reason why not (never raises)."""
    if not isinstance(text, str):
        return None, _texts().t("reason.no_record")
    try:
        return Table.from_record_text(text, _state["language"]), None
    except Exception as exc:  # GameError, or anything unexpected in a bad file
        return None, _texts().record_error(exc)


# ---------------------------------------------------------------- API (JS)
def view() -> str:
    return _dump(_view_dict())


def click(target) -> str:
    table = _state["table"]
    try:
        table.click(str(target))
    except Exception as exc:  # a bug: keep the page alive and say so
        js.console.error(f"Mykerinos: click {target!r} failed: {exc!r}")
        table.message = table.texts.t("msg.click_failed")
    _save_if_changed()
    return view()


def _options(options_json) -> dict:
    try:
        options = json.loads(options_json) if isinstance(options_json, str) else None
    except ValueError:
        options = None
    return options if isinstance(options, dict) else {}


def new_game(names_json="[]", seed=None, options_json=None) -> str:
    try:
        names = json.loads(names_json) if isinstance(names_json, str) else None
    except ValueError:
        names = None
    options = _options(options_json)
    try:
        table = Table.new(_clean_names(names), _parse_seed(seed),
                          nile=options.get("nile") is True, seats=options.get("seats"),
                          language=_state["language"])
    except Exception as exc:  # bad player list: keep the current game
        _state["table"].message = _texts().t("msg.new_game_failed", reason=exc)
        return view()
    _use(table)
    _save()
    return view()


def export_record() -> str:
    return _state["table"].record_text()


def import_record(text) -> str:
    table, error = _load(text)
    if table is None:
        return _dump({"ok": False, "error": _texts().t("msg.not_a_record", reason=error)})
    _use(table)
    _save()
    return _dump({"ok": True, "view": _view_dict()})


def resume(text) -> str:
    return import_record(text)


def startup() -> str:
    return _dump({"view": _view_dict(), "notice": _state["notice"],
                  "newGame": _state["new_game"],
                  "python": ".".join(map(str, sys.version_info[:3]))})


def bot_seed() -> str:
    return _dump(_state["table"].bot_seed())


def play_bot_move(move_json, stamp=None) -> str:
    table = _state["table"]
    if isinstance(stamp, str) and stamp != _current_stamp():
        return view()  # an answer for a position that is gone (undo, new game, import)
    try:
        table.play_bot_move(json.loads(str(move_json)))
    except Exception as exc:  # GameError (refused move) or a bad answer
        js.console.warn(f"Mykerinos: computer move {move_json!r} refused: {exc}")
        table.message = table.texts.t("msg.bot_refused", reason=exc)
    _save_if_changed()
    return view()


def describe_move(move_json) -> str:
    table = _state["table"]
    try:
        move = json.loads(str(move_json))
        return _dump(table.texts.suggestion(move, table.state.setup.wings))
    except Exception:
        return _dump(table.texts.t("hint.suggested", move=str(move_json)))


def set_language(code) -> str:
    _state["language"] = language_of(code)
    _state["table"].set_language(_state["language"])
    return view()


def _start() -> None:
    saved = _storage_get(SAVE_KEY)
    if saved is not None:
        table, error = _load(saved)
        if table is not None:
            _use(table)
            _state["saved"] = _stamp()
            return
        _storage_set(CORRUPT_KEY, saved)
        try:
            js.localStorage.removeItem(SAVE_KEY)
        except Exception:
            pass
        _state["notice"] = _texts().t("msg.corrupt_save", reason=error, key=CORRUPT_KEY)
    # First visit (or unreadable save): a fresh game behind the new-game dialog.
    # It is saved as soon as it changes.
    _use(Table.new(_default_names(), _random_seed(), language=_state["language"]))
    _state["new_game"] = True
    _state["saved"] = _stamp()  # not worth saving until something happens


def _expose() -> None:
    api = js.Object.new()
    for name, func in (("view", view), ("click", click), ("newGame", new_game),
                       ("exportRecord", export_record), ("importRecord", import_record),
                       ("resume", resume), ("startup", startup), ("botSeed", bot_seed),
                       ("playBotMove", play_bot_move), ("describeMove", describe_move),
                       ("setLanguage", set_language)):
        proxy = create_proxy(func)
        _proxies.append(proxy)
        setattr(api, name, proxy)
    api.ready = True
    js.window.mykerinos = api


def main() -> None:
    loader = getattr(js.window, "mykerinosLoader", None)
    # The language web/i18n.js chose (it sets <html lang> before Python starts).
    _state["language"] = language_of(js.document.documentElement.lang)
    if loader is not None:
        loader.step(_texts().t("loader.board"), 95)
    _start()
    _expose()
    js.document.body.dataset.engine = "1"
    js.document.body.dataset.webpy = "1"
    ui = getattr(js.window, "mykerinosUI", None)
    if ui is not None:
        # Draws the board (and the dialog) synchronously, unless the words of
        # the page's language are still loading: then app.js marks it ready.
        if ui.boot():
            js.document.body.dataset.ready = "1"
    # Otherwise web/app.js boots by itself when it loads, and sets the marker.
    js.window.dispatchEvent(js.CustomEvent.new("mykerinos:ready"))


main()
