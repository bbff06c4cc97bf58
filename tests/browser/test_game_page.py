"""Playing the game page in real Chromium, by clicking what a person clicks.

Every step reads the current view from ``window.mykerinos.call(`view`, `[]`)``, picks a
legal target in it, clicks the element ``[data-target="..."]`` on the page and
waits for the redraw (``body[data-drawn]`` counts the redraws). The same
choices made on ``page.table.Table`` in this process give the same game, which
is how the seeds below were chosen: they end (or reach the wanted position)
within a small number of clicks.

Every test ends with ``assert_clean``: no console error, no HTTP error and no
request to any host but the local server.
"""

from __future__ import annotations

import json
import random

from playwright.sync_api import expect

from game import replay
from page.table import Table
from tests.browser.browser_helpers import (
    drawn,  # noqa: F401  (other tests import it from here)
    start_game,
    view_of,
    wait_ready,
    wait_redraw,
    wait_service_worker,
    wait_shown,
)

# A 3-player game that ends in about 150 clicks with CHOICES (pass 1 time in 5).
WHOLE_GAME_SEED = 9
WHOLE_GAME_NAMES = ["Ann", "Bob", "Cleo"]
MAX_CLICKS = 600

# A 2-player game where, after the scripted neutral placements, a survey asks
# for the neutral's card within a few clicks.
NEUTRAL_SEED = 20
NEUTRAL_NAMES = ["Ann", "Bob"]

# Names with HTML, each within the 24 characters a name may have (docs/RECORDS.md).
XSS_NAME = "<img src=x onerror=a(1)>"
XSS_NAME_2 = "<script>a(2)</script>"

# Keys of a view that may change while the position does not ("game" numbers
# the games the page has held: it changes on a new game, an import or a reload).
VOLATILE = ("revision", "stamp", "log", "game", "save", "lesson")
SAME_GAME = ("revision", "stamp", "game", "save", "lesson")


# ------------------------------------------------------------------ helpers


def position(view: dict, volatile=VOLATILE) -> dict:
    """A view without the keys that may change while the position does not."""
    return {k: v for k, v in view.items() if k not in volatile}


def plain(obj):
    """The JSON round trip of a value (tuples become lists), as the page sees it."""
    return json.loads(json.dumps(obj))


def clickable(view: dict) -> dict[str, list[str]]:
    """The legal targets of a view, by kind."""
    region = view["region"]
    return {
        "actions": [a["id"] for a in view["actions"]],
        "cells": ["cell:" + c["name"] for c in region["cells"] if c["hl"]],
        "rooms": ["room:" + r["id"] for r in view["museum"] if r["hl"]],
        "cards": ["card:" + p["id"] for p in region["parcels"] + region["nile"] if p["hl"]],
    }


def choose(view: dict, rng: random.Random, pass_weight: float = 0.2) -> str:
    """A legal target: mostly real actions, built cube by cube; cards more
    often than museum rooms in surveys."""
    t = clickable(view)
    if view["building"]:
        return rng.choice(t["cells"] + t["rooms"])
    if t["cards"] or (t["rooms"] and not t["actions"]):
        if t["cards"] and (not t["rooms"] or rng.random() < 0.7):
            return rng.choice(t["cards"])
        return rng.choice(t["rooms"])
    assert t["actions"], f"nothing to click: {view['prompt']}"
    others = [a for a in t["actions"] if a != "action:pass"]
    if others and rng.random() >= pass_weight:
        return rng.choice(others)
    return rng.choice(t["actions"])


# A target's element count and highlight, and the frames drawn so far.
BEFORE_CLICK_JS = """(selector) => {
  const found = document.querySelectorAll(selector);
  return [found.length, found[0]?.dataset.hl ?? null, Number(document.body.dataset.drawn || 0)];
}"""
# The view as Python's text (parsed here: far quicker than a returned object) and
# the revision the page shows once Python has answered.
AFTER_CLICK_JS = (
    "window.mykerinos.call(`view`, `[]`).then(text => [text, document.body.dataset.revision])"
)


