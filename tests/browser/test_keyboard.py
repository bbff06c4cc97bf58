"""Playing the game page with the keyboard only (web/front/js/keyboard.js).

The whole-game test starts a seeded 3-player game in the new-game dialog and
plays it to the end screen with page.keyboard alone: Tab and Shift+Tab between
the action bar, the region and the museum, arrow keys inside them, Enter or
Space to choose, Escape to cancel. It reads ``window.mykerinos.call(`view`, `[]`)`` to
decide what to play and the focused element to know where it is, and checks
after every choice that focus went where the next decision is. The same
choices on ``page.table.Table`` give the same game, which is how the seed was
chosen: it ends in about 130 decisions with cards and museum rooms taken in
surveys and Sir Brown's museum bookings.

The other tests: Escape cancels a move half built (and only that); the arrow
keys at the grid's edges, over the Nile cards' cells and around the museum's
ring; focus surviving a redraw; a visible focus indicator.
"""

from __future__ import annotations

import collections
import json
import random

from playwright.sync_api import expect

from game import replay
from page.table import Table
from tests.browser.test_game_page import (
    TableDriver,
    assert_clean,
    clickable,
    drawn,
    open_page,
    plain,
    position,
    view_of,
    wait_redraw,
)

SEED = 45
NAMES = ["Ann", "Bob", "Cleo"]
MAX_DECISIONS = 400
COLUMNS = "abcdefgh"
FOCUS_RGB = "rgb(11, 87, 208)"  # --focus in web/front/style.css

# Where focus is: the element, its group and whether it is a legal target.
FOCUSED_JS = """() => {
  const a = document.activeElement;
  if (!a || a === document.body) return null;
  const zone = a.closest('#region') ? 'region' : a.closest('#museum') ? 'museum'
    : a.closest('#status .actions') ? 'toolbar' : a.closest('#end-screen') ? 'end'
    : a.closest('dialog') ? 'dialog' : a.closest('.menu') ? 'menu' : 'other';
  return { id: a.id || '', target: (a.dataset && a.dataset.target) || null,
           hl: a.classList.contains('hl'), zone, tabindex: a.getAttribute('tabindex') };
}"""

# The focused element's focus indicator: its outline, and for SVG elements the
# edge of its background shape.
FOCUS_STYLE_JS = """() => {
  const a = document.activeElement;
  const style = getComputedStyle(a);
  const bg = a.querySelector(
    ':scope > .cell-bg, :scope > .card-bg, :scope > .nile-bg, :scope > .room-bg');
  const edge = bg ? getComputedStyle(bg) : null;
  return { outline: style.outlineStyle, width: parseFloat(style.outlineWidth),
           colour: style.outlineColor, visible: a.matches(':focus-visible'),
           stroke: edge ? edge.stroke : null,
           strokeWidth: edge ? parseFloat(edge.strokeWidth) : null };
}"""


# ------------------------------------------------------------------ helpers
class Keys:
    """page.keyboard, counting every key pressed."""

    def __init__(self, page) -> None:
        self.page = page
        self.used: collections.Counter[str] = collections.Counter()

    def press(self, key: str, times: int = 1) -> None:
        for _ in range(times):
            self.page.keyboard.press(key)
            self.used[key] += 1

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)
        self.used["typing"] += 1

    def choose(self, key: str = "Enter") -> dict:
        """Enter or Space on the focused element; waits for the redraw."""
        before = drawn(self.page)
        self.press(key)
        wait_redraw(self.page, before)
        return view_of(self.page)


def focused(page) -> dict | None:
    return page.evaluate(FOCUSED_JS)


def focused_name(page) -> str:
    """ "cell:c3", "room:W1-5", "card:lemon-3a", a button's target or an id."""
    f = focused(page)
    assert f is not None, "focus is nowhere"
    for kind in ("cell", "room", "card"):
        if f["id"].startswith(kind + "-"):
            return f"{kind}:{f['id'][len(kind) + 1 :]}"
    return f["target"] or f["id"]


