// Mykerinos front end: draws the view that Python (web/main.py) hands over and
// sends clicks back. It knows no rules: every highlight, button and message
// comes from the view. One full redraw per view, on the next animation frame.
//
// Every clickable element carries data-target="<target>" (the id that
// window.mykerinos.click expects); legal board targets also carry class "hl"
// and data-hl="1". Stable ids: #cell-c3, #room-W1-5, #card-lemon-3a.

const SVG = "http://www.w3.org/2000/svg";

// Presentation only: how each patron looks.
const PATRON_LOOK = {
  violet: { abbr: "Vi", name: "Lady Violet" },
  lemon: { abbr: "Le", name: "Lord Lemon" },
  brown: { abbr: "Br", name: "Sir Brown" },
  blackmore: { abbr: "Bl", name: "Mrs. Blackmore" },
  tangerine: { abbr: "Ta", name: "Colonel Tangerine" },
};
const PATRON_ORDER = ["violet", "lemon", "brown", "blackmore", "tangerine", "none"];

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
    return { colour: n.colour, letter: n.letter, shape: "hexagon", name: "Neutral" };
  }
  const p = view.players[who];
  return p ? { colour: p.colour, letter: p.letter, shape: p.shape, name: p.name } : null;
}

// A cube: coloured square with the side's letter (colour is never the only cue).
function cube(side, x, y, size, extra = {}) {
  return s("g", { class: `cube c-${side.colour}`, ...extra },
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

function patronName(view, patron) {
  if (!patron) return "No patron";
  const wing = (view.wings || []).find((w) => w.patron === patron);
  return wing ? wing.name : (PATRON_LOOK[patron] ? PATRON_LOOK[patron].name : patron);
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

function drawRegion(view) {
  const reg = view.region;
  const lines = reg.lines;
  const width = cardX(3) + G.cardW + 6;
  const height = lineY(lines - 1) + G.cardH + G.bottom;
  const surveyed = view.survey_area;
  const svg = s("svg", {
    id: "region", class: surveyed ? "surveying" : "", viewBox: `0 0 ${width} ${height}`,
    role: "group", "aria-label": `Region of season ${view.season}: ${lines * 2} areas`,
  });

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
        text: on ? `Area ${area} — survey` : `Area ${area}`,
      }));
    }
  }

  // Cells grouped by parcel (slot = line * 4 + column of the card).
  const cellsBySlot = new Map();
  for (const cell of reg.cells) {
    const slot = Math.floor(cell.row / 3) * 4 + Math.floor(cell.col / 2);
    if (!cellsBySlot.has(slot)) cellsBySlot.set(slot, []);
    cellsBySlot.get(slot).push(cell);
  }
  // Cubes being placed: the neutral's while it places neutral cubes (2 players).
  const mover = sideOf(view, view.phase === "neutral" && view.neutral ? "neutral" : view.to_move);

  for (const parcel of reg.parcels) {
    const line = Math.floor(parcel.slot / 4);
    const pos = parcel.slot % 4;
    const x = cardX(pos);
    const y = lineY(line);
    const dim = surveyed && parcel.area !== surveyed;
    const classes = ["parcel"];
    if (!parcel.present) classes.push("gone");
    if (dim) classes.push("dim");
    const label = parcel.present ? parcel.label : `${parcel.label} (taken)`;
    const attrs = { id: `card-${parcel.id}` };
    if (parcel.hl) {
      Object.assign(attrs, targetAttrs(`card:${parcel.id}`, true, `Take ${parcel.label}`));
      classes.push("hl");
    }
    attrs.class = classes.join(" ");
    const g = s("g", attrs, s("title", { text: `Area ${parcel.area}: ${label}` }),
      s("rect", { class: "card-bg", x, y, width: G.cardW, height: G.cardH, rx: 7 }));

    for (const cell of cellsBySlot.get(parcel.slot) || []) {
      g.append(drawCell(view, cell, x, y, mover, surveyed));
    }
    g.append(cartouche(parcel, x + G.cardW / 2, y + G.cardH / 2));
    svg.append(g);
  }

  // Coordinates: row numbers on the left, column letters below.
  const coords = s("g", { class: "coords", "aria-hidden": "true" });
  for (let row = 0; row < lines * 3; row++) {
    const line = Math.floor(row / 3);
    const cy = lineY(line) + G.pad + (row % 3) * (G.cell + G.rowGap) + G.cell / 2;
    coords.append(s("text", { x: G.left / 2, y: cy, text: String(row + 1) }));
  }
  for (let col = 0; col < 8; col++) {
    const cx = cardX(col >> 1) + G.pad + (col % 2) * (G.cell + G.colGap) + G.cell / 2;
    coords.append(s("text", { x: cx, y: height - 6, text: "abcdefgh"[col] }));
  }
  svg.append(coords);
  return svg;
}

