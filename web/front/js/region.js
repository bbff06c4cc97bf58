// @ts-check
// The region: its cards (parcels, and the Nile's cards over them), cells,
// cubes, tokens and the survey frame, in SVG. Where everything lies comes from
// the view's grid (columns, rows, which card a cell belongs to); grid.js only
// turns grid places into pixels, upright or turned on its side.

import { t } from "./i18n.js";
import { memo, s, setAttributes } from "./dom.js";
import { cube, patronTip, sideOf, targetAttrs, tokenChip } from "./pieces.js";
import { geometry, grid, tapAreas } from "./grid.js";
import { marked } from "./store.js";
import { CARD, CELL, target } from "./generated/shared.js";

/** @typedef {import("./generated/view.js").View} View */
/** @typedef {import("./generated/view.js").RegionView} Region */
/** @typedef {import("./generated/view.js").Cell} Cell */
/** @typedef {import("./generated/view.js").ParcelView} Parcel */
/** @typedef {import("./generated/view.js").NileCardView} NileCard */
/** @typedef {import("./generated/view.js").Marks} Marks */
/** @typedef {import("./pieces.js").Look} Look */

/**
 * @typedef {object} Ctx
 * @property {View} view
 * @property {import("./grid.js").Geometry} G
 * @property {import("./grid.js").Grid} at
 * @property {Look | null} mover     whose cubes are being placed
 * @property {boolean} surveying
 * @property {number | null} surveyed
 * @property {{hint: Marks | null, recent: Marks | null}} marks
 * @property {((cell: Cell) => import("./grid.js").Rect) | null} hit  a cell's tap area
 * @property {string} shape   the geometry, as text (for memo signatures)
 */

// Fills for river and Nile land cells (patterns: not only a colour).
function regionDefs() {
  /** @param {string} stroke @param {number} width */
  const wave = (stroke, width) =>
    s("path", {
      d: "M0,5 q3,-3.5 6,0 t6,0 M0,13 q3,-3.5 6,0 t6,0",
      fill: "none",
      stroke,
      "stroke-width": width,
    });
  return s(
    "defs",
    {},
    s(
      "pattern",
      { id: "water", width: 12, height: 16, patternUnits: "userSpaceOnUse" },
      s("rect", { width: 12, height: 16, fill: "#4f9dcc" }),
      wave("#d9f1ff", 1.6),
    ),
    s(
      "pattern",
      { id: "water-hl", width: 12, height: 16, patternUnits: "userSpaceOnUse" },
      s("rect", { width: 12, height: 16, fill: "#8fd9e8" }),
      wave("#ffffff", 1.6),
    ),
    s(
      "pattern",
      { id: "sand", width: 8, height: 8, patternUnits: "userSpaceOnUse" },
      s("rect", { width: 8, height: 8, fill: "#f2cd52" }),
      s("circle", { cx: 2, cy: 2, r: 0.9, fill: "#b58a1c" }),
      s("circle", { cx: 6, cy: 6, r: 0.9, fill: "#b58a1c" }),
    ),
  );
}

/**
 * A label in the strip before a line of cards: above it, or turned with the
 * region, at its left and read upwards.
 * @param {import("./grid.js").Geometry} G
 * @param {{x: number, y: number, w: number, h: number}} b  the box labelled
 * @param {number} gap  from the box's edge to the label's middle
 * @returns {Record<string, string | number>}
 */
function labelAt(G, b, gap) {
  if (!G.turned) return { x: b.x + b.w / 2, y: b.y - gap };
  const x = b.x - G.label / 2 - 1;
  const y = b.y + b.h / 2;
  return { x, y, transform: `rotate(-90 ${x} ${y})` };
}

/**
 * The whole region.
 * @param {View} view
 * @param {boolean} tight
 * @param {{hint: Marks | null, recent: Marks | null}} marks
 * @param {boolean} [turned]  on its side: columns down the screen, rows across
 */
