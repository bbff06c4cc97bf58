// @ts-check
// The museum: a ring of rooms around the hall, in SVG. The view says where
// each room sits (its slot on the ring and the part of the slot it fills);
// this module turns that into sectors.

import { t } from "./i18n.js";
import { memo, s } from "./dom.js";
import { cube, patronTip, sideOf, targetAttrs, tokenChip } from "./pieces.js";
import { marked } from "./store.js";
import { ROOM, target } from "./generated/shared.js";

/** @typedef {import("./generated/view.js").View} View */
/** @typedef {import("./generated/view.js").Room} Room */
/** @typedef {import("./generated/view.js").Marks} Marks */

const M = { cx: 210, cy: 210, hall: 56, mid: 108, outer: 160, band: 170, text: 186 };
const WING_SPAN = 44; // degrees of a wing's slot; the 2-room after it gets the rest

/**
 * Radii of each part of a slot. On narrow screens the hall is smaller and the
 * inner rooms deeper, so that the museum can be drawn smaller with every room
 * still large enough to tap.
 * @param {boolean} tight
 */
function parts(tight) {
  const hall = tight ? 44 : M.hall;
  const mid = tight ? 104 : M.mid;
  return { hall, inner: [hall, mid], outer: [mid, M.outer], whole: [hall, M.outer] };
}

/**
 * @param {number} r
 * @param {number} deg
 * @returns {[number, number]}
 */
function polar(r, deg) {
  const a = (deg * Math.PI) / 180;
  return [M.cx + r * Math.cos(a), M.cy + r * Math.sin(a)];
}

/**
 * @param {number} r0
 * @param {number} r1
 * @param {number} a0
 * @param {number} a1
 */
function sector(r0, r1, a0, a1) {
  /** @param {number} n */
  const f = (n) => n.toFixed(2);
  const [x0, y0] = polar(r1, a0);
  const [x1, y1] = polar(r1, a1);
  const [x2, y2] = polar(r0, a1);
  const [x3, y3] = polar(r0, a0);
  const large = a1 - a0 > 180 ? 1 : 0;
  return (
    `M${f(x0)},${f(y0)} A${r1},${r1} 0 ${large} 1 ${f(x1)},${f(y1)} ` +
    `L${f(x2)},${f(y2)} A${r0},${r0} 0 ${large} 0 ${f(x3)},${f(y3)} Z`
  );
}

/**
 * @param {number} r
 * @param {number} a0
 * @param {number} a1
 * @param {boolean} reverse
 */
function arcPath(r, a0, a1, reverse) {
  const [x0, y0] = polar(r, reverse ? a1 : a0);
  const [x1, y1] = polar(r, reverse ? a0 : a1);
  return `M${x0.toFixed(2)},${y0.toFixed(2)} A${r},${r} 0 0 ${reverse ? 0 : 1} ${x1.toFixed(2)},${y1.toFixed(2)}`;
}

/**
 * The angles of a ring slot: even slots are wings, odd ones the 2-rooms between.
 * @param {number} slot
 * @param {number} wings
 */
function slotAngles(slot, wings) {
  const step = 360 / wings;
  const centre = -90 + Math.floor(slot / 2) * step;
  return slot % 2 === 0
    ? [centre - WING_SPAN / 2, centre + WING_SPAN / 2]
    : [centre + WING_SPAN / 2, centre + step - WING_SPAN / 2];
}

/**
 * @param {View} view
 * @param {{hint: Marks | null, recent: Marks | null}} marks
 * @param {boolean} [tight]  narrow screens' proportions
 */
