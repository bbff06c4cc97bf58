"""Accessibility of the game page in real Chromium.

- An axe-core audit (the pinned npm package, injected from node_modules/,
  never from a CDN) in several states of the page: new-game dialog, a board
  with an action selected, a survey decision, two players with neutral cubes,
  a Nile game and a Nile survey, the end screen, on a desktop and on a
  phone-sized screen; and on the loading screen, loading and failed. No
  violation may be "serious" or "critical". axe does not judge text drawn in SVG (short labels, text over
  shapes), so the same states also get a check of our own: every SVG label
  against the shapes it is drawn on (WCAG AA: 4.5:1, 3:1 for large text),
  and the outline of every highlighted cell, room or card against its fill
  and its surroundings (3:1).
- Player colours are never the only cue: every cube, token and pending cube
  carries its player's letter, wherever it is drawn.
- A phone (360x740, touch): no sideways scrolling, the board scaled to the
  width, tap targets of at least 24 CSS pixels, the new-game dialog on the
  screen, and moves played by taps.
- prefers-reduced-motion: reduce stops every animation and transition (and
  without it the highlights do pulse, so the check sees animations).
"""

from __future__ import annotations

import json
import random
import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from game.position import Phase
from game.record import new_game, to_record
from game.selfplay import random_game
from tests.browser.browser_helpers import (
    READY_TIMEOUT_MS,
    ROOT,
    drawn,
    press,
    start_game,
    view_of,
    wait_ready,
    wait_redraw,
)

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
NAMES = ["Ann", "Bob", "Cleo", "Dan"]
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
MIN_TARGET = 24  # CSS pixels (WCAG 2.2, 2.5.8)

# axe-core, with the target-size rule (off by default) switched on: the board
# is played by touch.
AXE_RUN = """async () => {
  const result = await axe.run(document, { rules: { "target-size": { enabled: true } } });
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    targets: v.nodes.map((n) => n.target.join(" ")),
  }));
}"""