def toolbar_targets(page) -> list[str]:
    return page.eval_on_selector_all(
        "#status .actions button:not([disabled])", "els => els.map(e => e.dataset.target || e.id)"
    )


def cell_xy(name: str) -> tuple[int, int]:
    return COLUMNS.index(name[0]), int(name[1:])


def room_slot(room: str) -> tuple[int, int | None]:
    """Position on the museum's ring (clockwise) and level (3 inner, 5 outer, None: 2-room)."""
    head, value = room[1:].split("-")
    wing = int(head[0])
    if len(head) == 2:
        return (wing - 1) * 2 + 1, None
    return (wing - 1) * 2, int(value)


def decide(view: dict, rng: random.Random) -> str:
    """The test player's choice: real actions (Sir Brown's booking whenever it
    can, mostly), cubes anywhere legal, cards and sometimes rooms in surveys."""
    t = clickable(view)
    if view["building"]:
        return rng.choice(t["cells"] + t["rooms"])
    if t["cards"] or (t["rooms"] and not t["actions"]):
        if t["rooms"] and (not t["cards"] or rng.random() < 0.3):
            return rng.choice(t["rooms"])
        return rng.choice(t["cards"])
    actions = t["actions"]
    assert actions, f"nothing to choose: {view['prompt']}"
    if "action:museum:brown" in actions and rng.random() < 0.7:
        return "action:museum:brown"
    others = [a for a in actions if a != "action:pass"]
    if others and rng.random() >= 0.2:
        return rng.choice(others)
    return rng.choice(actions)


def enter_group(page, keys: Keys, zone: str) -> None:
    """Tab or Shift+Tab to the action bar, the region or the museum (each one stop)."""
    order = ["toolbar", "region", "museum"]
    here = focused(page)["zone"]
    assert here in order, f"focus is in {here}"
    step = "Tab" if order.index(zone) > order.index(here) else "Shift+Tab"
    keys.press(step, abs(order.index(zone) - order.index(here)))
    assert focused(page)["zone"] == zone


def go_to_button(page, keys: Keys, target: str) -> None:
    enter_group(page, keys, "toolbar")
    buttons = toolbar_targets(page)
    here = buttons.index(focused_name(page))
    there = buttons.index(target)
    keys.press("ArrowRight" if there > here else "ArrowLeft", abs(there - here))
    assert focused_name(page) == target


def go_to_cell(page, keys: Keys, name: str) -> None:
    enter_group(page, keys, "region")
    col, row = cell_xy(focused_name(page)[5:])
    to_col, to_row = cell_xy(name)
    keys.press("ArrowRight" if to_col > col else "ArrowLeft", abs(to_col - col))
    keys.press("ArrowDown" if to_row > row else "ArrowUp", abs(to_row - row))
    assert focused_name(page) == f"cell:{name}"


def go_to_room(page, keys: Keys, room: str) -> None:
    enter_group(page, keys, "museum")
    slot, level = room_slot(room)
    for _ in range(12):
        here = focused_name(page)[5:]
        if here == room:
            return
        at, at_level = room_slot(here)
        if at != slot:
            right = (slot - at) % 10
            keys.press("ArrowRight" if right <= 5 else "ArrowLeft")
        else:
            keys.press("ArrowUp" if level == 5 else "ArrowDown")
            assert at_level is not None
    assert focused_name(page) == f"room:{room}"


def centre(page, element_id: str) -> tuple[float, float]:
    box = page.locator(f"#{element_id}").bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def go_to_card(page, keys: Keys, card: str) -> None:
    enter_group(page, keys, "region")
    for _ in range(20):
        here = focused_name(page)
        assert here.startswith("card:"), here
        if here == f"card:{card}":
            return
        fx, fy = centre(page, f"card-{here[5:]}")
        tx, ty = centre(page, f"card-{card}")
        if abs(ty - fy) > 4:
            keys.press("ArrowDown" if ty > fy else "ArrowUp")
        else:
            keys.press("ArrowRight" if tx > fx else "ArrowLeft")
    assert focused_name(page) == f"card:{card}"


