// @ts-check
// Loading screen: shows what is happening while Pyodide and the game start.
//
// Self-contained: it needs only this markup in the page (see index.html)
//   <div id="loader"> ... <progress id="loader-bar"> <p id="loader-step"> ... </div>
// and must be loaded before ./pyscript/core.js. It hides the loader once
// <body data-ready="1"> is set (by the Python side when the board is usable).
//
// What drives it, all from the browser or PyScript, nothing to call:
//   - resource timing: the end of the download of pyodide.asm.wasm (the big one);
//   - the marks of Python's worker (web/front/js/python.js, through
//     web/front/js/engine.js): the runtime loaded, or restored from its snapshot;
//   - the body[data-ready="1"] marker.
// Between milestones the bar creeps slowly towards the next one.
//
// The page may also report its own steps or a failure:
//   window.mykerinosLoader.step("Setting up the board", 95)
//   window.mykerinosLoader.fail("Could not start the game")
//   window.mykerinosLoader.done()     // same as setting body[data-ready="1"]
//
// If Python runs but the page's own code never boots (a request that never
// ends), it reloads the page once, then says that the start stalled.
//
// On a first visit (no service worker in control yet) it also says how much of
// the download has arrived, "1.2 MB of 5.3 MB", moving as bytes arrive, and
// moves the bar with it: tools/build.py writes every file the page loads on
// start, with its size as stored and as a gzip-compressing host sends it, into
// index.html (#loader-sizes). Fetches (Pyodide's wasm and standard library,
// PyScript's zips and config) are counted chunk by chunk on a copy of the
// response (window.fetch is wrapped before PyScript starts); scripts and
// styles when they have arrived (resource timing). Each file counts its share
// of its compressed size, so the total is what a compressing host sends.
//
// Its words come from the page's language catalogue (web/front/js/i18n.js); until
// that has arrived (a few milliseconds) the step line stays empty.

import { t, hasCatalogue, ready as wordsReady } from "./i18n.js";
import { prefix } from "./saves.js";

// A start that stalls: Python runs, but the page's own code has not arrived
// this long after (a module request that never ends: on a flaky network, or
// seen in Chromium with the service worker in control, cause unknown). The
// page reloads once; if that stalls too, it says so. Tests shorten the wait
// with window.mykerinosStallMs.
const STALL_MS = Number(/** @type {any} */ (window).mykerinosStallMs) || 10_000;
// sessionStorage: this tab reloaded a stalled start already.
const RELOADED_KEY = `${prefix}reloaded`;

/**
 * Files the page loads on start: path from the site's root -> [bytes as
 * stored, bytes as a gzip-compressing host sends them] (empty before a build).
 * @returns {Record<string, [number, number]>}
 */
function readSizes() {
  try {
    return JSON.parse(document.getElementById("loader-sizes")?.textContent || "{}");
  } catch {
    return {};
  }
}
const SIZES = readSizes();
const TOTAL = Object.values(SIZES).reduce((sum, [, sent]) => sum + sent, 0);
const SITE = new URL("./", location.href).href;
// Bytes are counted on a first visit only: later the service worker answers at once.
const COUNTING = TOTAL > 0 && !navigator.serviceWorker?.controller;

const root = document.getElementById("loader");
const bar = /** @type {HTMLProgressElement | null} */ (document.getElementById("loader-bar"));
const label = document.getElementById("loader-step");
const bytesLine = document.getElementById("loader-bytes");

// Milestones: catalogue key of the words shown, and the bar's value.
/** @type {Record<string, [string, number]>} */
const STEPS = {
  start: ["loader.runtime", 3],
  core: ["loader.runtime", 8],
  pyodide: ["loader.runtime", 12],
  wasm: ["loader.python", 55],
  interpreter: ["loader.game", 75],
  files: ["loader.game", 85],
  script: ["loader.starting", 92],
};
// The worker's User Timing marks (web/front/js/python.js, marked again on the
// page by web/front/js/engine.js) that move the loader, and to which step.
/** @type {Record<string, string>} */
const PROGRESS = {
  "mykerinos:snapshot-read": "wasm",
  "mykerinos:restored": "interpreter",
  "mykerinos:python": "files",
  "mykerinos:engine": "script",
};
// Where the bar may creep to while waiting after each step.
const CEILING = [
  [3, 10],
  [8, 12],
  [12, 52],
  [55, 72],
  [75, 84],
  [85, 90],
  [92, 98],
];

