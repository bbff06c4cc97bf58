// @ts-check
// The score chart: each player's score at the points the view's chart lists
// (start, after each season's survey, the exhibition, the sets), one line per
// player in their colour with their marker's shape at every point. The SVG is
// hidden from screen readers; a table beside it says the same numbers. In
// review, a point is a way to jump to the position it shows.

import { h, s } from "./dom.js";
import { seatIcon, sideOf } from "./pieces.js";
import { POSITION, target } from "./generated/shared.js";

/** @typedef {import("./generated/view.js").View} View */
/** @typedef {import("./generated/view.js").Chart} Chart */

const W = 420;
const H = 190;
const PAD = { left: 34, right: 34, top: 14, bottom: 40 };
const MARK = 16;

/**
 * @param {View} view    for the players' looks
 * @param {Chart} chart
 * @param {boolean} jumps  points are buttons that show their position (in review)
 */
export function drawChart(view, chart, jumps) {
  const points = chart.labels.length;
  const top = Math.max(10, ...chart.series.flat());
  const step = 10 ** Math.floor(Math.log10(top));
  const ceil = Math.ceil(top / step) * step;
  const x = (/** @type {number} */ i) => PAD.left + (points > 1 ? (i * (W - PAD.left - PAD.right)) / (points - 1) : 0);
  const y = (/** @type {number} */ v) => H - PAD.bottom - (v * (H - PAD.top - PAD.bottom)) / ceil;

  const svg = s("svg", {
    class: "score-chart",
    viewBox: `0 0 ${W} ${H}`,
    width: W,
    height: H,
    "aria-hidden": "true",
    focusable: "false",
  });
  // Grid and scale.
  for (let v = 0; v <= ceil; v += ceil / Math.min(ceil / step, 5)) {
    svg.append(
      s("line", { x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v), stroke: "#d9ccb0", "stroke-width": 1 }),
      s("text", {
        x: PAD.left - 6,
        y: y(v) + 4,
        "text-anchor": "end",
        "font-size": 11,
        fill: "#5a4a33",
        text: String(Math.round(v)),
      }),
    );
  }
  chart.labels.forEach((label, i) => {
    const tick = s("text", {
      x: x(i),
      y: H - PAD.bottom + 16,
      "text-anchor": "middle",
      "font-size": 10,
      fill: "#5a4a33",
      "font-style": chart.complete[i] ? null : "italic",
      text: label,
    });
    if (i % 2 === 1 && points > 5) tick.setAttribute("y", String(H - PAD.bottom + 30));
    svg.append(tick);
  });
  // One line per player, its marker at each point.
  chart.series.forEach((series, p) => {
    const side = sideOf(view, p);
    const path = series.map((v, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    const colour = side ? `var(--${side.colour})` : "#333";
    svg.append(
      s("path", {
        d: path,
        fill: "none",
        stroke: "#3a2e1f",
        "stroke-width": 4,
        "stroke-linejoin": "round",
        opacity: 0.55,
      }),
      s("path", {
        d: path,
        fill: "none",
        stroke: colour,
        "stroke-width": 2.5,
        "stroke-linejoin": "round",
        "data-chart-player": p,
      }),
    );
    if (!side) return;
    series.forEach((v, i) => {
      const icon = seatIcon(side, MARK, false);
      icon.setAttribute("x", (x(i) - MARK / 2).toFixed(1));
      icon.setAttribute("y", (y(v) - MARK / 2).toFixed(1));
      svg.append(icon);
    });
  });
  if (jumps) {
    chart.positions.forEach((position, i) => {
      svg.append(
        s(
          "rect",
          {
            x: x(i) - 12,
            y: PAD.top,
            width: 24,
            height: H - PAD.top - PAD.bottom,
            fill: "transparent",
            class: "chart-jump",
            "data-review": target(POSITION, position),
            style: "cursor: pointer",
          },
          s("title", { text: chart.labels[i] }),
        ),
      );
    });
  }

  const table = h("table", { class: "sr-only chart-table" }, h("caption", { text: chart.title }));
  const head = h("tr", {}, h("td"));
  head.append(...chart.labels.map((label) => h("th", { scope: "col", text: label })));
  table.append(h("thead", {}, head));
  const body = h("tbody");
  chart.series.forEach((series, p) => {
    const side = sideOf(view, p);
    const row = h("tr", { "data-chart-row": p }, h("th", { scope: "row", text: side ? side.name : String(p + 1) }));
    row.append(...series.map((v) => h("td", { text: String(v) })));
    body.append(row);
  });
  table.append(body);
  return h("figure", { class: "chart" }, h("figcaption", { text: chart.title }), svg, table);
}
