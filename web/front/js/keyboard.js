// @ts-check
// Playing without a mouse. This module only moves focus and turns keys into
// the same targets a click sends (it knows no rules: what is legal is what
// the view highlights, class "hl").
//
// Tab stops (roving tabindex: one element of each group has tabindex 0, the
// others -1, and the arrow keys move inside the group; see keynav.js):
// - the action bar (role=toolbar): Left/Right, Home/End between its buttons;
// - the region: every cell of the grid, including the cells lying on Nile
//   cards; Left/Right/Up/Down move one cell and stop at the edges, Home/End
//   go to the ends of the row, Ctrl+Home/Ctrl+End to the first and last
//   cell. During a survey the region's stops are its cards (parcel and Nile
//   cards), the arrows going to the nearest card that way;
// - the museum: its rooms as a ring. Left/Right go around it (Right is
//   clockwise: wing 1's rooms, the 2-room after it, wing 2's rooms...), Up
//   goes to a wing's outer (5-)room, Down to its inner (3-)room; passing a
//   2-room keeps the level one was on.
// Enter or Space chooses the focused cell, room or card, legal or not (a
// refused one gets the engine's message, as a click does). Escape cancels a
// move being built. Keys typed in a dialog or a form field are left alone.
//
// Focus survives every redraw: the renderer calls beforeDraw() first and
// afterDraw() once the page is drawn again. After a choice made with the
// keyboard, focus goes where the next decision is: the first highlighted cell
// or room after an action, the nearest highlighted cell after a cube of a
// chain, the first action button but Pass (or the highlighted cards of a
// survey) once the move is played; while computer players move it waits on
// the turn panel.

import { t } from "./i18n.js";
import { ACTION, CANCEL, target } from "./generated/shared.js";
import {
  $$,
  byId,
  CARD_ITEMS,
  CELL_ITEMS,
  cardOrder,
  isHl,
  moveCard,
  moveCell,
  moveRoom,
  moveTool,
  nearestCell,
  readingOrder,
  regionItems,
  remember,
  ROOM_ITEMS,
  setStops,
  surveying,
  TOOL_ITEMS,
  toolItems,
} from "./keynav.js";

/** @typedef {import("./generated/view.js").View} View */
/** @typedef {import("./keynav.js").Roving} Roving */

/**
 * Where focus was before a redraw.
 * @typedef {{id: string, target: string | null, zone: string | null}} Snapshot
 */

/**
 * The last choice made, until the redraw it causes.
 * @typedef {{target: string, id: string, zone: string | null, revision: number | null, game: number | null}} Activation
 */

/**
 * @typedef {object} KeyState
 * @property {(target: string) => void} activate   plays a target as a click does
 * @property {View | null} lastView
 * @property {"keyboard" | "pointer"} modality   "keyboard" after a key press, "pointer" after a click or tap
 * @property {Activation | null} activation
 * @property {Snapshot | {turn: true} | null} pending  focus to put back once possible
 * @property {boolean} swallowSpace
 * @property {Roving} rov
 */

/** @param {Element | null} el */
function zoneOf(el) {
  if (!el || !(el instanceof Element)) return null;
  if (el.closest("#region")) return "region";
  if (el.closest("#museum")) return "museum";
  if (el.closest("#status .actions")) return "toolbar";
  if (el.closest("#end-screen")) return "end";
  if (el.closest("#turn")) return "turn";
  return null;
}

/** @param {Element | null} el */
function isItem(el) {
  if (!el || !(el instanceof Element)) return false;
  return el.matches(ROOM_ITEMS) || el.matches(surveying() ? CARD_ITEMS : CELL_ITEMS);
}

/**
 * The target a choice of el sends (cards that cannot be taken say it in data-choice).
 * @param {HTMLElement} el
 */
function targetOf(el) {
  return el.dataset.target || el.dataset.choice || null;
}

function dialogOpen() {
  return !!document.querySelector("dialog[open]");
}

/** @param {EventTarget | null} el */
function inField(el) {
  return el instanceof Element && !!el.closest("input, select, textarea, [contenteditable], dialog");
}

/**
 * @param {HTMLElement | null} el
 * @param {boolean} scroll
 */
function focusOn(el, scroll) {
  if (!el) return false;
  // Focusing the focused element changes nothing, but makes the browser work
  // out the page's style in the middle of the frame.
  if (document.activeElement === el) return true;
  el.focus({ preventScroll: !scroll });
  return document.activeElement === el;
}

// Every cell (or card) and room can take focus and says whether it can be
// chosen now; the groups say how to move in them.
function prepare() {
  const cards = surveying();
  // Only what differs is written: an attribute set, even to its own value, makes
  // the browser look at the element's style again (setStops sets tabindex).
  for (const el of [...regionItems(), ...$$(ROOM_ITEMS)]) {
    if (!el.hasAttribute("tabindex")) el.tabIndex = -1;
    if (!el.getAttribute("role")) el.setAttribute("role", "button");
    if (isHl(el)) {
      if (el.hasAttribute("aria-disabled")) el.removeAttribute("aria-disabled");
    } else if (el.getAttribute("aria-disabled") !== "true") el.setAttribute("aria-disabled", "true");
    if (!el.hasAttribute("aria-label")) {
      const title = el.querySelector(":scope > title");
      if (title) el.setAttribute("aria-label", title.textContent || "");
    }
  }
  describe("#region", "#region-box", "kbd-help-region", t(cards ? "kbd.cards_help" : "kbd.region_help"));
  describe("#museum", "#museum-box", "kbd-help-museum", t("kbd.museum_help"));
  describe("#status .actions", "#status", "kbd-help-actions", t("kbd.actions_help"));
}

