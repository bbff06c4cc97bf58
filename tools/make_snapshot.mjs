// @ts-check
// Make the page's Python snapshot at build time (tools/build.py runs it; the
// page restores it in web/front/js/python.js, which says why).
//
//   node tools/make_snapshot.mjs SITE OUT.gz KEY MODULE...
//
// Starts the site's own Pyodide (SITE/pyodide/: the runtime and the cut,
// compiled standard library the page loads) in Node.js, unpacks SITE/game.zip
// and SITE/page.zip into its working directory as the page does, imports each
// MODULE, keeps every file of both zips in memory (a restored page writes them
// out), and writes OUT.gz: gzip of a 64-byte header
// ("mykerinos-snapshot:" + KEY, padded with zeros) and Pyodide's memory
// snapshot without its zeros (sparse()). Nothing JavaScript is held by Python
// at that moment (the modules are pure Python), which is what a snapshot needs.

import nodeCrypto from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { loadPyodide } from "pyodide";

// The same sources must make the same snapshot (the build is deterministic),
// so everything the runtime draws while it starts is fixed here: entropy (the
// hash secret, the allocator's own randomness) and the clocks. None of it is
// a secret of the page's: Python's \`random\` is seeded anew after each
// restore, and os.urandom, \`secrets\` and the game's seeds ask the browser
// for new bytes each time.
let drawn = 0;
/** @param {ArrayBufferView} view */
function fixedBytes(view) {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (drawn++ * 151 + 7) & 255;
  return view;
}
nodeCrypto.randomFillSync = /** @type {any} */ (fixedBytes);
Object.defineProperty(globalThis, "crypto", {
  value: { getRandomValues: fixedBytes, subtle: nodeCrypto.webcrypto.subtle },
  configurable: true,
});
let ticks = 0;
Date.now = () => 946684800000 + ticks++;
performance.now = () => ticks++;
process.hrtime.bigint = () => BigInt(ticks++) * 1000000n;

const [site, out, key, ...modules] = process.argv.slice(2);
if (!site || !out || !key || !modules.length) {
  console.error("usage: node tools/make_snapshot.mjs SITE OUT.gz KEY MODULE...");
  process.exit(2);
}
const MAGIC = "mykerinos-snapshot:";
const HEADER_BYTES = 64;

const python = await loadPyodide({ indexURL: `${site}/pyodide/`, _makeSnapshot: true });
// The module the zips' files are kept in (python.js names it too).
const FILES_MODULE = "mykerinos_files";
const ZIPS = ["game.zip", "page.zip"];
python.FS.mkdirTree("/tmp/site");
for (const name of ZIPS) {
  const data = new Uint8Array(readFileSync(`${site}/${name}`));
  python.unpackArchive(data, "zip");
  python.FS.writeFile(`/tmp/site/${name}`, data); // read by Python below
}
python.globals.set("modules", python.toPy(modules));
python.runPython(`
import importlib
import sys
import types
import zipfile

for name in modules:
    importlib.import_module(name)
# The files of both zips, kept in memory: after a restore the page writes them
# into the working directory as they are (web/front/js/python.js), instead of
# fetching and unpacking the zips as a usual start does.
kept = types.ModuleType("${FILES_MODULE}")
kept.files = {}
for zipped in ${JSON.stringify(ZIPS)}:
    with zipfile.ZipFile("/tmp/site/" + zipped) as archive:
        for info in archive.infolist():
            if not info.is_dir():
                kept.files[info.filename] = archive.read(info)
sys.modules[kept.__name__] = kept
sys.path_importer_cache.clear()  # its finders saw the build's file system
del modules, name, zipped, archive, info, kept, importlib, sys, types, zipfile
# The state of chance is drawn again after each restore: keep a fixed one here.
import random
random.seed(0)
`);

// Runs of memory are kept in blocks of this many bytes.
const BLOCK = 1024;

/**
 * The memory without its zeros: a count of runs (u32), each run's start and
 * length (u32 pairs, ascending), then the runs' bytes one after another, all
 * little-endian; the zeros between runs are left out. Over half of Python's
 * memory is zeros (31.5 MB, 13.6 MB of it not zero): gzip's output is the
 * same size either way, and the page unpacks 13.6 MB instead of 31.5 MB
 * (126-162 ms against 172-305 ms in Chromium, docs/PERFORMANCE.md), filling
 * the zeros in by allocating the memory (web/front/js/python.js).
 * @param {Uint8Array} memory
 * @returns {Uint8Array}
 */
function sparse(memory) {
  /** @type {[number, number][]} */
  const runs = [];
  for (let at = 0; at < memory.length; at += BLOCK) {
    const end = Math.min(at + BLOCK, memory.length);
    if (memory.subarray(at, end).every((byte) => byte === 0)) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === at) last[1] = end - last[0];
    else runs.push([at, end - at]);
  }
  const table = new DataView(new ArrayBuffer(4 + 8 * runs.length));
  table.setUint32(0, runs.length, true);
  runs.forEach(([start, length], i) => {
    table.setUint32(4 + 8 * i, start, true);
    table.setUint32(8 + 8 * i, length, true);
  });
  const kept = runs.reduce((sum, [, length]) => sum + length, 0);
  const result = new Uint8Array(table.byteLength + kept);
  result.set(new Uint8Array(table.buffer));
  let at = table.byteLength;
  for (const [start, length] of runs) {
    result.set(memory.subarray(start, start + length), at);
    at += length;
  }
  return result;
}

const memory = python.makeMemorySnapshot();
const header = new Uint8Array(HEADER_BYTES);
const mark = new TextEncoder().encode(MAGIC + key);
if (mark.length > HEADER_BYTES) throw new Error("key too long");
header.set(mark);
const body = sparse(memory);
const whole = new Uint8Array(HEADER_BYTES + body.length);
whole.set(header);
whole.set(body, HEADER_BYTES);
writeFileSync(out, gzipSync(whole, { level: 9 }));
console.log(JSON.stringify({ bytes: memory.length }));
