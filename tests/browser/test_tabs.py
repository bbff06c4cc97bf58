"""Several tabs and several copies of the site (web/page/session.py, web/front/js/saves.js).

Two pages of one browser context play one game in turn: each hears that the
other moved the game on and follows it; after both reload, every move is
there, and the page draws what the engine's replay of the exported record
gives. A tab whose game was taken back elsewhere goes read-only and keeps its
version as a game of its own with "Continue here". Two copies of the site
under two paths of one origin keep two separate saves.
"""

from __future__ import annotations

import json
import os
import random
import tempfile
from pathlib import Path

from playwright.sync_api import expect

from page.table import Table
from tests.browser.browser_helpers import wait_ready, wait_until
from tests.browser.test_game_page import (
    SAME_GAME,
    PageDriver,
    assert_clean,
    open_page,
    plain,
    play_action,
    position,
    start_game,
    view_of,
)

NAMES = ["Ann", "Bob", "Cleo"]


def record_of(page) -> str:
    return page.evaluate("window.mykerinos.call(`exportRecord`, `[]`).then(JSON.parse)")


def one_turn(page, rng: random.Random) -> None:
    view = view_of(page)
    keys = {a["key"] for a in view["actions"]}
    play_action(PageDriver(page), "action:dig" if "dig" in keys else "action:pass", rng)


def test_two_tabs_playing_one_game_in_turn_lose_no_move(site, context, page, recorder):
    other = context.new_page()
    open_page(page, site.url)
    start_game(page, NAMES, 7)
    rng = random.Random(7)
    one_turn(page, rng)
    open_page(other, site.url)  # the second tab resumes the game played last
    assert view_of(other)["save"]["id"] == view_of(page)["save"]["id"]
    assert record_of(other) == record_of(page)
    tabs = [other, page]
    for turn in range(8):
        mover, watcher = tabs[turn % 2], tabs[(turn + 1) % 2]
        mover.bring_to_front()  # a tab in the background draws the game it followed once shown
        one_turn(mover, rng)
        text = record_of(mover)
        # The other tab follows without being touched.
        wait_until(
            watcher,
            f"window.mykerinos.call(`exportRecord`, `[]`).then(t => JSON.parse(t) === {json.dumps(text)})",
            timeout=10_000,
        )
        assert not view_of(watcher)["save"]["elsewhere"]
    final = record_of(page)
    assert len(json.loads(final)["moves"]) == 9
    for tab in tabs:
        tab.reload()
        wait_ready(tab)
        assert record_of(tab) == final
        # What the page draws is what the engine's replay of the record gives.
        assert position(view_of(tab), SAME_GAME) == position(
            plain(Table.from_record_text(final).view()), SAME_GAME
        )
    assert_clean(recorder, site)


def test_a_game_taken_back_elsewhere_goes_read_only_and_continues_as_its_own(
    site, context, page, recorder
):
    other = context.new_page()
    open_page(page, site.url)
    start_game(page, NAMES, 7)
    rng = random.Random(3)
    one_turn(page, rng)
    one_turn(page, rng)
    open_page(other, site.url)
    longer = record_of(other)
    PageDriver(page).click("undo")
    shorter = record_of(page)
    notice = other.locator("#notice")
    expect(notice).to_contain_text("This game continued in another tab.")
    expect(other.locator("#continue-here")).to_be_visible()
    # Read-only: a click there changes nothing, in the tab or in the save.
    before = view_of(other)["revision"]
    other.locator('[data-target="action:pass"]').click()
    assert view_of(other)["revision"] == before and record_of(other) == longer
    assert other.evaluate("mykerinosSaves.currentRecord()") == shorter
    other.click("#continue-here")
    expect(notice).to_be_hidden()
    mine = view_of(other)
    assert not mine["save"]["elsewhere"] and mine["save"]["id"] != view_of(page)["save"]["id"]
    assert other.evaluate("mykerinosSaves.currentRecord()") == longer == record_of(other)
    # The first tab's game is still there, under its own id.
    key = f"mykerinos:{site.base}:game:{view_of(page)['save']['id']}"
    assert other.evaluate(f"localStorage.getItem({json.dumps(key)})") == shorter
    assert_clean(recorder, site)


def test_two_copies_of_the_site_on_one_origin_keep_separate_saves(
    serve, dist_dir, context, page, recorder
):
    folder = Path(tempfile.mkdtemp(prefix="mykerinos-two-copies-"))
    for name in ("one", "two"):
        os.symlink(dist_dir, folder / name)
    site = serve("/", folder)
    open_page(page, site.url + "one/")
    start_game(page, NAMES, 7)
    one_turn(page, random.Random(1))
    first = record_of(page)
    second = context.new_page()
    open_page(second, site.url + "two/")
    # The second copy knows nothing of the first one's game: it offers a new one.
    assert second.evaluate("document.querySelector('#new-game-dialog').open")
    assert second.evaluate("mykerinosSaves.currentRecord()") is None
    assert second.evaluate("mykerinosSaves.prefix") == "mykerinos:/two/:"
    start_game(second, ["Dora", "Eli"], 8)
    one_turn(second, random.Random(2))
    page.reload()
    wait_ready(page)
    assert record_of(page) == first
    assert [p["name"] for p in view_of(page)["players"]] == NAMES
    assert_clean(recorder, site)
