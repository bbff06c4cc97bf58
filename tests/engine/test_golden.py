"""Golden playthroughs: seeded random games written out event by event and diffed.

Any change in rules, deal or move order shows up as a diff. After an intended
change, regenerate with ``MYKERINOS_REGEN_GOLDEN=1 python -m pytest tests/engine/test_golden.py``
and read the diff before committing it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game import summary
from game.selfplay import random_game

GOLDEN = Path(__file__).parent / "golden"
CASES = [(2, 11, False), (3, 2026, False), (4, 7, False), (2, 12, True), (3, 2027, True)]


def playthrough(players: int, seed: int, nile: bool) -> str:
    state = random_game(players, seed, nile=nile, log=True)
    lines = [json.dumps({"setup": state.setup.to_json()})]
    lines += [json.dumps(dict(player=p, **m.to_json())) for p, m in state.moves]
    assert state.log is not None
    lines += [json.dumps(event, sort_keys=True) for event in state.log]
    final = summary(state)
    final.pop("legal")
    lines.append(json.dumps(final, sort_keys=True))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("players,seed,nile", CASES)
def test_golden_playthrough(players: int, seed: int, nile: bool) -> None:
    name = f"playthrough-{players}p-seed{seed}{'-nile' if nile else ''}.jsonl"
    path = GOLDEN / name
    text = playthrough(players, seed, nile)
    if os.environ.get("MYKERINOS_REGEN_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    expected = path.read_text(encoding="utf-8")
    assert text.splitlines() == expected.splitlines()
