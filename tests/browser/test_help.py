"""Help in the page: tooltips that say what a thing does now, explain mode for touch,
labels for screen readers and each move read out in a polite live region."""

from __future__ import annotations

import random

from playwright.sync_api import expect

from page.texts import catalogue
from tests.browser.test_game_page import (
    PageDriver,
    assert_clean,
    choose,
    drawn,
    open_page,
    start_game,
    view_of,
    wait_redraw,
)

EN = catalogue("en")


def tip(page, selector: str) -> str:
    """The tooltip of a board element (its SVG <title>) or of a button (title)."""
    return page.evaluate(
        """sel => { const el = document.querySelector(sel);
                    const t = el.querySelector(':scope > title');
                    return t ? t.textContent : (el.getAttribute('title') || ''); }""",
        selector,
    )


def test_tooltips_say_what_things_are_and_what_they_allow_now(site, page, recorder):
    open_page(page, site.url)
    view = start_game(page, ["Ann", "Bob", "Cleo"], 5)
    cells = view["region"]["cells"]
    pyramid = next(c["name"] for c in cells if c["pyramid"])
    plain = next(c["name"] for c in cells if not c["pyramid"] and not c["river"])
    # Cells: where they are, what is there, what the kind means.
    assert tip(page, f"#cell-{pyramid}").startswith(f"{pyramid}, ")
    assert EN["cell.pyramid.help"] in tip(page, f"#cell-{pyramid}")
    assert EN["cell.free"] in tip(page, f"#cell-{plain}")
    assert EN["cell.legal"] not in tip(page, f"#cell-{plain}")  # nothing chosen yet
    # Rooms: what the room is worth and whether it is free.
    room = view["museum"][1]  # a 5-room
    assert room["id"].endswith("-5")
    assert tip(page, f"#room-{room['id']}").startswith(room["label"] + ", " + EN["room.free"])
    assert EN["room.help.5"] in tip(page, f"#room-{room['id']}")
    # Action buttons say what they do.
    dig = page.locator('[data-target="action:dig"]')
    free = sum(1 for c in cells if not c["pyramid"] and c["owner"] is None)
    assert dig.get_attribute("title") == EN["action.dig.help"] + " " + EN[
        "action.now.cells"
    ].replace("{n}", str(free))
    # Once an action is chosen, the cells it may use say so.
    driver = PageDriver(page)
    view = driver.click("action:dig")
    legal = next(c["name"] for c in view["region"]["cells"] if c["hl"])
    assert tip(page, f"#cell-{legal}").endswith(EN["cell.legal"]) or EN["cell.legal"] in tip(
        page, f"#cell-{legal}"
    )
    label = page.locator(f"#cell-{legal}").get_attribute("aria-label")
    assert label.startswith(f"{legal}, ") and EN["cell.legal"] in label
    driver.click("cancel")
    assert_clean(recorder, site)


def test_explain_mode_explains_a_tap_without_playing_it(site, page, recorder):
    open_page(page, site.url)
    start_game(page, ["Ann", "Bob"], 6)
    before = view_of(page)
    page.click("#explain")
    expect(page.locator("#explain")).to_have_attribute("aria-pressed", "true")
    page.click('[data-target="action:dig"]')
    expect(page.locator("#details")).to_contain_text(EN["action.dig.help"])
    cell = before["region"]["cells"][0]["name"]
    # Not a legal target now (no action chosen): marked aria-disabled, which
    # Playwright would wait on; a real tap reaches it all the same.
    page.click(f"#cell-{cell}", force=True)
    expect(page.locator("#details")).to_contain_text(f"{cell}, ")
    # What a stat means (a tooltip on a plain element) is shown too.
    page.click(".player .stats > div:nth-child(2)")
    expect(page.locator("#details")).to_have_text(EN["player.cubes_title"])
    # Undo and the hint button only explain themselves.
    page.click("#hint")
    expect(page.locator("#details")).to_have_text(EN["hint.help"])
    after = view_of(page)
    assert after["revision"] == before["revision"] and not after["building"]
    assert page.locator("#hint-text").count() == 0
    # Off again: the same tap plays.
    page.click("#explain")
    expect(page.locator("#explain")).to_have_attribute("aria-pressed", "false")
    view = PageDriver(page).click("action:dig")
    assert view["building"] and view["revision"] == before["revision"]
    assert_clean(recorder, site)


def test_each_move_is_read_out_in_a_polite_live_region(site, page, recorder):
    open_page(page, site.url)
    start_game(page, ["Ann", "Bob", "Cleo"], 7)
    live = page.locator("#announce")
    assert live.get_attribute("aria-live") == "polite"
    # The log itself is not a live region (it is redrawn whole after each move).
    assert page.locator("#log").get_attribute("aria-live") is None
    driver = PageDriver(page)
    view = driver.view()
    rng = random.Random(1)
    lines = len(view["log"])
    while len(view["log"]) == lines:
        view = driver.click(choose(view, rng))
    said = live.text_content()
    for line in view["log"][lines:]:
        assert line in said
    # The next person is told it is their turn.
    assert view["prompt"] in said
    # Undo is not read out as a move.
    before = drawn(page)
    page.click('[data-target="undo"]')
    wait_redraw(page, before)
    assert live.text_content() == said
    assert_clean(recorder, site)
