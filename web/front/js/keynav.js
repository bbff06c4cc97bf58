// @ts-check
// Moving the keyboard focus inside the page's groups (see keyboard.js): the
// region's cells (a grid) or cards (during a survey), the museum's rooms (a
// ring), the action bar (a row). Positions come from the drawing's data
// attributes, which come from the view: a cell's data-col/data-row, a room's
// data-slot/data-part. Nothing here knows the board's size or its ids.

export const CELL_ITEMS = "#region g.cell";
export const CARD_ITEMS = "#region g.parcel, #region g.nile-card";
export const ROOM_ITEMS = "#museum g.room";
export const TOOL_ITEMS = "#status .actions button";

/**
 * Roving positions, kept across redraws: the element id last focused in each
 * group, and the museum level (inner or outer) the arrows keep to.
 * @typedef {{cell: string | null, card: string | null, room: string | null, tool: string | null, part: string}} Roving
 */

/** @param {string} sel */
export const $$ = (sel) => /** @type {HTMLElement[]} */ (Array.from(document.querySelectorAll(sel)));
/** @param {string | null | undefined} id */
export const byId = (id) => (id ? document.getElementById(id) : null);

/** @param {Element | null | undefined} el */
export function isHl(el) {
  return !!el && el.classList.contains("hl");
}

/** @param {string} name  a class of the region's drawing */
function regionIs(name) {
  const region = document.getElementById("region");
  return !!region && region.classList.contains(name);
}

export function surveying() {
  return regionIs("surveying");
}

/** The region drawn on its side (grid.js): its columns down the screen, its rows across. */
function turned() {
  return regionIs("turned");
}

/** The region's stops: its cells, or its cards during a survey. */
export function regionItems() {
  return $$(surveying() ? CARD_ITEMS : CELL_ITEMS);
}

// ------------------------------------------------------------------- cells
/** @param {Element} el */
function cellPos(el) {
  const data = /** @type {HTMLElement} */ (el).dataset;
  return { col: Number(data.col), row: Number(data.row) };
}

/**
 * @param {number} col
 * @param {number} row
 * @returns {HTMLElement | null}
 */
function cellAt(col, row) {
  if (col < 0 || row < 0) return null;
  return document.querySelector(`${CELL_ITEMS}[data-col="${col}"][data-row="${row}"]`);
}

/** The grid's last column and row. */
function gridEnd() {
  let col = 0;
  let row = 0;
  for (const el of $$(CELL_ITEMS)) {
    const p = cellPos(el);
    col = Math.max(col, p.col);
    row = Math.max(row, p.row);
  }
  return { col, row };
}

/**
 * @param {Element} a
 * @param {Element} b
 */
export function readingOrder(a, b) {
  const p = cellPos(a);
  const q = cellPos(b);
  return turned() ? p.col - q.col || p.row - q.row : p.row - q.row || p.col - q.col;
}

/**
 * The cell an arrow (or Home, End) leads to from el, as the eye sees the grid:
 * upright, across is along a row; turned, across is along a column (a row of
 * cells on the screen), and down goes to the next column.
 * @param {Element} el
 * @param {string} key
 * @param {boolean} ctrl
 */
export function moveCell(el, key, ctrl) {
  const { col, row } = cellPos(el);
  const side = turned();
  /** @param {number} across @param {number} down  a place on the screen's grid, as (col, row) */
  const at = (across, down) => (side ? cellAt(down, across) : cellAt(across, down));
  const x = side ? row : col;
  const y = side ? col : row;
  switch (key) {
    case "ArrowLeft":
      return at(x - 1, y);
    case "ArrowRight":
      return at(x + 1, y);
    case "ArrowUp":
      return at(x, y - 1);
    case "ArrowDown":
      return at(x, y + 1);
    case "Home":
      return ctrl ? cellAt(0, 0) : at(0, y);
    case "End": {
      const end = gridEnd();
      if (ctrl) return cellAt(end.col, end.row);
      return side ? at(end.row, y) : at(end.col, y);
    }
    default:
      return null;
  }
}

