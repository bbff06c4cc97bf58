"""Saves on one device (web/page/session.py): several tabs on one game never lose a
move, a device that refuses to save is said, a save from a newer version is
left untouched, a broken save is set aside before anything is removed, and
hostile saves and imports are refused with the game left as it was."""

from __future__ import annotations

import json
import re

import pytest

from game import replay
from page.session import CURRENT_KEY, SLOT, NoPrefix, Session, adopt_legacy_save, site_prefix
from page.table import Table
from tests.page.fakes import Memory
from tests.sources import JS, PAGE, hand_written_js

from .test_session import first_cell


def play_one(session: Session) -> dict:
    """One whole dig (the action, then the first highlighted cell)."""
    session.click("action:dig")
    session.click(f"cell:{first_cell(session.view())}")
    return session.view()


def stored(storage: Memory, session: Session) -> dict:
    return json.loads(storage.data[SLOT + session.game_id])


def started(storage: Memory) -> Session:
    session = Session.open(storage, "en", fresh_seed=lambda: 11)
    session.start_game(["Ann", "Bob", "Cy"], 11)
    return session


def test_two_tabs_taking_turns_keep_every_move() -> None:
    storage = Memory()
    a = started(storage)
    b = Session.open(storage, "en")  # the second tab opens the same game
    assert b.game_id == a.game_id
    for turn in range(8):
        mover, other = (a, b) if turn % 2 == 0 else (b, a)
        play_one(mover)
        other.sync()  # the other tab hears that the game moved on, and follows
        assert not other.elsewhere
        assert other.table.record() == mover.table.record()
    record = stored(storage, a)
    assert len(record["moves"]) == 8
    assert replay(record).to_dict() == a.table.state.to_dict()
    # Both tabs reloaded: the same eight moves.
    assert Session.open(storage, "en").table.record()["moves"] == record["moves"]


def test_a_tab_that_did_not_hear_never_overwrites_a_longer_game() -> None:
    storage = Memory()
    a = started(storage)
    b = Session.open(storage, "en")
    play_one(a)
    longer = storage.data[SLOT + a.game_id]
    # b plays its own move without having heard (as if the message were late).
    b.table.click("action:pass")
    b._save_if_changed()
    assert b.elsewhere and storage.data[SLOT + a.game_id] == longer
    b.click("action:dig")
    view = b.view()
    assert view["save"]["elsewhere"] and view["message"] == "This game continued in another tab."
    # "Continue here": b's game becomes a game of its own; a's is untouched.
    mine = b.table.record()
    b.continue_here()
    view = b.view()
    assert not view["save"]["elsewhere"] and b.game_id != a.game_id
    assert stored(storage, b)["moves"] == mine["moves"]
    assert storage.data[SLOT + a.game_id] == longer and storage.data[CURRENT_KEY] == b.game_id


def test_an_undo_elsewhere_makes_a_longer_tab_read_only_until_it_follows() -> None:
    storage = Memory()
    a = started(storage)
    play_one(a)
    play_one(a)
    b = Session.open(storage, "en")
    a.click("undo")
    assert len(stored(storage, a)["moves"]) == 1
    b.sync()
    view = b.view()
    assert view["save"]["elsewhere"] and len(b.table.record()["moves"]) == 2
    b.click("action:pass")  # refused while read-only: nothing written
    assert len(stored(storage, a)["moves"]) == 1
    b.follow()
    view = b.view()
    assert not view["save"]["elsewhere"] and b.table.record() == a.table.record()


def test_a_computer_answer_for_a_position_another_tab_moved_on_is_dropped() -> None:
    storage = Memory()
    a = started(storage)
    b = Session.open(storage, "en")
    stamp = b.stamp_text()
    play_one(a)
    b.play_bot_move({"action": "pass"}, stamp)
    view = b.view()
    assert view["revision"] == b.table.revision and b.table.record() == a.table.record()


def test_a_device_that_refuses_to_save_says_so() -> None:
    session = Session.open(Memory(broken=True), "fr")
    assert session.view()["save"]["trouble"] is None
    view = play_one(session)
    assert view["revision"] == 1 and "Exportez-la" in view["save"]["trouble"]


def test_a_save_from_a_newer_version_is_left_untouched() -> None:
    record = json.loads(Table.new(["A", "B"], 3).record_text())
    record["format"] = "mykerinos/2"
    text = json.dumps(record)
    storage = Memory({CURRENT_KEY: "old1", SLOT + "old1": text})
    session = Session.open(storage, "it")
    assert session.new_game and "versione più recente" in (session.notice or "")
    play_one(session)
    assert storage.data[SLOT + "old1"] == text and "corrupt:old1" not in storage.data


class NoCopies(Memory):
    """Storage that refuses to keep a copy of a broken save (full, say)."""

    def set(self, key: str, value: str) -> bool:
        return False if key.startswith("corrupt:") else super().set(key, value)


