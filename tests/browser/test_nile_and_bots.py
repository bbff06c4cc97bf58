"""Whole games through the page: a Nile game played by clicking the board, and
a person against two computer players whose moves the page's own Python thinks up."""

from __future__ import annotations

import json
import random
import time

import pytest
from playwright.sync_api import expect

from harness.pages import offered as targets
from tests.browser.browser_helpers import start_game, wait_ready, wait_until

# The view as Python's text: parsed here, far quicker than an object returned.
VIEW = "window.mykerinos.call(`view`, `[]`)"
GAME_TIMEOUT_S = 170


def pick(rng: random.Random, view: dict, offered: list[str]) -> str:
    """Mostly digging, always Greenwish when offered, the last Nile card on offer."""
    building = view["building"]
    greenwish = [t for t in offered if t.startswith("action:") and "greenwish" in t]
    if greenwish and not building:
        return greenwish[0]
    nile = [t for t in offered if t.startswith("card:nile")]
    if nile:
        return nile[-1]
    others = [
        t for t in offered if t != "action:pass" and not (building and t.startswith("action:"))
    ]
    if others and rng.random() < 0.8:
        return rng.choice(others)
    return rng.choice(offered)


def click(page, target: str) -> None:
    """Click the real element for a target and wait for the redraw. The page
    draws on the next animation frame, so the element may come a little after
    Python's view offers it."""
    selector = f'[data-target="{target}"]'
    page.wait_for_selector(selector, state="attached")
    count, drawn = page.evaluate(
        "(s) => [document.querySelectorAll(s).length, Number(document.body.dataset.drawn)]",
        selector,
    )
    assert count == 1, f"{target}: {count} elements"
    page.locator(selector).click()
    page.wait_for_function(f"Number(document.body.dataset.drawn) > {drawn}")


def check_end_screen(page) -> dict:
    page.wait_for_selector("#end-screen", state="visible")
    view = json.loads(page.evaluate(VIEW))
    final = view["final"]
    assert final is not None
    for row in final["rows"]:
        total = page.inner_text(f'[data-total-player="{row["index"]}"]')
        assert total == str(row["total"])
    assert page.inner_text("#end-title").endswith(("wins!", "share the win!"))
    return view


def test_whole_nile_game_by_clicking(site, page, recorder):
    page.emulate_media(reduced_motion="reduce")
    page.goto(site.url)
    wait_ready(page)
    start_game(page, ["Ann", "Bob", "Cy"], 5, seats=["human"] * 3, nile=True)

    view = json.loads(page.evaluate(VIEW))
    assert view["nile"] and len(view["region"]["nile"]) == 2
    # The Nile cards lie on the region with water and land cells, and the boat waits nearby.
    assert page.locator("#region .nile-card").count() == 2
    assert page.locator("#region .cell.river").count() > 0
    assert page.locator("#region .cell.land").count() > 0
    assert page.locator("#boat-offer").is_visible()
    assert page.locator(".player .tokens").count() == 3

    rng = random.Random(5)
    seen = {"greenwish": 0, "token": 0, "nile_card": 0, "boat": 0, "token_drawn": 0}
    deadline = time.monotonic() + GAME_TIMEOUT_S
    while True:
        view = json.loads(page.evaluate(VIEW))
        if view["final"]:
            break
        assert time.monotonic() < deadline, "the game took too long"
        offered = targets(view)
        assert offered, f"nothing to click in phase {view['phase']}"
        target = pick(rng, view, offered)
        if view["token_step"]:
            seen["token"] += 1
        if target.startswith("card:nile"):
            seen["nile_card"] += 1
            assert page.locator(f"#card-{target[5:]}.hl").count() == 1
        if "greenwish" in target:
            seen["greenwish"] += 1
        if target.startswith("action:boat"):
            seen["boat"] += 1
        click(page, target)
        message = page.locator("#message")
        assert message.is_hidden(), (target, message.inner_text())
        if seen["token"] and not seen["token_drawn"]:
            seen["token_drawn"] = page.locator(
                "#region .token:not(.ghost), #museum .token:not(.ghost)"
            ).count()

    assert seen["greenwish"] and seen["token"] and seen["nile_card"], seen
    assert seen["token_drawn"], "a placed Greenwish token is drawn on the board"
    assert seen["boat"], "the tie boat question was answered with its buttons"
    view = check_end_screen(page)
    record = page.evaluate(
        "window.mykerinos.call(`exportRecord`, `[]`).then(JSON.parse).then(JSON.parse)"
    )
    assert record["setup"]["nile"]
    recorder.assert_no_console_errors()
    recorder.assert_only_host(site.host)


