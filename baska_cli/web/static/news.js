/* Every phone is told what the others changed, in words: a hand recorded, corrected, taken
   back or voided on another phone ("Zbigniew poprawił(a) rozdanie 8: … → …"), from the
   table's state the event stream brings (its `news`: the latest changes, each with who, from
   which phone, and when). The phone that made a change gets "Undo" for a few seconds, when
   the server answers it (outbox.js tells). Also:
   the name asked once ("Who is entering on this phone?"), and the sheet's who-and-when. */

import { correction, undo } from "./intents.js";
import { author, choose, chosen, phoneId } from "./who.js";
import { $, clock, el, say } from "./words.js";

const UNDO_FOR = 10000; // ms the phone that made a change may take it back with one tap
const SHOWN_FOR = 30000; // ms another phone's change stays told
let seen = null; // the latest change told (null: none heard yet; the page's first look)
let undoTimer = null;
let newsTimer = null;
let telling = []; // the changes the news box tells now

// Who made a change, in words: the name chosen, else "this phone" (this one's), else "".
function who(change) {
  if (change.by) return change.by;
  return change.phone && change.phone === phoneId() ? say("this_phone") : "";
}

// Another phone's change, in words: "{who} corrected hand 8: … → …" (or "Another phone …").
export function told(change) {
  const named = who(change);
  const words = { who: named, number: change.number, old: change.old, new: change.new };
  return say("news_" + change.action + (named ? "" : "_anon"), words);
}

// One line of a hand's history on the sheet: "20:41 Zbigniew: corrected (was …)".
export function logLine(change) {
  const words = { at: clock(change.at), who: who(change) || say("a_phone"), old: change.old };
  return say("log_" + change.action, words);
}

// How a change made on this phone is taken back: a change for the outbox naming the hand as
// the change left it, or null (a void is not taken back by one tap: its hand is amended or
// voided again from the list; an undo is not either: it would record the hand again).
function reverse(change) {
  const number = change.number;
  if (change.action === "hand" && change.new) return undo({ number, hand: change.new }, say("undo_item"));
  if (change.action === "amend" && change.old && change.new) {
    const back = correction(number, change.old, change.new, say("amend_item", { number, text: change.old }));
    return { ...back, confirm: ["stake"] };
  }
  return null;
}

// "Undo" beside this phone's status for a few seconds (gone with the next status).
function offerUndo(change) {
  const back = reverse(change);
  const status = $("status");
  if (!back || !status) return;
  clearTimeout(undoTimer);
  const old = status.querySelector(".undo-this");
  if (old) old.remove();
  const button = el("button", { type: "button", class: "small undo-this" }, say("undo_this"));
  button.addEventListener("click", () => {
    button.remove();
    document.dispatchEvent(new CustomEvent("baska:send", { detail: back }));
  });
  status.append(" ", button);
  undoTimer = setTimeout(() => button.remove(), UNDO_FOR);
}

// Other phones' changes, told in the news box until closed (or for SHOWN_FOR ms); this
// phone's own status, about a hand they changed since, no longer stands.
function tell(changes) {
  const box = $("news");
  if (box.hidden) telling = [];
  telling = [...telling, ...changes].slice(-3); // (the latest three, while the box is open)
  $("news-lines").replaceChildren(...telling.map((change) => el("p", {}, told(change))));
  box.hidden = false;
  clearTimeout(newsTimer);
  newsTimer = setTimeout(() => (box.hidden = true), SHOWN_FOR);
  const status = $("status");
  if (status && !/warn|error/.test(status.className)) status.replaceChildren();
}

// The table's state shown (baska.js tells it): what changed since the last look, told.
function heard(table) {
  const news = (table && table.news) || [];
  const latest = news.length ? news[news.length - 1].seq : 0;
  if (seen === null || latest < seen) {
    seen = latest; // the page's first look (or another ledger's history): nothing to tell
    return;
  }
  const fresh = news.filter((change) => change.seq > seen);
  seen = latest;
  const others = fresh.filter((change) => !change.phone || change.phone !== phoneId());
  if (others.length) tell(others);
}

// This phone's change answered (outbox.js tells it): "Undo" offered for exactly that change.
function answered(json) {
  if (json.action) offerUndo({ action: json.action, number: json.number, old: json.old, new: json.new });
  else if (json.number) offerUndo({ action: "hand", number: json.number, new: json.hand });
}

// The name asked once (optional), and asked again from the help.
function askName(always) {
  const form = $("who");
  if (!form) return;
  const now = chosen();
  if (now.asked && !always) return;
  $("who-name").value = now.name;
  form.hidden = false;
}

function wire() {
  const form = $("who");
  if (form) {
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      choose($("who-name").value);
      form.hidden = true;
      showName();
    });
    $("who-skip").addEventListener("click", () => {
      choose(chosen().name);
      form.hidden = true;
    });
  }
  const change = $("who-change");
  if (change) change.addEventListener("click", () => askName(true));
  $("news-close").addEventListener("click", () => ($("news").hidden = true));
  document.addEventListener("baska:table", (event) => heard(event.detail));
  document.addEventListener("baska:done", (event) => answered(event.detail));
  askName(false);
  showName();
  author(); // (the phone's id made now, before its first change)
}

// The name this phone sends, where the help shows it.
function showName() {
  const shown = $("who-now");
  if (shown) shown.textContent = chosen().name || say("no_name");
}

wire();
