"""The saved board on a return visit, before Python has started (web/front/js/boot.js).

The page keeps the last view it drew; on the next visit plain JavaScript
paints it at once, every control inert and dimmed, with a quiet line saying
the rules engine is starting. Here the rules engine is held back (its entry
script waits in the network) so the test can look at that moment: the board
is there, a click on it does nothing, and once Python is ready the game is
exactly as saved and plays on.
"""

from __future__ import annotations

import random
import time

import pytest
from playwright.sync_api import expect

from tests.browser.browser_helpers import READY_TIMEOUT_MS, wait_ready
from tests.browser.test_game_page import PageDriver, open_page, play_action, start_game, view_of


def test_the_saved_board_is_painted_before_python_and_clicks_then_do_nothing(site, browser):
    # No service worker: the route below must see the request for web/page/main.py.
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.set_default_timeout(READY_TIMEOUT_MS)
        open_page(page, site.url)
        start_game(page, ["Ann", "Bob", "Cleo"], 7)
        rng = random.Random(7)
        for _ in range(2):
            play_action(PageDriver(page), "action:dig", rng)
        saved = view_of(page)
        record = page.evaluate("window.mykerinos.call(`exportRecord`, `[]`).then(JSON.parse)")
        cubes = page.locator("#region .cube").count()

        held = []
        page.route("**/page/main.py", lambda route: held.append(route))
        page.reload(wait_until="commit")
        # The saved board, drawn by JavaScript alone.
        # Generous waits: on a busy machine the page's own modules take a while;
        # how soon the board shows is measured by bench/load.py, not here.
        expect(page.locator("#starting")).to_have_text(
            "Starting the rules engine…", timeout=READY_TIMEOUT_MS
        )
        expect(page.locator("#region .cube")).to_have_count(cubes, timeout=READY_TIMEOUT_MS)
        assert page.evaluate("document.body.dataset.preview") == "1"
        assert page.evaluate("document.querySelector('#app').inert")
        assert page.locator("#loader").is_hidden()
        assert page.evaluate("window.mykerinos === undefined")  # Python has not started
        assert page.evaluate("document.body.dataset.revision") == str(saved["revision"])
        # A click on a button and on a cell in that time: nothing happens, now or later.
        for selector in (
            '[data-target="action:dig"]',
            "#new-game",
            "#region [data-target^='cell:']",
        ):
            box = page.locator(selector).first.bounding_box()
            assert box is not None, selector
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.keyboard.press("Enter")
        assert page.evaluate("document.querySelector('#new-game-dialog').open") is False

        # PyScript asks for main.py once its runtime is loaded: on a busy machine
        # that can come after the clicks above.
        deadline = time.monotonic() + READY_TIMEOUT_MS / 1000
        while not held and time.monotonic() < deadline:
            page.wait_for_timeout(100)
        assert held, "the page did not ask for the rules engine"
        held[0].continue_()
        wait_ready(page)
        expect(page.locator("#starting")).to_have_count(0)
        assert not page.evaluate("document.querySelector('#app').inert")
        assert page.evaluate("document.body.dataset.preview") is None
        after = view_of(page)
        assert (
            page.evaluate("window.mykerinos.call(`exportRecord`, `[]`).then(JSON.parse)") == record
        )
        assert not after["building"] and after["players"] == saved["players"]
        assert not page.evaluate("document.querySelector('#new-game-dialog').open")
        # And it plays on.
        play_action(PageDriver(page), "action:dig", rng)
    finally:
        context.close()


@pytest.mark.first_visit
def test_a_first_visit_shows_the_loading_screen_not_a_board(site, page):
    page.goto(site.url, wait_until="commit")
    expect(page.locator("#loader")).to_be_visible()
    wait_ready(page)
    assert page.evaluate("document.body.dataset.preview") is None
    # A saved view that is not a view (tampered) is not painted: the loading screen shows.
    page.evaluate("localStorage.setItem(mykerinosSaves.prefix + 'view', '{\"players\": 3}')")
    page.reload(wait_until="commit")
    expect(page.locator("#loader")).to_be_visible()
    wait_ready(page)
    assert page.evaluate("document.body.dataset.preview") is None