# Contrast of what axe cannot judge: SVG text, and the outlines that mark
# highlighted targets. Colours come from the computed styles; the backdrop of
# a point is every shape drawn before it that covers it (isPointInFill),
# composited over the page's background behind the SVG.
SVG_CONTRAST = """() => {
  const parse = (value) => {
    let m = /rgba?\\(([^)]*)\\)/.exec(value);
    if (m) {
      const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
      return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
    }
    m = /color\\(srgb ([^)]*)\\)/.exec(value);
    if (m) {
      const p = m[1].split(/[\\s\\/]+/).filter(Boolean).map(Number);
      return [p[0] * 255, p[1] * 255, p[2] * 255, p.length > 3 ? p[3] : 1];
    }
    return null;
  };
  const over = (top, bottom) => [0, 1, 2].map((i) => top[i] * top[3] + bottom[i] * (1 - top[3])).concat([1]);
  const lum = (c) => {
    const f = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const ratio = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const hex = (c) => "#" + c.slice(0, 3).map((v) => Math.round(v).toString(16).padStart(2, "0")).join("");
  const opacity = (el) => {
    let o = 1;
    for (let e = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
    return o;
  };
  const pageBackground = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) {
        layers.push(c);
        if (c[3] >= 1) break;
      }
    }
    let bg = [255, 255, 255, 1];
    for (const c of layers.reverse()) bg = over(c, bg);
    return bg;
  };
  const paint = (shape, property) => {
    const cs = getComputedStyle(shape);
    let value = cs[property];
    if (value.startsWith("url(")) {  // a pattern: its first rectangle's colour
      const pattern = document.getElementById(/#([^")]+)/.exec(value)[1]);
      const base = pattern && pattern.querySelector("rect");
      if (!base) return null;
      value = getComputedStyle(base).fill;
    }
    const c = parse(value);
    if (!c) return null;
    const own = property === "fill" ? cs.fillOpacity : cs.strokeOpacity;
    c[3] *= Number(own) * opacity(shape);
    return c;
  };
  const SHAPES = "rect, circle, ellipse, path, polygon";
  const shown = (el) => el.getBoundingClientRect().width > 0 && getComputedStyle(el).visibility === "visible";
  // What lies under point p of root's user space, drawn before el (but not inside skip).
  const backdrop = (root, el, p, skip) => {
    let bg = pageBackground(root);
    for (const shape of root.querySelectorAll(SHAPES)) {
      if (shape.ownerSVGElement !== root || shape.closest("defs, title")) continue;
      if (skip && skip.contains(shape)) continue;
      if (!(el.compareDocumentPosition(shape) & Node.DOCUMENT_POSITION_PRECEDING)) continue;
      if (!shown(shape) || !shape.isPointInFill(p)) continue;
      const c = paint(shape, "fill");
      if (c) bg = over(c, bg);
    }
    return bg;
  };
  const where = (el) => {
    const owner = el.closest("[id]");
    const cls = el.getAttribute("class")
      || (el.parentElement && el.parentElement.getAttribute("class")) || "";
    return `${owner ? "#" + owner.id : "?"} ${el.tagName}.${cls.replace(/ /g, ".")}`;
  };
  const bad = [];
  let texts = 0;
  for (const text of document.querySelectorAll("#app svg text")) {
    const root = text.ownerSVGElement;
    if (!text.textContent.trim() || !shown(text)) continue;
    const cs = getComputedStyle(text);
    let p;
    const along = text.querySelector("textPath");
    if (along) {  // a label along an arc: the middle of its path
      const path = document.querySelector(along.getAttribute("href"));
      const q = path.getPointAtLength(path.getTotalLength() / 2);
      p = new DOMPoint(q.x, q.y);
    } else {
      const b = text.getBBox();
      p = new DOMPoint(b.x + b.width / 2, b.y + b.height / 2);
    }
    const bg = backdrop(root, text, p, null);
    const fill = paint(text, "fill");
    if (!fill) continue;
    const fg = over(fill, bg);
    let r = ratio(fg, bg);
    const halo = cs.stroke !== "none" && parseFloat(cs.strokeWidth) >= 2 && cs.paintOrder.startsWith("stroke")
      ? paint(text, "stroke") : null;
    if (halo) r = Math.max(r, ratio(fg, over(halo, bg)));
    const px = parseFloat(cs.fontSize) * root.getScreenCTM().a;
    const large = px >= 24 || (px >= 18.66 && Number(cs.fontWeight) >= 700);
    const need = large ? 3 : 4.5;
    texts += 1;
    if (r < need) {
      bad.push(`text "${text.textContent.trim()}" ${where(text)}: `
        + `${r.toFixed(2)} < ${need} (${hex(fg)} on ${hex(bg)})`);
    }
  }
  let outlines = 0;
  for (const target of document.querySelectorAll("#app svg .hl[data-target]")) {
    // Its first shape but a card's shadow (.shade), which has no outline.
    const shape = [...target.querySelectorAll(SHAPES)].find((el) => !el.classList.contains("shade"));
    if (!shape || !shown(shape)) continue;
    const root = shape.ownerSVGElement;
    const stroke = paint(shape, "stroke");
    const b = shape.getBBox();
    const p = new DOMPoint(b.x + b.width / 2, b.y + b.height / 2);
    const around = backdrop(root, target, p, target);
    const fill = paint(shape, "fill");
    const inside = fill ? over(fill, around) : around;
    const line = over(stroke, around);
    outlines += 1;
    for (const [what, c] of [["its fill", inside], ["what is around it", around]]) {
      const r = ratio(line, c);
      if (r < 3) {
        bad.push(`outline of ${where(shape)} against ${what}: `
          + `${r.toFixed(2)} < 3 (${hex(line)} on ${hex(c)})`);
      }
    }
  }
  return { texts, outlines, bad };
}"""


# ------------------------------------------------------------------ helpers


def tap_cell(page, cell: str) -> dict:
    """Tap a cell of the region; it must be taken (the page redraws)."""
    before = drawn(page)
    page.tap(f"#cell-{cell}")
    try:
        page.wait_for_function(
            "n => Number(document.body.dataset.drawn || 0) > n", arg=before, timeout=5000
        )
    except PlaywrightTimeout:
        raise AssertionError(f"the tap on {cell} was lost: nothing happened") from None
    return view_of(page)


