// morph and refill (web/front/js/dom.js): what is on screen becomes the new
// drawing, node by node, keeping the nodes that are already there.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { installDocument } from "./fake_dom.mjs";

installDocument();
const { fill, h, memo, s, morph, refill } = await import("../../web/front/js/dom.js");

beforeEach(() => installDocument());

test("h builds an element from attributes and children", () => {
  const el = h("p", { id: "x", hidden: true, skipped: false, text: "hello" });
  assert.equal(el.getAttribute("id"), "x");
  assert.equal(el.getAttribute("hidden"), "");
  assert.equal(el.getAttribute("skipped"), null);
  assert.equal(el.textContent, "hello");
  const list = h("ul", {}, h("li", { text: "a" }), null, [h("li", { text: "b" }), 3]);
  assert.equal(list.childNodes.length, 3);
  assert.equal(list.textContent, "ab3");
});

test("morph keeps the nodes, changes attributes and texts in place", () => {
  const shown = s("g", { class: "cell", "data-hl": "1" }, s("rect", { x: "1" }), "c3");
  const rect = shown.childNodes[0];
  const text = shown.childNodes[1];
  morph(shown, s("g", { class: "cell lit" }, s("rect", { x: "2" }), "c4"));
  assert.equal(shown.getAttribute("class"), "cell lit");
  assert.equal(shown.getAttribute("data-hl"), null, "an attribute the drawing lacks is removed");
  assert.equal(shown.childNodes[0], rect, "the same rect, changed in place");
  assert.equal(rect.getAttribute("x"), "2");
  assert.equal(shown.childNodes[1], text, "the same text node");
  assert.equal(text.nodeValue, "c4");
});

test("morph replaces a node of another kind and drops children the drawing lacks", () => {
  const shown = h("div", {}, h("span", { text: "a" }), h("em", { text: "b" }), h("b", { text: "c" }));
  const first = shown.childNodes[0];
  morph(shown, h("div", {}, h("span", { text: "A" }), h("strong", { text: "B" })));
  assert.equal(shown.childNodes.length, 2);
  assert.equal(shown.childNodes[0], first);
  assert.equal(shown.childNodes[1].tagName, "STRONG");
  assert.equal(shown.textContent, "AB");
});

test("morph tells SVG from HTML elements of the same name", () => {
  const shown = h("div", {}, h("a", { text: "html" }));
  const html = shown.childNodes[0];
  morph(shown, h("div", {}, s("a", { href: "#" })));
  assert.notEqual(shown.childNodes[0], html);
  assert.equal(shown.childNodes[0].namespaceURI, "http://www.w3.org/2000/svg");
});

test("refill morphs new children into an element and keeps its own attributes", () => {
  const list = h("ol", { id: "log" }, h("li", { text: "one" }));
  const kept = list.childNodes[0];
  refill(list, h("li", { text: "one" }), h("li", { text: "two" }));
  assert.equal(list.getAttribute("id"), "log");
  assert.equal(list.childNodes[0], kept);
  assert.equal(list.textContent, "onetwo");
});

test("morph never turns an element into one of another id", () => {
  const shown = h("div", {}, h("button", { id: "hint", text: "Hint" }));
  const hint = shown.childNodes[0];
  morph(shown, h("div", {}, h("button", { id: "undo", text: "Undo" })));
  assert.notEqual(shown.childNodes[0], hint);
  assert.equal(shown.childNodes[0].getAttribute("id"), "undo");
});

test("memo builds an element only when what it is drawn from changed", () => {
  /** @type {string[]} */
  const built = [];
  /** @param {string} name @param {string} look */
  const cell = (name, look) =>
    memo(`${name} ${look}`, () => {
      built.push(name);
      return s("g", { id: name, class: look }, s("rect", { x: "1" }));
    });
  const svg = s("svg");
  refill(svg, s("g", {}, cell("a1", "free"), cell("b1", "free")));
  assert.deepEqual(built, ["a1", "b1"], "the first drawing builds both");
  const [a1, b1] = svg.childNodes[0].childNodes;
  assert.equal(a1.tagName, "G", "the placeholders are replaced by the elements");

  built.length = 0;
  refill(svg, s("g", {}, cell("a1", "free"), cell("b1", "hl")));
  assert.deepEqual(built, ["b1"], "only the cell that changed is built again");
  assert.equal(svg.childNodes[0].childNodes[0], a1, "the one that did not is left as it is");
  assert.equal(svg.childNodes[0].childNodes[1], b1, "the one that did is changed in place");
  assert.equal(b1.getAttribute("class"), "hl");

  built.length = 0;
  refill(svg, s("g", {}, cell("a1", "free")));
  assert.deepEqual(built, []);
  assert.equal(svg.childNodes[0].childNodes.length, 1, "a cell the drawing lacks is removed");
});

test("memo's anew replaces a changed element, and fill builds placeholders at once", () => {
  const box = h("div");
  /** @param {string} look */
  const button = (look) => memo(look, () => h("button", { class: look, text: "Dig" }), true);
  refill(box, button("action"));
  const first = box.childNodes[0];
  refill(box, button("action"));
  assert.equal(box.childNodes[0], first, "the same look: the same button");
  refill(box, button("action selected"));
  assert.notEqual(box.childNodes[0], first, "another look: a new button");
  assert.equal(box.childNodes[0].getAttribute("class"), "action selected");

  const list = h("ul");
  fill(
    list,
    h(
      "li",
      {},
      memo("x", () => h("b", { text: "x" })),
    ),
  );
  assert.equal(list.childNodes[0].childNodes[0].tagName, "B");
});
