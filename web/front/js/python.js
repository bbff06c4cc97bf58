// @ts-check
// Starts Python for PyScript, in the page's one Web Worker: web/front/js/engine.js
// names this module as the worker's interpreter (PyWorker's `version`), and
// PyScript imports it there and calls its loadPyodide as it would Pyodide's
// own. It runs in the worker: no window, no document, no localStorage.
//
// Its URL's query says how the page wants Python started: `snapshot=fetch`
// (fetch the snapshot on a first visit too: the tests, whose every browser is
// new) or `snapshot=off`, and `tab=<id>`: the BroadcastChannel
// "mykerinos-start:<id>" on which it tells that page of its progress (the
// bytes of a first visit's downloads, its User Timing marks), since the page
// cannot see a worker's fetches or marks.
//
// Python's own start (the interpreter and the standard library's first
// modules) is most of a visit's wait, and it is the same on every visit. So
// tools/build.py starts the page's exact Pyodide once in Node.js with the game
// and the page model imported (the modules web/page/main.py needs first),
// saves its whole memory (Pyodide's memory snapshot) and ships it beside the
// runtime, its zeros left out and gzipped, as pyodide/snapshot-<key>.gz. Here
// a start restores that memory instead of starting Python, when the snapshot
// is already on this device (the service worker precaches it after the first
// visit's start, so a first visit never waits for it), and starts Python the
// usual way otherwise.
//
// Never a wrong snapshot: <key> hashes the runtime, the standard library and
// the game's and page's code it was made from, the build writes it here with
// the snapshot's name, and the file carries it again in its first bytes; a
// release names its own. gzip's checksum and length catch a cut or damaged
// file, and the runs' table one that is not whole; Pyodide refuses a snapshot
// of another build of itself: any of those and the page starts Python as
// usual, saying so on the console only.
//
// The snapshot also holds every file of game.zip and page.zip, written into
// Python's working directory after a restore (a usual start fetches and
// unpacks the zips, what PyScript's [files] would do): no fetch, no unzipping.
//
// What a snapshot freezes is the same on every device, so whatever must differ
// is made again after a restore: Python's `random` is seeded anew (os.urandom
// and the game's seeds ask the browser each time, and are new anyway).
//
// Pyodide's snapshot options are private (`_loadSnapshot`): this module is
// their one user, and tests/tools/test_snapshot.py fails if a new Pyodide
// changes them.

/** Pyodide's version (the npm package pinned in package.json; a test checks it). */
export const version = "314.0.7";

// The runtime's folder, pyodide/ at the site's root.
const RUNTIME = new URL("../../../pyodide/", import.meta.url);

/**
 * The snapshot: its file in pyodide/, its key and its size once unpacked.
 * Written by tools/build.py into the built copy of this file; null (no
 * snapshot, a usual start) in the sources.
 * @type {{file: string, key: string, bytes: number} | null}
 */
const SNAPSHOT = null;

// The file's first bytes: a mark, then the key (ASCII), then Pyodide's snapshot.
const MAGIC = "mykerinos-snapshot:";
const HEADER_BYTES = 64;

/**
 * How Python started, for anyone measuring or testing it (bench/load.py, the
 * tests): "restored" from the snapshot, "refused" (a snapshot was there but
 * could not be used: Python started as usual), "not on this device" (a first
 * visit), or "none" (a build without a snapshot); and the milliseconds
 * loadPyodide took.
 */
const timing = { snapshot: "none", ms: 0 };
/** @type {any} */ (globalThis).mykerinosPython = timing;

const QUERY = new URL(import.meta.url).searchParams;
/** @type {BroadcastChannel | null} */
const channel =
  QUERY.get("tab") && globalThis.BroadcastChannel ? new BroadcastChannel(`mykerinos-start:${QUERY.get("tab")}`) : null;

/**
 * A User Timing mark here and on the page (bench/load.py reads the page's).
 * @param {string} name
 */
function mark(name) {
  performance.mark(name);
  channel?.postMessage({ mark: name, at: performance.timeOrigin + performance.now() });
}

