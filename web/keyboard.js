// Playing without a mouse. app.js draws; this module only moves focus and
// turns keys into the same targets a click sends (it knows no rules: what is
// legal is what the view highlights, class "hl").
//
// Tab stops (roving tabindex: one element of each group has tabindex 0, the
// others -1, and the arrow keys move inside the group):
// - the action bar (role=toolbar): Left/Right, Home/End between its buttons;
// - the region: every cell of the grid, a-h by 6/9/12 rows, including the
//   cells lying on Nile cards; Left/Right/Up/Down move one cell and stop at
//   the edges, Home/End go to the ends of the row, Ctrl+Home/Ctrl+End to the
//   first and last cell. During a survey the region's stops are its cards
//   (parcel and Nile cards), the arrows going to the nearest card that way;
// - the museum: its 15 rooms as a ring. Left/Right go around it (Right is
//   clockwise: wing 1's rooms, the 2-room after it, wing 2's rooms...), Up
//   goes to a wing's outer (5-)room, Down to its inner (3-)room; passing a
//   2-room keeps the level one was on.
// Enter or Space chooses the focused cell, room or card, legal or not (a
// refused one gets the engine's message, as a click does). Escape cancels a
// move being built. Keys typed in a dialog or a form field are left alone.
//
// Focus survives the full redraw that follows every view: app.js calls
// beforeDraw() first and afterDraw() once the page is drawn again. After a
// choice made with the keyboard, focus goes where the next decision is: the
// first highlighted cell or room after an action, the nearest highlighted
// cell after a cube of a chain, the first action button but Pass (or the
// highlighted cards of a survey) once the move is played; while computer
// players move it waits on the turn panel.

import { t } from "./i18n.js";

const COLUMNS = "abcdefgh";
const CELL_ITEMS = "#region g.cell";
const CARD_ITEMS = "#region g.parcel, #region g.nile-card";
const ROOM_ITEMS = "#museum g.room";
const TOOL_ITEMS = "#status .actions button";
const WINGS = 5;

let activate = () => {};
let lastView = null;
let modality = "pointer"; // "keyboard" after a key press, "pointer" after a click or tap
let activation = null; // the last choice made, until the redraw it causes
let pending = null; // focus to put back once possible: {turn: true} or a snapshot
let swallowSpace = false;
// Roving positions (element ids), kept across redraws.
const rov = { cell: null, card: null, room: null, tool: null, level: 3 };

// ---------------------------------------------------------------- helpers
const $ = (sel) => document.querySelector(sel);
const $$ = (sel) => Array.from(document.querySelectorAll(sel));
const byId = (id) => (id ? document.getElementById(id) : null);

function isHl(el) {
  return !!el && el.classList.contains("hl");
}

function surveying() {
  const region = $("#region");
  return !!region && region.classList.contains("surveying");
}

function regionItems() {
  return $$(surveying() ? CARD_ITEMS : CELL_ITEMS);
}

function zoneOf(el) {
  if (!el || !(el instanceof Element)) return null;
  if (el.closest("#region")) return "region";
  if (el.closest("#museum")) return "museum";
  if (el.closest("#status .actions")) return "toolbar";
  if (el.closest("#end-screen")) return "end";
  if (el.closest("#turn")) return "turn";
  return null;
}

function isItem(el) {
  if (!el || !(el instanceof Element)) return false;
  return el.matches(ROOM_ITEMS) || el.matches(surveying() ? CARD_ITEMS : CELL_ITEMS);
}

// The target a choice of el sends: its data-target, else one from its id
// (cards that cannot be taken carry none).
function targetOf(el) {
  if (el.dataset.target) return el.dataset.target;
  const m = /^(cell|room|card)-(.+)$/.exec(el.id || "");
  return m ? `${m[1]}:${m[2]}` : null;
}

function dialogOpen() {
  return !!document.querySelector("dialog[open]");
}