function drawCell(view, cell, cardLeft, cardTop, mover, surveyed) {
  const cx = cardLeft + G.pad + (cell.col % 2) * (G.cell + G.colGap);
  const cy = cardTop + G.pad + (cell.row % 3) * (G.cell + G.rowGap);
  const owner = sideOf(view, cell.owner);
  const what = [cell.name];
  if (cell.pyramid) what.push("pyramid");
  if (cell.river) what.push("river");
  if (owner) what.push(`cube of ${owner.name}`);
  if (cell.order) what.push(`chosen ${cell.order}`);
  const attrs = { id: `cell-${cell.name}` };
  const classes = ["cell"];
  if (!surveyed) Object.assign(attrs, targetAttrs(`cell:${cell.name}`, cell.hl, what.join(", ")));
  if (cell.hl) classes.push("hl");
  if (cell.order) classes.push("chosen");
  if (cell.river) classes.push("river");
  attrs.class = classes.join(" ");
  const g = s("g", attrs, s("title", { text: what.join(", ") }),
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
    g.append(s("g", { class: `pending c-${mover.colour}` },
      s("rect", { x: mx - 12, y: my - 12, width: 24, height: 24, rx: 4 }),
      s("text", { x: mx, y: my + 1, "font-size": 15, text: String(cell.order) })));
  }
  return g;
}

function cartouche(parcel, x, y) {
  const patron = parcel.patron || "none";
  const look = PATRON_LOOK[parcel.patron];
  const abbr = look ? look.abbr : "★";
  if (G.tight) {
    // Upright pill that fits between the two columns of cells.
    return s("g", { class: `cartouche p-${patron}`, "aria-hidden": "true" },
      s("rect", { x: x - 10, y: y - 18, width: 20, height: 36, rx: 8 }),
      s("text", { x, y: y - 8, text: abbr }),
      s("text", { x, y: y + 8, text: String(parcel.value) }));
  }
  return s("g", { class: `cartouche p-${patron}`, "aria-hidden": "true" },
    s("rect", { x: x - 17, y: y - 10, width: 34, height: 20, rx: 9 }),
    s("text", { x, y: y + 1, text: `${abbr} ${parcel.value}` }));
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
    "aria-label": "Museum: 15 rooms around the central hall",
  });
  const defs = s("defs");
  svg.append(defs);
  const rooms = new Map(view.museum.map((r) => [r.id, r]));
  svg.append(s("circle", { class: "hall", cx: M.cx, cy: M.cy, r: M.hall - 3 }));
  svg.append(s("text", { class: "hall-label", x: M.cx, y: M.cy - 6, text: "Museum" }));
  svg.append(s("text", { class: "hall-sub", x: M.cx, y: M.cy + 12, text: "central hall" }));

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
  const classes = ["room", patron ? `p-${patron}` : "shared", `v${room.value}`];
  if (room.hl) classes.push("hl");
  const label = room.label + (holder ? `, held by ${holder.name}` : ", free");
  const attrs = { id: `room-${room.id}`, ...targetAttrs(`room:${room.id}`, room.hl, label) };
  attrs.class = classes.join(" ");
  const g = s("g", attrs, s("title", { text: label }),
    s("path", { class: "room-bg", d: sector(r0 + 1.5, r1 - 1.5, a0 + 0.8, a1 - 0.8) }));
  const mid = (a0 + a1) / 2;
  const rm = (r0 + r1) / 2;
  const tall = r1 - r0 > 70;
  const [vx, vy] = polar(tall ? rm + 22 : rm, mid);
  const [hx, hy] = polar(tall ? rm - 18 : rm, mid);
  if (holder) {
    g.append(s("text", { class: "room-value small", x: tall ? vx : vx, y: tall ? vy : vy - 17, text: String(room.value) }));
    g.append(cube(holder, hx, tall ? hy : hy + 6, 24));
  } else {
    g.append(s("text", { class: "room-value", x: vx, y: vy, text: String(room.value) }));
  }
  return g;
}

