// @ts-check
// The page's state: one object, made at boot and handed to every module that
// needs it. Python owns the game; this is only what the page adds: the view on
// screen, the frame being prepared, what each part last drew, the hint and the
// computer players' progress. Three modules keep a little of their own, each
// keyed on what it serves so that nothing outlives it: panels.js the log lines
// each log element shows, review.js the analysis asked for each store, bots.js
// the callbacks waiting on its message channel.

/** @typedef {import("./generated/view.js").View} View */
/** @typedef {import("./generated/view.js").Marks} Marks */
/** @typedef {import("./generated/view.js").Hint} Hint */

/**
 * One computer move, measured in the page (for the benchmarks).
 * @typedef {object} BotStat
 * @property {string} level
 * @property {number} ms        request to answer
 * @property {string} stamp
 * @property {number} iterations
 * @property {number} searchMs  the time spent thinking in Python's slices
 * @property {number} at        when the request was made (performance.now())
 * @property {string} outcome   "held" for the pause, then "played" or "dropped" (the position was taken back)
 */

/**
 * What the computer players are doing.
 * @typedef {object} BotState
 * @property {boolean} thinking
 * @property {string | null} failed       text of the last failure (bots stop until "Try again")
 * @property {string | null} pending      stamp of the position the latest request is for
 * @property {BotStat[]} stats
 */

/**
 * The hint: {stamp, busy} while asking, {stamp, hint} once answered.
 * @typedef {{stamp: string | null, busy?: boolean, hint?: Hint}} HintState
 */

/**
 * @typedef {object} Store
 * @property {View | null} view     the view on screen
 * @property {View | null} queued   the view waiting for the next frame
 * @property {number} frame         the requested animation frame (0: none)
 * @property {number} draws         how many frames were drawn (body[data-drawn])
 * @property {Map<string, string>} drawn  what each part last drew (its slice, as JSON)
 * @property {boolean} tight        the region's and the museum's narrow geometry (phones)
 * @property {boolean} turned       the region drawn on its side (phones held sideways)
 * @property {boolean} explaining   "Explain" mode: a tap shows what a thing is
 * @property {string | null} python Python's version, for the footer
 * @property {HintState} hint
 * @property {{stamp: string | null, marks?: Marks}} recent  a computer's last move, outlined until the next change
 * @property {{game: number | null, lines: number}} spoken   log lines already read out
 * @property {BotState} bots
 * @property {Set<string>} said     notices said once per visit ("trouble": the device refused to save)
 * @property {boolean} starting     the saved board is on screen, the rules engine not yet running
 */

/**
 * What modules may ask of the page (wired in boot.js).
 * @typedef {object} Page
 * @property {Store} store
 * @property {(view: View) => void} show     draw this view on the next frame, then tell hooks.shown
 * @property {import("./hooks.js").Hooks} hooks  where a part loaded later joins in (hooks.js: live play)
 * @property {() => void} redraw             draw the newest view again (the page's own state changed)
 * @property {(text: string, kind?: "error" | "info") => void} notice  a line above the board
 * @property {() => void} botStatus          redraw the computer players' line now
 */

/**
 * @param {boolean} tight
 * @param {boolean} [turned]
 * @returns {Store}
 */
export function createStore(tight, turned = false) {
  return {
    view: null,
    queued: null,
    frame: 0,
    draws: 0,
    drawn: new Map(),
    tight,
    turned,
    explaining: false,
    python: null,
    hint: { stamp: null },
    recent: { stamp: null },
    spoken: { game: null, lines: 0 },
    bots: {
      thinking: false,
      failed: null,
      pending: null,
      stats: [],
    },
    said: new Set(),
    starting: false,
  };
}

/**
 * "<game>:<revision>": one position of one game.
 * @param {View | null} view
 */
export function stampOf(view) {
  return view ? view.stamp : "";
}

/**
 * The newest view: the one waiting for its frame, else the one on screen.
 * @param {Store} store
 */
export function latest(store) {
  return store.queued || store.view;
}

/**
 * The hint for this position, once answered.
 * @param {Store} store
 * @param {View} view
 * @returns {Hint | null}
 */
export function activeHint(store, view) {
  const { hint } = store;
  return hint.hint && hint.stamp === stampOf(view) ? hint.hint : null;
}

/**
 * What to mark on the board in this position: the hint, the computer's last move.
 * @param {Store} store
 * @param {View} view
 * @returns {{hint: Hint | null, recent: Marks | null}}
 */
export function marksOf(store, view) {
  const recent = store.recent.stamp === stampOf(view) ? store.recent.marks || null : null;
  // In a lesson, the next click's target is marked as a hint is.
  if (view.lesson && !view.lesson.done) return { hint: { ...view.lesson.marks, text: "" }, recent };
  return { hint: activeHint(store, view), recent };
}

/**
 * Whether marks include the thing of this kind and id.
 * @param {Marks | null} marks
 * @param {"cell" | "room" | "card" | "action"} kind
 * @param {string} id
 */
export function marked(marks, kind, id) {
  if (!marks) return false;
  if (kind === "cell") return marks.cells.includes(id);
  if (kind === "room") return marks.rooms.includes(id);
  if (kind === "card") return marks.cards.includes(id);
  return marks.key === id;
}
