/* The organiser's page: one table of the round as a card — its number, its state (a mark
   and a word, in the state's colour), the four seats with their totals, who confirmed, who
   disagreed and why, and the buttons of what the organiser may do there (`asks`). Every
   name and note is set as text. */

import { el, say, signed } from "./words.js";

export function card(table, asks) {
  const item = el("li", { class: "card s-" + table.status });
  item.dataset.table = table.table;
  item.dataset.status = table.status;
  const head = el("div", { class: "card-head" });
  const badge = el("span", { class: "badge s-" + table.status });
  badge.append(el("span", { class: "dot" }), el("span", { class: "word" }, table.word));
  head.append(el("h2", { class: "table-no" }, say("table", { table: table.table })), badge);
  item.append(head);
  const seats = el("ol", { class: "seats" });
  table.players.forEach((name, seat) => {
    const li = el("li", { class: table.walked_out.includes(name) ? "gone" : "" });
    li.append(el("span", { class: "name", title: table.names[seat] }, name)); // (the full name)
    if (table.walked_out.includes(name)) li.append(el("span", { class: "mark" }, say("walked_out")));
    li.append(el("span", { class: "points" }, table.totals ? signed(table.totals[seat]) : "–"));
    seats.append(li);
  });
  item.append(seats);
  if (table.confirmed_by.length) {
    const names = table.confirmed_by.join(", ");
    item.append(el("p", { class: "note" }, say("confirmed_by", { names })));
  }
  if (table.accepted) item.append(el("p", { class: "note" }, say(table.cut ? "cut" : "accepted", table)));
  if (table.walked_out.length) {
    item.append(el("p", { class: "note" }, say("walked_out_note", { names: table.walked_out.join(", ") })));
  }
  // a paper sheet typed twice (double-entry): the first entry's totals are not shown
  if (table.typed === 1) item.append(el("p", { class: "note" }, say("typed_once")));
  if (table.typed > 1) {
    const entries = table.typed_totals.map((totals) => totals.map((t) => signed(t)).join(" ")).join(" / ");
    item.append(el("p", { class: "dispute" }, say("typed_differ", { entries })));
  }
  for (const dispute of table.disputes) {
    const line = el("p", { class: "dispute" });
    line.append(el("b", {}, say("disagrees", { player: dispute.player })));
    if (dispute.note) line.append(document.createTextNode(": "), el("q", {}, dispute.note));
    item.append(line);
  }
  item.append(actions(table, asks));
  return item;
}

function actions(table, asks) {
  const row = el("div", { class: "actions row" });
  const open = el("a", { class: "button" }, say("open"));
  open.href = table.page;
  row.append(open);
  if (table.status === "waiting" || table.status === "disputed") {
    row.append(button(say("accept"), "accept", () => asks.accept(table)));
  }
  if (table.accept_short) {
    row.append(button(say("accept_short", table), "accept-short", () => asks.acceptShort(table)));
  }
  if (table.source !== "ledger" && table.status !== "walkout") {
    const correct = table.source === "sheet";
    row.append(button(correct ? say("correct") : say("enter"), "result", () => asks.result(table, correct)));
  }
  const left = table.players.filter((p) => !table.walked_out.includes(p));
  if (left.length > 1) row.append(button(say("walkout"), "walkout", () => asks.walkout(table)));
  for (const name of table.walked_out) {
    row.append(button(say("undo_walkout", { name }), "undo-walkout", () => asks.undoWalkout(table, name)));
  }
  const link = el("a", { class: "table-link" }, say("link"));
  link.href = table.link;
  link.target = "_blank";
  link.rel = "noopener";
  row.append(link);
  return row;
}

function button(text, action, onClick) {
  const b = el("button", { class: "small" }, text);
  b.type = "button";
  b.dataset.action = action;
  b.addEventListener("click", onClick);
  return b;
}
