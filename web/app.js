// Mykerinos front end: draws the view that Python (web/main.py) hands over and
// sends clicks back. It knows no rules: every highlight, button and message
// comes from the view. One full redraw per view, on the next animation frame.
//
// Every clickable element carries data-target="<target>" (the id that
// window.mykerinos.click expects); legal board targets also carry class "hl"
// and data-hl="1". Stable ids: #cell-c3, #room-W1-5, #card-lemon-3a,
// #card-nile-3 (a Nile card), #hint (hint button), #bot-status.
//
// Computer players run in a web worker (web/bot_worker.py, started with
// PyScript's PyWorker only when a game needs it). Whenever the view says a
// computer is to move, the page asks the worker, waits a little so that the
// move can be followed, and plays it with window.mykerinos.playBotMove. Each
// answer is tied to "<game>:<revision>" and dropped if the game moved on
// meanwhile (undo, new game, import). body[data-bot] tells the bots' state:
// "idle", "loading", "thinking" or "failed".

import { t, language, setLanguage, LANGUAGES, LANGUAGE_NAMES, hasCatalogue, ready as wordsReady } from "./i18n.js";
import { installKeyboard, beforeDraw, afterDraw } from "./keyboard.js";

const SVG = "http://www.w3.org/2000/svg";

// Presentation only: how each patron looks (its name comes from the catalogue).
const PATRON_LOOK = {
  violet: { abbr: "Vi" },
  lemon: { abbr: "Le" },
  brown: { abbr: "Br" },
  blackmore: { abbr: "Bl" },
  tangerine: { abbr: "Ta" },
  greenwish: { abbr: "Gw" },
};
const PATRON_ORDER = ["violet", "lemon", "brown", "blackmore", "tangerine", "greenwish", "none"];

// The Nile's boats: the short mark drawn on each (names and help: catalogue).
const BOAT_MARKS = { "boat-2": "2", "boat-3": "3", "boat-cubes": "+2", "boat-tie": "=" };
function boatLook(boat) {
  return { mark: BOAT_MARKS[boat] || "?", name: t(`boat.${boat}`), help: t(`boat.${boat}.help`) };
}

const SEATS = ["human", "easy", "medium", "hard"];

// Region geometry (SVG user units): roomy, or tight on narrow screens so
// that the cells stay large enough to tap.
const NARROW = matchMedia("(max-width: 600px)");
function geometry(tight) {
  const g = tight
    ? { tight, cell: 40, colGap: 18, rowGap: 4, pad: 3, parcelGap: 4, areaGap: 14, lineGap: 12, label: 20, left: 13, top: 4, bottom: 16 }
    : { tight, cell: 40, colGap: 28, rowGap: 5, pad: 5, parcelGap: 6, areaGap: 24, lineGap: 16, label: 22, left: 18, top: 6, bottom: 18 };
  g.cardW = g.pad * 2 + g.cell * 2 + g.colGap;
  g.cardH = g.pad * 2 + g.cell * 3 + g.rowGap * 2;
  return g;
}
let G = geometry(NARROW.matches);
NARROW.addEventListener("change", () => {
  G = geometry(NARROW.matches);
  if (current) show(current);
});

let current = null; // last view drawn
let queued = null; // view waiting for the next frame
let frame = 0;
let booted = false;
let draws = 0;

const $ = (sel, root = document) => root.querySelector(sel);

function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

function setAttrs(el, attrs) {
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") el.textContent = value;
    else if (key === "class") el.setAttribute("class", value);
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
}

function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
}

