"""Review in the page: a finished, imported game stepped through forwards and
backwards (buttons and keys), and at every position shown the page draws the
state the engine rebuilds for it (game/timeline.py, run here on CPython); the
jumps, the score chart, French words, and the computer's analysis."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import expect

from game import GameState, to_record
from game.selfplay import random_game
from game.timeline import Timeline
from tests.browser.browser_helpers import drawn, wait_ready
from tests.browser.test_game_page import assert_clean, wait_redraw

PLAYERS, SEED = 3, 5


def import_game(page, record: dict[str, Any]) -> None:
    """Import a record through the page's own file input."""
    page.evaluate("document.querySelectorAll('dialog[open]').forEach(d => d.close())")
    before = drawn(page)
    page.set_input_files(
        "#import-file",
        {
            "name": "game.json",
            "mimeType": "application/json",
            "buffer": json.dumps(record).encode(),
        },
    )
    wait_redraw(page, before)


def on_page(page) -> dict[str, Any]:
    return page.evaluate("""() => {
      const players = [...document.querySelectorAll('#players .player[data-player]')];
      const stat = (p, i) => p.querySelectorAll('.stats dd')[i].textContent;
      const board = {};
      for (const cell of document.querySelectorAll('#region-box [id^="cell-"]')) {
        const letter = cell.querySelector('.cube text');
        if (letter) board[cell.id.slice(5)] = letter.textContent;
      }
      return {label: document.querySelector('#review-label')?.textContent ?? null,
              said: document.querySelector('#review-said').textContent,
              scores: players.map(p => stat(p, 0)), cubes: players.map(p => stat(p, 1)), board,
              actions: document.querySelectorAll('#status .actions [data-target]').length,
              log: document.querySelectorAll('#log li').length};
    }""")


def engine_view(state: GameState) -> dict[str, Any]:
    """The same facts from the engine's rebuilt state (a plain table draws the cells)."""
    from page.table import Table

    view = Table(state).view()
    letters = {p["index"]: p["letter"] for p in view["players"]}
    board = {
        c["name"]: (letters.get(c["owner"]) if c["owner"] != "neutral" else "N")
        for c in view["region"]["cells"]
        if c["owner"] is not None
    }
    return {
        "scores": [str(x) for x in state.score],
        "cubes": [str(x) for x in state.cubes],
        "board": board,
        "log": len(view["log"]),
    }


def check(page, timeline: Timeline, k: int) -> None:
    shown = on_page(page)
    assert shown["label"] == f"Move {k} of {timeline.last}"
    assert shown["said"].startswith(f"Move {k} of {timeline.last}")
    want = engine_view(timeline.state_at(k))
    got = {key: shown[key] for key in ("scores", "cubes", "board", "log")}
    assert got == want, k
    assert shown["actions"] == 0


def step(page, how: str) -> None:
    before = drawn(page)
    if how.startswith("key:"):
        page.keyboard.press(how[4:])
    else:
        page.click(how)
    wait_redraw(page, before)