let value = 0;
let target = 0;
let finished = false;
let timer = 0;

function render() {
  if (bar) bar.value = value;
}

/** @param {number} v */
function ceilingFor(v) {
  let top = v;
  for (const [from, to] of CEILING) if (v >= from) top = to;
  return top;
}

function tick() {
  if (finished) return;
  const top = ceilingFor(target);
  // Ease towards the ceiling: fast at first, slower and slower, never there.
  value = Math.max(value, target) + (top - Math.max(value, target)) * 0.03;
  render();
}

/**
 * Show a step and move the bar to at least `percent`.
 * @param {string} text
 * @param {number} [percent]
 */
function step(text, percent) {
  if (finished) return;
  if (typeof percent === "number" && percent > target) {
    target = Math.min(percent, 99);
    value = Math.max(value, target);
  }
  if (text && label) label.textContent = text;
  if (text) shownKey = null;
  if (root) root.dataset.step = text || "";
  render();
}

/** @type {string | null} */
let shownKey = null; // catalogue key of the step shown (re-worded once words arrive)

/** @param {string} name */
function go(name) {
  const [key, percent] = STEPS[name];
  if (percent >= target) {
    shownKey = key;
    step(hasCatalogue() ? t(key) : "", percent);
  }
}

function done() {
  if (finished) return;
  if (bytesTimer) flushBytes(); // the last bytes counted are shown
  finished = true;
  // When the page became clickable, for anyone measuring it (User Timing).
  performance.mark("mykerinos:clickable");
  clearInterval(timer);
  value = 100;
  render();
  if (root) {
    root.hidden = true;
    root.removeAttribute("aria-busy");
  }
  document.body.dataset.ready = "1";
  try {
    sessionStorage.removeItem(RELOADED_KEY);
  } catch {
    // Storage disabled: nothing was written either.
  }
}

/** @type {Map<string, number>} bytes counted so far, per file */
const counted = new Map();
let received = 0;

/**
 * The path of a URL from the site's root, if the site serves it.
 * @param {string} url
 */
