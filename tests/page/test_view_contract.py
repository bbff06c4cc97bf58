"""One view contract (docs/VIEW.md): the page draws and decides from the view
Python builds, and its JavaScript keeps no copy of Python's knowledge.

Two halves: the view carries what the page needs (move keys, the grid and the
cards each cell lies on, room places on the ring, the bots' budget, the seat
kinds, the languages), and the front end's code holds none of the copies it
used to (a test that fails when one comes back)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from game import Move
from game.cards import GREENWISH, PATRONS
from game.legality import kind as kind_key
from game.museum import ROOMS
from game.region import CELL_INDEX
from page.shared import BY_TURNS, FRIEND
from page.table import BOT_LEVELS, HUMAN, Table
from page.texts import LANGUAGE_NAMES, LANGUAGES
from page.view import move_marks
from tests.sources import JS, LANG, PAGE, hand_written_js

ROOT = Path(__file__).resolve().parents[2]
FRONT_END = hand_written_js()


def code_of(path: Path) -> str:
    """A JS file without its comments (they may name what the code must not hold)."""
    text = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
    return re.sub(r"(?m)^\s*//.*$|\s//\s.*$", "", text)


# What the JavaScript must not hold again, and where it lives instead.
FORBIDDEN = {
    "move keys built from moves (view: actions[].key, hints and last_move carry them)": r"\bmoveKey\b|\.action\s*===|[\"'`]boat:(use|keep)|[\"'`]neutral:|startsWith\(\"boat:",
    "the Nile's columns (view: cells[].nile and .card, nile[].col and .cols)": r"\bcol\s*===\s*[34]\b|\bcellXY\(\s*[34]\b|[\"'`]abcdefgh",
    "the grammar of room ids (view: museum[].slot, .part, .wing)": r"room-W|[\"'`]W\$\{|\^room|\bWINGS\s*=|%\s*5\b|\*\s*72\b",
    "the grammar of cell ids (view: cells[].col and .row)": r"\^\(cell|\bCOLUMNS\b",
    "the bots' time budget and levels (web/page/table.py, used by web/page/thinking.py)": r"\b1500\b|BOT_BUDGET|\bhard\s*:\s*[\d.]|budget\s*[=:]\s*[\d.]",
    "the list of languages (web/front/lang/index.json)": r"\[\s*\"en\"\s*,\s*\"fr\"|Français|Italiano|\bLANGUAGES\s*=",
    "the seat kinds and player counts (view: new_game)": r"[\"'`](easy|medium|hard)[\"'`]|\[\s*2\s*,\s*3\s*,\s*4\s*\]|maxlength:\s*\d",
    "patrons, boats and their marks (view: hand, abbr, boats[].mark)": r"[\"'`](violet|lemon|brown|blackmore|tangerine|greenwish)[\"'`]|[\"'`]boat-(2|3|cubes|tie)"
    r"|PATRON_ORDER|PATRON_LOOK|BOAT_MARKS|[\"'`](Vi|Le|Gw)[\"'`]",
    "rules about seasons and phases (view: last_season, placing)": r"season\s*===\s*\d|phase\s*===",
}


@pytest.mark.parametrize("what", sorted(FORBIDDEN))
def test_the_front_end_keeps_no_copy_of_python_knowledge(what: str) -> None:
    pattern = re.compile(FORBIDDEN[what])
    found = [
        f"{p.relative_to(ROOT)}: {m.group(0)!r}"
        for p in FRONT_END
        for m in pattern.finditer(code_of(p))
    ]
    assert found == [], f"{what} is back in the JavaScript"


def test_the_guard_sees_what_it_forbids() -> None:
    """The patterns do catch the copies the front end used to hold."""
    old = {
        "move keys built from moves (view: actions[].key, hints and last_move carry them)": 'if (move.action === "boat") return move.use ? "boat:use" : "boat:keep";',
        "the Nile's columns (view: cells[].nile and .card, nile[].col and .cols)": "const onNile = (cell) => (cell.col === 3 || cell.col === 4);",
        "the grammar of room ids (view: museum[].slot, .part, .wing)": r"const m = /^room-W(\d)(\d?)-(\d)$/.exec(el.id);",
        "the bots' time budget and levels (web/page/table.py, used by web/page/thinking.py)": "const BOT_BUDGET = { hard: 1.5, medium: null, easy: null };",
        "the list of languages (web/front/lang/index.json)": 'export const LANGUAGES = ["en", "fr", "it"];',
        "the seat kinds and player counts (view: new_game)": 'const SEATS = ["human", "easy", "medium", "hard"];',
        "patrons, boats and their marks (view: hand, abbr, boats[].mark)": 'const BOAT_MARKS = { "boat-2": "2" };',
        "rules about seasons and phases (view: last_season, placing)": 'view.season === 4 ? "nile.no_boat_last" : "nile.no_boat"',
    }
    assert set(old) <= set(FORBIDDEN)
    for what, line in old.items():
        assert re.search(FORBIDDEN[what], line), what


def nile_table() -> Table:
    return Table.new(["Ann", "Bob", "Cy"], 7, nile=True, seats=["human", "easy", "hard"])


def test_every_button_and_mark_carries_its_key() -> None:
    table = nile_table()
    view = table.view()
    keys = {kind_key(m) for m in table.legal()}
    assert {a["key"] for a in view["actions"]} == keys
    assert all(a["id"] == f"action:{a['key']}" for a in view["actions"])
    # A move's marks: its button, cells, and a Greenwish token among cells or rooms.
    token_room = Move("dig", ("a1",), "greenwish", token="W1-5")
    assert move_marks(token_room) == {
        "key": "dig:greenwish",
        "cells": ["a1"],
        "rooms": ["W1-5"],
        "cards": [],
    }
    token_cell = Move("extend", ("a1", "a2"), "greenwish", token="c4")
    assert move_marks(token_cell)["cells"] == ["a1", "a2", "c4"]
    assert move_marks(Move("boat", use=True))["key"] == "boat:use"
    hint = table.hint({"action": "claim", "card": "nile-6"})
    assert hint["cards"] == ["nile-6"] and hint["text"].startswith("Suggested")
    # The last recorded move, as the page outlines a computer's move.
    assert view["last_move"] is None
    table.click("action:pass")
    last = table.view()["last_move"]
    assert last == {"player": 0, "key": "pass", "cells": [], "rooms": [], "cards": []}


def test_the_grid_says_where_every_cell_and_card_lies() -> None:
    view = nile_table().view()
    reg = view["region"]
    assert reg["columns"] == list("abcdefgh")
    assert len(reg["rows"]) % reg["card_rows"] == 0
    cards = {p["id"]: p for p in reg["parcels"]} | {n["id"]: n for n in reg["nile"]}
    for cell in reg["cells"]:
        assert cell["name"] == reg["columns"][cell["col"]] + reg["rows"][cell["row"]]
        assert CELL_INDEX[cell["name"]] == cell["row"] * len(reg["columns"]) + cell["col"]
        card = cards[cell["card"]]
        width = card.get("cols", reg["card_cols"])
        assert card["col"] <= cell["col"] < card["col"] + width
        assert card["row"] <= cell["row"] < card["row"] + reg["card_rows"]
        assert cell["nile"] == (cell["card"] in {n["id"] for n in reg["nile"]})
    on_nile = {c["col"] for c in reg["cells"] if c["nile"]}
    assert on_nile == {reg["nile"][0]["col"], reg["nile"][0]["col"] + 1}
    assert len(reg["areas"]) == len(reg["rows"]) // reg["card_rows"] * 2
    assert all(n["abbr"] == "Gw" and n["patron"] == "greenwish" for n in reg["nile"])


def test_rooms_say_their_place_on_the_ring() -> None:
    view = nile_table().view()
    rooms = view["museum"]
    assert [r["id"] for r in rooms] == list(ROOMS)
    slots = {r["slot"] for r in rooms}
    assert slots == set(range(2 * len(view["wings"])))
    for wing in view["wings"]:
        mine = sorted((r["part"], r["value"]) for r in rooms if r["wing"] == wing["wing"])
        assert mine == [("inner", 3), ("outer", 5)]
        assert all(r["patron"] == wing["patron"] for r in rooms if r["wing"] == wing["wing"])
    for room in rooms:
        if room["part"] == "whole":
            assert room["value"] == 2 and room["wing"] is None and room["slot"] % 2 == 1
        else:
            assert room["slot"] == 2 * (room["wing"] - 1)


def test_bots_budget_and_seat_kinds_come_from_one_place() -> None:
    table = nile_table()
    assert table.view()["new_game"]["seats"] == [HUMAN, FRIEND, BY_TURNS, *BOT_LEVELS]
    # The thinking takes its levels and budgets from the table's, and has none of its own.
    thinking = (PAGE / "thinking.py").read_text()
    assert "1.5" not in thinking and "BUDGET =" not in thinking
    assert all(f'"{level}"' not in thinking for level in BOT_LEVELS)


def test_languages_are_listed_once() -> None:
    index = json.loads((LANG / "index.json").read_text(encoding="utf-8"))
    assert index == LANGUAGE_NAMES and LANGUAGES == tuple(index)
    catalogues = {p.stem for p in LANG.glob("*.json")} - {"index"}
    assert catalogues == set(index)
    assert "lang/index.json" in (JS / "i18n.js").read_text()


def test_hands_are_grouped_in_patron_order() -> None:
    table = Table.new(["Ann", "Bob", "Cy"], 12, nile=True)
    rng = random.Random(12)
    while not table.state.over:
        table.play(rng.choice(table.legal()))
    order = [*PATRONS, GREENWISH, None]
    groups = 0
    for player, held in zip(table.view()["players"], table.state.cards):
        flat = [c for g in player["hand"] for c in g["cards"]]
        assert flat and sorted(c["id"] for c in flat) == sorted(held)
        patrons = [g["patron"] for g in player["hand"]]
        assert patrons == sorted(patrons, key=order.index)
        assert all(c["patron"] == g["patron"] for g in player["hand"] for c in g["cards"])
        groups += len(patrons)
    assert groups > 3