// ------------------------------------------------------------------ scale
function drawScale(view) {
  const box = h("div", { class: "scale", role: "list", "aria-label": "Passing scale" });
  view.scale.forEach((who, i) => {
    const side = sideOf(view, who);
    const space = h("div", {
      class: `scale-space${side ? " taken" : ""}`, role: "listitem",
      title: `Space ${i + 1}: ${side ? side.name : "free"}`,
    },
      h("span", { class: "scale-num", text: String(i + 1) }));
    if (side) {
      space.append(seatIcon(side, 24));
      space.append(h("span", { class: "scale-name", text: side.name }));
    } else {
      space.append(h("span", { class: "scale-name free", text: "free" }));
    }
    box.append(space);
  });
  return box;
}

// ----------------------------------------------------------------- status
function drawStatus(view) {
  const mover = sideOf(view, view.to_move);
  const prompt = h("p", { id: "prompt", class: "prompt" });
  if (mover && !view.final) prompt.append(seatIcon(mover, 24));
  prompt.append(h("span", { text: view.prompt }));

  const bar = h("div", { class: "actions", role: "toolbar", "aria-label": "Actions" });
  for (const a of view.actions) {
    bar.append(h("button", {
      type: "button", class: `action${a.selected ? " selected" : ""}`, "data-target": a.id,
      title: a.help || null, "aria-pressed": a.selected ? "true" : "false", text: a.label,
    }));
  }
  if (view.can_cancel) {
    bar.append(h("button", { type: "button", class: "secondary", "data-target": "cancel", text: "Cancel" }));
  }
  if (view.can_undo) {
    bar.append(h("button", { type: "button", class: "secondary", "data-target": "undo", title: "Take back the last decision", text: "Undo" }));
  }
  const help = view.actions.find((a) => a.selected);
  const hint = help && help.help ? h("p", { class: "hint", text: help.help }) : null;
  return [prompt, bar, hint];
}

