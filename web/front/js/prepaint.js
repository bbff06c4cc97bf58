// @ts-check
// The board as it was last shown, put back on the next visit before any
// module runs. When the page is hidden (a phone switching apps, a tab closed),
// the markup of its frame is kept beside the saved view it shows, with the
// screen size and the language it was drawn for. index.html's first script
// puts that markup in place while the page is still being read, if the saved
// view, the screen size and the language are still the same (another tab that
// played on changed the saved view: nothing stale is shown), marks the body
// `data-preview` and `data-prepainted`, and shows a tap on it pressed at once,
// keeping its target for boot.js, which answers it once Python is ready. The
// markup is inert: boot.js builds the real frame over it then.

import { read, store } from "./saves.js";
import { KEY_LANGUAGE, KEY_PAINT, KEY_VIEW } from "./generated/shared.js";

/** @typedef {import("./generated/view.js").View} View */

// A frame's markup is 50-300 KB; a longer one is not kept (the device's storage is small).
const PAINT_MAX = 1_500_000;

// The saved view as it was when this page last drew (saved before it is drawn):
// the view the frame on screen stands for, even once another tab has saved another.
let drawnText = /** @type {string | null} */ (null);

/** After each frame drawn: the saved view it shows. */
export function noteDrawn() {
  drawnText = read(KEY_VIEW);
}

/**
 * Keep the frame on screen for the next visit's first paint, or forget the
 * one kept when this frame cannot stand for the saved view (a review, a
 * lesson, live play or a table by turns, whose panels tell what changes).
 * @param {View | null} view  the view on screen
 * @param {string} starting  the line shown while the rules engine starts, in the page's language
 */
export function keepPaint(view, starting) {
  const app = document.getElementById("app");
  const saved = drawnText;
  const standsFor =
    app && view && saved && !view.review && !location.hash && !app.querySelector("#live-panel, #turns-panel");
  const lesson = document.getElementById("lesson-box");
  const forget = () => {
    if (read(KEY_PAINT) !== null) store(KEY_PAINT, "");
  };
  if (!standsFor || (lesson && !lesson.hidden)) return forget();
  const copy = /** @type {HTMLElement} */ (app.cloneNode(true));
  for (const el of copy.querySelectorAll(".pressed")) el.classList.remove("pressed");
  for (const el of copy.querySelectorAll("#notice, #message")) el.setAttribute("hidden", "");
  for (const el of copy.querySelectorAll("dialog[open]")) /** @type {HTMLDialogElement} */ (el).open = false;
  copy.querySelector("#starting")?.remove();
  const html = `<p id="starting" class="starting">${escaped(starting)}</p>${copy.innerHTML}`;
  if (html.length > PAINT_MAX) return forget();
  const kept = store(
    KEY_PAINT,
    JSON.stringify({
      view: saved,
      lang: read(KEY_LANGUAGE),
      languages: String(navigator.languages),
      width: innerWidth,
      height: innerHeight,
      // The body's marks of the view shown (web/front/js/render.js), put back with it.
      body: { revision: document.body.dataset.revision, game: document.body.dataset.game },
      html,
    }),
  );
  if (!kept) forget(); // the device's storage is full: no frame rather than an old one
}

/** @param {string} text */
function escaped(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * Whether index.html put the kept frame in place; if so, stop its own tap
 * catcher and hand over the targets tapped meanwhile, in order, with the
 * elements shown pressed.
 * @returns {{el: Element, target: string}[] | null}
 */
export function takePrepaint() {
  if (document.body.dataset.prepainted !== "1") return null;
  const early = /** @type {{taps?: string[], stop?: () => void}} */ (
    /** @type {any} */ (window).mykerinosPrepaint || {}
  );
  early.stop?.();
  const taps = [];
  for (const target of early.taps || []) {
    const el = document.querySelector(`#app [data-target="${CSS.escape(target)}"]`);
    if (el) taps.push({ el, target });
  }
  return taps;
}

/**
 * The frame index.html put back, taken out of `app` into a cover of its own:
 * laid over the real frame (style.css: `#app.drawing-over`) while that one is
 * drawn beneath it, hidden, a part at a time; `lift` takes it away.
 * @param {Element} app
 */
export function coverOver(app) {
  const cover = document.createElement("div");
  cover.className = "prepainted";
  cover.setAttribute("aria-hidden", "true");
  cover.append(...app.childNodes);
  return {
    /** Lay it over the frame built since. */
    lay() {
      app.append(cover);
      app.classList.add("drawing-over");
    },
    lift() {
      cover.remove();
      app.classList.remove("drawing-over");
    },
  };
}
