// @ts-check
// A word to each other at a live table: the message line under the seat list,
// its log of lines said (a polite live region: screen readers hear each new
// line), a few ready phrases, and why a line was not said. Built once per
// panel and never redrawn, so that typing is not interrupted by the room's
// news. A line is text, never markup: it is shown with textContent only, and
// Python (web/page/live/chat.py) has cleaned and limited it. What a line does
// (ask the room to say it) is the caller's.

import { t } from "../i18n.js";
import { h } from "../dom.js";

/** @typedef {import("./calls.js").LiveInfo} LiveInfo */
/** @typedef {import("./calls.js").LiveChat} LiveChat */
/** @typedef {(text: string, phrase: string) => void} Say */

/** The longest line (web/page/live/chat.py's MAX_CHAT). */
const MAX_CHAT = 200;
/** Lines shown (chat.py's KEEP). */
const KEEP = 50;
/** The ready phrases' ids (chat.py's PHRASES) and their words. */
const PHRASES = [
  ["your_turn", "live.phrase_your_turn"],
  ["good_move", "live.phrase_good_move"],
  ["one_minute", "live.phrase_one_minute"],
  ["thanks", "live.phrase_thanks"],
];

/** Every line said since live play started on this page (a new panel shows them again). @type {LiveChat[]} */
const heard = [];

/**
 * One line of the log: who said it, then what, as text.
 * @param {LiveChat} line
 */
function lineOf(line) {
  return h(
    "li",
    { class: line.mine ? "mine" : null },
    h("span", { class: "live-who", text: line.who }),
    ": ",
    h("span", { class: "live-said", text: line.text }),
  );
}

/**
 * The message line (made once, then kept in the panel as it is).
 * @param {Say} say
 */
export function chatBox(say) {
  // The log scrolls: it takes the keyboard's focus, to be scrolled by keys too.
  const log = h(
    "div",
    {
      id: "live-chat-log",
      class: "live-chat-log",
      role: "log",
      "aria-live": "polite",
      "aria-labelledby": "live-chat-title",
      tabindex: "0",
      hidden: heard.length === 0,
    },
    h("ol", {}, ...heard.map(lineOf)),
  );
  const field = /** @type {HTMLInputElement} */ (
    h("input", {
      id: "live-chat-text",
      type: "text",
      maxlength: String(MAX_CHAT),
      autocomplete: "off",
      enterkeyhint: "send",
    })
  );
  const phrases = h(
    "div",
    { class: "live-phrases", role: "group", "aria-label": t("live.phrases") },
    ...PHRASES.map(([id, key]) =>
      h("button", { type: "button", class: "secondary", "data-phrase": id, text: t(key), onclick: () => say("", id) }),
    ),
  );
  const form = h(
    "form",
    { id: "live-chat-form", class: "live-chat-form" },
    h("label", { for: "live-chat-text", text: t("live.chat_label") }),
    h(
      "div",
      { class: "live-chat-row" },
      field,
      h("button", { type: "submit", id: "live-chat-send", class: "primary", text: t("live.chat_send") }),
    ),
    phrases,
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = field.value;
    if (!text.trim()) return;
    field.value = "";
    say(text, "");
  });
  return h(
    "section",
    { id: "live-chat", class: "live-chat", "aria-labelledby": "live-chat-title" },
    h("h3", { id: "live-chat-title", text: t("live.chat_title") }),
    log,
    h("p", { id: "live-chat-watching", class: "small", text: t("live.chat_watching"), hidden: true }),
    form,
    h("p", { id: "live-chat-note", class: "small", role: "status" }),
  );
}

/**
 * What the room's news says of the message line: new lines at the end of the
 * log (the oldest dropped past KEEP), the form for a device that may write
 * (a watcher reads only), why the last line was not said.
 * @param {HTMLElement} box  chatBox()'s
 * @param {LiveInfo} info
 */
export function drawChat(box, info) {
  const log = /** @type {HTMLElement | null} */ (box.querySelector("#live-chat-log"));
  const list = log?.querySelector("ol");
  if (log && list && info.chat.length) {
    heard.push(...info.chat);
    heard.splice(0, Math.max(0, heard.length - KEEP));
    list.append(...info.chat.map(lineOf));
    while (list.children.length > KEEP) list.firstElementChild?.remove();
    log.hidden = false;
    log.scrollTop = log.scrollHeight;
  }
  const form = /** @type {HTMLElement | null} */ (box.querySelector("#live-chat-form"));
  const watching = /** @type {HTMLElement | null} */ (box.querySelector("#live-chat-watching"));
  if (form) form.hidden = !info.can_chat;
  if (watching) watching.hidden = info.can_chat;
  const note = box.querySelector("#live-chat-note");
  if (note && info.chat_note !== null) note.textContent = info.chat_note;
  else if (note && info.chat.some((line) => line.mine)) note.textContent = "";
}
