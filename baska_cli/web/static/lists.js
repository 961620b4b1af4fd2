/* What the page shows as lists: hands (the last ones, the whole sheet) under the players'
   names, with what can be done to a hand; places; the end of the evening. */

import { logLine } from "./news.js";
import { decimal, el, gainClass, say, signed } from "./words.js";

// The four changes of a hand (and the totals after it) in the players' columns.
export function changesRow(values, totals, extraClass) {
  const row = el("div", { class: "cells " + (extraClass || "") });
  values.forEach((value, seat) => {
    const cell = el("span", { class: "cell " + gainClass(value) }, el("b", {}, signed(value)));
    if (totals) cell.append(el("small", {}, signed(totals[seat])));
    row.append(cell);
  });
  return row;
}

// `actions`: null (a list to read), or {open, toggle(n), amend(n, text), void(n, text)}: a
// tap on a hand opens its buttons.
export function renderHands(list, hands, players, actions) {
  list.replaceChildren();
  if (!hands || !hands.length) {
    list.append(el("li", { class: "empty" }, say("no_hands")));
    return;
  }
  const names = el("li", { class: "names cells", "aria-hidden": "true" });
  for (const name of players) names.append(el("span", { class: "cell" }, name));
  list.append(names);
  for (const hand of hands) {
    const isVoid = hand.status === "void";
    const item = el("li", { class: "hand" + (isVoid ? " void" : ""), "data-number": hand.number });
    const head = el("div", { class: "head" }, el("span", { class: "number" }, hand.number + "."));
    head.append(el("span", { class: "text" }, hand.hand));
    if (isVoid) head.append(el("span", { class: "mark" }, say("void_mark")));
    item.append(head);
    for (const old of hand.replaced || []) item.append(el("div", { class: "replaced" }, old));
    if (hand.changes) item.append(changesRow(hand.changes, hand.totals));
    // the sheet's who and when (GET /api/v1/sheet's `log`: the changes made from phones)
    for (const change of hand.log || []) item.append(el("div", { class: "log" }, logLine(change)));
    if (actions) {
      item.classList.toggle("open", actions.open() === hand.number);
      head.setAttribute("role", "button");
      head.setAttribute("aria-expanded", String(actions.open() === hand.number));
      head.tabIndex = 0;
      head.addEventListener("click", () => {
        actions.toggle(hand.number);
        list.querySelectorAll("li.hand").forEach((li) => {
          const open = Number(li.dataset.number) === actions.open();
          li.classList.toggle("open", open);
          li.querySelector(".head").setAttribute("aria-expanded", String(open));
        });
      });
      const buttons = el("div", { class: "actions row" });
      const amend = el("button", { type: "button", class: "small" }, say("amend"));
      amend.addEventListener("click", () => actions.amend(hand.number, hand.hand));
      buttons.append(amend);
      if (!isVoid) {
        const voidIt = el("button", { type: "button", class: "small" }, say("void"));
        voidIt.addEventListener("click", () => actions.void(hand.number, hand.hand));
        buttons.append(voidIt);
      }
      item.append(buttons);
    }
    list.append(item);
  }
}

export function renderPlaces(table, standings) {
  table.replaceChildren();
  for (const row of standings || []) {
    table.append(
      el(
        "tr",
        {},
        el("td", { class: "place" }, row.place + "."),
        el("td", { class: "who" }, row.player),
        el("td", { class: "sum " + gainClass(row.total) }, signed(row.total)),
      ),
    );
  }
}

// GET /api/v1/final: the final table, who pays whom, and each player's statistics.
export function renderFinal(final, { table, settlement, stats }) {
  renderPlaces(table, final.standings.standings || final.standings);
  settlement.replaceChildren();
  const money = final.settlement || {};
  const transfers = money.transfers || [];
  if (!transfers.length) settlement.append(el("li", {}, say("nobody_pays")));
  for (const t of transfers) {
    // a decimal comma in Polish (4,10 zł); the JSON keeps the amount as it is
    const amount = decimal(t.amount) + " " + (money.currency || "");
    const who = [el("b", {}, t.from), " → ", el("b", {}, t.to), ": " + amount];
    settlement.append(el("li", { title: say("pays") }, ...who));
  }
  stats.replaceChildren();
  for (const p of (final.stats && final.stats.players) || []) {
    const card = el("div", { class: "card" }, el("h3", {}, p.player + " " + signed(p.total)));
    const facts = el("dl", {});
    const fact = (label, value) => facts.append(el("dt", {}, say(label)), el("dd", {}, value));
    fact("hands", p.hands);
    fact("average", decimal(p.average));
    if (p.solos) fact("solos", p.solos.won + "/" + p.solos.played);
    if (p.contras) fact("contras", p.contras.won + "/" + p.contras.given);
    if (p.best) fact("best", signed(p.best.change) + " (" + p.best.n + ".)");
    if (p.worst) fact("worst", signed(p.worst.change) + " (" + p.worst.n + ".)");
    if (p.best_partner) fact("best_partner", p.best_partner.player);
    card.append(facts);
    stats.append(card);
  }
}