class PageDriver:
    """Clicks the real elements of the page."""

    def __init__(self, page) -> None:
        self.page = page
        self.clicks = 0

    def view(self) -> dict:
        # A position given to the page outside a click (another tab's move, a
        # link) is drawn at the next frame: targets are chosen from what is drawn.
        wait_shown(self.page)
        return view_of(self.page)

    def click(self, target: str) -> dict:
        page = self.page
        selector = f'[data-target="{target}"]'
        # What the page shows before the click, in one round trip to the browser.
        count, hl, before = page.evaluate(BEFORE_CLICK_JS, selector)
        assert count == 1, f"{target}: {count} elements"
        if target.split(":")[0] in ("cell", "room", "card"):
            # The page marks exactly the legal board targets.
            assert hl == "1", f"{target} is not highlighted"
        page.locator(selector).click()
        wait_redraw(page, before)
        self.clicks += 1
        text, revision = page.evaluate(AFTER_CLICK_JS)
        view = json.loads(text)
        assert view["message"] is None, f"{target} refused: {view['message']}"
        assert revision == str(view["revision"])
        return view


class TableDriver:
    """The same interaction on the in-process model (to choose seeds)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.clicks = 0

    def view(self) -> dict:
        return plain(self.table.view())

    def click(self, target: str) -> dict:
        self.table.click(target)
        self.clicks += 1
        view = self.view()
        assert view["message"] is None, f"{target} refused: {view['message']}"
        return view


def open_page(page, url: str) -> None:
    page.goto(url)
    wait_ready(page)


def play_action(driver, action: str, rng: random.Random) -> dict:
    """One whole action: its button, then highlighted cells/rooms until it is played."""
    view = driver.view()
    revision = view["revision"]
    view = driver.click(action)
    while view["revision"] == revision:
        view = driver.click(choose(view, rng))
    return view


def cube_letters(page, cell: str) -> list[str]:
    return page.locator(f"#cell-{cell} .cube text").all_text_contents()


def assert_clean(recorder, site) -> None:
    recorder.assert_no_console_errors()
    recorder.assert_no_http_errors()
    recorder.assert_only_host(site.host)


# -------------------------------------------------------------------- tests
def test_whole_seeded_game_by_clicks_matches_the_exported_record(site, page, recorder):
    open_page(page, site.url)
    view = start_game(page, WHOLE_GAME_NAMES, WHOLE_GAME_SEED)
    # The seed and the names were taken: the same deal as the engine's.
    expected = plain(Table.new(WHOLE_GAME_NAMES, WHOLE_GAME_SEED).view())
    assert position(view) == position(expected)
    assert page.locator(".player .pname").all_text_contents() == WHOLE_GAME_NAMES

    driver = PageDriver(page)
    rng = random.Random(WHOLE_GAME_SEED)
    kinds: dict[str, int] = {}
    chains = 0
    while view["final"] is None:
        target = choose(view, rng)
        key = target if target.startswith("action:") else target.split(":")[0]
        kinds[key] = kinds.get(key, 0) + 1
        revision = view["revision"]
        view = driver.click(target)
        if target.startswith("cell:") and view["revision"] == revision:
            # Part of a multi-cube move: the chosen cell is marked, nothing played yet.
            chains += 1
            assert page.locator(f"#cell-{target[5:]}.chosen").count() == 1
        assert driver.clicks < MAX_CLICKS, "the game does not end"

    # The game had substance: excavations, extensions cube by cube, cards, passes.
    assert kinds.get("action:dig", 0) >= 10 and kinds.get("action:extend", 0) >= 5, kinds
    assert chains >= 5 and kinds.get("card", 0) >= 5 and kinds.get("action:pass", 0) >= 1, kinds

    end = page.locator("#end-screen")
    expect(end).to_be_visible()
    with page.expect_download() as info:
        page.click("#export")
    download = info.value
    assert download.suggested_filename.endswith(".json")
    with open(download.path(), encoding="utf-8") as f:
        record = json.load(f)
    assert record["setup"]["players"] == WHOLE_GAME_NAMES
    assert record["setup"]["seed"] == WHOLE_GAME_SEED

    final = replay(record).final
    assert final is not None
    shown = [int(page.locator(f'[data-total-player="{i}"]').text_content()) for i in range(3)]
    assert shown == final["scores"]
    winners = [WHOLE_GAME_NAMES[p] for p in final["winners"]]
    assert (
        page.locator("#end-screen thead th.winner > span:not(.crown)").all_text_contents()
        == winners
    )
    title = page.locator("#end-title").text_content()
    assert title == (
        f"{' and '.join(winners)} share the win!" if len(winners) > 1 else f"{winners[0]} wins!"
    )
    assert view["final"]["winners"] == winners
    assert_clean(recorder, site)


def neutral_game(driver, rng: random.Random, page=None, budget: int = 60) -> dict:
    """Two actions each followed by neutral cubes (1 cube, then a 2-cube chain),
    then play on, placing neutral cubes and passing early, until a survey asks
    a player for the neutral's card. Returns that view."""

    def check_neutral(view: dict, cells: list[str], before: dict, mover: int) -> None:
        owners = {c["name"]: c["owner"] for c in view["region"]["cells"]}
        assert [owners[c] for c in cells] == ["neutral"] * len(cells)
        assert view["players"][mover]["neutral_cubes"] == before["players"][mover][
            "neutral_cubes"
        ] - len(cells)
        # They come from the player's neutral cubes, not from the general stock.
        assert view["neutral"]["supply"] == before["neutral"]["supply"]
        assert view["phase"] == "excavation" and view["to_move"] != mover
        if page is not None:
            for cell in cells:  # drawn as a grey cube lettered N
                assert cube_letters(page, cell) == ["N"]
                assert "c-grey" in page.locator(f"#cell-{cell} .cube").get_attribute("class")

    view = driver.view()
    assert view["neutral"] == {"letter": "N", "colour": "grey", "shape": "hexagon", "supply": 17}
    for size in (1, 2):
        mover = view["to_move"]
        view = play_action(driver, "action:dig", rng)
        assert view["phase"] == "neutral" and view["to_move"] == mover
        keys = [a["key"] for a in view["actions"]]
        assert keys == (
            ["neutral:0", "neutral:1"] if size == 1 else ["neutral:0", "neutral:1", "neutral:2"]
        )
        before = view
        view = driver.click(f"action:neutral:{size}")
        cells = []
        for _ in range(size):
            cell = clickable(view)["cells"][0]
            cells.append(cell[5:])
            view = driver.click(cell)
        if size == 2:
            assert before["revision"] + 1 == view["revision"]
        check_neutral(view, cells, before, mover)

    turns = 0
    while driver.clicks < budget:
        if view["phase"] == "survey" and "the card the neutral takes" in view["prompt"]:
            return view
        assert view["final"] is None
        t = clickable(view)
        if view["building"]:
            target = (t["cells"] + t["rooms"])[0]
        elif t["cards"]:
            target = t["cards"][0]
        elif view["phase"] == "neutral":
            target = [
                a
                for a in ("action:neutral:2", "action:neutral:1", "action:neutral:0")
                if a in t["actions"]
            ][0]
        elif turns >= 2 and "action:pass" in t["actions"]:
            target = "action:pass"
        else:
            turns += 1
            target = rng.choice([a for a in t["actions"] if a != "action:pass"] or t["actions"])
        view = driver.click(target)
    raise AssertionError("no survey asked for the neutral's card")