// ---------------------------------------------------------------- players
function drawPlayers(view) {
  const list = [];
  for (const p of view.players) {
    const side = sideOf(view, p.index);
    const classes = ["player", `c-${p.colour}`];
    if (p.to_move && !view.final) classes.push("to-move");
    const head = h("header", {}, seatIcon(side, 30),
      h("span", { class: "pname", text: p.name }));
    if (p.first) head.append(h("span", { class: "badge first", title: "First player this season", text: "1st player" }));
    if (p.to_move && !view.final) head.append(h("span", { class: "badge turn", text: "to play" }));

    const stats = h("dl", { class: "stats" });
    const stat = (label, value, title) => {
      stats.append(h("div", { title: title || null }, h("dt", { text: label }), h("dd", { text: String(value) })));
    };
    stat("Score", p.score);
    stat("Cubes", p.cubes, "Cubes in personal stock");
    if (view.neutral) stat("Neutral", p.neutral_cubes, "Neutral cubes to place this season");
    stat("Supply", p.supply, "Cubes of this colour left in the general stock");
    stat("Passed", p.passed ? `#${p.passed}` : "—", "Space taken on the passing scale");

    const cards = h("div", { class: "hand" });
    if (!p.cards.length) cards.append(h("span", { class: "none", text: "No cards yet" }));
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
        h("span", { class: `pg-name p-${key}`, text: key === "none" ? "No patron" : patronName(view, key) }), row);
      for (const c of groups.get(key)) {
        const look = PATRON_LOOK[c.patron];
        row.append(h("span", {
          class: `mini p-${key}${c.tilted ? " tilted" : ""}`,
          title: c.label + (c.tilted ? " — tilted: used this season" : ""),
          "aria-label": c.label + (c.tilted ? " (tilted)" : ""),
        }, h("b", { text: `${look ? look.abbr : "★"} ${c.value}` }),
        c.tilted ? h("small", { text: "tilted" }) : null));
      }
      cards.append(group);
    }
    list.push(h("article", { class: classes.join(" "), "data-player": p.index }, head, stats, cards));
  }
  if (view.neutral) {
    const n = sideOf(view, "neutral");
    list.push(h("article", { class: "player neutral c-grey" },
      h("header", {}, seatIcon(n, 30), h("span", { class: "pname", text: "Neutral" })),
      h("dl", { class: "stats" },
        h("div", { title: "Neutral cubes left in the general stock" }, h("dt", { text: "Supply" }), h("dd", { text: String(view.neutral.supply) })))));
  }
  return list;
}

// ------------------------------------------------------------- end screen
function drawEnd(view) {
  const f = view.final;
  const rows = f.rows;
  const table = h("table", { class: "final" });
  const head = h("tr", {}, h("th", { scope: "col" }, h("span", { class: "sr-only", text: "Score" })));
  for (const r of rows) {
    const side = sideOf(view, r.index);
    head.append(h("th", { scope: "col", class: r.winner ? "winner" : "" }, seatIcon(side, 22), " ",
      h("span", { text: r.name }), r.winner ? h("span", { class: "crown", text: " ★ winner" }) : null));
  }
  table.append(h("thead", {}, head));
  const body = h("tbody");
  const row = (label, cell, cls = "") => {
    const tr = h("tr", { class: cls }, h("th", { scope: "row", text: label }));
    rows.forEach((r) => tr.append(cell(r)));
    body.append(tr);
  };
  row("Points during the game", (r) => h("td", { text: String(r.claimed) }));
  const wings = rows[0] ? rows[0].wings : [];
  wings.forEach((w, i) => {
    row(`Wing ${w.wing}: ${w.patron}`, (r) => {
      const x = r.wings[i];
      return h("td", { text: x.cards ? `${x.cards} × ${x.per_card} = ${x.points}` : "—" });
    });
  });
  row("Exhibition", (r) => h("td", { text: String(r.exhibition) }), "sub");
  row("Sets of five patrons", (r) => h("td", { text: r.sets ? `${r.sets} set${r.sets > 1 ? "s" : ""} = ${r.set_points}` : "—" }));
  row("Total", (r) => h("td", { class: "total", "data-total-player": r.index, text: String(r.total) }), "total-row");
  row("Cubes left (tie-break)", (r) => h("td", { text: String(r.cubes) }));
  body.lastChild.classList.add("cubes-row");
  table.append(body);

  const who = f.winners.join(" and ");
  const title = f.shared ? `${who} share the win!` : `${who} wins!`;
  const notes = [];
  if (f.tie_break) notes.push("Tied on points: the most cubes left in personal stock decided.");
  if (f.shared) notes.push("Still tied on cubes: the win is shared.");
  return h("section", { id: "end-screen", "aria-labelledby": "end-title" },
    h("h2", { id: "end-title", text: title }),
    notes.length ? h("p", { class: "end-note", text: notes.join(" ") }) : null,
    h("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-label": "Final scores" }, table),
    h("p", {}, h("button", { type: "button", class: "primary", onclick: () => openNewGame(), text: "New game" })));
}

