/* A tournament table's result confirmed at the table: when the series is complete (or the
   table entered only its final totals), a player taps their name, agrees or disagrees (with
   a note) and types their PIN (on their start card) on big keys: the word is theirs only by
   it (the PIN is sent once, never kept). The page shows who confirmed, and "final" once
   final. The table's final totals alone can be entered too. Looks again whenever the table page shows a change,
   and every few seconds while the table waits for a confirmation from another phone. */

import { newId, pageApi, pageScope } from "./api.js";
import { $, el, sayer, signed } from "./words.js";

const say = sayer("confirm-words");
const body = document.body;
const scope = pageScope();
const api = pageApi();
// ms between two looks while another phone may confirm (waiting, disputed) or enter the
// sheet's totals (not started), a fallback: the event stream tells of every change (of the
// ledger, the paper results, the words, the walk-outs) at once; a page out of sight looks
// again when it is shown
const WAIT = { waiting: 30000, disputed: 30000, new: 60000 };
const shown = { state: null, me: null, timer: null, busy: false, asked: null, pin: "" };
const PIN_DIGITS = 4;

// Who this phone is at this table (a table's key is its round's and table's own).
function placeKey() {
  return "baska-me:" + body.dataset.key + ":" + JSON.stringify(scope);
}

function rememberMe(name) {
  shown.me = name;
  try {
    localStorage.setItem(placeKey(), name);
  } catch (error) {
    /* a private window: remembered for this page only */
  }
}

function recalledMe() {
  try {
    return localStorage.getItem(placeKey());
  } catch (error) {
    return null;
  }
}

function message(text, kind, where) {
  const box = $(where || "confirm-message");
  box.textContent = text || "";
  box.className = "status " + (kind || "");
}

function render(state) {
  if (shown.state && shown.state.status !== state.status) message("", "");
  shown.state = state;
  const complete = ["waiting", "confirmed", "disputed"].includes(state.status);
  $("confirm").hidden = !complete;
  $("final-only").hidden = !(state.dealt === 0 && state.status !== "confirmed" && state.status !== "walkout");
  $("confirm-status").textContent = say("status_" + state.status);
  $("confirm").dataset.status = state.status;
  // a table whose result is confirmed, or fixed otherwise (its paper totals, a walk-out),
  // records no hand: its entry and corrections are put away, and the page says what
  // happened and what comes next (the server's words, those of its refusal)
  const fixed = state.status === "confirmed" || scope.table ? "" : state.refused || "";
  $("confirm-fixed").hidden = !fixed;
  $("confirm-fixed").textContent = fixed;
  for (const part of document.querySelectorAll("section.entry, section.recent > .row")) {
    if (!scope.table) part.hidden = Boolean(state.refused);
  }
  if (!complete) return;
  const final = state.status === "confirmed";
  $("confirm-ask").hidden = final;
  if (final) closePin();
  if (final) $("confirm-help").textContent = state.accepted ? say("accepted") : say("final");
  else if (state.status === "disputed") $("confirm-help").textContent = say("disputed_help");
  else $("confirm-help").textContent = say("check") + " " + say("waiting_side");
  $("confirm-who").textContent = shown.me ? say("you_are", { name: shown.me }) : say("who");
  document.querySelectorAll("#confirm-names button").forEach((button, seat) => {
    const name = button.dataset.name;
    const total = state.totals ? signed(state.totals[seat]) : "";
    button.replaceChildren(el("span", { class: "name" }, name), " ", el("b", {}, total));
    button.setAttribute("aria-pressed", String(name === shown.me));
    button.classList.toggle("agreed", state.confirmed_by.includes(name));
  });
  $("confirm-by").textContent = state.confirmed_by.length
    ? say("confirmed_by", { names: state.confirmed_by.join(", ") })
    : say("nobody_yet");
  $("confirm-disputes").replaceChildren(
    ...state.disputes.map((d) =>
      el("li", {}, d.note ? say("disagrees", { name: d.player, note: d.note }) : say("disagrees_bare", { name: d.player })),
    ),
  );
}

