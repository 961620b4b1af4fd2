/* The table page of `baska serve`: who deals, the totals, the hand typed or tapped with its
   live preview, the hand recorded, corrections (their guards asked as questions), the sheet,
   standings and the end of the evening; live by server-sent events (live.js). What the
   player sends goes through the phone's outbox (outbox.js), in order, until the server has
   answered it. Plain browser modules. */

import { makeApi, newId } from "./api.js";
import { askCorrection } from "./correcting.js";
import { renderFinal, renderHands, renderPlaces } from "./lists.js";
import { makeLive } from "./live.js";
import { makeOutbox, makeSender, renderOutbox } from "./outbox.js";
import { makePad } from "./pad.js";
import { showPreview } from "./preview.js";
import { readLine } from "./typed.js";
import { $, el, say, signed, wireLanguages } from "./words.js";

const KEY = document.body.dataset.key;
const LANG = document.body.dataset.lang;
const SCOPE = JSON.parse(document.body.dataset.scope || "{}");
const TABLE = KEY + ":" + JSON.stringify(SCOPE); // the table's own storage: two never mix
const outbox = makeOutbox(TABLE);
const field = $("hand");
const state = {
  table: null,
  players: Array.from(document.querySelectorAll(".chip"), (b) => b.dataset.name),
  mode: { kind: "new" }, // or {kind: "amend", number, text}, or {kind: "last"}: `+words`
  openPanel: null,
  openHand: null,
  sheet: [], // the sheet's hands as last loaded
};
const api = makeApi({
  key: KEY,
  api: document.body.dataset.api,
  lang: LANG,
  onRetry: () => showStatus(say("retrying"), "warn"),
  scope: SCOPE,
});
const pad = makePad({
  field,
  players: () => state.players,
  rules: JSON.parse($("baska-rules").textContent), // (the ledger's rules never change)
  correcting: () => state.mode.kind === "last",
  corrected: () => (lastHand() || { hand: "" }).hand,
  changed: fieldChanged,
});
const handActions = {
  open: () => state.openHand,
  toggle: (n) => (state.openHand = state.openHand === n ? null : n),
  amend: (n, text) => startAmend(n, text),
  void: (n, text) => askVoid(n, text),
};

// --- the table: turn, totals, last hands ---------------------------------------------------

async function refresh() {
  let table;
  try {
    table = await api.getJSON("/table");
  } catch (error) {
    return;
  }
  show(table);
}

// The table's state shown: from GET /api/v1/table, or as an event of the stream brought it
// (which has no "tournament": the round and seats stay those shown).
function show(table) {
  if (!table.tournament && state.table && state.table.tournament) {
    table = { ...table, tournament: state.table.tournament };
  }
  state.table = table;
  state.players = table.players;
  $("turn").textContent = say("turn", { dealer: table.dealer, leader: table.leader });
  let deals;
  if (table.deals === null || table.deals === undefined) {
    deals = say("deal", { number: table.dealt + 1 });
  } else if (table.dealt >= table.deals) deals = say("all_played");
  else deals = say("deal_of", { number: table.dealt + 1, deals: table.deals });
  $("deals").textContent = deals;
  document.querySelectorAll("#totals li").forEach((li, seat) => {
    li.querySelector(".name").textContent = table.players[seat];
    li.querySelector(".points").textContent = signed(table.totals[seat]);
    li.classList.toggle("dealer", table.players[seat] === table.dealer);
    li.classList.toggle("leader", table.players[seat] === table.leader);
  });
  renderHands($("last"), table.last, state.players, handActions);
  document.dispatchEvent(new CustomEvent("baska:table", { detail: table })); // (news.js)
  schedulePreview();
  if (state.openPanel) loadPanel(state.openPanel);
}

function lastHand() {
  return (state.table && state.table.last && state.table.last[0]) || null;
}

// --- the live preview: POST /api/v1/preview a moment after each change ----------------------

let previewTimer = null;
let previewSeq = 0;

function fieldChanged() {
  pad.highlight();
  schedulePreview();
}

function schedulePreview() {
  clearTimeout(previewTimer);
  previewTimer = setTimeout(preview, 150);
}

function typedLine() {
  const text = field.value.trim();
  if (state.mode.kind === "last" && text && !text.startsWith("+")) return "+" + text;
  return text;
}