function append(el, children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

// ------------------------------------------------------------------ sides
function sideOf(view, who) {
  if (who === null || who === undefined) return null;
  if (who === "neutral") {
    const n = view.neutral || { letter: "N", colour: "grey" };
    return { colour: n.colour, letter: n.letter, shape: "hexagon", name: t("side.neutral") };
  }
  const p = view.players[who];
  return p ? { colour: p.colour, letter: p.letter, shape: p.shape, name: p.name } : null;
}

// A cube: coloured square with the side's letter (colour is never the only cue).
function cube(side, x, y, size, extra = {}) {
  // Hidden from screen readers: the cell or room that holds it names its owner.
  return s("g", { class: `cube c-${side.colour}`, "aria-hidden": "true", ...extra },
    s("rect", { x: x - size / 2, y: y - size / 2, width: size, height: size, rx: size * 0.16 }),
    s("text", { x, y: y + size * 0.05, "font-size": size * 0.62, text: side.letter }));
}

// Seat shape marker (circle / square / triangle / diamond) with the letter.
function seatIcon(side, size = 26, label = true) {
  const c = size / 2;
  const r = size / 2 - 2;
  let shape;
  switch (side.shape) {
    case "square": shape = s("rect", { x: 2, y: 2, width: size - 4, height: size - 4, rx: 2 }); break;
    case "triangle": shape = s("polygon", { points: `${c},1 ${size - 1},${size - 2} 1,${size - 2}` }); break;
    case "diamond": shape = s("polygon", { points: `${c},1 ${size - 1},${c} ${c},${size - 1} 1,${c}` }); break;
    case "hexagon": {
      const pts = [];
      for (let i = 0; i < 6; i++) {
        const a = Math.PI / 6 + i * Math.PI / 3;
        pts.push(`${(c + r * Math.cos(a)).toFixed(1)},${(c + r * Math.sin(a)).toFixed(1)}`);
      }
      shape = s("polygon", { points: pts.join(" ") });
      break;
    }
    default: shape = s("circle", { cx: c, cy: c, r });
  }
  const ty = side.shape === "triangle" ? c + size * 0.12 : c;
  return s("svg", {
    class: `seat c-${side.colour}`, width: size, height: size, viewBox: `0 0 ${size} ${size}`,
    "aria-hidden": "true", focusable: "false",
  }, shape, label ? s("text", { x: c, y: ty + 1, "font-size": size * 0.48, text: side.letter }) : null);
}

function patronName(patron) {
  return t(patron ? `patron.${patron}` : "patron.none");
}

// Clickable SVG element: keyboard-reachable when highlighted.
function targetAttrs(target, hl, label) {
  const attrs = { "data-target": target };
  if (hl) {
    attrs.class = "hl";
    attrs["data-hl"] = "1";
    attrs.tabindex = "0";
    attrs.role = "button";
    if (label) attrs["aria-label"] = label;
  }
  return attrs;
}

// ----------------------------------------------------------------- region
function cardX(pos) {
  let x = G.left + pos * G.cardW + pos * G.parcelGap;
  if (pos >= 2) x += G.areaGap - G.parcelGap;
  return x;
}

function lineY(line) {
  return G.top + line * (G.label + G.cardH + G.lineGap) + G.label;
}

// Top-left corner of a cell, from its column and row on the whole grid.
function cellXY(col, row) {
  const x = cardX(col >> 1) + G.pad + (col % 2) * (G.cell + G.colGap);
  const y = lineY(Math.floor(row / 3)) + G.pad + (row % 3) * (G.cell + G.rowGap);
  return [x, y];
}

// Where a Nile card lies on its line: over columns d and e.
function nileBox(line) {
  const [dx] = cellXY(3, 0);
  const [ex] = cellXY(4, 0);
  return { x: dx - G.pad, y: lineY(line), w: ex + G.cell - dx + 2 * G.pad, h: G.cardH };
}

// Fills for river and Nile land cells (patterns: not only a colour).
function regionDefs() {
  const wave = (stroke, width) => s("path", {
    d: "M0,5 q3,-3.5 6,0 t6,0 M0,13 q3,-3.5 6,0 t6,0", fill: "none", stroke, "stroke-width": width,
  });
  return s("defs", {},
    s("pattern", { id: "water", width: 12, height: 16, patternUnits: "userSpaceOnUse" },
      s("rect", { width: 12, height: 16, fill: "#4f9dcc" }), wave("#d9f1ff", 1.6)),
    s("pattern", { id: "water-hl", width: 12, height: 16, patternUnits: "userSpaceOnUse" },
      s("rect", { width: 12, height: 16, fill: "#8fd9e8" }), wave("#ffffff", 1.6)),
    s("pattern", { id: "sand", width: 8, height: 8, patternUnits: "userSpaceOnUse" },
      s("rect", { width: 8, height: 8, fill: "#f2cd52" }),
      s("circle", { cx: 2, cy: 2, r: 0.9, fill: "#b58a1c" }),
      s("circle", { cx: 6, cy: 6, r: 0.9, fill: "#b58a1c" })));
}

function drawRegion(view) {
  const reg = view.region;
  const lines = reg.lines;
  const width = cardX(3) + G.cardW + 6;
  const height = lineY(lines - 1) + G.cardH + G.bottom;
  // The survey under way (or the one whose tie the tie boat may break).
  const surveyed = view.survey_area ?? view.tie_area ?? null;
  const surveying = surveyed !== null;
  const nileSurvey = surveyed === 0;
  const svg = s("svg", {
    id: "region", class: surveying ? "surveying" : "", viewBox: `0 0 ${width} ${height}`,
    role: "group",
    "aria-label": t(reg.nile.length ? "region.label_nile" : "region.label", { season: view.season, areas: lines * 2 }),
  });
  if (reg.nile.length) svg.append(regionDefs());

  // Area labels and the survey frame.
  for (let line = 0; line < lines; line++) {
    for (let half = 0; half < 2; half++) {
      const area = line * 2 + half + 1;
      const x0 = cardX(half * 2);
      const x1 = cardX(half * 2 + 1) + G.cardW;
      const y = lineY(line);
      const on = surveyed === area;
      if (on) {
        svg.append(s("rect", {
          class: "survey-frame", x: x0 - G.pad, y: y - G.label - 3, width: x1 - x0 + 2 * G.pad,
          height: G.cardH + G.label + 8, rx: 8,
        }));
      }
      svg.append(s("text", {
        class: `area-label${on ? " on" : ""}`, x: (x0 + x1) / 2, y: y - 6,
        text: t(on ? "area.survey" : "area.label", { area }),
      }));
    }
  }

  // Nile cards by line; their cells (columns d and e) are drawn on them.
  const nileByLine = new Map(reg.nile.map((n) => [n.line - 1, n]));
  const onNile = (cell) => (cell.col === 3 || cell.col === 4) && nileByLine.has(Math.floor(cell.row / 3));
  const cellsBySlot = new Map();
  const nileCells = new Map();
  for (const cell of reg.cells) {
    const line = Math.floor(cell.row / 3);
    if (onNile(cell)) {
      if (!nileCells.has(line)) nileCells.set(line, []);
      nileCells.get(line).push(cell);
      continue;
    }
    const slot = line * 4 + Math.floor(cell.col / 2);
    if (!cellsBySlot.has(slot)) cellsBySlot.set(slot, []);
    cellsBySlot.get(slot).push(cell);
  }
  // Cubes being placed: the neutral's while it places neutral cubes (2 players).
  const mover = sideOf(view, view.phase === "neutral" && view.neutral ? "neutral" : view.to_move);
  const ctx = { view, mover, surveying, surveyed, onNile, tokenStep: !!view.token_step };

  const cartouches = s("g", { class: "cartouches", "aria-hidden": "true" });
  for (const parcel of reg.parcels) {
    const line = Math.floor(parcel.slot / 4);
    const pos = parcel.slot % 4;
    const x = cardX(pos);
    const y = lineY(line);
    const dim = surveying && parcel.area !== surveyed;
    const classes = ["parcel"];
    if (!parcel.present) classes.push("gone");
    if (dim) classes.push("dim");
    if (isHinted("card", parcel.id)) classes.push("hint");
    const label = parcel.present ? parcel.label : t("card.taken", { card: parcel.label });
    const attrs = { id: `card-${parcel.id}` };
    if (parcel.hl) {
      Object.assign(attrs, targetAttrs(`card:${parcel.id}`, true, t("card.take", { card: parcel.label })));
      classes.push("hl");
    }
    attrs.class = classes.join(" ");
    const g = s("g", attrs, s("title", { text: t("card.title", { area: parcel.area, card: label }) + patronTip(parcel.patron) }),
      s("rect", { class: "card-bg", x, y, width: G.cardW, height: G.cardH, rx: 7 }));
    for (const cell of cellsBySlot.get(parcel.slot) || []) g.append(drawCell(ctx, cell));
    svg.append(g);
    cartouches.append(cartouche(parcel, x + G.cardW / 2, y + G.cardH / 2, classes.slice(1)));
  }

  for (const nile of reg.nile) {
    const line = nile.line - 1;
    const box = nileBox(line);
    const classes = ["nile-card"];
    if (!nile.present) classes.push("gone");
    if (isHinted("card", nile.id)) classes.push("hint");
    const label = t(nile.present ? "nile.card" : "nile.card_gone", { card: nile.label });
    const attrs = { id: `card-${nile.id}` };
    if (nile.hl) {
      Object.assign(attrs, targetAttrs(`card:${nile.id}`, true, t("nile.take", { card: nile.label })));
      classes.push("hl");
    }
    attrs.class = classes.join(" ");
    if (nileSurvey && nile.present) {
      svg.append(s("rect", {
        class: "survey-frame", x: box.x - 3, y: box.y - 3, width: box.w + 6, height: box.h + 6, rx: 9,
      }));
    }
    const g = s("g", attrs, s("title", { text: t("nile.title", { line: nile.line, card: label }) + patronTip("greenwish") }),
      s("rect", { class: "nile-bg", x: box.x, y: box.y, width: box.w, height: box.h, rx: 7 }));
    for (const cell of nileCells.get(line) || []) g.append(drawCell(ctx, cell));
    g.append(nileCartouche(nile, box.x + box.w / 2, box.y + box.h / 2));
    svg.append(g);
    svg.append(s("text", {
      class: `nile-label${nileSurvey ? " on" : ""}`, x: box.x + box.w / 2, y: box.y - 10,
      text: t(nileSurvey ? "nile.survey_label" : "nile.label"),
    }));
  }
  svg.append(cartouches);

  // Coordinates: row numbers on the left, column letters below.
  const coords = s("g", { class: "coords", "aria-hidden": "true" });
  for (let row = 0; row < lines * 3; row++) {
    const [, y] = cellXY(0, row);
    coords.append(s("text", { x: G.left / 2, y: y + G.cell / 2, text: String(row + 1) }));
  }
  for (let col = 0; col < 8; col++) {
    const [x] = cellXY(col, 0);
    coords.append(s("text", { x: x + G.cell / 2, y: height - 6, text: "abcdefgh"[col] }));
  }
  svg.append(coords);
  return svg;
}

function drawCell(ctx, cell) {
  const { view, mover, surveying } = ctx;
  const [cx, cy] = cellXY(cell.col, cell.row);
  const owner = sideOf(view, cell.owner);
  const holder = sideOf(view, cell.token);
  const what = [cell.name];
  if (cell.river) what.push(t("cell.river"));
  else if (ctx.onNile(cell)) what.push(t("cell.land", { area: cell.area }));
  else what.push(t("cell.area", { area: cell.area }));
  if (cell.pyramid) what.push(t("cell.pyramid"));
  if (owner) what.push(t("cell.cube", { who: owner.name }));
  if (holder) what.push(t("cell.token", { who: holder.name }));
  if (!owner && !holder) what.push(t("cell.free"));
  if (cell.order) what.push(t("cell.chosen", { n: cell.order }));
  const tokenSpot = ctx.tokenStep && cell.hl;
  if (tokenSpot) what.push(t("cell.token_here"));
  else if (cell.hl) what.push(t("cell.legal"));
  const attrs = { id: `cell-${cell.name}` };
  const classes = ["cell"];
  if (!surveying) Object.assign(attrs, targetAttrs(`cell:${cell.name}`, cell.hl, what.join(", ")));
  if (cell.hl) classes.push("hl");
  if (tokenSpot) classes.push("token-spot");
  if (cell.order) classes.push("chosen");
  if (cell.river) classes.push("river");
  else if (ctx.onNile(cell)) classes.push("land");
  if (isHinted("cell", cell.name)) classes.push("hint");
  if (isRecent("cell", cell.name)) classes.push("recent");
  // During an area's survey, the Nile's cells of other areas (and the river) fade.
  if (surveying && ctx.surveyed > 0 && ctx.onNile(cell) && cell.area !== ctx.surveyed) classes.push("dim");
  attrs.class = classes.join(" ");
  const g = s("g", attrs, s("title", { text: what.join(", ") + cellTip(cell, ctx) }),
    s("rect", { class: "cell-bg", x: cx, y: cy, width: G.cell, height: G.cell, rx: 5 }));
  const mx = cx + G.cell / 2;
  const my = cy + G.cell / 2;
  if (cell.pyramid) {
    const big = !owner;
    const w = big ? 30 : 20;
    const hgt = big ? 24 : 16;
    const px = big ? mx : cx + 12;
    const py = big ? my + 2 : cy + 12;
    g.append(s("g", { class: "pyramid" },
      s("polygon", { points: `${px - w / 2},${py + hgt / 2} ${px},${py - hgt / 2} ${px + w / 2},${py + hgt / 2}` }),
      s("polyline", { points: `${px},${py - hgt / 2} ${px + w * 0.1},${py + hgt / 2}` })));
  }
  if (owner) {
    g.append(cube(owner, cell.pyramid ? mx + 4 : mx, cell.pyramid ? my + 4 : my, 24));
  } else if (cell.order && mover) {
    g.append(s("g", { class: `pending c-${mover.colour}`, "aria-hidden": "true" },
      s("rect", { x: mx - 12, y: my - 12, width: 24, height: 24, rx: 4 }),
      // The mover's letter, then the order of the cube (colour is never the only cue).
      s("text", { x: mx, y: my + 1, "font-size": 14 },
        s("tspan", { text: mover.letter }), s("tspan", { "font-size": 11, text: String(cell.order) }))));
  }
  if (holder) g.append(tokenChip(holder, mx, my, 13));
  else if (tokenSpot && mover) g.append(tokenChip(mover, mx, my, 13, "ghost"));
  return g;
}

function cartouche(parcel, x, y, states = []) {
  const patron = parcel.patron || "none";
  const look = PATRON_LOOK[parcel.patron];
  const abbr = look ? look.abbr : "★";
  const cls = ["cartouche", `p-${patron}`, ...states].join(" ");
  if (G.tight) {
    // Upright pill that fits between the two columns of cells.
    return s("g", { class: cls },
      s("rect", { x: x - 10, y: y - 18, width: 20, height: 36, rx: 8 }),
      s("text", { x, y: y - 8, text: abbr }),
      s("text", { x, y: y + 8, text: String(parcel.value) }));
  }
  return s("g", { class: cls },
    s("rect", { x: x - 17, y: y - 10, width: 34, height: 20, rx: 9 }),
    s("text", { x, y: y + 1, text: `${abbr} ${parcel.value}` }));
}

// Governor Greenwish's cartouche on a Nile card: upright, between the two columns.
function nileCartouche(nile, x, y) {
  const w = G.tight ? 18 : 26;
  return s("g", { class: "cartouche p-greenwish", "aria-hidden": "true" },
    s("rect", { x: x - w / 2, y: y - 22, width: w, height: 44, rx: w / 2 - 1 }),
    s("text", { x, y: y - 10, text: "Gw" }),
    s("text", { class: "big", x, y: y + 8, text: String(nile.value) }));
}

// A Greenwish token: a round chip with a white ring and its owner's letter
// (cubes are squares, so a token never looks like a cube).
function tokenChip(side, x, y, r, extra = "") {
  return s("g", { class: `token c-${side.colour}${extra ? ` ${extra}` : ""}`, "aria-hidden": "true" },
    s("circle", { class: "disc", cx: x, cy: y, r }),
    s("circle", { class: "ring", cx: x, cy: y, r: r - 2.3 }),
    s("text", { x, y: y + 0.5, "font-size": r * 1.05, text: side.letter }));
}

// A boat token: hull, mast and sail, with what it gives.
function boatIcon(boat, size = 30) {
  const look = boatLook(boat);
  const w = size * 1.5;
  return s("svg", {
    class: `boat b-${boat}`, width: w, height: size, viewBox: "0 0 45 30", "aria-hidden": "true", focusable: "false",
  },
  s("path", { class: "sail", d: "M24,2 L24,19 L37,19 Z" }),
  s("line", { class: "mast", x1: 23, y1: 1, x2: 23, y2: 21 }),
  s("path", { class: "hull", d: "M2,20 L43,20 L36,29 L9,29 Z" }),
  s("text", { x: 12, y: 11, text: look.mark }));
}

// ----------------------------------------------------------------- museum
const M = { cx: 210, cy: 210, hall: 56, mid: 108, outer: 160, band: 170, text: 186 };

function polar(r, deg) {
  const a = (deg * Math.PI) / 180;
  return [M.cx + r * Math.cos(a), M.cy + r * Math.sin(a)];
}

function sector(r0, r1, a0, a1) {
  const f = (n) => n.toFixed(2);
  const [x0, y0] = polar(r1, a0);
  const [x1, y1] = polar(r1, a1);
  const [x2, y2] = polar(r0, a1);
  const [x3, y3] = polar(r0, a0);
  const large = a1 - a0 > 180 ? 1 : 0;
  return `M${f(x0)},${f(y0)} A${r1},${r1} 0 ${large} 1 ${f(x1)},${f(y1)} `
    + `L${f(x2)},${f(y2)} A${r0},${r0} 0 ${large} 0 ${f(x3)},${f(y3)} Z`;
}

function arcPath(r, a0, a1, reverse) {
  const [x0, y0] = polar(r, reverse ? a1 : a0);
  const [x1, y1] = polar(r, reverse ? a0 : a1);
  return `M${x0.toFixed(2)},${y0.toFixed(2)} A${r},${r} 0 0 ${reverse ? 0 : 1} ${x1.toFixed(2)},${y1.toFixed(2)}`;
}

const WING_SPAN = 44; // degrees for a wing (its 3-room and 5-room); 2-rooms get 28

function drawMuseum(view) {
  const svg = s("svg", {
    id: "museum", viewBox: "0 0 420 420", role: "group",
    "aria-label": t("museum.label"),
  });
  const defs = s("defs");
  svg.append(defs);
  const rooms = new Map(view.museum.map((r) => [r.id, r]));
  svg.append(s("circle", { class: "hall", cx: M.cx, cy: M.cy, r: M.hall - 3 }));
  svg.append(s("text", { class: "hall-label", x: M.cx, y: M.cy - 6, text: t("museum.title") }));
  svg.append(s("text", { class: "hall-sub", x: M.cx, y: M.cy + 12, text: t("museum.hall") }));

  for (const wing of view.wings) {
    const w = wing.wing;
    const centre = -90 + (w - 1) * 72;
    const a0 = centre - WING_SPAN / 2;
    const a1 = centre + WING_SPAN / 2;
    const next = (w % 5) + 1;
    // Wing band and label (text follows the arc, upright at the bottom too).
    svg.append(s("path", { class: `wing-band p-${wing.patron}`, d: sector(M.outer + 3, M.band + 3, a0 + 1, a1 - 1) }));
    const bottom = Math.sin((centre * Math.PI) / 180) > 0.2;
    const pid = `wing-arc-${w}`;
    defs.append(s("path", { id: pid, d: arcPath(bottom ? M.text + 8 : M.text, centre - 40, centre + 40, bottom) }));
    svg.append(s("text", { class: "wing-label" },
      s("title", { text: t("museum.wing", { wing: w, patron: wing.name }) + patronTip(wing.patron) }),
      s("textPath", { href: `#${pid}`, startOffset: "50%", text: `${w} · ${wing.name}` })));
    // Rooms of the wing: 3-room inside, 5-room outside; the 2-room after it.
    svg.append(drawRoom(view, rooms.get(`W${w}-3`), M.hall, M.mid, a0, a1, wing.patron));
    svg.append(drawRoom(view, rooms.get(`W${w}-5`), M.mid, M.outer, a0, a1, wing.patron));
    const b0 = a1;
    const b1 = centre + 72 - WING_SPAN / 2;
    svg.append(drawRoom(view, rooms.get(`W${w}${next}-2`), M.hall, M.outer, b0, b1, null));
  }
  return svg;
}

function drawRoom(view, room, r0, r1, a0, a1, patron) {
  if (!room) return null;
  const holder = sideOf(view, room.holder);
  const reserved = sideOf(view, room.token);
  const tokenSpot = !!view.token_step && room.hl;
  const classes = ["room", patron ? `p-${patron}` : "shared", `v${room.value}`];
  if (room.hl) classes.push("hl");
  if (tokenSpot) classes.push("token-spot");
  if (isHinted("room", room.id)) classes.push("hint");
  if (isRecent("room", room.id)) classes.push("recent");
  const parts = [room.label, holder ? t("room.held", { who: holder.name }) : t("room.free")];
  if (reserved) parts.push(t("cell.token", { who: reserved.name }));
  if (tokenSpot) parts.push(t("cell.token_here"));
  else if (room.hl) parts.push(t("room.open_now"));
  const label = parts.join(", ");
  const attrs = { id: `room-${room.id}`, ...targetAttrs(`room:${room.id}`, room.hl, label) };
  attrs.class = classes.join(" ");
  const g = s("g", attrs, s("title", { text: `${label}. ${t(`room.help.${room.value}`)}` }),
    s("path", { class: "room-bg", d: sector(r0 + 1.5, r1 - 1.5, a0 + 0.8, a1 - 0.8) }));
  const mid = (a0 + a1) / 2;
  const rm = (r0 + r1) / 2;
  const tall = r1 - r0 > 70;
  const [vx, vy] = polar(tall ? rm + 22 : rm, mid);
  const [hx, hy] = polar(tall ? rm - 18 : rm, mid);
  if (holder) {
    g.append(s("text", { class: "room-value small", x: tall ? vx : vx, y: tall ? vy : vy - 17, text: String(room.value) }));
    g.append(cube(holder, hx, tall ? hy : hy + 6, 24));
  } else if (reserved || tokenSpot) {
    g.append(s("text", { class: "room-value small", x: tall ? vx : vx, y: tall ? vy : vy - 17, text: String(room.value) }));
    const mover = sideOf(view, view.to_move);
    if (reserved) g.append(tokenChip(reserved, hx, tall ? hy : hy + 6, 13));
    else if (mover) g.append(tokenChip(mover, hx, tall ? hy : hy + 6, 13, "ghost"));
  } else {
    g.append(s("text", { class: "room-value", x: vx, y: vy, text: String(room.value) }));
  }
  return g;
}

// ------------------------------------------------------------------ scale
function drawScale(view) {
  const box = h("div", { class: "scale", role: "list", "aria-label": t("scale.title") });
  view.scale.forEach((who, i) => {
    const side = sideOf(view, who);
    const space = h("div", {
      class: `scale-space${side ? " taken" : ""}`, role: "listitem",
      title: t("scale.space", { n: i + 1, who: side ? side.name : t("scale.free") }),
    },
      h("span", { class: "scale-num", text: String(i + 1) }));
    if (side) {
      space.append(seatIcon(side, 24));
      space.append(h("span", { class: "scale-name", text: side.name }));
    } else {
      space.append(h("span", { class: "scale-name free", text: t("scale.free") }));
    }
    box.append(space);
  });
  return box;
}

// ----------------------------------------------------------------- status
function drawStatus(view) {
  const mover = sideOf(view, view.to_move);
  const prompt = h("p", { id: "prompt", class: `prompt${view.bot_to_move ? " thinking" : ""}` });
  if (mover && !view.final) prompt.append(seatIcon(mover, 24));
  prompt.append(h("span", { text: view.prompt }));

  const bar = h("div", { class: "actions", role: "toolbar", "aria-label": t("actions.label") });
  for (const a of view.actions) {
    const classes = ["action"];
    if (a.selected) classes.push("selected");
    if (isHinted("action", a.key)) classes.push("hint");
    const boat = a.key.startsWith("boat:") ? boatIcon("boat-tie", 20) : null;
    bar.append(h("button", {
      type: "button", class: classes.join(" "), "data-target": a.id,
      title: [a.help, a.now].filter(Boolean).join(" ") || null, "aria-pressed": a.selected ? "true" : "false",
    }, boat, a.label));
  }
  if (view.can_cancel) {
    bar.append(h("button", { type: "button", class: "secondary", "data-target": "cancel", text: t("button.cancel") }));
  }
  if (view.can_undo) {
    bar.append(h("button", { type: "button", class: "secondary", "data-target": "undo", title: t("button.undo.help"), text: t("button.undo") }));
  }
  const personToMove = !view.final && !view.bot_to_move && view.to_move !== null && view.to_move !== undefined;
  if (personToMove) {
    const busy = hintState.stamp === stampOf(view) && hintState.busy;
    bar.append(h("button", {
      type: "button", id: "hint", class: `secondary hint-button${busy ? " busy" : ""}`,
      title: t("hint.help"), "aria-busy": busy ? "true" : null,
      disabled: busy, onclick: askHint, text: t(busy ? "hint.busy" : "hint.button"),
    }));
  }
  const help = view.actions.find((a) => a.selected);
  const hint = help && help.help ? h("p", { class: "hint", text: help.help }) : null;
  const suggested = activeHint(view);
  const hintText = suggested && suggested.text
    ? h("p", { id: "hint-text", class: "hint-text", role: "status", text: suggested.text }) : null;
  return [prompt, bar, hint, hintText];
}

// One line under the prompt about the computer players (starting, failed).
function drawBotStatus() {
  const box = $("#bot-status");
  if (!box) return;
  document.body.dataset.bot = bots.failed ? "failed" : bots.loading ? "loading" : bots.thinking ? "thinking" : "idle";
  if (bots.failed) {
    box.className = "bot-status failed";
    fill(box, h("span", { text: bots.failed }),
      h("button", { type: "button", id: "bot-retry", class: "secondary", onclick: retryBots, text: t("bots.retry") }));
  } else if (bots.loading) {
    box.className = "bot-status loading";
    fill(box, h("span", { class: "spinner", "aria-hidden": "true" }),
      h("span", { text: t("bots.starting") }));
  } else {
    box.className = "bot-status";
    box.replaceChildren();
  }
  box.hidden = !(bots.failed || bots.loading);
}

// ---------------------------------------------------------------- players
function drawPlayers(view) {
  const list = [];
  for (const p of view.players) {
    const side = sideOf(view, p.index);
    const classes = ["player", `c-${p.colour}`];
    const bot = p.seat && p.seat !== "human";
    const thinking = p.to_move && !view.final && bot && view.bot_to_move;
    if (p.to_move && !view.final) classes.push("to-move");
    if (thinking) classes.push("thinking");
    const head = h("header", {}, seatIcon(side, 30),
      h("span", { class: "pname", text: p.name }));
    if (bot) head.append(h("span", { class: "badge bot", title: t("player.bot_title"), text: t(`seat.${p.seat}`) }));
    if (p.first) head.append(h("span", { class: "badge first", title: t("player.first_title"), text: t("player.first") }));
    if (thinking) {
      head.append(h("span", { class: "badge turn thinking", role: "status" },
        t(bots.loading ? "player.starting" : "player.thinking"), h("span", { class: "dots", "aria-hidden": "true" }, "…")));
    } else if (p.to_move && !view.final) {
      head.append(h("span", { class: "badge turn", text: t("player.to_play") }));
    }

    const stats = h("dl", { class: "stats" });
    const stat = (label, value, title) => {
      stats.append(h("div", { title: title || null }, h("dt", { text: label }), h("dd", { text: String(value) })));
    };
    stat(t("player.score"), p.score);
    stat(t("player.cubes"), p.cubes, t("player.cubes_title"));
    if (view.neutral) stat(t("player.neutral"), p.neutral_cubes, t("player.neutral_title"));
    stat(t("player.supply"), p.supply, t("player.supply_title"));
    stat(t("player.passed"), p.passed ? `#${p.passed}` : "—", t("player.passed_title"));

    const cards = h("div", { class: "hand" });
    if (!p.cards.length) cards.append(h("span", { class: "none", text: t("player.no_cards") }));
    const groups = new Map();
    for (const c of p.cards) {
      const key = c.patron || "none";
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(c);
    }
    for (const key of PATRON_ORDER) {
      if (!groups.has(key)) continue;
      const row = h("div", { class: "pg-cards" });
      const group = h("div", { class: "patron-group" },
        h("span", { class: `pg-name p-${key}`, title: key === "none" ? null : t(`patron.${key}.help`), text: patronName(key === "none" ? null : key) }), row);
      for (const c of groups.get(key)) {
        const look = PATRON_LOOK[c.patron];
        row.append(h("span", {
          class: `mini p-${key}${c.tilted ? " tilted" : ""}`,
          title: (c.tilted ? t("card.tilted_title", { card: c.label }) : c.label) + patronTip(c.patron),
          "aria-label": c.tilted ? t("card.tilted_label", { card: c.label }) : c.label,
        }, h("b", { text: `${look ? look.abbr : "★"} ${c.value}` }),
        c.tilted ? h("small", { text: t("card.tilted") }) : null));
      }
      cards.append(group);
    }
    let extras = null;
    if (view.nile) {
      const tokens = h("span", {
        class: "tokens", role: "img", title: t("player.tokens_title", { n: p.tokens }), "aria-label": t("player.tokens_title", { n: p.tokens }),
      }, h("span", { class: "x-label", text: t("player.tokens") }));
      const chips = s("svg", { width: Math.max(p.tokens, 1) * 22, height: 22, viewBox: `0 0 ${Math.max(p.tokens, 1) * 22} 22`, "aria-hidden": "true" });
      for (let i = 0; i < p.tokens; i++) chips.append(tokenChip(side, 11 + i * 22, 11, 10));
      tokens.append(p.tokens ? chips : h("span", { class: "none", text: t("player.none") }));
      const boats = h("span", { class: "boats" }, h("span", { class: "x-label", text: t("player.boats") }));
      if (!p.boats.length) boats.append(h("span", { class: "none", text: t("player.none") }));
      for (const b of p.boats) {
        const look = boatLook(b);
        boats.append(h("span", { class: "boat-held", role: "img", title: t("boat.title", { boat: look.name, help: look.help }), "aria-label": look.name }, boatIcon(b, 22)));
      }
      extras = h("div", { class: "extras" }, tokens, boats);
    }
    list.push(h("article", { class: classes.join(" "), "data-player": p.index, "data-seat": p.seat || "human" }, head, stats, extras, cards));
  }
  if (view.neutral) {
    const n = sideOf(view, "neutral");
    list.push(h("article", { class: "player neutral c-grey" },
      h("header", {}, seatIcon(n, 30), h("span", { class: "pname", text: t("side.neutral") })),
      h("dl", { class: "stats" },
        h("div", { title: t("neutral.supply_title") }, h("dt", { text: t("player.supply") }), h("dd", { text: String(view.neutral.supply) })))));
  }
  return list;
}

// ------------------------------------------------------------- end screen
function drawEnd(view) {
  const f = view.final;
  const rows = f.rows;
  const table = h("table", { class: "final" });
  const head = h("tr", {}, h("th", { scope: "col" }, h("span", { class: "sr-only", text: t("player.score") })));
  for (const r of rows) {
    const side = sideOf(view, r.index);
    head.append(h("th", { scope: "col", class: r.winner ? "winner" : "" }, seatIcon(side, 22), " ",
      h("span", { text: r.name }), r.winner ? h("span", { class: "crown", text: ` ★ ${t("end.winner")}` }) : null));
  }
  table.append(h("thead", {}, head));
  const body = h("tbody");
  const row = (label, cell, cls = "") => {
    const tr = h("tr", { class: cls }, h("th", { scope: "row", text: label }));
    rows.forEach((r) => tr.append(cell(r)));
    body.append(tr);
  };
  row(t("end.claimed"), (r) => h("td", { text: String(r.claimed) }));
  const wings = rows[0] ? rows[0].wings : [];
  wings.forEach((w, i) => {
    row(t("end.wing", { wing: w.wing, patron: w.patron }), (r) => {
      const x = r.wings[i];
      return h("td", { text: x.cards ? `${x.cards} × ${x.per_card} = ${x.points}` : "—" });
    });
  });
  row(t("end.exhibition"), (r) => h("td", { text: String(r.exhibition) }), "sub");
  row(t("end.sets"), (r) => h("td", { text: r.sets ? t(r.sets > 1 ? "end.sets_many" : "end.sets_one", { n: r.sets, points: r.set_points }) : "—" }));
  row(t("end.total"), (r) => h("td", { class: "total", "data-total-player": r.index, text: String(r.total) }), "total-row");
  row(t("end.cubes"), (r) => h("td", { text: String(r.cubes) }));
  body.lastChild.classList.add("cubes-row");
  table.append(body);

  const who = f.winners.join(t("list.and"));
  const title = t(f.shared ? "end.shared" : "end.wins", { who });
  const notes = [];
  if (f.tie_break) notes.push(t("end.tie_break"));
  if (f.shared) notes.push(t("end.still_tied"));
  return h("section", { id: "end-screen", "aria-labelledby": "end-title" },
    h("h2", { id: "end-title", text: title }),
    notes.length ? h("p", { class: "end-note", text: notes.join(" ") }) : null,
    h("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-label": t("end.final") }, table),
    h("p", {}, h("button", { type: "button", class: "primary", onclick: () => openNewGame(), text: t("menu.new_game") })));
}