/**
 * The highlighted cell nearest to el (ties: the first in reading order).
 * @param {Element | null} el
 * @param {HTMLElement[]} cells
 */
export function nearestCell(el, cells) {
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
/**
 * A card's centre, from its background's attributes: measuring the drawing
 * (getBBox) would make the browser lay the page out in the middle of a frame.
 * @param {Element} el
 */
function centre(el) {
  const back = el.querySelector(":scope > rect");
  if (back) {
    const at = (/** @type {string} */ name) => Number(back.getAttribute(name));
    return { x: at("x") + at("width") / 2, y: at("y") + at("height") / 2 };
  }
  const box = /** @type {SVGGraphicsElement} */ (el).getBBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * @param {Element} a
 * @param {Element} b
 */
export function cardOrder(a, b) {
  const p = centre(a);
  const q = centre(b);
  return Math.abs(p.y - q.y) > 1 ? p.y - q.y : p.x - q.x;
}

/** @type {Record<string, [number, number]>} */
const DIRECTIONS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/**
 * The nearest card in the arrow's direction (strays off its line cost more).
 * @param {Element} el
 * @param {string} key
 * @param {HTMLElement[]} items
 */
export function moveCard(el, key, items) {
  if (key === "Home" || key === "End") {
    const sorted = items.slice().sort(cardOrder);
    return key === "Home" ? sorted[0] : sorted[sorted.length - 1];
  }
  const dir = DIRECTIONS[key];
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
// The ring's slots, clockwise: a wing (its inner and outer room), then the
// room between it and the next wing (which fills its whole slot), and so on.

/** @param {Element} el */
export function roomSlot(el) {
  const data = /** @type {HTMLElement} */ (el).dataset;
  if (data.slot === undefined) return null;
  return { slot: Number(data.slot), part: data.part || "whole" };
}

function ringSize() {
  let n = 0;
  for (const el of $$(ROOM_ITEMS)) n = Math.max(n, Number(el.dataset.slot) + 1);
  return n;
}

/**
 * The room at a slot: the one of that part, or the one filling the slot.
 * @param {number} slot
 * @param {string} part
 * @returns {HTMLElement | null}
 */
function roomAt(slot, part) {
  const n = ringSize();
  if (!n) return null;
  const at = ((slot % n) + n) % n;
  return (
    document.querySelector(`${ROOM_ITEMS}[data-slot="${at}"][data-part="${part}"]`) ||
    document.querySelector(`${ROOM_ITEMS}[data-slot="${at}"][data-part="whole"]`)
  );
}

/**
 * @param {Element} el
 * @param {string} key
 * @param {Roving} rov
 */
export function moveRoom(el, key, rov) {
  const here = roomSlot(el);
  if (!here) return null;
  const whole = here.part === "whole";
  const part = whole ? rov.part : here.part;
  switch (key) {
    case "ArrowRight":
      return roomAt(here.slot + 1, part);
    case "ArrowLeft":
      return roomAt(here.slot - 1, part);
    case "ArrowUp":
      return whole ? null : roomAt(here.slot, "outer");
    case "ArrowDown":
      return whole ? null : roomAt(here.slot, "inner");
    case "Home":
      return roomAt(0, part);
    case "End":
      return roomAt(ringSize() - 1, part);
    default:
      return null;
  }
}

// ----------------------------------------------------------------- toolbar
export function toolItems() {
  return $$(TOOL_ITEMS).filter((b) => !(/** @type {HTMLButtonElement} */ (b).disabled) && !b.hidden);
}

/**
 * @param {Element} el
 * @param {string} key
 */
export function moveTool(el, key) {
  const items = toolItems();
  const i = items.indexOf(/** @type {HTMLElement} */ (el));
  if (i < 0) return null;
  switch (key) {
    case "ArrowLeft":
      return items[i - 1] || null;
    case "ArrowRight":
      return items[i + 1] || null;
    case "Home":
      return items[0];
    case "End":
      return items[items.length - 1];
    default:
      return null;
  }
}

/** @param {HTMLElement} el */
function toolId(el) {
  return el.id || (el.dataset.target ? `target:${el.dataset.target}` : null);
}

/** @param {string | null} id */
function toolById(id) {
  if (!id) return null;
  if (id.startsWith("target:")) {
    return toolItems().find((b) => b.dataset.target === id.slice("target:".length)) || null;
  }
  const el = byId(id);
  return el && toolItems().includes(el) ? el : null;
}

// ------------------------------------------------------------------ stops
/**
 * Remember el as its group's position.
 * @param {HTMLElement} el
 * @param {Roving} rov
 */
export function remember(el, rov) {
  if (el.matches(CELL_ITEMS)) rov.cell = el.id;
  else if (el.matches(CARD_ITEMS)) rov.card = el.id;
  else if (el.matches(ROOM_ITEMS)) {
    rov.room = el.id;
    const here = roomSlot(el);
    if (here && here.part !== "whole") rov.part = here.part;
  } else if (el.matches(TOOL_ITEMS)) rov.tool = toolId(el);
}

/**
 * The element of a group that Tab lands on: the focused one, else the
 * remembered one unless other elements are highlighted, else the first
 * highlighted, else the remembered one, else the first.
 * @param {HTMLElement[]} items
 * @param {HTMLElement | null} remembered
 * @param {((a: Element, b: Element) => number) | null} sort
 */
function stopOf(items, remembered, sort) {
  const active = /** @type {HTMLElement} */ (document.activeElement);
  if (items.includes(active)) return active;
  const hl = items.filter(isHl);
  if (remembered && (isHl(remembered) || !hl.length)) return remembered;
  if (hl.length) return first(hl, sort);
  return remembered || first(items, sort);
}

/**
 * The first element in this order (the earliest of equals), without sorting them all.
 * @param {HTMLElement[]} items
 * @param {((a: Element, b: Element) => number) | null} order
 * @returns {HTMLElement | null}
 */
function first(items, order) {
  if (!order) return items[0] || null;
  let best = items[0] || null;
  for (const el of items) if (best && order(el, best) < 0) best = el;
  return best;
}

/** @param {Roving} rov */
function regionStop(rov) {
  const items = regionItems();
  const cards = surveying();
  const remembered = byId(cards ? rov.card : rov.cell);
  return stopOf(items, remembered && items.includes(remembered) ? remembered : null, cards ? cardOrder : readingOrder);
}

/** @param {Roving} rov */
function museumStop(rov) {
  const items = $$(ROOM_ITEMS);
  const remembered = byId(rov.room);
  return stopOf(items, remembered && items.includes(remembered) ? remembered : null, null);
}

/** @param {Roving} rov */
function toolStop(rov) {
  const items = toolItems();
  const active = /** @type {HTMLElement} */ (document.activeElement);
  if (items.includes(active)) return active;
  return toolById(rov.tool) || items.find((b) => b.getAttribute("aria-pressed") === "true") || items[0] || null;
}

/**
 * One Tab stop per group (roving tabindex).
 * @param {Roving} rov
 */
export function setStops(rov) {
  /** @type {[HTMLElement[], HTMLElement | null][]} */
  const groups = [
    [regionItems(), regionStop(rov)],
    [$$(ROOM_ITEMS), museumStop(rov)],
    [toolItems(), toolStop(rov)],
  ];
  for (const [items, stop] of groups) {
    for (const el of items) {
      // Compared as an attribute: reading the tabIndex property may make the
      // browser bring the page's style up to date first.
      const index = el === stop ? "0" : "-1";
      if (el.getAttribute("tabindex") !== index) el.setAttribute("tabindex", index);
    }
  }
}
