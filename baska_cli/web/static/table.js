/* The table page: who deals, the totals, the hand typed or tapped with its live preview, the
   hand recorded, corrections (their guards and conflicts asked as questions), the sheet,
   standings and the end of the evening; live by the table's events. What the player sends
   names the hand it means (intents.js) and goes through the phone's outbox (outbox.js),
   kept on the phone before the page says it waits, in order, until the server has answered
   it. `startTable(transport)` runs it over a transport: {api (api.js's client), live(handlers)
   (live.js's makeLive for `baska serve`)}; baska.js starts it over HTTP. */

import { newId } from "./api.js";
import { askCorrection } from "./correcting.js";
import { newHand, undo, voiding } from "./intents.js";
import { renderFinal, renderHands, renderPlaces } from "./lists.js";
import { makeOutbox, makeSender, renderOutbox } from "./outbox.js";
import { makePad } from "./pad.js";
import { showPreview } from "./preview.js";
import { openStore } from "./store.js";
import { readLine } from "./typed.js";
import { $, el, say, signed, wireLanguages } from "./words.js";

const KEY = document.body.dataset.key;
const SCOPE = JSON.parse(document.body.dataset.scope || "{}");
const TABLE = KEY + ":" + JSON.stringify(SCOPE); // the table's own storage: two never mix
const DRAFT_AFTER = 200; // ms after the last keystroke the half-typed hand is kept

let api = null; // the transport's API client (startTable)
let store = null; // the phone's storage of this table (store.js)
let outbox = null;
let flush = () => {};
const field = $("hand");
const state = {
  table: null,
  players: Array.from(document.querySelectorAll(".chip"), (b) => b.dataset.name),
  mode: { kind: "new" }, // or {kind: "amend", number, text}, or {kind: "last", number, text}
  openPanel: null,
  openHand: null,
  sheet: [], // the sheet's hands as last loaded
};
const pad = makePad({
  field,
  players: () => state.players,
  rules: JSON.parse($("baska-rules").textContent), // (the ledger's rules never change)
  correcting: () => state.mode.kind === "last",
  corrected: () => state.mode.text || "",
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
let draftTimer = null;

function fieldChanged() {
  pad.highlight();
  schedulePreview();
  clearTimeout(draftTimer);
  draftTimer = setTimeout(keepDraft, DRAFT_AFTER);
}

// The half-typed hand kept on the phone (a reload, a discarded tab bring it back).
function keepDraft() {
  const text = field.value;
  const draft = text.trim() && text.trim() !== "+" ? { text, mode: state.mode } : null;
  store.keepDraft(draft).catch(() => {});
}

async function restoreDraft() {
  let draft = null;
  try {
    draft = await store.draft();
  } catch (error) {
    return;
  }
  if (!draft || field.value.trim()) return;
  if (draft.mode && draft.mode.kind !== "new") setMode(draft.mode);
  field.value = draft.text;
  fieldChanged();
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
  // (a correction of the last hand is previewed on the hand it means, as the mode shows it)
  const pinned = state.mode.kind === "last" ? { number: state.mode.number } : {};
  let answer;
  try {
    answer = await api.post("/preview", { hand: text, ...pinned }, true);
  } catch (error) {
    // offline: the preview needs the server; what will be sent, as typed
    if (seq === previewSeq) showPreview($("preview"), { kind: "offline", lines: [say("preview_offline"), say("will_send", { text })] });
    return;
  }
  if (seq !== previewSeq) return; // a newer line is being previewed
  showPreview($("preview"), answer.json || {});
}

// --- entering: hands, corrections, questions ------------------------------------------------

const LARGE_TEXT = "(max-height: 34em)"; // (baska.css: a screen shorter than 34 lines)

// What this phone's last change did (`why`: how a recorded hand scored, as `play` says it);
// with large text also in the preview's place while nothing is typed, where the player looks.
function showStatus(text, kind, why) {
  const status = $("status");
  status.replaceChildren(text || "");
  if (why) status.append(el("small", { class: "why" }, why));
  status.className = "status " + (kind || "");
  const preview = $("preview");
  const large = window.matchMedia && window.matchMedia(LARGE_TEXT).matches;
  if (!large || typedLine()) return;
  preview.replaceChildren();
  preview.className = "preview";
  if (text) preview.append(el("p", { class: "status " + (kind || "") }, text));
}

// A question with its answers (`buttons`: [{label, run}], up to three): the last one is the
// default (focused: Enter), which never writes by itself.
function ask(message, buttons) {
  $("question-text").textContent = message;
  const places = [$("question-yes"), $("question-other")];
  const safe = buttons[buttons.length - 1];
  const others = buttons.slice(0, -1);
  places.forEach((button, index) => {
    const answer = others[index];
    button.hidden = !answer;
    if (!answer) return;
    button.textContent = answer.label;
    button.onclick = async () => {
      $("question").hidden = true;
      await answer.run();
    };
  });
  const no = $("question-no");
  no.textContent = safe.label;
  no.onclick = async () => {
    $("question").hidden = true;
    if (safe.run) await safe.run();
  };
  $("question").hidden = false;
  $("question").scrollIntoView({ block: "nearest" });
  no.focus();
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
    await send(newHand(line.text, state.table, outbox.items()), typed);
    return;
  }
  const target = correctionOf(line);
  if (!target) return;
  await askCorrection(target, {
    api,
    known: knownHand,
    status: showStatus,
    ask,
    send: (change) => send(change, typed),
  });
}

// The hand a correction means and the text the player saw: `+words` the last hand as the
// mode shows it (pinned when "Correct the last" was tapped), `amend N …` hand N.
function correctionOf(line) {
  if (line.kind === "correct") {
    const last = lastHand();
    const hand = state.mode.kind === "last" ? state.mode : last && { number: last.number, text: last.hand };
    return hand ? { number: hand.number, text: line.words, seen: hand.text } : null;
  }
  const mode = state.mode;
  const seen = mode.kind === "amend" && mode.number === line.number ? mode.text : (knownHand(line.number) || {}).hand;
  return { number: line.number, text: line.text, seen: seen || "" };
}

// The page back to plain entry (the next hand can be typed while this one is sent): a
// correction's mode and its "+" never outlive it.
function enter() {
  setMode({ kind: "new" });
  clearField();
}

// A change into the outbox with its client ids, kept on the phone for good before the page
// says it waits, then the outbox sent. Where the phone cannot keep it, the page says so and
// it stays on the screen (the outbox's list) while the page is open.
async function send(change, typed) {
  enter(); // (at once: what the player types next is never cleared when the phone has kept it)
  store.keepDraft(null).catch(() => {});
  const kept = await outbox.add({ key: newId(), id: newId(), confirm: [], typed, ...change });
  showOutbox();
  if (!kept) showStatus(say("not_kept_now"), "error");
  flush();
}

function showOutbox() {
  renderOutbox($("outbox"), outbox.items(), outbox.durable());
}

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
  // (the hand's number and text go with it: sent late, it takes back no other hand)
  const change = undo(last, say("undo_item"));
  ask(question, [{ label: say("yes_undo"), run: () => send(change) }, { label: say("cancel") }]);
}