// ------------------------------------------------------------------- draw
function draw(view) {
  current = view;
  const focused = beforeDraw();

  fill($("#season-info"),
    h("span", { class: "season", text: view.final ? t("end.final") : t("season.of", { season: view.season }) }),
    view.final ? null : h("span", { class: "phase", text: view.phase_name }));
  fill($("#status"), drawStatus(view));
  const msg = $("#message");
  msg.textContent = view.message || "";
  msg.hidden = !view.message;
  const end = $("#end-holder");
  fill(end, view.final ? drawEnd(view) : null);
  end.hidden = !view.final;
  fill($("#nile-box"), drawNileBar(view));
  $("#nile-box").hidden = !view.nile || !!view.final;
  $("#region-box").replaceChildren(drawRegion(view));
  $("#museum-box").replaceChildren(drawMuseum(view));
  $("#scale-box").replaceChildren(drawScale(view));
  fill($("#players"), drawPlayers(view));
  const log = $("#log");
  log.replaceChildren(...view.log.map((line) => h("li", { text: line })));
  log.scrollTop = log.scrollHeight;

  document.body.dataset.turn = view.final ? "over" : String(view.to_move);
  document.body.dataset.revision = String(view.revision);
  document.body.dataset.game = String(view.game);
  document.body.dataset.drawn = String(++draws);
  announce(view);
  afterDraw(focused, view);
  pumpBots();
  drawBotStatus();
}

