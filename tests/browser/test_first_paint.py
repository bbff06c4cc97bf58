"""The saved board on a return visit, before Python has started (web/front/js/boot.js).

The page keeps the last view it drew, and when it is hidden (here: reloaded)
the markup of the frame it shows (web/front/js/prepaint.js). On the next visit
index.html's first script puts that frame back before any module runs, or,
without a kept frame, plain JavaScript paints the saved view; either way with a
quiet line saying the rules engine is starting, while Python starts in its
worker. Here the rules engine is held back (its entry script waits in the
network) so the test can look at that moment: the board is there; a tap on the
board or the action bar is shown pressed at once and answered, once, when
Python is ready; the menu and the keys do nothing meanwhile; and the game is
exactly as saved and plays on. A kept frame whose saved view has changed since
(another tab played on) is never shown.
"""

from __future__ import annotations

import random
import time

import pytest
from playwright.sync_api import expect

from tests.browser.browser_helpers import READY_TIMEOUT_MS, wait_ready, wait_until
from tests.browser.test_game_page import (
    PageDriver,
    choose,
    open_page,
    play_action,
    start_game,
    view_of,
)

# The frame kept by the page, removed before the page's own scripts run.
NO_KEPT_FRAME = (
    "localStorage.removeItem(`mykerinos:${location.pathname.replace(/[^/]*$/, '')}:paint`)"
)


@pytest.mark.parametrize("kept", [True, False], ids=["kept-frame", "saved-view"])
def test_the_saved_board_is_painted_before_python_and_its_taps_answered_once_ready(
    site, browser, kept
):
    # No service worker: the route below must see the request for web/page/main.py.
    context = browser.new_context(service_workers="block")
    if not kept:
        context.add_init_script(NO_KEPT_FRAME)
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
        # The kept frame is there from the page's first script, before any module.
        prepainted = page.evaluate("document.body.dataset.prepainted")
        assert prepainted == ("1" if kept else None)
        assert page.locator("#loader").is_hidden()
        assert page.evaluate("window.mykerinos === undefined")  # Python has not started
        assert page.evaluate("document.body.dataset.revision") == str(saved["revision"])
        # The menu and the keys do nothing in that time, now or later.
        box = page.locator("#new-game").bounding_box()
        assert box is not None
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.keyboard.press("Enter")
        assert page.evaluate("document.querySelector('#new-game-dialog').open") is False
        # A tap on the action bar: shown pressed in the next frame, waiting for Python.
        dig = page.locator('[data-target="action:dig"]')
        assert dig.count() == 1
        dig.click()
        expect(page.locator('[data-target="action:dig"].pressed')).to_have_count(1)
        assert page.evaluate("window.mykerinos === undefined")

        # PyScript asks for main.py once its runtime is loaded: on a busy machine
        # that can come after the clicks above.
        deadline = time.monotonic() + READY_TIMEOUT_MS / 1000
        while not held and time.monotonic() < deadline:
            page.wait_for_timeout(100)
        assert held, "the page did not ask for the rules engine"
        held[0].continue_()
        wait_ready(page)
        expect(page.locator("#starting")).to_have_count(0)
        assert page.evaluate("document.body.dataset.preview") is None
        assert page.evaluate("document.body.dataset.prepainted") is None
        # The kept frame laid over the real one while it was drawn is gone, nothing hidden.
        expect(page.locator("#app > .prepainted")).to_have_count(0)
        assert page.evaluate("document.querySelector('#app').className") == ""
        # The tap was answered once Python was ready: the dig is being built, once.
        expect(page.locator(".pressed")).to_have_count(0)
        wait_until(
            page,
            "window.mykerinos.call(`view`, `[]`).then((t) => JSON.parse(t).building !== null)",
        )
        after = view_of(page)
        assert (
            page.evaluate("window.mykerinos.call(`exportRecord`, `[]`).then(JSON.parse)") == record
        )
        assert after["building"] and after["players"] == saved["players"]
        assert not page.evaluate("document.querySelector('#new-game-dialog').open")
        # And it plays on: the dig is finished on the board.
        driver = PageDriver(page)
        view = driver.view()
        while view["revision"] == after["revision"]:
            view = driver.click(choose(view, rng))
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


def test_a_kept_frame_is_not_shown_once_the_saved_view_changed(site, browser):
    """Another tab played on after this one was hidden: the kept frame stands for
    a view no longer saved, and the saved view is painted instead."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.set_default_timeout(READY_TIMEOUT_MS)
        open_page(page, site.url)
        start_game(page, ["Ann", "Bob"], 3)
        first = view_of(page)
        page.reload()  # hidden: the frame is kept
        wait_ready(page)
        assert page.evaluate("document.body.dataset.prepainted") is None  # drawn over it
        kept = page.evaluate("localStorage.getItem(mykerinosSaves.prefix + 'paint')")
        assert kept and str(first["revision"]) in kept
        # The saved view changes behind the kept frame's back (as another tab's
        # move would), and the page goes before it could keep its own frame.
        held = []
        page.route("**/page/main.py", lambda route: held.append(route))
        page.evaluate(
            """() => {
              const key = mykerinosSaves.prefix + 'view';
              const view = JSON.parse(localStorage.getItem(key));
              view.revision += 1000;
              localStorage.setItem(key, JSON.stringify(view));
            }"""
        )
        page.goto("about:blank")
        page.goto(site.url, wait_until="commit")
        expect(page.locator("#starting")).to_have_count(1, timeout=READY_TIMEOUT_MS)
        assert page.evaluate("document.body.dataset.prepainted") is None
        assert page.evaluate("document.body.dataset.revision") == str(first["revision"] + 1000)
    finally:
        context.close()
