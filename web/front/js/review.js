// @ts-check
// Review: step through the game's past. Python shows the position (web/page/table.py
// Table.review; the view then draws that moment and offers no action); this
// module draws the review bar (the banner "Move 37 of 112 - back to the game",
// first/back/forward/last, a jump to each season and survey, the score chart)
// and turns keys (Left, Right, Home, End, Escape), log lines and chart points
// into review targets. Screen readers hear each position shown (#review-said).
//
// "What would the computer play?" lets Python think (web/page/thinking.py, a slice
// at a time, as for the computer players) about its choice in the shown
// position and the estimated points between it and the move played; the page
// never waits for it, and a step to another position abandons it.

import { language, t } from "./i18n.js";
import { api } from "./api.js";
import { call } from "./generated/bridge.js";
import { think } from "./bots.js";
import { drawChart } from "./chart.js";
import { $, fill, h, reasonOf } from "./dom.js";
import { latest, stampOf } from "./store.js";
import { BACK, EXIT, FIRST, FORWARD, LAST, LOG, OPEN, target } from "./generated/shared.js";

/** @typedef {import("./generated/view.js").View} View */
/** @typedef {import("./store.js").Page} Page */
/** @typedef {import("./store.js").Store} Store */
/** @typedef {import("./render.js").Part} Part */

/**
 * The analysis of one position: asked, answered or failed.
 * @typedef {{key: string, busy?: boolean, text?: string, error?: string}} Analysis
 */

/** @type {WeakMap<Store, Analysis>} */
const analyses = new WeakMap();

/**
 * Which position of which game a view shows in review ("" when not reviewing).
 * @param {View | null} view
 */
function reviewKey(view) {
  return view?.review ? `${stampOf(view)}:${view.review.index}` : "";
}

/**
 * The analysis for the position on screen, if any.
 * @param {Store} store
 * @param {View} view
 * @returns {Analysis | null}
 */
function analysisOf(store, view) {
  const found = analyses.get(store);
  return found && found.key === reviewKey(view) ? found : null;
}

/**
 * Show a review target's position ("first", "back", "position:12", "exit"...).
 * @param {Page} page
 * @param {string} target
 */
export function review(page, target) {
  if (!api()) return;
  const { store } = page;
  analyses.delete(store); // an answer still on its way is dropped
  if (store.hint.hint && !store.hint.hint.text) store.hint = { stamp: null };
  call("review", target).then(page.show);
}

/**
 * Clicks on review controls, log lines and chart points; review keys.
 * Installed once (the frame is rebuilt when the language changes; these
 * listeners are on the document).
 * @param {Page} page
 */
export function installReview(page) {
  document.addEventListener("click", (event) => {
    const el = event.target instanceof Element ? event.target : null;
    if (!el || page.store.explaining) return;
    const control = el.closest("[data-review]");
    if (control instanceof HTMLElement || control instanceof SVGElement) {
      event.preventDefault();
      review(page, /** @type {string} */ (control.dataset.review));
      return;
    }
    const line = el.closest("#log li");
    if (line?.parentElement) {
      review(page, target(LOG, Array.prototype.indexOf.call(line.parentElement.children, line)));
    }
  });
  const keys = /** @type {Record<string, string>} */ ({
    ArrowLeft: BACK,
    ArrowRight: FORWARD,
    Home: FIRST,
    End: LAST,
    Escape: EXIT,
  });
  addEventListener(
    "keydown",
    (event) => {
      const view = latest(page.store);
      const target = keys[event.key];
      if (!view?.review || !target || event.altKey || event.ctrlKey || event.metaKey) return;
      const el = event.target instanceof Element ? event.target : null;
      if (el?.closest("input, select, textarea, [contenteditable], dialog")) return;
      event.preventDefault();
      event.stopPropagation();
      review(page, target);
    },
    true,
  );
}

/**
 * Ask the computer what it would play in the position shown.
 * @param {Page} page
 */
