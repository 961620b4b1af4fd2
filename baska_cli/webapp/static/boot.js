/* The app's start (`baska app`): its language, the service worker where the page may have
   one, Pyodide with baska's own Python (baska.zip), the evenings from IndexedDB (store.js);
   then the home (home.js), or the table page of the evening in the address (?evening=ID),
   rendered by the server's template in Python and put in this page's place, its scripts
   talking to Python through the bridge (bridge.js) in place of the network. */

import { loadPyodide } from "../pyodide/pyodide.mjs";
import { makeBridge } from "./bridge.js";
import { showHome } from "./home.js";
import { openStore } from "./store.js";

const ROOT = "/evenings"; // the evenings' folder in Pyodide's file system
const SITE = "/lib/baska"; // where baska.zip is unpacked (put first on sys.path)
const params = new URLSearchParams(window.location.search);
const ALL = JSON.parse(document.getElementById("app-words").textContent);
const BUILD = JSON.parse(document.getElementById("app-build").textContent);
const LANG = chooseLanguage();
const here = new URL(".", document.baseURI);

// ?lang= first (kept for the next start), then the one chosen last, then the phone's.
function chooseLanguage() {
  const asked = params.get("lang");
  const known = Object.keys(ALL);
  try {
    if (known.includes(asked)) localStorage.setItem("baska-app-lang", asked);
    const kept = localStorage.getItem("baska-app-lang");
    if (known.includes(kept)) return kept;
  } catch (error) {
    if (known.includes(asked)) return asked;
  }
  const phone = (navigator.language || "").toLowerCase();
  return phone.startsWith("pl") ? "pl" : "en";
}

export function say(name, values) {
  const text = ALL[LANG][name] || name;
  return text.replace(/\{(\w+)\}/g, (whole, key) =>
    values && key in values ? String(values[key]) : whole,
  );
}

function status(text, kind) {
  const line = document.getElementById("app-status");
  if (!line) return;
  line.textContent = text;
  line.className = "app-status " + (kind || "");
}

// The service worker (sw.js: every file of the app kept for offline use), only where the
// page's context is secure (https, localhost, 127.0.0.1); elsewhere it says so.
function offline() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return "plain";
  navigator.serviceWorker.register(new URL("sw.js", here).href).catch(() => {});
  return "kept";
}

async function start() {
  document.documentElement.lang = LANG;
  document.title = say("title");
  if (!window.WebAssembly || !window.indexedDB) {
    status(say("old_browser"), "error");
    return;
  }
  status(say("loading") + " " + say("loading_first"));
  const mode = offline();
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", here).href });
  const zip = await fetch(new URL("baska.zip?" + BUILD.version, here));
  pyodide.unpackArchive(await zip.arrayBuffer(), "zip", { extractDir: SITE });
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(SITE)})`);
  let store;
  try {
    store = await openStore(pyodide.FS, ROOT);
    await store.load();
  } catch (error) {
    status(say("no_storage"), "error"); // (storage refused: nothing could be kept)
    return;
  }
  // (asked to keep the evenings even when the phone runs short of room; granted or not, they
  // are kept as long as the browser keeps a site's storage)
  if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(() => {});
  const inpage = pyodide.pyimport("baska_cli.webapp.inpage");
  const phone = inpage.Phone(ROOT, LANG);
  const evening = params.get("evening");
  let opened = null;
  const crossed = say("other_tab");
  const bridge = makeBridge({ phone, pyodide, store, evening: () => opened, crossed });
  if (evening) {
    try {
      phone.open(evening);
      opened = evening;
    } catch (error) {
      opened = null;
    }
  }
  // an evening opened from the home: its table page put in place, no new start of Python
  // (the address names it, so a reload opens it again; Back goes back to the list)
  async function openEvening(id) {
    phone.open(id);
    opened = id;
    const address = "./?evening=" + encodeURIComponent(id) + "&lang=" + LANG;
    window.history.pushState(null, "", address);
    window.addEventListener("popstate", () => window.location.reload());
    await showTable(phone, bridge);
  }
  if (opened) await showTable(phone, bridge);
  else await showHome({ bridge, store, say, lang: LANG, mode, open: openEvening });
  window.baskaReadyAt = performance.now(); // (ms since the page was asked for: the benchmark)
  window.baskaReady = true; // (the tests and the benchmark wait for it)
}

// The table page of the evening open, rendered by the server's template in Python, put in
// this page's place; its scripts loaded once the bridge is their transport.
async function showTable(phone, bridge) {
  const html = await phone.page(LANG);
  const page = new DOMParser().parseFromString(html, "text/html");
  const modules = [];
  const have = new Set([...document.querySelectorAll("link[rel=stylesheet]")].map((l) => l.href));
  for (const node of page.head.children) {
    if (node.matches("script[type=module]")) modules.push(node.getAttribute("src"));
    else if (node.matches("link[rel=stylesheet]")) {
      const link = document.importNode(node, true);
      if (!have.has(link.href)) document.head.append(link);
    } else if (node.matches("script, title")) document.head.append(document.importNode(node, true));
  }
  document.title = page.title;
  document.documentElement.lang = page.documentElement.lang;
  document.body.replaceWith(document.importNode(page.body, true));
  document.body.classList.add("app-table");
  homeLink();
  reportLinks(bridge);
  window.baskaTransport = bridge; // (static/transport.js: the page's fetch and live source)
  for (const src of modules) {
    const script = document.createElement("script");
    script.type = "module";
    script.src = src;
    document.head.append(script);
  }
}

// The way back to the evenings, first in the table page's header.
function homeLink() {
  const header = document.querySelector("header.top");
  if (!header) return;
  const back = document.createElement("a");
  back.href = "./?lang=" + LANG;
  back.className = "app-home-link";
  back.textContent = "‹";
  back.title = say("home");
  back.setAttribute("aria-label", say("home"));
  header.prepend(back);
}

// A link into the API (the printable report) opened from Python: as a page of its own.
function reportLinks(bridge) {
  document.addEventListener(
    "click",
    async (event) => {
      const link = event.target.closest && event.target.closest("a[href]");
      if (!link) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin || !url.pathname.startsWith("/api/")) return;
      event.preventDefault();
      const shown = window.open("", "_blank");
      const answer = await bridge.fetch(url.pathname + url.search, {});
      const blob = new Blob([await answer.arrayBuffer()], { type: "text/html" });
      const address = URL.createObjectURL(blob);
      if (shown) shown.location.href = address;
      else window.location.href = address;
    },
    true,
  );
}

start().catch((error) => {
  status(say("failed", { reason: String((error && error.message) || error) }), "error");
  console.error(error);
});
