"""The page's boundary (web/page/bridge.py, served by web/page/main.py): every call
arrives as JSON text, is checked against its declaration, goes to the mode on
screen, and answers JSON text in ASCII; the game's views are kept for the next
visit's first paint. A call the declaration does not allow is refused and
changes nothing; a value the declaration allows but the game cannot use gets
the translated answer.

web/page/main.py runs only in the browser; here it is imported with stand-ins for
the browser's modules (it starts the page only when run as __main__).
"""

from __future__ import annotations

import datetime
import importlib
import json
import sys
import types
from collections.abc import Iterator
from typing import Any

import pytest

from game.limits import MAX_RECORD_BYTES
from page import share
from page.bridge import CALLS, BadCall, Bridge
from page.session import VIEW_KEY, Session
from page.table import Table
from page.texts import Texts
from tests.page.fakes import Memory


@pytest.fixture
def page_main(monkeypatch: pytest.MonkeyPatch) -> Iterator[types.ModuleType]:
    pyodide = types.ModuleType("pyodide")
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = lambda func: func  # type: ignore[attr-defined]
    js = types.ModuleType("js")
    js.performance = types.SimpleNamespace(mark=lambda name: None)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "js", js)
    monkeypatch.setitem(sys.modules, "pyodide", pyodide)
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    monkeypatch.delitem(sys.modules, "page.main", raising=False)
    yield importlib.import_module("page.main")
    sys.modules.pop("page.main", None)


def bridge_of(language: str = "en") -> tuple[Bridge, Session, Memory]:
    storage = Memory()
    session = Session.open(storage, language, fresh_seed=lambda: 9)
    return Bridge(session, storage), session, storage


def call(bridge: Bridge, name: str, *args: Any) -> Any:
    """A call as the page makes it: its arguments as one JSON array."""
    return json.loads(bridge.answer(name, json.dumps(list(args))))


def test_main_hands_the_page_one_function(page_main: types.ModuleType) -> None:
    bridge, _, _ = bridge_of()
    window = types.SimpleNamespace()
    page_main.js.window = window
    page_main.js.Object = types.SimpleNamespace(new=types.SimpleNamespace)
    page_main._expose(bridge)
    assert window.mykerinos.ready is True
    view = json.loads(window.mykerinos.call("view", "[]"))
    assert view["stamp"] == f"{view['game']}:{view['revision']}"


def test_new_game_reads_the_page_s_json() -> None:
    bridge, session, storage = bridge_of()
    view = call(bridge, "newGame", ["Ann", "Bob"], "5", {"nile": True, "seats": ["human", "easy"]})
    assert [p["name"] for p in view["players"]] == ["Ann", "Bob"] and view["nile"]
    assert session.table.seats == ["human", "easy"]
    assert session.table.state.setup.seed == 5
    assert json.loads(storage.data[VIEW_KEY]) == view  # kept for the next first paint


@pytest.mark.parametrize(
    "name, args",
    [
        ("newGame", '[{"not": "names"}, null, {}]'),
        ("newGame", '[["Ann"], 5, {}]'),  # a seed is text
        ("newGame", '[["Ann"], null, {"nile": "yes"}]'),
        ("newGame", '[["Ann"], null]'),  # one argument short
        ("newGame", "{not json"),
        ("newGame", "[" * 100_000 + "]" * 100_000),
        ("newGame", '[["' + "x" * (MAX_RECORD_BYTES + 2048) + '"], null, {}]'),
        ("click", "[3]"),
        ("playBotMove", '["pass", "1:0"]'),
        ("fly", "[]"),
        ("answer", '["view", "[]"]'),
        ("_playing", "[{}]"),
    ],
)
def test_a_call_the_declaration_does_not_allow_changes_nothing(name: str, args: str) -> None:
    bridge, session, storage = bridge_of()
    before = (session.table.state.to_dict(), dict(storage.data))
    with pytest.raises(BadCall):
        bridge.answer(name, args)
    assert (session.table.state.to_dict(), dict(storage.data)) == before


def test_the_declared_calls_are_the_bridge_s_public_methods() -> None:
    assert set(CALLS) == {
        name for name in vars(Bridge) if not name.startswith("_") and name != "answer"
    }
    assert {"view", "click", "review", "lessonStart", "openLink"} <= set(CALLS)


