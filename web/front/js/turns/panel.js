// @ts-check
// What play by turns shows: the panel above the board (the table on screen:
// whose turn, a version waiting to be sent, a version refused and why; the
// invite and "Tell them it's their turn"), the tables this device sits at with
// whose turn it is in each ("Your turn: 2 games") and the app's badge, the
// invite (link, share sheet, QR code) and the seat picker. Words only: what
// each thing does is turns.js's.

import { t } from "../i18n.js";
import { $, h } from "../dom.js";
import { linkUrl, modal } from "../links.js";
import { showLinkDialog } from "../live/linkdialog.js";
/**
 * A table as the panel and the list show it.
 * @typedef {object} Shown
 * @property {string} id
 * @property {string} turn      whose turn, in words
 * @property {boolean} mine     this device's turn (a person's seat of its own, or a computer's)
 * @property {boolean} unsent   a version waits to be sent
 */

/** @returns {HTMLElement} */
function panel() {
  let section = $("#turns-panel");
  if (!section) {
    section = h("section", { id: "turns-panel", class: "live-panel", "aria-labelledby": "turns-title" });
    const app = $("#app");
    if (app) app.before(section);
    else document.body.prepend(section);
  }
  return /** @type {HTMLElement} */ (section);
}

/**
 * The panel: the tables this device sits at (the one on screen first, with
 * its buttons), and the last word said.
 * @param {Shown | null} open  the table on screen
 * @param {Shown[]} tables     every table this device sits at
 * @param {{word: string, invite: () => void, tell: () => void, keep: () => void, open: (id: string) => void}} how
 */
export function drawPanel(open, tables, how) {
  const waiting = tables.filter((table) => table.mine);
  const count = waiting.length;
  const badge = /** @type {any} */ (navigator);
  if (typeof badge.setAppBadge === "function")
    (count ? badge.setAppBadge(count) : badge.clearAppBadge()).catch(() => {});
  const others = tables.filter((table) => table.id !== open?.id);
  const parts = [
    h("h2", { id: "turns-title", text: t("turns.title") }),
    h("p", {
      id: "turns-count",
      role: "status",
      text: count ? t("turns.count", { n: count }) : t("turns.count_none"),
    }),
    open
      ? h(
          "div",
          { id: "turns-here" },
          h("p", { id: "turns-turn", class: open.mine ? "turn" : "", text: open.turn }),
          open.unsent ? h("p", { id: "turns-unsent", class: "small", text: t("turns.unsent") }) : null,
          h(
            "div",
            { class: "buttons" },
            h("button", {
              type: "button",
              id: "turns-tell",
              class: "primary",
              text: t("turns.tell"),
              onclick: how.tell,
            }),
            h("button", {
              type: "button",
              id: "turns-keep",
              class: "secondary",
              text: t("turns.keep"),
              onclick: how.keep,
            }),
            h("button", {
              type: "button",
              id: "turns-invite",
              class: "secondary",
              text: t("turns.invite"),
              onclick: how.invite,
            }),
          ),
        )
      : null,
    h("p", { id: "turns-word", class: "small", role: "alert", text: how.word }),
    others.length
      ? h(
          "ul",
          { id: "turns-list" },
          ...others.map((table) =>
            h(
              "li",
              { class: table.mine ? "turn" : "" },
              h("span", { text: table.turn }),
              " ",
              h("button", {
                type: "button",
                class: "secondary",
                "data-table": table.id,
                text: t("turns.open"),
                onclick: () => how.open(table.id),
              }),
            ),
          ),
        )
      : null,
  ];
  panel().replaceChildren(...parts.filter((part) => part !== null));
}

/**
 * A link in a dialog: copy it, hand it to the share sheet, scan its QR code.
 * @param {string} fragment  without "#"
 * @param {{title: string, text: string, qr: boolean}} words
 */
export function showTableLink(fragment, words) {
  return showLinkDialog(linkUrl(fragment), {
    dialog: "turns-link",
    prefix: "turns",
    status: "turns-copy-status",
    close: "turns-link-close",
    title: words.title,
    text: words.text,
    shared: words.title,
    qr: words.qr,
    words: { link: "turns.link", copy: "turns.copy", copied: "turns.copied", share: "turns.share", qr: "turns.qr" },
  });
}

/**
 * The seat picker: the free seats, a name, and "Take this seat".
 * @param {{seat: number, name: string}[]} free
 * @param {string} word  said above (a seat lost to another device, say)
 * @param {(seat: number, name: string) => void} take
 */
export function pickSeat(free, word, take) {
  // Python cleans the name and cuts it to the game's limit (web/page/turns.py).
  const name = h("input", { id: "turns-name", type: "text", autocomplete: "off" });
  const choices = free.map(({ seat, name: current }, i) =>
    h(
      "label",
      { class: "check" },
      h("input", { type: "radio", name: "turns-seat", value: String(seat), checked: i === 0 }),
      h("span", { text: current }),
    ),
  );
  const dialog = modal("turns-seat", t("turns.seat_title"), [
    word ? h("p", { class: "small", text: word }) : null,
    h("p", { text: free.length ? t("turns.seat_text") : t("turns.no_seat") }),
    ...choices,
    free.length ? h("label", { class: "row" }, h("span", { text: t("turns.name") }), name) : null,
    h(
      "div",
      { class: "buttons" },
      h("button", {
        type: "button",
        id: "turns-watch",
        class: "secondary",
        text: t("turns.watch"),
        onclick: () => dialog.close(),
      }),
      free.length
        ? h("button", {
            type: "button",
            id: "turns-take",
            class: "primary",
            text: t("turns.take"),
            onclick: () => {
              const chosen = /** @type {HTMLInputElement | null} */ (
                dialog.querySelector("input[name=turns-seat]:checked")
              );
              if (!chosen) return;
              dialog.close();
              take(Number(chosen.value), /** @type {HTMLInputElement} */ (name).value);
            },
          })
        : null,
    ),
  ]);
}