// On a first visit the page's loading screen counts the bytes of every file
// as they arrive: the worker's fetches (Pyodide's runtime, the zips) are told
// to it, each at most every 100 ms and once complete, and every file the
// worker loaded otherwise (its modules) once it has arrived.
if (channel && QUERY.get("count")) {
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) channel.postMessage({ url: entry.name, got: 0, done: true });
    }).observe({ type: "resource", buffered: true });
  } catch {
    // No resource timing in this worker: its fetches are still counted.
  }
  const fetchNow = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const answer = fetchNow(input, init);
    answer
      .then((response) => {
        if (response.ok && response.body) follow(response.url, response.clone()).catch(() => {});
      })
      .catch(() => {}); // the caller sees the failure
    return answer;
  };
}

/**
 * Count a fetched file's bytes as they arrive, on a copy of its response.
 * @param {string} url
 * @param {Response} response
 */
async function follow(url, response) {
  const reader = /** @type {ReadableStream<Uint8Array>} */ (response.body).getReader();
  let got = 0;
  let said = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    got += value.byteLength;
    const now = performance.now();
    if (now - said >= 100) {
      said = now;
      channel?.postMessage({ url, got });
    }
  }
  channel?.postMessage({ url, got, done: true });
}

/**
 * Pyodide's snapshot inside a snapshot file's bytes (gzipped or not: a host
 * may have unpacked it already), or an Error saying why not.
 * @param {ArrayBuffer} data
 * @param {{key: string, bytes: number}} expected
 * @returns {Promise<Uint8Array>}
 */
async function unpack(data, expected) {
  let bytes = new Uint8Array(data);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("gzip"));
    bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  }
  const head = new TextDecoder().decode(bytes.subarray(0, HEADER_BYTES)).replace(/\0+$/, "");
  if (head !== MAGIC + expected.key) throw new Error(`not this release's snapshot (${head.slice(0, 40)})`);
  return fill(bytes.subarray(HEADER_BYTES), expected.bytes);
}

/**
 * Python's memory from the file's runs (tools/make_snapshot.mjs, sparse()):
 * a new buffer is zeros already, each run is copied to its place.
 * @param {Uint8Array} runs  a count, each run's start and length, their bytes
 * @param {number} size  the memory's size
 * @returns {Uint8Array}
 */
function fill(runs, size) {
  const table = new DataView(runs.buffer, runs.byteOffset, runs.byteLength);
  const count = runs.length >= 4 ? table.getUint32(0, true) : -1;
  let at = 4 + 8 * count;
  if (count < 0 || at > runs.length) throw new Error("snapshot cut short");
  const memory = new Uint8Array(size);
  let end = 0;
  for (let i = 0; i < count; i++) {
    const start = table.getUint32(4 + 8 * i, true);
    const length = table.getUint32(8 + 8 * i, true);
    if (at + length > runs.length) throw new Error("snapshot cut short");
    if (start < end || start + length > size) throw new Error("snapshot damaged: its runs overlap or overflow");
    memory.set(runs.subarray(at, at + length), start);
    at += length;
    end = start + length;
  }
  if (at !== runs.length) throw new Error("snapshot damaged: bytes after its runs");
  return memory;
}

/**
 * The snapshot's file when it is on this device (the service worker's cache)
 * or the page asked for it (`snapshot=fetch`: the tests, whose every browser
 * is new); null otherwise.
 * @returns {Promise<Response | null>}
 */
async function findSnapshot() {
  if (!SNAPSHOT) return null;
  const url = new URL(SNAPSHOT.file, RUNTIME).href;
  try {
    const wanted = QUERY.get("snapshot");
    if (wanted === "off") return null;
    let response = globalThis.caches ? await caches.match(url) : undefined;
    if (!response && wanted === "fetch") response = await fetch(url);
    return response?.ok ? response : null;
  } catch {
    return null; // no Cache Storage here (a page that is not https): a usual start
  }
}

/**
 * Pyodide's snapshot in a snapshot file's response.
 * @param {Response} response
 * @param {{key: string, bytes: number}} expected
 */
async function readSnapshot(response, expected) {
  const data = await response.arrayBuffer();
  mark("mykerinos:snapshot-read");
  const memory = await unpack(data, expected);
  mark("mykerinos:snapshot-unpacked");
  return memory;
}

// The zips a usual start unpacks into Python's working directory: the engine
// (game/) and the page model (page/, its words, PyScript's own package
// compiled). A restore writes the same files out of the snapshot instead.
const ZIPS = ["game.zip", "page.zip"];
// The snapshot's module holding those files (tools/make_snapshot.mjs).
const FILES_MODULE = "mykerinos_files";
const AFTER_RESTORE = `
import os, random, sys
# The snapshot's state of chance is every device's: draw a new one.
random.seed()
for name, data in sys.modules.pop("${FILES_MODULE}").files.items():
    os.makedirs(os.path.dirname(name) or ".", exist_ok=True)
    with open(name, "wb") as file:
        file.write(data)
del name, data, file
`;

