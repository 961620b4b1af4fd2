/* The registration desk on the organiser's page: a search box (three letters of a name, or
   an id) listing the players it finds from GET /api/v1/hall/desk (none found: the nearest
   spellings of a surname, said so), each with its short form, club and id beside the name,
   and one tap per player — "present", "paid" — posted with a client-made id (retried with
   the same id: recorded once); the totals (registered, present, paid, the cash, the unpaid)
   asked again every two seconds. Every name is set as text. */

import { newId, pageApi } from "./api.js";
import { $, el, say } from "./words.js";

const body = document.body;
const api = pageApi();
const POLL_MS = 2000;
const MARKS = ["present", "paid"];

let fee = 0; // the tournament's entry fee (0: none, so no "paid" button)
let asked = 0; // the number of the last search sent: an older answer is not shown
let shown = 0; // the number of the search whose answer is shown
let timer = null;
let typing = null;

function counts(answer) {
  fee = answer.fee;
  $("desk-counts").textContent = answer.counts;
  for (const name of ["registered", "present", "paid"]) $("desk").dataset[name] = answer[name];
}

// A player's buttons as the server says they are (a button waiting for its answer is left).
function paint(row, line) {
  for (const tap of row.querySelectorAll(".mark")) {
    tap.hidden = tap.dataset.mark === "paid" && !fee;
    if (!tap.classList.contains("saving")) tap.setAttribute("aria-pressed", String(line[tap.dataset.mark]));
  }
}

function item(line) {
  const row = el("li", { class: "desk-line" });
  row.dataset.player = line.player;
  const who = el("span", { class: "who" }, line.full_name || line.player);
  const more = [line.full_name ? line.player : "", line.club || "", line.id ? say("id", { id: line.id }) : ""];
  who.append(el("small", {}, more.filter(Boolean).join(" · ")));
  row.append(who);
  for (const mark of MARKS) {
    const tap = el("button", { class: "mark " + mark }, say(mark));
    tap.type = "button";
    tap.dataset.mark = mark;
    tap.addEventListener("click", () => tapped(row, tap));
    row.append(tap);
  }
  paint(row, line);
  return row;
}

// The players found: those shown already are painted again in place (a button is never
// swapped under a finger about to tap it).
function list(answer, typed) {
  const found = $("desk-found");
  const rows = [...found.children];
  const same = rows.length === answer.players.length &&
    rows.every((row, i) => row.dataset.player === answer.players[i].player);
  if (same) rows.forEach((row, i) => paint(row, answer.players[i]));
  else found.replaceChildren(...answer.players.map(item));
  $("desk-none").hidden = (answer.players.length > 0 && !answer.near) || !typed.trim();
  $("desk-none").textContent = say(answer.near && answer.players.length ? "desk_near" : "desk_none", { typed });
}

async function look() {
  clearTimeout(timer);
  const typed = $("desk-search").value;
  const number = ++asked;
  try {
    const answer = await api.getJSON("/hall/desk", { q: typed });
    if (number >= shown) {
      shown = number;
      counts(answer);
      list(answer, typed);
    }
  } catch (error) {
    // (offline: the page's own line says so; asked again below)
  }
  if (!document.hidden) timer = setTimeout(look, POLL_MS);
}

// One tap: shown at once, posted with its id until the server answers; then the search box
// is ready for the next name (what is typed replaces the last).
async function tapped(row, tap) {
  const mark = tap.dataset.mark;
  const value = tap.getAttribute("aria-pressed") !== "true";
  tap.setAttribute("aria-pressed", String(value));
  tap.classList.add("saving");
  const data = { player: row.dataset.player, mark, value, id: newId() };
  const answer = await api.post("/hall/checkin", data);
  tap.classList.remove("saving");
  if (answer.status < 300) {
    counts(answer.json);
    paint(row, answer.json.players[0]);
    $("desk-said").textContent = answer.json.message;
    const search = $("desk-search");
    search.focus({ preventScroll: true });
    search.select();
  } else {
    tap.setAttribute("aria-pressed", String(!value));
    $("desk-said").textContent = answer.json.error || String(answer.status);
  }
}

$("desk-search").addEventListener("input", () => {
  clearTimeout(typing);
  typing = setTimeout(look, 120);
});
// Enter with one player found: that player present (a key, not a tap, at a laptop)
$("desk-search").addEventListener("keydown", (event) => {
  if (event.key !== "Enter") return;
  event.preventDefault();
  const rows = $("desk-found").children;
  const tap = rows.length === 1 ? rows[0].querySelector('.mark.present[aria-pressed="false"]') : null;
  if (tap) tap.click();
});
document.addEventListener("visibilitychange", () => {
  if (!document.hidden) look();
});
look();
