// @ts-check
// The end screen: the final scores, wing by wing, and the winners.

import { t } from "./i18n.js";
import { drawChart } from "./chart.js";
import { h } from "./dom.js";
import { seatIcon, sideOf } from "./pieces.js";
import { dailyEnd } from "./links.js";
import { FIRST } from "./generated/shared.js";

/** @typedef {import("./generated/view.js").View} View */
/** @typedef {import("./generated/view.js").Final} Final */
/** @typedef {import("./generated/view.js").FinalRow} FinalRow */

/**
 * @param {View} view
 * @param {Final} f
 * @param {() => void} newGame  opens the new-game dialog
 */
export function drawEnd(view, f, newGame) {
  const rows = f.rows;
  const table = h("table", { class: "final" });
  const head = h("tr", {}, h("th", { scope: "col" }, h("span", { class: "sr-only", text: t("player.score") })));
  for (const r of rows) {
    const side = sideOf(view, r.index);
    head.append(
      h(
        "th",
        { scope: "col", class: r.winner ? "winner" : "" },
        side ? seatIcon(side, 22) : null,
        " ",
        h("span", { text: r.name }),
        r.winner ? h("span", { class: "crown", text: ` ★ ${t("end.winner")}` }) : null,
      ),
    );
  }
  table.append(h("thead", {}, head));
  const body = h("tbody");
  /**
   * @param {string} label
   * @param {(r: FinalRow) => HTMLElement} cell
   * @param {string} [cls]
   */
  const row = (label, cell, cls = "") => {
    const tr = h("tr", { class: cls }, h("th", { scope: "row", text: label }));
    tr.append(...rows.map(cell));
    body.append(tr);
    return tr;
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
  row(t("end.sets"), (r) =>
    h("td", {
      text: r.sets ? t(r.sets > 1 ? "end.sets_many" : "end.sets_one", { n: r.sets, points: r.set_points }) : "—",
    }),
  );
  row(
    t("end.total"),
    (r) => h("td", { class: "total", "data-total-player": r.index, text: String(r.total) }),
    "total-row",
  );
  row(t("end.cubes"), (r) => h("td", { text: String(r.cubes) })).classList.add("cubes-row");
  table.append(body);

  const who = f.winners.join(t("list.and"));
  const title = t(f.shared ? "end.shared" : "end.wins", { who });
  const notes = [];
  if (f.tie_break) notes.push(t("end.tie_break"));
  if (f.shared) notes.push(t("end.still_tied"));
  return h(
    "section",
    { id: "end-screen", "aria-labelledby": "end-title" },
    h("h2", { id: "end-title", text: title }),
    notes.length ? h("p", { class: "end-note", text: notes.join(" ") }) : null,
    h("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-label": t("end.final") }, table),
    view.review ? null : drawChart(view, f.chart, false),
    dailyEnd(),
    h(
      "p",
      {},
      h("button", { type: "button", class: "primary", onclick: newGame, text: t("menu.new_game") }),
      " ",
      view.review
        ? null
        : h("button", {
            type: "button",
            id: "end-review",
            class: "secondary",
            "data-review": FIRST,
            text: t("review.from_start"),
          }),
    ),
  );
}
