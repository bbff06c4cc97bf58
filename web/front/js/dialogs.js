// @ts-check
// Dialogs and the menu's file actions: a new game, the rules summary, export
// and import of a game record, and the notice line above the board.

import { language, t } from "./i18n.js";
import { call } from "./generated/bridge.js";
import { reread } from "./engine.js";
import { $, h, need } from "./dom.js";
import { startDaily } from "./links.js";
import { latest } from "./store.js";
import { BY_TURNS, FRIEND, KEY_SLOT as SLOT, PERSON } from "./generated/shared.js";

/** @typedef {import("./generated/view.js").View} View */
/** @typedef {import("./store.js").Page} Page */

/**
 * A line above the board ("" hides it).
 * @param {string} text
 * @param {"error" | "info"} [kind]
 */
export function notice(text, kind = "error") {
  noticeWith(text, kind, []);
}

/**
 * A line above the board with buttons of its own ("" hides it); `what` names
 * it (#notice[data-what]) so that it can be taken down when it no longer holds.
 * @param {string} text
 * @param {"error" | "info"} kind
 * @param {HTMLButtonElement[]} buttons
 * @param {string} [what]
 */
export function noticeWith(text, kind, buttons, what = "") {
  const box = $("#notice");
  if (!box) return;
  box.replaceChildren(
    h("span", { text }),
    ...buttons,
    h("button", {
      type: "button",
      class: "close",
      "aria-label": t("button.dismiss"),
      text: "×",
      onclick: () => {
        box.hidden = true;
      },
    }),
  );
  box.className = `notice ${kind}`;
  box.dataset.what = what;
  box.hidden = !text;
}

/**
 * What the save asks the player to know (after each drawn view): a game that
 * moved on in another tab (read-only until "Continue here" or "Follow"), and
 * once per visit, a device that refused to save (with the offer to export).
 * @param {Page} page
 * @param {View} view
 */
export function drawSave(page, view) {
  const save = view.save;
  if (!save) return;
  const box = $("#notice");
  document.body.toggleAttribute("data-elsewhere", save.elsewhere);
  if (save.elsewhere) {
    if (box && box.dataset.what === "elsewhere" && !box.hidden) return;
    /** @param {"continueHere" | "follow"} name */
    const choose = (name) => {
      notice("");
      // Python's copy of the save may lag the other tab's write by an event.
      if (name === "follow") reread(`${SLOT}${save.id}`);
      call(name).then(page.show);
    };
    noticeWith(
      t("tabs.elsewhere"),
      "info",
      [
        h("button", {
          type: "button",
          id: "continue-here",
          title: t("tabs.continue_here.help"),
          text: t("tabs.continue_here"),
          onclick: () => choose("continueHere"),
        }),
        h("button", {
          type: "button",
          id: "follow-tab",
          title: t("tabs.follow.help"),
          text: t("tabs.follow"),
          onclick: () => choose("follow"),
        }),
      ],
      "elsewhere",
    );
    return;
  }
  if (box && box.dataset.what === "elsewhere" && !box.hidden) notice("");
  if (save.trouble && !page.store.said.has("trouble")) {
    page.store.said.add("trouble");
    noticeWith(
      save.trouble,
      "error",
      [h("button", { type: "button", id: "export-after-trouble", text: t("button.export_game"), onclick: exportGame })],
      "trouble",
    );
  }
}

