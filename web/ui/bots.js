// @ts-check
// Computer players and hints, answered by a web worker (web/bot_worker.py,
// started with PyScript's PyWorker as soon as a game seats a computer, else
// on first need). Whenever the view says a computer is to move, the page asks
// the worker, waits a little so that the move can be followed, and plays it.
// Each answer is tied to the position it was asked for ("<game>:<revision>")
// and dropped if the game moved on meanwhile (undo, new game, import). Levels
// and time budgets come from the view (view.bot_to_move, view.bots).

import { t } from "../i18n.js";
import { call, exportRecord } from "./api.js";
import { reasonOf } from "./dom.js";
import { latest, stampOf } from "./store.js";

/** @typedef {import("./view.js").View} View */
/** @typedef {import("./store.js").Page} Page */

const REDUCED = matchMedia("(prefers-reduced-motion: reduce)");
const PAUSE_MS = () => (REDUCED.matches ? 150 : 600); // least time a move is shown "thinking"
const WORKER_START_MS = 120_000;
const ANSWER_SLACK_MS = 60_000; // on top of the budget, before giving up on an answer

/** An error that says whether it came from starting the worker, or from a timeout. */
class BotError extends Error {
  /**
   * @param {string} message
   * @param {{starting?: boolean, timeout?: boolean}} [what]
   */
  constructor(message, what = {}) {
    super(message);
    this.starting = !!what.starting;
    this.timeout = !!what.timeout;
  }
}

/** @param {number} ms */
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @returns {Promise<T>}
 */
function withTimeout(promise, ms) {
  let timer = 0;
  /** @type {Promise<never>} */
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new BotError(t("bots.timeout"), { timeout: true })), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** @param {string} path */
const here = (path) => new URL(path, import.meta.url).href;

/**
 * The worker, started on first need.
 * @param {Page} page
 * @returns {Promise<any>}
 */
export function ensureWorker(page) {
  const bots = page.store.bots;
  if (bots.worker) return Promise.resolve(bots.worker);
  if (bots.starting) return bots.starting;
  bots.loading = true;
  page.botStatus();
  page.redraw();
  const t0 = performance.now();
  const raw = (async () => {
    await customElements.whenDefined("py-script");
    const { PyWorker } = await import(here("../../pyscript/core.js"));
    const worker = await PyWorker(here("../bot_worker.py"), {
      type: "pyodide",
      version: here("../../pyodide/pyodide.mjs"),
      config: { files: { [here("../../game.zip")]: "./*" } },
    });
    // The worker's script has run once ping answers (a Python error in it
    // makes this call fail instead of leaving the page waiting).
    if (String(await worker.sync.ping()) !== "ok") throw new Error("unexpected answer");
    return worker;
  })();
  // Every caller gets the same promise, timeout included; a worker that
  // arrives after the timeout is ended rather than left running.
  bots.starting = withTimeout(raw, WORKER_START_MS)
    .then((worker) => {
      bots.worker = worker;
      bots.startMs = performance.now() - t0;
      return worker;
    })
    .catch((error) => {
      bots.starting = null;
      raw.then((late) => /** @type {any} */ (late).terminate?.(), () => {});
      throw new BotError(reasonOf(error), { starting: true, timeout: error instanceof BotError && error.timeout });
    })
    .finally(() => {
      bots.loading = false;
      page.botStatus();
      page.redraw();
    });
  return bots.starting;
}

/**
 * @param {Page} page
 * @param {unknown} error
 */
function failed(page, error) {
  const bots = page.store.bots;
  console.warn("Mykerinos: computer players:", error);
  const starting = error instanceof BotError && error.starting;
  bots.failed = t(starting ? "bots.failed_start" : "bots.failed_answer", { reason: reasonOf(error) });
  bots.thinking = false;
  if (bots.worker && error instanceof BotError && error.timeout) {
    try { bots.worker.terminate(); } catch { /* already gone */ }
    bots.worker = null;
    bots.starting = null;
  }
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
 * Called after every draw: asks for a move when a computer is to play.
 * @param {Page} page
 */
export function pumpBots(page) {
  const bots = page.store.bots;
  const view = latest(page.store);
  if (view && !view.final && !bots.worker && !bots.starting && !bots.failed && !bots.early
      && view.players.some((p) => p.seat !== "human")) {
    // Computers are seated: their worker starts now, while the person thinks,
    // instead of at their first turn (its own Python takes seconds to start,
    // tens of seconds in some browsers). A failure here is said at that turn,
    // when the start is tried again.
    bots.early = true;
    ensureWorker(page).catch(() => {});
  }
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
  playBot(page, view.bot_to_move, view.bots.budget, stamp);
}

/**
 * Ask the worker for a move at `level` and play it, unless the game moved on.
 * @param {Page} page
 * @param {string} level
 * @param {number | null} budget  seconds, null: the level's own speed
 * @param {string} stamp
 */
async function playBot(page, level, budget, stamp) {
  const { store } = page;
  const started = performance.now();
  let answer;
  try {
    const worker = await ensureWorker(page);
    if (stampOf(latest(store)) !== stamp) return;
    const asked = performance.now();
    answer = String(await withTimeout(worker.sync.choose(exportRecord(), level, call("botSeed"), budget),
      (budget || 0) * 1000 + ANSWER_SLACK_MS));
    const ms = performance.now() - asked;
    const search = JSON.parse(String(await worker.sync.last()));
    store.bots.stats.push({ level, ms, stamp, iterations: search.iterations, searchMs: search.seconds * 1000 });
    const parsed = JSON.parse(answer);
    if (parsed.error) throw new Error(parsed.error);
  } catch (error) {
    if (stampOf(latest(store)) === stamp) failed(page, error);
    return;
  }
  const wait = PAUSE_MS() - (performance.now() - started);
  if (wait > 0) await sleep(wait);
  if (stampOf(latest(store)) !== stamp) return; // undo, new game or import meanwhile
  /** @type {View} */
  const next = call("playBotMove", answer, stamp);
  if (stampOf(next) === stamp) {
    failed(page, new Error(next.message || t("bots.refused")));
    page.show(next);
    return;
  }
  store.recent = { stamp: stampOf(next), marks: next.last_move || undefined };
  page.show(next);
}

/**
 * The Hint button: the view's hint player suggests a move for this position.
 * @param {Page} page
 */
export async function askHint(page) {
  const { store } = page;
  const view = latest(store);
  if (!view || view.final || view.bot_to_move) return;
  const stamp = stampOf(view);
  const { level, budget } = view.bots.hint;
  store.hint = { stamp, busy: true };
  page.show(view);
  try {
    const worker = await ensureWorker(page);
    if (stampOf(latest(store)) !== stamp) return;
    const answer = String(await withTimeout(worker.sync.choose(exportRecord(), level, call("botSeed"), budget),
      (budget || 0) * 1000 + ANSWER_SLACK_MS));
    const move = JSON.parse(answer);
    if (move.error) throw new Error(move.error);
    if (stampOf(latest(store)) !== stamp) return;
    store.hint = { stamp, hint: call("describeMove", answer) };
  } catch (error) {
    if (stampOf(latest(store)) !== stamp) return;
    store.hint = { stamp: null };
    page.notice(t("hint.failed", { reason: reasonOf(error) }));
  }
  page.redraw();
}
