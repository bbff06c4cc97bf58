// @ts-check
// The page's hooks: the points where a part loaded later (live play, in
// live/) joins in the page's own work. The page declares each one here and
// calls it itself, so that no part has to replace a page function to hear of
// it; a part registers with page.hooks (store.js) and takes itself off again.

/** @typedef {import("./generated/view.js").View} View */

/**
 * A button a part adds to the page's menu, after New game (live play's Play
 * again, on the room's device). The menu asks each entry at every redraw
 * whether it is shown and what it says (in the page's language then).
 * @typedef {object} MenuEntry
 * @property {() => boolean} shown   whether it is in the menu now
 * @property {() => string} text     its words now
 * @property {() => string} help     its tooltip now
 * @property {() => void} run        what a click on it does
 */

/**
 * Every hook, by name: the functions registered with it (each once), called
 * in the order they were added.
 * @typedef {object} Hooks
 * @property {Set<(view: View) => void>} shown  after page.show() handed a view to the renderer: a click, a computer's move or a new game may have changed what live play must send the room
 * @property {Map<string, MenuEntry>} menu  the menu's own entries, by their button's id, in the order added (frame.js draws them)
 */

/** @returns {Hooks} */
export function createHooks() {
  return { shown: new Set(), menu: new Map() };
}

/**
 * Tell a view's hooks it was shown.
 * @param {Hooks} hooks
 * @param {View} view
 */
export function shown(hooks, view) {
  for (const after of hooks.shown) after(view);
}

/**
 * The menu entries shown now, as the menu draws them: [id, words, tooltip].
 * @param {Hooks} hooks
 * @returns {[string, string, string][]}
 */
export function menuNow(hooks) {
  return [...hooks.menu].filter(([, entry]) => entry.shown()).map(([id, entry]) => [id, entry.text(), entry.help()]);
}