async function preview() {
  const seq = ++previewSeq;
  const text = typedLine();
  if (!text || text === "+") {
    showPreview($("preview"), null);
    return;
  }
  let answer;
  try {
    answer = await api.post("/preview", { hand: text }, true);
  } catch (error) {
    return;
  }
  if (seq !== previewSeq) return; // a newer line is being previewed
  showPreview($("preview"), answer.json || {});
}

// --- entering: hands, corrections, questions ------------------------------------------------

// What this phone's last change did (`why`: how a recorded hand scored, as `play` says it).
function showStatus(text, kind, why) {
  const status = $("status");
  status.replaceChildren(text || "");
  if (why) status.append(el("small", { class: "why" }, why));
  status.className = "status " + (kind || "");
}

function ask(message, yesWord, onYes, onNo) {
  $("question-text").textContent = message;
  const yes = $("question-yes");
  yes.textContent = yesWord;
  $("question").hidden = false;
  $("question").scrollIntoView({ block: "nearest" });
  yes.onclick = async () => {
    $("question").hidden = true;
    await onYes();
  };
  const no = $("question-no");
  no.onclick = () => {
    $("question").hidden = true;
    if (onNo) onNo();
  };
  no.focus(); // the safe answer is the default: a guard's question never writes by itself
}

function clearField() {
  field.value = state.mode.kind === "last" ? "+" : "";
  $("preview").replaceChildren();
  fieldChanged();
}

async function submit(event) {
  if (event) event.preventDefault();
  const text = typedLine();
  if (!text || text === "+") return;
  const line =
    state.mode.kind === "amend"
      ? { kind: "amend", number: state.mode.number, text }
      : readLine(text);
  if (line.kind === "panel" || line.kind === "undo" || line.kind === "void") {
    clearField();
    if (line.kind === "panel") openPanel(line.panel);
    else if (line.kind === "undo") askUndo();
    else askVoid(line.number, "");
    return;
  }
  // What was typed, with its mode: back in the field if the change is refused.
  const typed = { text: field.value, mode: state.mode };
  if (line.kind === "hand") {
    enter();
    send({ path: "/hands", data: { hand: line.text }, label: line.text }, typed);
  } else {
    await askCorrection(line, {
      api,
      known: knownHand,
      lastHand,
      was: state.mode.text || "",
      status: showStatus,
      ask,
      send: (change) => {
        enter();
        send(change, typed);
      },
    });
  }
}

// The page back to plain entry (the next hand can be typed while this one is sent): a
// correction's mode and its "+" never outlive it.
function enter() {
  setMode({ kind: "new" });
  clearField();
}

// A change into the outbox with its client id (kept before it is sent), then the outbox sent.
function send(change, typed) {
  outbox.add({ key: newId(), id: newId(), confirm: [], typed, ...change });
  showOutbox();
  flush();
}

function showOutbox() {
  renderOutbox($("outbox"), outbox.items());
}

const sender = makeSender({
  api,
  outbox,
  shown: showOutbox,
  status: showStatus,
  ask,
  refresh,
  putBack,
  done,
});
const flush = sender.flush;

// A recorded hand by its number, as the page last had it ({number, hand, changes}).
function knownHand(number) {
  const known = [...((state.table && state.table.last) || []), ...state.sheet];
  return known.find((hand) => hand.number === number) || null;
}

// What was sent, back in the field with its mode, unless another line was typed meanwhile.
function putBack(typed) {
  if (!typed) return;
  const now = field.value.trim();
  if (now === "" || now === "+") {
    setMode(typed.mode);
    field.value = typed.text;
    fieldChanged();
  }
}

function done(json) {
  if (json.action === "undo") return say("undone", { number: json.number, text: json.old });
  if (json.action === "void") return say("voided", { number: json.number, text: json.old });
  if (json.action === "amend") return say("amended", { number: json.number, new: json.new });
  return say("recorded", { number: json.number, text: json.hand });
}

function askUndo() {
  const last = lastHand();
  if (!last) return;
  const question = say("undo_q", { number: last.number, text: last.hand });
  // (the hand's number goes with it: sent late, it takes back no other phone's hand)
  const data = { number: last.number };
  ask(question, say("yes_undo"), () => send({ path: "/undo", data, label: say("undo_item") }));
}

