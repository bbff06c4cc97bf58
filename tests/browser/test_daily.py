"""Today's deal in real Chromium: the new-game dialog's "Today's deal" gives
every device the same deal (the UTC date's seed), whatever the language, with
the computer in the other seats; a finished daily game's end screen says the
score reached and offers the link."""

from __future__ import annotations

import json
import random

from playwright.sync_api import expect

from game.daily import daily_seed, utc_today
from page import share
from tests.browser.browser_helpers import READY_TIMEOUT_MS, Recorder, wait_ready, wait_until
from tests.browser.test_game_page import assert_clean


def daily_on(page, url: str, name: str) -> dict:
    """Open the page (first visit: the new-game dialog) and start today's deal."""
    page.goto(url)
    wait_ready(page)
    expect(page.locator("#new-game-dialog")).to_be_visible()
    page.fill("#player-name-0", name)
    page.click("#daily-game")
    expect(page.locator("#new-game-dialog")).to_be_hidden()
    wait_until(
        page,
        "window.mykerinos.call(`exportRecord`, `[]`)"
        f".then(t => JSON.parse(JSON.parse(t)).setup.players[0] === {json.dumps(name)})",
    )
    return json.loads(page.evaluate("window.mykerinos.call(`exportRecord`, `[]`).then(JSON.parse)"))


def test_todays_deal_is_the_same_in_two_contexts(site, browser, page, recorder):
    days = {utc_today()}
    ann = daily_on(page, site.url, "Ann")
    other_recorder = Recorder()
    french = browser.new_context(locale="fr-FR")
    other_recorder.attach(french)
    try:
        other = french.new_page()
        other.set_default_timeout(READY_TIMEOUT_MS)
        zoe = daily_on(other, site.url, "Zoé")
        days.add(utc_today())
        a, z = ann["setup"], zoe["setup"]
        assert int(a["seed"]) in {daily_seed(day) for day in days}
        # The same deal: seed, first player, wings and every parcel in order.
        assert {k: v for k, v in a.items() if k != "players"} == {
            k: v for k, v in z.items() if k != "players"
        }
        assert a["players"] == ["Ann", "Computer 2", "Computer 3"]
        assert z["players"] == ["Zoé", "Ordinateur 2", "Ordinateur 3"]
        assert ann["seats"] == zoe["seats"] == list(share.DAILY_SEATS)
        view = json.loads(other.evaluate("window.mykerinos.call(`view`, `[]`)"))
        assert [p["seat"] for p in view["players"]] == list(share.DAILY_SEATS)
        assert_clean(other_recorder, site)
    finally:
        french.close()
    assert_clean(recorder, site)


def test_a_finished_daily_deal_offers_its_link_with_the_score(site, page, recorder):
    table = share.daily_table("Ann", utc_today())
    rng = random.Random(4)
    while not table.state.over:
        table.play(rng.choice(table.legal()))
    final = table.state.final
    assert final is not None
    page.goto(site.url)
    wait_ready(page)
    page.click("#cancel-new-game")
    page.set_input_files(
        "#import-file",
        files=[
            {
                "name": "daily.json",
                "mimeType": "application/json",
                "buffer": table.record_text().encode(),
            }
        ],
    )
    result = page.locator("#daily-result")
    expect(result).to_be_visible()
    score = final["scores"][0]
    expect(result).to_contain_text(f"I scored {score} points")
    expect(result).to_contain_text(utc_today().isoformat())
    page.click("#daily-share")
    url = page.locator("#share-url").input_value()
    assert url.startswith(site.url + "#g=")
    code = url.split("#g=", 1)[1]
    opened = share.read_link(code, table.state)
    assert opened.status == "same"
    assert page.locator("#share-text").text_content() == result.locator("span").text_content()
    assert_clean(recorder, site)