export function drawMuseum(view, marks, tight = false) {
  const radii = parts(tight);
  const svg = s("svg", {
    id: "museum",
    viewBox: "0 0 420 420",
    role: "group",
    "aria-label": t("museum.label"),
  });
  const wings = view.wings.length;
  const arcs = view.wings.map((wing, i) => {
    const [a0, a1] = slotAngles(i * 2, wings);
    const centre = (a0 + a1) / 2;
    const bottom = Math.sin((centre * Math.PI) / 180) > 0.2;
    return { wing, a0, a1, centre, bottom, id: `wing-arc-${wing.wing}` };
  });
  // Drawn again only when the wings change (the rooms below, each when it changes).
  svg.append(
    memo(JSON.stringify(["defs", view.wings]), () =>
      s(
        "defs",
        {},
        arcs.map(({ centre, bottom, id }) =>
          s("path", { id, d: arcPath(bottom ? M.text + 8 : M.text, centre - 40, centre + 40, bottom) }),
        ),
      ),
    ),
  );
  svg.append(
    memo(JSON.stringify(["hall", radii.hall]), () =>
      s("circle", { class: "hall", cx: M.cx, cy: M.cy, r: radii.hall - 3 }),
    ),
  );
  svg.append(
    memo("hall-label", () => s("text", { class: "hall-label", x: M.cx, y: M.cy - 6, text: t("museum.title") })),
  );
  svg.append(memo("hall-sub", () => s("text", { class: "hall-sub", x: M.cx, y: M.cy + 12, text: t("museum.hall") })));
  /** @type {Map<number, Room[]>} */
  const bySlot = new Map();
  for (const room of view.museum) {
    const list = bySlot.get(room.slot);
    if (list) list.push(room);
    else bySlot.set(room.slot, [room]);
  }

  arcs.forEach(({ wing, a0, a1, id: pid }, i) => {
    // Wing band and label (text follows the arc, upright at the bottom too).
    const from = JSON.stringify([wing, a0, a1]);
    svg.append(
      memo(`band ${from}`, () =>
        s("path", { class: `wing-band p-${wing.patron}`, d: sector(M.outer + 3, M.band + 3, a0 + 1, a1 - 1) }),
      ),
    );
    svg.append(
      memo(`label ${from}`, () =>
        s(
          "text",
          { class: "wing-label" },
          s("title", { text: t("museum.wing", { wing: wing.wing, patron: wing.name }) + patronTip(wing.patron) }),
          s("textPath", { href: `#${pid}`, startOffset: "50%", text: `${wing.wing} · ${wing.name}` }),
        ),
      ),
    );
    // The wing's rooms (inner, then outer), then the 2-room after it: the
    // keyboard's Tab order follows this order.
    for (const slot of [i * 2, i * 2 + 1]) {
      const rooms = (bySlot.get(slot) || []).slice().sort((a, b) => partOrder(a) - partOrder(b));
      for (const room of rooms) {
        const [r0, r1] = radii[room.part];
        const [b0, b1] = slotAngles(slot, wings);
        const from = JSON.stringify([
          room,
          r0,
          r1,
          b0,
          b1,
          view.token_step,
          sideOf(view, room.holder),
          sideOf(view, room.token),
          view.token_step && room.hl ? sideOf(view, view.to_move) : null,
          marked(marks.hint, "room", room.id),
          marked(marks.recent, "room", room.id),
        ]);
        svg.append(memo(from, () => drawRoom(view, room, r0, r1, b0, b1, marks)));
      }
    }
  });
  return svg;
}

/** @param {Room} room */
function partOrder(room) {
  return room.part === "inner" ? 0 : room.part === "outer" ? 1 : 2;
}

/**
 * @param {View} view
 * @param {Room} room
 * @param {number} r0
 * @param {number} r1
 * @param {number} a0
 * @param {number} a1
 * @param {{hint: Marks | null, recent: Marks | null}} marks
 */
function drawRoom(view, room, r0, r1, a0, a1, marks) {
  const holder = sideOf(view, room.holder);
  const reserved = sideOf(view, room.token);
  const tokenSpot = view.token_step && room.hl;
  const classes = ["room", room.patron ? `p-${room.patron}` : "shared", `v${room.value}`];
  if (room.hl) classes.push("hl");
  if (tokenSpot) classes.push("token-spot");
  if (marked(marks.hint, "room", room.id)) classes.push("hint");
  if (marked(marks.recent, "room", room.id)) classes.push("recent");
  const parts = [room.label, holder ? t("room.held", { who: holder.name }) : t("room.free")];
  if (reserved) parts.push(t("cell.token", { who: reserved.name }));
  if (tokenSpot) parts.push(t("cell.token_here"));
  else if (room.hl) parts.push(t("room.open_now"));
  const label = parts.join(", ");
  const title = `${label}. ${t(`room.help.${room.value}`)}`;
  const attrs = {
    id: `room-${room.id}`,
    "data-slot": String(room.slot),
    "data-part": room.part,
    ...targetAttrs(target(ROOM, room.id), room.hl, label, title),
    class: classes.join(" "),
  };
  const g = s(
    "g",
    attrs,
    s("title", { text: title }),
    s("path", { class: "room-bg", d: sector(r0 + 1.5, r1 - 1.5, a0 + 0.8, a1 - 0.8) }),
  );
  const mid = (a0 + a1) / 2;
  const rm = (r0 + r1) / 2;
  const tall = r1 - r0 > 70;
  const [vx, vy] = polar(tall ? rm + 22 : rm, mid);
  const [hx, hy] = polar(tall ? rm - 18 : rm, mid);
  if (holder || reserved || tokenSpot) {
    g.append(s("text", { class: "room-value small", x: vx, y: tall ? vy : vy - 17, text: String(room.value) }));
    const y = tall ? hy : hy + 6;
    const mover = sideOf(view, view.to_move);
    if (holder) g.append(cube(holder, hx, y, 24));
    else if (reserved) g.append(tokenChip(reserved, hx, y, 13));
    else if (mover) g.append(tokenChip(mover, hx, y, 13, "ghost"));
  } else {
    g.append(s("text", { class: "room-value", x: vx, y: vy, text: String(room.value) }));
  }
  return g;
}
