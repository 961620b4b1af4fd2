/* The JSON API under /api/v1 as the page uses it: the key in every request, the page's
   language, and changes posted with a client-made id, retried with the same id until the
   server answers (so a hand sent twice over a bad connection is recorded once). A request
   that hangs gives up after WAIT ms (its error's `timeout` is true). */

import { transport } from "./transport.js";

export const WAIT = 8000;

export function newId() {
  if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function pause(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// fetch(), given up after `ms` (a server asleep never answers): a TypeError as fetch's own
// network errors are, with `timeout` true.
async function within(address, options, ms) {
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), ms || WAIT);
  try {
    return await transport.fetch(address, { ...options, signal: stop.signal });
  } catch (error) {
    if (!stop.signal.aborted) throw error;
    const late = new TypeError("timeout");
    late.timeout = true;
    throw late;
  } finally {
    clearTimeout(timer);
  }
}

// `key`: the page's key (none: a public page); `scope`: the table the organiser's key works
// on ({round, table}), sent with every call.
export function makeApi({ key, api, lang, onRetry, scope }) {
  function url(path, query) {
    const params = new URLSearchParams(query || {});
    params.set("lang", lang);
    for (const [name, value] of Object.entries(scope || {})) params.set(name, String(value));
    return api + path + "?" + params.toString();
  }

  function headers(more) {
    const all = { Accept: "application/json", ...more };
    if (key) all.Authorization = "Bearer " + key;
    return all;
  }

  // A GET's answer as it comes (`more`: other headers, e.g. If-None-Match).
  function get(path, query, more) {
    return within(url(path, query), { headers: headers(more), cache: "no-store" });
  }

  async function getJSON(path, query) {
    const answer = await get(path, query);
    if (!answer.ok) throw new Error((await answer.json().catch(() => ({}))).error || answer.status);
    return answer.json();
  }

  // A POST; `once`: a single try (a preview, the outbox's each send), else tried again
  // while the connection fails; `ms`: how long one try may take.
  async function post(path, data, once, ms) {
    let wait = 500;
    for (let attempt = 0; ; attempt++) {
      try {
        const options = {
          method: "POST",
          headers: headers({ "Content-Type": "application/json" }),
          body: JSON.stringify(data),
          cache: "no-store",
        };
        const answer = await within(url(path), options, ms);
        if (answer.status >= 500 && !once && attempt < 20) throw new Error(String(answer.status));
        const json = await answer.json().catch(() => ({}));
        return { status: answer.status, json };
      } catch (error) {
        if (once) throw error;
        onRetry();
        await pause(wait);
        wait = Math.min(wait * 2, 4000);
      }
    }
  }

  return { url, get, getJSON, post };
}

// The page's own scope: the table named beside the organiser's key ({round, table}), else {}.
export const pageScope = () => JSON.parse(document.body.dataset.scope || "{}");

// The client of the page this script runs on, from its body's data attributes (its key, the
// API's address, its language, its scope); `onRetry`: what a retried POST shows.
export function pageApi(onRetry = () => {}) {
  const data = document.body.dataset;
  return makeApi({ key: data.key, api: data.api, lang: data.lang, onRetry, scope: pageScope() });
}
