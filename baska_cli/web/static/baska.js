/* The table page of `baska serve` (table.js) over HTTP: the API client of api.js and the
   server-sent events of live.js. Plain browser modules. */

import { pageApi } from "./api.js";
import { makeLive } from "./live.js";
import { startTable } from "./table.js";
import { $, say } from "./words.js";

const api = pageApi(() => {
  const status = $("status");
  status.textContent = say("retrying");
  status.className = "status warn";
});

startTable({
  api,
  live: (handlers) => makeLive({ address: api.url("/events", { key: document.body.dataset.key }), ...handlers }),
});