// The Nile, above the region: what it gives, and the boat on offer.
function drawNileBar(view) {
  if (!view.nile) return null;
  const boat = view.boat_offer;
  const look = boat ? boatLook(boat) : null;
  const offer = boat
    ? h("span", { id: "boat-offer", class: "boat-offer", title: t("boat.title", { boat: look.name, help: look.help }) },
      boatIcon(boat, 24), h("span", {}, t("nile.boat_offer"), " ", h("b", { text: look.name }),
        h("span", { class: "boat-help", text: ` (${look.help})` })))
    : h("span", { id: "boat-offer", class: "boat-offer none", text: t(view.season === 4 ? "nile.no_boat_last" : "nile.no_boat") });
  return [
    h("span", { class: "nile-title", text: t("nile.bar_title") }),
    h("span", { class: "nile-rule" }, h("span", { class: "river-swatch", "aria-hidden": "true" }), " ", t("nile.rule")),
    offer,
  ];
}

function show(view) {
  queued = view;
  if (frame) return;
  frame = requestAnimationFrame(() => {
    frame = 0;
    const v = queued;
    queued = null;
    if (v) draw(v);
  });
}

function api() {
  return window.mykerinos;
}

function call(name, ...args) {
  return JSON.parse(api()[name](...args));
}

function notice(text, kind = "error") {
  const box = $("#notice");
  box.replaceChildren(h("span", { text }),
    h("button", { type: "button", class: "close", "aria-label": t("button.dismiss"), text: "×", onclick: () => { box.hidden = true; } }));
  box.className = `notice ${kind}`;
  box.hidden = !text;
}

