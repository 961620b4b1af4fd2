/* How a page reaches its server: the browser's fetch and EventSource, or what the page's
   host set as `window.baskaTransport` ({fetch, EventSource}) before the page's scripts ran —
   `baska app` answers them with baska's own Python in the page (webapp/static/bridge.js). */

const given = globalThis.baskaTransport || {};

export const transport = {
  fetch: given.fetch || ((address, options) => fetch(address, options)),
  EventSource: given.EventSource || globalThis.EventSource,
};
