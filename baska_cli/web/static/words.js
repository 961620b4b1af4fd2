/* The helpers every page's script imports: its words (from a JSON script element of its
   template, in the page's language), elements made from text nodes (never from HTML), and
   signed numbers. The API client is api.js. */

export const $ = (id) => document.getElementById(id);

// A text with its {fields} filled in (a field not given stays as it is written).
export function fill(text, values) {
  return String(text).replace(/\{(\w+)\}/g, (whole, name) =>
    values && name in values ? String(values[name]) : whole,
  );
}

// The words in the script element `id` (read when first asked for), as a function: a word
// by its name with its {fields} filled in (an unknown name stands for itself).
export function sayer(id) {
  let words = null;
  return (name, values) => {
    if (words === null) words = JSON.parse($(id).textContent);
    return fill(words[name] || name, values);
  };
}

// The page's own words: its template's `baska-words` element.
export const say = sayer("baska-words");

// A number with its sign, `+3`, `-2`, `0` (`minus`: the sign of a negative one).
export function signed(value, minus = "-") {
  return value > 0 ? "+" + value : value < 0 ? minus + -value : String(value);
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

// The page's language links (`.lang a`): the same page again in the language tapped.
export function wireLanguages() {
  document.querySelectorAll(".lang a").forEach((a) => {
    a.addEventListener("click", (event) => {
      event.preventDefault();
      const here = new URL(window.location.href);
      here.searchParams.set("lang", a.dataset.lang);
      window.location.assign(here.toString());
    });
  });
}

// The page's language (its <html lang>): numbers and times are written as it writes them.
function pageLanguage() {
  return document.documentElement.lang || "en";
}

// A number with `places` decimals as the page's language writes it (7,38 and 0,10 in Polish,
// 7.38 and 0.10 in English); a decimal text from the JSON ("4.10") keeps its decimals.
export function decimal(value, places = 2) {
  const lang = pageLanguage();
  if (typeof value === "string") {
    const point = (1.5).toLocaleString(lang).charAt(1);
    return value.replace(".", point);
  }
  const options = { minimumFractionDigits: places, maximumFractionDigits: places };
  return Number(value).toLocaleString(lang, { ...options, useGrouping: false });
}

// The time of day of an ISO 8601 moment (the server's `at`), as the page's language writes it.
export function clock(iso) {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return "";
  return when.toLocaleTimeString(pageLanguage(), { hour: "2-digit", minute: "2-digit" });
}