def new_context(browser, **options):
    context = browser.new_context(service_workers="block", **options)
    context.set_default_timeout(READY_TIMEOUT_MS)
    return context


def open_page(context, site):
    """A first visit: the new-game dialog is open over a fresh game."""
    page = context.new_page()
    page.goto(site.url)
    wait_ready(page)
    expect(page.locator("#new-game-dialog")).to_be_visible()
    return page


def close_dialog(page) -> None:
    page.click("#cancel-new-game")
    expect(page.locator("#new-game-dialog")).to_be_hidden()


def import_record(page, record: dict) -> dict:
    """Load a record through the Import button's file input."""
    before = drawn(page)
    page.set_input_files(
        "#import-file",
        files=[
            {
                "name": "game.json",
                "mimeType": "application/json",
                "buffer": json.dumps(record).encode(),
            }
        ],
    )
    wait_redraw(page, before)
    return view_of(page)


def select_action(page, touch: bool = False) -> dict:
    """Press the first action that is not a pass: cells light up."""
    view = view_of(page)
    action = next(a["id"] for a in view["actions"] if a["id"] != "action:pass")
    before = drawn(page)
    press(page, f'[data-target="{action}"]', touch)
    wait_redraw(page, before)
    expect(page.locator('#region [data-hl="1"]').first).to_be_visible()
    return view_of(page)


def survey_record(players: int, seed: int, nile: bool = False, before: bool = False) -> dict:
    """Random legal moves until a player must choose a card or a museum room
    (`before`: the last position before that survey began)."""
    state = new_game(NAMES[:players], seed, nile=nile)
    rng = random.Random(seed)
    previous = None
    for _ in range(400):
        legal = state.legal_moves()
        if {"claim", "museum"} <= {m.action for m in legal}:
            assert previous is not None
            return previous if before else to_record(state)
        if state.phase is not Phase.SURVEY:
            previous = to_record(state)
        state.play(rng.choice(legal))
    raise AssertionError("no survey decision reached")


def busy_record(seed: int, moves: int) -> dict:
    """A 4-player Nile game after a number of random legal moves, stopped at an
    excavation turn where a cube may be added to a group ("extend")."""
    state = new_game(NAMES, seed, nile=True)
    rng = random.Random(seed)
    for _ in range(600):
        legal = state.legal_moves()
        if len(state.moves) >= moves and "extend" in {m.action for m in legal}:
            return to_record(state)
        state.play(rng.choice(legal))
    raise AssertionError("no such position reached")


def axe_violations(page) -> list[dict]:
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(AXE_RUN)


def audit(page, state: str, board: bool = True) -> tuple[list[str], dict]:
    """Serious and critical axe violations, and failed SVG contrast checks
    (described, one a line), with the counts of what the SVG check saw."""
    problems = []
    for v in axe_violations(page):
        if v["id"] == "label-content-name-mismatch" and all(
            t.startswith(("#card-", "#room-", "#cell-")) for t in v["targets"]
        ):
            # Not applicable to the cards, rooms and cells of the board: the visible
            # text axe finds in them is the letters of the cubes and tokens lying on
            # them (the board's content, hidden from screen readers; the name says
            # whose they are), not a label of the card, room or cell.
            continue
        if v["impact"] in ("serious", "critical"):
            problems.append(
                f"[{state}] axe {v['id']} ({v['impact']}: {v['help']}): {v['targets'][:8]}"
            )
    found = page.evaluate(SVG_CONTRAST)
    if board:  # the check really ran: the board is drawn with labels
        assert found["texts"] >= 20, f"[{state}] only {found['texts']} SVG labels checked"
    problems += [f"[{state}] {line}" for line in found["bad"]]
    return problems, found


