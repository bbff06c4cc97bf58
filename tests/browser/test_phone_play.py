"""Whole four-player games on a phone's screen, held upright or sideways
(touch, device scale 2, less motion asked for): before every decision a person takes, the
prompt, every action button and every place the view highlights lie inside
the screen without the player scrolling (a board target also above the
pinned turn panel, and uncovered: the point at its centre belongs to it), and
each of them is at least 44 x 44 CSS pixels, as are the buttons of an open
dialog and of the end screen. axe-core and the SVG contrast check
(tests/browser/test_accessibility.py's audit) find nothing at each size: on the
first screen (the new-game dialog, or a guest's seat picker), at the first
decision and on the end screen.

One game per way of playing: on one device at 390 x 844, a person against
three computers at 375 x 667 (five seeded games), and a guest of a live game
at 360 x 740 (the four-player live game of tests/browser/shared_games.py, read
by tests/browser/test_live_game.py too); held sideways, a
person against three computers at 844 x 390 and at 667 x 375 (the region
drawn on its side). Players pass now and then, so that
a game is short, and every decision seen is checked.
"""

from __future__ import annotations

import json
import random
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from harness.browser_page import DRAWN_JS
from harness.pages import offered
from tests.browser.browser_helpers import start_game, wait_ready
from tests.browser.test_accessibility import audit

TAP = 44  # CSS pixels, each way
TURN_S = 120  # the longest wait for the person's next decision
PASS = 0.3  # how often a player passes when it may (shorter games)

# The view (as JSON text), and every box a decision's check needs, measured
# once the page has settled: two frames after the last redraw, with no scroll
# under way (the page scrolls at once when less motion is asked for). The view
# is asked for first (the frames drawn counted just before it): a tap still
# waiting for its frame is answered then, and its answer drawn in the frames
# waited for (web/front/js/boot.js).
MEASURE = """async () => {
  const drawnBefore = Number(document.body.dataset.drawn || 0);
  const view = JSON.parse(await window.mykerinos.call("view", "[]"));
  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
  let y = -1;
  for (let i = 0; i < 60 && (y !== scrollY || i < 2); i++) { y = scrollY; await frame(); }
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
  };
  const turn = document.getElementById("turn");
  const pinned = turn && getComputedStyle(turn).position === "fixed" ? box(turn) : null;
  const targets = {};
  for (const el of document.querySelectorAll("#app [data-target]")) {
    const r = el.getBoundingClientRect();
    const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
    const hit = document.elementFromPoint(x, y);
    targets[el.dataset.target] = {box: box(el), own: !!hit && hit.closest("[data-target]") === el};
  }
  const prompt = document.getElementById("prompt");
  const buttons = [...document.querySelectorAll("dialog[open] button, #end-screen button")]
    .filter((b) => b.getClientRects().length)
    .map((b) => ({id: b.id || b.textContent.trim(), box: box(b)}));
  return JSON.stringify({
    view,
    drawn: drawnBefore,
    shown: document.body.dataset.revision + ":" + document.body.dataset.game,
    bot: document.body.dataset.bot,
    width: innerWidth, height: innerHeight, pinned, targets, buttons,
    prompt: prompt ? box(prompt) : null,
  });
}"""


def phone(browser, width: int, height: int):
    """A phone's page (a context of its own): touch, device scale 2, less motion."""
    context = browser.new_context(
        viewport={"width": width, "height": height},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        reduced_motion="reduce",
    )
    page = context.new_page()
    page.set_default_timeout(60_000)
    return context, page


def measure(page) -> dict:
    return json.loads(page.evaluate(MEASURE))


def small_buttons(m: dict, where: str) -> list[str]:
    """The buttons of an open dialog or of the end screen under 44 x 44."""
    out = []
    for button in m["buttons"]:
        left, top, right, end = button["box"]
        if right - left < TAP or end - top < TAP:
            out.append(
                f"{where}: the button {button['id']!r} is {right - left:.1f} x {end - top:.1f}"
            )
    return out


def problems_of(m: dict, where: str) -> list[str]:
    """What is out of view or too small to tap in a decision's measures."""
    view, width, height = m["view"], m["width"], m["height"]
    out = []
    # The board shows above a panel pinned across the bottom of the screen.
    bottom = height
    if m["pinned"] and m["pinned"][0] < 1 and m["pinned"][2] > width - 1:
        bottom = m["pinned"][1]

    def inside(box, low) -> bool:
        left, top, right, end = box
        return left >= -0.5 and top >= -0.5 and right <= width + 0.5 and end <= low + 0.5

    if m["prompt"] is None or not inside(m["prompt"], height):
        out.append(f"{where}: the prompt is out of view: {m['prompt']}")
    for target in offered(view):
        found = m["targets"].get(target)
        if found is None:
            out.append(f"{where}: {target} is not drawn")
            continue
        box = found["box"]
        board = not target.startswith("action:")
        if not inside(box, bottom if board else height):
            out.append(f"{where}: {target} is out of view: {[round(x) for x in box]}")
        elif not found["own"]:
            out.append(f"{where}: {target} is covered at its centre")
        w, h = box[2] - box[0], box[3] - box[1]
        if w < TAP or h < TAP:
            out.append(f"{where}: {target} is {w:.1f} x {h:.1f} px")
    return out + small_buttons(m, where)


