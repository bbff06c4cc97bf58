"""Hostile files, tampered saves and a device that refuses to save, in the page.

Every hostile import gets its translated one-line refusal, the game in play
and its save stay as they were, and the page still answers a click; a tampered
save is set aside (and a new game offered); a save from a newer version is
left untouched; storage that throws on every write is said once, with the
offer to export. Names and seeds typed in the new-game dialog are cleaned.
"""

from __future__ import annotations

import json
import random

from playwright.sync_api import expect

from game.limits import seed_from_text
from page.table import Table
from tests.browser.browser_helpers import wait_ready
from tests.browser.test_game_page import (
    PageDriver,
    assert_clean,
    import_file,
    open_page,
    play_action,
    start_game,
    view_of,
)

NAMES = ["Ann", "Bob", "Cleo"]


def hostile_files() -> dict[str, str]:
    good = json.loads(Table.new(["Ann", "Bob"], 5).record_text())
    long_name = json.loads(json.dumps(good))
    long_name["setup"]["players"][0] = "N" * 990_000  # just under 1 MB: parsed, then refused
    deck = json.loads(json.dumps(good))
    deck["setup"]["deck"] = ["violet-0a"] * 20_000
    return {
        "name.json": json.dumps(long_name),
        "deck.json": json.dumps(deck),
        "nesting.json": "[" * 100_000 + "]" * 100_000,
        "seed.json": '{"setup": {"players": ["A", "B"], "seed": ' + "9" * 5000 + "}}",
        "nan.json": '{"setup": {"players": ["A", "B"], "seed": NaN}}',
        "control.json": json.dumps({"setup": {"players": ["A\u0007\nB", "C"]}}),
    }


def still_answers(page) -> None:
    """A click after the refusal is answered (the page did not freeze)."""
    view = PageDriver(page).click("action:dig")
    assert view["building"]
    PageDriver(page).click("cancel")


def test_hostile_imports_are_refused_and_change_nothing(site, page, recorder):
    open_page(page, site.url)
    start_game(page, NAMES, 7)
    play_action(PageDriver(page), "action:dig", random.Random(7))
    before = view_of(page)
    saved = page.evaluate("mykerinosSaves.currentRecord()")
    notice = page.locator("#notice")
    files = hostile_files()
    files["big.json"] = '{"pad": "' + "x" * 1_100_000 + '"}'  # over 1 MB: refused before reading
    for name, content in files.items():
        page.evaluate("document.querySelector('#notice').hidden = true")
        import_file(page, name, content)
        expect(notice).to_be_visible(timeout=20_000)
        text = notice.inner_text()
        if name == "big.json":
            assert "over 1 MB" in text, text
        else:
            assert text.startswith("This file is not a Mykerinos game"), (name, text)
        assert "The current game is unchanged." in text and len(text) < 400, (name, text)
        assert view_of(page)["players"] == before["players"]
        assert view_of(page)["revision"] == before["revision"]
        assert page.evaluate("mykerinosSaves.currentRecord()") == saved
        still_answers(page)
    assert_clean(recorder, site)


def test_a_tampered_save_is_set_aside_and_the_page_plays_on(site, page, recorder):
    open_page(page, site.url)
    start_game(page, NAMES, 7)
    play_action(PageDriver(page), "action:dig", random.Random(7))
    game_id = view_of(page)["save"]["id"]
    prefix = page.evaluate("mykerinosSaves.prefix")
    for name, content in hostile_files().items():
        slot = json.dumps(f"{prefix}game:{game_id}")
        page.evaluate(
            "([k, v]) => localStorage.setItem(k, v)", [f"{prefix}game:{game_id}", content]
        )
        page.evaluate(
            f"localStorage.setItem({json.dumps(prefix + 'current')}, {json.dumps(game_id)})"
        )
        page.reload()
        wait_ready(page)
        notice = page.locator("#notice")
        expect(notice).to_contain_text("could not be resumed", timeout=20_000)
        assert len(notice.inner_text()) < 400, name
        aside = page.evaluate(f"localStorage.getItem({json.dumps(prefix + 'corrupt:' + game_id)})")
        assert aside == content, name
        assert page.evaluate(f"localStorage.getItem({slot})") is None, name
        assert page.evaluate("document.querySelector('#new-game-dialog').open"), name
        page.click("#cancel-new-game")
        still_answers(page)
    recorder.console_errors.clear()  # the page warns in the console about the broken saves
    assert_clean(recorder, site)


def test_a_save_from_a_newer_version_is_kept_and_said(site, page, recorder):
    open_page(page, site.url)
    prefix = page.evaluate("mykerinosSaves.prefix")
    record = json.loads(Table.new(["Ann", "Bob"], 3).record_text())
    record["format"] = "mykerinos/2"
    text = json.dumps(record)
    page.evaluate(
        "([p, t]) => { localStorage.setItem(p + 'current', 'newer1'); localStorage.setItem(p + 'game:newer1', t); }",
        [prefix, text],
    )
    page.reload()
    wait_ready(page)
    expect(page.locator("#notice")).to_contain_text("made by a newer version of Mykerinos")
    start_game(page, NAMES, 7)
    play_action(PageDriver(page), "action:dig", random.Random(7))
    assert page.evaluate(f"localStorage.getItem({json.dumps(prefix + 'game:newer1')})") == text
    assert_clean(recorder, site)


FAILING_STORAGE = """
(() => {
  const real = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (String(key).startsWith("mykerinos:")) throw new DOMException("full", "QuotaExceededError");
    return real.call(this, key, value);
  };
})();
"""


def test_a_device_that_refuses_to_save_is_said_once_with_the_offer_to_export(
    site, context, recorder
):
    context.add_init_script(FAILING_STORAGE)
    page = context.new_page()
    open_page(page, site.url)
    start_game(page, NAMES, 7)
    notice = page.locator("#notice")
    expect(notice).to_contain_text("refused to save the game")
    expect(page.locator("#export-after-trouble")).to_be_visible()
    with page.expect_download() as download:
        page.click("#export-after-trouble")
    assert (
        json.loads(open(download.value.path(), encoding="utf-8").read())["setup"]["players"]
        == NAMES
    )
    page.click("#notice .close")
    rng = random.Random(7)
    for _ in range(3):
        play_action(PageDriver(page), "action:dig", rng)
    expect(notice).to_be_hidden()  # said once
    assert view_of(page)["revision"] >= 3
    recorder.console_errors.clear()
    assert_clean(recorder, site)


def test_names_and_seeds_typed_in_the_new_game_dialog_are_cleaned(site, page, recorder):
    open_page(page, site.url)
    assert page.get_attribute("#seed", "maxlength") == "100"
    assert page.get_attribute("#player-name-0", "maxlength") == "24"
    page.select_option("#players-count", "2")
    # Past the maxlength (a script or a paste can do it): Python cleans it anyway.
    page.evaluate("""() => {
      document.querySelector('#player-name-0').value = 'An\\u0007n\\n' + 'x'.repeat(40);
      document.querySelector('#player-name-1').value = '\\u202eBob\\t';
      document.querySelector('#seed').value = 'pyramid';
    }""")
    page.click("#start-game")
    expect(page.locator("#new-game-dialog")).to_be_hidden()
    names = [p["name"] for p in view_of(page)["players"] if p.get("seat") is not None][:2]
    assert names[0] == ("Ann" + "x" * 40)[:24] and names[1] == "Bob", names
    record = json.loads(
        page.evaluate("window.mykerinos.call(`exportRecord`, `[]`).then(JSON.parse)")
    )
    assert record["setup"]["seed"] == seed_from_text("pyramid")
    assert_clean(recorder, site)
