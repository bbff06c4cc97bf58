// @ts-check
// The page's hooks: the points where a part loaded later (live play, in
// live/) joins in the page's own work. The page declares each one here and
// calls it itself, so that no part has to replace a page function to hear of
// it; a part registers with page.hooks (store.js) and takes itself off again.

/** @typedef {import("./generated/view.js").View} View */

/**
 * Every hook, by name: the functions registered with it (each once), called
 * in the order they were added.
 * @typedef {object} Hooks
 * @property {Set<(view: View) => void>} shown  after page.show() handed a view to the renderer: a click, a computer's move or a new game may have changed what live play must send the room
 */

/** @returns {Hooks} */
export function createHooks() {
  return { shown: new Set() };
}

/**
 * Tell a view's hooks it was shown.
 * @param {Hooks} hooks
 * @param {View} view
 */
export function shown(hooks, view) {
  for (const after of hooks.shown) after(view);
}