export function drawRegion(view, tight, marks, turned = false) {
  const reg = view.region;
  // The survey under way (or the one whose tie the tie boat may break); 0 is the Nile's.
  const surveyed = view.survey_area ?? view.tie_area ?? null;
  const surveying = surveyed !== null;
  const G = geometry(tight, surveying, turned);
  const at = grid(G, reg);
  const { width, height } = at.size;
  const nileSurvey = surveyed === 0;
  const classes = [surveying ? "surveying" : "", turned ? "turned" : ""].filter(Boolean).join(" ");
  const svg = s("svg", {
    id: "region",
    class: classes,
    viewBox: `0 0 ${width} ${height}`,
    role: "group",
    "aria-label": t(reg.nile.length ? "region.label_nile" : "region.label", {
      season: view.season,
      areas: reg.areas.length,
    }),
  });
  if (reg.nile.length) svg.append(memo("defs", regionDefs));
  // The survey's frames in a group of their own, drawn under the cards: the
  // svg's other children keep their places whichever area is surveyed, so
  // that each card is morphed into itself, not into its neighbour.
  const frames = s("g", { class: "frames", "aria-hidden": "true" });
  svg.append(frames);

  // Area labels and the survey frame.
  for (const area of reg.areas) {
    const b = at.box(area.col, area.row, area.cols);
    const on = surveyed === area.area;
    if (on) {
      const u = at.span(area.col, area.row, area.cols);
      frames.append(
        s("rect", {
          class: "survey-frame",
          // Turned, it stops short of the next line's label.
          ...at.rect(u.u - G.pad, u.v - G.label - 3, u.du + 2 * G.pad, G.label + u.dv + (G.turned ? 6 : 8)),
          rx: 8,
        }),
      );
    }
    const label = {
      class: `area-label${on ? " on" : ""}`,
      ...labelAt(G, b, G.tight ? 8 : 6),
      text: t(on ? "area.survey" : "area.label", { area: area.area }),
    };
    svg.append(memo(JSON.stringify(label), () => s("text", label)));
  }

  /** @type {Map<string, Cell[]>} */
  const cellsOf = new Map();
  for (const cell of reg.cells) {
    const list = cellsOf.get(cell.card);
    if (list) list.push(cell);
    else cellsOf.set(cell.card, [cell]);
  }
  const mover = sideOf(view, view.placing);
  // Which area is surveyed only fades some cells (their live part): not in the shape.
  const shape = JSON.stringify([G, reg.columns.length, reg.card_cols, reg.card_rows, reg.area_cards]);
  /** @type {Ctx} */
  const ctx = { view, G, at, mover, surveying, surveyed, marks, hit: null, shape };
  if (G.hits) ctx.hit = tapAreas(G, at, reg);

  const cartouches = s("g", { class: "cartouches", "aria-hidden": "true" });
  for (const parcel of reg.parcels) {
    const b = at.box(parcel.col, parcel.row, reg.card_cols);
    const classes = ["parcel"];
    if (!parcel.present) classes.push("gone");
    if (surveying && parcel.area !== surveyed) classes.push("dim");
    if (marked(marks.hint, "card", parcel.id)) classes.push("hint");
    const label = parcel.present ? parcel.label : t("card.taken", { card: parcel.label });
    const title = t("card.title", { area: parcel.area, card: label }) + patronTip(parcel.patron);
    /** @type {Record<string, string>} */
    let attrs = { id: `card-${parcel.id}`, "data-choice": target(CARD, parcel.id) };
    if (parcel.hl) {
      attrs = { ...attrs, ...targetAttrs(target(CARD, parcel.id), true, t("card.take", { card: parcel.label })) };
      classes.push("hl");
    }
    attrs = { ...attrs, ...cardKeys(surveying, parcel.hl, title) };
    attrs.class = classes.join(" ");
    const cells = (cellsOf.get(parcel.id) || []).map((cell) => cellMemo(ctx, cell));
    const from = JSON.stringify([attrs, title, b, cells.map((c) => [c.from, c.key])]);
    svg.append(memo(from, () => cardGroup(attrs, title, b, "card-bg", cells)));
    const states = classes.slice(1);
    cartouches.append(
      memo(JSON.stringify([parcel.patron, parcel.abbr, parcel.value, b, tight, turned, states]), () =>
        cartouche(parcel, b.x + b.w / 2, b.y + b.h / 2, turned ? "flat" : tight ? "tall" : "wide", states),
      ),
    );
  }

  for (const nile of reg.nile) {
    const b = at.box(nile.col, nile.row, nile.cols);
    const classes = ["nile-card"];
    if (!nile.present) classes.push("gone");
    if (marked(marks.hint, "card", nile.id)) classes.push("hint");
    const label = t(nile.present ? "nile.card" : "nile.card_gone", { card: nile.label });
    const title = t("nile.title", { line: nile.line, card: label }) + patronTip(nile.patron);
    /** @type {Record<string, string>} */
    let attrs = { id: `card-${nile.id}`, "data-choice": target(CARD, nile.id) };
    if (nile.hl) {
      attrs = { ...attrs, ...targetAttrs(target(CARD, nile.id), true, t("nile.take", { card: nile.label })) };
      classes.push("hl");
    }
    attrs = { ...attrs, ...cardKeys(surveying, nile.hl, title) };
    attrs.class = classes.join(" ");
    if (nileSurvey && nile.present) {
      frames.append(
        s("rect", {
          class: "survey-frame",
          x: b.x - 3,
          y: b.y - 3,
          width: b.w + 6,
          height: b.h + 6,
          rx: 9,
        }),
      );
    }
    const cells = (cellsOf.get(nile.id) || []).map((cell) => cellMemo(ctx, cell));
    const from = JSON.stringify([nile, attrs, title, b, tight, turned, cells.map((c) => [c.from, c.key])]);
    svg.append(
      memo(from, () => {
        const g = cardGroup(attrs, title, b, "nile-bg", cells);
        g.append(nileCartouche(nile, b.x + b.w / 2, b.y + b.h / 2, tight, turned));
        return g;
      }),
    );
    svg.append(
      s("text", {
        class: `nile-label${nileSurvey ? " on" : ""}`,
        ...labelAt(G, b, 10),
        text: t(nileSurvey ? "nile.survey_label" : "nile.label"),
      }),
    );
  }
  svg.append(cartouches);

  // Coordinates: row names on the left, column names below (turned: row names
  // above, column names on the right).
  svg.append(
    memo(JSON.stringify([ctx.shape, reg.rows, reg.columns, height]), () => {
      const coords = s("g", { class: "coords", "aria-hidden": "true" });
      reg.rows.forEach((name, row) => {
        coords.append(s("text", { ...at.point(G.left / 2, at.rowY(row) + G.cellH / 2), text: name }));
      });
      reg.columns.forEach((name, col) => {
        coords.append(s("text", { ...at.point(at.colX(col) + G.cell / 2, at.down - 6), text: name }));
      });
      return coords;
    }),
  );
  return svg;
}