function askVoid(number, text) {
  state.openHand = null;
  const known = ((state.table && state.table.last) || []).find((h) => h.number === number);
  const question = say("void_q", { number, text: text || (known ? known.hand : "") });
  const label = say("void_item", { number });
  ask(question, say("yes_void"), () => send({ path: "/hands/" + number + "/void", data: {}, label }));
}

function setMode(mode) {
  state.mode = mode;
  $("pad").dataset.mode = mode.kind;
  const last = lastHand();
  $("mode").hidden = mode.kind === "new";
  if (mode.kind === "amend") {
    $("mode-text").textContent = say("amending", { number: mode.number, text: mode.text });
    $("record").textContent = say("amend_n", { number: mode.number });
  } else if (mode.kind === "last") {
    const which = last ? " (" + last.number + ". " + last.hand + ")" : "";
    $("mode-text").textContent = say("correcting_last") + which;
    $("record").textContent = say("amend_n", { number: last ? last.number : "" });
  } else {
    $("record").textContent = say("record");
  }
  pad.highlight();
}

function startAmend(number, text) {
  state.openHand = null;
  setMode({ kind: "amend", number, text });
  pad.fill(text); // (as if selected: the first tap replaces, pad.js)
  field.scrollIntoView({ block: "center" });
}

function startCorrectLast() {
  if (!lastHand()) return;
  setMode({ kind: "last" });
  clearField();
  field.scrollIntoView({ block: "center" });
}

// --- the sheet, standings, end of the evening -----------------------------------------------

function openPanel(name) {
  state.openPanel = state.openPanel === name ? null : name;
  document.querySelectorAll("[role=tab]").forEach((tab) => {
    tab.setAttribute("aria-selected", String(tab.dataset.panel === state.openPanel));
  });
  document.querySelectorAll(".panel").forEach((panel) => {
    panel.hidden = panel.id !== "panel-" + state.openPanel;
  });
  if (state.openPanel) loadPanel(state.openPanel);
}

async function loadPanel(name) {
  try {
    if (name === "sheet") {
      const sheet = await api.getJSON("/sheet");
      state.sheet = sheet.hands;
      renderHands($("sheet"), sheet.hands, state.players, handActions);
    } else if (name === "standings") {
      renderPlaces($("standings"), (await api.getJSON("/standings")).standings);
    } else if (name === "final") {
      const stake = $("stake").value.trim().replace(",", ".") || "0.10";
      const final = await api.getJSON("/final", { stake });
      renderFinal(final, { table: $("final-table"), settlement: $("settlement"), stats: $("stats") });
    }
  } catch (error) {
    showStatus(String(error.message || error), "error");
  }
}

// --- live: server-sent events, and catching up when the phone wakes -------------------------

const live = makeLive({
  address: api.url("/events", { key: KEY }),
  badge: $("live"),
  onOpen: () => {
    refresh(); // what was written while the stream was down
    flush(); // what waits: the server answers again
  },
  onChange: (event) => {
    let data = {};
    try {
      data = JSON.parse(event.data);
    } catch (error) {
      data = {};
    }
    // (other parts of the page — a tournament's confirmations — hear of every change)
    document.dispatchEvent(new CustomEvent("baska:change"));
    const version = data.version || null;
    if (state.table && version !== null && version === state.table.version) return;
    if (data.table && data.table.version === version) show(data.table);
    else refresh(); // (an event without the state: the ledger could not be read)
  },
});

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState !== "visible") return;
  refresh();
  flush();
});
window.addEventListener("online", flush);

// --- wiring ---------------------------------------------------------------------------------

pad.wire();
const tabs = document.querySelectorAll("[role=tab]");
tabs.forEach((b) => b.addEventListener("click", () => openPanel(b.dataset.panel)));
$("clear").addEventListener("click", clearField);
field.addEventListener("input", fieldChanged);
$("hand-form").addEventListener("submit", submit);
$("mode-cancel").addEventListener("click", () => enter());
$("undo").addEventListener("click", askUndo);
$("correct-last").addEventListener("click", startCorrectLast);
document.addEventListener("baska:send", (event) => send(event.detail)); // news.js's "Undo"
$("stake-form").addEventListener("submit", (event) => event.preventDefault() || loadPanel("final"));
wireLanguages();

pad.highlight();
showOutbox();
live.start();
refresh();
flush(); // what waited when the page was closed: sent as soon as the server answers
