/* The organiser's page: the round's tables and their states from GET /api/v1/hall, asked
   again every two seconds (or four times as long as the last answer took); the actions
   (walk-out, accept, a paper result, a withdrawal, the draw) each asked in a dialog first,
   then posted once. Every name is set as text. */

import { pageApi } from "./api.js";
import { card } from "./hall_cards.js";
import { $, el, say, signed } from "./words.js";

const body = document.body;
const api = pageApi();
const POLL_MS = 2000;

let hall = null; // the last answer of GET /api/v1/hall
let asked = null; // the round chosen in the list (null: the newest)
let onlyAttention = localStorage.getItem("baska-organiser-attention") === "1";
let timer = null;

let statusTimer = null;
function status(text, kind) {
  const line = $("status");
  line.textContent = text;
  line.className = "status " + (kind || "");
  clearTimeout(statusTimer);
  if (kind === "ok") statusTimer = setTimeout(() => status("", ""), 12000);
}

// --- reading the hall ----------------------------------------------------------------------

let tag = null; // the ETag of the hall shown: asked again, "304 Not Modified" while it holds

async function fetchHall() {
  const since = tag && hall ? { "If-None-Match": tag } : {};
  const answer = await api.get("/hall", asked ? { round: asked } : {}, since);
  if (answer.status === 304) return false;
  if (!answer.ok) throw new Error((await answer.json().catch(() => ({}))).error || answer.status);
  hall = await answer.json();
  tag = answer.headers.get("ETag");
  return true;
}

// the next look: two seconds after the answer, longer when the server took long to make it
// (a hall of a hundred tables: no organiser's page may keep the server busy)
async function refresh() {
  clearTimeout(timer);
  const started = performance.now();
  try {
    if (await fetchHall()) show();
    $("live").textContent = say("live_on");
    $("live").classList.add("on");
  } catch (error) {
    $("live").textContent = say("live_off");
    $("live").classList.remove("on");
  }
  const took = performance.now() - started;
  if (!document.hidden) timer = setTimeout(refresh, Math.max(POLL_MS, 4 * took));
}

function show() {
  const title = say("title", { tournament: hall.tournament });
  $("title").textContent = title;
  document.title = title;
  showSummary();
  showProblems();
  showTables();
  showBehind();
  showNext();
  showRound();
  showPrints();
  showPlayers();
  document.dispatchEvent(new CustomEvent("baska-hall", { detail: hall })); // (organiser_clock.js)
}

function showSummary() {
  const done = hall.tables.filter((t) => t.in).length;
  $("round-line").textContent = hall.round
    ? say("round_of", { round: hall.round, rounds: hall.rounds }) + " · " +
      say("in_of", { done, count: hall.tables.length })
    : say("no_round");
  const counts = $("counts");
  counts.replaceChildren();
  for (const { status: name, word, count } of hall.counts) {
    const item = el("li", { class: "badge s-" + name });
    item.dataset.status = name;
    item.append(
      el("span", { class: "dot" }),
      el("span", { class: "word" }, word),
      el("b", { class: "count" }, String(count)),
    );
    counts.append(item);
  }
  const pick = $("round");
  const wanted = [];
  for (let r = hall.drawn; r >= 1; r--) wanted.push(String(r));
  if ([...pick.options].map((o) => o.value).join() !== wanted.join()) {
    pick.replaceChildren(...wanted.map((r) => el("option", {}, r)));
    [...pick.options].forEach((o, i) => (o.value = wanted[i]));
  }
  pick.value = String(hall.round);
  pick.disabled = !hall.drawn;
  const attention = hall.tables.filter((t) => t.attention).length;
  $("show-all").textContent = say("all", { count: hall.tables.length });
  $("show-attention").textContent = say("attention", { count: attention });
  $("show-all").setAttribute("aria-pressed", String(!onlyAttention));
  $("show-attention").setAttribute("aria-pressed", String(onlyAttention));
}

function showProblems() {
  const problems = hall.problems || [];
  $("problems").hidden = problems.length === 0;
  $("problems").replaceChildren(...problems.map((text) => el("li", {}, text)));
}

function showTables() {
  const list = $("tables");
  const open = document.activeElement && document.activeElement.closest("#tables li");
  const keep = open ? open.dataset.table : null;
  list.replaceChildren();
  const shown = hall.tables.filter((t) => !onlyAttention || t.attention);
  for (const table of shown) list.append(card(table, asks));
  const empty = $("empty");
  empty.hidden = shown.length > 0 || !hall.round;
  empty.textContent = say("nothing");
  if (keep) {
    const again = list.querySelector(`li[data-table="${keep}"] .actions a, li[data-table="${keep}"] .actions button`);
    if (again) again.focus({ preventScroll: true });
  }
}