/**
 * A hidden description of the keys for a group, placed after the box the
 * group is drawn into (`outside`): a box's drawing is morphed into what the
 * view says, which would take out anything else put in it, and put it back
 * every frame.
 * @param {string} selector
 * @param {string} outside
 * @param {string} id
 * @param {string} text
 */
function describe(selector, outside, id, text) {
  const group = document.querySelector(selector);
  const box = document.querySelector(outside);
  if (!group || !box) return;
  let help = byId(id);
  if (!help?.isConnected || help.previousElementSibling !== box) {
    if (help) help.remove();
    help = document.createElement("span");
    help.id = id;
    help.className = "sr-only";
    box.after(help);
  }
  if (help.textContent !== text) help.textContent = text;
  if (group.getAttribute("aria-describedby") !== id) group.setAttribute("aria-describedby", id);
}

function park() {
  const turn = byId("turn");
  if (!turn) return null;
  if (!turn.hasAttribute("tabindex")) turn.tabIndex = -1;
  return turn;
}

/**
 * @param {HTMLElement[]} items
 * @param {((a: Element, b: Element) => number) | null} sort
 */
function firstHl(items, sort) {
  const hl = items.filter(isHl);
  return hl.length ? (sort ? hl.sort(sort)[0] : hl[0]) : null;
}

/**
 * Where a turn starts: the end screen, the action bar, a survey's cards or
 * rooms; null when nobody here has to decide (a computer is to move).
 * @param {View} view
 * @param {Roving} rov
 * @returns {HTMLElement | null}
 */
function turnStart(view, rov) {
  const mark = lessonMark();
  if (mark) return mark;
  if (view.final)
    return document.querySelector("#end-screen .table-wrap") || document.querySelector("#end-screen button");
  // The first action but Pass, so that an Enter pressed at once never ends
  // a player's season by accident.
  const actions = $$("#status .actions button.action:not([disabled])");
  const action = actions.find((b) => b.dataset.target !== target(ACTION, "pass")) || actions[0];
  if (action) return action;
  if (surveying()) {
    const remembered = byId(rov.card);
    if (isHl(remembered)) return remembered;
    const card = firstHl(regionItems(), cardOrder);
    if (card) return card;
  }
  return firstHl($$(ROOM_ITEMS), null) || firstHl(regionItems(), surveying() ? cardOrder : readingOrder);
}

/**
 * In a lesson, the next click's target that the page marks (web/front/js/lesson.js).
 * @returns {HTMLElement | null}
 */
function lessonMark() {
  const mark = document.querySelector("body[data-lesson] #app [data-target].hint");
  return mark instanceof HTMLElement || mark instanceof SVGElement ? /** @type {HTMLElement} */ (mark) : null;
}

/**
 * Where the next part of a move being built is chosen.
 * @param {Snapshot} before
 * @param {Activation} act
 * @returns {HTMLElement | null}
 */
function nextStep(before, act) {
  const mark = lessonMark();
  if (mark) return mark;
  const same = byId(before.id);
  if (isItem(same) && isHl(same)) return same;
  const cells = surveying() ? [] : regionItems().filter(isHl);
  const rooms = $$(ROOM_ITEMS).filter(isHl);
  if (act.zone === "region" && cells.length) {
    const from = byId(act.id);
    return nearestCell(from?.matches(CELL_ITEMS) ? from : null, cells);
  }
  if (act.zone === "museum" && rooms.length) return rooms[0];
  if (cells.length) return cells.sort(readingOrder)[0];
  if (rooms.length) return rooms[0];
  return document.querySelector("#status .actions button.selected") || toolItems()[0] || null;
}

/**
 * The element that had focus, found again in the new drawing.
 * @param {Snapshot} before
 */
function refind(before) {
  let el = byId(before.id);
  if (!el && before.target) {
    el = $$("[data-target]").find((e) => e.dataset.target === before.target) || null;
  }
  if (!el || /** @type {HTMLButtonElement} */ (el).disabled) return null;
  return el;
}

/**
 * Where focus is, before the page is drawn again.
 * @returns {Snapshot}
 */
export function beforeDraw() {
  const el = document.activeElement;
  if (!el || el === document.body || !(el instanceof HTMLElement || el instanceof SVGElement))
    return { id: "", target: null, zone: null };
  return { id: el.id || "", target: el.dataset.target || null, zone: zoneOf(el) };
}

/**
 * Put focus where it belongs once the view is drawn.
 * @param {KeyState} kb
 * @param {Snapshot} before
 * @param {View} view
 */
