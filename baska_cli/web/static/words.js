/* The table page's words and small helpers: the words come from the template, in the
   page's language; elements are made from text nodes, never from HTML. */

export const WORDS = JSON.parse(document.getElementById("baska-words").textContent);

export const $ = (id) => document.getElementById(id);

// A word of the page with its {fields} filled in.
export function say(name, values) {
  let text = WORDS[name] || name;
  for (const [k, v] of Object.entries(values || {})) text = text.split("{" + k + "}").join(v);
  return text;
}

export function signed(value) {
  return value > 0 ? "+" + value : String(value);
}

export function gainClass(value) {
  return value > 0 ? "gain" : value < 0 ? "loss" : "";
}

// An element: attributes ("class", "data-…", "aria-…" or properties) and children (text or nodes).
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v;
    else if (k.startsWith("data-") || k.startsWith("aria-")) node.setAttribute(k, v);
    else node[k] = v;
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}
