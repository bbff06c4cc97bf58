// @ts-check
// The page's frame (menu, turn panel, board panels, log, dialogs) and the
// parts drawn into it, each with the slice of the view it draws from.

import { t } from "./i18n.js";
import { fill, h, need, refill } from "./dom.js";
import { buildNewGame, buildRules, exportGame, openRules } from "./dialogs.js";
import { drawEnd } from "./end.js";
import { languageSwitch } from "./help.js";
import { lessonPart } from "./lesson.js";
import { drawMuseum } from "./museum.js";
import { drawLog, drawNileBar, drawPlayers, drawScale, drawScores, drawSeason } from "./panels.js";
import { drawRegion } from "./region.js";
import { reviewPart } from "./review.js";
import { drawMessage, drawStatus, personToMove } from "./status.js";
import { marksOf, stampOf } from "./store.js";
import { OPEN } from "./generated/shared.js";
import { menuNow } from "./hooks.js";

/** @typedef {import("./generated/view.js").View} View */
/** @typedef {import("./store.js").Page} Page */
/** @typedef {import("./render.js").Part} Part */

/**
 * What the frame's controls do (wired in boot.js).
 * @typedef {object} Actions
 * @property {() => void} newGame
 * @property {(event: Event) => void} importGame
 * @property {() => void} toggleExplain
 * @property {(code: string) => void} changeLanguage
 * @property {() => void} askHint
 * @property {() => void} share   the Share button: this game as a link
 * @property {(id: string) => void} learn  start a lesson of the guided first game
 * @property {(friends: number[]) => void} hostLive  a new game left these seats for friends: live play invites them
 * @property {(friends: number[]) => void} hostTurns  a new game left these seats for friends by turns: a table invites them
 */

/**
 * Build the frame (again after a change of language).
 * @param {Page} page
 * @param {View} view   for what the new-game dialog offers
 * @param {Actions} actions
 */
export function buildFrame(page, view, actions) {
  const importInput = h("input", {
    id: "import-file",
    type: "file",
    accept: ".json,application/json",
    class: "visually-hidden",
    onchange: actions.importGame,
  });
  need("#app").replaceChildren(
    h(
      "header",
      { class: "topbar" },
      h("h1", { text: "Mykerinos" }),
      h("div", { id: "season-info", class: "season-info" }),
      h(
        "nav",
        { class: "menu", "aria-label": t("menu.label") },
        h("button", { type: "button", id: "new-game", onclick: actions.newGame, text: t("menu.new_game") }),
        // Entries of a part loaded later (hooks.js), drawn by the "menu" part below.
        h("span", { id: "menu-more", class: "menu-more" }),
        h("button", {
          type: "button",
          id: "export",
          onclick: exportGame,
          title: t("menu.export.help"),
          text: t("menu.export"),
        }),
        h(
          "label",
          { class: "button", for: "import-file", title: t("menu.import.help") },
          t("menu.import"),
          importInput,
        ),
        h("button", {
          type: "button",
          id: "share",
          onclick: actions.share,
          title: t("menu.share.help"),
          text: t("menu.share"),
        }),
        h("button", { type: "button", id: "rules-button", onclick: openRules, text: t("menu.rules") }),
        h("button", {
          type: "button",
          id: "learn-button",
          onclick: () => actions.learn("goal"),
          title: t("lesson.offer.help"),
          text: t("lesson.menu"),
        }),
        h("button", {
          type: "button",
          id: "explain",
          class: "toggle",
          "aria-pressed": "false",
          title: t("explain.help"),
          onclick: actions.toggleExplain,
          text: t("explain.button"),
        }),
        languageSwitch(actions.changeLanguage),
      ),
    ),
    h("div", { id: "notice", class: "notice", role: "alert", hidden: true }),
    h("section", { id: "end-holder", hidden: true }),
    h("section", { id: "lesson-box", class: "lesson", "aria-labelledby": "lesson-title", hidden: true }),
    h(
      "section",
      { id: "turn", class: "turn", "aria-label": t("turn.label") },
      h("ul", { id: "scores", class: "scores", "aria-label": t("scores.label") }),
      h("div", { id: "review-box", class: "review-box", hidden: true }),
      h("div", { id: "status" }),
      h("p", { id: "message", class: "message", role: "alert", hidden: true }),
      h("p", { id: "details", class: "details", hidden: true }),
      h("div", { id: "bot-status", class: "bot-status", role: "status", "aria-live": "polite", hidden: true }),
    ),
    h(
      "div",
      { class: "layout" },
      h(
        "section",
        { id: "region-panel", class: "panel" },
        h("h2", { class: "sr-only", text: t("region.title") }),
        h("div", { id: "nile-box", class: "nile-bar", hidden: true }),
        h("div", { id: "region-box" }),
      ),
      h(
        "section",
        { id: "museum-panel", class: "panel" },
        h("h2", { class: "sr-only", text: t("museum.title") }),
        h("div", { id: "museum-box" }),
        h("h3", { class: "scale-title", text: t("scale.title") }),
        h("div", { id: "scale-box" }),
      ),
      h(
        "section",
        { id: "players-panel", class: "panel", "aria-label": t("players.label") },
        h("div", { id: "players", class: "players" }),
      ),
      h(
        "section",
        { id: "log-panel", class: "panel" },
        h("h2", { id: "log-title", text: t("log.title") }),
        // Phones: the review's way in, out of the pinned turn panel (style.css).
        h("button", {
          type: "button",
          id: "log-review",
          class: "secondary log-review",
          "data-review": OPEN,
          hidden: true,
          text: t("review.open"),
        }),
        h("ol", { id: "log", class: "log", "aria-labelledby": "log-title", tabindex: "0" }),
      ),
    ),
    h("p", { id: "announce", class: "sr-only", "aria-live": "polite", "aria-atomic": "false" }),
    h("p", { id: "review-said", class: "sr-only", "aria-live": "polite" }),
    h("p", { id: "lesson-said", class: "sr-only", "aria-live": "polite" }),
    h("footer", { id: "footer" }),
    buildNewGame(page, view.new_game, actions),
    buildRules(actions.learn),
  );
}