# -------------------------------------------------------------------- tests
@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_axe_and_svg_contrast_in_every_state(browser, site, recorder, screen):
    context = new_context(browser, **(DESKTOP if screen == "desktop" else PHONE))
    recorder.attach(context)
    try:
        page = open_page(context, site)
        problems = []
        outlines = {}

        found_problems, _ = audit(page, "new-game dialog", board=False)
        problems += found_problems

        start_game(page, NAMES[:3], 5)
        select_action(page)
        found_problems, found = audit(page, "action selected")
        problems += found_problems
        outlines["action selected"] = found["outlines"]

        view = import_record(page, survey_record(3, 4))
        assert view["phase"] == "survey"
        assert page.locator('#region .parcel[data-hl="1"]').count() >= 1
        assert page.locator('#museum .room[data-hl="1"]').count() >= 1
        found_problems, found = audit(page, "survey decision")
        problems += found_problems
        outlines["survey decision"] = found["outlines"]

        # Two players: neutral (grey) cubes on the board, in a survey.
        view = import_record(page, survey_record(2, 2))
        assert page.locator("#region .cube.c-grey").count() >= 1
        found_problems, _ = audit(page, "2 players, neutral cubes")
        problems += found_problems

        start_game(page, NAMES[:4], 3, nile=True)
        select_action(page)
        found_problems, found = audit(page, "Nile game")
        problems += found_problems
        outlines["Nile game"] = found["outlines"]

        view = import_record(page, survey_record(4, 6, nile=True))
        assert view["nile"] and view["phase"] == "survey"
        found_problems, found = audit(page, "Nile survey")
        problems += found_problems

        view = import_record(page, to_record(random_game(4, 11, nile=True)))
        assert view["final"] is not None
        expect(page.locator("#end-screen")).to_be_visible()
        found_problems, _ = audit(page, "end screen")
        problems += found_problems

        assert not problems, "accessibility problems:\n" + "\n".join(problems)
        # Highlighted cells, cards and rooms were there to be checked.
        assert all(n >= 5 for n in outlines.values()), outlines
        recorder.assert_no_console_errors()
        recorder.assert_only_host(site.host)
    finally:
        context.close()


def test_every_piece_carries_its_players_letter(browser, site):
    context = new_context(browser, **DESKTOP)
    try:
        page = open_page(context, site)
        close_dialog(page)
        # Season 2: cubes of every player, rooms held, Greenwish tokens, someone passed.
        view = import_record(page, busy_record(3, 55))
        assert view["season"] == 2 and view["phase"] == "excavation"
        letters = {p["index"]: p["letter"] for p in view["players"]}
        assert len(set(letters.values())) == 4, letters
        shapes = [p["shape"] for p in view["players"]]
        assert len(set(shapes)) == 4, shapes

        def letter_of(side):
            return view["neutral"]["letter"] if side == "neutral" else letters[side]

        owned = [c for c in view["region"]["cells"] if c["owner"] is not None]
        assert {c["owner"] for c in owned} >= set(letters), "not every player has a cube out"
        for cell in owned:
            shown = page.locator(f"#cell-{cell['name']} .cube text").all_text_contents()
            assert shown == [letter_of(cell["owner"])], (cell["name"], shown)
        held = [r for r in view["museum"] if r["holder"] is not None]
        assert held, "no museum room held"
        for room in held:
            shown = page.locator(f"#room-{room['id']} .cube text").all_text_contents()
            assert shown == [letter_of(room["holder"])], (room["id"], shown)
        tokens = [
            ("cell", c["name"], c["token"])
            for c in view["region"]["cells"]
            if c["token"] is not None
        ]
        tokens += [("room", r["id"], r["token"]) for r in view["museum"] if r["token"] is not None]
        assert tokens, "no Greenwish token on the board"
        for kind, name, side in tokens:
            shown = page.locator(f"#{kind}-{name} .token text").all_text_contents()
            assert shown == [letter_of(side)], (name, shown)
        # Tokens in hand, seat marks in the player panels, the passing scale.
        for p in view["players"]:
            panel = page.locator(f'.player[data-player="{p["index"]}"]')
            assert panel.locator("header svg.seat text").text_content() == p["letter"]
            chips = panel.locator(".tokens .token text").all_text_contents()
            assert chips == [p["letter"]] * p["tokens"], (p["name"], chips)
        passed = [who for who in view["scale"] if who is not None]
        assert passed, "nobody on the passing scale"
        assert page.locator(".scale-space.taken svg.seat text").all_text_contents() == [
            letter_of(who) for who in passed
        ]

        # A cube being placed (not yet played) shows the mover's letter too.
        before = drawn(page)
        page.click('[data-target="action:extend"]')
        wait_redraw(page, before)
        view = view_of(page)
        first = next(c["name"] for c in view["region"]["cells"] if c["hl"])
        mover = letters[view["to_move"]]
        before = drawn(page)
        page.click(f'[data-target="cell:{first}"]')
        wait_redraw(page, before)
        view = view_of(page)
        assert view["building"], "the extension was played with one cube"
        pending = page.locator(f"#cell-{first} .pending text")
        expect(pending).to_have_count(1)
        assert pending.text_content() == f"{mover}1"
    finally:
        context.close()