function showBehind() {
  const late = hall.behind || [];
  $("behind").hidden = late.length === 0;
  $("behind-list").replaceChildren(
    ...late.map((t) => {
      const item = el("li", { class: "s-" + t.status });
      const open = el("a", {}, say("behind", { round: t.round, table: t.table, state: t.word }));
      open.href = t.page;
      item.append(open);
      return item;
    }),
  );
}

function showNext() {
  const newest = hall.round === hall.drawn;
  $("next").hidden = !newest;
  const drawButton = $("draw");
  if (hall.next_round === null) {
    drawButton.hidden = true;
    $("draw-note").textContent = hall.drawn ? say("all_drawn", { rounds: hall.rounds }) : "";
    return;
  }
  drawButton.hidden = false;
  drawButton.textContent = say("draw", { round: hall.next_round });
  drawButton.classList.toggle("primary", hall.all_in || hall.closed);
  $("draw-note").textContent = !hall.round || (hall.closed && !hall.all_in)
    ? ""
    : hall.all_in
      ? say("all_in", { round: hall.round })
      : say("waiting_for", { tables: hall.waiting_for });
}

function showRound() {
  const shown = Boolean(hall.round);
  $("round-actions").hidden = !shown;
  $("closed-note").hidden = !hall.closed;
  $("closed-note").textContent = hall.closed ? say("closed", { round: hall.round }) : "";
  $("close-round").hidden = !shown || hall.closed;
  $("close-round").textContent = say("close", { round: hall.round });
  $("undo-draw").hidden = !hall.undo;
  $("undo-draw").textContent = say("undo", { round: hall.round });
}

function showPrints() {
  for (const name of ["seating", "sheets", "standings"]) {
    const link = $("print-" + name);
    const href = hall.print[name];
    if (href) link.href = href + "?lang=" + body.dataset.lang;
    else link.removeAttribute("href");
    link.classList.toggle("off", !href);
  }
}

function showPlayers() {
  const pick = $("withdraw-player");
  const names = hall.players.map((p) => p.name);
  if ([...pick.options].map((o) => o.value).join("\n") === names.join("\n")) return;
  pick.replaceChildren(
    ...hall.players.map((p) => {
      const option = el("option", {}, p.display === p.name ? p.name : `${p.display} (${p.name})`);
      option.value = p.name;
      return option;
    }),
  );
}

// --- asking, then posting ------------------------------------------------------------------

let pending = null; // what the dialog's yes does: async () => answer or null

function ask(text, yes, fields, doIt, note) {
  $("ask-text").textContent = text;
  $("ask-fields").replaceChildren(...(fields || []));
  $("ask-note").hidden = !note;
  $("ask-note").textContent = note || "";
  $("ask-error").hidden = true;
  $("ask-yes").textContent = yes;
  $("ask-yes").disabled = false;
  $("ask-yes").classList.remove("danger");
  pending = doIt;
  $("ask").showModal();
  const first = $("ask-fields").querySelector("select, input");
  (first || $("ask-yes")).focus();
}

function closeAsk() {
  pending = null;
  $("ask").close();
}

async function send(path, data) {
  status(say("saving"), "");
  const answer = await api.post(path, data, true);
  if (answer.status < 300) {
    closeAsk();
    status(answer.json.message, "ok");
    refresh();
    return null;
  }
  return answer;
}

function refusal(answer) {
  $("ask-error").hidden = false;
  $("ask-error").textContent = answer.json.error || String(answer.status);
  status("", "");
}

function totalsText(table) {
  return table.players.map((name, seat) => `${name} ${table.totals ? signed(table.totals[seat]) : "–"}`).join(", ");
}

// No player is chosen at first: one tap must not record the wrong player.
function askWalkout(table) {
  const pick = el("select");
  pick.id = "walkout-player";
  const none = el("option", {}, say("pick_walkout"));
  none.value = "";
  none.disabled = true;
  none.selected = true;
  pick.append(none);
  for (const name of table.players.filter((p) => !table.walked_out.includes(p))) {
    const option = el("option", {}, name);
    option.value = name;
    pick.append(option);
  }
  ask(say("ask_walkout", table), say("yes_walkout"), [pick], async () =>
    pick.value ? send("/hall/walkout", { round: table.round, table: table.table, player: pick.value }) : null,
  );
  $("ask-yes").disabled = true;
  pick.addEventListener("change", () => {
    $("ask-yes").disabled = !pick.value;
  });
}

