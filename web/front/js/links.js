// @ts-check
// Play by link and today's deal. The Share dialog shows a URL whose fragment
// ("#g=...") carries the whole game (web/page/share.py writes it): copy it, or hand
// it to the system's share sheet. Opening such a URL (at start-up, or a new
// fragment in an open page) asks Python what the link holds and how it stands
// to the saved game, asks the person when a game could be lost, asks which
// seat is theirs (remembered on this device for that game) and says whose turn
// it is. Nothing here knows a rule or the link's format.

import { t } from "./i18n.js";
import { call } from "./generated/bridge.js";
import { KEY_SEAT, LINK_MARK, WATCH } from "./generated/shared.js";
import { h } from "./dom.js";
import { load, store } from "./saves.js";

/** @typedef {import("./store.js").Page} Page */
/** @typedef {import("./generated/view.js").View} View */

// The visitor's seat in a linked game: "mykerinos:<site path>:seat:<game>"
// (web/front/js/saves.js). Earlier releases kept it under the page's full path.
/** @param {string} key */
const seatKey = (key) => `${KEY_SEAT}${key}`;
/** @param {string} key */
const legacySeatKey = (key) => `mykerinos.seat:${location.pathname}:${key}`;

/** @param {string} key */
function recall(key) {
  return load(seatKey(key), legacySeatKey(key));
}

/**
 * @param {string} key
 * @param {number | null} seat
 */
function remember(key, seat) {
  // Refused (private mode): the page asks again next time.
  store(seatKey(key), seat === null ? WATCH : String(seat));
}

/** @param {string} code  "g=..." */
export const linkUrl = (code) => `${location.origin}${location.pathname}${location.search}#${code}`;

/** Take the game out of the address bar once handled (a reload then resumes the save). */
function clearFragment() {
  history.replaceState(history.state, "", location.pathname + location.search);
}

/** Whether the address holds a game (the page then skips the new-game dialog). */
export function hasLink() {
  return location.hash.startsWith(LINK_MARK);
}

/**
 * A small modal dialog made for one question, removed when closed.
 * @param {string} id
 * @param {string} title
 * @param {(Node | null)[]} body
 * @returns {HTMLDialogElement}
 */
export function modal(id, title, body) {
  document.getElementById(id)?.remove();
  const dialog = h(
    "dialog",
    { id, "aria-labelledby": `${id}-title` },
    h("h2", { id: `${id}-title`, text: title }),
    ...body,
  );
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  return dialog;
}

/**
 * Show a link in a dialog with Copy (and Send where the browser can share).
 * @param {string} url
 * @param {string} text   said above the link
 */
export function showLink(url, text) {
  const field = h("input", { id: "share-url", type: "text", readonly: true, "aria-label": t("share.title") });
  field.value = url;
  const status = h("p", { id: "share-status", class: "small", role: "status" });
  const copy = h("button", {
    type: "button",
    id: "share-copy",
    class: "primary",
    text: t("share.copy"),
    onclick: () => {
      field.select();
      const done = () => {
        status.textContent = t("share.copied");
      };
      const failed = () => {
        status.textContent = t("share.copy_failed");
      };
      if (navigator.clipboard) navigator.clipboard.writeText(url).then(done, failed);
      else failed();
    },
  });
  const send =
    typeof navigator.share === "function"
      ? h("button", {
          type: "button",
          id: "share-send",
          class: "secondary",
          text: t("share.send"),
          onclick: () => {
            navigator.share({ title: "Mykerinos", text, url }).catch(() => {});
          },
        })
      : null;
  const dialog = modal("share-dialog", t("share.title"), [
    h("p", { id: "share-text", text }),
    field,
    status,
    h(
      "div",
      { class: "buttons" },
      send,
      copy,
      h("button", {
        type: "button",
        id: "share-close",
        class: "secondary",
        text: t("button.close"),
        onclick: () => dialog.close(),
      }),
    ),
  ]);
  field.focus();
  field.select();
}

/**
 * The Share button: the current game as a link.
 * @param {Page} page
 */
export async function shareGame(page) {
  const answer = await call("shareLink");
  if (!answer.ok || answer.code === undefined) {
    page.notice(answer.error || "");
    return;
  }
  showLink(linkUrl(answer.code), t("share.text"));
}