def go_to(page, keys: Keys, target: str) -> None:
    kind, _, value = target.partition(":")
    if kind == "cell":
        go_to_cell(page, keys, value)
    elif kind == "room":
        go_to_room(page, keys, value)
    elif kind == "card":
        go_to_card(page, keys, value)
    else:
        go_to_button(page, keys, target)


def assert_focus_follows(page, view: dict) -> None:
    """After a choice, focus is where the next decision is taken."""
    f = focused(page)
    assert f is not None, "focus was lost"
    t = clickable(view)
    if view["final"] is not None:
        assert f["zone"] == "end", f
    elif view["building"]:
        assert f["zone"] in ("region", "museum") and f["hl"], f
    elif t["actions"]:
        first = [a for a in t["actions"] if a != "action:pass"] or t["actions"]
        assert f["zone"] == "toolbar" and f["target"] == first[0], f
    elif t["cards"]:
        assert f["zone"] == "region" and f["hl"] and f["id"].startswith("card-"), f
    else:
        assert f["zone"] == "museum" and f["hl"], f


def start_by_keyboard(page, keys: Keys, names: list[str], seed: int, nile: bool = False) -> dict:
    """The new-game dialog, filled in and sent with keys. On a first visit it
    opens by itself, focus in the first name field."""
    expect(page.locator("#new-game-dialog")).to_be_visible()
    assert focused(page)["id"] == "player-name-0"
    assert page.eval_on_selector("#players-count", "e => e.value") == str(len(names))
    for i, name in enumerate(names):
        assert focused(page)["id"] == f"player-name-{i}"
        keys.type(name)
        keys.press("Tab", 2)  # past the seat list: a person plays
    assert focused(page)["id"] == "nile"
    if nile:
        keys.press("Space")
    keys.press("Tab")
    assert focused(page)["id"] == "seed"
    keys.type(str(seed))
    before = drawn(page)
    keys.press("Enter")
    wait_redraw(page, before)
    expect(page.locator("#new-game-dialog")).to_be_hidden()
    view = view_of(page)
    expected = plain(Table.new(names, seed, nile=nile).view())
    assert position(view) == position(expected)
    return view


# -------------------------------------------------------------------- tests
def test_seed_plays_a_game_with_surveys_and_museum_bookings() -> None:
    """The seed's game, played on the model with the same choices, has what
    the browser test is meant to cover."""
    driver = TableDriver(Table.new(NAMES, SEED))
    rng = random.Random(SEED)
    view = driver.view()
    kinds: collections.Counter[str] = collections.Counter()
    while view["final"] is None and driver.clicks < MAX_DECISIONS:
        target = decide(view, rng)
        survey = not view["building"] and not view["actions"]
        kinds[("survey " if survey else "") + target.partition(":")[0]] += 1
        if target.startswith("action:"):
            kinds[target] += 1
        view = driver.click(target)
    assert view["final"] is not None
    assert kinds["survey card"] >= 5 and kinds["survey room"] >= 1, kinds
    assert kinds["action:museum:brown"] >= 1 and kinds["room"] >= 1, kinds