/** Save the game record as a file. */
export async function exportGame() {
  const url = URL.createObjectURL(new Blob([await call("exportRecord")], { type: "application/json" }));
  const a = h("a", { href: url, download: "mykerinos-game.json", hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 5000);
}

/**
 * Load a game record chosen in the file input.
 * @param {Page} page
 * @param {Event} event
 */
export async function importGame(page, event) {
  const input = /** @type {HTMLInputElement} */ (event.target);
  const file = input.files?.[0];
  input.value = "";
  if (!file) return;
  // Refused before reading: a bigger file is no game (the engine's limit, from the view).
  const max = latest(page.store)?.save?.record_max;
  if (max && file.size > max) {
    const size = new Intl.NumberFormat(language(), {
      style: "unit",
      unit: "megabyte",
      maximumFractionDigits: 1,
    }).format(max / 1e6);
    notice(t("import.too_large", { size }));
    return;
  }
  let text;
  try {
    text = await file.text();
  } catch {
    notice(t("import.unreadable"));
    return;
  }
  const answer = await call("importRecord", text);
  if (answer.ok && answer.view) {
    notice(t("import.loaded", { file: file.name }), "info");
    page.show(answer.view);
  } else {
    notice(`${answer.error} ${t("msg.unchanged")}`);
  }
}

/**
 * "Player 2" or "Computer 2", in the page's language.
 * @param {string} seat
 * @param {number} i
 */
function defaultName(seat, i) {
  return t(seat === PERSON || seat === FRIEND || seat === BY_TURNS ? "name.player" : "name.computer", { n: i + 1 });
}

/**
 * @param {string} name
 * @param {number} i
 */
function isDefaultName(name, i) {
  return name === t("name.player", { n: i + 1 }) || name === t("name.computer", { n: i + 1 });
}

/**
 * @param {string} id
 * @param {ParentNode} [root]
 */
const input = (id, root) => /** @type {HTMLInputElement} */ (need(`#${id}`, root));
/**
 * @param {string} id
 * @param {ParentNode} [root]
 */
const select = (id, root) => /** @type {HTMLSelectElement} */ (need(`#${id}`, root));

/**
 * The new-game dialog: players, who plays each seat, the Nile, the seed; and
 * first of all, for a newcomer, the guided first game.
 * @param {Page} page
 * @param {import("./generated/view.js").NewGame} offer  player counts, name length, seat kinds
 * @param {Pick<import("./frame.js").Actions, "learn" | "hostLive" | "hostTurns">} actions  start a lesson; invite friends to their seats
 */
export function buildNewGame(page, offer, { learn, hostLive, hostTurns }) {
  const count = h(
    "select",
    { id: "players-count", name: "count" },
    ...offer.players.map((n) => h("option", { value: n, text: t("dialog.n_players", { n }) })),
  );
  const names = h("div", { class: "names" });
  const seats = Math.max(...offer.players);
  for (let i = 0; i < seats; i++) {
    const seat = h(
      "select",
      { id: `seat-${i}`, class: "seat-select", "aria-label": t("dialog.who_plays", { n: i + 1 }) },
      ...offer.seats.map((value) => h("option", { value, text: t(`seat.${value}`) })),
    );
    const name = h("input", {
      id: `player-name-${i}`,
      type: "text",
      maxlength: offer.name_max,
      autocomplete: "off",
      placeholder: defaultName(PERSON, i),
    });
    seat.addEventListener("change", () => {
      name.placeholder = defaultName(seat.value, i);
    });
    names.append(
      h(
        "div",
        { class: "name-field", id: `name-field-${i}` },
        h("label", { for: `player-name-${i}`, text: t("name.player", { n: i + 1 }) }),
        name,
        seat,
      ),
    );
  }
  const sync = () => {
    const n = Number(count.value);
    for (let i = 0; i < seats; i++) {
      const on = i < n;
      need(`#name-field-${i}`, names).hidden = !on;
      input(`player-name-${i}`, names).disabled = !on;
      select(`seat-${i}`, names).disabled = !on;
    }
  };
  count.addEventListener("change", sync);
  // What each computer level means, from its games against the level below (docs/PERFORMANCE.md).
  const levels = h(
    "ul",
    { id: "level-notes", class: "small levels" },
    ...offer.seats
      .filter((value) => value !== PERSON && value !== FRIEND && value !== BY_TURNS)
      .map((value) => h("li", {}, h("b", { text: t(`seat.${value}`) }), " — ", t(`level.${value}`))),
  );
  const form = h(
    "form",
    { method: "dialog" },
    h("h2", { id: "new-game-title", text: t("dialog.title") }),
    learn
      ? h(
          "p",
          { class: "learn" },
          h("button", {
            type: "button",
            id: "learn-to-play",
            class: "primary",
            text: t("lesson.offer"),
            onclick: () => learn("goal"),
          }),
          " ",
          h("span", { class: "small", text: t("lesson.offer.help") }),
        )
      : null,
    h("label", { class: "row" }, h("span", { text: t("dialog.players") }), count),
    names,
    levels,
    h(
      "label",
      { class: "check" },
      h("input", { id: "nile", type: "checkbox" }),
      h("span", {}, h("b", { text: t("dialog.nile") }), " — ", t("dialog.nile_help")),
    ),
    h(
      "label",
      { class: "row" },
      h("span", { text: t("dialog.seed") }),
      h("input", {
        id: "seed",
        type: "text",
        inputmode: "numeric",
        maxlength: offer.seed_max,
        placeholder: t("dialog.seed_random"),
        autocomplete: "off",
      }),
    ),
    h("p", { class: "small", text: t("dialog.note") }),
    h(
      "p",
      { class: "daily" },
      h("button", {
        type: "button",
        id: "daily-game",
        class: "secondary",
        text: t("dialog.daily"),
        onclick: () => {
          const name = input("player-name-0", form).value.trim();
          dialog.close();
          notice("");
          startDaily(page, name);
        },
      }),
      " ",
      h("span", { class: "small", text: t("dialog.daily_help") }),
    ),
    h(
      "div",
      { class: "buttons" },
      h("button", {
        type: "button",
        id: "cancel-new-game",
        class: "secondary",
        text: t("button.cancel"),
        onclick: () => dialog.close(),
      }),
      h("button", { type: "submit", id: "start-game", class: "primary", text: t("dialog.start") }),
    ),
  );
  const dialog = h("dialog", { id: "new-game-dialog", "aria-labelledby": "new-game-title" }, form);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const n = Number(count.value);
    const list = [];
    const seats = [];
    for (let i = 0; i < n; i++) {
      const seat = select(`seat-${i}`, form).value;
      seats.push(seat);
      list.push(input(`player-name-${i}`, form).value.trim() || defaultName(seat, i));
    }
    const seedText = input("seed", form).value.trim();
    // A friend's seat is a person's, played on their own device: live play opens a room for it,
    // or, for seats by turns, a table kept on the relays (web/front/js/turns/).
    const friends = seats.flatMap((seat, i) => (seat === FRIEND ? [i] : []));
    const byTurns = seats.flatMap((seat, i) => (seat === BY_TURNS ? [i] : []));
    const options = {
      nile: input("nile", form).checked,
      seats: seats.map((seat) => (seat === FRIEND || seat === BY_TURNS ? PERSON : seat)),
    };
    dialog.close();
    notice("");
    const view = await call("newGame", list, seedText === "" ? null : seedText, options);
    page.show(view);
    if (byTurns.length) hostTurns([...byTurns, ...friends].sort((a, b) => a - b));
    else if (friends.length) hostLive(friends);
  });
  dialog.addEventListener("mykerinos:sync", sync);
  return dialog;
}

