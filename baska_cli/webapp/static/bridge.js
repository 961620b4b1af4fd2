/* The page's server, in the page: every fetch of the table page (api.js) and of the home
   answered by baska's own Python (webapp/inpage.py: the Starlette apps of `baska serve`,
   called in Pyodide, no network), one request at a time as a server takes them at one
   table; after each change the evening's files are kept in IndexedDB (store.js) before the
   answer is given. The live source (live.js) is the page's own: it opens at once, beats
   every second and tells each change. */

const BEAT = 1000; // ms between two heartbeats of the live source (live.js: 2 s is lost)

// `phone`: the Python Phone (a PyProxy); `pyodide`: the runtime; `keep(evening)`: the
// evening's files kept (store.js; a promise); `evening()`: the evening open (null: home).
export function makeBridge({ phone, pyodide, keep, evening }) {
  const sources = new Set();
  let turn = Promise.resolve(); // (the requests, one after another)

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
      const found = await answer(method, url.pathname + url.search, headers, body);
      if (method !== "GET") {
        const which = evening();
        if (which) await keep(which); // (kept before the answer: nothing said is lost)
        told();
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
