"""The page's boundary (page/main.py): the functions handed to JavaScript read
the JSON text the page sends and give the session Python values; a malformed
value gets the same translated answer as a missing one, and nothing raises.

page/main.py runs only in the browser; here it is imported with stand-ins for
the browser's modules (it starts the page only when run as __main__).
"""

from __future__ import annotations

import importlib
import json
import sys
import types
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from game.limits import MAX_RECORD_BYTES
from page import share
from page.session import VIEW_KEY, Session
from page.table import Table
from page.texts import Texts
from tests.page.fakes import Memory

Api = dict[str, Callable[..., str]]


@pytest.fixture
def page_main(monkeypatch: pytest.MonkeyPatch) -> Iterator[types.ModuleType]:
    pyodide = types.ModuleType("pyodide")
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = lambda func: func  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "js", types.ModuleType("js"))
    monkeypatch.setitem(sys.modules, "pyodide", pyodide)
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    monkeypatch.delitem(sys.modules, "page.main", raising=False)
    yield importlib.import_module("page.main")
    sys.modules.pop("page.main", None)


def api_of(page_main: types.ModuleType, language: str = "en") -> tuple[Api, Session, Memory]:
    storage = Memory()
    session = Session.open(storage, language, fresh_seed=lambda: 9)
    return page_main._api(session, storage), session, storage


def call(api: Api, name: str, *args: Any) -> Any:
    return json.loads(api[name](*args))


def test_new_game_reads_the_page_s_json(page_main: types.ModuleType) -> None:
    api, session, storage = api_of(page_main)
    view = call(api, "newGame", '["Ann", "Bob"]', "5", '{"nile": true, "seats": ["human", "easy"]}')
    assert [p["name"] for p in view["players"]] == ["Ann", "Bob"] and view["nile"]
    assert session.table.seats == ["human", "easy"]
    assert session.table.state.setup.seed == 5
    assert json.loads(storage.data[VIEW_KEY]) == view  # kept for the next first paint


@pytest.mark.parametrize(
    "names, options",
    [
        ("{not json", "[1,"),
        ('"Ann"', '"nile"'),
        ("null", "null"),
        (None, None),
        ("[" * 100_000 + "]" * 100_000, "{" * 50_000),
        ('["' + "x" * MAX_RECORD_BYTES + '"]', "{}"),
    ],
)
def test_a_malformed_new_game_request_deals_the_default_game(
    page_main: types.ModuleType, names: Any, options: Any
) -> None:
    """As before: names the page could not send are the default names, options none."""
    api, session, _ = api_of(page_main, "fr")
    view = call(api, "newGame", names, None, options)
    assert [p["name"] for p in view["players"]] == ["Joueur 1", "Joueur 2", "Joueur 3"]
    assert not view["nile"] and view["message"] is None


def test_a_bad_seed_is_refused_in_words_and_the_game_stays(page_main: types.ModuleType) -> None:
    api, session, _ = api_of(page_main, "it")
    before = session.table.state.to_dict()
    view = call(api, "newGame", '["Ann", "Bob"]', "9" * 40, "{}")
    assert session.table.state.to_dict() == before
    assert view["message"].startswith(
        Texts("it").t("msg.new_game_failed", reason="\0").split("\0")[0]
    )


def bot_to_move(api: Api, session: Session) -> str:
    call(api, "newGame", '["Ann", "Bot"]', "4", '{"seats": ["human", "easy"]}')
    while session.table.bot_to_move() is None:
        call(api, "click", "action:pass")
    return session.stamp_text()


@pytest.mark.parametrize(
    "move", ["{not json", '"pass"', "[]", "null", '{"action": "fly"}', None, "[" * 100_000]
)
def test_a_malformed_computer_move_is_refused_in_words(
    page_main: types.ModuleType, move: Any
) -> None:
    api, session, _ = api_of(page_main)
    stamp = bot_to_move(api, session)
    before = session.table.state.to_dict()
    view = call(api, "playBotMove", move, stamp)
    assert session.table.state.to_dict() == before
    assert view["message"].startswith(Texts("en").t("msg.bot_refused", reason="\0").split("\0")[0])


def test_a_computer_move_from_the_page_is_played(page_main: types.ModuleType) -> None:
    api, session, _ = api_of(page_main)
    stamp = bot_to_move(api, session)
    move = next(iter(session.table.state.legal_moves())).to_json()
    view = call(api, "playBotMove", json.dumps(move), stamp)
    assert view["message"] is None and view["revision"] == int(stamp.split(":")[1]) + 1
    # The same answer again is for a position that is gone: dropped.
    assert call(api, "playBotMove", json.dumps(move), stamp)["revision"] == view["revision"]


def test_open_link_takes_the_page_s_confirmation_text(page_main: types.ModuleType) -> None:
    api, session, _ = api_of(page_main)
    call(api, "newGame", '["Ann", "Bob"]', "4", "{}")
    call(api, "click", "action:pass")
    other = "#g=" + share.link_code(Table.new(["Cy", "Dee"], 8))
    assert call(api, "openLink", other, "false")["status"] == "different"  # asked first
    assert call(api, "openLink", other, "true")["view"]["players"][0]["name"] == "Cy"


def test_the_daily_deal_starts_without_json_in_between() -> None:
    """page/share.py hands the session Python values."""
    import datetime

    session = Session.open(Memory(), "en")
    view = share.start_daily(session, "Ann", datetime.date(2026, 1, 2))
    assert [p["name"] for p in view["players"]][0] == "Ann"
    assert tuple(session.table.seats) == share.DAILY_SEATS


def test_every_text_handed_to_the_page_is_ascii(page_main: types.ModuleType) -> None:
    """Accents travel as JSON escapes: Pyodide converts an ASCII string in one go
    and any other one character at a time (much garbage in WebKit)."""
    api, session, storage = api_of(page_main, "fr")
    text = api["newGame"]('["Éloïse", "Zoë"]', "5", '{"seats": ["human", "easy"]}')
    assert text.isascii() and "\\u00c9lo\\u00efse" in text
    assert json.loads(text)["players"][0]["name"] == "Éloïse"
    for name in ("view", "endInfo", "shareLink"):
        assert api[name]().isascii(), name
    assert storage.data[VIEW_KEY].isascii()
