/* The page's server, in the page: every fetch of the table page (api.js) and of the home
   answered by baska's own Python (webapp/inpage.py: the Starlette apps of `baska serve`,
   called in Pyodide, no network), one request at a time as a server takes them at one
   table; after each change the evening's files are kept in IndexedDB (store.js) before the
   answer is given. Another tab of the app that wrote the evening meanwhile: the evening is
   read again first; a write that crossed one is not kept and is answered 503 (the page's
   outbox sends it again, on the evening as it is now). The live source (live.js) is the
   page's own: it opens at once, beats every second and tells each change. */

import { Stale } from "./store.js";

const BEAT = 1000; // ms between two heartbeats of the live source (live.js: 2 s is lost)

// `phone`: the Python Phone (a PyProxy); `pyodide`: the runtime; `store`: the evenings kept
// (store.js); `evening()`: the evening open (null: home); `crossed`: the words of a write
// that crossed another tab's.
export function makeBridge({ phone, pyodide, store, evening, crossed }) {
  const sources = new Set();
  let turn = Promise.resolve(); // (the requests, one after another)

  // The evening as IndexedDB has it now (another tab wrote it), its table opened anew.
  async function reread(which) {
    await store.load(which);
    phone.open(which);
  }

  function told() {
    for (const source of sources) source.tell();
  }

  async function answer(method, address, headers, body) {
    const py = await phone.fetch(method, address, pyodide.toPy(headers), body);
    try {
      return {
        status: py.status,
        headers: py.headers.toJs(),
        body: py.body.toJs(),
      };
    } finally {
      py.destroy();
    }
  }

  // fetch(address, options) as the browser's, answered in Python.
  function bridgeFetch(address, options = {}) {
    const url = new URL(String(address), window.location.href);
    const method = (options.method || "GET").toUpperCase();
    const headers = Object.entries(options.headers || {}).map(([k, v]) => [k, String(v)]);
    let body = new Uint8Array();
    if (typeof options.body === "string") body = new TextEncoder().encode(options.body);
    else if (options.body) body = new Uint8Array(options.body);
    const done = turn.then(async () => {
      const which = url.pathname.startsWith("/api/") ? evening() : null;
      if (which && (await store.stale(which))) await reread(which);
      let found = await answer(method, url.pathname + url.search, headers, body);
      if (which && method !== "GET") {
        try {
          await store.keep(which); // (kept before the answer: nothing said is lost)
          told();
        } catch (error) {
          if (!(error instanceof Stale)) throw error;
          await reread(which); // (this write is not kept: the outbox sends it again)
          const words = JSON.stringify({ error: crossed });
          found = { status: 503, headers: [["content-type", "application/json"]], body: words };
        }
      }
      return new Response(found.status === 204 ? null : found.body, {
        status: found.status,
        headers: found.headers,
      });
    });
    turn = done.catch(() => {});
    return done;
  }

  // The live source the table page opens (in place of an EventSource).
  class PageEvents extends EventTarget {
    static CONNECTING = 0;
    static OPEN = 1;
    static CLOSED = 2;

    constructor(address) {
      super();
      this.url = String(address);
      this.readyState = PageEvents.CONNECTING;
      sources.add(this);
      setTimeout(() => {
        if (this.readyState === PageEvents.CLOSED) return;
        this.readyState = PageEvents.OPEN;
        this.dispatchEvent(new Event("open"));
      }, 0);
      this.beat = setInterval(() => this.dispatchEvent(new Event("ping")), BEAT);
    }

    tell() {
      this.dispatchEvent(new MessageEvent("change", { data: "{}" }));
    }

    close() {
      this.readyState = PageEvents.CLOSED;
      clearInterval(this.beat);
      sources.delete(this);
    }
  }

  return { fetch: bridgeFetch, EventSource: PageEvents };
}
