"""What the page keeps on the device, in Chromium: every key it writes (games,
the current pointer, the last view, the language, the seat of a linked game)
starts with the site's prefix "mykerinos:<site path>:" (web/front/js/saves.js), and
the language and seats that earlier releases kept under keys of their own are
moved under it on the next visit, so no returning player loses them.

The site is served from a sub-path, so the prefix is not just "mykerinos:/:".
"""

from __future__ import annotations

import json

from playwright.sync_api import expect

from page import share
from page.table import Table
from page.texts import Texts, catalogue
from tests.browser.browser_helpers import drawn, wait_ready
from tests.browser.test_game_page import assert_clean, open_page, start_game, wait_redraw
from tests.browser.test_links import share_url

NAMES = ["Ann", "Bob"]
SEED = 31


def storage_of(page) -> dict[str, str]:
    return page.evaluate(
        "() => Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))"
    )


def open_linked(page, url: str) -> None:
    """Load a shared link afresh (not as a new fragment of the page on screen)."""
    page.goto("about:blank")
    page.goto(url)
    wait_ready(page)
    page.wait_for_function("() => !location.hash")  # the link was handled


def test_settings_kept_by_earlier_releases_move_under_the_prefix(site_subpath, page, recorder):
    site = site_subpath
    prefix = f"mykerinos:{site.base}:"
    table = Table.new(NAMES, SEED)
    key = share.game_key(table.state)
    url = f"{site.url}#{share.FRAGMENT}{share.link_code(table)}"
    open_page(page, site.url)
    assert page.evaluate("mykerinosSaves.prefix") == prefix
    old_seat = f"mykerinos.seat:{page.evaluate('location.pathname')}:{key}"
    # As an earlier release left them: French chosen, Bob's seat in that game.
    page.evaluate(
        """([seat]) => {
        localStorage.clear();
        localStorage.setItem('mykerinos.lang', 'fr');
        localStorage.setItem(seat, '1');
    }""",
        [old_seat],
    )

    open_linked(page, url)
    french = catalogue("fr")
    assert page.evaluate("document.documentElement.lang") == "fr"
    expect(page.locator("#new-game")).to_have_text(french["menu.new_game"])
    # The seat was remembered: not asked again, and the turn is said to Bob.
    expect(page.locator("#seat-dialog")).to_have_count(0)
    mover = table.state.to_move
    expected = Texts("fr").t(
        "link.turn_yours" if mover == 1 else "link.turn_theirs", who=NAMES[mover]
    )
    assert page.evaluate("document.body.dataset.linkTurn") == expected

    kept = storage_of(page)
    assert "mykerinos.lang" not in kept and old_seat not in kept
    assert kept[prefix + "lang"] == "fr"
    assert kept[prefix + "seat:" + key] == "1"

    # A later visit reads the new keys alone.
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == "fr"
    after = storage_of(page)
    assert "mykerinos.lang" not in after and after[prefix + "lang"] == "fr"
    assert after[prefix + "seat:" + key] == "1"
    assert_clean(recorder, site)


def test_a_new_key_wins_over_a_legacy_one(site_subpath, page, recorder):
    """A setting already under the prefix is the one used; the old key is left
    alone (it may belong to another copy of the site on this host)."""
    site = site_subpath
    prefix = f"mykerinos:{site.base}:"
    open_page(page, site.url)
    page.evaluate(
        "([p]) => { localStorage.setItem('mykerinos.lang', 'fr'); localStorage.setItem(p + 'lang', 'it'); }",
        [prefix],
    )
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == "it"
    kept = storage_of(page)
    assert kept["mykerinos.lang"] == "fr" and kept[prefix + "lang"] == "it"
    assert_clean(recorder, site)


def test_every_key_the_page_writes_starts_with_the_prefix(site_subpath, page, recorder):
    site = site_subpath
    prefix = f"mykerinos:{site.base}:"
    open_page(page, site.url)
    start_game(page, NAMES, SEED)
    # Switch the language (remembered).
    before = drawn(page)
    page.select_option("#language", "it")
    wait_redraw(page, before)
    # Open this game's link afresh and say which seat is ours (remembered).
    url = share_url(page)
    open_linked(page, url)
    dialog = page.locator("#seat-dialog")
    expect(dialog).to_be_visible()
    dialog.locator('button[data-seat="0"]').click()
    expect(dialog).to_have_count(0)

    kept = storage_of(page)
    assert kept, "nothing was kept"
    assert [k for k in kept if not k.startswith(prefix)] == []
    names = {k.removeprefix(prefix).split(":")[0] for k in kept}
    assert {"game", "current", "view", "lang", "seat"} <= names, names
    game_id = kept[prefix + "current"]
    assert json.loads(kept[prefix + "game:" + game_id])["setup"]["players"] == NAMES
    assert kept[prefix + "lang"] == "it"
    assert [v for k, v in kept.items() if k.startswith(prefix + "seat:")] == ["0"]
    assert_clean(recorder, site)
