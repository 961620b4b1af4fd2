// A small stand-in for the browser's document, enough for the page's modules under Node's
// test runner: elements with ids, classes, data- attributes, children, text and click
// listeners; `querySelector(All)` of ".class", "#id", "tag" and "[data-x=…]" selectors.

class FakeNode {}

class FakeElement extends FakeNode {
  constructor(tag) {
    super();
    this.tagName = tag.toUpperCase();
    this.children = [];
    this.attributes = {};
    this.dataset = {};
    this.listeners = {};
    this.hidden = false;
    this.disabled = false;
    this.value = "";
    this.text = "";
    this.className = "";
    const self = this;
    this.classList = {
      contains: (name) => self.className.split(/\s+/).includes(name),
      toggle(name, on) {
        const names = new Set(self.className.split(/\s+/).filter(Boolean));
        const want = on === undefined ? !names.has(name) : on;
        if (want) names.add(name);
        else names.delete(name);
        self.className = [...names].join(" ");
        return want;
      },
      add: (name) => self.classList.toggle(name, true),
      remove: (name) => self.classList.toggle(name, false),
    };
  }

  get id() {
    return this.attributes.id || "";
  }

  set id(value) {
    this.attributes.id = value;
  }

  setAttribute(name, value) {
    this.attributes[name] = String(value);
    if (name.startsWith("data-")) {
      const key = name.slice(5).replace(/-([a-z])/g, (_, c) => c.toUpperCase());
      this.dataset[key] = String(value);
    }
  }

  getAttribute(name) {
    return name in this.attributes ? this.attributes[name] : null;
  }

  append(...nodes) {
    for (const node of nodes) this.children.push(typeof node === "string" ? new FakeText(node) : node);
  }

  replaceChildren(...nodes) {
    this.children = [];
    this.append(...nodes);
  }

  get textContent() {
    return this.text + this.children.map((child) => child.textContent).join("");
  }

  set textContent(value) {
    this.children = [];
    this.text = String(value);
  }

  addEventListener(type, listener) {
    (this.listeners[type] ||= []).push(listener);
  }

  click() {
    if (this.disabled) return;
    for (const listener of this.listeners.click || []) listener({ target: this });
  }

  focus() {}
  select() {}
  scrollIntoView() {}

  matches(selector) {
    if (selector.startsWith("#")) return this.id === selector.slice(1);
    if (selector.startsWith(".")) return this.classList.contains(selector.slice(1));
    const attribute = /^(\w*)\[([\w-]+)="?([^"\]]*)"?\]$/.exec(selector);
    if (attribute) {
      const [, tag, name, value] = attribute;
      return (!tag || this.tagName === tag.toUpperCase()) && this.getAttribute(name) === value;
    }
    return this.tagName === selector.toUpperCase();
  }

  *walk() {
    for (const child of this.children) {
      if (child instanceof FakeElement) {
        yield child;
        yield* child.walk();
      }
    }
  }
}

class FakeText extends FakeNode {
  constructor(text) {
    super();
    this.textContent = text;
  }
}

// A document whose body holds `elements` (made by `make(tag, attrs)`); `words`: the page's
// words (the `baska-words` script element's JSON).
export function fakeDocument(words = {}) {
  const body = new FakeElement("body");
  const document = {
    body,
    documentElement: { lang: "pl" },
    createElement: (tag) => new FakeElement(tag),
    createTextNode: (text) => new FakeText(text),
    getElementById: (id) => [...body.walk()].find((e) => e.id === id) || null,
    querySelectorAll: (selector) => [...body.walk()].filter((e) => e.matches(selector)),
    querySelector: (selector) => document.querySelectorAll(selector)[0] || null,
    addEventListener() {},
    dispatchEvent() {},
  };
  const script = new FakeElement("script");
  script.id = "baska-words";
  script.text = JSON.stringify(words);
  body.append(script);
  return document;
}

// An element made for a fake document: `attrs` as the page's HTML would give them.
export function make(tag, attrs = {}, ...children) {
  const element = new FakeElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name === "class") element.className = value;
    else element.setAttribute(name, value);
  }
  element.append(...children);
  return element;
}

// The globals the page's modules read (document, window, localStorage, CustomEvent), set for
// a test; `words`: the page's words.
export function installPage(words = {}) {
  const document = fakeDocument(words);
  const kept = new Map();
  globalThis.document = document;
  globalThis.window = globalThis;
  globalThis.localStorage = {
    getItem: (key) => (kept.has(key) ? kept.get(key) : null),
    setItem: (key, value) => kept.set(key, String(value)),
    removeItem: (key) => kept.delete(key),
  };
  globalThis.CustomEvent ||= class CustomEvent {
    constructor(type, options) {
      this.type = type;
      this.detail = options && options.detail;
    }
  };
  globalThis.Node = FakeNode;
  return document;
}