def test_two_players_place_neutral_cubes_and_choose_the_neutral_card(site, page, recorder):
    open_page(page, site.url)
    view = start_game(page, NEUTRAL_NAMES, NEUTRAL_SEED)
    assert [p["letter"] for p in view["players"]] == ["A", "B"]
    # The neutral has its own panel.
    expect(page.locator(".player.neutral .pname")).to_have_text("Neutral")

    driver = PageDriver(page)
    view = neutral_game(driver, random.Random(NEUTRAL_SEED), page)

    chooser = view["to_move"]
    area = view["survey_area"]
    cards = clickable(view)["cards"]
    assert cards and not clickable(view)["rooms"] and not view["actions"]
    expect(page.locator("#prompt")).to_contain_text(
        f"Survey of area {area}: {NEUTRAL_NAMES[chooser]}, choose the card the neutral takes."
    )
    # Only the surveyed area's cards can be taken.
    lit = page.locator("#region [data-target^='card:']")
    assert sorted(lit.evaluate_all("els => els.map(e => e.dataset.target)")) == sorted(cards)

    held = [[c["id"] for g in p["hand"] for c in g["cards"]] for p in view["players"]]
    card = cards[0]
    view = driver.click(card)
    card_id = card[5:]
    parcel = next(p for p in view["region"]["parcels"] if p["id"] == card_id)
    assert parcel["present"] is False
    assert [
        [c["id"] for g in p["hand"] for c in g["cards"]] for p in view["players"]
    ] == held  # nobody got it
    label = parcel["label"]
    line = f"{NEUTRAL_NAMES[chooser]} gives {label} to the neutral; it leaves the game."
    expect(page.locator("#log li").filter(has_text=line)).to_have_count(1)
    assert "gone" in page.locator(f"#card-{card_id}").get_attribute("class")
    assert_clean(recorder, site)