def test_phone_fits_and_plays_by_touch(browser, site, recorder):
    context = new_context(browser, **PHONE)
    recorder.attach(context)
    try:
        page = open_page(context, site)
        width = page.viewport_size["width"]

        # The new-game dialog, with four players, is on the screen.
        page.select_option("#players-count", "4")
        box = page.locator("#new-game-dialog").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, box
        assert box["y"] >= 0 and box["y"] + box["height"] <= 740, box
        for selector in [
            "#players-count",
            "#player-name-3",
            "#seat-3",
            "#nile",
            "#seed",
            "#cancel-new-game",
            "#start-game",
        ]:
            b = page.locator(selector).bounding_box()
            assert min(b["width"], b["height"]) >= MIN_TARGET, (selector, b)
            assert b["x"] >= 0 and b["x"] + b["width"] <= width, (selector, b)
        # Names stay wide enough to read what is typed.
        assert page.locator("#player-name-0").bounding_box()["width"] >= 150

        view = start_game(page, NAMES[:4], 3, nile=True, touch=True)
        record = json.loads(
            page.evaluate("window.mykerinos.call(`exportRecord`, `[]`).then(JSON.parse)")
        )
        moves = len(record["moves"])

        def no_sideways_scroll():
            scroll = page.evaluate("document.scrollingElement.scrollWidth")
            assert scroll <= width, f"the page scrolls sideways: {scroll} > {width}"

        no_sideways_scroll()
        for panel in ["#region", "#museum", "#scale-box", "#players", "#turn"]:
            b = page.locator(panel).bounding_box()
            assert b["x"] >= 0 and b["x"] + b["width"] <= width, (panel, b)
        # The region and the museum use the width they are given.
        assert page.locator("#region").bounding_box()["width"] >= width - 40
        assert page.locator("#museum").bounding_box()["width"] >= width - 60

        # Every button and every cell and room is big enough to tap.
        small = page.evaluate(
            """(min) => {
          const out = [];
          for (const el of document.querySelectorAll(
              "#app button, #app .button, #app select, #region .cell, #museum .room, #region .parcel")) {
            const r = el.getBoundingClientRect();
            if (r.width && Math.min(r.width, r.height) < min) {
              out.push(`${el.id || el.className} ${r.width.toFixed(1)}x${r.height.toFixed(1)}`);
            }
          }
          return out;
        }""",
            MIN_TARGET,
        )
        assert not small, f"tap targets under {MIN_TARGET}px: {small}"

        # One excavation by taps: the action, then highlighted cells until it is played.
        mover = view["to_move"]
        letter = view["players"][mover]["letter"]
        view = select_action(page, touch=True)
        no_sideways_scroll()
        revision = view["revision"]
        tapped = []
        while view["revision"] == revision:
            cell = next(c["name"] for c in view["region"]["cells"] if c["hl"])
            view = tap_cell(page, cell)
            assert view["message"] is None, view["message"]
            tapped.append(cell)
            assert len(tapped) <= 4, "the move is never played"
        owners = {c["name"]: c["owner"] for c in view["region"]["cells"]}
        assert [owners[c] for c in tapped] == [mover] * len(tapped)
        for cell in tapped:
            assert page.locator(f"#cell-{cell} .cube text").text_content() == letter
        record = json.loads(
            page.evaluate("window.mykerinos.call(`exportRecord`, `[]`).then(JSON.parse)")
        )
        assert len(record["moves"]) == moves + 1
        assert record["moves"][-1]["cells"] == tapped
        assert view["to_move"] != mover
        no_sideways_scroll()

        # Later in a game, a cube of an extension, tapped right after its action.
        view = import_record(page, busy_record(3, 55))
        mover = view["players"][view["to_move"]]["letter"]
        before = drawn(page)
        page.tap('[data-target="action:extend"]')
        wait_redraw(page, before)
        cell = next(c["name"] for c in view_of(page)["region"]["cells"] if c["hl"])
        view = tap_cell(page, cell)
        assert [c["name"] for c in view["region"]["cells"] if c["order"]] == [cell]
        assert page.locator(f"#cell-{cell} .pending text").text_content() == f"{mover}1"
        no_sideways_scroll()
        recorder.assert_no_console_errors()
    finally:
        context.close()


