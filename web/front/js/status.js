// @ts-check
// The turn panel: whose turn and what to do (the prompt), the action bar, the
// hint, the engine's message and the computer players' state.

import { t } from "./i18n.js";
import { fill, h, memo } from "./dom.js";
import { boatIcon, seatIcon, sideOf } from "./pieces.js";
import { marked } from "./store.js";
import { CANCEL, UNDO } from "./generated/shared.js";

/** @typedef {import("./generated/view.js").View} View */
/** @typedef {import("./generated/view.js").Marks} Marks */
/** @typedef {import("./store.js").BotState} BotState */

/**
 * Whether a person (not a computer) is to decide now.
 * @param {View} view
 */
export function personToMove(view) {
  return !view.final && !view.review && !view.bot_to_move && view.to_move !== null && view.to_move !== undefined;
}

/**
 * The prompt, the action bar and the hint.
 * @param {View} view
 * @param {{busy: boolean, hint: Marks | null, text: string | null}} hint  the hint for this position
 * @param {() => void} askHint
 */
export function drawStatus(view, hint, askHint) {
  const mover = sideOf(view, view.to_move);
  const prompt = h("p", { id: "prompt", class: `prompt${view.bot_to_move ? " thinking" : ""}` });
  if (mover && !view.final) prompt.append(seatIcon(mover, 24));
  prompt.append(h("span", { text: view.prompt }));

  const bar = h("div", { class: "actions", role: "toolbar", "aria-label": t("actions.label") });
  // Each button stays the same element while it looks the same (the one with
  // the focus keeps it); one that changed is made anew, as every one was before.
  for (const a of view.actions) {
    const classes = ["action"];
    if (a.selected) classes.push("selected");
    if (marked(hint.hint, "action", a.key)) classes.push("hint");
    const attrs = {
      type: "button",
      class: classes.join(" "),
      "data-target": a.id,
      title: [a.help, a.now].filter(Boolean).join(" ") || null,
      "aria-pressed": a.selected ? "true" : "false",
    };
    bar.append(
      memo(
        JSON.stringify([attrs, a.boat, a.label]),
        () => h("button", attrs, a.boat ? boatIcon(a.boat, 20) : null, a.label),
        true,
      ),
    );
  }
  if (view.can_cancel) {
    const text = t("button.cancel");
    bar.append(
      memo(
        `cancel ${text}`,
        () => h("button", { type: "button", class: "secondary", "data-target": CANCEL, text }),
        true,
      ),
    );
  }
  if (view.can_undo) {
    const text = t("button.undo");
    bar.append(
      memo(
        `undo ${text}`,
        () =>
          h("button", { type: "button", class: "secondary", "data-target": UNDO, title: t("button.undo.help"), text }),
        true,
      ),
    );
  }
  if (personToMove(view) && !view.lesson) {
    const busy = hint.busy;
    const text = t(busy ? "hint.busy" : "hint.button");
    bar.append(
      memo(
        `hint ${busy} ${text}`,
        () =>
          h("button", {
            type: "button",
            id: "hint",
            class: `secondary hint-button${busy ? " busy" : ""}`,
            title: t("hint.help"),
            "aria-busy": busy ? "true" : null,
            disabled: busy,
            onclick: askHint,
            text,
          }),
        true,
      ),
    );
  }
  const help = view.actions.find((a) => a.selected);
  const helpText = help?.help ? h("p", { class: "hint", text: help.help }) : null;
  const hintText = hint.text ? h("p", { id: "hint-text", class: "hint-text", role: "status", text: hint.text }) : null;
  return [prompt, bar, helpText, hintText];
}

/**
 * The engine's message about the last click (a refusal, most often).
 * @param {HTMLElement} box
 * @param {string | null} message
 */
export function drawMessage(box, message) {
  box.textContent = message || "";
  box.hidden = !message;
}

/**
 * One line under the prompt when the computer players failed, and
 * body[data-bot]: "idle", "thinking" or "failed".
 * @param {HTMLElement | null} box
 * @param {BotState} bots
 * @param {() => void} retry
 */
export function drawBotStatus(box, bots, retry) {
  document.body.dataset.bot = bots.failed ? "failed" : bots.thinking ? "thinking" : "idle";
  if (!box) return;
  if (bots.failed) {
    box.className = "bot-status failed";
    fill(
      box,
      h("span", { text: bots.failed }),
      h("button", { type: "button", id: "bot-retry", class: "secondary", onclick: retry, text: t("bots.retry") }),
    );
  } else {
    box.className = "bot-status";
    box.replaceChildren();
  }
  box.hidden = !bots.failed;
}