def test_undo_restores_the_position_and_cancel_clears_a_move_being_built(site, page, recorder):
    open_page(page, site.url)
    start_game(page, WHOLE_GAME_NAMES, 4)
    driver = PageDriver(page)
    rng = random.Random(4)
    for _ in range(3):  # everyone digs once
        play_action(driver, "action:dig", rng)

    before = driver.view()
    cubes_before = page.locator("#region .cube").count()
    assert "action:extend" in clickable(before)["actions"]
    after = play_action(driver, "action:extend", rng)  # 2 cubes, one by one
    assert after["to_move"] != before["to_move"]
    assert page.locator("#region .cube").count() == cubes_before + 2
    assert after["can_undo"]

    view = driver.click("undo")
    assert view["revision"] == after["revision"] + 1
    assert position(view) == position(before)
    assert page.locator("#region .cube").count() == cubes_before
    # The autosave went back too.
    saved = json.loads(page.evaluate("mykerinosSaves.currentRecord()"))
    assert len(saved["moves"]) == 3

    # Cancel while building a 2-cube extension.
    before = view
    start = driver.click("action:extend")
    assert start["building"] and start["can_cancel"] and not start["can_undo"]
    first = clickable(start)["cells"][0]
    building = driver.click(first)
    assert building["revision"] == before["revision"]
    assert [c["order"] for c in building["region"]["cells"] if c["order"]] == [1]
    expect(page.locator(f"#cell-{first[5:]}.chosen .pending")).to_have_count(1)
    expect(page.locator("[data-target='undo']")).to_have_count(0)  # no undo mid-move

    view = driver.click("cancel")
    assert view == before
    expect(page.locator("#region .chosen, #region .pending")).to_have_count(0)
    expect(page.locator("[data-target='cancel']")).to_have_count(0)
    assert page.locator("#region .cube").count() == cubes_before
    assert_clean(recorder, site)


def test_reload_resumes_the_same_position(site, page, recorder):
    open_page(page, site.url)
    start_game(page, WHOLE_GAME_NAMES, 11)
    driver = PageDriver(page)
    rng = random.Random(11)
    for action in ("action:dig", "action:dig", "action:dig", "action:extend", "action:pass"):
        play_action(driver, action, rng)
    before = driver.view()
    assert len(before["log"]) >= 6
    texts = page.locator(".player").all_text_contents()
    cubes = page.locator("#region .cube").count()
    assert cubes == 5

    page.reload()
    wait_ready(page)
    after = view_of(page)
    assert position(after, SAME_GAME) == position(before, SAME_GAME)
    for key in ("region", "museum", "players", "scale", "to_move", "season", "phase"):
        assert after[key] == before[key], key
    assert not page.evaluate("document.querySelector('#new-game-dialog').open")
    assert page.locator(".player").all_text_contents() == texts
    assert page.locator("#region .cube").count() == cubes
    # And play goes on.
    PageDriver(page).click("action:dig")
    assert_clean(recorder, site)


