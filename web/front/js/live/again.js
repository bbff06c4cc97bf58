// @ts-check
// Another game in the same room, on the room's device: the dialog that sets
// the seats' order around the table, the Nile and each computer's level, then
// starts it (Python's liveAgain deals it and tells every device, which follow
// by themselves). Who sits where is the room's (LiveInfo); what the dialog
// offers is the view's (its levels, the Nile of the game now).

import { t } from "../i18n.js";
import { h } from "../dom.js";
import { modal } from "../links.js";
import { PERSON } from "../generated/shared.js";

/** @typedef {import("./calls.js").LiveInfo} LiveInfo */
/** @typedef {import("../generated/view.js").View} View */
/** @typedef {(order: number[], nile: boolean, levels: string[]) => void} Start */

/**
 * The dialog: the seats in order, each with a button that moves it up one
 * place, a computer's level, the Nile, and Start.
 * @param {LiveInfo} info
 * @param {View | null} view  the view on screen: the Nile and the computer levels offered
 * @param {Start} start
 */
export function offerAgain(info, view, start) {
  const seats = info.seats;
  /** The seat of the game now that sits at each place next. */
  const order = seats.map((seat) => seat.seat);
  /** Each computer's level, by its seat now. */
  const levels = seats.map((seat) => (seat.kind === PERSON ? "" : seat.kind));
  const offered = (view?.new_game.seats ?? []).filter((kind) => kind !== PERSON && kind !== "friend");
  const list = h("ol", { id: "live-again-seats", class: "live-again-seats" });

  /** @param {number} place  the place whose seat moves up one */
  const moveUp = (place) => {
    [order[place - 1], order[place]] = [order[place], order[place - 1]];
    draw();
    const moved = /** @type {HTMLButtonElement | null} */ (list.querySelector(`li:nth-child(${place}) button.live-up`));
    const next = moved && !moved.disabled ? moved : list.querySelector("select, button:not([disabled])");
    if (next instanceof HTMLElement) next.focus();
  };

  /**
   * @param {number} seat  its number now
   * @param {number} place  where it sits next
   */
  const row = (seat, place) => {
    const who = seats[seat]?.name ?? "";
    const kind = seats[seat]?.kind ?? PERSON;
    const level =
      kind !== PERSON && offered.length
        ? h(
            "select",
            {
              id: `live-again-level-${seat}`,
              "aria-label": t("live.level_of", { who }),
              onchange: (/** @type {Event} */ event) => {
                levels[seat] = /** @type {HTMLSelectElement} */ (event.target).value;
              },
            },
            ...offered.map((value) =>
              h("option", { value, text: t(`seat.${value}`), selected: value === levels[seat] }),
            ),
          )
        : null;
    return h(
      "li",
      { "data-seat": String(seat) },
      h("span", { class: "live-name", text: who }),
      level,
      h("button", {
        type: "button",
        class: "secondary live-up",
        text: "↑",
        title: t("live.move_up", { who }),
        "aria-label": t("live.move_up", { who }),
        disabled: place === 0,
        onclick: () => moveUp(place),
      }),
    );
  };
  const draw = () => list.replaceChildren(...order.map(row));
  draw();

  const nile = h("input", { id: "live-again-nile", type: "checkbox", checked: Boolean(view?.nile) });
  const form = h(
    "form",
    { method: "dialog" },
    h("p", { text: t("live.again_text") }),
    h("h3", { id: "live-again-order", text: t("live.again_order") }),
    list,
    h("p", {}, h("label", {}, nile, ` ${t("dialog.nile")}`)),
    h(
      "div",
      { class: "buttons" },
      h("button", { type: "submit", id: "live-again-start", class: "primary", text: t("live.again_start") }),
      h("button", { type: "button", class: "secondary", text: t("button.close"), onclick: () => dialog.close() }),
    ),
  );
  list.setAttribute("aria-labelledby", "live-again-order");
  const dialog = modal("live-again", t("live.again_title"), [form]);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    dialog.close();
    start(
      [...order],
      /** @type {HTMLInputElement} */ (nile).checked,
      order.map((seat) => levels[seat] ?? ""),
    );
  });
  /** @type {HTMLElement | null} */ (form.querySelector("#live-again-start"))?.focus();
}
