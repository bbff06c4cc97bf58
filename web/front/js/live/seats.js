// @ts-check
// The room's seats on screen: the list of who sits where (here, away, free,
// whose turn), above the board, and the seat picker a guest without a seat
// takes one with. Drawn from what Python says of the room (LiveInfo); what
// their buttons do is the caller's.

import { t } from "../i18n.js";
import { $, h } from "../dom.js";
import { modal } from "../links.js";
import { chatBox, drawChat } from "./chat.js";

/** @typedef {import("../store.js").Page} Page */
/** @typedef {import("./calls.js").LiveInfo} LiveInfo */

/**
 * Who sits where: here, away, free, whose turn; and under it the message line
 * (chat.js), made once with the panel and kept as it is.
 * @param {LiveInfo} info
 * @param {{invite: () => void, again: () => void, leave: () => void, say: import("./chat.js").Say}} buttons
 *   the room's device invites again and plays again; anyone leaves, or says a line
 */
export function drawSeats(info, buttons) {
  let panel = $("#live-panel");
  let seats = $("#live-seats");
  let chat = $("#live-chat");
  if (!panel || !seats || !chat) {
    panel?.remove();
    seats = h("div", { id: "live-seats" });
    chat = chatBox(buttons.say);
    panel = h("section", { id: "live-panel", class: "live-panel", "aria-labelledby": "live-panel-title" }, seats, chat);
    const app = $("#app");
    if (app) app.before(panel);
    else document.body.prepend(panel);
  }
  drawChat(chat, info);
  const rows = info.seats.map((seat) =>
    h(
      "li",
      {
        class: `live-seat ${seat.status}${seat.turn ? " turn" : ""}`,
        "data-seat": String(seat.seat),
        "data-status": seat.status,
      },
      h("span", { class: "live-name", text: seat.name }),
      seat.mine ? h("span", { class: "live-you", text: ` (${t("live.you")})` }) : null,
      h("span", { class: "live-state", text: ` — ${seat.state}` }),
      seat.turn ? h("strong", { class: "live-turn", text: ` — ${t("live.to_play")}` }) : null,
    ),
  );
  const host = info.role === "host";
  seats.replaceChildren(
    h("h2", { id: "live-panel-title", text: t("live.seats_title") }),
    h("ul", {}, ...rows),
    h("p", { class: "small", hidden: host || !info.over, text: t("live.again_wait") }),
    h(
      "div",
      { class: "buttons" },
      host
        ? h("button", {
            type: "button",
            id: "live-play-again",
            class: info.over ? "primary" : "secondary",
            text: t("live.again"),
            onclick: () => buttons.again(),
          })
        : null,
      host
        ? h("button", {
            type: "button",
            id: "live-invite-again",
            class: "secondary",
            text: t("live.invite"),
            onclick: () => buttons.invite(),
          })
        : null,
      h("button", {
        type: "button",
        id: "live-leave",
        class: "secondary",
        text: t("live.leave"),
        onclick: () => buttons.leave(),
      }),
    ),
  );
}

/**
 * A guest without a seat: pick a free one, with a name (once: a picker
 * already open stays as it is).
 * @param {Page} page
 * @param {LiveInfo} info
 * @param {(seat: number, name: string) => void} take  asks the room for it
 */
export function pickSeat(page, info, take) {
  if ($("#live-pick")) return;
  page.notice("");
  const free = info.seats.filter((seat) => seat.status === "free");
  const name = h("input", { id: "live-name", type: "text", maxlength: "24", autocomplete: "nickname" });
  const label = h("label", { for: "live-name", text: t("live.your_name") });
  const choices = free.map((seat, i) =>
    h(
      "label",
      { class: "live-choice" },
      h("input", { type: "radio", name: "live-seat", value: String(seat.seat), checked: i === 0 }),
      ` ${seat.name}`,
    ),
  );
  const takeButton = h("button", {
    type: "submit",
    id: "live-take",
    class: "primary",
    text: t("live.take"),
    disabled: free.length === 0,
  });
  const form = h(
    "form",
    { method: "dialog" },
    h("p", { text: free.length ? t("live.pick_text") : t("live.no_free") }),
    h("fieldset", { class: "live-choices" }, h("legend", { text: t("live.seats_title") }), ...choices),
    label,
    name,
    h(
      "div",
      { class: "buttons" },
      takeButton,
      h("button", { type: "button", class: "secondary", text: t("button.close"), onclick: () => dialog.close() }),
    ),
  );
  const dialog = modal("live-pick", t("live.pick_title"), [form]);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const chosen = /** @type {HTMLInputElement | null} */ (form.querySelector("input[name=live-seat]:checked"));
    if (!chosen) return;
    const typed = /** @type {HTMLInputElement} */ (name).value.trim();
    dialog.close();
    performance.mark("live:take");
    take(Number(chosen.value), typed);
  });
  name.focus();
}

/** The seat picker taken down (the room offers no seat to pick now). */
export function closeSeatPicker() {
  $("#live-pick")?.remove();
}