def test_whole_game_with_the_keyboard_only(site, page, recorder):
    open_page(page, site.url)
    keys = Keys(page)
    view = start_by_keyboard(page, keys, NAMES, SEED)
    assert [p["name"] for p in view["players"]] == NAMES
    assert_focus_follows(page, view)

    # One Tab stop each: Tab goes from the action bar to the region, to the
    # museum; Shift+Tab comes back to the same button.
    start = focused_name(page)
    keys.press("Tab")
    assert focused(page)["zone"] == "region" and focused(page)["tabindex"] == "0"
    keys.press("Tab")
    assert focused(page)["zone"] == "museum" and focused(page)["tabindex"] == "0"
    keys.press("Shift+Tab", 2)
    assert focused_name(page) == start

    rng = random.Random(SEED)
    model = TableDriver(Table.new(NAMES, SEED))  # the same choices, by clicks on the model
    kinds: collections.Counter[str] = collections.Counter()
    decisions = 0
    escaped = False
    cards_seen = False
    while view["final"] is None:
        target = decide(view, rng)
        survey = not view["building"] and not view["actions"]
        kinds[("survey " if survey else "") + target.partition(":")[0]] += 1
        if target.startswith("action:"):
            kinds[target] += 1
        if target.startswith("card:") and not cards_seen:
            # The survey's cards are focusable, with a visible focus indicator.
            cards_seen = True
            style = page.evaluate(FOCUS_STYLE_JS)
            assert style["visible"] and style["outline"] != "none", style
            assert style["stroke"] == FOCUS_RGB and style["strokeWidth"] >= 4, style
        go_to(page, keys, target)
        revision = view["revision"]
        view = keys.choose("Enter" if decisions % 2 else " ")
        decisions += 1
        assert view["message"] is None, f"{target} refused: {view['message']}"
        assert_focus_follows(page, view)
        expected = model.click(target)
        assert position(view) == position(expected)
        if target.startswith("cell:") and view["revision"] == revision:
            kinds["chain"] += 1
            assert page.locator(f"#cell-{target[5:]}.chosen").count() == 1
            if not escaped:
                # Once: Escape drops the half-built move, then it is built again.
                escaped = True
                action = next(a["id"] for a in view["actions"] if a["selected"])
                half = view
                view = keys.choose("Escape")
                assert not view["building"] and view["revision"] == revision
                assert page.locator("#region .chosen").count() == 0
                assert_focus_follows(page, view)
                go_to(page, keys, action)
                view = keys.choose("Enter")
                go_to(page, keys, target)
                view = keys.choose("Enter")
                assert view == half
        assert decisions < MAX_DECISIONS, "the game does not end"

    assert cards_seen and kinds["survey card"] >= 5 and kinds["survey room"] >= 1, kinds
    assert kinds["action:museum:brown"] >= 1 and kinds["room"] >= 1, kinds
    assert kinds["chain"] >= 5 and kinds["action:pass"] >= 1 and escaped, kinds
    for key in (
        "Tab",
        "Shift+Tab",
        "Enter",
        " ",
        "Escape",
        "ArrowLeft",
        "ArrowRight",
        "ArrowUp",
        "ArrowDown",
    ):
        assert keys.used[key] > 0, (key, keys.used)

    # The end screen has focus; the game is exported from the menu, by keys.
    expect(page.locator("#end-screen")).to_be_visible()
    assert focused(page)["zone"] == "end"
    for _ in range(12):
        if focused(page)["id"] == "export":
            break
        keys.press("Shift+Tab")
    assert focused(page)["id"] == "export"
    with page.expect_download() as info:
        keys.press("Enter")
    with open(info.value.path(), encoding="utf-8") as f:
        record = json.load(f)
    assert record["setup"]["players"] == NAMES and record["setup"]["seed"] == SEED
    assert record["moves"] == plain(model.table.record())["moves"]

    final = replay(record).final
    assert final is not None
    shown = [int(page.locator(f'[data-total-player="{i}"]').text_content()) for i in range(3)]
    assert shown == final["scores"]
    winners = [NAMES[p] for p in final["winners"]]
    assert (
        page.locator("#end-screen thead th.winner > span:not(.crown)").all_text_contents()
        == winners
    )
    assert_clean(recorder, site)


def dig_by_keyboard(page, keys: Keys) -> dict:
    """One excavation: the Dig button, then Enter on the cell focus lands on."""
    go_to(page, keys, "action:dig")
    view = keys.choose("Enter")
    assert view["building"] and focused(page)["hl"]
    revision = view["revision"]
    view = keys.choose("Enter")
    assert view["revision"] == revision + 1 and view["message"] is None
    return view


