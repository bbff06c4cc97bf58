"""The page's boundary (web/page/bridge.py, served by web/page/main.py): every call
arrives as JSON text, is checked against its declaration, goes to the mode on
screen, and answers JSON text in ASCII; the game's views are kept for the next
visit's first paint. A call the declaration does not allow is refused and
changes nothing; a value the declaration allows but the game cannot use gets
the translated answer.

web/page/main.py serves the calls in Python's worker through web/page/engine.py,
used here as the worker uses it.
"""

from __future__ import annotations

import datetime
import json
from typing import Any

import pytest

from game.limits import MAX_RECORD_BYTES
from page import share
from page.bridge import CALLS, BadCall, Bridge
from page.engine import Engine
from page.session import VIEW_KEY, Session
from page.table import Table
from page.texts import Texts
from tests.page.fakes import Memory


def bridge_of(language: str = "en") -> tuple[Bridge, Session, Memory]:
    storage = Memory()
    session = Session.open(storage, language, fresh_seed=lambda: 9)
    return Bridge(session, storage), session, storage


def call(bridge: Bridge, name: str, *args: Any) -> Any:
    """A call as the page makes it: its arguments as one JSON array."""
    return json.loads(bridge.answer(name, json.dumps(list(args))))


PREFIX = "mykerinos:/:"


def engine_of(entries: dict[str, str] | None = None, refuses: bool = False) -> Engine:
    settings = {"prefix": PREFIX, "entries": entries or {}, "legacy": None, "refuses": refuses}
    return Engine(json.dumps(settings | {"language": "en"}))


def served(engine: Engine, name: str, *args: Any) -> tuple[dict[str, Any], str]:
    """A call as the page sends it to the worker: its head line and its answer."""
    head, _, answer = engine.call(name, json.dumps(list(args))).partition("\n")
    return json.loads(head), answer


def test_the_worker_answers_each_call_with_the_writes_to_make_before_it() -> None:
    engine = engine_of()
    head, answer = served(engine, "newGame", ["Ann", "Bob"], "5", {})
    view = json.loads(answer)
    writes = dict(head["w"])
    game = f"{PREFIX}game:{view['save']['id']}"
    assert json.loads(writes[game])["setup"]["players"] == ["Ann", "Bob"]
    assert writes[f"{PREFIX}current"] == view["save"]["id"]
    # The view kept for the next first paint is the answer itself, sent once.
    assert writes[f"{PREFIX}{VIEW_KEY}"] is True
    assert "error" not in head and "e" not in head
    # Nothing written: nothing to make.
    head, _ = served(engine, "exportRecord")
    assert head == {"w": []}


def test_the_worker_opens_the_game_the_page_s_copy_of_its_saves_holds() -> None:
    first = engine_of()
    head, answer = served(first, "newGame", ["Ann", "Bob"], "5", {})
    saves = {key: (answer if value is True else value) for key, value in head["w"]}
    again = engine_of(saves)
    assert json.loads(served(again, "view")[1])["save"]["id"] == json.loads(answer)["save"]["id"]


def test_a_call_the_declaration_refuses_answers_its_error_and_no_writes() -> None:
    engine = engine_of()
    head, answer = served(engine, "fly")
    assert head == {"w": [], "e": ["BadCall", "no such call: 'fly'"]} and answer == ""
    head, _ = served(engine, "click", 3)
    assert head["e"][0] == "BadCall"


def test_another_tab_s_write_reaches_python_s_copy() -> None:
    engine = engine_of()
    _, answer = served(engine, "newGame", ["Ann", "Bob"], "5", {})
    slot = f"game:{json.loads(answer)['save']['id']}"
    engine.stored(json.dumps([PREFIX + slot, "changed"]))
    assert engine.storage.get(slot) == "changed"
    engine.stored(json.dumps([PREFIX + slot, None]))
    assert engine.storage.get(slot) is None
    engine.stored(json.dumps(["mykerinos:/other/:game:1", "theirs"]))  # another copy of the site
    assert "game:1" not in engine.storage.data


def test_a_device_that_refuses_to_save_is_said_once() -> None:
    engine = engine_of(refuses=True)
    head, answer = served(engine, "newGame", ["Ann", "Bob"], "5", {})
    assert head["w"] == []
    assert json.loads(answer)["save"]["trouble"]
    # Refused later (the storage filled up): the next save says so.
    engine = engine_of()
    served(engine, "newGame", ["Ann", "Bob"], "5", {})
    engine.storage.refused()
    head, answer = served(engine, "newGame", ["Cy", "Di"], "6", {})
    assert head["w"] == [] and json.loads(answer)["save"]["trouble"]


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
