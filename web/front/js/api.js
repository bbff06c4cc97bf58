// @ts-check
// The page's window: window.mykerinos, set by web/page/main.py once the rules
// engine runs (every call goes through web/front/js/generated/bridge.js), and
// window.mykerinosUI, which the page sets for web/page/main.py and the benches,
// and window.mykerinosPainted, once the board saved on this device is painted
// (or there was none), which web/front/js/python.js waits for on a return visit.

/**
 * What web/page/main.py sets: one function serving every call of web/page/bridge.py.
 * @typedef {object} PythonApi
 * @property {(name: string, args: string) => string} call
 * @property {boolean} ready
 */

/**
 * What the page exposes for web/page/main.py and for measurements.
 * @typedef {object} PageApi
 * @property {() => boolean} boot
 * @property {(view: import("./generated/view.js").View) => void} draw
 * @property {() => {level: string, ms: number, iterations: number, searchMs: number}[]} botStats
 */

/**
 * @typedef {Window & typeof globalThis & {mykerinos?: PythonApi, mykerinosUI?: PageApi, mykerinosPainted?: boolean}} PageWindow
 */

export const page = /** @type {PageWindow} */ (window);

/** @returns {PythonApi | undefined} the engine's function, once Python has started */
export function api() {
  return page.mykerinos;
}