def test_escape_cancels_a_move_half_built_and_closes_nothing_else(site, page, recorder):
    open_page(page, site.url)
    keys = Keys(page)
    start_by_keyboard(page, keys, NAMES, 4)
    for _ in range(3):  # everyone digs once
        dig_by_keyboard(page, keys)
    before = view_of(page)
    cubes = page.locator("#region .cube").count()

    def half_built() -> dict:
        go_to(page, keys, "action:extend")
        view = keys.choose("Enter")
        assert view["building"] and view["can_cancel"]
        assert focused(page)["zone"] == "region" and focused(page)["hl"]
        view = keys.choose("Enter")  # the first cube of two
        assert view["revision"] == before["revision"] and view["message"] is None
        assert [c["order"] for c in view["region"]["cells"] if c["order"]] == [1]
        expect(page.locator("#region .chosen .pending")).to_have_count(1)
        # Focus went on to a cell where the second cube may go.
        f = focused(page)
        assert f["zone"] == "region" and f["hl"], f
        return view

    # Escape in the new-game dialog closes the dialog, and only that.
    half = half_built()
    for _ in range(12):
        if focused(page)["id"] == "new-game":
            break
        keys.press("Shift+Tab")
    assert focused(page)["id"] == "new-game"
    keys.press("Enter")
    expect(page.locator("#new-game-dialog")).to_be_visible()
    assert focused(page)["zone"] == "dialog"
    keys.press("Escape")
    expect(page.locator("#new-game-dialog")).to_be_hidden()
    assert view_of(page) == half  # the move is still half built
    assert focused(page)["id"] == "new-game"

    # The next Escape (focus in the menu) cancels it; focus goes to the action bar.
    view = keys.choose("Escape")
    assert view == before
    expect(page.locator("#region .chosen, #region .pending")).to_have_count(0)
    expect(page.locator("[data-target='cancel']")).to_have_count(0)
    assert page.locator("#region .cube").count() == cubes
    assert_focus_follows(page, view)

    # And from the region, where the cube was chosen.
    half_built()
    view = keys.choose("Escape")
    assert view == before
    assert_focus_follows(page, view)
    # The cancelled move can be played all the same.
    go_to(page, keys, "action:extend")
    view = keys.choose("Enter")
    view = keys.choose("Enter")
    view = keys.choose("Enter")
    assert view["revision"] == before["revision"] + 1 and not view["building"]
    assert page.locator("#region .cube").count() == cubes + 2
    assert_clean(recorder, site)


