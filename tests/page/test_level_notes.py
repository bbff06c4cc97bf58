"""The new-game dialog's notes on each computer level say what the ladder measured.

docs/PERFORMANCE.md holds the ladder: each level's wins against two of the
level below. Each language's note must give the same figure in games out of
ten, so that the dialog cannot drift from the measurements it quotes.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from page.table import BOT_LEVELS
from page.texts import catalogue

ROOT = Path(__file__).resolve().parents[2]
ROW = re.compile(
    r"^\| (?P<level>\w+) \| [^|]+ \| (?P<games>\d+) \| (?P<share>\d+\.\d)% "
    r"\((?P<low>\d+\.\d)-(?P<high>\d+\.\d)%\) \|",
    re.MULTILINE,
)
# How each language says "about N games in 10".
IN_TEN = {
    "en": "about {n} games in 10",
    "fr": "environ {n} parties sur 10",
    "it": "circa {n} partite su 10",
}


def ladder() -> dict[str, dict[str, float]]:
    text = (ROOT / "docs" / "PERFORMANCE.md").read_text()
    start = text.index("**The ladder**")
    table = text[start : text.index("\n\n", text.index("| --- |", start))]
    return {
        m["level"]: {k: float(m[k]) for k in ("games", "share", "low", "high")}
        for m in ROW.finditer(table)
    }


def test_the_ladder_has_every_level_on_enough_games() -> None:
    rows = ladder()
    assert sorted(rows) == sorted(BOT_LEVELS)
    for level, row in rows.items():
        assert row["games"] >= 300, level
        assert row["low"] <= row["share"] <= row["high"], level


@pytest.mark.parametrize("code", sorted(IN_TEN))
def test_each_note_quotes_its_level_s_share_in_games_out_of_ten(code: str) -> None:
    words = catalogue(code)
    for level, row in ladder().items():
        n = round(row["share"] / 10)
        note = words[f"level.{level}"]
        assert IN_TEN[code].format(n=n) in note, (code, level, note)
        others = [IN_TEN[code].format(n=k) for k in range(11) if k != n]
        assert not any(o in note for o in others), (code, level, note)
