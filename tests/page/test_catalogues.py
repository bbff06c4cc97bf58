"""The language catalogues (web/front/lang/*.json): complete, consistent and all in use.

A key missing in any language, a key no code uses, or a placeholder that one
language forgot fails here, before anyone sees a raw key on the page.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from game import new_game
from game.cards import PATRON_NAMES
from game.legality import kind as kind_key
from game.setup import BOATS
from game.state import Phase
from page.lesson import load_course
from page.shared import BY_TURNS, FRIEND
from page.table import ACTION_KEYS, BOT_LEVELS, HUMAN, Table
from page.texts import LANGUAGES, Texts, catalogue
from tests.sources import JS, PAGE, hand_written_js

ROOT = Path(__file__).resolve().parents[2]
CODE = sorted([*hand_written_js(), *PAGE.rglob("*.py")])
PLACEHOLDER = re.compile(r"\{(\w+)\}")
LITERAL = re.compile(r"""["'`]([a-z_]+(?:\.[\w:\-]+)+)["'`]""")


def families() -> set[str]:
    """Keys the code builds from data (`patron.${p}`, f"action.{key}"...)."""
    keys = set()
    for p in PATRON_NAMES:
        keys |= {f"patron.{p}", f"patron.{p}.help"}
    for k in ACTION_KEYS:
        keys |= {f"action.{k}", f"action.{k}.help"}
    keys |= {f"phase.{ph.value}" for ph in Phase}
    for b in BOATS:
        keys |= {f"boat.{b}", f"boat.{b}.the", f"boat.{b}.help"}
    keys |= {f"seat.{s}" for s in (HUMAN, FRIEND, BY_TURNS, *BOT_LEVELS)}
    # Play by turns: why a version of a table's game was refused or adopted (turns/turns.js).
    keys |= {f"turns.{o}" for o in ("older", "lost", "won", "tampered", "wrong-seat")}
    keys |= {f"turns.{o}" for o in ("other-table", "bad-game")}
    keys |= {f"level.{s}" for s in BOT_LEVELS}  # the new-game dialog's notes on each level
    keys |= {f"ordinal.{k}" for k in (1, 2, 3)}
    keys |= {f"room.help.{v}" for v in (2, 3, 5)}
    dialogs = (JS / "dialogs.js").read_text()
    sections = re.search(r"RULE_SECTIONS = \[([^\]]*)\]", dialogs)
    assert sections, "ui/dialogs.js lists the rules summary's sections in RULE_SECTIONS"
    for part in re.findall(r'"(\w+)"', sections.group(1)):
        keys |= {f"rules.{part}.title", f"rules.{part}.text"}
    keys |= lesson_keys()
    return keys


def lesson_keys() -> set[str]:
    """The texts of the lessons (web/page/lessons.json: titles, steps, replies, endings)."""
    keys = set()
    for lesson in load_course():
        keys |= {lesson.title, lesson.done}
        for step in lesson.steps:
            keys.add(step.text)
            keys |= {reply.text for reply in step.replies if reply.text}
    return keys


def literal_keys(english: dict[str, str]) -> set[str]:
    """Keys written out in the code (any quoted string that has the shape of a key)."""
    found = set()
    for path in CODE:
        found |= set(LITERAL.findall(path.read_text(encoding="utf-8")))
    # Dotted words with a catalogue key's first part; others are file names,
    # module paths...
    groups = {key.split(".")[0] for key in english}
    return {k for k in found if k.split(".")[0] in groups}


@pytest.fixture(scope="module")
def english() -> dict[str, str]:
    return catalogue("en")


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_language_has_every_key(code: str, english: dict[str, str]) -> None:
    other = catalogue(code)
    assert sorted(set(english) - set(other)) == [], f"missing in {code}.json"
    assert sorted(set(other) - set(english)) == [], f"only in {code}.json"
    empty = [k for k, v in other.items() if not isinstance(v, str) or not v.strip()]
    assert empty == [], f"empty texts in {code}.json"


# The engine's own diagnostic (English) that a language may leave out.
OPTIONAL = {"detail"}


@pytest.mark.parametrize("code", LANGUAGES)
def test_placeholders_match_english(code: str, english: dict[str, str]) -> None:
    other = catalogue(code)

    def differ(key: str) -> bool:
        want = set(PLACEHOLDER.findall(english[key]))
        have = set(PLACEHOLDER.findall(other.get(key, "")))
        return not (have <= want and want - have <= OPTIONAL)

    wrong = {
        k: (
            sorted(set(PLACEHOLDER.findall(english[k]))),
            sorted(set(PLACEHOLDER.findall(other.get(k, "")))),
        )
        for k in english
        if differ(k)
    }
    assert wrong == {}, f"{code}.json: placeholders differ from English (en, {code})"


@pytest.mark.parametrize("code", LANGUAGES)
def test_appended_pieces_keep_their_leading_space(code: str, english: dict[str, str]) -> None:
    other = catalogue(code)
    lost = [k for k, v in english.items() if v.startswith(" ") and not other[k].startswith(" ")]
    assert lost == [], f"{code}.json: these are appended to other text and need their space"


def test_every_key_is_used(english: dict[str, str]) -> None:
    used = literal_keys(english) | families()
    assert sorted(set(english) - used) == [], "keys no code uses: remove them or use them"


def test_every_key_the_code_uses_exists(english: dict[str, str]) -> None:
    used = literal_keys(english) | families()
    assert sorted(used - set(english)) == [], "keys the code uses but en.json lacks"


def test_the_finder_sees_keys_in_every_kind_of_file(english: dict[str, str]) -> None:
    """Guard for the test above: the scan must find keys in JS, Python and the loader."""
    per_file = {
        p.relative_to(ROOT).as_posix(): set(LITERAL.findall(p.read_text(encoding="utf-8")))
        & set(english)
        for p in CODE
    }
    assert "menu.new_game" in per_file["web/front/js/frame.js"]
    assert "loader.python" in per_file["web/front/js/loader.js"]
    assert "log.season" in per_file["web/page/texts.py"]
    assert "prompt.cube" in per_file["web/page/words.py"]
    assert "msg.corrupt_save" in per_file["web/page/session.py"]


def test_action_keys_cover_every_button_of_real_games() -> None:
    """ACTION_KEYS (which drive the catalogue) name every kind of move games offer."""
    seen: set[str] = set()
    rng = random.Random(5)
    for seed, players, nile in [(1, 2, False), (2, 3, True), (3, 4, True), (4, 2, True)]:
        state = new_game([f"P{i}" for i in range(players)], seed, nile=nile)
        while not state.over:
            legal = state.legal_moves()
            seen |= {
                kind_key(m)
                for m in legal
                if m.action not in ("claim", "neutral_claim")
                and not (m.action == "museum" and m.patron is None)
            }
            state.play(rng.choice(legal))
    assert seen <= set(ACTION_KEYS)
    assert {"dig", "extend", "pass", "neutral:2", "dig:greenwish"} <= seen


@pytest.mark.parametrize("code", LANGUAGES)
def test_whole_games_read_without_raw_keys(code: str) -> None:
    """Every log line, prompt and label of whole games is real text in each language."""
    texts = Texts(code)
    rng = random.Random(11)
    for seed, players, nile in [(7, 2, True), (8, 4, False)]:
        table = Table.new([f"P{i}" for i in range(players)], seed, nile=nile, language=code)
        while not table.state.over:
            view = table.view()
            shown = [
                view["prompt"],
                view["phase_name"],
                *view["log"],
                *(a["label"] for a in view["actions"]),
                *(a["help"] for a in view["actions"]),
                *(r["label"] for r in view["museum"]),
                *(c["label"] for c in view["region"]["parcels"]),
            ]
            raw = [s for s in shown if re.search(r"\b[a-z_]+\.[a-z_:\-]+\b|\{\w+\}", s)]
            assert raw == [], f"{code}: raw keys or placeholders shown"
            table.play(rng.choice(table.legal()))
        final = table.view()
        assert final["log"][-1] and "{" not in final["log"][-1]
    assert texts.t("menu.new_game") != "menu.new_game"


def test_languages_differ_where_they_should() -> None:
    """fr and it are translations, not copies of the English file."""
    en, fr, it = catalogue("en"), catalogue("fr"), catalogue("it")
    for other in (fr, it):
        same = [
            k
            for k in en
            if en[k] == other[k]
            and not k.startswith("patron.")
            and len(en[k]) > 12
            and "{" not in en[k][:2]
        ]
        assert len(same) < len(en) * 0.05, f"untranslated: {same[:20]}"
    assert Texts("fr").patron("tangerine") == "Colonel Tangerine"
    assert Texts("it").patron("tangerine") == "Colonnello Tangerine"
