// @ts-check
// The guided first game's banner: the lesson's title and progress, what to
// do now and why, what the other players just did, and its buttons (undo a
// step, restart, leave; at the end, the next lesson or a first real game).
// Python owns the lesson (web/page/course.py): this only draws view.lesson and
// reads each new step out in a polite live region.

import { t } from "./i18n.js";
import { call } from "./generated/bridge.js";
import { RESTART, UNDO } from "./generated/shared.js";
import { h, need, fill } from "./dom.js";
import { notice, noticeWith, openNewGame, openRules } from "./dialogs.js";

/** @typedef {import("./generated/view.js").View} View */
/** @typedef {import("./generated/view.js").LessonView} Lesson */
/** @typedef {import("./store.js").Page} Page */
/** @typedef {import("./render.js").Part} Part */

/**
 * Start a lesson (closing any open dialog).
 * @param {Page} page
 * @param {string} id
 */
export function startLesson(page, id) {
  for (const dialog of document.querySelectorAll("dialog[open]")) /** @type {HTMLDialogElement} */ (dialog).close();
  notice("");
  call("lessonStart", id).then(page.show);
}

/**
 * Leave the lessons: back to the saved game (or, on a first visit, the new-game dialog).
 * @param {Page} page
 */
export async function leaveLessons(page) {
  const answer = await call("lessonExit");
  page.show(answer.view);
  if (answer.newGame) openNewGame(answer.view);
}

/**
 * The end of the course: a real game against two easy computer players, the
 * rules summary one click away.
 * @param {Page} page
 */
export async function firstGame(page) {
  page.show(await call("lessonFirstGame"));
  noticeWith(
    t("lesson.rules_at_hand"),
    "info",
    [h("button", { type: "button", id: "rules-at-hand", text: t("menu.rules"), onclick: openRules })],
    "first-game",
  );
}

/**
 * @param {Lesson} lesson
 * @param {Page} page
 */
function buttons(lesson, page) {
  const bar = h("div", { class: "lesson-buttons" });
  /** @param {string} target  a lesson's button: undo a step, or restart */
  const act = (target) => () => call("click", target).then(page.show);
  if (lesson.done) {
    if (lesson.next) {
      bar.append(
        h("button", {
          type: "button",
          id: "lesson-next",
          class: "primary",
          text: t("lesson.next", { title: lesson.next_title || "" }),
          onclick: () => startLesson(page, /** @type {string} */ (lesson.next)),
        }),
      );
    }
    if (!lesson.next || lesson.next_optional) {
      bar.append(
        h("button", {
          type: "button",
          id: "lesson-first-game",
          class: lesson.next ? "secondary" : "primary",
          title: t("lesson.first_game.help"),
          text: t("lesson.first_game"),
          onclick: () => firstGame(page),
        }),
      );
    }
  }
  bar.append(
    h("button", {
      type: "button",
      id: "lesson-undo",
      class: "secondary",
      disabled: lesson.step <= 1 && !lesson.done,
      text: t("lesson.undo"),
      onclick: act(UNDO),
    }),
    h("button", {
      type: "button",
      id: "lesson-restart",
      class: "secondary",
      text: t("lesson.restart"),
      onclick: act(RESTART),
    }),
    h("button", {
      type: "button",
      id: "lesson-skip",
      class: "secondary",
      text: t("lesson.skip"),
      onclick: () => leaveLessons(page),
    }),
  );
  return bar;
}

/**
 * The banner's drawing.
 * @param {Lesson} lesson
 * @param {Page} page
 */
function drawLesson(lesson, page) {
  const progress = lesson.done
    ? t("lesson.progress_done", { n: lesson.number, count: lesson.count })
    : t("lesson.progress", { n: lesson.number, count: lesson.count, step: lesson.step, steps: lesson.steps });
  const others = lesson.others.length
    ? h(
        "div",
        { class: "lesson-others" },
        h("span", { class: "lesson-meanwhile", text: t("lesson.meanwhile") }),
        ...lesson.others.map((line) => h("span", { text: ` ${line}` })),
      )
    : null;
  return [
    h("p", { class: "lesson-progress" }, progress, lesson.optional ? ` (${t("lesson.optional")})` : ""),
    h("h2", { id: "lesson-title", text: lesson.title }),
    others,
    h("p", { id: "lesson-text", class: "lesson-text", text: lesson.text }),
    buttons(lesson, page),
  ];
}

/**
 * Read a new step out (the others' moves first), once per step.
 * @param {Lesson} lesson
 */
function say(lesson) {
  const box = need("#lesson-said");
  const key = JSON.stringify([lesson.id, lesson.step, lesson.done, lesson.others]);
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.textContent = [...lesson.others, lesson.text].join(" ");
}

/**
 * The frame's part for the banner (web/front/js/frame.js).
 * @param {Page} page
 * @returns {Part}
 */
export function lessonPart(page) {
  return {
    name: "lesson",
    // Not the marks: they change with each click, the banner does not.
    slice: (v) => (v.lesson ? { ...v.lesson, marks: null } : null),
    draw: (v) => {
      const box = need("#lesson-box");
      const lesson = v.lesson;
      document.body.toggleAttribute("data-lesson", !!lesson);
      box.hidden = !lesson;
      if (!lesson) {
        box.replaceChildren();
        need("#lesson-said").dataset.key = "";
        return;
      }
      fill(box, drawLesson(lesson, page));
      say(lesson);
    },
  };
}