def test_a_broken_save_is_removed_only_once_its_copy_reads_back() -> None:
    storage = NoCopies({CURRENT_KEY: "x1", SLOT + "x1": "{broken"})
    session = Session.open(storage, "en")
    assert storage.data[SLOT + "x1"] == "{broken" and "game:x1" in (session.notice or "")
    kept = Memory({CURRENT_KEY: "x1", SLOT + "x1": "{broken"})
    Session.open(kept, "en")
    assert kept.data["corrupt:x1"] == "{broken" and SLOT + "x1" not in kept.data


def hostile_records() -> dict[str, str]:
    good = json.loads(Table.new(["Ann", "Bob"], 5).record_text())
    long_name = json.loads(json.dumps(good))
    long_name["setup"]["players"][0] = "N" * 1_000_000
    deck = json.loads(json.dumps(good))
    deck["setup"]["deck"] = ["violet-0a"] * 20_000
    return {
        "name": json.dumps(long_name),
        "deck": json.dumps(deck),
        "nesting": "[" * 100_000 + "]" * 100_000,
        "seed": '{"setup": {"players": ["A", "B"], "seed": ' + "9" * 5000 + "}}",
        "nan": '{"setup": {"players": ["A", "B"], "seed": NaN}}',
        "huge": '{"setup": {"players": ["A", "B"]}, "pad": "' + "x" * 1_100_000 + '"}',
        "control": json.dumps({"setup": {"players": ["A\nB", "C"]}}),
    }


def test_hostile_imports_are_refused_and_the_game_stays() -> None:
    storage = Memory()
    session = started(storage)
    play_one(session)
    before = session.table.record()
    saved = dict(storage.data)
    for what, text in hostile_records().items():
        answer = session.import_record(text)
        assert not answer["ok"] and answer["error"].startswith(
            "This file is not a Mykerinos game"
        ), what
        assert len(answer["error"]) < 300, what
        assert session.table.record() == before and storage.data == saved, what


def test_hostile_saves_are_set_aside_and_a_new_game_offered() -> None:
    for what, text in hostile_records().items():
        storage = Memory({CURRENT_KEY: "h1", SLOT + "h1": text})
        session = Session.open(storage, "en")
        assert session.new_game and "could not be resumed" in (session.notice or ""), what
        assert len(session.notice or "") < 400, what
        assert storage.data["corrupt:h1"] == text and SLOT + "h1" not in storage.data, what
        assert play_one(session)["revision"] == 1


def test_a_save_of_an_earlier_release_comes_back() -> None:
    """The one save earlier releases kept (outside any prefix) is resumed."""
    old = started(Memory())
    play_one(old)
    legacy = old.export_record()
    storage = Memory()
    assert adopt_legacy_save(storage, legacy)
    resumed = Session.open(storage, "en")
    assert not resumed.new_game
    assert resumed.export_record() == legacy
    # Only once: a site that already has a current game keeps it.
    assert not adopt_legacy_save(storage, legacy)
    assert storage.data[CURRENT_KEY] == resumed.game_id


def test_an_unreadable_legacy_save_is_set_aside_not_lost() -> None:
    storage = Memory()
    assert adopt_legacy_save(storage, "{not json")
    session = Session.open(storage, "en")
    assert session.new_game and session.notice
    assert "{not json" in storage.data.values()


def test_the_prefix_is_the_one_the_page_computed_or_nothing() -> None:
    assert site_prefix("mykerinos:/mykerinos/:") == "mykerinos:/mykerinos/:"
    assert site_prefix("mykerinos:/:") == "mykerinos:/:"
    # web/front/js/saves.js did not run: a clear failure, never a prefix of our own.
    for missing in (None, "", 3, "/mykerinos/", "mykerinos:/a/", "mykerinos.lang"):
        with pytest.raises(NoPrefix, match="web/front/js/saves.js"):
            site_prefix(missing)


def test_one_module_writes_the_page_s_keys_and_computes_their_prefix() -> None:
    """Every key the page writes goes through web/front/js/saves.js (under its
    prefix), Python's writes too (its worker has no localStorage: the page
    makes them, web/front/js/engine.js through saves.js); web/page/main.py
    takes the prefix from the page and computes none."""
    writers = sorted(
        str(path.relative_to(JS))
        for path in hand_written_js()
        if re.search(r"localStorage\s*(\.setItem|\[|\.\w+\s*=)", path.read_text())
    )
    assert writers == ["saves.js"]
    saves = (JS / "saves.js").read_text()
    assert saves.count("localStorage.setItem(prefix + key") == 1
    assert "export function writeAll(" in saves and "key.startsWith(prefix)" in saves
    assert "writeAll(" in (JS / "engine.js").read_text()
    main = (PAGE / "main.py").read_text() + (PAGE / "engine.py").read_text()
    assert "pathname" not in main and "js.localStorage" not in main  # no second prefix
    assert "site_prefix(settings" in main
