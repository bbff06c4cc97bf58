"""bench/tournament.py: a budget in playouts gives the same games whatever the clock,
seed ranges merge into one report, and the ladder's rating says what its shares say."""

from __future__ import annotations

import importlib.util
import json
import math
import sys
from pathlib import Path
from types import ModuleType

import pytest

from game import new_game
from game.bots import Bot
from tests.clocks import SteppingClock

ROOT = Path(__file__).resolve().parents[2]


def tournament() -> ModuleType:
    spec = importlib.util.spec_from_file_location("tournament", ROOT / "bench" / "tournament.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def game_with(clock_step: float) -> list[tuple[int, object]]:
    """A game of an expert and a hard player on 15 playouts a move, no time limit,
    on a clock that moves ``clock_step`` seconds each time it is read."""
    state = new_game(["A", "B", "C"], 11, log=False)
    bots = [
        Bot(level, 40 + i, budget=math.inf, max_iterations=15, clock=SteppingClock(clock_step))
        for i, level in enumerate(["expert", "hard", "medium"])
    ]
    while not state.over:
        p = state.to_move
        assert p is not None
        state.apply(bots[p].choose(state))
    return list(state.moves)


def test_a_budget_in_playouts_gives_the_same_game_on_a_fast_or_a_slow_machine() -> None:
    # A second per read of the clock: any time budget would be spent at once.
    assert game_with(1e-6) == game_with(1.0)


def test_a_tournament_game_is_the_same_when_played_again() -> None:
    t = tournament()
    task = (["expert", "hard", "hard"], 4, {"expert": 8, "hard": 9}, False, {})
    first, second = t.play(task), t.play(task)
    assert first["share"] == second["share"]
    assert sum(first["share"]) == pytest.approx(1.0)
    work = first["work"]["expert"]
    assert all(row[2] <= 8 * row[1] for row in work)  # never more than its playouts a move
    assert sum(row[2] for row in work) > 0


def test_named_budgets_divide_the_page_figures() -> None:
    t = tournament()
    phone = t.budget_of("phone")
    tenth = t.budget_of("phone/10")
    assert set(phone) == {"expert", "hard"}
    for level in phone:
        assert tenth[level] == round(phone[level] / 10)
        assert t.budget_of("page")[level] > phone[level]  # the phone is the slower one
    with pytest.raises(SystemExit):
        t.budget_of("watch")


def test_elo_is_zero_at_a_fair_share_and_grows_with_the_share() -> None:
    t = tournament()
    assert t.elo_step(1 / 3) == pytest.approx(0.0, abs=1e-9)
    # Twice the strength of each of two others: wins half the games.
    assert t.elo_step(0.5) == pytest.approx(400 * math.log10(2))
    assert t.elo_step(0.7) > t.elo_step(0.6) > 0 > t.elo_step(0.2)
    lo, hi = t.wilson(210, 300)
    assert lo < 0.7 < hi and hi - lo < 0.11


def test_seed_ranges_run_apart_merge_into_one_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    t = tournament()
    files = []
    for first in (0, 2):
        out = tmp_path / f"range-{first}.json"
        argv = ["tournament.py", "--match", "easy-random", "--games", "2"]
        argv += ["--first-seed", str(first), "--out", str(out)]
        monkeypatch.setattr(sys, "argv", argv)
        t.main()
        files.append(out)
    again = tmp_path / "again.json"  # a range run twice counts once
    again.write_text(files[0].read_text())
    capsys.readouterr()
    monkeypatch.setattr(sys, "argv", ["tournament.py", "--merge", *map(str, [*files, again])])
    t.main()
    report = capsys.readouterr().out
    assert "easy-random (easy, random, random): 4 games, seeds 0-3" in report
    games = [g for f in files for g in json.loads(f.read_text())["games"]]
    easy = sum(g["share"][0] for g in games)
    assert f"position 0 easy    wins {easy:6.1f}" in report
    assert "ladder (Elo" in report