// ------------------------------------------------------------------- bots
// Computer players and hints. The worker is started on first need only.
const REDUCED = matchMedia("(prefers-reduced-motion: reduce)");
const BOT_BUDGET = { hard: 1.5, medium: null, easy: null }; // seconds (null: its own speed)
const BOT_PAUSE_MS = () => (REDUCED.matches ? 150 : 600); // least time a move is shown "thinking"
const WORKER_START_MS = 120_000;
const ANSWER_SLACK_MS = 60_000; // on top of the budget, before giving up on an answer

const bots = {
  worker: null, // the PyWorker once it answers
  starting: null, // promise while it starts
  loading: false,
  thinking: false,
  failed: null, // text of the last failure (bots stop until "Try again")
  pending: null, // stamp of the position the latest request is for
  stats: [], // one {level, ms, stamp} per computer move: request to answer, in the page
  startMs: null, // how long the worker took to start
};
let hintState = { stamp: null }; // {stamp, busy} while asking, {stamp, move, text} once answered
let recent = { stamp: null }; // the computer's last move, outlined until the next change

function stampOf(view) {
  return view ? `${view.game}:${view.revision}` : "";
}

function latest() {
  return queued || current;
}

// The action button a move belongs to (the same key as the view's actions).
function moveKey(move) {
  if (move.action === "neutral") return `neutral:${(move.cells || []).length}`;
  if (move.action === "boat") return move.use ? "boat:use" : "boat:keep";
  return move.action + (move.patron ? `:${move.patron}` : "");
}

