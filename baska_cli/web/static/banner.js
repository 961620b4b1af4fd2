// The hall's banner, for any page of a tournament: the round's clock and the organiser's
// announcement, heard from the board's event stream (/api/v1/board/events: each change
// carries them). The time left is counted on this device from the seconds the server gave
// and the moment they came (performance.now(), never the device's wall clock: a phone set
// wrong still agrees with the projector). Warnings at the seconds the server names (10 and
// 5 minutes). The text goes in through textContent, never as HTML. Other scripts hear
// "baska-news" (each change's clock and announcement) and "baska-clock" (the clock's state)
// on document.

import { el, sayer } from "./words.js";

const say = sayer("banner-words");
const body = document.body;
const api = body.dataset.api || "/api/v1";
const lang = body.dataset.lang || "en";

const clockLine = el("p", { class: "clock" });
const note = el("p", { class: "note" });
const bar = el("div", { id: "banner", class: "banner", role: "status" }, clockLine, note);
bar.hidden = true;
bar.setAttribute("aria-live", "polite");
bar.setAttribute("aria-label", say("announcement"));

let clock = null; // the clock heard last, with `deadline`: performance.now() at its end
let ticker = null;
let told = ""; // the state last told to other scripts

function two(n) {
  return String(n).padStart(2, "0");
}

// 42:17, or 1:02:05 past an hour.
export function clockText(seconds) {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

// The state for `left` seconds: "up", "warn5", "warn10" or "running".
function stateOf(left, warnings) {
  if (left <= 0) return "up";
  const [first, second] = [...warnings].sort((a, b) => b - a);
  if (second !== undefined && left <= second) return "warn5";
  if (first !== undefined && left <= first) return "warn10";
  return "running";
}

function tick() {
  if (!clock) {
    clockLine.replaceChildren();
    bar.dataset.state = "";
    return;
  }
  const left = Math.max(0, Math.ceil((clock.deadline - performance.now()) / 1000));
  const state = stateOf(left, clock.warnings || []);
  bar.dataset.state = state;
  bar.dataset.left = String(left);
  if (state === "up") {
    clockLine.replaceChildren(say("up", { round: clock.round }), " · ",
      el("span", { class: "rule" }, say(clock.time_up)));
  } else {
    clockLine.replaceChildren(say("left", { round: clock.round, time: clockText(left) }));
  }
  if (state !== told) {
    told = state;
    document.dispatchEvent(new CustomEvent("baska-clock", { detail: { state, round: clock.round } }));
  }
}

// What a change event says: the clock (its seconds left as the server sent them) and the
// announcement (null: none).
export function hear(news) {
  const shownBefore = !bar.hidden;
  clock = news.clock ? { ...news.clock, deadline: performance.now() + news.clock.remaining * 1000 } : null;
  note.textContent = news.announcement || "";
  note.hidden = !news.announcement;
  clockLine.hidden = !clock;
  bar.hidden = !clock && !news.announcement;
  clearInterval(ticker);
  ticker = clock ? setInterval(tick, 250) : null;
  if (!clock && told) {
    told = "";
    document.dispatchEvent(new CustomEvent("baska-clock", { detail: { state: "", round: 0 } }));
  }
  tick();
  document.dispatchEvent(new CustomEvent("baska-news", { detail: news }));
  if (shownBefore !== !bar.hidden) dispatchEvent(new Event("resize")); // (the page fits again)
}

let fed = false; // another script of the page hands on its own stream's events (board.js)

// The page's own stream of the board's events hands each one on (`hear`): the banner then
// opens none of its own (a browser holds only six connections to one server).
export function fedBy() {
  fed = true;
}

let own = null;
function listen() {
  const events = new EventSource(`${api}/board/events?lang=${encodeURIComponent(lang)}`);
  own = events;
  events.addEventListener("change", (event) => {
    const news = JSON.parse(event.data);
    if ("clock" in news || "announcement" in news) hear(news);
  });
  events.onerror = () => {
    if (events.readyState === EventSource.CLOSED) setTimeout(listen, 5000);
  };
}

body.prepend(bar);
setTimeout(() => fed || listen(), 0); // (after the page's other scripts said whether they feed it)
addEventListener("pagehide", () => own && own.close()); // (its connection freed at once)