function askVoid(number, text) {
  state.openHand = null;
  const seen = text || (knownHand(number) || {}).hand || "";
  const question = say("void_q", { number, text: seen });
  const change = voiding(number, seen, say("void_item", { number }));
  ask(question, [{ label: say("yes_void"), run: () => send(change) }, { label: say("cancel") }]);
}

function setMode(mode) {
  state.mode = mode;
  $("pad").dataset.mode = mode.kind;
  $("mode").hidden = mode.kind === "new";
  if (mode.kind === "amend") {
    $("mode-text").textContent = say("amending", { number: mode.number, text: mode.text });
    $("record").textContent = say("amend_n", { number: mode.number });
  } else if (mode.kind === "last") {
    $("mode-text").textContent = say("correcting_last") + " (" + mode.number + ". " + mode.text + ")";
    $("record").textContent = say("amend_n", { number: mode.number });
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
  const last = lastHand();
  if (!last) return;
  setMode({ kind: "last", number: last.number, text: last.hand }); // (this hand, whatever comes)
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

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState !== "visible") return;
  refresh();
  flush();
});
window.addEventListener("online", () => flush());

// --- wiring ---------------------------------------------------------------------------------

// The page started over `transport`: {api, live(handlers)}; what waited in the phone's
// outbox is sent as soon as the server answers.
export async function startTable(transport) {
  api = transport.api;
  store = await openStore(TABLE);
  outbox = makeOutbox(store);
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
  flush = sender.flush;
  const live = transport.live({
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
  window.addEventListener("pagehide", keepDraft);
  $("stake-form").addEventListener("submit", (event) => event.preventDefault() || loadPanel("final"));
  wireLanguages();
  pad.highlight();
  await outbox.load();
  showOutbox();
  live.start();
  refresh();
  restoreDraft();
  flush();
}
