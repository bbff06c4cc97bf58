// @ts-check
// Computer players, hints and the analysis in review, thought out by the
// page's Python (web/page/thinking.py) in its worker, a step at a time: the
// page's main thread only draws, and a step is short enough that a click sent
// meanwhile (an undo, a new game) waits for little in the worker's queue.
// Whenever the view says a computer is to move, the page thinks, waits a
// little so that the move can be followed, and plays it. Each job is tied to
// the position it was asked for ("<game>:<revision>") and abandoned as soon as
// the game moves on (undo, new game, import, review).

import { t } from "./i18n.js";
import { call } from "./generated/bridge.js";
import { reasonOf } from "./dom.js";
import { latest, stampOf } from "./store.js";
import { nextTask } from "./tasks.js";

/** @typedef {import("./generated/view.js").View} View */
/** @typedef {import("./store.js").Page} Page */

const REDUCED = matchMedia("(prefers-reduced-motion: reduce)");
/**
 * The least time a computer's move is shown "thinking", so that a person can
 * follow it: shorter when less motion is asked for. A page driven by the tests
 * sets window.mykerinosPauseMs (0: they wait for what they check, never for a
 * time; tests/browser/conftest.py, harness/tabs.py).
 */
function pauseMs() {
  const asked = /** @type {any} */ (window).mykerinosPauseMs;
  if (typeof asked === "number" && asked >= 0) return asked;
  return REDUCED.matches ? 150 : 600;
}
// Python thinks this long at a time, in its worker: short enough that a click
// waits for no more than a step (Python serves calls in order), long enough
// that the message between two steps costs nothing.
const SLICE_MS = 50;
// How often a computer's answer, held for the pause, looks whether its
// position is still the game's.
const HOLD_STEP_MS = 100;

/** @param {number} ms */
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Let Python think on `purpose` a slice at a time until it answers.
 * @param {"move" | "hint" | "analysis"} purpose
 * @param {() => boolean} wanted  false once the answer no longer matters: the job is then abandoned
 * @returns {Promise<any | null>} Python's answer, or null for a job abandoned
 */
export async function think(purpose, wanted) {
  const started = await call("think", purpose);
  if (started.error) throw new Error(started.error);
  const job = started.job;
  if (job === undefined) throw new Error("no job started");
  for (;;) {
    if (!wanted()) {
      call("stopThinking", job);
      return null;
    }
    const step = await call("thinkStep", job, SLICE_MS);
    if (step.busy) continue;
    if (step.gone) return null;
    if (step.error) throw new Error(step.error);
    return step;
  }
}

/**
 * @param {Page} page
 * @param {unknown} error
 */
function failed(page, error) {
  const bots = page.store.bots;
  console.warn("Mykerinos: computer players:", error);
  bots.failed = t("bots.failed_answer", { reason: reasonOf(error) });
  bots.thinking = false;
  page.botStatus();
}

/**
 * "Try again" after a failure.
 * @param {Page} page
 */
export function retryBots(page) {
  page.store.bots.failed = null;
  page.store.bots.pending = null;
  page.botStatus();
  pumpBots(page);
}

/**
 * Called after every draw: thinks for the computer to move, if any.
 * @param {Page} page
 */
export function pumpBots(page) {
  const bots = page.store.bots;
  const view = latest(page.store);
  if (!view || view.final || !view.bot_to_move || bots.failed) {
    if (bots.thinking) {
      bots.thinking = false;
      page.botStatus();
    }
    return;
  }
  const stamp = stampOf(view);
  if (bots.pending === stamp) return;
  bots.pending = stamp;
  bots.thinking = true;
  page.botStatus();
  playBot(page, view.bot_to_move, stamp);
}

/**
 * Think for the computer to move and play its move, unless the game moved on.
 * @param {Page} page
 * @param {string} level
 * @param {string} stamp
 */
async function playBot(page, level, stamp) {
  const { store } = page;
  const current = () => {
    const view = latest(store);
    return stampOf(view) === stamp && !!view?.bot_to_move;
  };
  // Given up: think again if this position comes back (review left).
  const forget = () => {
    if (store.bots.pending === stamp) store.bots.pending = null;
  };
  // Thought in tasks of their own: not in the frame that drew the position.
  await nextTask();
  if (!current()) {
    forget();
    return;
  }
  const started = performance.now();
  let answer;
  try {
    answer = await think("move", current);
  } catch (error) {
    if (current()) failed(page, error);
    return;
  }
  if (!answer) {
    forget();
    return;
  }
  const ms = performance.now() - started;
  /** @type {import("./store.js").BotStat} */
  const stat = {
    level,
    ms,
    stamp,
    iterations: answer.iterations,
    searchMs: answer.seconds * 1000,
    at: started,
    outcome: "held",
  };
  store.bots.stats.push(stat);
  // Shown "thinking" for the pause, in short steps: a position taken back
  // meanwhile (undo, a move from elsewhere) drops the answer at once.
  for (let left = pauseMs() - ms; left > 0 && current(); left = pauseMs() - (performance.now() - started)) {
    await sleep(Math.min(left, HOLD_STEP_MS));
  }
  if (!current()) {
    stat.outcome = "dropped";
    forget();
    return;
  }
  stat.outcome = "played";
  /** @type {View} */
  let next;
  try {
    next = await call("playBotMove", answer.move, stamp);
  } catch (error) {
    failed(page, error);
    return;
  }
  if (stampOf(next) === stamp) {
    failed(page, new Error(next.message || t("bots.refused")));
    page.show(next);
    return;
  }
  store.recent = { stamp: stampOf(next), marks: next.last_move || undefined };
  page.show(next);
}

/**
 * The Hint button: the hint player suggests a move for this position.
 * @param {Page} page
 */
export async function askHint(page) {
  const { store } = page;
  const view = latest(store);
  if (!view || view.final || view.bot_to_move) return;
  const stamp = stampOf(view);
  const current = () => stampOf(latest(store)) === stamp;
  store.hint = { stamp, busy: true };
  page.show(view);
  try {
    const answer = await think("hint", current);
    if (!current()) return;
    // No answer: another job took Python's thinking over (the analysis in review).
    store.hint = answer ? { stamp, hint: answer.hint } : { stamp: null };
  } catch (error) {
    if (!current()) return;
    store.hint = { stamp: null };
    page.notice(t("hint.failed", { reason: reasonOf(error) }));
  }
  page.redraw();
}
