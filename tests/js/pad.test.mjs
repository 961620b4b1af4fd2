// The tapping pad (static/pad.js) on a stand-in document: every tap writes into the field
// the notation a player would type, the rules' buttons are the table's, "⌫" takes back the
// last tap, a hand put in the field to be corrected is replaced by the first tap.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { installPage, make } from "./fakedom.mjs";

const PLB = {
  name: "plb",
  contracts: [
    { short: "zw", name: "zwykła", players: 2, play: "points", contras: ["k", "kr", "krb", "krbh"], kara: false },
    { short: "we", name: "wesele", players: 2, play: "points", contras: ["k", "kr", "krb", "krbh"], kara: false },
    { short: "ci", name: "cicha", players: 1, play: "points", contras: ["k", "kr", "krb", "krbh"], kara: false },
    { short: "gr", name: "gran", players: 1, play: "points", contras: ["k", "kr"], kara: false },
    { short: "ba", name: "baśka", players: 1, play: "none", contras: [], kara: false },
  ],
  contras: ["k", "kr", "krb", "krbh"],
  kara: false,
};
const PLAYERS = ["Ania", "Bartek", "Celina", "Darek"];
const { makePad } = await import("../../baska_cli/web/static/pad.js");

let field;
let mode;

// The table page's pad as its template makes it, wired; `correcting`: a `+words` field.
function pad(correcting = false, corrected = "") {
  const document = installPage({});
  field = make("input", { id: "hand" });
  const chips = PLAYERS.map((name, seat) => make("button", { class: "key chip", "data-seat": seat + 1, "data-name": name }));
  const digits = [..."1234567890/"].map((digit) => make("button", { class: "key digit", "data-digit": digit }));
  document.body.append(
    field,
    make("button", { id: "backspace" }),
    make("div", { class: "contracts" }),
    make("div", { class: "chips" }, ...chips),
    make("div", { class: "digits" }, ...digits),
    make("div", { class: "contras" }),
  );
  mode = { correcting };
  const made = makePad({
    field,
    players: () => PLAYERS,
    rules: PLB,
    correcting: () => mode.correcting,
    corrected: () => corrected,
    changed: () => {},
  });
  made.wire();
  return { made, document };
}

function tap(document, selector) {
  const button = document.querySelector(selector);
  assert.ok(button, `no button ${selector}`);
  button.click();
}

beforeEach(() => installPage({}));

test("the rules' contracts and contras are the pad's buttons", () => {
  const { document } = pad();
  assert.deepEqual(document.querySelectorAll(".contract").map((b) => b.dataset.contract), ["zw", "we", "ci", "gr", "ba"]);
  assert.deepEqual(document.querySelectorAll(".contra").map((b) => b.dataset.contra), ["k", "kr", "krb", "krbh"]);
  assert.equal(document.querySelectorAll(".flag").length, 0); // (plb scores no kara)
});

test("a zwykła in five taps: two players, the points, a contra", () => {
  const { document } = pad();
  tap(document, '[data-seat="1"]');
  tap(document, '[data-seat="3"]');
  tap(document, '[data-digit="6"]');
  tap(document, '[data-digit="1"]');
  tap(document, '[data-contra="k"]');
  assert.equal(field.value, "zw Ania+Celina 61 k");
});

test("a player tapped after a contra names who called it", () => {
  const { document } = pad();
  for (const selector of ['[data-contract="ci"]', '[data-seat="2"]', '[data-digit="7"]', '[data-digit="0"]', '[data-contra="k"]', '[data-seat="1"]']) {
    tap(document, selector);
  }
  assert.equal(field.value, "ci Bartek 70 k:Ania");
});

test("⌫ takes back the last tap", () => {
  const { document } = pad();
  tap(document, '[data-seat="1"]');
  tap(document, '[data-seat="3"]');
  tap(document, '[data-digit="6"]');
  tap(document, "#backspace");
  assert.equal(field.value, "zw Ania+Celina ");
});

test("a hand put in the field to correct it: the first digit replaces its points", () => {
  const { made, document } = pad();
  made.fill("zw Ania+Celina 78");
  tap(document, '[data-digit="8"]');
  assert.equal(field.value, "zw Ania+Celina 8");
});

test("a correction of the last hand writes only the word that changes", () => {
  const { document } = pad(true, "zw Ania+Celina 61");
  field.value = "+";
  tap(document, '[data-contra="k"]');
  assert.equal(field.value, "+k");
});