export function afterDraw(kb, before, view) {
  const previous = kb.lastView;
  kb.lastView = view;
  prepare();
  const act = kb.activation;
  kb.activation = null;
  const active = /** @type {HTMLElement | null} */ (document.activeElement);
  const turn = byId("turn");
  const lost = !active || active === document.body || !active.isConnected;
  const idle = lost || active === turn;
  /** @type {HTMLElement | "park" | null} */
  let goal = null;
  let scroll = true;
  if (kb.modality === "keyboard" && !dialogOpen()) {
    if (act && previous && act.game === view.game) {
      kb.pending = null;
      if (view.revision !== act.revision) goal = turnStart(view, kb.rov) || "park";
      else if (view.message) goal = refind(before);
      else if (view.building) goal = nextStep(before, act);
      else goal = turnStart(view, kb.rov) || "park";
    } else if (previous && previous.game !== view.game && (idle || zoneOf(active) === null)) {
      goal = turnStart(view, kb.rov) || "park";
    } else if (kb.pending && idle) {
      goal = "turn" in kb.pending ? turnStart(view, kb.rov) : refind(kb.pending);
      if (!goal) goal = "park";
    }
  }
  if (!goal && idle && before.zone) {
    goal = refind(before);
    scroll = false;
    if (!goal) {
      kb.pending = before;
      goal = "park";
    }
  }
  if (goal === "park") {
    if (!kb.pending) kb.pending = { turn: true };
    focusOn(park(), false);
  } else if (goal) {
    kb.pending = null;
    focusOn(goal, scroll);
  } else if (!idle) {
    kb.pending = null;
  }
  setStops(kb.rov);
}

/**
 * @param {KeyState} kb
 * @param {string} target
 * @param {Element | null} el
 */
function record(kb, target, el) {
  const view = kb.lastView;
  kb.activation = {
    target,
    id: el ? el.id : "",
    zone: zoneOf(el),
    revision: view ? view.revision : null,
    game: view ? view.game : null,
  };
}

/**
 * @param {KeyState} kb
 * @param {KeyboardEvent} event
 */
function onKeyDown(kb, event) {
  if (!["Shift", "Control", "Alt", "Meta"].includes(event.key)) kb.modality = "keyboard";
  if (event.defaultPrevented || event.altKey || event.metaKey) return;
  if (dialogOpen() || inField(event.target)) return;
  const el = event.target;
  if (event.key === "Escape") {
    if (kb.lastView?.can_cancel) {
      event.preventDefault();
      record(kb, CANCEL, el instanceof Element ? el : null);
      kb.activate(CANCEL);
    }
    return;
  }
  if (!(el instanceof HTMLElement || el instanceof SVGElement)) return;
  const item = /** @type {HTMLElement} */ (el);
  if (isItem(item)) {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (event.repeat) return;
      if (event.key === " ") kb.swallowSpace = true;
      const target = targetOf(item);
      if (!target) return;
      record(kb, target, item);
      kb.activate(target);
      return;
    }
    let next = null;
    if (item.matches(ROOM_ITEMS)) next = moveRoom(item, event.key, kb.rov);
    else if (item.matches(CELL_ITEMS)) next = moveCell(item, event.key, event.ctrlKey);
    else next = moveCard(item, event.key, regionItems());
    if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(event.key)) {
      event.preventDefault();
      if (next) focusOn(next, true);
    }
    return;
  }
  if (item.matches(TOOL_ITEMS) && ["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) {
    event.preventDefault();
    const next = moveTool(item, event.key);
    if (next) focusOn(next, true);
  }
}

/**
 * Installed once; activate(target) plays a target as a click does.
 * @param {(target: string) => void} activate
 * @returns {KeyState}
 */
export function installKeyboard(activate) {
  /** @type {KeyState} */
  const kb = {
    activate,
    lastView: null,
    modality: "pointer",
    activation: null,
    pending: null,
    swallowSpace: false,
    rov: { cell: null, card: null, room: null, tool: null, part: "inner" },
  };
  document.addEventListener("keydown", (event) => onKeyDown(kb, event));
  document.addEventListener(
    "keyup",
    (event) => {
      // A Space that chose a cell must not also press the button focus moved to.
      if (kb.swallowSpace && event.key === " ") {
        kb.swallowSpace = false;
        event.preventDefault();
      }
    },
    true,
  );
  document.addEventListener("focusin", (event) => {
    const el = event.target;
    if (!(el instanceof HTMLElement || el instanceof SVGElement)) return;
    const item = /** @type {HTMLElement} */ (el);
    if (isItem(item) || item.matches(TOOL_ITEMS)) {
      remember(item, kb.rov);
      setStops(kb.rov);
    }
  });
  document.addEventListener(
    "click",
    (event) => {
      const el = event.target instanceof Element ? event.target.closest("[data-target]") : null;
      if (el instanceof HTMLElement || el instanceof SVGElement)
        record(kb, /** @type {string} */ (el.dataset.target), el);
    },
    true,
  );
  document.addEventListener(
    "pointerdown",
    () => {
      kb.modality = "pointer";
    },
    true,
  );
  return kb;
}