function movePlaces(move, kind, id) {
  if (!move) return false;
  if (kind === "cell") return (move.cells || []).includes(id) || move.token === id;
  if (kind === "room") return move.room === id || move.token === id;
  if (kind === "card") return move.card === id;
  if (kind === "action") return moveKey(move) === id;
  return false;
}

function activeHint(view) {
  return hintState.move && hintState.stamp === stampOf(view) ? hintState : null;
}

function isHinted(kind, id) {
  const hint = activeHint(current);
  return !!hint && movePlaces(hint.move, kind, id);
}

function isRecent(kind, id) {
  return recent.stamp === stampOf(current) && kind !== "action" && movePlaces(recent.move, kind, id);
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function withTimeout(promise, ms, what) {
  let timer = 0;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(t("bots.timeout"));
      error.timeout = true;
      reject(error);
    }, ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

function ensureWorker() {
  if (bots.worker) return Promise.resolve(bots.worker);
  if (bots.starting) return bots.starting;
  bots.loading = true;
  drawBotStatus();
  redrawSoon();
  const t0 = performance.now();
  bots.starting = (async () => {
    await customElements.whenDefined("py-script");
    const { PyWorker } = await import(new URL("../pyscript/core.js", import.meta.url).href);
    const here = (path) => new URL(path, import.meta.url).href;
    const worker = await PyWorker(here("./bot_worker.py"), {
      type: "pyodide",
      version: here("../pyodide/pyodide.mjs"),
      config: { files: { [here("../game.zip")]: "./*" } },
    });
    // The worker's script has run once ping answers (a Python error in it
    // makes this call fail instead of leaving the page waiting).
    if (String(await worker.sync.ping()) !== "ok") throw new Error("unexpected answer");
    return worker;
  })();
  return withTimeout(bots.starting, WORKER_START_MS, "Starting the computer players")
    .then((worker) => {
      bots.worker = worker;
      bots.startMs = performance.now() - t0;
      return worker;
    })
    .catch((error) => {
      bots.starting = null;
      const reason = error && error.message ? error.message : String(error);
      const failure = new Error(reason);
      failure.starting = true;
      failure.timeout = !!(error && error.timeout);
      throw failure;
    })
    .finally(() => {
      bots.loading = false;
      drawBotStatus();
      redrawSoon();
    });
}

function botFailed(error) {
  const reason = error && error.message ? error.message : String(error);
  console.warn("Mykerinos: computer players:", error);
  bots.failed = t(error && error.starting ? "bots.failed_start" : "bots.failed_answer", { reason });
  bots.thinking = false;
  if (bots.worker && error && error.timeout) {
    try { bots.worker.terminate(); } catch { /* already gone */ }
    bots.worker = null;
    bots.starting = null;
  }
  drawBotStatus();
}

function retryBots() {
  bots.failed = null;
  bots.pending = null;
  drawBotStatus();
  pumpBots();
}

// Called after every draw: asks for a move when a computer is to play.
function pumpBots() {
  const view = latest();
  if (!view || view.final || !view.bot_to_move || bots.failed) {
    if (bots.thinking) {
      bots.thinking = false;
      drawBotStatus();
    }
    return;
  }
  const stamp = stampOf(view);
  if (bots.pending === stamp) return;
  bots.pending = stamp;
  bots.thinking = true;
  drawBotStatus();
  playBot(view, stamp);
}

async function playBot(view, stamp) {
  const level = view.bot_to_move;
  const started = performance.now();
  let answer;
  try {
    const worker = await ensureWorker();
    if (stampOf(latest()) !== stamp) return;
    const record = api().exportRecord();
    const seed = call("botSeed");
    const budget = BOT_BUDGET[level] ?? null;
    const asked = performance.now();
    answer = String(await withTimeout(worker.sync.choose(record, level, seed, budget),
      (budget || 0) * 1000 + ANSWER_SLACK_MS, "A computer move"));
    const ms = performance.now() - asked;
    const search = JSON.parse(String(await worker.sync.last()));
    bots.stats.push({ level, ms, stamp, iterations: search.iterations, searchMs: search.seconds * 1000 });
    const parsed = JSON.parse(answer);
    if (parsed.error) throw new Error(parsed.error);
  } catch (error) {
    if (stampOf(latest()) === stamp) botFailed(error);
    return;
  }
  const wait = BOT_PAUSE_MS() - (performance.now() - started);
  if (wait > 0) await sleep(wait);
  if (stampOf(latest()) !== stamp) return; // undo, new game or import meanwhile
  const next = call("playBotMove", answer, stamp);
  if (stampOf(next) === stamp) {
    botFailed(new Error(next.message || t("bots.refused")));
    show(next);
    return;
  }
  recent = { stamp: stampOf(next), move: JSON.parse(answer) };
  show(next);
}

async function askHint() {
  const view = latest();
  if (!view || view.final || view.bot_to_move) return;
  const stamp = stampOf(view);
  hintState = { stamp, busy: true };
  show(view);
  try {
    const worker = await ensureWorker();
    if (stampOf(latest()) !== stamp) return;
    const answer = String(await withTimeout(
      worker.sync.hint(api().exportRecord(), call("botSeed")), 1500 + ANSWER_SLACK_MS, "The hint"));
    const move = JSON.parse(answer);
    if (move.error) throw new Error(move.error);
    if (stampOf(latest()) !== stamp) return;
    hintState = { stamp, move, text: call("describeMove", answer) };
  } catch (error) {
    if (stampOf(latest()) !== stamp) return;
    hintState = { stamp: null };
    const reason = error && error.message ? error.message : String(error);
    notice(t("hint.failed", { reason }));
  }
  show(latest());
}

function redrawSoon() {
  const view = latest();
  if (view) show(view);
}

// ------------------------------------------------------------------- menu
function exportGame() {
  const text = api().exportRecord();
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = h("a", { href: url, download: "mykerinos-game.json", hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 5000);
}

async function importGame(event) {
  const input = event.target;
  const file = input.files && input.files[0];
  input.value = "";
  if (!file) return;
  let text;
  try {
    text = await file.text();
  } catch {
    notice(t("import.unreadable"));
    return;
  }
  const answer = call("importRecord", text);
  if (answer.ok) {
    notice(t("import.loaded", { file: file.name }), "info");
    show(answer.view);
  } else {
    notice(`${answer.error} ${t("msg.unchanged")}`);
  }
}

function buildDialog() {
  const count = h("select", { id: "players-count", name: "count" },
    ...[2, 3, 4].map((n) => h("option", { value: n, text: t("dialog.n_players", { n }) })));
  const names = h("div", { class: "names" });
  for (let i = 0; i < 4; i++) {
    const seat = h("select", { id: `seat-${i}`, class: "seat-select", "aria-label": t("dialog.who_plays", { n: i + 1 }) },
      ...SEATS.map((value) => h("option", { value, text: t(`seat.${value}`) })));
    const input = h("input", { id: `player-name-${i}`, type: "text", maxlength: 24, autocomplete: "off", placeholder: defaultName("human", i) });
    seat.addEventListener("change", () => {
      input.placeholder = defaultName(seat.value, i);
    });
    names.append(h("div", { class: "name-field", id: `name-field-${i}` },
      h("label", { for: `player-name-${i}`, text: t("name.player", { n: i + 1 }) }), input, seat));
  }
  const sync = () => {
    const n = Number(count.value);
    for (let i = 0; i < 4; i++) {
      const on = i < n;
      $(`#name-field-${i}`, names).hidden = !on;
      $(`#player-name-${i}`, names).disabled = !on;
      $(`#seat-${i}`, names).disabled = !on;
    }
  };
  count.addEventListener("change", sync);
  const form = h("form", { method: "dialog" },
    h("h2", { text: t("dialog.title") }),
    h("label", { class: "row" }, h("span", { text: t("dialog.players") }), count),
    names,
    h("label", { class: "check" },
      h("input", { id: "nile", type: "checkbox" }),
      h("span", {}, h("b", { text: t("dialog.nile") }), " — ", t("dialog.nile_help"))),
    h("label", { class: "row" }, h("span", { text: t("dialog.seed") }),
      h("input", { id: "seed", type: "text", inputmode: "numeric", placeholder: t("dialog.seed_random"), autocomplete: "off" })),
    h("p", { class: "small", text: t("dialog.note") }),
    h("div", { class: "buttons" },
      h("button", { type: "button", id: "cancel-new-game", class: "secondary", text: t("button.cancel"), onclick: () => dialog.close() }),
      h("button", { type: "submit", id: "start-game", class: "primary", text: t("dialog.start") })));
  const dialog = h("dialog", { id: "new-game-dialog", "aria-labelledby": "new-game-title" }, form);
  form.firstChild.id = "new-game-title";
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const n = Number(count.value);
    const list = [];
    const seats = [];
    for (let i = 0; i < n; i++) {
      const seat = $(`#seat-${i}`, form).value;
      seats.push(seat);
      list.push($(`#player-name-${i}`, form).value.trim() || defaultName(seat, i));
    }
    const seedText = $("#seed", form).value.trim();
    const options = { nile: $("#nile", form).checked, seats };
    const view = call("newGame", JSON.stringify(list), seedText === "" ? null : seedText, JSON.stringify(options));
    dialog.close();
    notice("");
    show(view);
  });
  dialog.sync = sync;
  return dialog;
}