def test_review_a_finished_game_forwards_and_backwards(site, page, recorder):
    state = random_game(PLAYERS, SEED, log=False)
    timeline = Timeline.of_state(state)
    page.goto(site.url)
    wait_ready(page)
    import_game(page, to_record(state))
    assert state.final is not None
    # The end screen's chart ends on the final scores; its table says the same.
    rows = page.locator("#end-screen .chart-table tbody tr")
    expect(rows).to_have_count(PLAYERS)
    for p in range(PLAYERS):
        assert rows.nth(p).locator("td").last.text_content() == str(state.final["scores"][p])
    assert page.locator("#end-screen svg.score-chart path[data-chart-player]").count() == PLAYERS

    step(page, "#end-review")
    check(page, timeline, 0)
    expect(page.locator("#end-holder")).to_be_hidden()
    for k in range(1, timeline.last + 1):
        step(page, "#review-forward" if k % 2 else "key:ArrowRight")
        check(page, timeline, k)
    expect(page.locator("#end-holder")).to_be_visible()  # the last position is the end
    for k in range(timeline.last - 1, -1, -1):
        step(page, "key:ArrowLeft" if k % 3 else "#review-back")
        check(page, timeline, k)
    step(page, "key:End")
    check(page, timeline, timeline.last)
    step(page, "key:Home")
    check(page, timeline, 0)

    # Jumps: each season and survey, a log line, a chart point.
    for season, k in timeline.season_starts()[1:]:
        step(page, f"#review-season-{season}")
        check(page, timeline, k)
    for season, k in timeline.survey_starts():
        step(page, f"#review-survey-{season}")
        check(page, timeline, k)
    line = page.locator("#log li").nth(3)
    text = line.text_content()
    step(page, "#log li:nth-child(4)")
    k = int(on_page(page)["label"].split()[1])
    assert page.locator("#log li").nth(3).text_content() == text
    assert len(timeline.state_at(k - 1).log or []) <= 3 if k else True
    step(page, "key:End")
    chart_point = page.locator("#review-box rect.chart-jump").nth(2)
    before = drawn(page)
    chart_point.dispatch_event("click")
    wait_redraw(page, before)
    check(page, timeline, timeline.season_starts()[2][1])

    # Back to the game: the end screen again, nothing was changed.
    step(page, "#review-exit")
    expect(page.locator("#review-label")).to_have_count(0)
    expect(page.locator("#end-holder")).to_be_visible()
    assert (
        json.loads(page.evaluate("window.mykerinos.call(`exportRecord`, `[]`).then(JSON.parse)"))[
            "moves"
        ]
        == json.loads(json.dumps(to_record(state)))["moves"]
    )
    assert_clean(recorder, site)


def test_review_in_french_refuses_moves_and_analyses(site, browser, recorder):
    context = browser.new_context(locale="fr-FR")
    recorder.attach(context)
    try:
        page = context.new_page()
        page.goto(site.url)
        wait_ready(page)
        state = random_game(PLAYERS, SEED, log=False)
        record = to_record(state)
        record["moves"] = record["moves"][:20]
        import_game(page, record)
        assert page.locator("#status .actions [data-target]").count() > 0
        step(page, "#review-open")
        expect(page.locator("#review-label")).to_have_text("Coup 20 sur 20")
        expect(page.locator("#review-exit")).to_have_text("retour à la partie")
        step(page, "#review-back")
        expect(page.locator("#review-label")).to_have_text("Coup 19 sur 20")
        assert page.locator("#status .actions [data-target]").count() == 0
        # The computer's choice for decision 20, and its estimate against the move played.
        page.click("#review-analyse")
        expect(page.locator("#review-analyse")).to_have_text("L'ordinateur réfléchit…")
        answer = page.locator("#review-answer")
        expect(answer).to_contain_text("Suggestion", timeout=120_000)
        assert (
            "que le coup joué" in answer.text_content()
            or "C'est le coup joué" in answer.text_content()
            or "valait" in answer.text_content()
        )
        # A suggested dig or extension is marked on the board; a pass has no place to mark.
        marks = page.locator("#region-box .hint, #museum-box .hint")
        if re.search(r"Suggestion\s:\spasser", answer.text_content()):  # French spaces are no-break
            assert marks.count() == 0
        else:
            expect(marks).not_to_have_count(0)
        # Stepping drops the answer and the marks.
        step(page, "key:ArrowLeft")
        expect(page.locator("#review-answer")).to_have_text("")
        assert page.locator("#region-box .hint, #museum-box .hint").count() == 0
        step(page, "key:Escape")
        expect(page.locator("#review-label")).to_have_count(0)
        assert page.locator("#status .actions [data-target]").count() > 0
        assert (
            len(
                json.loads(
                    page.evaluate("window.mykerinos.call(`exportRecord`, `[]`).then(JSON.parse)")
                )["moves"]
            )
            == 20
        )
    finally:
        context.close()
    recorder.assert_no_console_errors()
    recorder.assert_only_host(site.host)