async function look() {
  clearTimeout(shown.timer);
  try {
    render(await api.getJSON("/confirmations"));
  } catch (error) {
    /* no connection: the next change or look tries again */
  }
  const state = shown.state;
  if (state && WAIT[state.status] && document.visibilityState !== "hidden") {
    shown.timer = setTimeout(look, WAIT[state.status]);
  }
}

async function send(path, data, where) {
  if (shown.busy) return;
  shown.busy = true;
  try {
    const answer = await api.post(path, data);
    if (answer.status === 200) {
      render(answer.json);
      message(say("sent"), "ok", where);
    } else {
      message(answer.json.error || String(answer.status), "error", where);
      look();
    }
  } finally {
    shown.busy = false;
  }
}

// The PIN pad: opened by Agree or Disagree for the player tapped; the word goes with the PIN.
function showPin() {
  $("pin-shown").textContent = "•".repeat(shown.pin.length) + "·".repeat(PIN_DIGITS - shown.pin.length);
  document.querySelector('#pin [data-pin="ok"]').disabled = shown.pin.length !== PIN_DIGITS;
}

function closePin() {
  shown.asked = null;
  shown.pin = "";
  $("pin").hidden = true;
}

function word(agree) {
  const state = shown.state;
  if (!state) return;
  if (!shown.me) {
    message(say("pick_name"), "error");
    return;
  }
  shown.asked = { agree, player: shown.me, note: agree ? "" : $("confirm-note").value };
  shown.pin = "";
  $("pin-title").textContent = say("pin_for", { name: shown.me });
  $("pin").hidden = false;
  showPin();
  $("pin").scrollIntoView({ block: "nearest" });
}

function pinKey(key) {
  if (!shown.asked) return;
  if (key === "back") shown.pin = shown.pin.slice(0, -1);
  else if (key === "ok") {
    if (shown.pin.length !== PIN_DIGITS || !shown.state) return;
    const asked = { ...shown.asked, pin: shown.pin, totals: shown.state.totals };
    closePin();
    send("/confirm", asked);
    return;
  } else if (shown.pin.length < PIN_DIGITS) shown.pin += key;
  showPin();
}

function enterFinal(event) {
  event.preventDefault();
  const totals = [1, 2, 3, 4].map((n) => $("final-" + n).value.trim());
  if (!totals.every((t) => /^[+-]?[0-9]+$/.test(t))) {
    message(say("four_totals"), "error", "final-message");
    return;
  }
  send("/result", { totals: totals.map((t) => parseInt(t, 10)), id: newId() }, "final-message");
}

function start() {
  shown.me = recalledMe();
  document.querySelectorAll("#confirm-names button").forEach((button) => {
    button.addEventListener("click", () => {
      rememberMe(button.dataset.name);
      message("", "");
      if (shown.state) render(shown.state);
    });
  });
  document.querySelectorAll("#pin [data-pin]").forEach((button) => {
    button.addEventListener("click", () => pinKey(button.dataset.pin));
  });
  $("pin-cancel").addEventListener("click", closePin);
  $("confirm-agree").addEventListener("click", () => word(true));
  $("confirm-disagree").addEventListener("click", () => word(false));
  $("final-form").addEventListener("submit", enterFinal);
  document.querySelectorAll("#final-form .sign").forEach((button) => {
    button.addEventListener("click", () => {
      const field = $(button.dataset.for);
      const value = field.value.trim();
      field.value = value.startsWith("-") ? value.slice(1) : "-" + value.replace(/^\+/, "");
      field.focus();
    });
  });
  // The table page rewrites its deals line at every change of the ledger: look again then.
  let soon = null;
  new MutationObserver(() => {
    clearTimeout(soon);
    soon = setTimeout(look, 300);
  }).observe($("deals"), { childList: true, characterData: true, subtree: true });
  // A paper result, a player's word or a walk-out changes no ledger: the stream says so.
  document.addEventListener("baska:change", () => {
    clearTimeout(soon);
    soon = setTimeout(look, 300);
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") look();
  });
  look();
}

start();