// "Player 2" or "Computer 2", in the page's language.
function defaultName(seat, i) {
  return t(seat === "human" ? "name.player" : "name.computer", { n: i + 1 });
}

function isDefaultName(name, i) {
  return name === defaultName("human", i) || name === defaultName("easy", i);
}

function openNewGame() {
  const dialog = $("#new-game-dialog");
  const players = current ? current.players : [];
  const count = $("#players-count");
  count.value = String(players.length >= 2 ? players.length : 3);
  for (let i = 0; i < 4; i++) {
    const input = $(`#player-name-${i}`);
    const name = players[i] ? players[i].name : "";
    input.value = isDefaultName(name, i) ? "" : name;
    const seat = $(`#seat-${i}`);
    seat.value = players[i] && SEATS.includes(players[i].seat) ? players[i].seat : "human";
    seat.dispatchEvent(new Event("change"));
  }
  $("#nile").checked = !!(current && current.nile);
  $("#seed").value = "";
  dialog.sync();
  if (!dialog.open) dialog.showModal();
  $("#player-name-0").focus();
}

// ------------------------------------------------------------ help, words
// Tooltips say what a thing does; the same words appear in #details for a
// focused element (keyboard) or, in "explain" mode, for a tapped one (touch:
// nothing needs hover).
let explaining = false;
let python = null; // Python version, for the footer

function patronTip(patron) {
  return patron ? `. ${t(`patron.${patron}.help`)}` : "";
}

function cellTip(cell, ctx) {
  if (cell.river) return `. ${t("cell.river.help")}`;
  if (ctx.onNile(cell)) return `. ${t("cell.land.help")}`;
  if (cell.pyramid) return `. ${t("cell.pyramid.help")}`;
  return "";
}

// An element's own tooltip: its SVG <title>, or its title attribute.
function ownTip(el) {
  const title = el.querySelector(":scope > title");
  return title ? title.textContent : el.getAttribute("title") || "";
}

function tipOf(el) {
  return el ? ownTip(el) || el.getAttribute("aria-label") || "" : "";
}

// The nearest element (from el up) that has a tooltip.
function withTip(el) {
  for (let node = el; node && node.id !== "app"; node = node.parentElement) {
    if (ownTip(node)) return node;
  }
  return null;
}

function showDetails(text) {
  const box = $("#details");
  if (!box) return;
  box.textContent = text || "";
  box.hidden = !text;
}

function explain(el) {
  showDetails(tipOf(el));
}

function onFocusExplain(event) {
  const el = event.target;
  if (!(el instanceof Element) || !$("#app").contains(el)) return;
  // Board things only: buttons show their help already. Keyboard focus only: a
  // press of the mouse or a finger focuses too, and a line appearing above the
  // board then would move the board before the press ends (the tap is lost).
  if (!el.matches(":focus-visible")) return;
  const target = el.closest("[data-target]");
  if (target && target.tagName !== "BUTTON") {
    const tip = tipOf(target);
    if (tip) showDetails(tip);
  }
}