/**
 * Open the new-game dialog, filled from the game on screen.
 * @param {View | null} current
 */
export function openNewGame(current) {
  const dialog = /** @type {HTMLDialogElement} */ (need("#new-game-dialog"));
  const players = current ? current.players : [];
  const count = select("players-count");
  if (players.length) count.value = String(players.length);
  const fields = count.closest("form")?.querySelectorAll(".seat-select").length || 0;
  for (let i = 0; i < fields; i++) {
    const name = players[i] ? players[i].name : "";
    input(`player-name-${i}`).value = isDefaultName(name, i) ? "" : name;
    const seat = select(`seat-${i}`);
    seat.value = players[i] ? players[i].seat : PERSON;
    if (!seat.value) seat.value = PERSON; // a seat kind this page does not offer
    seat.dispatchEvent(new Event("change"));
  }
  input("nile").checked = !!current?.nile;
  input("seed").value = "";
  dialog.dispatchEvent(new Event("mykerinos:sync"));
  if (!dialog.open) dialog.showModal();
  need("#player-name-0").focus();
}

// The rules in short, in the page's language: one title and text per section.
const RULE_SECTIONS = ["goal", "turn", "patrons", "survey", "museum", "end", "two", "nile", "links"];
// The lessons of the guided first game (web/page/lessons.json) that teach each section.
/** @type {Record<string, string[]>} */
export const SECTION_LESSONS = {
  goal: ["goal"],
  turn: ["excavation", "cubes", "passing"],
  patrons: ["patrons"],
  survey: ["survey"],
  museum: ["museum"],
  end: ["end"],
  nile: ["nile"],
};

/** @param {(id: string) => void} [learn]  start a lesson */
export function buildRules(learn) {
  const body = h("div", { class: "rules-body" });
  for (const part of RULE_SECTIONS) {
    body.append(h("h3", { text: t(`rules.${part}.title`) }));
    for (const line of t(`rules.${part}.text`).split("\n")) body.append(h("p", { text: line }));
    const lessons = learn ? SECTION_LESSONS[part] || [] : [];
    if (lessons.length) {
      body.append(
        h(
          "p",
          { class: "rules-lessons" },
          ...lessons.map((id) =>
            h("button", {
              type: "button",
              class: "link",
              "data-lesson": id,
              text: t("lesson.learn_it", { title: t(`lesson.${id}.title`) }),
              onclick: () => {
                dialog.close();
                learn?.(id);
              },
            }),
          ),
        ),
      );
    }
  }
  const dialog = h(
    "dialog",
    { id: "rules-dialog", "aria-labelledby": "rules-title" },
    h("h2", { id: "rules-title", text: t("rules.title") }),
    body,
    h(
      "div",
      { class: "buttons" },
      h("button", {
        type: "button",
        id: "close-rules",
        class: "primary",
        text: t("button.close"),
        onclick: () => dialog.close(),
      }),
    ),
  );
  return dialog;
}

export function openRules() {
  const dialog = /** @type {HTMLDialogElement} */ (need("#rules-dialog"));
  if (!dialog.open) dialog.showModal();
  need("#close-rules").focus();
}