def test_arrow_keys_at_the_grid_edges_over_the_nile_and_around_the_museum(site, page, recorder):
    open_page(page, site.url)
    keys = Keys(page)
    view = start_by_keyboard(page, keys, NAMES, 2, nile=True)
    assert view["nile"] and len(view["region"]["rows"]) == 6  # rows 1-6
    nile = {n["line"]: n["id"] for n in view["region"]["nile"]}

    def at(name: str) -> None:
        assert focused_name(page) == name, (focused_name(page), name)
        assert focused(page)["tabindex"] == "0"  # the group's one Tab stop follows

    # The region: nothing is highlighted yet, so Tab lands on a1.
    keys.press("Tab")
    at("cell:a1")
    assert page.locator("#cell-a1").get_attribute("aria-disabled") == "true"
    keys.press("ArrowLeft")
    at("cell:a1")
    keys.press("ArrowUp")
    at("cell:a1")
    keys.press("ArrowRight", 2)
    at("cell:c1")
    keys.press("ArrowRight")  # onto the Nile card of line 1
    at("cell:d1")
    assert page.locator(f"#card-{nile[1]} #cell-d1").count() == 1
    keys.press("ArrowRight")
    at("cell:e1")
    assert page.locator(f"#card-{nile[1]} #cell-e1").count() == 1
    keys.press("ArrowRight")
    at("cell:f1")
    keys.press("End")
    at("cell:h1")
    keys.press("ArrowRight")
    at("cell:h1")
    keys.press("ArrowDown", 2)
    at("cell:h3")
    keys.press("ArrowDown")  # to the next line of cards
    at("cell:h4")
    keys.press("ArrowDown", 5)
    at("cell:h6")
    keys.press("Home")
    at("cell:a6")
    keys.press("ArrowLeft")
    at("cell:a6")
    keys.press("ArrowRight", 3)  # the Nile card of line 2
    at("cell:d6")
    assert page.locator(f"#card-{nile[2]} #cell-d6").count() == 1
    keys.press("ArrowUp", 3)
    at("cell:d3")
    keys.press("Control+End")
    at("cell:h6")
    keys.press("Control+Home")
    at("cell:a1")

    # The museum: Right goes clockwise, Up to the outer room, Down to the inner one.
    keys.press("Tab")
    at("room:W1-3")
    keys.press("ArrowRight")
    at("room:W12-2")
    keys.press("ArrowUp")  # a 2-room has no outer room
    at("room:W12-2")
    keys.press("ArrowRight")
    at("room:W2-3")
    keys.press("ArrowUp")
    at("room:W2-5")
    keys.press("ArrowRight", 2)  # past a 2-room, still on the outer ring
    at("room:W3-5")
    keys.press("ArrowDown")
    at("room:W3-3")
    keys.press("ArrowDown")
    at("room:W3-3")
    keys.press("ArrowLeft", 4)
    at("room:W1-3")
    keys.press("ArrowLeft")  # around the ring
    at("room:W51-2")
    keys.press("ArrowLeft")
    at("room:W5-3")
    keys.press("ArrowRight", 10)
    at("room:W5-3")
    # Shift+Tab goes back to the region, on the cell left there.
    keys.press("Shift+Tab")
    at("cell:a1")
    keys.press("Tab")
    at("room:W5-3")
    assert_clean(recorder, site)


def test_arrow_keys_follow_the_region_turned_on_a_phone_held_sideways(site, browser):
    """Held sideways the region lies on its side (columns down, rows across): the arrows
    move as the eye sees it, Right along a line of cells on the screen, Down to the next."""
    context = browser.new_context(
        viewport={"width": 844, "height": 390}, is_mobile=True, has_touch=True
    )
    try:
        page = context.new_page()
        open_page(page, site.url)
        keys = Keys(page)
        start_by_keyboard(page, keys, NAMES, 2)
        assert page.locator("#region.turned").count() == 1

        def centre(name: str) -> tuple[float, float]:
            box = page.locator(f"#cell-{name} > .cell-bg").bounding_box()
            return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

        a1, a2, b1 = centre("a1"), centre("a2"), centre("b1")
        assert a2[0] > a1[0] + 20 and abs(a2[1] - a1[1]) < 1  # rows across
        assert b1[1] > a1[1] + 20 and abs(b1[0] - a1[0]) < 1  # columns down

        def at(name: str) -> None:
            assert focused_name(page) == name, (focused_name(page), name)

        keys.press("Tab")  # nothing highlighted: the first cell as the eye reads them
        at("cell:a1")
        keys.press("ArrowRight")
        at("cell:a2")
        keys.press("ArrowDown")
        at("cell:b2")
        keys.press("End")
        at("cell:b6")
        keys.press("ArrowRight")
        at("cell:b6")
        keys.press("Home")
        at("cell:b1")
        keys.press("ArrowLeft")
        at("cell:b1")
        keys.press("ArrowUp", 2)
        at("cell:a1")
        keys.press("ArrowDown", 8)
        at("cell:h1")
        keys.press("Control+End")
        at("cell:h6")
        keys.press("Control+Home")
        at("cell:a1")
    finally:
        context.close()