ANIMATED = """() => {
  // Elements that only exist while computer players think or start: made here
  // with the page's own classes, so that the stylesheet's rules apply to them.
  const probe = document.createElement("div");
  probe.innerHTML = '<span class="spinner"></span><span class="badge turn thinking">'
    + '<span class="dots">…</span></span><button type="button" class="action">x</button>';
  document.querySelector("#turn").append(probe);
  const seconds = (list) => Math.max(...list.split(",").map((v) => parseFloat(v) || 0));
  const out = {};
  const check = (name, el) => {
    if (!el) { out[name] = null; return; }
    const cs = getComputedStyle(el);
    out[name] = {
      animation: cs.animationName === "none" ? 0 : seconds(cs.animationDuration),
      transition: seconds(cs.transitionDuration),
    };
  };
  check("highlighted cell", document.querySelector('#region .cell.hl .cell-bg'));
  check("highlighted room", document.querySelector('#museum .room.hl .room-bg'));
  check("highlighted card", document.querySelector('#region .parcel.hl .card-bg'));
  check("spinner", probe.querySelector(".spinner"));
  check("thinking dots", probe.querySelector(".dots"));
  check("button", probe.querySelector("button"));
  out.running = document.getAnimations().length;
  probe.remove();
  return out;
}"""


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_reduced_motion_stops_animations(browser, site, motion):
    context = new_context(browser, **DESKTOP, reduced_motion=motion)
    try:
        page = open_page(context, site)
        close_dialog(page)
        import_record(page, survey_record(3, 4))  # cards and rooms highlighted
        found = page.evaluate(ANIMATED)
        start_game(page, NAMES[:3], 5)
        select_action(page)  # cells highlighted
        found["highlighted cell"] = page.evaluate(ANIMATED)["highlighted cell"]
        running = page.evaluate(ANIMATED)["running"]
        parts = {k: v for k, v in found.items() if k != "running"}
        assert all(v is not None for v in parts.values()), parts
        if motion == "reduce":
            moving = {k: v for k, v in parts.items() if v["animation"] or v["transition"]}
            assert not moving, f"still moving with reduced motion: {moving}"
            assert running == 0 and found["running"] == 0, (running, found["running"])
        else:
            # Without the preference they do move: the check above can see it.
            pulsing = [
                "highlighted cell",
                "highlighted room",
                "highlighted card",
                "spinner",
                "thinking dots",
            ]
            assert all(parts[k]["animation"] > 0 for k in pulsing), parts
            assert parts["button"]["transition"] > 0, parts
            assert running > 0
    finally:
        context.close()


PULSING = """() => [...document.querySelectorAll(
  '#region .parcel.hl .card-bg, #region .nile-card.hl .nile-bg, #museum .room.hl .room-bg')]
  .map((el) => getComputedStyle(el).animationName)"""


def test_a_computers_choices_in_a_survey_are_shown_without_pulsing(browser, site):
    # The pulse is for a person's eye; while a computer chooses it would only take
    # the processor from the computer's thinking (its repaints run every frame).
    context = new_context(browser, **DESKTOP, reduced_motion="no-preference")
    try:
        page = open_page(context, site)
        close_dialog(page)
        record = survey_record(3, 4)
        person = import_record(page, record)
        assert set(page.evaluate(PULSING)) == {"glow"}, "a person's choices pulse"
        seats = ["human"] * 3
        seats[person["to_move"]] = "expert"
        computer = import_record(page, {**record, "seats": seats})
        assert computer["bot_to_move"] == "expert"
        expect(page.locator("body")).to_have_attribute("data-bot", "thinking")
        shown = page.evaluate(PULSING)
        assert shown and set(shown) == {"none"}, shown
    finally:
        context.close()