def person_turn(page, deadline: float, seen: dict) -> dict:
    """Wait until a person is to move (or the game is over) and the page shows it
    (it draws a view on the next animation frame, Python answers at once)."""
    while True:
        view = json.loads(page.evaluate(VIEW))
        drawn = page.evaluate("[document.body.dataset.game, document.body.dataset.revision]")
        if (view["final"] or not view["bot_to_move"]) and drawn == [
            str(view["game"]),
            str(view["revision"]),
        ]:
            return view
        state = page.evaluate("document.body.dataset.bot")
        assert state != "failed", page.inner_text("#bot-status")
        if page.locator(".player.thinking").count():
            seen["thinking"] = True
        assert time.monotonic() < deadline, "the computer players took too long"
        time.sleep(0.03)


def record_moves(page) -> int:
    return len(
        page.evaluate(
            "window.mykerinos.call(`exportRecord`, `[]`).then(t => JSON.parse(JSON.parse(t)).moves)"
        )
    )


@pytest.mark.paced  # a computer is seen thinking
def test_person_against_computer_players(site, page, recorder):
    page.emulate_media(reduced_motion="reduce")
    page.goto(site.url)
    wait_ready(page)
    start_game(page, ["Ann", "Bea", "Cyd"], 12, seats=["human", "easy", "medium"], nile=False)
    deadline = time.monotonic() + GAME_TIMEOUT_S

    rng = random.Random(12)
    seen = {"thinking": False, "hint": False, "undo": False}
    while True:
        view = person_turn(page, deadline, seen)
        if view["final"]:
            break
        assert view["to_move"] == 0 and view["players"][0]["seat"] == "human"
        assert page.locator("#hint").is_visible()
        offered = targets(view)
        if not seen["hint"] and not view["building"] and view["phase"] == "excavation":
            # The hard computer's suggestion, highlighted on the page.
            page.click("#hint")
            page.wait_for_selector("#hint-text", timeout=30_000)
            assert page.inner_text("#hint-text").startswith("Suggested: ")
            assert page.locator(".hint[data-target]").count() >= 1
            seen["hint"] = True
        if (
            not seen["undo"]
            and "action:dig" in offered
            and len(page.evaluate("window.mykerinosUI.botStats()")) >= 3
        ):
            # Dig, then undo at once, while a computer is answering: its reply
            # must not land after the undo.
            moves = record_moves(page)
            click(page, "action:dig")
            cell = next(
                c["name"] for c in json.loads(page.evaluate(VIEW))["region"]["cells"] if c["hl"]
            )
            click(page, f"cell:{cell}")
            if json.loads(page.evaluate(VIEW))["can_undo"]:
                click(page, "undo")
                time.sleep(1.0)
                after = json.loads(page.evaluate(VIEW))
                assert not after["bot_to_move"] and after["to_move"] == 0
                assert record_moves(page) == moves
                seen["undo"] = True
            continue
        click(page, pick(rng, view, offered))
        assert page.locator("#message").is_hidden(), page.inner_text("#message")

    assert all(seen.values()), seen
    stats = page.evaluate("window.mykerinosUI.botStats()")
    assert {s["level"] for s in stats} == {"easy", "medium"}
    check_end_screen(page)
    record = page.evaluate(
        "window.mykerinos.call(`exportRecord`, `[]`).then(JSON.parse).then(JSON.parse)"
    )
    assert record["seats"] == ["human", "easy", "medium"]
    recorder.assert_no_console_errors()
    recorder.assert_only_host(site.host)


