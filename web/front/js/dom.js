// @ts-check
// Small DOM helpers: build HTML and SVG elements from attributes and children.

const SVG = "http://www.w3.org/2000/svg";

/** @typedef {Node | string | number | null | undefined | false} Child */
/** @typedef {Child | Child[]} Children */
/**
 * Attributes: "text" sets the text, "on<event>" adds a listener, null/false/undefined
 * leave the attribute out, true sets it empty.
 * @typedef {Record<string, unknown>} Attrs
 */

/**
 * @param {string} sel
 * @param {ParentNode} [root]
 * @returns {HTMLElement | null}
 */
export function $(sel, root = document) {
  return root.querySelector(sel);
}

/**
 * Like $, for an element the page always has (its frame is built at boot).
 * @param {string} sel
 * @param {ParentNode} [root]
 * @returns {HTMLElement}
 */
export function need(sel, root = document) {
  const el = root.querySelector(sel);
  if (!(el instanceof HTMLElement)) throw new Error(`missing ${sel}`);
  return el;
}

/**
 * @param {string} sel
 * @param {ParentNode} [root]
 * @returns {Element[]}
 */
export function $$(sel, root = document) {
  return Array.from(root.querySelectorAll(sel));
}

/**
 * An HTML element.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs]
 * @param {...Children} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/**
 * An SVG element.
 * @param {string} tag
 * @param {Attrs} [attrs]
 * @param {...Children} children
 * @returns {SVGElement}
 */
export function s(tag, attrs = {}, ...children) {
  const el = /** @type {SVGElement} */ (document.createElementNS(SVG, tag));
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/**
 * @param {Element} el
 * @param {Attrs} attrs
 */
function setAttrs(el, attrs) {
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") el.textContent = String(value);
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), /** @type {EventListener} */ (value));
    else el.setAttribute(key, value === true ? "" : String(value));
  }
}

/**
 * Replace el's children.
 * @param {Element} el
 * @param {...Children} children
 */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  realize(el);
}

/**
 * @param {Element} el
 * @param {Children[]} children
 */
