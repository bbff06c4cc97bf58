// @ts-check
// The room's beat: a function called every BEAT_MS, timed by a dedicated
// worker (beat.js). A page's own timers are slowed down in the background (to
// once a second, and in Chromium to once a minute after five minutes with no
// live connection), a dedicated worker's are not. Where no worker starts, the
// page's own timer.

const BEAT_MS = 1000;

/** The worker that times the beats (beat.js), once made; null where none can start. @type {Worker | null | undefined} */
let clock;
/** Which beat has the worker now (a newer one takes it over). */
let beating = 0;

/**
 * Call `tick` every BEAT_MS until the answer is called.
 * @param {() => void} tick
 * @returns {() => void} stops it
 */
export function beat(tick) {
  if (clock === undefined) {
    try {
      clock = new Worker(new URL("./beat.js", import.meta.url));
    } catch (error) {
      console.warn("Mykerinos: the live beat runs on the page's own timer", error);
      clock = null;
    }
  }
  const worker = clock;
  let fallback = 0;
  if (!worker) {
    fallback = window.setInterval(tick, BEAT_MS);
    return () => window.clearInterval(fallback);
  }
  const id = ++beating;
  worker.onmessage = () => tick();
  worker.onerror = () => {
    // beat.js did not load: the page's own timer, now and next time.
    clock = null;
    worker.onmessage = null;
    if (beating === id) fallback = window.setInterval(tick, BEAT_MS);
  };
  worker.postMessage(BEAT_MS);
  return () => {
    window.clearInterval(fallback);
    if (beating !== id) return; // a newer beat has the worker
    beating += 1;
    worker.onmessage = null;
    worker.onerror = null;
    worker.postMessage(0);
  };
}
