"""Everything the page's Python does, without a browser: run in Pyodide under
Node.js (tools/page_python.mjs) to find the standard library modules the page
imports (tools/trace_stdlib.py), and again on the built standard library to
check that none is missing (tests/tools/test_stdlib.py).

It imports every module of game/ and web/page/, then makes every call of
web/page/bridge.py as the page makes it (``Bridge.answer``: JSON text in and out):
a whole game for each computer level (every seat a computer, short budgets),
the hint and the analysis, undo, review, a link shared and opened, today's
deal, export and import (good and refused files), every lesson, every
language, a broken save, and a Python traceback formatted as PyScript shows
one. Prints one JSON line: what was played and the standard library modules
loaded (``modules``).
"""

from __future__ import annotations

import importlib
import json
import sys
import traceback
from pathlib import Path
from typing import Any, cast

ROOT = Path(__file__).resolve().parent.parent
# Our packages by import name, and the folder each is imported from.
PACKAGES = {"game": ROOT, "page": ROOT / "web"}
# Not imported here: the engine's command line (never in the page), and the
# worker's entry, web/page/main.py, which needs PyScript's worker to import (the
# trace of the page itself sees its imports; web/page/engine.py, what it serves,
# is exercised here).
NOT_IN_THE_PAGE = {"game.__main__", "page.main"}
LEVELS = ("easy", "medium", "hard", "expert")
BUDGET = 0.02  # seconds per computer decision: short, every search still runs


class Memory:
    """localStorage in a dict."""

    def __init__(self) -> None:
        self.data: dict[str, str] = {}

    def name(self, key: str) -> str:
        return key

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> bool:
        self.data[key] = value
        return True

    def remove(self, key: str) -> None:
        self.data.pop(key, None)


