// @ts-check
// The page's Python, in a Web Worker of its own: the main thread only draws.
//
// PyScript's PyWorker runs web/page/main.py in a dedicated worker, its
// interpreter started by web/front/js/python.js (restored from the build's
// snapshot when this device has it). Without cross-origin isolation, which a
// static host cannot switch on, the page may call the worker's functions and
// await their answers, but the worker can never wait for the page: so the
// page drives everything.
//
// - Calls: window.mykerinos.call(name, argsJson) answers a promise of the
//   answer's JSON text. Calls are messages, served in the order sent; a call
//   that fails rejects with an Error named after Python's (BadCall: a call the
//   declaration does not allow). web/front/js/generated/bridge.js types them.
// - Saves: the worker has no localStorage. Python starts with a copy of every
//   key under the site's prefix and hears every change another tab makes (the
//   storage event); each answer carries the writes the call made, and they
//   are written here, in order, before the answer is handed on to be drawn.
//   A device that refuses to save is found with a test write first.
// - The start: the loading screen (web/front/js/loader.js) hears the worker's
//   progress on a BroadcastChannel of this tab's own (web/front/js/python.js
//   posts the bytes of a first visit's downloads and its User Timing marks).
//
// Once Python is ready: window.mykerinos = {ready, call, heap}, body[data-engine],
// and the "mykerinos:ready" event (web/front/js/boot.js boots on it).

import { language, t } from "./i18n.js";
import { everyKey, prefix, read, writeAll } from "./saves.js";

/** @typedef {{sync: {open: (s: string) => Promise<string>, call: (n: string, a: string) => Promise<string>, stored: (c: string) => Promise<void>, refused: () => Promise<void>, heap: () => Promise<number>}}} Worker */

const win = /** @type {any} */ (window);
const TAB = Math.random().toString(36).slice(2);

/** How python.js is to start Python, said in its URL (it cannot see the page). */
function interpreterUrl() {
  const url = new URL("./python.js", import.meta.url);
  const snapshot = win.mykerinosSnapshot;
  if (snapshot === "fetch" || snapshot === "off") url.searchParams.set("snapshot", snapshot);
  url.searchParams.set("tab", TAB);
  // A first visit: the loading screen counts the worker's downloads too.
  if (!navigator.serviceWorker?.controller) url.searchParams.set("count", "1");
  return url.href;
}

/**
 * PyScript's configuration: index.html's <py-config> (JSON), the page's one,
 * with the worker's own wish added (sync_main_only: the worker never waits for
 * the page). MicroPython's <mpy-config> is given the same text, made here
 * before PyScript reads it: PyScript loads its plugins for each interpreter
 * it knows, used or not, and the configuration turns off those the page has
 * no use for.
 * @returns {Record<string, unknown>}
 */
function configuration() {
  const element = /** @type {HTMLElement} */ (document.querySelector("py-config"));
  const text = element.textContent ?? "{}";
  if (!document.querySelector("mpy-config")) {
    const copy = document.createElement("mpy-config");
    copy.hidden = true;
    copy.setAttribute("type", "json");
    copy.textContent = text;
    element.after(copy);
  }
  return { ...JSON.parse(text), sync_main_only: true };
}

/** The worker's progress, shown by the loading screen and marked for measurements. */
function listen() {
  if (!globalThis.BroadcastChannel) return;
  const channel = new BroadcastChannel(`mykerinos-start:${TAB}`);
  channel.onmessage = ({ data }) => {
    if (!data || typeof data !== "object") return;
    if (typeof data.mark === "string") {
      performance.mark(data.mark, { startTime: Math.max(0, data.at - performance.timeOrigin) });
    } else if (typeof data.url === "string") win.mykerinosLoader?.fetched?.(data.url, data.got, data.done);
  };
}

/**
 * Call Python: one function of web/page/bridge.py, its arguments as a JSON
 * array; the answer's JSON text once what it saved is written.
 * @param {string} name
 * @param {string} args
 * @returns {Promise<string>}
 */
async function call(name, args) {
  const python = await started;
  const text = await python.sync.call(name, args);
  const end = text.indexOf("\n");
  const head = JSON.parse(end < 0 ? text : text.slice(0, end));
  const answer = end < 0 ? "" : text.slice(end + 1);
  // What the call saved, in order (web/front/js/saves.js); a write the device
  // refuses is told to Python, which then says so once.
  if (head.w.length && !writeAll(head.w, answer)) python.sync.refused();
  if (head.e) {
    const error = new Error(head.e[1]);
    error.name = head.e[0];
    throw error;
  }
  return answer;
}

/**
 * Tell Python the value a key of this site's has now (another tab wrote it:
 * before the page asks Python to look at it again).
 * @param {string} key  without the prefix
 */
export function reread(key) {
  const value = read(key);
  started.then((python) => python.sync.stored(JSON.stringify([prefix + key, value])));
}

async function start() {
  listen();
  const config = configuration();
  // PyScript, the loader (its own worker support; built files, no types).
  const { PyWorker } = await import(new URL("../../../pyscript/core.js", import.meta.url).href);
  // PyScript is ready to make workers once its own element is defined.
  await customElements.whenDefined("py-script");
  const python = /** @type {Worker} */ (
    /** @type {unknown} */ (
      await PyWorker(new URL("../../page/main.py", import.meta.url).href, {
        config,
        version: interpreterUrl(),
      })
    )
  );
  // Another tab's writes, from now on (those before are in the copy below).
  addEventListener("storage", (event) => {
    if (event.key === null || event.key.startsWith(prefix)) {
      python.sync.stored(JSON.stringify([event.key ?? "", event.newValue]));
    }
  });
  win.mykerinosLoader?.step?.(t("loader.board"), 95);
  const settings = { ...everyKey(), language: language() };
  const opened = JSON.parse(await python.sync.open(JSON.stringify(settings)));
  win.mykerinosPython = opened.start;
  return python;
}

/** The worker, once Python has opened the saved game. */
const started = start();

started.then(
  (python) => {
    // heap(): the bytes of Python's memory, for the benches (bench/phone.py).
    win.mykerinos = { ready: true, call, heap: () => python.sync.heap() };
    document.body.dataset.engine = "1";
    document.body.dataset.webpy = "1";
    performance.mark("mykerinos:engine");
    dispatchEvent(new CustomEvent("mykerinos:ready"));
  },
  (error) => {
    console.error("Mykerinos: Python did not start:", error);
    win.mykerinosLoader?.fail?.();
  },
);
