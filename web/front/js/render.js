// @ts-check
// Drawing views, chessground's way: a view handed to show() is drawn on the
// next animation frame (one redraw per frame, whatever came in between), and
// each part of the page is redrawn only when its own slice of the view
// changed. A part's slice is everything it draws from (view fields and the
// page's own state), compared as JSON with what it last drew.

import { latest } from "./store.js";

/** @typedef {import("./generated/view.js").View} View */
/** @typedef {import("./store.js").Store} Store */

/**
 * @typedef {object} Part
 * @property {string} name
 * @property {(view: View) => unknown} slice  what it draws from
 * @property {(view: View) => void} draw
 */

/**
 * @typedef {object} Hooks
 * @property {() => unknown} before                   before any part is drawn (focus, say)
 * @property {(before: any, view: View) => void} after  once every part is drawn
 */

/**
 * @param {Store} store
 * @param {Part[]} parts
 * @param {Hooks} hooks
 */
export function createRenderer(store, parts, hooks) {
  /**
   * Draw a view now: the parts whose slice changed.
   * @param {View} view
   */
  function draw(view) {
    store.view = view;
    const before = hooks.before();
    for (const part of parts) drawPart(part, view);
    drawn(before, view);
  }

  /**
   * Draw one part, if its slice of the view changed; answers whether it drew.
   * @param {Part} part
   * @param {View} view
   */
  function drawPart(part, view) {
    const key = JSON.stringify(part.slice(view));
    if (store.drawn.get(part.name) === key) return false;
    part.draw(view);
    store.drawn.set(part.name, key);
    return true;
  }

  /**
   * Every part is drawn: mark the body with what it shows, then the hooks.
   * @param {unknown} before  what hooks.before() said
   * @param {View} view
   */
  function drawn(before, view) {
    const body = document.body.dataset;
    body.turn = view.final ? "over" : String(view.to_move);
    body.revision = String(view.revision);
    body.game = String(view.game);
    body.drawn = String(++store.draws);
    hooks.after(before, view);
  }

  /**
   * Draw a view on the next animation frame.
   * @param {View} view
   */
  function show(view) {
    store.queued = view;
    if (store.frame) return;
    store.frame = requestAnimationFrame(() => {
      store.frame = 0;
      const next = store.queued;
      store.queued = null;
      if (next) draw(next);
    });
  }

  /** Draw the newest view again (the page's own state changed: hint, bots...). */
  function redraw() {
    const view = latest(store);
    if (view) show(view);
  }

  /**
   * Draw a view part by part, a frame's share at a time: the page's first
   * drawing (the saved board while Python starts, then the first view), in
   * tasks short enough that a phone's main thread is never held long. Stops
   * as soon as `still()` is false (another view is on its way); answers
   * whether it drew the whole view.
   * @param {View} view
   * @param {() => boolean} still
   * @param {number} [budgetMs]  drawing per task, about
   * @returns {Promise<boolean>}
   */
  async function drawInSteps(view, still, budgetMs = 30) {
    store.view = view;
    const before = hooks.before();
    let begun = performance.now();
    for (const part of parts) {
      if (!still()) return false;
      if (drawPart(part, view) && performance.now() - begun > budgetMs) {
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        begun = performance.now();
      }
    }
    if (!still()) return false;
    drawn(before, view);
    return true;
  }

  /** Forget what was drawn: every part draws again (new frame, new language, new geometry). */
  function reset() {
    store.drawn.clear();
  }

  return { draw, drawInSteps, show, redraw, reset };
}
