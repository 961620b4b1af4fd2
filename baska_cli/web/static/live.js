/* The table's live connection: the server-sent events, and a heartbeat — the server sends a
   `ping` every second of quiet, so a page that hears nothing for STALE ms knows it lost the
   server (the phone offline, the laptop asleep) and says so on its badge within 3 s, then
   opens the stream again every few seconds until the server answers. */

import { transport } from "./transport.js";
import { say } from "./words.js";

const STALE = 2000; // ms without a word from the server: it is lost
const AGAIN = 3000; // ms between two tries to open the stream while it is lost
const LOOK = 250; // ms between two looks at the heartbeat

// `address`: the stream's URL; `badge`: the element that says "live" or "offline";
// `onOpen()`: the stream (re)opened; `onChange(event)`: an event `change`.
export function makeLive({ address, badge, onOpen, onChange }) {
  let events = null;
  let heard = 0;
  let opened = 0;

  function show(on) {
    if (badge.classList.contains("on") === on && badge.textContent) return;
    badge.textContent = say(on ? "live_on" : "live_off");
    badge.classList.toggle("on", on);
  }

  function hear() {
    heard = Date.now();
    show(true);
  }

  function listen() {
    if (events) events.close();
    opened = Date.now();
    events = new transport.EventSource(address);
    events.addEventListener("open", () => {
      hear();
      onOpen();
    });
    events.addEventListener("error", () => show(false));
    events.addEventListener("ping", hear);
    events.addEventListener("change", (event) => {
      hear();
      onChange(event);
    });
  }

  function look() {
    const now = Date.now();
    if (now - heard < STALE) return;
    show(false);
    if (now - opened >= AGAIN) listen();
  }

  function start() {
    listen();
    setInterval(look, LOOK);
    window.addEventListener("offline", () => show(false));
    window.addEventListener("online", listen);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState !== "visible") return;
      if (!events || events.readyState === EventSource.CLOSED) listen();
    });
  }

  return { start };
}
