// @ts-check
// A dedicated worker that only keeps time for live play: it posts an empty
// message every N milliseconds (N posted to it; 0 stops). Browsers slow a
// page's own timers down when it is in the background (Chromium: once a second,
// and once a minute after a while with no live connection; Firefox likewise),
// but not a dedicated worker's: the room's beats stay on time in another tab.

const scope = /** @type {{onmessage: ((event: MessageEvent) => void) | null, postMessage: (data: unknown) => void}} */ (
  /** @type {unknown} */ (globalThis)
);
let timer = 0;

/** @param {MessageEvent} event */
scope.onmessage = (event) => {
  clearInterval(timer);
  const ms = Number(event.data);
  if (ms > 0) timer = setInterval(() => scope.postMessage(0), ms);
};
