// Service worker for offline play. tools/build.py turns this template into
// dist/sw.js: it fills in the build version (a hash of every file's content)
// and the list of every file of the site. Do not edit dist/sw.js.
//
// - install: downloads every file into a new cache named after the version
//   (revalidating against the HTTP cache, so unchanged files cost a 304).
//   Python's snapshot (pyodide/snapshot-*.gz) is kept as it came, gzipped
//   without its zeros (5 MB): a start restoring it unpacks it (13.6 MB) and
//   fills in the zeros (web/front/js/python.js). Kept unpacked in the cache
//   (31.5 MB), which spared a return visit the unpacking, it made WebKit's page
//   process grow through a whole game under a phone's limit until the page was
//   killed, and Chromium's peak by about 40 MB (docs/MEMORY.md,
//   docs/PERFORMANCE.md).
// - activate: deletes this site's caches of older versions. A new version
//   waits (no automatic skipWaiting) until no open page uses the old one, so
//   a page that is already open keeps its own files. A page may ask for the
//   switch with postMessage({type: "SKIP_WAITING"}) and then reload.
// - fetch: cache first, network as a fallback, a file's query ignored.
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
    })(),
  );
});

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
  // The site's files are named without a query: a query says how to use a file
  // (web/front/js/engine.js names Python's start with one), never which.
  url.search = "";
  if (request.mode === "navigate" && url.pathname.endsWith("/")) url.pathname += "index.html";
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
      if (!hit) return fetch(request);
      // A file asked for with a query is answered as a response of its own, so
      // that it keeps the URL it was asked by (a module's import.meta.url is its
      // response's: web/front/js/python.js reads its query there).
      if (new URL(request.url).search) {
        return new Response(hit.body, { status: hit.status, statusText: hit.statusText, headers: hit.headers });
      }
      return hit;
    })(),
  );
});
