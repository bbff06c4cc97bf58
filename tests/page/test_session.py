"""The page's session (web/page/session.py): start-up, autosave, a corrupt save, new
games, imports and computer moves, with a dictionary for localStorage."""

from __future__ import annotations

import json

from game import replay
from page.session import CURRENT_KEY, SLOT, Session, parse_seed
from page.table import Table
from tests.page.fakes import Memory

ID = "a1b2c3"
SAVE_KEY = SLOT + ID
CORRUPT_KEY = "corrupt:" + ID


def first_cell(view: dict) -> str:
    return next(c["name"] for c in view["region"]["cells"] if c["hl"])


def test_first_visit_deals_a_game_behind_the_dialog_and_saves_once_played() -> None:
    storage = Memory()
    session = Session.open(storage, "fr", fresh_seed=lambda: 5)
    start = session.startup()
    assert start["newGame"] and start["notice"] is None
    assert [p["name"] for p in start["view"]["players"]] == ["Joueur 1", "Joueur 2", "Joueur 3"]
    assert not storage.data  # nothing happened yet
    session.click("action:dig")
    session.click(f"cell:{first_cell(session.view())}")
    view = session.view()
    saved = json.loads(storage.data[SLOT + storage.data[CURRENT_KEY]])
    assert len(saved["moves"]) == 1 and view["revision"] == 1
    # The next visit resumes it, with no dialog.
    again = Session.open(storage, "en")
    assert not again.startup()["newGame"]
    assert again.table.state.to_dict() == session.table.state.to_dict()


def test_a_corrupt_save_is_kept_aside_and_said() -> None:
    storage = Memory({CURRENT_KEY: ID, SAVE_KEY: '{"setup": {"players": ["A"]}, "moves": []}'})
    session = Session.open(storage, "en", fresh_seed=lambda: 3)
    start = session.startup()
    assert start["newGame"]
    assert CORRUPT_KEY in start["notice"] and "could not be resumed" in start["notice"]
    assert storage.data[CORRUPT_KEY].startswith('{"setup"') and SAVE_KEY not in storage.data
    # In every language (the placeholder named "key" once broke the lookup).
    for code in ("fr", "it"):
        other = Session.open(Memory({CURRENT_KEY: ID, SAVE_KEY: "{not json"}), code)
        assert CORRUPT_KEY in (other.notice or "")


def test_startup_follows_the_page_language() -> None:
    session = Session.open(Memory(), "en")
    view = session.startup("it")["view"]
    assert (
        session.language == "it" and view["prompt"] != Session.open(Memory(), "en").view()["prompt"]
    )


def test_new_game_import_and_stale_bot_answers() -> None:
    storage = Memory()
    session = Session.open(storage, "en")
    game = session.view()["game"]
    view = session.start_game(
        ["Ann", " ", "Bot"], "42", {"nile": True, "seats": ["human", "human", "easy"]}
    )
    assert view["game"] == game + 1 and view["nile"]
    assert [p["name"] for p in view["players"]] == ["Ann", "Player 2", "Bot"]
    assert json.loads(storage.data[SLOT + session.game_id])["seats"] == ["human", "human", "easy"]
    # A computer's answer for a position that is gone is dropped.
    stamp = session.stamp_text()
    while session.table.bot_to_move() is None:
        session.click("action:pass")
    before = session.table.state.to_dict()
    session.play_bot_move({"action": "pass"}, stamp)
    assert session.table.state.to_dict() == before
    # A bad record changes nothing; a good one replaces the game.
    bad = session.import_record("{not json")
    assert not bad["ok"] and "not valid JSON" in bad["error"]
    other = Table.new(["X", "Y"], 3).record_text()
    good = session.import_record(other)
    assert good["ok"] and good["view"]["game"] == game + 2
    assert replay(json.loads(storage.data[SLOT + storage.data[CURRENT_KEY]])).setup.players == (
        "X",
        "Y",
    )


def test_a_failed_click_is_reported_and_the_page_goes_on() -> None:
    logged: list[tuple[str, str]] = []
    session = Session.open(Memory(), "en", log=lambda level, text: logged.append((level, text)))

    def broken(target: str) -> None:
        raise RuntimeError("bug")

    session.table.click = broken  # type: ignore[method-assign]
    session.click("action:dig")
    view = session.view()
    assert view["message"] and logged and logged[0][0] == "error"


def test_storage_that_refuses_writes_still_plays() -> None:
    session = Session.open(Memory(broken=True), "en")
    session.click("action:dig")
    session.click(f"cell:{first_cell(session.view())}")
    view = session.view()
    assert view["revision"] == 1 and session.saved != session.stamp()


def test_seeds_from_the_page() -> None:
    assert parse_seed(7) == 7 and parse_seed("12") == 12 and parse_seed(3.0) == 3
    assert parse_seed("pyramid") == parse_seed(" pyramid ") != parse_seed("pyramids")
    assert parse_seed(None, lambda: 99) == 99 and parse_seed("", lambda: 98) == 98
    assert parse_seed(True, lambda: 97) == 97 and parse_seed(2.5, lambda: 96) == 96
