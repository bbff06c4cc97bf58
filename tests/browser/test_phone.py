"""A phone's screen, 360 x 740 CSS pixels, in Chromium: no screen of the page
scrolls sideways. The first visit's dialog, the board during a game, each
dialog the menu opens (new game, rules, share, the seat question of a link,
an import's answer), review and the end screen of a finished game: the
document and its body are never wider than the window, and an open dialog
fits in it without scrolling sideways itself.

When something is too wide, the failure names the elements that reach past
the window's right edge.
"""

from __future__ import annotations

import random

from playwright.sync_api import expect

from page import share
from page.table import Table
from tests.browser.browser_helpers import finished_record_text, wait_ready
from tests.browser.test_game_page import (
    PageDriver,
    assert_clean,
    drawn,
    import_file,
    open_page,
    play_action,
    start_game,
    wait_redraw,
)

PHONE = {"width": 360, "height": 740}
NAMES = ["Ann", "Bob", "Cleo"]

# How wide the page is, and what reaches past the right edge of the window.
MEASURE = """() => {
  const width = innerWidth;
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
    + (typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
  const wide = [];
  for (const el of document.querySelectorAll('body *')) {
    const box = el.getBoundingClientRect();
    if (box.width > 0 && box.right > width + 0.5) wide.push(`${name(el)} (right edge ${Math.round(box.right)})`);
  }
  const dialogs = [...document.querySelectorAll('dialog[open]')].map((d) => {
    const box = d.getBoundingClientRect();
    return { id: d.id, left: box.left, right: box.right, scroll: d.scrollWidth, client: d.clientWidth };
  });
  return {
    width, document: document.documentElement.scrollWidth, body: document.body.scrollWidth,
    dialogs, wide: wide.slice(0, 12),
  };
}"""


def assert_fits(page, screen: str) -> None:
    m = page.evaluate(MEASURE)
    where = f"{screen}: too wide for {m['width']} px: {m['wide']}"
    assert m["document"] <= m["width"], f"{where} (document {m['document']} px)"
    assert m["body"] <= m["width"], f"{where} (body {m['body']} px)"
    for d in m["dialogs"]:
        assert d["left"] >= 0 and d["right"] <= m["width"], f"{screen}: dialog {d}"
        assert d["scroll"] <= d["client"], f"{screen}: dialog {d['id']} scrolls sideways {d}"


def test_no_screen_scrolls_sideways_on_a_phone(site, page, recorder):
    page.set_viewport_size(PHONE)
    open_page(page, site.url)
    # The first visit: the new-game dialog over the board.
    expect(page.locator("#new-game-dialog")).to_be_visible()
    assert_fits(page, "first visit")

    start_game(page, NAMES, 7)
    assert_fits(page, "board")
    driver = PageDriver(page)
    rng = random.Random(7)
    play_action(driver, "action:dig", rng)
    page.click('[data-target="action:dig"]')  # a move being built: highlights, a cancel button
    assert_fits(page, "board, a move being built")
    page.keyboard.press("Escape")

    # Each dialog the menu opens; the widest board: four players and the Nile.
    page.click("#new-game")
    expect(page.locator("#new-game-dialog")).to_be_visible()
    page.select_option("#players-count", "4")
    assert_fits(page, "new-game dialog")
    for i, name in enumerate(["Annabelle", "Bartholomew", "Cleopatra", "Dorothea"]):
        page.fill(f"#player-name-{i}", name)
    page.check("#nile")
    page.fill("#seed", "4")
    before = drawn(page)
    page.click("#start-game")
    wait_redraw(page, before)
    expect(page.locator("#nile-box")).to_be_visible()
    assert_fits(page, "board, four players and the Nile")
    page.click("#rules-button")
    expect(page.locator("#rules-dialog")).to_be_visible()
    assert_fits(page, "rules")
    page.click("#close-rules")
    page.click("#share")
    expect(page.locator("#share-dialog")).to_be_visible()
    assert_fits(page, "share")
    page.click("#share-close")
    with page.expect_download():
        page.click("#export")
    assert_fits(page, "after export")
    import_file(page, "broken.json", "{not a record")
    expect(page.locator("#notice")).to_be_visible()
    assert_fits(page, "an import refused")

    # A finished game, imported: the end screen, then review.
    before = drawn(page)
    import_file(page, "finished.json", finished_record_text(["Ann", "Bob", "Cleo", "Dora"], 13, 5))
    wait_redraw(page, before)
    expect(page.locator("#end-screen")).to_be_visible()
    expect(page.locator("#end-screen table.chart-table")).to_have_count(1)
    assert_fits(page, "end screen")
    page.click("#end-review")
    expect(page.locator("#review-box")).to_be_visible()
    assert_fits(page, "review")
    page.keyboard.press("Home")
    assert_fits(page, "review, the first position")
    page.keyboard.press("Escape")
    assert_fits(page, "end screen after review")
    assert_clean(recorder, site)


def test_a_linked_game_s_seat_question_fits_a_phone(site, page, recorder):
    page.set_viewport_size(PHONE)
    table = Table.new(["Annabelle-Marie", "Bartholomew-Jo", "Cleopatra-Lou", "Dorothea-Anne"], 3)
    page.goto(f"{site.url}#{share.FRAGMENT}{share.link_code(table)}")
    wait_ready(page)
    expect(page.locator("#seat-dialog")).to_be_visible()
    assert_fits(page, "seat question")
    page.locator('#seat-dialog button[data-seat="watch"]').click()
    expect(page.locator("#seat-dialog")).to_have_count(0)
    assert_fits(page, "a linked game")
    assert_clean(recorder, site)