def test_offline_after_a_first_visit_a_move_can_be_played(site, context, page, recorder):
    open_page(page, site.url)
    wait_service_worker(page)
    start_game(page, WHOLE_GAME_NAMES, 5)
    before = view_of(page)

    context.set_offline(True)
    try:
        page.reload()
        wait_ready(page)
        assert position(view_of(page), SAME_GAME) == position(before, SAME_GAME)
        driver = PageDriver(page)
        mover = before["to_move"]
        view = play_action(driver, "action:dig", random.Random(5))
        placed = [c["name"] for c in view["region"]["cells"] if c["owner"] == mover]
        assert len(placed) == 1
        assert cube_letters(page, placed[0]) == [view["players"][mover]["letter"]]
        assert view["to_move"] != mover
        assert not recorder.failed, recorder.failed
    finally:
        context.set_offline(False)
    assert_clean(recorder, site)


def test_served_from_a_sub_path_a_game_starts_and_a_move_is_played(site_subpath, page, recorder):
    open_page(page, site_subpath.url)
    view = start_game(page, ["Ann", "Bob", "Cleo"], 6)
    mover = view["to_move"]
    view = play_action(PageDriver(page), "action:dig", random.Random(6))
    placed = [c["name"] for c in view["region"]["cells"] if c["owner"] == mover]
    assert len(placed) == 1 and cube_letters(page, placed[0]) == ["ABC"[mover]]
    assert_clean(recorder, site_subpath)
    # A blob: URL is memory (PyScript's worker script), not a request to any path.
    assert all(
        url.startswith(site_subpath.url)
        for _, url in recorder.requests
        if not url.startswith("blob:")
    )


def import_file(page, name: str, content: str | bytes) -> None:
    data = content.encode() if isinstance(content, str) else content
    page.set_input_files(
        "#import-file", files=[{"name": name, "mimeType": "application/json", "buffer": data}]
    )


def test_import_refuses_broken_files_and_loads_a_good_record(site, page, recorder):
    open_page(page, site.url)
    start_game(page, WHOLE_GAME_NAMES, 7)
    driver = PageDriver(page)
    rng = random.Random(7)
    for action in ("action:dig", "action:dig", "action:dig"):
        play_action(driver, action, rng)
    before = driver.view()
    board = page.locator("#region-box").inner_html()
    saved = page.evaluate("mykerinosSaves.currentRecord()")
    notice = page.locator("#notice")

    def unchanged() -> None:
        assert driver.view() == before
        assert page.locator("#region-box").inner_html() == board
        assert page.evaluate("mykerinosSaves.currentRecord()") == saved

    import_file(page, "broken.json", "{ this is not JSON")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("This file is not a Mykerinos game: it is not valid JSON")
    expect(notice).to_contain_text("The current game is unchanged.")
    unchanged()

    # A record whose second move digs where the first one did.
    record = json.loads(
        page.evaluate("window.mykerinos.call(`exportRecord`, `[]`).then(JSON.parse)")
    )
    record["moves"][1]["cells"] = list(record["moves"][0]["cells"])
    import_file(page, "illegal.json", json.dumps(record))
    expect(notice).to_contain_text("This file is not a Mykerinos game: move 2 cannot be played")
    expect(notice).to_contain_text("The current game is unchanged.")
    unchanged()

    # A good record from another game replaces this one.
    other = Table.new(["Dora", "Eli"], 8)
    other_driver = TableDriver(other)
    other_rng = random.Random(8)
    for action in ("action:dig", "action:neutral:1", "action:dig", "action:neutral:0"):
        play_action(other_driver, action, other_rng)
    good = other.record_text()
    import_file(page, "good.json", good)
    expect(notice).to_contain_text("Game loaded from good.json.")
    expect(page.locator(".player:not(.neutral) .pname")).to_have_text(["Dora", "Eli"])
    imported = view_of(page)
    assert position(imported, SAME_GAME) == position(plain(other.view()), SAME_GAME)
    assert json.loads(page.evaluate("mykerinosSaves.currentRecord()")) == json.loads(good)
    # Play goes on in the imported game.
    driver.click("action:dig")
    assert_clean(recorder, site)


