"""The view is typed once (web/page/view_types.py) and the three places that speak
of it agree: the JSDoc the page is checked against is generated from the
Python types, docs/VIEW.md names every field, every view Python builds has
exactly the typed fields, and the page reads every field it is sent."""

from __future__ import annotations

import functools
import random
import re
import types
import typing
from pathlib import Path
from typing import Any, Literal, Union

import pytest

from game import Move
from game.legality import kind
from page import view_types
from page.bridge import Bridge
from page.course import Course
from page.lesson import load_course
from page.session import Session
from page.table import Table
from tests.sources import GENERATED, PAGE
from tools.page_types import LIVE_CALLS_JS, jsdoc, outputs

from .fakes import Memory
from .test_view_contract import FRONT_END, code_of

ROOT = Path(__file__).resolve().parents[2]
VIEW_MD = (ROOT / "docs" / "VIEW.md").read_text(encoding="utf-8")
# docs/VIEW.md from "## Fields" to the next top section: what each field is.
FIELD_DOCS = VIEW_MD.split("## Fields", 1)[1].split("\n## ", 1)[0]
# The sentence of its Review section that lists review targets (not fields).
REVIEW_TARGETS = re.search(r"shows a past position: (.*?)\. Position", FIELD_DOCS, re.S)
TYPES = {
    name: cls
    for name, cls in vars(view_types).items()
    if isinstance(cls, type) and typing.is_typeddict(cls)
}
# Fields the page itself does not read, and who does.
READ_ELSEWHERE = {
    "phase": "the engine's phase id (the page shows phase_name), for tests and tools that drive the page",
}


@functools.cache
def fields(cls: type) -> dict[str, Any]:
    """A TypedDict's fields and their types (read once: the shape checker asks
    for them at every dictionary of every view, and reading them took most of
    its time)."""
    return typing.get_type_hints(cls)


def test_the_generated_modules_are_what_page_gives() -> None:
    """web/front/js/generated/: the view's types, the bridge and the shared strings;
    web/front/js/live/calls.js: live play's calls."""
    made = outputs()
    generated = sorted(p.name for p in made if p.parent == GENERATED)
    assert generated == sorted(p.name for p in GENERATED.glob("*.js"))
    assert LIVE_CALLS_JS in made
    for path, text in made.items():
        assert path.read_text(encoding="utf-8") == text, (
            f"{path.relative_to(GENERATED.parent.parent.parent)} is stale: run python tools/page_types.py"
        )


def test_the_generator_writes_every_type_and_field() -> None:
    js = jsdoc((PAGE / "view_types.py").read_text(encoding="utf-8"))
    for name, cls in TYPES.items():
        block = re.search(rf"@typedef {{object}} {name}\n(.*?)\*/", js, re.S)
        assert block, name
        assert re.findall(r"@property \{[^}]*\} (\w+)", block.group(1)) == list(fields(cls))
    assert '@typedef {number | "neutral"} Side' in js
    assert "@property {(Side | null)[]} scale" in js
    assert "@property {LessonView | null} lesson  the lesson shown" in js
    assert "@property {Save | null} save  this game's save" in js
    wrapped = jsdoc(
        "class Box(TypedDict):\n    save: (\n        Save | None\n    )  # kept when wrapped\n"
    )
    assert "@property {Save | null} save  kept when wrapped" in wrapped


def test_docs_name_every_field() -> None:
    named = {
        word for code in re.findall(r"`([^`]*)`", VIEW_MD) for word in re.findall(r"\w+", code)
    }
    missing = sorted(
        f"{name}.{f}" for name, cls in TYPES.items() for f in fields(cls) if f not in named
    )
    assert missing == []


def test_the_docs_field_table_is_the_view() -> None:
    table = FIELD_DOCS.split("\n### ", 1)[0]
    rows = re.findall(r"^\| (`.*?) \|", table, re.M)
    listed = {name for row in rows for name in re.findall(r"`(\w+)(?:\[\])?`", row)}
    assert listed == set(fields(view_types.View))


def test_the_page_reads_every_field_it_is_sent() -> None:
    page = "\n".join(code_of(p) for p in FRONT_END if p.name != "view.js")
    unread = [
        f"{name}.{f}"
        for name, cls in TYPES.items()
        for f in fields(cls)
        if f not in READ_ELSEWHERE
        and not re.search(rf"\.{f}\b|\[\"{f}\"\]|[{{,]\s*{f}\s*[,}}:=]", page)
    ]
    assert unread == []