def test_a_bad_seed_is_refused_in_words_and_the_game_stays() -> None:
    bridge, session, _ = bridge_of("it")
    before = session.table.state.to_dict()
    view = call(bridge, "newGame", ["Ann", "Bob"], "9" * 40, {})
    assert session.table.state.to_dict() == before
    assert view["message"].startswith(
        Texts("it").t("msg.new_game_failed", reason="\0").split("\0")[0]
    )


def bot_to_move(bridge: Bridge, session: Session) -> str:
    call(bridge, "newGame", ["Ann", "Bot"], "4", {"seats": ["human", "easy"]})
    while session.table.bot_to_move() is None:
        call(bridge, "click", "action:pass")
    return session.stamp_text()


@pytest.mark.parametrize("move", [{}, {"action": "fly"}, {"action": "dig", "cells": 3}])
def test_a_computer_move_that_is_no_move_is_refused_in_words(move: dict[str, Any]) -> None:
    bridge, session, _ = bridge_of()
    stamp = bot_to_move(bridge, session)
    before = session.table.state.to_dict()
    view = call(bridge, "playBotMove", move, stamp)
    assert session.table.state.to_dict() == before
    assert view["message"].startswith(Texts("en").t("msg.bot_refused", reason="\0").split("\0")[0])


def test_a_computer_move_from_the_page_is_played() -> None:
    bridge, session, _ = bridge_of()
    stamp = bot_to_move(bridge, session)
    move = next(iter(session.table.state.legal_moves())).to_json()
    view = call(bridge, "playBotMove", move, stamp)
    assert view["message"] is None and view["revision"] == int(stamp.split(":")[1]) + 1
    # The same answer again is for a position that is gone: dropped.
    assert call(bridge, "playBotMove", move, stamp)["revision"] == view["revision"]


def test_open_link_asks_before_it_replaces_a_game() -> None:
    bridge, _, _ = bridge_of()
    call(bridge, "newGame", ["Ann", "Bob"], "4", {})
    call(bridge, "click", "action:pass")
    other = "#g=" + share.link_code(Table.new(["Cy", "Dee"], 8))
    assert call(bridge, "openLink", other, False)["status"] == "different"  # asked first
    assert call(bridge, "openLink", other, True)["view"]["players"][0]["name"] == "Cy"


def test_the_daily_deal_starts_without_json_in_between() -> None:
    """web/page/share.py hands the session Python values."""
    session = Session.open(Memory(), "en")
    view = share.start_daily(session, "Ann", datetime.date(2026, 1, 2))
    assert [p["name"] for p in view["players"]][0] == "Ann"
    assert tuple(session.table.seats) == share.DAILY_SEATS


def test_every_text_handed_to_the_page_is_ascii() -> None:
    """Accents travel as JSON escapes: Pyodide converts an ASCII string in one go
    and any other one character at a time (much garbage in WebKit)."""
    bridge, _, storage = bridge_of("fr")
    text = bridge.answer("newGame", '[["Éloïse", "Zoë"], "5", {"seats": ["human", "easy"]}]')
    assert text.isascii() and "\\u00c9lo\\u00efse" in text
    assert json.loads(text)["players"][0]["name"] == "Éloïse"
    for name in ("view", "endInfo", "shareLink", "exportRecord"):
        assert bridge.answer(name, "[]").isascii(), name
    assert storage.data[VIEW_KEY].isascii()


def test_review_and_lessons_are_not_kept_for_the_first_paint() -> None:
    """The next visit paints the game: a past position or a lesson's board is never kept."""
    bridge, _, storage = bridge_of()
    game = call(bridge, "newGame", ["Ann", "Bob"], "4", {})
    call(bridge, "click", "action:pass")
    kept = storage.data[VIEW_KEY]
    assert call(bridge, "review", "first")["review"] is not None
    assert call(bridge, "setLanguage", "fr")["review"] is not None
    assert storage.data[VIEW_KEY] == kept
    call(bridge, "review", "exit")
    assert call(bridge, "lessonStart", "goal")["lesson"] is not None
    call(bridge, "click", "action:dig")
    assert storage.data[VIEW_KEY] == kept
    assert json.loads(kept)["game"] == game["game"]
