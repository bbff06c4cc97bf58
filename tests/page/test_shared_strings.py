"""Every string Python and the page share has one owner, web/page/shared.py: the
page's own JavaScript takes them from web/front/js/generated/shared.js and spells
none by hand (targets, storage keys, the link mark, seat kinds), and views
carry the stamp that names a position."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from page import shared
from tests.sources import hand_written_js

# Prefixes a target or key is built from: "cell:", "room:", "position:", "seat:", "game:"...
PREFIXES = [
    getattr(shared, name)
    for name in dir(shared)
    if name.isupper() and name != "SEPARATOR" and isinstance(getattr(shared, name), str)
]
WORDS = {shared.UNDO, shared.CANCEL, shared.RESTART, shared.PERSON, shared.WATCH, shared.LINK_MARK}
WORDS |= {shared.OPEN, shared.FIRST, shared.BACK, shared.FORWARD, shared.LAST, shared.EXIT}
WORDS |= {shared.KEY_CURRENT, shared.KEY_VIEW, shared.KEY_LANGUAGE}
# A string literal: "...", '...' or a template's text up to its first ${.
LITERAL = re.compile(r"""(["'])((?:(?!\1).)*)\1|`([^`$]*)""")


def spelt(source: str) -> list[str]:
    """The shared strings a JavaScript source spells by hand."""
    source = re.sub(r"^\s*(//|\*).*$", "", source, flags=re.M)  # comments
    found = []
    for match in LITERAL.finditer(source):
        text = match.group(2) if match.group(2) is not None else match.group(3)
        if text in WORDS:
            found.append(text)
        elif any(text.startswith(p + shared.SEPARATOR) for p in PREFIXES if p):
            found.append(text)
        elif text in {k for k in (shared.KEY_SLOT, shared.KEY_CORRUPT, shared.KEY_SEAT)}:
            found.append(text)
    return found


def test_the_finder_finds_a_shared_string_spelt_by_hand() -> None:
    assert spelt('h("button", { "data-target": "undo" })') == ["undo"]
    assert spelt("const key = `seat:${game}`;") == ["seat:"]
    assert spelt('review(page, "position:3"); b.dataset.target !== "action:pass"') == [
        "position:3",
        "action:pass",
    ]
    assert spelt('p.seat !== "human" || location.hash.startsWith("#g=")') == ["human", "#g="]
    assert spelt('// the "undo" button\nconst x = target(UNDO, "")') == []


@pytest.mark.parametrize("path", hand_written_js(), ids=lambda p: p.name)
def test_the_page_spells_no_shared_string_by_hand(path) -> None:  # type: ignore[no-untyped-def]
    assert spelt(path.read_text(encoding="utf-8")) == [], path.name


def test_index_html_s_first_script_reads_the_keys_shared_py_names() -> None:
    # The one place the keys are spelt by hand: a classic script, run before any
    # module (web/front/js/prepaint.js), cannot import shared.js. It reads them
    # under the prefix saves.js's prefixOf makes.
    root = Path(__file__).resolve().parents[2]
    html = (root / "index.html").read_text(encoding="utf-8")
    saves = (root / "web/front/js/saves.js").read_text(encoding="utf-8")
    read = set(re.findall(r"`\$\{prefix\}([^`]*)`", html))
    assert read == {shared.KEY_PAINT, shared.KEY_VIEW, shared.KEY_LANGUAGE}
    rule = '`mykerinos:${path.slice(0, path.lastIndexOf("/") + 1)}:`'
    assert rule in html and rule in saves