@pytest.mark.parametrize("outcome", ["loading", "failed"])
def test_loading_screen_passes_the_audit(browser, site, outcome):
    """The loading screen while Python starts, and when the game cannot start."""
    context = new_context(browser, **PHONE)
    try:
        if outcome == "loading":
            context.route("**/page/main.py", lambda route: None)  # never answered
        else:
            context.route(
                "**/page/main.py",
                lambda route: route.fulfill(
                    status=200,
                    content_type="text/plain",
                    body='raise RuntimeError("no game today")\n',
                ),
            )
        page = context.new_page()
        page.goto(site.url)
        loader = page.locator("#loader")
        expect(loader).to_be_visible()
        if outcome == "failed":
            expect(loader).to_have_class(re.compile(r"\bfailed\b"), timeout=READY_TIMEOUT_MS)
        expect(page.locator("#loader-step")).not_to_have_text(re.compile(r"^\s*$"))
        problems = [
            f"axe {v['id']} ({v['impact']}: {v['help']}): {v['targets'][:8]}"
            for v in axe_violations(page)
            if v["impact"] in ("serious", "critical")
        ]
        assert not problems, f"loading screen ({outcome}):\n" + "\n".join(problems)
        assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["viewport"]["width"]
    finally:
        context.close()


def test_a_survey_moving_to_the_next_area_fades_the_nile_without_drawing_cells_again(
    browser, site, recorder
):
    """In a Nile game's surveys, the Nile's cells of the other areas fade: when
    the survey moves on to the next area, the faded cells follow it, each set
    on the cell already shown; only the cells whose content changed (cubes
    taken off an area surveyed) are drawn again."""
    from tests.browser.test_game_page import choose
    from tests.browser.test_keyboard import COUNT_BUILT_JS

    def content(v: dict) -> dict[str, str]:
        return {
            c["name"]: json.dumps({k: x for k, x in c.items() if k != "hl"}, sort_keys=True)
            for c in v["region"]["cells"]
        }

    context = new_context(browser, **DESKTOP)
    recorder.attach(context)
    try:
        page = open_page(context, site)
        close_dialog(page)
        # One move before the season's first survey decision: the survey starts here.
        view = import_record(page, survey_record(4, 6, nile=True, before=True))
        assert view["survey_area"] is None
        rng = random.Random(6)
        moved = 0
        for _ in range(120):
            if view["final"] or moved >= 2:
                break
            area, was = view["survey_area"], content(view)
            page.evaluate(COUNT_BUILT_JS)
            before = drawn(page)
            page.click(f'[data-target="{choose(view, rng)}"]')
            wait_redraw(page, before)
            view = view_of(page)
            if view["survey_area"] is not None:
                # Cards and rooms are chosen in a survey, never cells.
                targets = page.locator("#region g.cell[data-target]").count()
                assert targets == 0, f"{targets} cells offered as targets during a survey"
            if area is None or view["survey_area"] in (None, area):
                continue
            moved += 1
            now = view["survey_area"]
            faded, built = page.evaluate(
                """() => [Object.fromEntries(Array.from(document.querySelectorAll('#region g.cell'))
                   .map((g) => [g.id.slice(5), g.classList.contains('dim')])),
                 window.__built.filter((el) => el.classList.contains('cell')).map((el) => el.id.slice(5))]"""
            )
            changed = {name for name, text in content(view).items() if was.get(name) != text}
            assert set(built) <= changed, (
                f"cells drawn again for area {now}: {set(built) - changed}"
            )
            want = {
                c["name"]: bool(now and now > 0 and c.get("nile") and c["area"] != now)
                for c in view["region"]["cells"]
            }
            assert faded == want
            assert any(want.values()) and not all(want.values())
        assert moved >= 1, "the survey never moved on to another area"
    finally:
        context.close()
