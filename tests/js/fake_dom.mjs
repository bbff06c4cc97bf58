// A document small enough to read: what web/front/js/dom.js and render.js touch
// (elements, text and comment nodes, attributes, children, dataset), installed as the
// globals a browser has. Node's test runner has no DOM of its own.

class FakeNode {
  static TEXT_NODE = 3;
  static ELEMENT_NODE = 1;
  static COMMENT_NODE = 8;
  constructor() {
    /** @type {FakeElement | null} */
    this.parentNode = null;
  }
  remove() {
    const parent = this.parentNode;
    if (!parent) return;
    parent.childNodes.splice(parent.childNodes.indexOf(this), 1);
    this.parentNode = null;
  }
  /** @param {FakeNode} other */
  replaceWith(other) {
    const parent = this.parentNode;
    if (!parent) return;
    other.remove();
    parent.childNodes[parent.childNodes.indexOf(this)] = other;
    other.parentNode = parent;
    this.parentNode = null;
  }
}

class FakeText extends FakeNode {
  /** @param {string} value */
  constructor(value) {
    super();
    this.nodeType = FakeNode.TEXT_NODE;
    this.nodeValue = value;
  }
}

class FakeComment extends FakeNode {
  constructor() {
    super();
    this.nodeType = FakeNode.COMMENT_NODE;
    this.nodeValue = "";
  }
  get childNodes() {
    return [];
  }
}

class FakeElement extends FakeNode {
  /**
   * @param {string} tag
   * @param {string} namespaceURI
   */
  constructor(tag, namespaceURI) {
    super();
    this.nodeType = FakeNode.ELEMENT_NODE;
    this.tagName = tag.toUpperCase();
    this.namespaceURI = namespaceURI;
    /** @type {{name: string, value: string}[]} */
    this.attributes = [];
    /** @type {FakeNode[]} */
    this.childNodes = [];
    this.dataset = {};
    this.listeners = {};
  }
  /** @param {string} name */
  getAttribute(name) {
    return this.attributes.find((a) => a.name === name)?.value ?? null;
  }
  /** @param {string} name @param {string} value */
  setAttribute(name, value) {
    const attr = this.attributes.find((a) => a.name === name);
    if (attr) attr.value = String(value);
    else this.attributes.push({ name, value: String(value) });
  }
  /** @param {string} name */
  hasAttribute(name) {
    return this.attributes.some((a) => a.name === name);
  }
  get id() {
    return this.getAttribute("id") ?? "";
  }
  /** @param {string} name */
  removeAttribute(name) {
    this.attributes = this.attributes.filter((a) => a.name !== name);
  }
  /** @param {...FakeNode} nodes */
  append(...nodes) {
    for (const node of nodes) {
      node.remove();
      node.parentNode = this;
      this.childNodes.push(node);
    }
  }
  replaceChildren() {
    for (const node of [...this.childNodes]) node.remove();
  }
  /** @param {boolean} deep */
  cloneNode(deep) {
    const copy = new FakeElement(this.tagName.toLowerCase(), this.namespaceURI);
    copy.attributes = this.attributes.map((a) => ({ ...a }));
    if (deep) throw new Error("not needed");
    return copy;
  }
  set textContent(text) {
    this.replaceChildren();
    this.append(new FakeText(text));
  }
  get textContent() {
    return this.childNodes.map((n) => (n instanceof FakeText ? n.nodeValue : n.textContent)).join("");
  }
  /** @param {string} type @param {unknown} listener */
  addEventListener(type, listener) {
    this.listeners[type] = listener;
  }
}

const HTML = "http://www.w3.org/1999/xhtml";

/** Install a fresh document (and the globals of a browser that the page reads). */
export function installDocument() {
  const body = new FakeElement("body", HTML);
  /** @type {(() => void)[]} */
  const frames = [];
  Object.assign(globalThis, {
    Node: FakeNode,
    Element: FakeElement,
    document: {
      body,
      createElement: (/** @type {string} */ tag) => new FakeElement(tag, HTML),
      createElementNS: (/** @type {string} */ ns, /** @type {string} */ tag) => new FakeElement(tag, ns),
      createTextNode: (/** @type {string} */ text) => new FakeText(text),
      createComment: () => new FakeComment(),
    },
    requestAnimationFrame: (/** @type {() => void} */ callback) => frames.push(callback),
  });
  /** Run the animation frames asked for so far. */
  const nextFrame = () => {
    for (const callback of frames.splice(0)) callback();
  };
  return { body, nextFrame };
}