/**
 * A card as the keyboard wants it during a survey, when the cards are the
 * region's stops (see targetAttrs); nothing otherwise.
 * @param {boolean} surveying
 * @param {boolean} hl
 * @param {string} title  its tooltip
 * @returns {Record<string, string>}
 */
function cardKeys(surveying, hl, title) {
  if (!surveying) return hl ? { tabindex: "0" } : {};
  return hl
    ? { role: "button", tabindex: "-1" }
    : { role: "button", tabindex: "-1", "aria-disabled": "true", "aria-label": title };
}

/**
 * What a cell allows, appended to its tooltip.
 * @param {Cell} cell
 */
function cellTip(cell) {
  if (cell.river) return `. ${t("cell.river.help")}`;
  if (cell.nile) return `. ${t("cell.land.help")}`;
  if (cell.pyramid) return `. ${t("cell.pyramid.help")}`;
  return "";
}

/**
 * A card's group (a parcel or a Nile card): its tooltip, its shadow, its
 * background and the placeholders of its cells.
 * @param {Record<string, string>} attrs
 * @param {string} title
 * @param {{x: number, y: number, w: number, h: number}} b the card's box
 * @param {string} background the background's class
 * @param {{node: Node}[]} cells
 */
function cardGroup(attrs, title, b, background, cells) {
  const g = s(
    "g",
    attrs,
    s("title", { text: title }),
    // Its shadow: the same shape drawn a little lower, beneath it. A CSS
    // drop-shadow was blurred again each time anything on the card was painted
    // again (docs/PERFORMANCE.md, "Card shadows").
    s("rect", { class: "shade", x: b.x, y: b.y + 1.5, width: b.w, height: b.h, rx: 7 }),
    s("rect", { class: background, x: b.x, y: b.y, width: b.w, height: b.h, rx: 7 }),
  );
  for (const cell of cells) g.append(cell.node);
  return g;
}