// ------------------------------------------------------------------- draw
function draw(view) {
  current = view;
  const active = document.activeElement;
  const focusTarget = active && active.dataset ? active.dataset.target : null;

  fill($("#season-info"),
    h("span", { class: "season", text: view.final ? "Final scores" : `Season ${view.season} of 4` }),
    view.final ? null : h("span", { class: "phase", text: view.phase_name }));
  fill($("#status"), drawStatus(view));
  const msg = $("#message");
  msg.textContent = view.message || "";
  msg.hidden = !view.message;
  const end = $("#end-holder");
  fill(end, view.final ? drawEnd(view) : null);
  end.hidden = !view.final;
  $("#region-box").replaceChildren(drawRegion(view));
  $("#museum-box").replaceChildren(drawMuseum(view));
  $("#scale-box").replaceChildren(drawScale(view));
  fill($("#players"), drawPlayers(view));
  const log = $("#log");
  log.replaceChildren(...view.log.map((line) => h("li", { text: line })));
  log.scrollTop = log.scrollHeight;

  document.body.dataset.turn = view.final ? "over" : String(view.to_move);
  document.body.dataset.revision = String(view.revision);
  document.body.dataset.drawn = String(++draws);
  if (focusTarget) {
    const again = document.querySelector(`[data-target="${CSS.escape(focusTarget)}"]`);
    if (again) again.focus({ preventScroll: true });
  }
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
    h("button", { type: "button", class: "close", "aria-label": "Dismiss", text: "×", onclick: () => { box.hidden = true; } }));
  box.className = `notice ${kind}`;
  box.hidden = !text;
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
    notice("That file could not be read. The current game is unchanged.");
    return;
  }
  const answer = call("importRecord", text);
  if (answer.ok) {
    notice(`Game loaded from ${file.name}.`, "info");
    show(answer.view);
  } else {
    notice(`${answer.error} The current game is unchanged.`);
  }
}

function buildDialog() {
  const count = h("select", { id: "players-count", name: "count" },
    ...[2, 3, 4].map((n) => h("option", { value: n, text: `${n} players` })));
  const names = h("div", { class: "names" });
  for (let i = 0; i < 4; i++) {
    names.append(h("label", { class: "name-field", id: `name-field-${i}` },
      h("span", { text: `Player ${i + 1}` }),
      h("input", { id: `player-name-${i}`, type: "text", maxlength: 24, autocomplete: "off", placeholder: `Player ${i + 1}` })));
  }
  const sync = () => {
    const n = Number(count.value);
    for (let i = 0; i < 4; i++) {
      const on = i < n;
      $(`#name-field-${i}`, names).hidden = !on;
      $(`#player-name-${i}`, names).disabled = !on;
    }
  };
  count.addEventListener("change", sync);
  const form = h("form", { method: "dialog" },
    h("h2", { text: "New game" }),
    h("label", { class: "row" }, h("span", { text: "Players" }), count),
    names,
    h("label", { class: "row" }, h("span", { text: "Seed" }),
      h("input", { id: "seed", type: "text", inputmode: "numeric", placeholder: "random", autocomplete: "off" })),
    h("p", { class: "small", text: "The seed fixes the deal; leave it empty for a random game." }),
    h("div", { class: "buttons" },
      h("button", { type: "button", id: "cancel-new-game", class: "secondary", text: "Cancel", onclick: () => dialog.close() }),
      h("button", { type: "submit", id: "start-game", class: "primary", text: "Start game" })));
  const dialog = h("dialog", { id: "new-game-dialog", "aria-labelledby": "new-game-title" }, form);
  form.firstChild.id = "new-game-title";
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const n = Number(count.value);
    const list = [];
    for (let i = 0; i < n; i++) {
      list.push($(`#player-name-${i}`, form).value.trim() || `Player ${i + 1}`);
    }
    const seedText = $("#seed", form).value.trim();
    const view = call("newGame", JSON.stringify(list), seedText === "" ? null : seedText);
    dialog.close();
    notice("");
    show(view);
  });
  dialog.sync = sync;
  return dialog;
}

