/* The end of the evening: once the plan's last deal is played the pad gives way to the
   final table — places and totals, who pays whom at the table's stake (the server's words
   and amounts), the running totals (an SVG the server draws) and the report to print or
   share — with a way back to the pad for a correction. At a tournament's table (the hall's,
   or a table's ledger served alone: /final names its round and table) it is the end of the
   round at that table: each player's place points, no money; in the hall, once its result
   is confirmed (confirm.js), each player's table in the next round as soon as it is drawn.
   Looks again whenever the table page shows a change. */

import { pageApi, pageScope } from "./api.js";
import { $, el, gainClass, sayer, signed } from "./words.js";

const say = sayer("end-words");
const body = document.body;
const scope = pageScope();
const api = pageApi();
const tournament = Boolean($("end-next"));
const TABLE = body.dataset.key + ":" + JSON.stringify(scope);
const shown = { over: false, pad: false, timer: null, busy: false, again: false };

// The stake typed last at this table (kept on the phone), else the page's (0,10 zł).
function stake() {
  const field = $("end-stake");
  if (!field) return null;
  return field.value.trim() || field.defaultValue;
}

function keepStake() {
  try {
    localStorage.setItem("baska-stake:" + TABLE, stake());
  } catch (error) {
    /* a private window: kept for this page only */
  }
}

function recallStake() {
  const field = $("end-stake");
  if (!field) return;
  try {
    field.value = localStorage.getItem("baska-stake:" + TABLE) || field.value;
  } catch (error) {
    /* nothing kept */
  }
}

// Who this phone is at a tournament's table (confirm.js remembers it).
function me() {
  try {
    return localStorage.getItem("baska-me:" + TABLE);
  } catch (error) {
    return null;
  }
}

// The end view in the pad's place, or the pad back (with a bar that shows the end again).
function layout() {
  const end = shown.over && !shown.pad;
  $("end").hidden = !end;
  $("end-bar").hidden = !(shown.over && shown.pad);
  body.classList.toggle("ended", end);
}

function places(rows, points) {
  const table = $("end-places");
  table.replaceChildren();
  for (const row of rows) {
    const cells = [
      el("td", { class: "place" }, row.place + "."),
      el("td", { class: "who" }, row.player),
      el("td", { class: "sum " + gainClass(row.total) }, signed(row.total)),
    ];
    const pp = points && points[row.player];
    if (pp) cells.push(el("td", { class: "pp" }, say("place_points", { points: pp })));
    table.append(el("tr", {}, ...cells));
  }
}

function payments(list) {
  const box = $("end-payments");
  if (!box) return;
  box.replaceChildren();
  if (!list || !list.length) box.append(el("li", {}, say("nobody_pays")));
  for (const p of list || []) {
    const amount = el("span", { class: "amount" }, p.amount);
    box.append(el("li", {}, el("b", {}, p.from), " → ", el("b", {}, p.to), ": ", amount));
  }
}

// The server's SVG (its names escaped there) parsed as SVG, never as HTML, and put in.
function chart(svg) {
  const parsed = new DOMParser().parseFromString(svg, "image/svg+xml").documentElement;
  const box = $("end-chart");
  if (parsed.nodeName !== "svg") return box.replaceChildren();
  parsed.removeAttribute("width");
  parsed.removeAttribute("height");
  box.replaceChildren(document.importNode(parsed, true));
}

function nextTables(next) {
  const box = $("end-next");
  box.replaceChildren();
  $("end-back").hidden = next.status === "confirmed"; // (the organiser's to correct then)
  if (next.status !== "confirmed") return;
  if (next.next_round === null) {
    box.append(el("p", {}, say("last_round")));
    return;
  }
  if (!next.drawn) {
    box.append(el("p", {}, say("not_drawn", { round: next.next_round })));
    return;
  }
  const mine = me();
  const list = el("ul", {});
  const seats = [...next.seats].sort((a, b) => (b.player === mine) - (a.player === mine));
  for (const seat of seats) {
    const who = seat.player === mine ? say("next_me", { name: seat.player }) : seat.player;
    const item = el("li", { class: seat.player === mine ? "mine" : "" }, who);
    item.append(el("span", { class: "where-next" }, seat.text));
    list.append(item);
  }
  box.append(list);
}

