/* A player's own page: where they sit now ("Round 3: table 17, seat 2" in large type), the
   three others and the table's live totals, their word on the table's result (theirs by the
   key in the page's link), their results round by round and their place. It asks
   /api/v1/me every LOOK ms while shown (an ETag: an unchanged page costs the server no
   body), so a hand or a word reaches it without a reload; a draw at once: the banner's
   stream of the board's events (banner.js, the page's one live connection) tells of each
   round drawn, and the page asks then, again every SOON ms until it holds that round. */

import { pageApi } from "./api.js";
import { $, el, say, signed, wireLanguages } from "./words.js";

const LOOK = 3000; // ms between two looks while the page is shown
const SOON = 500; // ms between two looks while the server has not yet the round drawn
const body = document.body;
const api = pageApi();
const shown = { me: null, tag: null, timer: null, busy: false, drawn: 0 };

function live(on) {
  const badge = $("live");
  badge.textContent = say(on ? "live_on" : "live_off");
  badge.classList.toggle("on", on);
}

function message(text, kind) {
  $("word-message").textContent = text || "";
  $("word-message").className = "status " + (kind || "");
}

function points(value) {
  // place points as the server's exact fraction where it is not whole ("4/3" -> 1.33)
  const text = Number.isInteger(value) ? String(value) : value.toFixed(2);
  return body.dataset.lang === "pl" ? text.replace(".", ",") : text;
}

function where(me) {
  if (me.withdrawn && (!me.round || me.round < me.withdrawn) && me.drawn >= me.withdrawn) {
    return say("withdrawn", { round: me.withdrawn });
  }
  if (!me.round) return say("not_drawn");
  if (!me.table) return say("sits_out", { round: me.round });
  return say("where", { round: me.round, table: me.table, seat: me.seat });
}

function renderTable(me) {
  const state = me.state;
  $("table-now").hidden = !state;
  if (!state) return;
  const status = state.status === "playing"
    ? say("status_playing", { dealt: state.dealt, deals: state.deals })
    : say("status_" + state.status);
  $("table-status").textContent = status;
  $("seats").replaceChildren(
    ...me.players.map((name, i) => {
      const mine = name === me.player;
      const total = me.totals ? signed(me.totals[i]) : "";
      const agreed = state.confirmed_by.includes(name) ? " ✓" : "";
      return el(
        "li",
        { class: mine ? "mine" : "", "data-seat": String(i + 1) },
        el("span", { class: "who" }, say("seat", { seat: i + 1 }) + ": " + me.names[i] + (mine ? " (" + say("you") + ")" : "") + agreed),
        el("span", { class: "total" }, total),
      );
    }),
  );
}

// A player of the table as people read them (the full name), by the name the tables use.
function named(me, player) {
  const seat = me.players.indexOf(player);
  return seat < 0 ? player : me.names[seat];
}

function renderWord(me) {
  const state = me.state;
  const complete = state && ["waiting", "confirmed", "disputed"].includes(state.status);
  $("word").hidden = !complete;
  if (!complete) return;
  $("word").dataset.status = state.status;
  const final = state.status === "confirmed";
  const mine = state.confirmed_by.includes(me.player);
  $("word-ask").hidden = final || mine;
  $("word-help").textContent = final
    ? say(state.accepted ? "accepted" : "final")
    : mine ? say("agreed") : say("check");
  $("word-by").textContent = state.confirmed_by.length
    ? say("confirmed_by", { names: state.confirmed_by.map((name) => named(me, name)).join(", ") })
    : say("nobody_yet");
  $("word-disputes").replaceChildren(
    ...state.disputes.map((d) => {
      const name = named(me, d.player);
      return el("li", {}, d.note ? say("disagrees", { name, note: d.note }) : say("disagrees_bare", { name }));
    }),
  );
}

function resultLine(r) {
  const where = { round: r.round, table: r.table, place: r.place };
  return r.result === "played" ? say("result_place", where) : say("result_" + r.result, where);
}

function renderResults(me) {
  let place = say("no_place");
  if (me.standings_hidden) place = say("place_hidden");
  else if (me.place) place = say("place", { place: me.place });
  else if (me.entered > me.drawn) place = say("enters", { round: me.entered });
  $("place").textContent = place;
  const rows = me.results.map((r) =>
    el(
      "li",
      { "data-round": String(r.round) },
      el("span", { class: "line" }, resultLine(r)),
      " ",
      el("span", { class: "points" }, say("result_points", { points: points(r.place_points), small: signed(r.total) })),
    ),
  );
  $("results").replaceChildren(...rows);
  $("no-results").textContent = rows.length ? "" : say("no_results");
}

function render(me) {
  shown.me = me;
  $("round-of").textContent = me.drawn ? say("round_of", { round: me.drawn, rounds: me.rounds }) : "";
  $("where").textContent = where(me);
  renderTable(me);
  renderWord(me);
  renderResults(me);
}

async function look() {
  clearTimeout(shown.timer);
  try {
    const more = shown.tag ? { "If-None-Match": shown.tag } : {};
    const answer = await api.get("/me", {}, more);
    live(answer.ok || answer.status === 304);
    if (answer.status === 200) {
      shown.tag = answer.headers.get("ETag");
      render(await answer.json());
    }
  } catch (error) {
    live(false);
  }
  const behind = shown.me && shown.me.drawn < shown.drawn; // (the board's news came first)
  clearTimeout(shown.timer); // (one look at a time waits: the news may have asked meanwhile)
  if (document.visibilityState !== "hidden") shown.timer = setTimeout(look, behind ? SOON : LOOK);
}

// The board's news (banner.js): a round drawn that the page does not show yet is asked for.
function heard(news) {
  if (!Number.isInteger(news.round) || news.round <= shown.drawn) return;
  shown.drawn = news.round;
  if (shown.me && shown.me.drawn < news.round) look();
}

async function word(agree) {
  const me = shown.me;
  if (!me || !me.state || shown.busy) return;
  shown.busy = true;
  try {
    const data = { agree, totals: me.state.totals, round: me.round, note: agree ? "" : $("word-note").value };
    const answer = await api.post("/me/confirm", data);
    if (answer.status === 200) {
      shown.tag = null;
      render(answer.json);
      message(say("sent"), "ok");
    } else {
      message(answer.json.error || String(answer.status), "error");
      look();
    }
  } finally {
    shown.busy = false;
  }
}

function start() {
  wireLanguages();
  $("word-agree").addEventListener("click", () => word(true));
  $("word-disagree").addEventListener("click", () => word(false));
  document.addEventListener("baska-news", (event) => heard(event.detail));
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") look();
  });
  look();
}

start();