function toggleExplain() {
  explaining = !explaining;
  const button = $("#explain");
  button.setAttribute("aria-pressed", String(explaining));
  document.body.classList.toggle("explaining", explaining);
  showDetails(explaining ? t("explain.on") : "");
}

function languageSwitch() {
  const select = h("select", { id: "language", "aria-label": t("menu.language"), title: t("menu.language") },
    ...LANGUAGES.map((code) => h("option", { value: code, lang: code, text: LANGUAGE_NAMES[code], selected: code === language() })));
  select.addEventListener("change", () => changeLanguage(select.value));
  return select;
}

// Every word on the page in another language: Python's (prompts, log, labels)
// and ours; the game itself is untouched.
async function changeLanguage(code) {
  try {
    await setLanguage(code);
  } catch (error) {
    notice(String(error && error.message ? error.message : error));
    return;
  }
  const view = call("setLanguage", code);
  explaining = false;
  document.body.classList.remove("explaining");
  buildFrame();
  drawFooter();
  lastSpoken = { game: null, lines: 0 };
  current = null;
  draw(view);
  $("#language").focus();
}

function drawFooter() {
  const footer = $("#footer");
  if (footer) footer.textContent = python ? t("footer.engine", { version: python }) : "";
}

// The rules in short, in the page's language.
const RULE_SECTIONS = ["goal", "turn", "patrons", "survey", "museum", "end", "two", "nile"];

function buildRules() {
  const body = h("div", { class: "rules-body" });
  for (const part of RULE_SECTIONS) {
    body.append(h("h3", { text: t(`rules.${part}.title`) }));
    for (const line of t(`rules.${part}.text`).split("\n")) body.append(h("p", { text: line }));
  }
  const dialog = h("dialog", { id: "rules-dialog", "aria-labelledby": "rules-title" },
    h("h2", { id: "rules-title", text: t("rules.title") }), body,
    h("div", { class: "buttons" },
      h("button", { type: "button", id: "close-rules", class: "primary", text: t("button.close"), onclick: () => dialog.close() })));
  return dialog;
}

function openRules() {
  const dialog = $("#rules-dialog");
  if (!dialog.open) dialog.showModal();
  $("#close-rules").focus();
}

// Each move, read out once by screen readers (the log itself stays quiet).
let lastSpoken = { game: null, lines: 0 };

function announce(view) {
  const box = $("#announce");
  if (!box) return;
  const lines = view.log || [];
  if (lastSpoken.game !== view.game || lines.length < lastSpoken.lines) {
    lastSpoken = { game: view.game, lines: lines.length }; // new game, undo or import: silence
    return;
  }
  const fresh = lines.slice(lastSpoken.lines);
  lastSpoken.lines = lines.length;
  if (!fresh.length) return;
  if (!view.final && !view.bot_to_move && view.prompt) fresh.push(view.prompt);
  box.textContent = fresh.join(" ");
}

// ------------------------------------------------------------------ frame
function buildFrame() {
  const app = $("#app");
  const importInput = h("input", { id: "import-file", type: "file", accept: ".json,application/json", class: "visually-hidden", onchange: importGame });
  app.replaceChildren(
    h("header", { class: "topbar" },
      h("h1", { text: "Mykerinos" }),
      h("div", { id: "season-info", class: "season-info" }),
      h("nav", { class: "menu", "aria-label": t("menu.label") },
        h("button", { type: "button", id: "new-game", onclick: () => openNewGame(), text: t("menu.new_game") }),
        h("button", { type: "button", id: "export", onclick: exportGame, title: t("menu.export.help"), text: t("menu.export") }),
        h("label", { class: "button", for: "import-file", title: t("menu.import.help") }, t("menu.import"), importInput),
        h("button", { type: "button", id: "rules-button", onclick: openRules, text: t("menu.rules") }),
        h("button", { type: "button", id: "explain", class: "toggle", "aria-pressed": "false", title: t("explain.help"), onclick: toggleExplain, text: t("explain.button") }),
        languageSwitch())),
    h("div", { id: "notice", class: "notice", role: "alert", hidden: true }),
    h("section", { id: "end-holder", hidden: true }),
    h("section", { id: "turn", class: "turn", "aria-label": t("turn.label") },
      h("div", { id: "status" }),
      h("p", { id: "message", class: "message", role: "alert", hidden: true }),
      h("p", { id: "details", class: "details", hidden: true }),
      h("div", { id: "bot-status", class: "bot-status", role: "status", "aria-live": "polite", hidden: true })),
    h("div", { class: "layout" },
      h("section", { id: "region-panel", class: "panel" }, h("h2", { class: "sr-only", text: t("region.title") }),
        h("div", { id: "nile-box", class: "nile-bar", hidden: true }), h("div", { id: "region-box" })),
      h("section", { id: "museum-panel", class: "panel" },
        h("h2", { class: "sr-only", text: t("museum.title") }), h("div", { id: "museum-box" }),
        h("h3", { class: "scale-title", text: t("scale.title") }), h("div", { id: "scale-box" })),
      h("section", { id: "players-panel", class: "panel", "aria-label": t("players.label") }, h("div", { id: "players", class: "players" })),
      h("section", { id: "log-panel", class: "panel" }, h("h2", { id: "log-title", text: t("log.title") }),
        h("ol", { id: "log", class: "log", "aria-labelledby": "log-title", tabindex: "0" }))),
    h("p", { id: "announce", class: "sr-only", "aria-live": "polite", "aria-atomic": "false" }),
    h("footer", { id: "footer" }),
    buildDialog(),
    buildRules());
}

// One listener for every board, button and card click (installed once: the
// frame is rebuilt when the language changes).
function installListeners() {
  const app = $("#app");
  // Explain mode: a tap on anything that has a tooltip shows it instead of
  // acting (caught first, so that no button acts either); the menu still works.
  app.addEventListener("click", (event) => {
    if (!explaining || event.target.closest(".menu, dialog, #notice")) return;
    const el = event.target.closest("[data-target]") || withTip(event.target);
    if (!el) return;
    event.preventDefault();
    event.stopPropagation();
    explain(el);
  }, true);
  app.addEventListener("click", (event) => {
    const el = event.target.closest("[data-target]");
    if (!el || !app.contains(el) || !api()) return;
    event.preventDefault();
    show(call("click", el.dataset.target));
  });
  // Keys (arrows, Enter/Space, Escape) and focus: web/keyboard.js.
  installKeyboard({
    activate: (target) => {
      if (!api()) return;
      if (explaining) explain(document.querySelector(`[data-target="${CSS.escape(target)}"]`));
      else show(call("click", target));
    },
  });
}

// Called by web/main.py once window.mykerinos works (or by us if we load later).
function boot() {
  if (booted) return true;
  if (!hasCatalogue()) {
    // The words are still on their way (they normally arrive long before Python).
    wordsReady.then(() => {
      if (boot()) document.body.dataset.ready = "1";
    });
    return false;
  }
  booted = true;
  buildFrame();
  installListeners();
  addEventListener("focusin", onFocusExplain);
  const start = call("startup");
  python = start.python || python;
  drawFooter();
  draw(start.view);
  if (start.notice) notice(start.notice);
  if (start.newGame) openNewGame();
  return true;
}

window.mykerinosUI = {
  boot,
  draw: show,
  // For measurements: one {level, ms} per computer move (request to answer).
  botStats: () => bots.stats.map(({ level, ms, iterations, searchMs }) => ({ level, ms, iterations, searchMs })),
  botWorkerStartMs: () => bots.startMs,
};

if (window.mykerinos && window.mykerinos.ready) {
  boot();
  document.body.dataset.ready = "1";
} else {
  addEventListener("mykerinos:ready", () => {
    if (!booted) {
      boot();
      document.body.dataset.ready = "1";
    }
  });
}
