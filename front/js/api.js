// @ts-check
// The bridge to Python: window.mykerinos, set by page/main.py once the rules
// engine runs. Every function answers JSON text; call() parses it.

/**
 * @typedef {object} PythonApi
 * @property {() => string} view
 * @property {(target: string) => string} click
 * @property {(names: string, seed: string | null, options: string) => string} newGame
 * @property {() => string} exportRecord
 * @property {(text: string) => string} importRecord
 * @property {(language: string) => string} startup
 * @property {(purpose: string) => string} think  start thinking on the position shown (page/thinking.py)
 * @property {(job: string, ms: string) => string} thinkStep  think on for about ms milliseconds
 * @property {(job: string) => string} stopThinking  abandon that job
 * @property {(move: string, stamp: string) => string} playBotMove
 * @property {(code: string) => string} setLanguage
 * @property {(target: string) => string} review
 * @property {() => string} sync          another tab wrote the game: look again -> view
 * @property {() => string} continueHere  keep this tab's version as a new game -> view
 * @property {() => string} follow        take the game as another tab left it -> view
 * @property {() => string} shareLink     {ok, code} the game as a link's fragment (page/share.py)
 * @property {(fragment: string, confirmed: string) => string} openLink  open the game of a fragment
 * @property {(remembered: string | null) => string} linkSeat  the visitor's seat in a linked game
 * @property {(seat: string | null) => string} linkNote  whose turn it is, said to that seat
 * @property {(name: string) => string} dailyGame  start today's deal -> view
 * @property {() => string} endInfo       what the end screen adds (today's deal's result)
 * @property {(id: string) => string} lessonStart  start a lesson of the guided first game -> view (page/course.py)
 * @property {() => string} lessonView    the lesson's view
 * @property {() => string} lessonUndo    back one step -> view
 * @property {() => string} lessonRestart back to the lesson's first step -> view
 * @property {() => string} lessonExit    leave the lessons -> {view, newGame}
 * @property {() => string} lessonFirstGame  leave them for a first game against two easy computers -> view
 * @property {boolean} ready
 */

/**
 * What the page exposes for page/main.py and for measurements.
 * @typedef {object} PageApi
 * @property {() => boolean} boot
 * @property {(view: import("./generated/view.js").View) => void} draw
 * @property {() => {level: string, ms: number, iterations: number, searchMs: number}[]} botStats
 */

/**
 * @typedef {Window & typeof globalThis & {mykerinos?: PythonApi, mykerinosUI?: PageApi}} PageWindow
 */

export const page = /** @type {PageWindow} */ (window);

/** @returns {PythonApi | undefined} the engine's functions, once Python has started */
export function api() {
  return page.mykerinos;
}

/**
 * Call a Python function and parse its JSON answer.
 * @param {Exclude<keyof PythonApi, "ready" | "exportRecord">} name
 * @param {...(string | null)} args
 * @returns {any}
 */
export function call(name, ...args) {
  const python = api();
  if (!python) throw new Error("the rules engine has not started");
  const fn = /** @type {(...a: (string | null)[]) => string} */ (python[name]);
  return JSON.parse(fn(...args));
}

/** @returns {string} the game record (JSON text) */
export function exportRecord() {
  const python = api();
  if (!python) throw new Error("the rules engine has not started");
  return python.exportRecord();
}
