// @ts-check
// The page's window: window.mykerinos, set by web/front/js/engine.js once the
// rules engine runs in its worker (every call goes through
// web/front/js/generated/bridge.js, and answers a promise), and
// window.mykerinosUI, which the page sets for the tests and the benches, and
// window.mykerinosPainted, once the board saved on this device is painted (or
// there was none).

/**
 * What web/front/js/engine.js sets: one function serving every call of web/page/bridge.py.
 * @typedef {object} PythonApi
 * @property {(name: string, args: string) => Promise<string>} call
 * @property {boolean} ready
 */

/**
 * What the page exposes for measurements.
 * @typedef {object} PageApi
 * @property {(view: import("./generated/view.js").View) => void} draw
 * @property {() => {level: string, ms: number, iterations: number, searchMs: number, at: number, outcome: string}[]} botStats
 */

/**
 * @typedef {Window & typeof globalThis & {mykerinos?: PythonApi, mykerinosUI?: PageApi, mykerinosPainted?: boolean}} PageWindow
 */

export const page = /** @type {PageWindow} */ (window);

/** @returns {PythonApi | undefined} the engine's function, once Python has started */
export function api() {
  return page.mykerinos;
}