def test_focus_survives_redraws_and_is_visible(site, page, recorder):
    open_page(page, site.url)
    keys = Keys(page)
    view = start_by_keyboard(page, keys, NAMES, 3)

    def redraw(expression: str) -> dict:
        before = drawn(page)
        page.evaluate(f"{expression}.then(t => window.mykerinosUI.draw(JSON.parse(t)))")
        wait_redraw(page, before)
        return view_of(page)

    def visible(svg: bool) -> None:
        style = page.evaluate(FOCUS_STYLE_JS)
        assert style["visible"], style
        if svg:  # the edge of the shape (rooms have no box around them)
            assert style["stroke"] == FOCUS_RGB and style["strokeWidth"] >= 4, style
        else:
            assert style["outline"] != "none" and style["width"] >= 2, style
            assert style["colour"] == FOCUS_RGB, style

    # Buttons of the action bar.
    assert focused(page)["zone"] == "toolbar"
    visible(svg=False)
    keys.press("ArrowLeft")
    assert focused_name(page) == "action:pass"
    visible(svg=False)
    keys.press("ArrowRight", 2)
    assert focused(page)["id"] == "hint"
    visible(svg=False)

    # A room that cannot be chosen, through a redraw from elsewhere (as when
    # a computer player moves): focus stays on it.
    keys.press("Tab", 2)
    keys.press("ArrowRight", 2)
    keys.press("ArrowUp")
    assert focused_name(page) == "room:W2-5" and not focused(page)["hl"]
    visible(svg=True)
    redraw("window.mykerinos.call(`view`, `[]`)")
    assert focused_name(page) == "room:W2-5" and focused(page)["tabindex"] == "0"
    visible(svg=True)

    # A highlighted cell, then the same cell once it is no longer legal.
    keys.press("Shift+Tab", 2)
    go_to(page, keys, "action:dig")
    view = keys.choose("Enter")
    f = focused(page)
    assert f["zone"] == "region" and f["hl"]
    cell = focused_name(page)
    assert (
        cell
        == "cell:"
        + min((c for c in view["region"]["cells"] if c["hl"]), key=lambda c: (c["row"], c["col"]))[
            "name"
        ]
    )
    visible(svg=True)
    view = redraw('window.mykerinos.call(`click`, `["cancel"]`)')
    assert not view["building"]
    f = focused(page)
    assert focused_name(page) == cell and not f["hl"] and f["tabindex"] == "0", f
    assert page.locator(f"#cell-{cell[5:]}").get_attribute("aria-disabled") == "true"
    visible(svg=True)

    # Enter on it now: the engine's refusal, as a click would get; focus stays.
    view = keys.choose("Enter")
    assert view["message"] and view["revision"] == 0
    expect(page.locator("#message")).to_have_text(view["message"])
    assert focused_name(page) == cell

    # The menu and the new-game dialog.
    for _ in range(12):
        if focused(page)["id"] == "new-game":
            break
        keys.press("Shift+Tab")
    assert focused(page)["id"] == "new-game"
    visible(svg=False)
    keys.press("Enter")
    assert focused(page)["id"] == "player-name-0"
    keys.press("Tab")
    assert focused(page)["id"] == "seat-0"
    visible(svg=False)
    keys.press("Escape")
    expect(page.locator("#new-game-dialog")).to_be_hidden()
    assert_clean(recorder, site)


# Each group's description of its keys: the element aria-describedby names,
# its text, and whether it is the element marked before (window.__helps).
HELPS_JS = """(mark) => {
  const groups = { region: '#region', museum: '#museum', actions: '#status .actions' };
  const out = {};
  for (const [name, sel] of Object.entries(groups)) {
    const group = document.querySelector(sel);
    const help = group && document.getElementById(group.getAttribute('aria-describedby') || '');
    if (mark && help) (window.__helps ||= {})[name] = help;
    out[name] = { text: help ? help.textContent : null,
                  same: !!help && !!window.__helps && window.__helps[name] === help };
  }
  return out;
}"""