def person_to_decide(m: dict) -> bool:
    view = m["view"]
    shown = m["shown"] == f"{view['revision']}:{view['game']}"
    return shown and not view["final"] and not view["bot_to_move"] and bool(offered(view))


def choose(view: dict, rng: random.Random, passes: float = PASS) -> str:
    """Shorter games: a pass now and then (``passes`` of the times it is offered), any
    other target otherwise."""
    targets = offered(view)
    if view["building"]:
        board = [t for t in targets if not t.startswith("action:")]
        return rng.choice(board or targets)
    if "action:pass" in targets and rng.random() < passes:
        return "action:pass"
    others = [t for t in targets if t != "action:pass"]
    return rng.choice(others or targets)


def audited(page, where: str, board: bool = True) -> list[str]:
    """What the accessibility audit finds on this screen, each line saying where."""
    return [f"{where}: {line}" for line in audit(page, where, board=board)[0]]


def play_checked(page, rng: random.Random, where: str, passes: float) -> tuple[int, list[str]]:
    """Play this page's decisions until the game ends, checking each one (the computers
    play the other seats, if any), the first decision and the end screen audited
    too: (decisions, problems)."""
    decisions, problems = 0, []
    last = None
    deadline = time.monotonic() + TURN_S
    while True:
        m = measure(page)
        view = m["view"]
        if view["final"] and m["shown"] == f"{view['revision']}:{view['game']}":
            problems += problems_of(m, f"{where}, the end")
            problems += audited(page, f"{where}, the end screen")
            return decisions, problems
        assert m["bot"] != "failed", page.locator("#bot-status").inner_text()
        key = (m["drawn"], view["revision"], view["game"])
        if not person_to_decide(m) or key == last:
            # Measured again once the page has drawn its next view (the computers'
            # move, or the person's decision taken), not in between.
            left_ms = (deadline - time.monotonic()) * 1000
            assert left_ms > 0, f"{where}: no decision came: {view['prompt']}"
            try:
                page.wait_for_function(f"{DRAWN_JS} > {m['drawn']}", timeout=left_ms)
            except PlaywrightTimeoutError:
                pass  # said by the assertion above, on the next round
            continue
        decisions += 1
        problems += problems_of(m, f"{where}, decision {decisions} ({view['prompt']})")
        if decisions == 1:
            problems += audited(page, f"{where}, the first decision")
        target = choose(view, rng, passes)
        page.locator(f'[data-target="{target}"]').click()
        last = key
        deadline = time.monotonic() + TURN_S


HOT_SEAT = ["human"] * 4
AGAINST_COMPUTERS = ["human"] + ["easy"] * 3
# (width, height, seats, passes, seed): a hot-seat game, and the small screen in five
# seeded games (the last season's region of nine rows above a panel of patrons' offers
# is the tightest).
GAMES = [
    (390, 844, HOT_SEAT, 0.15, 5),
    *[(375, 667, AGAINST_COMPUTERS, 0.1, seed) for seed in (5, 11, 23, 37, 41)],
    # Held sideways: the height is the scarce dimension.
    (844, 390, AGAINST_COMPUTERS, 0.1, 7),
    (667, 375, AGAINST_COMPUTERS, 0.1, 13),
]


@pytest.mark.parametrize(
    ("width", "height", "seats", "passes", "seed"),
    GAMES,
    ids=[
        f"{'hot-seat' if seats == HOT_SEAT else 'computers'}-{w}x{h}-seed{seed}"
        for w, h, seats, _, seed in GAMES
    ],
)
def test_every_decision_of_a_whole_game_is_in_view_on_a_phone(
    site, browser, width, height, seats, passes, seed
):
    context, page = phone(browser, width, height)
    try:
        page.goto(site.url)
        wait_ready(page)
        where = f"{width}x{height}"
        # A first visit: the new-game dialog, four players.
        page.select_option("#players-count", "4")
        problems = small_buttons(measure(page), f"{where}, the new-game dialog")
        problems += audited(page, f"{where}, the new-game dialog", board=False)
        start_game(page, ["Ann", "Bob", "Cleo", "Dora"], seed, seats=seats, touch=True)
        decisions, found = play_checked(page, random.Random(width + seed), where, passes)
        problems += found
        expect(page.locator("#end-screen")).to_be_visible()
        assert decisions > 20, decisions
        assert problems == [], "\n".join(problems[:40])
    finally:
        context.close()


def test_every_decision_of_a_live_guest_is_in_view_on_a_phone(live_game_with_a_phone):
    # The four-player live game of tests/browser/shared_games.py: Cyd's device is
    # the phone, a person on the room's device, another friend and a computer.
    game = live_game_with_a_phone
    assert game.phone_end_shown
    assert game.phone_decisions > 10, game.phone_decisions
    assert game.phone_problems == [], "\n".join(game.phone_problems[:40])
    assert game.errors == [], "\n".join(game.errors)