async function analyse(page) {
  const { store } = page;
  const view = latest(store);
  if (!view?.review) return;
  const key = reviewKey(view);
  const current = () => reviewKey(latest(store)) === key;
  analyses.set(store, { key, busy: true });
  page.redraw();
  /** @param {Analysis} result */
  const settle = (result) => {
    if (!current()) return; // stepped meanwhile: dropped
    analyses.set(store, result);
    page.redraw();
  };
  try {
    const answer = await think("analysis", current);
    if (!current()) return;
    if (!answer) {
      // another job took Python's thinking over
      analyses.delete(store);
      page.redraw();
      return;
    }
    const marks = answer.hint;
    let text = marks.text;
    if (answer.same) text += ` ${t("review.same")}`;
    else if (answer.difference !== null) {
      const points = new Intl.NumberFormat(language(), { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(
        Math.abs(answer.difference),
      );
      text += ` ${t(answer.difference >= 0 ? "review.gain" : "review.loss", { points })}`;
    }
    // Marked on the board as a hint is (no text: the review bar says it).
    store.hint = { stamp: stampOf(view), hint: { ...marks, text: "" } };
    settle({ key, text });
  } catch (error) {
    settle({ key, error: t("review.failed", { reason: reasonOf(error) }) });
  }
}

/**
 * @param {string} id
 * @param {string} target
 * @param {string} label
 * @param {string} text
 * @param {boolean} off
 */
function step(id, target, label, text, off) {
  return h("button", {
    type: "button",
    id,
    class: "secondary",
    "data-review": off ? null : target,
    "aria-disabled": off ? "true" : null,
    title: label,
    "aria-label": label,
    text,
  });
}

/**
 * The review bar: a "Review the game" button, or the banner, the steps, the
 * jumps, the analysis and the chart of the position shown.
 * @param {Page} page
 * @param {View} view
 */
function drawReview(page, view) {
  const box = $("#review-box");
  const said = $("#review-said");
  if (!box) return;
  const r = view.review;
  if (said) said.textContent = r ? r.said : "";
  box.hidden = !r && !view.can_review;
  if (!r) {
    box.className = "review-box";
    box.replaceChildren(
      view.can_review
        ? h("button", {
            type: "button",
            id: "review-open",
            class: "secondary",
            "data-review": OPEN,
            text: t("review.open"),
          })
        : "",
    );
    return;
  }
  box.className = "review-box reviewing";
  const banner = h(
    "p",
    { class: "review-banner" },
    h("strong", { id: "review-label", text: r.label }),
    " — ",
    h("button", { type: "button", id: "review-exit", class: "primary", "data-review": EXIT, text: t("review.exit") }),
  );
  const steps = h(
    "div",
    { class: "actions review-steps", role: "toolbar", "aria-label": t("review.steps") },
    step("review-first", FIRST, t("review.first"), "|◀", r.index === 0),
    step("review-back", BACK, t("review.back"), "◀", r.index === 0),
    step("review-forward", FORWARD, t("review.forward"), "▶", r.index === r.last),
    step("review-last", LAST, t("review.last"), "▶|", r.index === r.last),
  );
  /**
   * @param {string} title
   * @param {string} kind
   * @param {import("./generated/view.js").ReviewMark[]} marks
   */
  const jumps = (title, kind, marks) =>
    marks.length
      ? h(
          "p",
          { class: "review-jumps" },
          h("span", { text: title }),
          " ",
          ...marks.map((m) =>
            h("button", {
              type: "button",
              class: `secondary${m.index === r.index ? " selected" : ""}`,
              id: `review-${kind}-${m.season}`,
              "data-review": `${kind}:${m.season}`,
              "aria-pressed": m.index === r.index ? "true" : "false",
              text: m.label,
            }),
          ),
        )
      : null;
  const found = analysisOf(page.store, view);
  const busy = !!found?.busy;
  const analysis =
    r.next || !view.final
      ? h(
          "p",
          { class: "review-analysis" },
          h("button", {
            type: "button",
            id: "review-analyse",
            class: "secondary",
            disabled: busy,
            "aria-busy": busy ? "true" : null,
            onclick: () => analyse(page),
            text: t(busy ? "review.analysing" : "review.analyse"),
          }),
          " ",
          h("span", { id: "review-answer", role: "status", text: found ? found.text || found.error || "" : "" }),
        )
      : null;
  fill(
    box,
    banner,
    steps,
    jumps(t("review.seasons"), "season", r.seasons),
    jumps(t("review.surveys"), "survey", r.surveys),
    r.next ? h("p", { id: "review-next", class: "review-next", text: r.next.text }) : null,
    analysis,
    drawChart(view, r.chart, true),
  );
}

/**
 * The review bar as a part of the page (web/front/js/frame.js).
 * @param {Page} page
 * @returns {Part}
 */
export function reviewPart(page) {
  installReview(page);
  return {
    name: "review",
    slice: (v) => [
      v.review,
      v.can_review,
      v.players.map((p) => [p.colour, p.shape, p.name]),
      analysisOf(page.store, v),
      language(),
    ],
    draw: (v) => drawReview(page, v),
  };
}