/**
 * A cell drawn only when what it shows changed: its signature (`from`, every
 * input of drawCell but its highlight, marks, fading and whether it is a target),
 * the signature of those (`key`: a highlight that comes and goes only sets the
 * cell's attributes and tooltip again, see memo) and the placeholder that
 * stands for it.
 * @param {Ctx} ctx
 * @param {Cell} cell
 */
function cellMemo(ctx, cell) {
  const { view, marks } = ctx;
  // Where the Greenwish token may go, the highlight also draws the token's ghost.
  const token = !!view.token_step;
  const from = JSON.stringify([
    ctx.shape,
    token ? cell : { ...cell, hl: null },
    view.token_step,
    // Whose cubes are placed shows only on a cell chosen, or where the token may go.
    cell.order || (token && cell.hl) ? ctx.mover : null,
    sideOf(view, cell.owner),
    sideOf(view, cell.token),
  ]);
  const key = JSON.stringify([
    cell.hl,
    // A cell is a target only out of a survey (wider screens draw both alike).
    ctx.surveying,
    marked(marks.hint, "cell", cell.name),
    marked(marks.recent, "cell", cell.name),
    faded(ctx, cell),
  ]);
  /** @param {Element} el */
  const apply = (el) => {
    const { attrs, said } = cellLook(ctx, cell);
    setAttributes(el, attrs);
    const title = el.firstElementChild;
    if (title && title.textContent !== said) title.textContent = said;
  };
  return { from, key, node: memo(from, () => drawCell(ctx, cell), false, { key, apply }) };
}

/**
 * During an area's survey, the Nile's cells of other areas (and the river) fade.
 * @param {Ctx} ctx
 * @param {Cell} cell
 */
function faded(ctx, cell) {
  const { surveying, surveyed } = ctx;
  return surveying && surveyed !== null && surveyed > 0 && !!cell.nile && cell.area !== surveyed;
}

/**
 * A cell's own attributes and its tooltip: what it is, what is on it, and
 * whether it can be chosen now.
 * @param {Ctx} ctx
 * @param {Cell} cell
 */
function cellLook(ctx, cell) {
  const { view, surveying, marks } = ctx;
  const owner = sideOf(view, cell.owner);
  const holder = sideOf(view, cell.token);
  const what = [cell.name];
  if (cell.river) what.push(t("cell.river"));
  else if (cell.nile) what.push(t("cell.land", { area: cell.area }));
  else what.push(t("cell.area", { area: cell.area }));
  if (cell.pyramid) what.push(t("cell.pyramid"));
  if (owner) what.push(t("cell.cube", { who: owner.name }));
  if (holder) what.push(t("cell.token", { who: holder.name }));
  if (!owner && !holder) what.push(t("cell.free"));
  if (cell.order) what.push(t("cell.chosen", { n: cell.order }));
  const tokenSpot = view.token_step && cell.hl;
  if (tokenSpot) what.push(t("cell.token_here"));
  else if (cell.hl) what.push(t("cell.legal"));
  /** @type {Record<string, string>} */
  let attrs = { id: `cell-${cell.name}`, "data-col": String(cell.col), "data-row": String(cell.row) };
  const classes = ["cell"];
  const said = what.join(", ") + cellTip(cell);
  if (!surveying) attrs = { ...attrs, ...targetAttrs(target(CELL, cell.name), cell.hl, what.join(", "), said) };
  if (cell.hl) classes.push("hl");
  if (tokenSpot) classes.push("token-spot");
  if (cell.order) classes.push("chosen");
  if (cell.river) classes.push("river");
  else if (cell.nile) classes.push("land");
  if (marked(marks.hint, "cell", cell.name)) classes.push("hint");
  if (marked(marks.recent, "cell", cell.name)) classes.push("recent");
  if (faded(ctx, cell)) classes.push("dim");
  attrs.class = classes.join(" ");
  return { attrs, said };
}

/**
 * @param {Ctx} ctx
 * @param {Cell} cell
 */
