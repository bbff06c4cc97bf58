"""Every legal list, content and order, along many games, against a stored fingerprint.

The legal list is what records, bots and the page rely on: the index a seeded
random player picks, the order the page offers moves in. Any change to either
shows up here as a different fingerprint. After an intended change,
regenerate with ``MYKERINOS_REGEN_GOLDEN=1`` and say why in the commit.

The games favour patron actions half of the time so that every patron, the
neutral, Greenwish tokens and the tie boat are met often.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from game import new_game
from game.rng import Rng

FINGERPRINTS = Path(__file__).parent / "golden" / "legal-lists.json"
GAMES = {False: 10, True: 5}  # Nile lists are long: Greenwish tokens multiply them
CASES = [(players, nile) for nile in (False, True) for players in (2, 3, 4)]


def case_name(players: int, nile: bool) -> str:
    return f"{players}p{'-nile' if nile else ''}"


def fingerprint(players: int, nile: bool) -> tuple[str, int]:
    """sha256 of every legal list met in a few games, and how many moves were listed."""
    digest = hashlib.sha256()
    listed = 0
    for seed in range(GAMES[nile]):
        state = new_game([f"P{i}" for i in range(players)], 500 + seed, nile=nile, log=False)
        rng = Rng(seed * 104729 + players)
        while not state.over:
            legal = state.legal_moves()
            listed += len(legal)
            digest.update(json.dumps([m.to_json() for m in legal]).encode())
            rich = [m for m in legal if m.patron] or legal
            pool = rich if rng.below(2) else legal
            state.play(pool[rng.below(len(pool))])
    return digest.hexdigest(), listed


@pytest.mark.parametrize("players,nile", CASES)
def test_legal_lists_match_their_fingerprint(players: int, nile: bool) -> None:
    name = case_name(players, nile)
    found, listed = fingerprint(players, nile)
    stored = json.loads(FINGERPRINTS.read_text(encoding="utf-8")) if FINGERPRINTS.exists() else {}
    if os.environ.get("MYKERINOS_REGEN_GOLDEN"):
        stored[name] = {"sha256": found, "moves": listed}
        FINGERPRINTS.write_text(
            json.dumps(stored, indent=1, sort_keys=True) + "\n", encoding="utf-8"
        )
    assert {"sha256": found, "moves": listed} == stored[name]