function sitePath(url) {
  const href = new URL(url, location.href).href.split(/[?#]/)[0];
  return href.startsWith(SITE) ? href.slice(SITE.length) : null;
}

/**
 * Count `part` (0 to 1) of one file's download.
 * @param {string | null} path
 * @param {number} part
 */
function arrived(path, part) {
  const size = path === null ? undefined : SIZES[path];
  if (!COUNTING || finished || !size || path === null) return;
  const bytes = Math.round(size[1] * Math.min(1, part));
  const before = counted.get(path) || 0;
  if (bytes <= before) return;
  counted.set(path, bytes);
  received += bytes - before;
  // Shown at most every 100 ms: a download arrives in hundreds of chunks, and
  // each redraw of the line costs the processor Python is starting on.
  if (!bytesTimer) bytesTimer = setTimeout(flushBytes, 100);
}

let bytesTimer = 0;

function flushBytes() {
  clearTimeout(bytesTimer);
  bytesTimer = 0;
  showBytes();
}

/**
 * Megabytes with one decimal, in the page's language. Not Intl.NumberFormat:
 * the first one made loads the browser's locale data, a tenth of a second of
 * a phone's processor while Python starts.
 * @param {number} bytes
 */
function megabytes(bytes) {
  return (bytes / 1e6).toFixed(1).replace(".", t("loader.decimal"));
}

function showBytes() {
  if (root) root.dataset.bytes = `${received}/${TOTAL}`;
  // The download is most of a first visit's wait: it moves the bar up to 75%.
  step("", 3 + (72 * received) / TOTAL);
  if (!bytesLine || !hasCatalogue()) return;
  const text = t("loader.bytes", { done: megabytes(received), total: megabytes(TOTAL) });
  if (bytesLine.textContent !== text) bytesLine.textContent = text;
}

/**
 * Count a fetched file's bytes as they arrive, on a copy of its response.
 * @param {string} path
 * @param {Response} response
 */
async function follow(path, response) {
  const stored = SIZES[path][0];
  if (!response.body || !stored) return;
  const reader = response.body.getReader();
  let got = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    got += value.byteLength;
    arrived(path, got / stored);
  }
  arrived(path, 1);
}

if (COUNTING) {
  const fetchNow = window.fetch;
  window.fetch = (input, init) => {
    const answer = fetchNow(input, init);
    // Runs before the caller can read the body: the copy sees every byte.
    answer
      .then((response) => {
        const path = sitePath(response.url);
        // A download cut short is the caller's to report, not the count's.
        if (path !== null && SIZES[path] && response.ok) follow(path, response.clone()).catch(() => {});
      })
      .catch(() => {}); // the caller sees the failure
    return answer;
  };
}

/** When Python is running but the page's code never booted: reload once, then fail. */
function stalled() {
  if (finished || /** @type {any} */ (window).mykerinosUI) return; // finished: ready, or failed
  let reloaded = true;
  try {
    reloaded = sessionStorage.getItem(RELOADED_KEY) === "1";
    if (!reloaded) sessionStorage.setItem(RELOADED_KEY, "1");
  } catch {
    // Storage disabled: no reload, which could loop.
  }
  if (!reloaded) {
    location.reload();
    return;
  }
  fail(t("loader.stalled"));
  // An installed app has no browser button to reload with.
  const again = document.createElement("button");
  again.id = "loader-reload";
  again.type = "button";
  again.textContent = t("loader.reload");
  again.addEventListener("click", () => location.reload());
  label?.after(again);
}

/** @param {string} [message] */
function fail(message) {
  if (finished) return;
  finished = true;
  clearInterval(timer);
  if (root) {
    root.classList.add("failed");
    root.setAttribute("role", "alert");
    root.removeAttribute("aria-busy");
  }
  if (label) label.textContent = message || t("loader.failed");
}

/**
 * Bytes of a file that Python's worker fetched (web/front/js/engine.js hears
 * them from web/front/js/python.js: the page cannot see a worker's fetches).
 * @param {string} url
 * @param {number} got  bytes so far
 * @param {boolean} [complete]  all of it
 */
function fetched(url, got, complete) {
  const path = sitePath(url);
  const size = path === null ? undefined : SIZES[path];
  if (complete && path?.endsWith("/pyodide.asm.wasm")) go("wasm");
  if (!size) return;
  arrived(path, complete ? 1 : got / size[0]);
}

/** @type {Window & typeof globalThis & {mykerinosLoader?: object}} */ (window).mykerinosLoader = {
  step,
  done,
  fail,
  fetched,
};

if (root) {
  root.setAttribute("aria-busy", "true");
  wordsReady.then(() => {
    if (bar) bar.setAttribute("aria-label", t("loader.label"));
    if (!finished && shownKey && label) label.textContent = t(shownKey);
    if (!finished && received > 0) showBytes();
  });
  go("start");
  timer = setInterval(tick, 200);

  // Downloads: resource timing entries arrive when a download has finished.
  try {
    const seen = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        arrived(sitePath(entry.name), 1);
        const name = entry.name.split("?")[0];
        if (name.endsWith("/pyscript/core.js")) go("core");
        else if (name.endsWith("/pyodide.asm.wasm")) go("wasm");
      }
    });
    seen.observe({ type: "resource", buffered: true });
  } catch {
    // Old browsers: the PyScript events below are enough.
  }

  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const name = PROGRESS[entry.name];
        if (name) go(name);
      }
    }).observe({ type: "mark", buffered: true });
  } catch {
    // Old browsers: the bar creeps on by itself.
  }
  addEventListener("mykerinos:ready", () => setTimeout(stalled, STALL_MS));

  // The ready marker, set by the page (or by done()).
  const isReady = () => document.body.dataset.ready === "1";
  if (isReady()) done();
  else {
    new MutationObserver((_, observer) => {
      if (isReady()) {
        observer.disconnect();
        done();
      }
    }).observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
  }

  // Failures: PyScript shows Python errors in a .py-error element.
  new MutationObserver((_, observer) => {
    if (document.querySelector(".py-error")) {
      observer.disconnect();
      fail(t("loader.python_error"));
    }
  }).observe(document.body, { childList: true, subtree: true });
  addEventListener("error", (event) => {
    if (!isReady()) fail(t("loader.error", { reason: event.message || t("loader.failed") }));
  });
}
