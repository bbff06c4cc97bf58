"""Play by link in real Chromium: two devices (two browser contexts, each with
its own storage) play a whole 2-player game by passing the Share link back and
forth; tampered, cut-short and foreign links are refused with a message and
leave the saved game as it was; a link to another game asks first.

Each device plays only its own seat, by clicking highlighted targets, then
shares; the other opens the link (a full load the first time, then a new
fragment in the open page) and must show the same game, ask once which seat
is theirs, and say that it is their turn.
"""

from __future__ import annotations

import json
import random

from playwright.sync_api import expect

from tests.browser.browser_helpers import READY_TIMEOUT_MS, Recorder, wait_ready, wait_until
from tests.browser.test_game_page import (
    PageDriver,
    assert_clean,
    choose,
    open_page,
    start_game,
    view_of,
)

NAMES = ["Ann", "Bob"]
SEED = 31
MAX_CLICKS = 700


def record_of(page) -> dict:
    return json.loads(page.evaluate("window.mykerinos.call(`exportRecord`, `[]`).then(JSON.parse)"))


def share_url(page) -> str:
    """Press Share and read the link it offers."""
    page.click("#share")
    field = page.locator("#share-url")
    expect(field).to_be_visible()
    url = field.input_value()
    page.click("#share-close")
    expect(page.locator("#share-dialog")).to_have_count(0)
    return url


def open_link(page, url: str, moves: int) -> None:
    """Open a shared link and wait for its game (``moves`` decisions) on screen."""
    page.goto(url)
    wait_ready(page)
    wait_until(
        page,
        "window.mykerinos && window.mykerinos.call(`exportRecord`, `[]`)"
        f".then(t => JSON.parse(JSON.parse(t)).moves.length === {moves})",
    )
    # The game is out of the address once opened (a reload resumes the save).
    page.wait_for_function("() => !location.hash")


def answer_seat(page, seat: int) -> None:
    dialog = page.locator("#seat-dialog")
    expect(dialog).to_be_visible()
    assert dialog.locator("button[data-seat]").all_text_contents()[:2] == NAMES
    dialog.locator(f'button[data-seat="{seat}"]').click()
    expect(dialog).to_have_count(0)


# Passes more often than in the other whole games: a shorter game, each of its
# turns a link opened on the other device (the link of a whole long game is
# measured without a browser: tests/page/test_share.py).
PASS_WEIGHT = 0.6


def play_my_turn(page, seat: int, rng: random.Random, driver: PageDriver) -> dict:
    """Click highlighted targets until the other player is to move (or the end)."""
    view = driver.view()
    assert view["to_move"] == seat
    while view["final"] is None and view["to_move"] == seat:
        view = driver.click(choose(view, rng, PASS_WEIGHT))
        assert driver.clicks < MAX_CLICKS, "the game does not end"
    return view


def test_two_devices_play_a_whole_game_by_link(site, browser, context, page, recorder):
    other_recorder = Recorder()
    other_context = browser.new_context(service_workers="allow")
    other_recorder.attach(other_context)
    try:
        bob = other_context.new_page()
        bob.set_default_timeout(READY_TIMEOUT_MS)
        ann = page
        open_page(ann, site.url)
        view = start_game(ann, NAMES, SEED)
        devices = {0: ann, 1: bob}
        asked = {0: False, 1: False}
        clicks = {0: PageDriver(ann), 1: PageDriver(bob)}
        rng = random.Random(SEED)
        exchanges = 0
        mover = view["to_move"]
        if mover == 1:  # Bob begins: Ann sends him the game before anyone played
            url = share_url(ann)
            open_link(bob, url, 0)
            answer_seat(bob, 1)
            asked[1] = True
        while True:
            here = devices[mover]
            view = play_my_turn(here, mover, rng, clicks[mover])
            url = share_url(here)
            assert "#g=" in url and url.startswith(site.url) and len(url) < len(site.url) + 700
            moves = len(record_of(here)["moves"])
            other = 1 - mover
            there = devices[other]
            open_link(there, url, moves)
            exchanges += 1
            if not asked[other]:
                answer_seat(there, other)
                asked[other] = True
            else:
                expect(there.locator("#seat-dialog")).to_have_count(0)  # remembered
            # Both devices hold the same game, position for position.
            assert record_of(there) == record_of(here)
            shown = view_of(there)
            assert shown["players"] == view["players"] and shown["region"] == view["region"]
            if view["final"] is not None:
                break
            assert shown["to_move"] == other
            turn = there.evaluate("document.body.dataset.linkTurn")
            assert turn == f"Your turn, {NAMES[other]}. When you have played, share the new link."
            expect(there.locator("#notice")).to_contain_text(f"Your turn, {NAMES[other]}")
            mover = other

        assert exchanges >= 10
        for device in (ann, bob):
            expect(device.locator("#end-screen")).to_be_visible()
        final = view["final"]
        totals = [
            int(bob.locator(f'[data-total-player="{i}"]').text_content() or "") for i in range(2)
        ]
        assert totals == [row["total"] for row in final["rows"]]
        assert bob.evaluate("document.body.dataset.linkTurn") == "This game is over."
        assert_clean(recorder, site)
        assert_clean(other_recorder, site)
    finally:
        other_context.close()