function drawCell(ctx, cell) {
  const { view, mover } = ctx;
  const square = ctx.at.cell(cell.col, cell.row);
  const cx = square.x;
  const cy = square.y;
  const owner = sideOf(view, cell.owner);
  const holder = sideOf(view, cell.token);
  const tokenSpot = view.token_step && cell.hl;
  const { attrs, said } = cellLook(ctx, cell);
  const g = s("g", attrs, s("title", { text: said }), s("rect", { class: "cell-bg", ...square, rx: 5 }));
  const mx = cx + square.width / 2;
  const my = cy + square.height / 2;
  if (cell.pyramid) {
    const big = !owner;
    const w = big ? 30 : 20;
    const hgt = big ? 24 : 16;
    const px = big ? mx : cx + 12;
    const py = big ? my + 2 : cy + 12;
    g.append(
      s(
        "g",
        { class: "pyramid" },
        s("polygon", { points: `${px - w / 2},${py + hgt / 2} ${px},${py - hgt / 2} ${px + w / 2},${py + hgt / 2}` }),
        s("polyline", { points: `${px},${py - hgt / 2} ${px + w * 0.1},${py + hgt / 2}` }),
      ),
    );
  }
  if (owner) {
    g.append(cube(owner, cell.pyramid ? mx + 4 : mx, cell.pyramid ? my + 4 : my, 24));
  } else if (cell.order && mover) {
    g.append(
      s(
        "g",
        { class: `pending c-${mover.colour}`, "aria-hidden": "true" },
        s("rect", { x: mx - 12, y: my - 12, width: 24, height: 24, rx: 4 }),
        // The mover's letter, then the order of the cube (colour is never the only cue).
        s(
          "text",
          { x: mx, y: my + 1, "font-size": 14 },
          s("tspan", { text: mover.letter }),
          s("tspan", { "font-size": 11, text: String(cell.order) }),
        ),
      ),
    );
  }
  if (holder) g.append(tokenChip(holder, mx, my, 13));
  else if (tokenSpot && mover) g.append(tokenChip(mover, mx, my, 13, "ghost"));
  // Last, so that the cell's own shapes come first (its outline is its first shape).
  if (ctx.hit) g.append(s("rect", { class: "hit", ...ctx.hit(cell) }));
  return g;
}

/**
 * A parcel's cartouche: its patron's mark and its value.
 * @param {Parcel} parcel
 * @param {number} x
 * @param {number} y
 * @param {"tall" | "wide" | "flat"} shape  upright between two columns of tight cells, roomy, or lying
 *   between the two columns of a turned region
 * @param {string[]} states
 */
function cartouche(parcel, x, y, shape, states) {
  const cls = ["cartouche", `p-${parcel.patron || "none"}`, ...states].join(" ");
  if (shape === "tall") {
    // Upright pill that fits between the two columns of cells.
    return s(
      "g",
      { class: cls },
      s("rect", { x: x - 10, y: y - 18, width: 20, height: 36, rx: 8 }),
      s("text", { x, y: y - 8, text: parcel.abbr }),
      s("text", { x, y: y + 8, text: String(parcel.value) }),
    );
  }
  const h = shape === "flat" ? 16 : 20;
  return s(
    "g",
    { class: cls },
    s("rect", { x: x - 17, y: y - h / 2, width: 34, height: h, rx: h / 2 - 1 }),
    s("text", { x, y: y + 1, text: `${parcel.abbr} ${parcel.value}` }),
  );
}

/**
 * A Nile card's cartouche: between its two columns (upright, or lying down when the region is turned).
 * @param {NileCard} nile
 * @param {number} x
 * @param {number} y
 * @param {boolean} tight
 * @param {boolean} turned
 */
function nileCartouche(nile, x, y, tight, turned) {
  if (turned) {
    return s(
      "g",
      { class: `cartouche p-${nile.patron}`, "aria-hidden": "true" },
      s("rect", { x: x - 22, y: y - 8, width: 44, height: 16, rx: 7 }),
      s("text", { x: x - 9, y, text: nile.abbr }),
      s("text", { class: "big", x: x + 12, y, text: String(nile.value) }),
    );
  }
  const w = tight ? 18 : 26;
  return s(
    "g",
    { class: `cartouche p-${nile.patron}`, "aria-hidden": "true" },
    s("rect", { x: x - w / 2, y: y - 22, width: w, height: 44, rx: w / 2 - 1 }),
    s("text", { x, y: y - 10, text: nile.abbr }),
    s("text", { class: "big", x, y: y + 8, text: String(nile.value) }),
  );
}
