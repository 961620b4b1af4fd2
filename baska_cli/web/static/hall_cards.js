/* The organiser's page: one table of the round as a card — its number, its state (a mark
   and a word, in the state's colour), the four seats with their totals, who confirmed, who
   disagreed and why, and the buttons of what the organiser may do there (`asks`). Every
   name and note is set as text. */

export function say(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function signed(n) {
  return n > 0 ? "+" + n : String(n);
}

export function card(table, words, asks) {
  const item = el("li", "card s-" + table.status);
  item.dataset.table = table.table;
  item.dataset.status = table.status;
  const head = el("div", "card-head");
  const badge = el("span", "badge s-" + table.status);
  badge.append(el("span", "dot"), el("span", "word", table.word));
  head.append(el("h2", "table-no", say(words.table, { table: table.table })), badge);
  item.append(head);
  const seats = el("ol", "seats");
  table.players.forEach((name, seat) => {
    const li = el("li", table.walked_out.includes(name) ? "gone" : "");
    li.append(el("span", "name", name));
    if (table.walked_out.includes(name)) li.append(el("span", "mark", words.walked_out));
    li.append(el("span", "points", table.totals ? signed(table.totals[seat]) : "–"));
    seats.append(li);
  });
  item.append(seats);
  if (table.confirmed_by.length) {
    item.append(el("p", "note", say(words.confirmed_by, { names: table.confirmed_by.join(", ") })));
  }
  if (table.accepted) item.append(el("p", "note", words.accepted));
  for (const dispute of table.disputes) {
    const line = el("p", "dispute");
    line.append(el("b", "", say(words.disagrees, { player: dispute.player })));
    if (dispute.note) line.append(document.createTextNode(": "), el("q", "", dispute.note));
    item.append(line);
  }
  item.append(actions(table, words, asks));
  return item;
}

function actions(table, words, asks) {
  const row = el("div", "actions row");
  const open = el("a", "button", words.open);
  open.href = table.page;
  row.append(open);
  if (table.status === "waiting" || table.status === "disputed") {
    row.append(button(words.accept, "accept", () => asks.accept(table)));
  }
  if (table.source !== "ledger" && table.status !== "walkout") {
    const correct = table.source === "sheet";
    row.append(button(correct ? words.correct : words.enter, "result", () => asks.result(table, correct)));
  }
  const left = table.players.filter((p) => !table.walked_out.includes(p));
  if (left.length > 1) row.append(button(words.walkout, "walkout", () => asks.walkout(table)));
  for (const name of table.walked_out) {
    row.append(button(say(words.undo_walkout, { name }), "undo-walkout", () => asks.undoWalkout(table, name)));
  }
  const link = el("a", "table-link", words.link);
  link.href = table.link;
  link.target = "_blank";
  link.rel = "noopener";
  row.append(link);
  return row;
}

function button(text, action, onClick) {
  const b = el("button", "small", text);
  b.type = "button";
  b.dataset.action = action;
  b.addEventListener("click", onClick);
  return b;
}