def game_slots(page) -> dict[str, str]:
    """Every saved game on this device (localStorage entries holding a record)."""
    return page.evaluate("""() => Object.fromEntries(Object.keys(localStorage)
        .filter(k => k.includes('game:')).map(k => [k, localStorage.getItem(k)]))""")


def test_bad_links_are_refused_and_another_game_asks_first(site, browser, page, recorder):
    open_page(page, site.url)
    start_game(page, NAMES, SEED)
    driver = PageDriver(page)
    rng = random.Random(2)
    view = driver.view()
    for _ in range(3):
        view = driver.click(choose(view, rng))
    url = share_url(page)
    code = url.split("#g=", 1)[1]
    record = record_of(page)
    slots = game_slots(page)
    assert slots and record["moves"]

    middle = len(code) // 2
    changed = code[:middle] + ("B" if code[middle] == "A" else "A") + code[middle + 1 :]
    code_only = code.rsplit(".", 1)[0]
    bad = [
        code[:6],
        code[:-2],
        code_only[:-2],
        code_only,
        code + "AAAA",
        "hello",
        "%%%",
        "",
        changed,
    ]
    message = (
        "This link does not hold a Mykerinos game: it may have been cut short or "
        "changed. The current game is unchanged."
    )
    for text in bad:
        page.goto(site.url + "#g=" + text)
        expect(page.locator("#notice")).to_be_visible()
        expect(page.locator("#notice")).to_have_text(message + "×")
        page.wait_for_function("() => !location.hash")
        expect(page.locator("#link-dialog")).to_have_count(0)
        assert record_of(page) == record
        assert game_slots(page) == slots
        page.click("#notice .close")

    # A reload after a refused link resumes the saved game.
    page.reload()
    wait_ready(page)
    assert record_of(page) == record

    # French: the same refusal in the page's language.
    fr = browser.new_context(locale="fr-FR")
    try:
        other = fr.new_page()
        other.set_default_timeout(60_000)
        other.goto(site.url + "#g=" + code[:-3])
        wait_ready(other)
        expect(other.locator("#notice")).to_contain_text(
            "Ce lien ne contient pas de partie de Mykerinos"
        )
    finally:
        fr.close()

    # Another game's link asks first; "Keep my game" keeps it, "Open" takes the link.
    foreign = page.context.new_page()
    start = view_of(page)
    assert start["players"][0]["name"] == "Ann"
    page.evaluate("() => window.mykerinos.call('newGame', JSON.stringify([['Cy', 'Di'], '5', {}]))")
    other_code = page.evaluate(
        "() => window.mykerinos.call('shareLink', '[]').then(t => JSON.parse(t).code)"
    )
    page.evaluate(
        "text => window.mykerinos.call('importRecord', JSON.stringify([text]))", json.dumps(record)
    )
    foreign.close()
    page.reload()
    wait_ready(page)
    record = record_of(page)
    page.goto(site.url + "#" + other_code)
    expect(page.locator("#link-question")).to_contain_text("another game")
    page.click("#link-keep")
    expect(page.locator("#notice")).to_contain_text("your game is unchanged")
    assert record_of(page) == record
    page.goto(site.url + "#" + other_code)
    page.click("#link-open")
    wait_until(
        page,
        "window.mykerinos.call(`exportRecord`, `[]`)"
        ".then(t => JSON.parse(JSON.parse(t)).setup.players[0] === 'Cy')",
    )
    assert_clean(recorder, site)
