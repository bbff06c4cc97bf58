// @ts-check
// Help for every element: tooltips say what a thing is and what it allows
// now; the same words appear in #details for the element with keyboard focus
// or, in "Explain" mode, for a tapped one (touch screens have no hover).
// Also: the moves read out to screen readers, the footer, the language switch.

import { t, language, languages } from "./i18n.js";
import { $, h } from "./dom.js";

/** @typedef {import("./generated/view.js").View} View */
/** @typedef {import("./store.js").Store} Store */

/**
 * An element's own tooltip: its SVG <title>, or its title attribute.
 * @param {Element} el
 */
function ownTip(el) {
  const title = el.querySelector(":scope > title");
  return title ? title.textContent || "" : el.getAttribute("title") || "";
}

/** @param {Element | null} el */
function tipOf(el) {
  return el ? ownTip(el) || el.getAttribute("aria-label") || "" : "";
}

/**
 * The nearest element (from el up) that has a tooltip.
 * @param {Element | null} el
 */
export function withTip(el) {
  for (let node = el; node && node.id !== "app"; node = node.parentElement) {
    if (ownTip(node)) return node;
  }
  return null;
}

/** @param {string} text */
function showDetails(text) {
  const box = $("#details");
  if (!box) return;
  box.textContent = text || "";
  box.hidden = !text;
}

/**
 * Show what el is, in #details.
 * @param {Element | null} el
 */
export function explain(el) {
  showDetails(tipOf(el));
}

/**
 * Keyboard focus on a board element shows its help.
 * @param {FocusEvent} event
 */
export function onFocusExplain(event) {
  const el = event.target;
  const app = $("#app");
  if (!(el instanceof Element) || !app?.contains(el)) return;
  // Board things only: buttons show their help already. Keyboard focus only: a
  // press of the mouse or a finger focuses too, and a line appearing above the
  // board then would move the board before the press ends (the tap is lost).
  if (!el.matches(":focus-visible")) return;
  const target = el.closest("[data-target]");
  if (target && target.tagName !== "BUTTON") {
    const tip = tipOf(target);
    if (tip) showDetails(tip);
  }
}

/**
 * The Explain button.
 * @param {Store} store
 */
export function toggleExplain(store) {
  store.explaining = !store.explaining;
  const button = $("#explain");
  if (button) button.setAttribute("aria-pressed", String(store.explaining));
  document.body.classList.toggle("explaining", store.explaining);
  showDetails(store.explaining ? t("explain.on") : "");
}

/**
 * The language switch (each language under its own name).
 * @param {(code: string) => void} change
 */
export function languageSwitch(change) {
  const names = languages();
  const select = h(
    "select",
    { id: "language", "aria-label": t("menu.language"), title: t("menu.language") },
    ...Object.entries(names).map(([code, name]) =>
      h("option", { value: code, lang: code, text: name, selected: code === language() }),
    ),
  );
  select.addEventListener("change", () => change(select.value));
  return select;
}

/**
 * The engine's version, at the bottom.
 * @param {Store} store
 */
export function drawFooter(store) {
  const footer = $("#footer");
  if (footer) footer.textContent = store.python ? t("footer.engine", { version: store.python }) : "";
}

/**
 * Each move, read out once by screen readers (the log itself stays quiet).
 * @param {Store} store
 * @param {View} view
 */
export function announce(store, view) {
  const box = $("#announce");
  if (!box) return;
  const lines = view.log || [];
  const spoken = store.spoken;
  if (spoken.game !== view.game || lines.length < spoken.lines) {
    store.spoken = { game: view.game, lines: lines.length }; // new game, undo or import: silence
    return;
  }
  const fresh = lines.slice(spoken.lines);
  spoken.lines = lines.length;
  if (!fresh.length) return;
  if (!view.final && !view.bot_to_move && view.prompt) fresh.push(view.prompt);
  box.textContent = fresh.join(" ");
}