/**
 * How the sides look (a change redraws every part that draws pieces).
 * @param {View} view
 */
function looks(view) {
  return [
    view.players.map((p) => [p.colour, p.letter, p.shape, p.name]),
    view.neutral && [view.neutral.colour, view.neutral.letter, view.neutral.shape],
  ];
}

/**
 * The page's parts, in drawing order.
 * @param {Page} page
 * @param {Actions} actions
 * @returns {Part[]}
 */
export function parts(page, actions) {
  const { store } = page;
  /** @param {View} view */
  const hintOf = (view) => {
    const marks = marksOf(store, view);
    const busy = personToMove(view) && store.hint.busy === true && store.hint.stamp === stampOf(view);
    return { busy, hint: marks.hint, text: marks.hint ? marks.hint.text : null };
  };
  return [
    {
      name: "menu",
      slice: () => menuNow(page.hooks),
      draw: () =>
        fill(
          need("#menu-more"),
          menuNow(page.hooks).map(([id, text, help]) =>
            h("button", { type: "button", id, title: help, text, onclick: () => page.hooks.menu.get(id)?.run() }),
          ),
        ),
    },
    {
      name: "season",
      slice: (v) => [!!v.final, v.season, v.phase_name],
      draw: (v) => drawSeason(need("#season-info"), v),
    },
    {
      name: "status",
      slice: (v) => [
        v.prompt,
        v.actions,
        v.can_cancel,
        v.can_undo,
        v.to_move,
        v.bot_to_move,
        !!v.final,
        looks(v),
        hintOf(v),
      ],
      // Morphed: the button that has the focus stays the same element (none is focused again).
      draw: (v) => refill(need("#status"), drawStatus(v, hintOf(v), actions.askHint)),
    },
    { name: "message", slice: (v) => v.message, draw: (v) => drawMessage(need("#message"), v.message) },
    lessonPart(page),
    reviewPart(page),
    {
      name: "end",
      slice: (v) => [v.final, looks(v), !!v.review],
      draw: (v) => {
        const end = need("#end-holder");
        fill(end, v.final ? drawEnd(v, v.final, actions.newGame) : null);
        end.hidden = !v.final;
      },
    },
    {
      name: "nile",
      slice: (v) => [v.nile, v.boat_offer, v.last_season, !!v.final],
      draw: (v) => {
        const box = need("#nile-box");
        fill(box, drawNileBar(v));
        box.hidden = !v.nile || !!v.final;
      },
    },
    {
      name: "region",
      slice: (v) => [
        v.region,
        v.survey_area,
        v.tie_area,
        v.token_step,
        v.placing,
        v.season,
        looks(v),
        marksOf(store, v),
        store.tight,
        store.turned,
      ],
      draw: (v) => refill(need("#region-box"), drawRegion(v, store.tight, marksOf(store, v), store.turned)),
    },
    {
      name: "museum",
      slice: (v) => [v.museum, v.wings, v.token_step, v.to_move, looks(v), marksOf(store, v), store.tight],
      draw: (v) => refill(need("#museum-box"), drawMuseum(v, marksOf(store, v), store.tight)),
    },
    { name: "scale", slice: (v) => [v.scale, looks(v)], draw: (v) => refill(need("#scale-box"), drawScale(v)) },
    {
      name: "players",
      slice: (v) => [v.players, v.neutral, v.nile, !!v.final, v.bot_to_move],
      draw: (v) => refill(need("#players"), drawPlayers(v)),
    },
    {
      name: "scores",
      slice: (v) => [v.players.map((p) => [p.score, p.cubes, p.supply, p.to_move, p.name]), !!v.final, looks(v)],
      draw: (v) => refill(need("#scores"), drawScores(v)),
    },
    { name: "log", slice: (v) => v.log, draw: (v) => drawLog(need("#log"), v.log) },
    {
      name: "log-review",
      slice: (v) => v.can_review && !v.review,
      draw: (v) => {
        need("#log-review").hidden = !(v.can_review && !v.review);
      },
    },
  ];
}