/**
 * Say whose turn it is, once the visitor's seat is known.
 * @param {Page} page
 * @param {string} note
 */
function sayTurn(page, note) {
  page.notice(note, "info");
  document.body.dataset.linkTurn = note;
}

/**
 * Which seat is the visitor's: remembered, the only person's, or asked.
 * @param {Page} page
 * @param {string} key
 */
async function chooseSeat(page, key) {
  const answer = await call("linkSeat", recall(key));
  if (!answer.ask) {
    sayTurn(page, answer.note);
    return;
  }
  /** @param {number | null} seat */
  const pick = async (seat) => {
    remember(key, seat);
    dialog.close();
    sayTurn(page, await call("linkNote", seat === null ? null : String(seat)));
  };
  const dialog = modal("seat-dialog", t("link.seat_title"), [
    h("p", { text: t("link.seat_text") }),
    h(
      "div",
      { class: "buttons seat-buttons" },
      ...answer.people.map((p) =>
        h("button", {
          type: "button",
          class: "primary",
          "data-seat": p.seat,
          text: p.name,
          onclick: () => pick(p.seat),
        }),
      ),
      h("button", {
        type: "button",
        class: "secondary",
        "data-seat": WATCH,
        text: t("link.watch"),
        onclick: () => pick(null),
      }),
    ),
  ]);
}

/**
 * Open the game in the address's fragment, if there is one.
 * @param {Page} page
 * @param {boolean} [confirmed]  the person agreed to replace the game on screen
 * @returns {Promise<boolean>} whether the fragment held a link
 */
export async function openLink(page, confirmed = false) {
  const answer = await call("openLink", location.hash, confirmed);
  if (answer.status === "none") return false;
  if (answer.status === "error") {
    clearFragment();
    page.notice(`${answer.error} ${t("msg.unchanged")}`);
    document.body.dataset.linkTurn = "";
    return true;
  }
  if (answer.question) {
    const keep = () => {
      clearFragment();
      dialog.close();
      page.notice(t("link.kept"), "info");
    };
    const dialog = modal("link-dialog", t("menu.share"), [
      h("p", { id: "link-question", text: answer.question }),
      h(
        "div",
        { class: "buttons" },
        h("button", { type: "button", id: "link-keep", class: "secondary", text: t("link.keep"), onclick: keep }),
        h("button", {
          type: "button",
          id: "link-open",
          class: "primary",
          text: t("link.open"),
          onclick: () => {
            dialog.close();
            openLink(page, true);
          },
        }),
      ),
    ]);
    dialog.addEventListener("cancel", () => keep());
    return true;
  }
  clearFragment();
  if (answer.view) page.show(answer.view);
  if (answer.key) chooseSeat(page, answer.key);
  return true;
}

/**
 * Start today's deal (from the new-game dialog).
 * @param {Page} page
 * @param {string} name  the visitor's name ("" for the default)
 */
export async function startDaily(page, name) {
  page.show(await call("dailyGame", name));
}

/**
 * The end screen's line for a daily deal: the score and a link to the deal.
 * Drawn empty and hidden, filled once Python has answered (a game that is
 * not today's deal leaves it so).
 * @returns {HTMLElement}
 */
export function dailyEnd() {
  const line = h("p", { id: "daily-result", class: "end-note", hidden: true });
  fillDaily(line);
  return line;
}

/** @param {HTMLElement} line */
async function fillDaily(line) {
  let info;
  try {
    info = await call("endInfo");
  } catch {
    return; // the saved board, painted before Python has started: drawn again once it has
  }
  const daily = info?.daily;
  if (!daily) return;
  const answer = await call("shareLink");
  const url = answer.ok && answer.code !== undefined ? linkUrl(answer.code) : "";
  line.append(
    h("span", { text: daily.text }),
    " ",
    url
      ? h("button", {
          type: "button",
          id: "daily-share",
          class: "secondary",
          text: t("menu.share"),
          onclick: () => showLink(url, daily.text),
        })
      : "",
  );
  line.hidden = false;
}

/**
 * Opening a link in a page already open: a new fragment.
 * @param {Page} page
 */
export function watchLinks(page) {
  addEventListener("hashchange", () => {
    if (hasLink()) openLink(page);
  });
}