def problems(value: Any, kind: Any, where: str = "view") -> list[str]:
    """Where ``value`` is not of the type ``kind`` (a TypedDict's keys must be exactly its fields)."""
    if kind is Any:
        return []
    if isinstance(kind, type) and typing.is_typeddict(kind):
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, not {kind.__name__}"]
        hints = fields(kind)
        out = [f"{where}.{k}: not in {kind.__name__}" for k in value.keys() - hints.keys()]
        out += [f"{where}.{k}: missing" for k in hints.keys() - value.keys()]
        for key in hints.keys() & value.keys():
            out += problems(value[key], hints[key], f"{where}.{key}")
        return out
    origin = typing.get_origin(kind)
    if origin in (Union, types.UnionType):
        options = [problems(value, option, where) for option in typing.get_args(kind)]
        return [] if any(not found for found in options) else min(options, key=len)
    if origin is Literal:
        return [] if value in typing.get_args(kind) else [f"{where}: {value!r} not in {kind}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: not a list"]
        (item,) = typing.get_args(kind)
        return [p for i, v in enumerate(value) for p in problems(v, item, f"{where}[{i}]")]
    if kind is type(None):
        return [] if value is None else [f"{where}: {value!r} is not null"]
    if kind is int and isinstance(value, bool):
        return [f"{where}: a boolean, not a number"]
    if kind is float and isinstance(value, int):
        return []
    return [] if isinstance(value, kind) else [f"{where}: {value!r} is not {kind.__name__}"]


def test_the_shape_checker_sees_a_wrong_view() -> None:
    view = Session.open(Memory(), "en", fresh_seed=lambda: 5).view()
    assert problems(view, view_types.View) == []
    wrong = {**view, "extra": 1, "season": "2"}
    del wrong["log"]
    found = problems(wrong, view_types.View)
    assert sorted(found) == [
        "view.extra: not in View",
        "view.log: missing",
        "view.season: '2' is not int",
    ]
    bad_cell = {
        **view,
        "region": {**view["region"], "cells": [{**view["region"]["cells"][0], "owner": "x"}]},
    }
    assert problems(bad_cell, view_types.View)


def views_of_a_game(players: int, seed: int, nile: bool) -> list[dict[str, Any]]:
    """Views along a whole game: at each decision, a move being built, then the move played."""
    storage = Memory()
    session = Session.open(storage, "en", fresh_seed=lambda: 5)
    session.start_game([f"P{i}" for i in range(players)], seed, {"nile": nile})
    table = session.table
    screen = Bridge(session, storage)
    rng = random.Random(seed)
    out: list[dict[str, Any]] = [dict(session.view())]
    while not table.state.over:
        move: Move = rng.choice(table.legal())
        if session.view()["actions"] and move.cells:
            session.click(f"action:{kind(move)}")
            out.append(dict(session.view()))
            session.click("cancel")
        table.play(move)
        out.append(dict(session.view()))
    for target in ("open", "first", "forward", "season:2", "survey:1", "last"):
        out.append(dict(screen.review(target)))
    return out


@pytest.mark.parametrize("players,seed,nile", [(2, 3, True), (3, 8, False), (4, 5, True)])
def test_every_view_has_exactly_the_typed_fields(players: int, seed: int, nile: bool) -> None:
    found = [
        p for view in views_of_a_game(players, seed, nile) for p in problems(view, view_types.View)
    ]
    assert found[:5] == []


def test_lesson_views_have_exactly_the_typed_fields() -> None:
    storage = Memory()
    session = Session.open(storage, "en", fresh_seed=lambda: 5)
    course = Course(session, storage, load_course())
    for lesson in course.lessons:
        course.start(lesson.id)
        view = course.view()
        assert problems(view, view_types.View) == [], lesson.id
        assert view["lesson"] is not None


def test_a_table_view_is_a_whole_view() -> None:
    view = Table.new(["Ann", "Bob"], 4, nile=True).view()
    assert problems(view, view_types.View) == []


def test_the_docs_name_no_field_the_view_lacks() -> None:
    """The other way round from test_docs_name_every_field: each name in code
    in the field sections is a field of some view type (file names, quoted
    values, JSON literals and <placeholders> aside), so a field dropped from
    the types cannot stay in the docs."""
    assert REVIEW_TARGETS
    text = FIELD_DOCS.replace(REVIEW_TARGETS.group(1), "")
    codes = [c for c in re.findall(r"`([^`]*)`", text) if "/" not in c]  # files aside
    bare = [re.sub(r'<\w+>|"[^"]*"|\b(?:null|true|false)\b', "", c) for c in codes]
    named = {w for c in bare for w in re.findall(r"[a-z_]+", c)}
    typed = {f for cls in TYPES.values() for f in fields(cls)}
    assert sorted(named - typed) == []


def test_the_review_targets_the_docs_list_lead_somewhere() -> None:
    assert REVIEW_TARGETS
    sentence = re.sub(r"\([^)]*\)", "", REVIEW_TARGETS.group(1))  # asides name no target
    listed = re.findall(r"`(\w+)(?::<\w+>)?`", sentence)
    assert len(listed) >= 9
    storage = Memory()
    session = Session.open(storage, "en", fresh_seed=lambda: 5)
    session.start_game(["Ann", "Bob", "Cleo"], 8, {"nile": False})
    table = session.table
    screen = Bridge(session, storage)
    rng = random.Random(8)
    while not table.state.over:
        table.play(rng.choice(table.legal()))
    for name in listed:
        target = f"{name}:1" if f"`{name}:<" in sentence else name
        view = screen.review(target)
        if name == "exit":
            assert view["review"] is None, name
        else:
            assert view["review"] is not None, name
            screen.review("exit")