def test_the_keys_descriptions_stay_put_while_the_game_is_drawn_again(site, page, recorder):
    """The hidden descriptions of each group's keys are drawn once and kept:
    a redraw of the region, the museum or the action bar neither takes them
    out nor puts new ones in (nothing else in those boxes is moved for them)."""
    open_page(page, site.url)
    keys = Keys(page)
    view = start_by_keyboard(page, keys, NAMES, 3)
    first = page.evaluate(HELPS_JS, True)
    assert all(h["text"] for h in first.values()), first
    go_to(page, keys, "action:dig")
    view = keys.choose("Enter")
    assert view["building"]
    view = keys.choose("Enter")  # a cell: the move goes on or is made
    assert view["message"] is None
    after = page.evaluate(HELPS_JS, False)
    assert all(h["same"] and h["text"] for h in after.values()), after
    # The drawn boxes hold the drawing only.
    inside = "#status .sr-only, #region-box .sr-only, #museum-box .sr-only"
    assert page.evaluate(f"document.querySelectorAll('{inside}').length") == 0
    assert_clean(recorder, site)


# Every element built from now on (document.createElementNS), kept in window.__built.
COUNT_BUILT_JS = """() => {
  window.__built = [];
  if (window.__counting) return;
  window.__counting = true;
  const make = document.createElementNS.bind(document);
  document.createElementNS = (ns, tag, ...rest) => {
    const el = make(ns, tag, ...rest);
    window.__built.push(el);
    return el;
  };
}"""

# The region's cells as drawn: highlight, its attributes and tooltip; and how
# many cells were built since COUNT_BUILT_JS, shown or not (a cell drawn anew
# to be morphed into the one shown counts).
CELLS_JS = """() => [Array.from(document.querySelectorAll('#region g.cell')).map((g) => ({
  name: g.id.slice(5), hl: g.classList.contains('hl'), dataHl: g.dataset.hl || null,
  disabled: g.getAttribute('aria-disabled'), label: g.getAttribute('aria-label'),
  title: g.querySelector(':scope > title').textContent,
})), window.__built.filter((el) => el.classList.contains('cell')).length]"""


def test_a_highlight_that_comes_and_goes_redraws_no_cell(site, page, recorder):
    """Choosing an action highlights its cells, and cancelling it takes the
    highlights away: each cell's class, state and labels follow the view, set
    on the cell already drawn (no cell is built again for it)."""
    open_page(page, site.url)
    keys = Keys(page)
    view = start_by_keyboard(page, keys, NAMES, 3)

    def redraw(call: str) -> tuple[dict, list[dict]]:
        page.evaluate(COUNT_BUILT_JS)
        before = drawn(page)
        page.evaluate(
            f"window.mykerinos.call(`click`, `{call}`).then(t => window.mykerinosUI.draw(JSON.parse(t)))"
        )
        wait_redraw(page, before)
        cells, built = page.evaluate(CELLS_JS)
        assert built == 0, f"{built} cells built for {call}"
        return view_of(page), cells

    titles = []
    for call, building in (('["action:dig"]', True), ('["cancel"]', False)):
        view, cells = redraw(call)
        assert bool(view["building"]) == building
        hl = {c["name"] for c in view["region"]["cells"] if c["hl"]}
        assert (len(hl) > 3) == building, hl
        assert {c["name"] for c in cells if c["hl"]} == hl
        for c in cells:
            if c["name"] in hl:
                assert c["dataHl"] == "1" and c["disabled"] is None, c
            else:
                assert c["dataHl"] is None and c["disabled"] == "true", c
            assert c["label"] and c["title"].startswith(c["name"]), c
        titles.append(({c["name"]: c["title"] for c in cells}, hl))
    # The tooltips say which cells could be chosen, and say it no longer once cancelled.
    (dug, legal), (cancelled, _) = titles
    for name, title in dug.items():
        assert (title != cancelled[name]) == (name in legal), (name, title, cancelled[name])
    assert_clean(recorder, site)