function inField(el) {
  return !!el && el instanceof Element && !!el.closest("input, select, textarea, [contenteditable], dialog");
}

function focusOn(el, scroll) {
  if (!el) return false;
  el.focus({ preventScroll: !scroll });
  return document.activeElement === el;
}

// ------------------------------------------------------------------- cells
function cellPos(el) {
  const name = el.id.slice("cell-".length);
  return { col: COLUMNS.indexOf(name[0]), row: Number(name.slice(1)) };
}

function cellAt(col, row) {
  if (col < 0 || col >= COLUMNS.length || row < 1) return null;
  return byId(`cell-${COLUMNS[col]}${row}`);
}

function lastRow() {
  let row = 1;
  while (cellAt(0, row + 1)) row += 1;
  return row;
}

function readingOrder(a, b) {
  const p = cellPos(a);
  const q = cellPos(b);
  return p.row - q.row || p.col - q.col;
}

function moveCell(el, key, ctrl) {
  const { col, row } = cellPos(el);
  switch (key) {
    case "ArrowLeft": return cellAt(col - 1, row);
    case "ArrowRight": return cellAt(col + 1, row);
    case "ArrowUp": return cellAt(col, row - 1);
    case "ArrowDown": return cellAt(col, row + 1);
    case "Home": return ctrl ? cellAt(0, 1) : cellAt(0, row);
    case "End": return ctrl ? cellAt(COLUMNS.length - 1, lastRow()) : cellAt(COLUMNS.length - 1, row);
    default: return null;
  }
}

// The highlighted cell nearest to el (ties: the first in reading order).
function nearestCell(el, cells) {
  if (!cells.length) return null;
  if (!el) return cells[0];
  const p = cellPos(el);
  let best = null;
  let bestDist = Infinity;
  for (const c of cells) {
    const q = cellPos(c);
    const dist = Math.abs(p.col - q.col) + Math.abs(p.row - q.row);
    if (dist < bestDist) {
      best = c;
      bestDist = dist;
    }
  }
  return best;
}

