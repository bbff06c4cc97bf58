// Service worker for offline play. tools/build.py turns this template into
// dist/sw.js: it fills in the build version (a hash of every file's content)
// and the list of every file of the site. Do not edit dist/sw.js.
//
// - install: downloads every file into a new cache named after the version
//   (revalidating against the HTTP cache, so unchanged files cost a 304), and
//   keeps Python's snapshot (pyodide/snapshot-*.gz) unpacked, so that a start
//   restoring it does not unpack it first (web/front/js/python.js reads both).
// - activate: deletes this site's caches of older versions. A new version
//   waits (no automatic skipWaiting) until no open page uses the old one, so
//   a page that is already open keeps its own files. A page may ask for the
//   switch with postMessage({type: "SKIP_WAITING"}) and then reload.
// - fetch: cache first, network as a fallback.
//
// Every URL is relative to this script, so the site works from any sub-path.

const VERSION = "__BUILD_VERSION__";
const FILES = __PRECACHE_FILES__;

const BASE = new URL("./", self.location.href);
// One origin may host several copies of the site under different paths.
const PREFIX = `mykerinos ${BASE.pathname} `;
const CACHE = PREFIX + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const requests = FILES.map((file) => new Request(new URL(file, BASE), { cache: "no-cache" }));
      try {
        await cache.addAll(requests);
      } catch (error) {
        await caches.delete(CACHE);
        throw error;
      }
      for (const request of requests) {
        if (SNAPSHOT.test(request.url)) await unpackInCache(cache, request);
      }
    })(),
  );
});

const SNAPSHOT = /\/pyodide\/snapshot-[^/]*\.gz$/;

// Python's snapshot, gzipped on the wire, kept unpacked; a file that does not
// unpack is dropped (the page then starts Python as usual). It is streamed
// through the decompressor into the cache, never held whole: in WebKit the
// worker may share the page's process, and a phone's limit counts the 31 MB
// the worker would otherwise hold (and the heap it leaves behind).
async function unpackInCache(cache, request) {
  try {
    const stored = await cache.match(request);
    const reader = stored.body.getReader();
    const first = await reader.read();
    if (first.done) throw new Error("an empty snapshot");
    const head = first.value;
    if (head[0] !== 0x1f || head[1] !== 0x8b) {
      await reader.cancel(); // the host sent it unpacked
      return;
    }
    const packed = new ReadableStream({
      start(controller) {
        controller.enqueue(head);
      },
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    });
    const unpacked = packed.pipeThrough(new DecompressionStream("gzip"));
    await cache.put(request, new Response(unpacked, { headers: { "Content-Type": "application/octet-stream" } }));
  } catch {
    await cache.delete(request);
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") self.skipWaiting();
});

function cacheKey(request) {
  const url = new URL(request.url);
  url.hash = "";
  if (request.mode === "navigate") {
    url.search = "";
    if (url.pathname.endsWith("/")) url.pathname += "index.html";
  }
  return url.href;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  if (!request.url.startsWith(BASE.href)) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(cacheKey(request));
      return hit || fetch(request);
    })(),
  );
});
