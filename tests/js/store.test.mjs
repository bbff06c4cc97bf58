// The page's one state object (web/front/js/store.js): which view is newest,
// which hint and which computer's move belong to the position shown.
import assert from "node:assert/strict";
import { test } from "node:test";
import { activeHint, createStore, latest, marked, marksOf, stampOf } from "../../web/front/js/store.js";

const marks = (cells = [], rooms = []) => ({ key: null, cells, rooms, cards: [] });
/** A view with only the fields the store reads. */
const view = (stamp, lesson = null) => /** @type {any} */ ({ stamp, lesson });

test("the stamp is the view's own", () => {
  assert.equal(stampOf(view("3:14")), "3:14");
  assert.equal(stampOf(null), "");
});

test("the newest view is the one waiting for its frame, else the one on screen", () => {
  const store = createStore(false);
  assert.equal(latest(store), null);
  store.view = view("1:0");
  assert.equal(latest(store), store.view);
  store.queued = view("1:1");
  assert.equal(latest(store), store.queued);
});

test("a hint or a computer's move marks only the position it was for", () => {
  const store = createStore(false);
  const hint = { ...marks(["c3"]), text: "Suggested: c3" };
  store.hint = { stamp: "1:4", hint };
  store.recent = { stamp: "1:4", marks: marks([], ["W1-5"]) };
  assert.equal(activeHint(store, view("1:4")), hint);
  assert.deepEqual(marksOf(store, view("1:4")), { hint, recent: store.recent.marks });
  assert.deepEqual(marksOf(store, view("1:5")), { hint: null, recent: null });
  assert.equal(activeHint(store, view("2:4")), null, "another game");
});

test("in a lesson the next click's target is marked as a hint is", () => {
  const store = createStore(false);
  const lesson = { done: false, marks: marks(["d2"]) };
  const shown = marksOf(store, view("1000001:0", lesson));
  assert.deepEqual(shown.hint, { ...lesson.marks, text: "" });
  assert.ok(marked(shown.hint, "cell", "d2"));
  assert.ok(!marked(shown.hint, "room", "d2"));
  assert.ok(!marked(null, "cell", "d2"));
  assert.equal(marksOf(store, view("1000001:0", { ...lesson, done: true })).hint, null);
});
