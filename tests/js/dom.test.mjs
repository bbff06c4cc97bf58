// morph and refill (web/front/js/dom.js): what is on screen becomes the new
// drawing, node by node, keeping the nodes that are already there.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { installDocument } from "./fake_dom.mjs";

installDocument();
const { h, s, morph, refill } = await import("../../web/front/js/dom.js");

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