def every_module() -> list[str]:
    names = []
    for package, base in PACKAGES.items():
        for path in sorted((base / package).rglob("*.py")):
            parts = list(path.relative_to(base).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            if ".".join(parts) not in NOT_IN_THE_PAGE:
                names.append(".".join(parts))
    for name in names:
        importlib.import_module(name)
    return names


def call(api: Any, name: str, *args: Any) -> Any:
    """A call of the page's bridge, as the page makes it (``api`` is a page.bridge.Bridge)."""
    return json.loads(api.answer(name, json.dumps(list(args))))


def think(api: Any, purpose: str) -> dict[str, Any]:
    started = call(api, "think", purpose)
    assert "job" in started, started
    while True:
        answer = call(api, "thinkStep", started["job"], 50)
        if not answer.get("busy"):
            assert "error" not in answer and "gone" not in answer, answer
            return {**answer, "stamp": started["stamp"]}


def clickable(view: dict[str, Any]) -> list[str]:
    targets = [a["id"] for a in view["actions"]]
    targets += ["cell:" + c["name"] for c in view["region"]["cells"] if c["hl"]]
    targets += ["room:" + r["id"] for r in view["museum"] if r["hl"]]
    targets += ["card:" + p["id"] for p in view["region"]["parcels"] if p["hl"]]
    targets += ["card:" + p["id"] for p in view["region"]["nile"] if p["hl"]]
    return targets


def computers_play(api: Any, view: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """Let the computer seats play to the end; (final view, moves played)."""
    moves = 0
    while view["final"] is None:
        assert view["bot_to_move"], "a computer game waits for a person"
        answer = think(api, "move")
        view = call(api, "playBotMove", answer["move"], answer["stamp"])
        assert view["message"] is None, view["message"]
        moves += 1
    return view, moves


def exercise() -> dict[str, Any]:
    from game import replay
    from game.limits import seed_from_text
    from page import thinking
    from page.bridge import Bridge
    from page.lesson import load_course
    from page.session import Session
    from page.texts import LANGUAGES, Texts

    vars(thinking).update(BOT_BUDGET=BUDGET, BOT_BUDGETS=dict.fromkeys(LEVELS, BUDGET))
    report: dict[str, Any] = {"modules_of_ours": len(every_module()), "games": {}}

    storage = Memory()
    session = Session.open(storage, "en", fresh_seed=lambda: 11)
    api = Bridge(session, cast("Any", storage))
    call(api, "startup", "en")

    # A whole game for each level (three computers of that level and one more of
    # the next), the Nile in one of them.
    for i, level in enumerate(LEVELS):
        seats = [level, level, LEVELS[(i + 1) % len(LEVELS)]]
        options = {"nile": i % 2 == 1, "seats": seats}
        view = call(api, "newGame", ["A", "B", "C"], str(20 + i), options)
        view, moves = computers_play(api, view)
        record = json.loads(call(api, "exportRecord"))
        assert replay(record).over
        report["games"][level] = moves

    # A person against a computer: clicks, a hint, undo, review and its analysis.
    view = call(api, "newGame", ["Ann", "Bob"], "5", {"seats": ["human", "hard"]})
    for _ in range(12):
        if view["final"] is not None:
            break
        if view["bot_to_move"]:
            answer = think(api, "move")
            view = call(api, "playBotMove", answer["move"], answer["stamp"])
            continue
        hint = think(api, "hint")
        assert "move" in hint
        targets = clickable(view)
        view = call(api, "click", targets[-1])
    call(api, "click", "action:undo")
    for target in ("open", "first", "forward", "last", "back", "season:1", "position:2"):
        call(api, "review", target)
    think(api, "analysis")
    call(api, "review", "exit")
    call(api, "click", "cell:zz99")  # refused with a reason

    # Play by link, and today's deal.
    link = call(api, "shareLink")
    assert link["ok"], link
    call(api, "linkSeat", None)
    call(api, "linkNote", "0")
    other = Memory()
    session2 = Session.open(other, "fr", fresh_seed=lambda: 3)
    api2 = Bridge(session2, cast("Any", other))
    call(api2, "startup", "fr")
    call(api2, "openLink", link["code"], True)
    call(api2, "openLink", link["code"][:-3] + "xyz", False)  # tampered: refused
    call(api, "dailyGame", "Ann")
    call(api, "endInfo")

    # Export, import, refused imports.
    record = call(api, "exportRecord")
    assert call(api, "importRecord", record)["ok"]
    for bad in ("{not json", "[" * 50 + "]" * 50, json.dumps({"moves": "x"}), "9" * 5000):
        assert not call(api, "importRecord", bad)["ok"]
    seed_from_text("today's seed")

    # Every lesson, clicking what the page marks.
    course = load_course()
    for lesson in course:
        view = call(api, "lessonStart", lesson.id)
        clicks = 0
        while view.get("lesson") and not view["lesson"].get("done"):
            marks = view["lesson"]["marks"]
            targets = (
                [f"action:{marks['key']}"]
                if marks["key"]
                else (
                    [f"card:{c}" for c in marks["cards"]]
                    + [f"room:{r}" for r in marks["rooms"]]
                    + [f"cell:{c}" for c in marks["cells"]]
                )
            )
            if not targets:
                break
            view = call(api, "click", targets[0])
            clicks += 1
            assert clicks < 200
        call(api, "click", "undo")
        call(api, "click", "restart")
        call(api, "lessonExit")
    report["lessons"] = len(course)

    # Every language, a save that cannot be read, one from a newer version.
    for code in LANGUAGES:
        call(api, "setLanguage", code)
        Texts(code).t("loader.board")
    broken = Memory()
    broken.data = {key: "{broken" for key in storage.data}
    Session.open(broken, "it", fresh_seed=lambda: 1).view()

    # What PyScript does with an uncaught error: format its traceback.
    try:
        json.loads("{")
    except ValueError:
        traceback.format_exc()
    return report


def stdlib_modules() -> list[str]:
    """Modules loaded that are neither ours nor built into the runtime."""
    ours = set(PACKAGES) | {"tools", "__main__"}
    names = []
    for name, module in list(sys.modules.items()):
        if name.split(".")[0] in ours or module is None:
            continue
        origin = getattr(getattr(module, "__spec__", None), "origin", None)
        if origin in (None, "built-in"):
            continue
        names.append(name)
    return sorted(names)


def main() -> None:
    report = exercise()
    report["modules"] = stdlib_modules()
    print(json.dumps(report))


if __name__ == "__main__":
    main()
