"""The page's JavaScript modules import each other in one direction only, stay
small, and live play joins the page through its declared hooks.

Every hand-written module under web/front/js/ is read: its static imports
(``import ... from "./x.js"``, ``export ... from "./x.js"``) and its dynamic
ones with a literal relative path (``import("./x.js")``), JSDoc type imports
left out (comments are not code). The graph they draw must have no cycle; no
module may be longer than MAX_LINES (generated/ aside: tools/page_types.py
writes it); and no module of live play (web/front/js/live/) may assign to the
page object's properties: it registers with the page's hooks (hooks.js) instead
of replacing a page function.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.sources import JS, ROOT, hand_written_js
from tests.test_structure import find_cycle

MAX_LINES = 500
LIVE = JS / "live"

COMMENTS = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
# A quoted string (kept whole, so that "//" in a URL is not taken for a comment).
STRINGS = re.compile(r""""(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`""", re.S)
STATIC = re.compile(r"^\s*(?:import|export)\b[^;\"'`]*?\bfrom\s*[\"'](\.[^\"']+)[\"']", re.M)
BARE = re.compile(r"^\s*import\s*[\"'](\.[^\"']+)[\"']", re.M)
DYNAMIC = re.compile(r"\bimport\(\s*[\"'](\.[^\"']+)[\"']\s*\)")
# An assignment to a property of the page object (page.show = ..., live.page.x = ...),
# or one made through Object.assign / Object.defineProperty.
PAGE_PATCH = re.compile(
    r"\bpage(?:\.\w+|\[[^\]]+\])+\s*(?:[-+*/|&?]|\?\?|\|\||&&)?=(?!=)"
    r"|\bObject\.(?:assign|defineProperty|defineProperties)\(\s*(?:\w+\.)*page\b"
)


def code_of(text: str) -> str:
    """The module's text without its comments (strings kept as they are, and
    every line where it was)."""

    def keep_strings(match: re.Match[str]) -> str:
        found = match.group(0)
        return found if found[0] in "\"'`" else "\n" * found.count("\n")

    return re.sub(f"{STRINGS.pattern}|{COMMENTS.pattern}", keep_strings, text, flags=re.S)


def imports_of(path: Path) -> set[Path]:
    """The modules of the page ``path`` imports, statically or dynamically."""
    code = code_of(path.read_text(encoding="utf-8"))
    found = STATIC.findall(code) + BARE.findall(code) + DYNAMIC.findall(code)
    return {(path.parent / name).resolve() for name in found}


def name_of(path: Path) -> str:
    return path.relative_to(JS).as_posix()


def js_graph() -> dict[str, set[str]]:
    modules = {path.resolve() for path in hand_written_js()}
    return {
        name_of(path): {name_of(target) for target in imports_of(path) if target in modules}
        for path in sorted(modules)
    }


def test_the_graph_is_really_read() -> None:
    edges = js_graph()
    assert "dialogs.js" in edges["boot.js"]  # static
    assert "live/live.js" in edges["boot.js"]  # dynamic
    assert "live/transport.js" in edges["live/link.js"]  # dynamic, within live/
    assert "store.js" not in edges["live/live.js"]  # a JSDoc type import is no import


def test_no_javascript_module_imports_itself_through_others() -> None:
    cycle = find_cycle(js_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_no_javascript_module_is_over_the_limit() -> None:
    long = {
        name_of(path): lines
        for path in hand_written_js()
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}, f"over {MAX_LINES} lines: split them by job"


def test_live_play_replaces_no_page_function() -> None:
    patched = [
        f"{path.relative_to(ROOT)}:{code[: m.start()].count(chr(10)) + 1}: {m.group(0)}"
        for path in sorted(LIVE.rglob("*.js"))
        for code in [code_of(path.read_text(encoding="utf-8"))]
        for m in PAGE_PATCH.finditer(code)
    ]
    assert patched == [], "live play registers with the page's hooks (hooks.js)"


def test_the_guards_see_what_they_forbid() -> None:
    assert PAGE_PATCH.search("  page.show = (view) => {")
    assert PAGE_PATCH.search("live.page.notice=say;")
    assert PAGE_PATCH.search('page["show"] = wrapped')
    assert PAGE_PATCH.search("Object.assign(mine.page, { show })")
    assert not PAGE_PATCH.search("if (page.show === show) page.show(view);")
    assert not PAGE_PATCH.search("const page = live.page;")
    text = '// import("./a.js")\n/** @type {import("./b.js").T} */\nconst u = "http://x//y";\nawait import("./c.js");\nexport { d } from "./d.js";\nimport {\n  e,\n} from "../e.js";\n'
    found = STATIC.findall(code_of(text)) + DYNAMIC.findall(code_of(text))
    assert sorted(found) == ["../e.js", "./c.js", "./d.js"]