// A tournament table's words (its ledger served alone: the page was made as an evening's).
function asTable(table) {
  $("end-title").textContent = say("end_table", table);
  const form = $("end-stake-form");
  if (form) form.remove(); // (no stake is asked, none is sent)
}

async function showEnd() {
  // (the chart drawn for its box, in the phone's own text size: larger with large text)
  const small = parseFloat(getComputedStyle(document.documentElement).fontSize) * 0.8125;
  const size = { width: Math.round($("end-chart").clientWidth || 320), text: Math.round(small) };
  const final = await api.getJSON("/final", stake() === null ? size : { ...size, stake: stake() });
  const table = final.table; // (null: an evening's)
  if (table && !tournament) asTable(table);
  const money = $("end-money");
  if (money) money.hidden = Boolean(table);
  const points = table
    ? Object.fromEntries(final.standings.map((s) => [s.player, s.place_points_text]))
    : null;
  places(final.standings, points);
  payments(final.payments);
  chart(final.chart);
  // (a link sends no header: the key goes in its query, as the event stream's does)
  const query = table || stake() === null ? { key: body.dataset.key } : { key: body.dataset.key, stake: stake() };
  $("end-report").href = api.url("/report", query);
  if (!tournament) return;
  const next = await api.getJSON("/next");
  if (next.places && next.places.length) {
    const points = Object.fromEntries(next.places.map((p) => [p.player, p.place_points_text]));
    places(final.standings, points);
  }
  nextTables(next);
}

// The table as it is now: over or not; the end view filled in when it is.
async function look() {
  if (shown.busy) {
    shown.again = true;
    return;
  }
  shown.busy = true;
  try {
    const table = await api.getJSON("/table");
    const over = table.deals !== null && table.deals !== undefined && table.dealt >= table.deals;
    // the last deal just played: the end shows (unless a correction was begun meanwhile)
    if (over && !shown.over && $("mode").hidden) shown.pad = false;
    shown.over = over;
    layout();
    if (over) await showEnd();
  } catch (error) {
    /* no connection: the next change looks again */
  } finally {
    shown.busy = false;
    if (shown.again) {
      shown.again = false;
      soon();
    }
  }
}

function soon() {
  clearTimeout(shown.timer);
  shown.timer = setTimeout(look, 250);
}

function start() {
  recallStake();
  $("end-back").addEventListener("click", () => {
    shown.pad = true;
    layout();
    $("hand").scrollIntoView({ block: "center" });
  });
  $("end-show").addEventListener("click", () => {
    shown.pad = false;
    layout();
    $("end").scrollIntoView({ block: "start" });
  });
  const form = $("end-stake-form");
  if (form) {
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      keepStake();
      showEnd().catch((error) => {
        const why = el("li", { class: "status error" }, String(error.message || error));
        $("end-payments").replaceChildren(why);
      });
    });
  }
  // The table page rewrites its deals line at every change it shows; a tournament's words,
  // paper totals and draws change no ledger: the stream's event says so.
  const deals = { childList: true, characterData: true, subtree: true };
  new MutationObserver(soon).observe($("deals"), deals);
  // a correction begun (a hand's "Correct", "Correct the last"): the pad comes back for it
  new MutationObserver(() => {
    if ($("mode").hidden || shown.pad) return;
    shown.pad = true;
    layout();
  }).observe($("mode"), { attributes: true, attributeFilter: ["hidden"] });
  document.addEventListener("baska:change", soon);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") soon();
  });
  look();
}

start();