function askUndoWalkout(table, name) {
  ask(say("ask_undo_walkout", { ...table, name }), say("yes_undo_walkout"), [], () =>
    send("/hall/walkout", { round: table.round, table: table.table, player: name, undo: true }),
  );
}

function askAccept(table) {
  const text = table.status === "disputed" ? "ask_accept_disputed" : "ask_accept";
  ask(say(text, { ...table, totals: totalsText(table) }), say("yes_accept"), [], () =>
    send("/hall/accept", { round: table.round, table: table.table }),
  );
}

// a table cut by the clock: the deals it played, once the round's time is up or it is closed
function askAcceptShort(table) {
  ask(say("ask_accept_short", { ...table, totals: totalsText(table) }), say("yes_accept"), [], () =>
    send("/hall/accept", { round: table.round, table: table.table }),
  );
}

function askResult(table, correct) {
  const inputs = table.players.map((name, seat) => {
    const label = el("label", { class: "total" });
    label.append(el("span", { class: "name" }, name));
    const input = el("input");
    input.type = "text";
    input.inputMode = "numeric";
    input.autocomplete = "off";
    input.dataset.seat = seat + 1;
    input.value = table.totals ? signed(table.totals[seat]) : "";
    label.append(input);
    return label;
  });
  const fields = el("div", { class: "totals-form" });
  fields.append(...inputs);
  const text = say(correct ? "ask_correct" : "ask_result", table);
  ask(text, correct ? say("yes_correct") : say("yes_result"), [fields], () => {
    const empty = [...fields.querySelectorAll("input")].find((i) => !i.value.trim());
    if (empty) {
      empty.focus();
      return null;
    }
    const entries = [...fields.querySelectorAll("input")].map((i) => {
      const typed = i.value.trim();
      return `${i.dataset.seat}=${/^[+-]/.test(typed) || typed === "0" ? typed : "+" + typed}`;
    });
    return send("/hall/result", { round: table.round, table: table.table, entries, correct });
  });
}

function askWithdraw(name) {
  const player = hall.players.find((p) => p.name === name);
  ask(say("ask_withdraw", { name: player ? player.display : name }), say("yes_withdraw"), [], () =>
    send("/hall/withdraw", { player: name }),
  );
}

function askDraw() {
  let anyway = false;
  const round = hall.next_round; // (drawn meanwhile from another phone: shown, not drawn twice)
  ask(say("ask_draw", { round }), say("yes_draw"), [], async () => {
    const answer = await send("/hall/draw", { round, anyway });
    if (answer && answer.status === 409 && !anyway) {
      anyway = true;
      $("ask-yes").textContent = say("yes_draw_anyway");
      $("ask-yes").classList.add("danger");
      $("ask-note").hidden = false;
      $("ask-note").textContent = say("anyway_note");
      asked = null;
    }
    return answer;
  });
}

function askClose() {
  const round = hall.round;
  ask(say("ask_close", { round }), say("yes_close"), [], () => send("/hall/close", { round }));
}

function askUndo() {
  const round = hall.drawn;
  ask(say("ask_undo", { round }), say("yes_undo"), [], () => send("/hall/undo", { round }));
}

const asks = {
  accept: askAccept,
  acceptShort: askAcceptShort,
  result: askResult,
  walkout: askWalkout,
  undoWalkout: askUndoWalkout,
};

$("ask-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  if (!pending) return;
  $("ask-yes").disabled = true;
  try {
    const answer = await pending();
    if (answer) refusal(answer);
  } catch (error) {
    refusal({ status: 0, json: { error: say("live_off") } });
  }
  $("ask-yes").disabled = false;
});
$("ask-no").addEventListener("click", closeAsk);
$("status").addEventListener("click", () => status("", ""));
$("ask").addEventListener("close", () => (pending = null));

$("draw").addEventListener("click", askDraw);
$("close-round").addEventListener("click", askClose);
$("undo-draw").addEventListener("click", askUndo);
$("withdraw-form").addEventListener("submit", (event) => {
  event.preventDefault();
  if ($("withdraw-player").value) askWithdraw($("withdraw-player").value);
});
$("round").addEventListener("change", () => {
  asked = $("round").value === String(hall.drawn) ? null : $("round").value;
  tag = null;
  refresh();
});
function filter(attention) {
  onlyAttention = attention;
  localStorage.setItem("baska-organiser-attention", attention ? "1" : "0");
  if (hall) show();
}
$("show-all").addEventListener("click", () => filter(false));
$("show-attention").addEventListener("click", () => filter(true));
document.addEventListener("visibilitychange", () => {
  if (!document.hidden) refresh();
});
refresh();