export function append(el, children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/**
 * The message of anything thrown.
 * @param {unknown} error
 * @returns {string}
 */
export function reasonOf(error) {
  const message = error && typeof error === "object" && "message" in error ? error.message : null;
  return message ? String(message) : String(error);
}

/**
 * What of an element changes often and cheaply (a highlight, its label): its
 * signature and how to bring an element drawn with another one up to it.
 * @typedef {{key: string, apply: (el: Element) => void}} Live
 */
/** Placeholders made by memo(): what they stand for. @type {WeakMap<Node, {from: string, build: () => Element, anew: boolean, live: Live | null}>} */
const later = new WeakMap();
/** What each element on screen was last drawn from, by memo(). @type {WeakMap<Node, string>} */
const drawnFrom = new WeakMap();
/** The live key each element on screen last showed. @type {WeakMap<Node, string>} */
const liveFrom = new WeakMap();

/**
 * An element drawn only when what it is drawn from changed: a placeholder
 * (an empty comment) that morph() and refill() turn into `build()`'s element,
 * or leave the element on screen as it is when that element was last drawn
 * from the same `from` (a signature: everything `build` reads, as a string).
 * Only for drawings that are morphed in (refill); fill() builds them at once.
 * With `anew`, a changed element replaces the one on screen instead of being
 * morphed into it (a button whose look changes at once, as a new one does,
 * rather than through its CSS transition).
 * With `live`, `from` leaves out what its key covers: an element on screen
 * drawn from the same `from` but another key is brought up to date by its
 * apply function in place, nothing built (a cell whose highlight comes and goes
 * at every decision). `build` draws the whole element, `live`'s part included.
 * @param {string} from
 * @param {() => Element} build
 * @param {boolean} [anew]
 * @param {Live | null} [live]
 * @returns {Node}
 */
export function memo(from, build, anew = false, live = null) {
  const mark = document.createComment("");
  later.set(mark, { from, build, anew, live });
  return mark;
}

/**
 * Attributes of `el` made those of `attrs`, and no others (what morph does
 * to an element's own attributes, from a record): for a live part's apply.
 * @param {Element} el
 * @param {Record<string, string>} attrs
 */
export function setAttributes(el, attrs) {
  for (const [name, value] of Object.entries(attrs)) {
    if (el.getAttribute(name) !== value) el.setAttribute(name, value);
  }
  const have = el.attributes;
  for (let i = have.length - 1; i >= 0; i--) {
    const name = have[i].name;
    if (!(name in attrs)) el.removeAttribute(name);
  }
}

/**
 * Every placeholder of memo() in `root`'s tree (not `root` itself) replaced by
 * its element, for a tree put on screen as it is.
 * @param {Node} root
 */
function realize(root) {
  for (const node of Array.from(root.childNodes)) {
    const lazy = later.get(node);
    if (!lazy) {
      if (node.nodeType === Node.ELEMENT_NODE) realize(node);
      continue;
    }
    const built = lazy.build();
    realize(built);
    node.replaceWith(built);
    drawn(built, lazy);
  }
}

/**
 * Remember what `el` on screen was drawn from.
 * @param {Element} el
 * @param {{from: string, live: Live | null}} lazy
 */
function drawn(el, lazy) {
  drawnFrom.set(el, lazy.from);
  if (lazy.live) liveFrom.set(el, lazy.live.key);
  else liveFrom.delete(el);
}

/**
 * Put `node` where `here` is (or at the end of `el`), its placeholders realized.
 * @param {Element} el
 * @param {ChildNode | undefined} here
 * @param {Node} node
 */
function place(el, here, node) {
  realize(node);
  if (here) here.replaceWith(node);
  else el.append(node);
}

/**
 * Whether `here` may be morphed into `next`: elements of the same kind and id
 * (an element with an id, such as a button with a listener, is never turned
 * into another one).
 * @param {Node} here
 * @param {Node} next
 */
function alike(here, next) {
  return (
    here instanceof Element &&
    next instanceof Element &&
    here.namespaceURI === next.namespaceURI &&
    here.tagName === next.tagName &&
    here.id === next.id
  );
}

/**
 * Make `el` look like `next` while keeping the nodes that are already there:
 * attributes and texts are changed in place, children matched by position, a
 * node of another kind or id replaced. The browser then repaints only what changed
 * (replacing a whole SVG makes it raster all of it again). For drawings
 * without listeners: `next`'s listeners are not carried over.
 * @param {Element} el
 * @param {Element} next
 */
export function morph(el, next) {
  const wanted = next.attributes;
  for (let i = 0; i < wanted.length; i++) {
    const attr = wanted[i];
    if (el.getAttribute(attr.name) !== attr.value) el.setAttribute(attr.name, attr.value);
  }
  const have = el.attributes;
  for (let i = have.length - 1; i >= 0; i--) {
    const name = have[i].name;
    if (!next.hasAttribute(name)) el.removeAttribute(name);
  }
  morphChildren(el, next);
}

/**
 * The children of `el` made like those of `next` (see morph).
 * @param {Element} el
 * @param {Element} next
 */
export function morphChildren(el, next) {
  const fresh = Array.from(next.childNodes);
  const old = Array.from(el.childNodes);
  fresh.forEach((node, i) => {
    const here = old[i];
    const lazy = later.get(node);
    if (lazy) {
      if (here instanceof Element && drawnFrom.get(here) === lazy.from) {
        // Drawn from the same: left as it is, but for its live part.
        if (lazy.live && liveFrom.get(here) !== lazy.live.key) {
          lazy.live.apply(here);
          liveFrom.set(here, lazy.live.key);
        }
        return;
      }
      const built = lazy.build();
      if (!lazy.anew && here instanceof Element && alike(here, built)) {
        morph(here, built);
        drawn(here, lazy);
      } else {
        place(el, here, built);
        drawn(built, lazy);
      }
      return;
    }
    if (here) drawnFrom.delete(here);
    if (!here) place(el, here, node);
    else if (here.nodeType === Node.TEXT_NODE && node.nodeType === Node.TEXT_NODE) {
      if (here.nodeValue !== node.nodeValue) here.nodeValue = node.nodeValue;
    } else if (here instanceof Element && node instanceof Element && alike(here, node)) {
      morph(here, node);
    } else place(el, here, node);
  });
  for (let i = fresh.length; i < old.length; i++) old[i].remove();
}

/**
 * Like fill, but morphing what is there into the new children (see morph).
 * @param {Element} el
 * @param {...Children} children
 */
export function refill(el, ...children) {
  const holder = /** @type {Element} */ (el.cloneNode(false));
  append(holder, children);
  morphChildren(el, holder);
}
