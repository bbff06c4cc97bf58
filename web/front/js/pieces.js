// @ts-check
// The pieces drawn in several places: cubes, seat markers, Greenwish tokens,
// boats, and the attributes that make a board element clickable.

import { t } from "./i18n.js";
import { s } from "./dom.js";

/** @typedef {import("./generated/view.js").View} View */
/** @typedef {import("./generated/view.js").Side} Side */
/** @typedef {import("./generated/view.js").Boat} Boat */

/**
 * How a side looks: colour, letter, marker shape and name.
 * @typedef {{colour: string, letter: string, shape: string, name: string}} Look
 */

/**
 * @param {View} view
 * @param {Side | null | undefined} who
 * @returns {Look | null}
 */
export function sideOf(view, who) {
  if (who === null || who === undefined) return null;
  if (who === "neutral") {
    const n = view.neutral;
    return n ? { colour: n.colour, letter: n.letter, shape: n.shape, name: t("side.neutral") } : null;
  }
  const p = view.players[who];
  return p ? { colour: p.colour, letter: p.letter, shape: p.shape, name: p.name } : null;
}

/**
 * A cube: coloured square with the side's letter (colour is never the only cue).
 * Hidden from screen readers: the cell or room that holds it names its owner.
 * @param {Look} side
 * @param {number} x
 * @param {number} y
 * @param {number} size
 */
export function cube(side, x, y, size) {
  return s(
    "g",
    { class: `cube c-${side.colour}`, "aria-hidden": "true" },
    s("rect", { x: x - size / 2, y: y - size / 2, width: size, height: size, rx: size * 0.16 }),
    s("text", { x, y: y + size * 0.05, "font-size": size * 0.62, text: side.letter }),
  );
}

/**
 * Seat marker (circle / square / triangle / diamond / hexagon) with the letter.
 * @param {Look} side
 * @param {number} [size]
 * @param {boolean} [label]
 */
export function seatIcon(side, size = 26, label = true) {
  const c = size / 2;
  const r = size / 2 - 2;
  let shape;
  switch (side.shape) {
    case "square":
      shape = s("rect", { x: 2, y: 2, width: size - 4, height: size - 4, rx: 2 });
      break;
    case "triangle":
      shape = s("polygon", { points: `${c},1 ${size - 1},${size - 2} 1,${size - 2}` });
      break;
    case "diamond":
      shape = s("polygon", { points: `${c},1 ${size - 1},${c} ${c},${size - 1} 1,${c}` });
      break;
    case "hexagon": {
      const pts = [];
      for (let i = 0; i < 6; i++) {
        const a = Math.PI / 6 + (i * Math.PI) / 3;
        pts.push(`${(c + r * Math.cos(a)).toFixed(1)},${(c + r * Math.sin(a)).toFixed(1)}`);
      }
      shape = s("polygon", { points: pts.join(" ") });
      break;
    }
    default:
      shape = s("circle", { cx: c, cy: c, r });
  }
  const ty = side.shape === "triangle" ? c + size * 0.12 : c;
  return s(
    "svg",
    {
      class: `seat c-${side.colour}`,
      width: size,
      height: size,
      viewBox: `0 0 ${size} ${size}`,
      "aria-hidden": "true",
      focusable: "false",
    },
    shape,
    label ? s("text", { x: c, y: ty + 1, "font-size": size * 0.48, text: side.letter }) : null,
  );
}

/**
 * A Greenwish token: a round chip with a white ring and its owner's letter
 * (cubes are squares, so a token never looks like a cube).
 * @param {Look} side
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @param {string} [extra]  more classes ("ghost": where it would go)
 */
export function tokenChip(side, x, y, r, extra = "") {
  return s(
    "g",
    { class: `token c-${side.colour}${extra ? ` ${extra}` : ""}`, "aria-hidden": "true" },
    s("circle", { class: "disc", cx: x, cy: y, r }),
    s("circle", { class: "ring", cx: x, cy: y, r: r - 2.3 }),
    s("text", { x, y: y + 0.5, "font-size": r * 1.05, text: side.letter }),
  );
}

/**
 * A boat's name and what it gives, from the catalogue.
 * @param {Boat} boat
 */
export function boatWords(boat) {
  return { name: t(`boat.${boat.id}`), help: t(`boat.${boat.id}.help`) };
}

/**
 * A boat token: hull, mast and sail, with its mark.
 * @param {Boat} boat
 * @param {number} [size]
 */
export function boatIcon(boat, size = 30) {
  return s(
    "svg",
    {
      class: `boat b-${boat.id}`,
      width: size * 1.5,
      height: size,
      viewBox: "0 0 45 30",
      "aria-hidden": "true",
      focusable: "false",
    },
    s("path", { class: "sail", d: "M24,2 L24,19 L37,19 Z" }),
    s("line", { class: "mast", x1: 23, y1: 1, x2: 23, y2: 21 }),
    s("path", { class: "hull", d: "M2,20 L43,20 L36,29 L9,29 Z" }),
    s("text", { x: 12, y: 11, text: boat.mark }),
  );
}

/** @param {string | null} patron */
export function patronName(patron) {
  return t(patron ? `patron.${patron}` : "patron.none");
}

/**
 * What a patron allows, appended to a tooltip.
 * @param {string | null} patron
 */
export function patronTip(patron) {
  return patron ? `. ${t(`patron.${patron}.help`)}` : "";
}

/**
 * A board element's target: what choosing it sends (data-target). Highlighted
 * ones are also marked (class "hl", data-hl). Every one is drawn as the
 * keyboard wants it (keyboard.js): a button out of the Tab order (the keyboard
 * makes one per group its stop), disabled when it cannot be chosen now, named
 * by `label` when it can and by `said` (its tooltip) when not; drawn so, the
 * keyboard has nothing to add after each redraw and a redraw nothing to take away.
 * @param {string} target
 * @param {boolean} hl
 * @param {string} [label]
 * @param {string} [said]
 * @returns {Record<string, string>}
 */
export function targetAttrs(target, hl, label, said) {
  /** @type {Record<string, string>} */
  const attrs = { "data-target": target, role: "button", tabindex: "-1" };
  if (hl) {
    attrs.class = "hl";
    attrs["data-hl"] = "1";
    if (label) attrs["aria-label"] = label;
  } else {
    attrs["aria-disabled"] = "true";
    if (said) attrs["aria-label"] = said;
  }
  return attrs;
}