/**
 * The zips' bytes, fetched (the service worker answers on a return visit).
 * @returns {Promise<ArrayBuffer>[]}
 */
function fetchZips() {
  return ZIPS.map(async (name) => {
    const response = await fetch(new URL(`../../../${name}`, import.meta.url));
    if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
}

/** Where Python's output goes: PyScript's handlers, once it asks for Python. */
const output = {
  /** @type {(text: string) => void} */ stdout: (text) => console.log(text),
  /** @type {(text: string) => void} */ stderr: (text) => console.warn(text),
};

/**
 * Python restored from the snapshot's file, its files written out and its
 * chances drawn anew; null when the snapshot could not be used (said on the
 * console only: the page then starts Python as usual).
 * @param {any} pyodide Pyodide's module
 * @param {Record<string, any>} settings
 * @param {Response} response the snapshot's file
 * @param {{key: string, bytes: number}} expected
 * @returns {Promise<any>}
 */
async function restore(pyodide, settings, response, expected) {
  try {
    // Pyodide's own module and runtime load while the snapshot is read.
    const snapshot = readSnapshot(response, expected);
    snapshot.catch(() => {}); // its failure is loadPyodide's, caught below
    const python = await pyodide.loadPyodide({ ...settings, _loadSnapshot: snapshot });
    // Pyodide keeps its options, the snapshot's bytes with them: 31.5 MB
    // copied into Python's memory already, let go of (detached) here.
    const used = (await snapshot).buffer;
    structuredClone(used, { transfer: [used] });
    mark("mykerinos:restored");
    python.runPython(AFTER_RESTORE);
    timing.snapshot = "restored";
    return python;
  } catch (error) {
    console.info("Python starts without its snapshot:", String(error));
    timing.snapshot = "refused";
    return null;
  }
}

/**
 * Python started as usual, the zips unpacked into its working directory.
 * @param {any} pyodide Pyodide's module
 * @param {Record<string, any>} settings
 * @returns {Promise<any>}
 */
async function startAsUsual(pyodide, settings) {
  const zips = fetchZips();
  const python = await pyodide.loadPyodide(settings);
  for (const zipped of zips) python.unpackArchive(new Uint8Array(await zipped), "zip");
  if (timing.snapshot === "none" && SNAPSHOT) timing.snapshot = "not on this device";
  return python;
}

/**
 * Python, restored from the snapshot when there is a good one on this device,
 * started as usual otherwise.
 * @returns {Promise<any>}
 */
async function start() {
  const begun = performance.now();
  const found = findSnapshot();
  const pyodide = await import(new URL("pyodide.mjs", RUNTIME).href);
  const settings = {
    indexURL: RUNTIME.href,
    stdout: (/** @type {string} */ text) => output.stdout(text),
    stderr: (/** @type {string} */ text) => output.stderr(text),
  };
  const response = await found;
  const restored = response && SNAPSHOT ? await restore(pyodide, settings, response, SNAPSHOT) : null;
  const python = restored ?? (await startAsUsual(pyodide, settings));
  // The bytes of Python's memory, for web/page/main.py's heap() (the benches):
  // Pyodide's WebAssembly memory, on its private module object.
  /** @type {any} */ (globalThis).mykerinosHeap = () => python._module.HEAPU8.byteLength;
  mark("mykerinos:python");
  timing.ms = performance.now() - begun;
  return python;
}

// Python starts as soon as this module runs, not when PyScript asks for it:
// the runtime's download and compiling, or the snapshot's reading, go on
// while PyScript's own worker code loads.
/** Python once started (PyScript's, and the tests', who ask it what a restore made new). */
export const started = start();

/**
 * Pyodide for PyScript: the Python started above. PyScript's options are its
 * output handlers (used from now on) and the runtime's folder (pyodide/,
 * known here); the page's config asks for no packages.
 * @param {Record<string, any>} options PyScript's options for Pyodide's loadPyodide
 */
export async function loadPyodide(options) {
  if (options.stdout) output.stdout = options.stdout;
  if (options.stderr) output.stderr = options.stderr;
  return started;
}