def test_player_names_with_html_are_shown_as_text(site, page, recorder):
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))

    def dig_and_check(names: list[str]) -> None:
        view = view_of(page)
        assert [p["name"] for p in view["players"]] == names
        assert [p["letter"] for p in view["players"]] == ["1", "2"]  # "<" is no initial
        mover = view["to_move"]
        expect(page.locator("#prompt > span")).to_have_text(f"{names[mover]}: choose an action.")
        view = play_action(PageDriver(page), "action:dig", random.Random(3))
        cell = next(c["name"] for c in view["region"]["cells"] if c["owner"] == mover)
        expect(page.locator("#log li").last).to_have_text(f"{names[mover]} digs at {cell}.")
        expect(page.locator(".player:not(.neutral) .pname")).to_have_text(names)
        # Shown as text: no element was made from a name, no script ran.
        assert page.locator(".pname, #prompt > span, #log li").evaluate_all(
            "els => els.every(e => e.children.length === 0)"
        )
        assert page.evaluate("document.images.length") == 0
        assert page.locator("#app script, #app img").count() == 0
        assert not dialogs, dialogs
        assert not [url for _, url in recorder.requests if url.endswith("/x")]

    open_page(page, site.url)
    # Typed in the new-game dialog (a name field takes up to 24 characters).
    view = start_game(page, [XSS_NAME, XSS_NAME_2], 3)
    typed = [p["name"] for p in view["players"]]
    assert typed == [XSS_NAME[:24], XSS_NAME_2[:24]]
    dig_and_check(typed)

    # Whole names, from a game file.
    record = json.loads(Table.new(["x", "y"], 3).record_text())
    record["setup"]["players"] = [XSS_NAME, XSS_NAME_2]
    import_file(page, "names.json", json.dumps(record))
    expect(page.locator("#notice")).to_contain_text("Game loaded from names.json.")
    dig_and_check([XSS_NAME, XSS_NAME_2])

    # A refused file's error message quotes the file: as text too.
    before = view_of(page)
    record["moves"] = [{"player": 0, "action": XSS_NAME}]
    import_file(page, "bad.json", json.dumps(record))
    notice = page.locator("#notice > span")
    expect(notice).to_contain_text(f"move 1 cannot be played (unknown action '{XSS_NAME}'")
    assert notice.evaluate("e => e.children.length") == 0
    assert page.evaluate("document.images.length") == 0 and not dialogs
    assert view_of(page) == before
    assert_clean(recorder, site)


def test_a_tap_shows_what_was_pressed_before_python_answers(site, page, recorder):
    """The click's own task only marks what was pressed (nothing drawn yet); the answer
    comes after that frame and takes the mark away, for a button as for a cell. A call
    into Python in between (here: asking for the view) answers the waiting tap first."""
    open_page(page, site.url)
    start_game(page, WHOLE_GAME_NAMES, 4)
    for target in ("action:dig", None, "action:dig", "cancel"):
        view = view_of(page)
        if target is None:  # a highlighted cell of the excavation just started
            target = clickable(view)["cells"][0]
        before = drawn(page)
        pressed, marks, drawn_then = page.evaluate(
            """(t) => {
              const el = document.querySelector(`[data-target="${t}"]`);
              el.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
              return [el.classList.contains("pressed"), document.querySelectorAll(".pressed").length,
                      Number(document.body.dataset.drawn)];
            }""",
            target,
        )
        assert pressed and marks == 1 and drawn_then == before, target
        if target != "cancel":
            wait_redraw(page, before)
            after = view_of(page)
            assert after != view, f"{target}: no answer"
        else:
            # Asked at once, Python answers the tap first: the move being built is gone.
            after = view_of(page)
            assert not after["building"] and after["revision"] == view["revision"]
            wait_redraw(page, before)
        expect(page.locator(".pressed")).to_have_count(0)
    assert_clean(recorder, site)
