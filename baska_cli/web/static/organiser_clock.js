/* The organiser's page's clock and announcement: "Start the round's clock" (asked again,
   on the button itself, when the round's clock runs already), the announcement's field, and
   once the time is up (banner.js tells "baska-clock") the tables of that round still
   playing, from the hall organiser.js last read ("baska-hall"). Every text set as text. */

import { pageApi } from "./api.js";
import { $, say } from "./words.js";

const body = document.body;
const api = pageApi();
const start = $("start-clock");
const startWords = start.textContent;
let hall = null;
let clock = { state: "", round: 0 };
let again = false; // the next press starts the running clock again

function status(text, kind) {
  $("status").textContent = text;
  $("status").className = "status " + (kind || "");
}

function showTimeUp() {
  const line = $("time-up");
  const up = clock.state === "up" && hall && hall.round === clock.round && hall.drawn === clock.round;
  line.hidden = !up;
  if (!up) return;
  const playing = hall.tables.filter((t) => !t.in);
  line.textContent = playing.length
    ? say("still_playing", { tables: playing.map((t) => say("table", { table: t.table })).join(", ") })
    : say("none_playing");
  line.dataset.tables = playing.map((t) => t.table).join(",");
}

function reset() {
  again = false;
  start.textContent = startWords;
  start.classList.add("primary");
  start.classList.remove("danger");
}

start.addEventListener("click", async () => {
  start.disabled = true;
  try {
    const answer = await api.post("/hall/start", { restart: again }, true);
    if (answer.status === 409 && answer.json.running) {
      again = true;
      status(say("ask_restart", { round: answer.json.round }), "error");
      start.textContent = say("yes_restart");
      start.classList.replace("primary", "danger");
      return;
    }
    reset();
    status(answer.json.message || answer.json.error || String(answer.status),
      answer.status < 300 ? "ok" : "error");
  } catch (error) {
    status(String(error.message || error), "error");
  } finally {
    start.disabled = false;
  }
});

async function announce(data) {
  try {
    const answer = await api.post("/hall/announce", data, true);
    status(answer.json.message || answer.json.error || String(answer.status),
      answer.status < 300 ? "ok" : "error");
    if (answer.status < 300) $("announce-text").value = "";
  } catch (error) {
    status(String(error.message || error), "error");
  }
}

$("announce-form").addEventListener("submit", (event) => {
  event.preventDefault();
  announce({ text: $("announce-text").value });
});
$("clear-announcement").addEventListener("click", () => announce({ clear: true }));

document.addEventListener("baska-hall", (event) => {
  hall = event.detail;
  showTimeUp();
});
document.addEventListener("baska-clock", (event) => {
  clock = event.detail;
  if (clock.state !== "up") reset();
  showTimeUp();
});