def test_a_failing_computer_is_reported_and_can_try_again(site, page):
    """If the thinking fails, the page says so instead of waiting forever, and
    "Try again" thinks again."""
    page.goto(site.url)
    wait_ready(page)
    page.evaluate("""() => {
        const api = window.mykerinos;
        const real = api.call;
        window.realCall = real;
        api.call = (name, args) =>
            name === "thinkStep"
                ? Promise.resolve(JSON.stringify({error: "RuntimeError: no computer today"}))
                : real(name, args);
    }""")
    start_game(page, ["Ann", "Bea"], 3, seats=["easy", "human"], nile=False)
    if not json.loads(page.evaluate(VIEW))["bot_to_move"]:
        click(page, "action:pass")  # hand the turn to the computer
    wait_until(page, "document.body.dataset.bot === 'failed'", timeout=60_000)
    status = page.locator("#bot-status")
    assert status.is_visible() and "no computer today" in status.inner_text()
    moves = record_moves(page)
    page.evaluate("() => { window.mykerinos.call = window.realCall; }")
    page.click("#bot-retry")
    wait_until(
        page,
        "window.mykerinos.call(`view`, `[]`).then(t => !JSON.parse(t).bot_to_move)",
        timeout=60_000,
    )
    assert record_moves(page) > moves
    expect(status).to_be_hidden()


def test_the_computers_think_in_the_pages_one_python(site, page, recorder):
    """One Python per page, in its one worker: the computers' moves, asked while
    the person looks back through the game, wait for the review to end and then
    come; no second worker is made and the runtime is loaded once."""
    runtimes = []
    page.on("request", lambda r: r.url.endswith("pyodide.asm.wasm") and runtimes.append(r.url))
    page.add_init_script("""(() => {
        const Real = window.Worker;
        window.workersMade = 0;
        window.Worker = class extends Real {
            constructor(...args) { super(...args); window.workersMade += 1; }
        };
    })()""")
    page.goto(site.url)
    wait_ready(page)
    start_game(page, ["Ann", "Bea", "Cyd"], 5, seats=["human", "expert", "expert"], nile=False)
    wait_until(
        page,
        "window.mykerinos.call(`view`, `[]`).then(t => JSON.parse(t).players[0].to_move)",
        timeout=60_000,
    )
    # Once the person has passed, the computers play the rest of the season.
    click(page, "action:pass")
    wait_until(page, "document.body.dataset.bot === 'thinking'")
    # A step into the past while a computer thinks: answered, and the
    # computers wait (their thinking is abandoned, not played into review).
    page.click("#review-open")
    page.click("#review-first")
    wait_until(page, "window.mykerinos.call(`view`, `[]`).then(t => JSON.parse(t).review !== null)")
    moves = record_moves(page)
    page.wait_for_timeout(2500)  # longer than a computer's 1.5 s of thinking
    assert record_moves(page) == moves and page.evaluate("document.body.dataset.bot") != "failed"
    page.keyboard.press("Escape")
    wait_until(page, "window.mykerinos.call(`view`, `[]`).then(t => JSON.parse(t).review === null)")
    wait_until(
        page,
        "window.mykerinos.call(`exportRecord`, `[]`)"
        f".then(t => JSON.parse(JSON.parse(t)).moves.length > {moves})",
        timeout=60_000,
    )
    assert page.evaluate("window.workersMade") == 1  # Python's
    assert len(runtimes) == 1, runtimes
    assert page.locator("#bot-status").is_hidden()