function openNewGame() {
  const dialog = $("#new-game-dialog");
  const players = current ? current.players : [];
  const count = $("#players-count");
  count.value = String(players.length >= 2 ? players.length : 3);
  for (let i = 0; i < 4; i++) {
    const input = $(`#player-name-${i}`);
    const name = players[i] ? players[i].name : "";
    input.value = /^Player \d$/.test(name) ? "" : name;
  }
  $("#seed").value = "";
  dialog.sync();
  if (!dialog.open) dialog.showModal();
  $("#player-name-0").focus();
}

// ------------------------------------------------------------------ frame
function buildFrame() {
  const app = $("#app");
  const importInput = h("input", { id: "import-file", type: "file", accept: ".json,application/json", class: "visually-hidden", onchange: importGame });
  app.replaceChildren(
    h("header", { class: "topbar" },
      h("h1", { text: "Mykerinos" }),
      h("div", { id: "season-info", class: "season-info" }),
      h("nav", { class: "menu", "aria-label": "Game menu" },
        h("button", { type: "button", id: "new-game", onclick: () => openNewGame(), text: "New game" }),
        h("button", { type: "button", id: "export", onclick: exportGame, title: "Download this game as a file", text: "Export" }),
        h("label", { class: "button", for: "import-file", title: "Load a game file" }, "Import", importInput))),
    h("div", { id: "notice", class: "notice", role: "alert", hidden: true }),
    h("section", { id: "end-holder", hidden: true }),
    h("section", { id: "turn", class: "turn", "aria-label": "Your turn" },
      h("div", { id: "status" }),
      h("p", { id: "message", class: "message", role: "alert", hidden: true })),
    h("div", { class: "layout" },
      h("section", { id: "region-panel", class: "panel" }, h("h2", { class: "sr-only", text: "Region" }), h("div", { id: "region-box" })),
      h("section", { id: "museum-panel", class: "panel" },
        h("h2", { class: "sr-only", text: "Museum" }), h("div", { id: "museum-box" }),
        h("h3", { class: "scale-title", text: "Passing scale" }), h("div", { id: "scale-box" })),
      h("section", { id: "players-panel", class: "panel", "aria-label": "Players" }, h("div", { id: "players", class: "players" })),
      h("section", { id: "log-panel", class: "panel" }, h("h2", { text: "Game log" }),
        h("ol", { id: "log", class: "log", "aria-live": "polite", tabindex: "0" }))),
    h("footer", { id: "footer" }),
    buildDialog());

  // One listener for every board, button and card click.
  app.addEventListener("click", (event) => {
    const el = event.target.closest("[data-target]");
    if (!el || !app.contains(el) || !api()) return;
    event.preventDefault();
    show(call("click", el.dataset.target));
  });
  app.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const el = event.target.closest("[data-target]");
    if (!el || el.tagName === "BUTTON" || !el.getAttribute("role")) return;
    event.preventDefault();
    show(call("click", el.dataset.target));
  });
}

// Called by web/main.py once window.mykerinos works (or by us if we load later).
function boot() {
  if (booted) return;
  booted = true;
  buildFrame();
  const start = call("startup");
  if (start.python) $("#footer").textContent = `Rules engine: Python ${start.python}, running in your browser.`;
  draw(start.view);
  if (start.notice) notice(start.notice);
  if (start.newGame) openNewGame();
}

window.mykerinosUI = { boot, draw: show };

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
