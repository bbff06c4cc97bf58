// @ts-check
// Running work later without holding up what the browser has waiting: a task
// of its own (after the input and the drawing already queued), or after the
// next frame is painted, or when the browser is idle.

const channel = new MessageChannel();
/** @type {(() => void)[]} */
const waiting = [];
channel.port1.onmessage = () => waiting.shift()?.();

/**
 * Resolve in a task of its own, after the input and drawing the browser has
 * waiting (a message, not a timer: timers in a row are slowed to 4 ms).
 * @returns {Promise<void>}
 */
export function nextTask() {
  return new Promise((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });
}

/**
 * Run `then` once the next frame is painted (a task posted from the frame's
 * own callback runs after its rendering); in a task of its own in a hidden
 * page, which paints no frames.
 * @param {() => void} then
 */
export function afterPaint(then) {
  if (document.visibilityState !== "visible") nextTask().then(then);
  else requestAnimationFrame(() => nextTask().then(then));
}

/**
 * Run `then` when the browser has nothing else to do (within a second at
 * most); after a short timer where there is no requestIdleCallback (WebKit).
 * @param {() => void} then
 */
export function whenIdle(then) {
  if (typeof requestIdleCallback === "function") requestIdleCallback(then, { timeout: 1000 });
  else setTimeout(then, 200);
}
