// Drawing views (web/front/js/render.js): one redraw per animation frame, the
// newest view wins, and a part is drawn again only when its slice changed.
import assert from "node:assert/strict";
import { test } from "node:test";
import { installDocument } from "./fake_dom.mjs";

const { createRenderer } = await import("../../web/front/js/render.js");
const { createStore } = await import("../../web/front/js/store.js");

/** A view with only what the parts and the renderer read. */
const view = (revision, season = 1, log = []) =>
  /** @type {any} */ ({ game: 1, revision, season, log, to_move: 0, final: null, stamp: `1:${revision}` });

function setup() {
  const { body, nextFrame } = installDocument();
  const store = createStore(false);
  /** @type {string[]} */
  const drawnParts = [];
  const part = (/** @type {string} */ name, /** @type {(v: any) => unknown} */ slice) => ({
    name,
    slice,
    draw: () => drawnParts.push(name),
  });
  const calls = { before: 0, after: 0 };
  const renderer = createRenderer(store, [part("season", (v) => v.season), part("log", (v) => v.log)], {
    before: () => ++calls.before,
    after: () => calls.after++,
  });
  return { body, nextFrame, store, drawnParts, calls, renderer };
}

test("views shown between two frames are drawn once, the newest", () => {
  const { body, nextFrame, store, drawnParts, renderer } = setup();
  renderer.show(view(1));
  renderer.show(view(2));
  renderer.show(view(3));
  assert.deepEqual(drawnParts, [], "nothing before the frame");
  nextFrame();
  assert.equal(store.view.revision, 3);
  assert.deepEqual(drawnParts, ["season", "log"]);
  assert.equal(body.dataset.revision, "3");
  assert.equal(body.dataset.drawn, "1");
  nextFrame();
  assert.equal(body.dataset.drawn, "1", "no frame asked, none drawn");
});

test("a part is drawn again only when its slice changed", () => {
  const { nextFrame, drawnParts, calls, renderer } = setup();
  renderer.show(view(1, 1, ["a"]));
  nextFrame();
  drawnParts.length = 0;
  renderer.show(view(2, 1, ["a", "b"]));
  nextFrame();
  assert.deepEqual(drawnParts, ["log"]);
  renderer.show(view(3, 1, ["a", "b"]));
  nextFrame();
  assert.deepEqual(drawnParts, ["log"], "same slices: nothing drawn");
  assert.equal(calls.before, 3);
  assert.equal(calls.after, 3);
  renderer.reset();
  renderer.redraw();
  nextFrame();
  assert.deepEqual(drawnParts, ["log", "season", "log"], "after a reset every part draws");
});