// ------------------------------------------------------------------- cards
function centre(el) {
  const box = el.getBBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

function cardOrder(a, b) {
  const p = centre(a);
  const q = centre(b);
  return Math.abs(p.y - q.y) > 1 ? p.y - q.y : p.x - q.x;
}

// The nearest card in the arrow's direction (strays off its line cost more).
function moveCard(el, key, items) {
  if (key === "Home" || key === "End") {
    const sorted = items.slice().sort(cardOrder);
    return key === "Home" ? sorted[0] : sorted[sorted.length - 1];
  }
  const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const dir = dirs[key];
  if (!dir) return null;
  const from = centre(el);
  let best = null;
  let bestScore = Infinity;
  for (const other of items) {
    if (other === el) continue;
    const c = centre(other);
    const dx = c.x - from.x;
    const dy = c.y - from.y;
    const along = dx * dir[0] + dy * dir[1];
    if (along <= 1) continue;
    const across = Math.abs(dx * dir[1] - dy * dir[0]);
    const score = along + 3 * across;
    if (score < bestScore) {
      best = other;
      bestScore = score;
    }
  }
  return best;
}

// ------------------------------------------------------------------ museum
// Ring slots, clockwise: wing 1 (its 3- and 5-room), the 2-room between
// wings 1 and 2, wing 2, ... the 2-room between wings 5 and 1.
function roomSlot(el) {
  const m = /^room-W(\d)(\d?)-(\d)$/.exec(el.id);
  if (!m) return null;
  const wing = Number(m[1]);
  return m[2] ? { slot: (wing - 1) * 2 + 1, level: null } : { slot: (wing - 1) * 2, level: Number(m[3]) };
}

function roomAt(slot, level) {
  const n = WINGS * 2;
  const s = ((slot % n) + n) % n;
  const wing = Math.floor(s / 2) + 1;
  if (s % 2 === 0) return byId(`room-W${wing}-${level}`);
  return byId(`room-W${wing}${(wing % WINGS) + 1}-2`);
}

function moveRoom(el, key) {
  const here = roomSlot(el);
  if (!here) return null;
  const level = here.level || rov.level;
  switch (key) {
    case "ArrowRight": return roomAt(here.slot + 1, level);
    case "ArrowLeft": return roomAt(here.slot - 1, level);
    case "ArrowUp": return here.level ? roomAt(here.slot, 5) : null;
    case "ArrowDown": return here.level ? roomAt(here.slot, 3) : null;
    case "Home": return roomAt(0, level);
    case "End": return roomAt(WINGS * 2 - 1, level);
    default: return null;
  }
}

// ----------------------------------------------------------------- toolbar
function toolItems() {
  return $$(TOOL_ITEMS).filter((b) => !b.disabled && !b.hidden);
}

function moveTool(el, key) {
  const items = toolItems();
  const i = items.indexOf(el);
  if (i < 0) return null;
  switch (key) {
    case "ArrowLeft": return items[i - 1] || null;
    case "ArrowRight": return items[i + 1] || null;
    case "Home": return items[0];
    case "End": return items[items.length - 1];
    default: return null;
  }
}

function toolId(el) {
  return el.id || (el.dataset.target ? `target:${el.dataset.target}` : null);
}

function toolById(id) {
  if (!id) return null;
  if (id.startsWith("target:")) {
    return toolItems().find((b) => b.dataset.target === id.slice("target:".length)) || null;
  }
  const el = byId(id);
  return el && toolItems().includes(el) ? el : null;
}

// ------------------------------------------------------------------ stops
function remember(el) {
  if (!el) return;
  if (el.matches(CELL_ITEMS)) rov.cell = el.id;
  else if (el.matches(CARD_ITEMS)) rov.card = el.id;
  else if (el.matches(ROOM_ITEMS)) {
    rov.room = el.id;
    const here = roomSlot(el);
    if (here && here.level) rov.level = here.level;
  } else if (el.matches(TOOL_ITEMS)) rov.tool = toolId(el);
}

// The element of a group that Tab lands on: the focused one, else the
// remembered one unless other elements are highlighted, else the first
// highlighted, else the remembered one, else the first.
function stopOf(items, remembered, sort) {
  const active = document.activeElement;
  if (items.includes(active)) return active;
  const hl = items.filter(isHl);
  if (remembered && (isHl(remembered) || !hl.length)) return remembered;
  if (hl.length) return sort ? hl.sort(sort)[0] : hl[0];
  return remembered || (sort ? items.slice().sort(sort)[0] : items[0]) || null;
}

function regionStop() {
  const items = regionItems();
  const cards = surveying();
  const remembered = byId(cards ? rov.card : rov.cell);
  return stopOf(items, items.includes(remembered) ? remembered : null, cards ? cardOrder : readingOrder);
}

function museumStop() {
  const items = $$(ROOM_ITEMS);
  const remembered = byId(rov.room);
  return stopOf(items, items.includes(remembered) ? remembered : null, null);
}

function toolStop() {
  const items = toolItems();
  const active = document.activeElement;
  if (items.includes(active)) return active;
  return toolById(rov.tool) || items.find((b) => b.getAttribute("aria-pressed") === "true") || items[0] || null;
}

function setStops() {
  const groups = [[regionItems(), regionStop()], [$$(ROOM_ITEMS), museumStop()], [toolItems(), toolStop()]];
  for (const [items, stop] of groups) {
    for (const el of items) el.tabIndex = el === stop ? 0 : -1;
  }
}

// Every cell (or card) and room can take focus and says whether it can be
// chosen now; the groups say how to move in them.
function prepare() {
  const cards = surveying();
  for (const el of [...regionItems(), ...$$(ROOM_ITEMS)]) {
    el.tabIndex = -1;
    if (!el.getAttribute("role")) el.setAttribute("role", "button");
    if (isHl(el)) el.removeAttribute("aria-disabled");
    else el.setAttribute("aria-disabled", "true");
    if (!el.hasAttribute("aria-label")) {
      const title = el.querySelector(":scope > title");
      if (title) el.setAttribute("aria-label", title.textContent);
    }
  }
  describe("#region", "kbd-help-region", t(cards ? "kbd.cards_help" : "kbd.region_help"));
  describe("#museum", "kbd-help-museum", t("kbd.museum_help"));
  describe("#status .actions", "kbd-help-actions", t("kbd.actions_help"));
}

// A hidden description of the keys, next to the group it is for.
function describe(selector, id, text) {
  const group = $(selector);
  if (!group) return;
  let help = byId(id);
  if (!help || !help.isConnected || help.parentNode !== group.parentNode) {
    if (help) help.remove();
    help = document.createElement("span");
    help.id = id;
    help.className = "sr-only";
    group.after(help);
  }
  if (help.textContent !== text) help.textContent = text;
  group.setAttribute("aria-describedby", id);
}

// ------------------------------------------------------------------- plans
function park() {
  const turn = $("#turn");
  if (!turn) return null;
  if (!turn.hasAttribute("tabindex")) turn.tabIndex = -1;
  return turn;
}

function firstHl(items, sort) {
  const hl = items.filter(isHl);
  return hl.length ? (sort ? hl.sort(sort)[0] : hl[0]) : null;
}

// Where a turn starts: the end screen, the action bar, a survey's cards or
// rooms; null when nobody here has to decide (a computer is to move).
function turnStart(view) {
  if (view.final) return $("#end-screen .table-wrap") || $("#end-screen button");
  // The first action but Pass, so that an Enter pressed at once never ends
  // a player's season by accident.
  const actions = $$("#status .actions button.action:not([disabled])");
  const action = actions.find((b) => b.dataset.target !== "action:pass") || actions[0];
  if (action) return action;
  if (surveying()) {
    const cards = regionItems();
    const remembered = byId(rov.card);
    if (isHl(remembered)) return remembered;
    const card = firstHl(cards, cardOrder);
    if (card) return card;
  }
  return firstHl($$(ROOM_ITEMS), null) || firstHl(regionItems(), surveying() ? cardOrder : readingOrder);
}

// Where the next part of a move being built is chosen.
function nextStep(before, act) {
  const same = byId(before.id);
  if (isItem(same) && isHl(same)) return same;
  const cells = surveying() ? [] : regionItems().filter(isHl);
  const rooms = $$(ROOM_ITEMS).filter(isHl);
  if (act.zone === "region" && cells.length) {
    const from = byId(act.id);
    return nearestCell(from && from.matches(CELL_ITEMS) ? from : null, cells);
  }
  if (act.zone === "museum" && rooms.length) return rooms[0];
  if (cells.length) return cells.sort(readingOrder)[0];
  if (rooms.length) return rooms[0];
  return $("#status .actions button.selected") || toolItems()[0] || null;
}

// The element that had focus, found again in the new drawing.
function refind(before) {
  let el = byId(before.id);
  if (!el && before.target) {
    el = Array.from(document.querySelectorAll("[data-target]"))
      .find((e) => e.dataset.target === before.target) || null;
  }
  if (!el || el.disabled) return null;
  return el;
}

// ------------------------------------------------------------------- hooks
// Called by app.js before it replaces the drawing.
export function beforeDraw() {
  const el = document.activeElement;
  if (!el || el === document.body || !(el instanceof Element)) return { id: "", target: null, zone: null };
  return { id: el.id || "", target: el.dataset ? el.dataset.target || null : null, zone: zoneOf(el) };
}

// Called by app.js once the view is drawn.
export function afterDraw(before, view) {
  const previous = lastView;
  lastView = view;
  prepare();
  const act = activation;
  activation = null;
  const active = document.activeElement;
  const turn = $("#turn");
  const lost = !active || active === document.body || !active.isConnected;
  const idle = lost || active === turn;
  let goal = null;
  let scroll = true;
  if (modality === "keyboard" && !dialogOpen()) {
    if (act && previous && act.game === view.game) {
      pending = null;
      if (view.revision !== act.revision) goal = turnStart(view) || "park";
      else if (view.message) goal = refind(before);
      else if (view.building) goal = nextStep(before, act);
      else goal = turnStart(view) || "park";
    } else if (previous && previous.game !== view.game && (idle || zoneOf(active) === null)) {
      goal = turnStart(view) || "park";
    } else if (pending && idle) {
      goal = pending.turn ? turnStart(view) : refind(pending);
      if (!goal) goal = "park";
    }
  }
  if (!goal && idle && before.zone) {
    goal = refind(before);
    scroll = false;
    if (!goal) {
      pending = before;
      goal = "park";
    }
  }
  if (goal === "park") {
    if (!pending) pending = { turn: true };
    focusOn(park(), false);
  } else if (goal) {
    pending = null;
    focusOn(goal, scroll);
  } else if (!idle) {
    pending = null;
  }
  setStops();
}

// ------------------------------------------------------------------ events
function choose(el) {
  const target = targetOf(el);
  if (!target) return;
  record(target, el);
  activate(target);
}

function record(target, el) {
  activation = {
    target, id: el ? el.id : "", zone: zoneOf(el),
    revision: lastView ? lastView.revision : null, game: lastView ? lastView.game : null,
  };
}

function onKeyDown(event) {
  if (event.key !== "Shift" && event.key !== "Control" && event.key !== "Alt" && event.key !== "Meta") {
    modality = "keyboard";
  }
  if (event.defaultPrevented || event.altKey || event.metaKey) return;
  if (dialogOpen() || inField(event.target)) return;
  const el = event.target;
  if (event.key === "Escape") {
    if (lastView && lastView.can_cancel) {
      event.preventDefault();
      record("cancel", el instanceof Element ? el : null);
      activate("cancel");
    }
    return;
  }
  if (!(el instanceof Element)) return;
  if (isItem(el)) {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (event.repeat) return;
      if (event.key === " ") swallowSpace = true;
      choose(el);
      return;
    }
    let next = null;
    if (el.matches(ROOM_ITEMS)) next = moveRoom(el, event.key);
    else if (el.matches(CELL_ITEMS)) next = moveCell(el, event.key, event.ctrlKey);
    else next = moveCard(el, event.key, regionItems());
    if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(event.key)) {
      event.preventDefault();
      if (next) focusOn(next, true);
    }
    return;
  }
  if (el.matches(TOOL_ITEMS) && ["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) {
    event.preventDefault();
    const next = moveTool(el, event.key);
    if (next) focusOn(next, true);
  }
}

function onKeyUp(event) {
  // A Space that chose a cell must not also press the button focus moved to.
  if (swallowSpace && event.key === " ") {
    swallowSpace = false;
    event.preventDefault();
  }
}

function onFocusIn(event) {
  const el = event.target;
  if (!(el instanceof Element)) return;
  if (isItem(el) || el.matches(TOOL_ITEMS)) {
    remember(el);
    setStops();
  }
}

function onClick(event) {
  const el = event.target instanceof Element ? event.target.closest("[data-target]") : null;
  if (el) record(el.dataset.target, el);
}

// Installed once by app.js; choose(target) plays a target as a click does.
export function installKeyboard(options) {
  activate = options.activate;
  document.addEventListener("keydown", onKeyDown);
  document.addEventListener("keyup", onKeyUp, true);
  document.addEventListener("focusin", onFocusIn);
  document.addEventListener("click", onClick, true);
  document.addEventListener("pointerdown", () => { modality = "pointer"; }, true);
}
